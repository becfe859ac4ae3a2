/**
 * A writer killed inside its bucket push (docs/design/arbiter.md, "Ambiguous pushes"), with
 * real processes and a real SIGKILL: testkit/admitChild.ts admits one key through the remote
 * store and is killed
 *
 * - before its push starts (it SIGKILLs itself as the push is about to begin);
 * - while the server is inside the ref update: a reference-transaction hook on the bare remote
 *   holds the transaction at `prepared` (refs locked, nothing visible) and tells the test, which
 *   kills the client's whole process group; the server then commits or aborts;
 * - after the server applied the update but before the client heard: the same hook holds at
 *   `committed`, so the report never reaches the client.
 *
 * Then the same admission runs again, as a workflow re-run does (same run id, same event, a
 * fresh job), and must be attributed from what the remote holds: when the killed push landed
 * the re-run finds its own objects there (created=false, owner=true) and writes nothing; when
 * it did not, the re-run creates (created=true). Either way one admission and one ledger, and
 * the other key of the same bucket is untouched. Over file:// and smart HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { admit } from '../../src/commands/admit.js'
import { readRun } from '../../src/commands/readRun.js'
import { digestOf, sha256Hex } from '../../src/core/canonical.js'
import { bucketOf } from '../../src/core/index/layout.js'
import { admissionRef, ledgerRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import {
  bothTransports,
  startGitHttpServer,
  type GitHttpServer
} from '../../testkit/gitHttpServer.js'
import { firstRecord } from '../../testkit/fixtures.js'
import { keysInBuckets } from '../../testkit/layout.js'
import {
  cleanupRepos,
  git,
  makeRepo,
  makeTempDir,
  physicalRefs,
  refsUnder
} from '../support/repo.js'

const NS = 'refs/dispatch-ledger'
const CHILD = join(dirname(fileURLToPath(import.meta.url)), '../../testkit/admitChild.ts')
/** The child's request digest (its --digest default), so the re-run asks for the same thing. */
const DIGEST = digestOf({ test: 'killed-push' })
const RUN = 'run-killed'
const NEIGHBOUR_RUN = 'run-neighbour'

afterAll(cleanupRepos)

let server: GitHttpServer
beforeAll(async () => {
  server = await startGitHttpServer()
})
afterAll(async () => server.close())

const first = (runId: string, key: string) =>
  firstRecord({ run_id: runId, dispatch_key: key, request_digest: DIGEST })

/**
 * A fresh job's checkout. Over file:// the receiving git is started by the client's own push,
 * so it would die with the client's process group; on a real remote the server is another
 * machine. setsid puts it in a session of its own, so killing the client leaves it running.
 */
async function clone(url: string): Promise<string> {
  const dir = await makeRepo()
  await git(dir, 'remote', 'add', 'origin', url)
  if (url.startsWith('file:'))
    await git(dir, 'config', 'remote.origin.receivepack', 'setsid -w git receive-pack')
  return dir
}

const remoteIn = (dir: string) => new RemoteStore(new Git(dir), 'origin')

/**
 * A reference-transaction hook that acts only on the transaction creating `watched` (our
 * ledger ref: only the admission's push creates it). With `<ctl>/hold` naming a state
 * (`prepared` or `committed`) it touches `<ctl>/held` there and waits for `<ctl>/release`;
 * at `prepared`, `<ctl>/abort` makes the server abort the update. Every state it sees is
 * recorded as `<ctl>/<state>`, so the test knows what the server did before it re-runs.
 */
async function installHook(bare: string, ctl: string, watched: string): Promise<void> {
  const hook = join(bare, 'hooks', 'reference-transaction')
  await writeFile(
    hook,
    [
      '#!/bin/sh',
      `ctl='${ctl}'`,
      'grep -q " ' + watched + '$" || exit 0',
      'touch "$ctl/$1"',
      'if [ "$(cat "$ctl/hold" 2>/dev/null)" = "$1" ]; then',
      '  touch "$ctl/held"',
      '  i=0',
      '  while [ ! -f "$ctl/release" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done',
      '  if [ "$1" = prepared ] && [ -f "$ctl/abort" ]; then exit 1; fi',
      'fi',
      'exit 0',
      ''
    ].join('\n')
  )
  await chmod(hook, 0o755)
}

async function until(what: string, test: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}

interface Child {
  readonly pid: number
  readonly stdout: () => string
  readonly ended: () => boolean
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** The admission as its own process group (node, and the git it starts), as a runner's job. */
function startChild(repo: string, key: string, flags: string[]): Child {
  const child = spawn(
    process.execPath,
    [CHILD, '--repo', repo, '--key', key, '--run-id', RUN, ...flags],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true }
  )
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  let ended = false
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(resolve =>
    child.on('close', (code, signal) => {
      ended = true
      resolve({ code, signal })
    })
  )
  return { pid: child.pid as number, stdout: () => out + err, ended: () => ended, exited }
}

