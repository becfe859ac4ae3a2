import { parseLogical } from '../../src/core/index/layout.js'
/**
 * Shared utilities for the effect tests (docs/design/effects.md): a workspace with a commit to tag, the
 * intent and request for a tag, what the arbiter holds, server-side hooks, and a Git whose
 * N-th push is killed with a real SIGKILL (after which the "process" runs no more git).
 */
import { existsSync } from 'node:fs'
import { chmod, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { effect, type EffectDeps, type EffectRequest } from '../../src/commands/effect.js'
import {
  intentDigest,
  operationRef,
  textDigest,
  type Intent
} from '../../src/core/effect/operation.js'
import { systemClock } from '../../src/commands/deps.js'
import { Git } from '../../src/store/git.js'
import { tagStoreFor } from '../../src/store/tagStore.js'
import { LocalStore } from '../../src/store/localStore.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import { entryAt, git, makeRepo, makeTempDir, refsUnder } from './repo.js'

export const NS = 'refs/dispatch-ledger'
export const MESSAGE = 'Release v1.2.3'

/** A job's checkout: one commit, origin at url (or no remote). */
export async function workspace(url: string | null): Promise<{ dir: string; head: string }> {
  const dir = await makeRepo()
  await git(dir, 'commit', '-q', '--allow-empty', '-m', 'release candidate')
  if (url) await git(dir, 'remote', 'add', 'origin', url)
  return { dir, head: (await git(dir, 'rev-parse', 'HEAD')).trim() }
}

/** Every clone shares the same commit: copy it from the first workspace. */
export async function cloneOf(url: string, from: string): Promise<string> {
  const dir = await makeRepo()
  await git(dir, 'remote', 'add', 'origin', url)
  await git(dir, 'fetch', '-q', from, 'main:refs/remotes/job/main')
  return dir
}

export function tagIntent(target: string, tag = 'v1.2.3', message = MESSAGE): Intent {
  return {
    repository_id: '123456789',
    kind: 'tag',
    tag_ref: `refs/tags/${tag}`,
    target,
    message_digest: textDigest(message),
    release: null
  }
}

export function tagRequest(
  target: string,
  options: { id?: string; tag?: string; message?: string } = {}
): EffectRequest {
  const message = options.message ?? MESSAGE
  return {
    namespace: NS,
    operation_id: options.id ?? 'gh-501-f282f34c55fc/tag/v1.2.3',
    intent: tagIntent(target, options.tag, message),
    message,
    release_body: '',
    writer: null
  }
}

/**
 * The writer of the i-th of several concurrent steps: each is a workflow run of its own, as
 * concurrent deliveries are, so their records differ even when written in the same millisecond.
 */
export function stepWriter(i: number): NonNullable<EffectRequest['writer']> {
  return {
    github_run_id: String(9000 + i),
    run_attempt: 1,
    workflow_ref: 'octo/repo/.github/workflows/agent.yml@refs/heads/main'
  }
}

export function storeFor(dir: string, options: { git?: Git; remote?: boolean } = {}): EffectDeps {
  const g = options.git ?? new Git(dir)
  const store = options.remote === false ? new LocalStore(g) : new RemoteStore(g, 'origin')
  return { store, tags: tagStoreFor(store), clock: systemClock }
}

export async function runTag(
  dir: string,
  target: string,
  options: Parameters<typeof tagRequest>[1] = {}
) {
  return effect(tagRequest(target, options), storeFor(dir))
}

/** What a repository (the arbiter) holds for an operation: its tag and its journal head. */
export async function held(
  repo: string,
  request: EffectRequest
): Promise<{
  tag: string | null
  state: string | null
  tag_object: string | null
  records: number
}> {
  const ref = operationRef(request.namespace, request.operation_id)
  const intent = request.intent
  const tag = await rev(
    repo,
    intent.kind === 'branch' ? intent.branch_ref : 'tag_ref' in intent ? intent.tag_ref : ''
  )
  const head = await rev(repo, ref)
  if (!head) return { tag, state: null, tag_object: null, records: 0 }
  const entry = (await entryAt(repo, ref)) as {
    state: string
    sequence: number
    result: { tag_object: string | null } | null
  }
  return {
    tag,
    state: entry.state,
    tag_object: entry.result?.tag_object ?? null,
    records: entry.sequence
  }
}

async function rev(repo: string, ref: string): Promise<string | null> {
  if (parseLogical(ref)) return (await refsUnder(repo, ref))[ref] ?? null
  const out = await git(repo, 'for-each-ref', '--format=%(objectname)', ref)
  return out.trim() || null
}

/** docs/design/effects.md's invariant: the tag exists exactly when the journal says committed, with that object. */
export function agrees(h: Awaited<ReturnType<typeof held>>): boolean {
  const committed = h.state === 'terminal_committed'
  return committed
    ? h.tag !== null && h.tag === h.tag_object
    : h.tag === null || h.state === 'conflict'
}

/** How many tags the arbiter holds (exactly one is the goal). */
export async function tagCount(repo: string): Promise<number> {
  return (await git(repo, 'for-each-ref', 'refs/tags/')).split('\n').filter(Boolean).length
}

export async function installHook(bare: string, name: string, script: string): Promise<void> {
  const path = join(bare, 'hooks', name)
  await writeFile(path, `#!/bin/sh\n${script}\n`)
  await chmod(path, 0o755)
}

/** A pre-receive hook refusing every tag: what a protected-tag rule does. */
export const PROTECT_TAGS =
  'while read old new ref; do case "$ref" in refs/tags/*) echo "protected tag $ref" >&2; exit 1;; esac; done; exit 0'

/** A pre-receive hook that says it started, then holds the push for a moment. */
export async function slowHook(bare: string): Promise<string> {
  const dir = await makeTempDir()
  const marker = join(dir, 'started')
  await installHook(bare, 'pre-receive', `touch '${marker}'; sleep 1; cat >/dev/null; exit 0`)
  return marker
}

/**
 * A Git whose `killAt`-th push is killed with SIGKILL — at once, or once the server's slow
 * hook has started (the server is then mid-push) — and which runs nothing afterwards, as a
 * killed process would not.
 */
export class KillingGit extends Git {
  pushes = 0
  dead = false

  constructor(
    cwd: string,
    private readonly killAt: { push: number; when: 'spawn' | 'hook'; marker?: string }
  ) {
    super(cwd)
  }

  override start(args: readonly string[]): ChildProcessWithoutNullStreams {
    if (this.dead) throw new Error('killed: this process runs no more git')
    const child = super.start(args)
    if (!args.includes('push')) return child
    this.pushes++
    if (this.pushes !== this.killAt.push) return child
    this.dead = true
    if (this.killAt.when === 'spawn') child.kill('SIGKILL')
    else {
      const marker = this.killAt.marker as string
      const timer = setInterval(() => {
        if (!existsSync(marker) && child.exitCode === null) return
        clearInterval(timer)
        child.kill('SIGKILL')
      }, 10)
    }
    return child
  }
}

export { intentDigest }