type Kill = 'before the push' | 'inside the ref update' | 'after the update, unheard'

interface Scenario {
  readonly kill: Kill
  /** What the server does with the update once the client is dead. */
  readonly server: 'commits' | 'aborts' | 'never sees it'
  readonly landed: boolean
}

const SCENARIOS: readonly Scenario[] = [
  { kill: 'before the push', server: 'never sees it', landed: false },
  { kill: 'inside the ref update', server: 'aborts', landed: false },
  { kill: 'inside the ref update', server: 'commits', landed: true },
  { kill: 'after the update, unheard', server: 'commits', landed: true }
]

describe.each(bothTransports(() => server))(
  'a writer SIGKILLed inside its bucket push, over %s',
  (_name, makeRemote) => {
    it.each(SCENARIOS)(
      'killed $kill (the server $server): the re-run is attributed by what the remote holds',
      async ({ kill, server: fate, landed }) => {
        const { url, bare } = await makeRemote()
        for (const ref of Object.keys(await physicalRefs(bare, 'refs/')))
          await git(bare, 'update-ref', '-d', ref)
        // The key and a neighbour that shares its bucket, admitted before by another job.
        const [key, neighbour] = (await keysInBuckets(['a7'], { count: 2, prefix: 'killed' })) as [
          string,
          string
        ]
        await admit(remoteIn(await clone(url)), {
          namespace: NS,
          first_record: first(NEIGHBOUR_RUN, neighbour)
        })
        const neighbourRefs = await refsUnder(bare)
        expect(Object.keys(neighbourRefs).sort()).toEqual(
          [admissionRef(NS, neighbour), ledgerRef(NS, NEIGHBOUR_RUN)].sort()
        )

        const ctl = await makeTempDir()
        await installHook(bare, ctl, ledgerRef(NS, RUN))
        try {
          if (kill !== 'before the push')
            await writeFile(
              join(ctl, 'hold'),
              kill === 'inside the ref update' ? 'prepared' : 'committed'
            )
          if (fate === 'aborts') await writeFile(join(ctl, 'abort'), '')
          const child = startChild(
            await clone(url),
            key,
            kill === 'before the push' ? ['--kill-before-push'] : []
          )
          if (kill !== 'before the push') {
            await until('the server to hold the update', () => {
              // A child that ended on its own never reached the push: say what it printed.
              if (child.ended()) throw new Error(`the child ended first: ${child.stdout()}`)
              return existsSync(join(ctl, 'held'))
            })
            process.kill(-child.pid, 'SIGKILL')
          }
          const exit = await child.exited
          expect({ exit, out: child.stdout() }).toMatchObject({ exit: { signal: 'SIGKILL' } })
          // The killed writer never heard an answer: it reported nothing.
          expect(child.stdout()).not.toContain('"result"')
          if (kill === 'before the push') expect(child.stdout()).not.toContain('pushing')
          else {
            await writeFile(join(ctl, 'release'), '')
            await until('the server to finish the update', () =>
              ['committed', 'aborted'].some(state => existsSync(join(ctl, state)))
            )
          }
        } finally {
          await rm(join(bare, 'hooks', 'reference-transaction'), { force: true })
        }

        // What the remote holds after the kill, seen by the test directly.
        const held = await refsUnder(bare)
        expect(held[admissionRef(NS, key)] !== undefined).toBe(landed)
        // Atomic: the admission and its ledger landed together, or neither did.
        expect(held[ledgerRef(NS, RUN)] !== undefined).toBe(landed)

        // The re-run: a fresh job, the same admission.
        const rerunDir = await clone(url)
        const rerun = await admit(remoteIn(rerunDir), {
          namespace: NS,
          first_record: first(RUN, key)
        })
        expect(rerun).toMatchObject({
          created: !landed,
          recorded: !landed,
          owner: true,
          admission: { run_id: RUN, dispatch_key: key, generation: 1 }
        })
        if (landed) {
          // Nothing was written: the remote holds exactly what the killed push left.
          expect(await refsUnder(bare)).toEqual(held)
        }

        // One admission (no second generation) and one ledger of one record, ours.
        const after = await refsUnder(bare)
        expect(Object.keys(after).sort()).toEqual(
          [
            admissionRef(NS, key),
            admissionRef(NS, neighbour),
            ledgerRef(NS, RUN),
            ledgerRef(NS, NEIGHBOUR_RUN)
          ].sort()
        )
        const { chain } = await readRun(remoteIn(await clone(url)), NS, {
          by: 'run_id',
          run_id: RUN
        })
        expect(chain.map(entry => entry.value)).toEqual([first(RUN, key)])
        // The neighbour of the same bucket is untouched.
        for (const [ref, oid] of Object.entries(neighbourRefs)) expect(after[ref]).toBe(oid)
        expect(bucketOf(sha256Hex(key))).toBe(bucketOf(sha256Hex(neighbour)))
        await git(bare, 'fsck', '--strict', '--no-dangling')
      },
      120_000
    )
  }
)
