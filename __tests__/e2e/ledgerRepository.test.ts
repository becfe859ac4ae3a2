/**
 * A ledger repository of its own (docs/design/ledger-repository.md), through the bundled action
 * as the runner runs it: the arbiter is `<GITHUB_SERVER_URL>/<owner>/<name>.git`, the step needs
 * no checkout, the code repository gets no refs of ours, and the token reaches git only through
 * its environment. Here the server is a directory of bare repositories behind file:// URLs (git
 * ignores the auth header there); the credential checks run against the testkit's git host.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { runAction, type ActionRun } from '../../scripts/runner.js'
import { startGitHost, type GitHost } from '../../testkit/gitHttpServer.js'
import { exampleEvent } from '../support/events.js'
import { cleanupRepos, git, makeRepo, makeTempDir } from '../support/repo.js'

afterAll(cleanupRepos)

const LEDGER = 'octo-org/dispatch-ledger-state'
const TOKEN = 'ghs_ledgerTokenThatMustNeverBePrinted0001'

/** A server directory whose `<owner>/<name>.git` is an empty bare repository (no branch). */
async function server(): Promise<{ url: string; bare: string }> {
  const root = await makeTempDir()
  const bare = join(root, `${LEDGER}.git`)
  await mkdir(bare, { recursive: true })
  execFileSync('git', ['init', '--quiet', '--bare', bare])
  return { url: pathToFileURL(root).href, bare }
}

function refsOf(dir: string, prefix = 'refs/'): string[] {
  return execFileSync('git', ['for-each-ref', '--format=%(refname)', prefix], { cwd: dir })
    .toString()
    .split('\n')
    .filter(Boolean)
}

async function labeled(options: { repositoryId?: number } = {}) {
  const event = await exampleEvent('issues-labeled.json')
  if (options.repositoryId !== undefined)
    (event.repository as Record<string, unknown>).id = options.repositoryId
  return event
}

async function step(
  host: { url: string },
  run: Partial<ActionRun> & { workspace: string }
): Promise<Awaited<ReturnType<typeof runAction>>> {
  return runAction({
    eventName: 'issues',
    event: await labeled(),
    ...run,
    with: { 'ledger-repository': LEDGER, 'ledger-token': TOKEN, ...run.with },
    env: { GITHUB_SERVER_URL: host.url, ...run.env }
  })
}

describe('admit through a ledger repository, with no checkout at all', () => {
  it('first arrival, re-run, another run, a changed request: the ledger holds it all, the workspace nothing', async () => {
    const host = await server()
    const workspace = await makeTempDir()
    const first = await step(host, { workspace, runId: 501 })
    expect(first.errors).toEqual([])
    expect(first.outputs).toMatchObject({ created: 'true', owner: 'true', store: LEDGER })
    const rerun = await step(host, { workspace, runId: 501, runAttempt: 2 })
    expect(rerun.outputs).toMatchObject({ created: 'false', owner: 'true' })
    expect(rerun.outputs.run_id).toBe(first.outputs.run_id)
    const other = await step(host, { workspace, runId: 502 })
    expect(other.outputs).toMatchObject({ created: 'false', owner: 'false' })
    expect(other.outputs.run_id).toBe(first.outputs.run_id)
    const changed = await step(host, {
      workspace,
      runId: 503,
      with: { request: '{"prompt":"something else"}' }
    })
    expect(changed.code).toBe(1)
    expect(changed.errors.join('\n')).toMatch(/already admitted/)
    // Every ref of ours is in the ledger repository; it has no branch, no tag.
    const held = refsOf(host.bare)
    expect(held.length).toBeGreaterThan(0)
    expect(held.every(ref => ref.startsWith('refs/dispatch-ledger/'))).toBe(true)
    expect(await readdir(workspace)).toEqual([])
  })

  it('a checked-out code repository with an origin gets no ref of ours', async () => {
    const host = await server()
    const origin = await makeTempDir()
    execFileSync('git', ['init', '--quiet', '--bare', origin])
    const workspace = await makeRepo()
    await git(workspace, 'remote', 'add', 'origin', origin)
    const admitted = await step(host, { workspace, runId: 601 })
    expect(admitted.outputs).toMatchObject({ created: 'true', owner: 'true' })
    expect(refsOf(origin)).toEqual([])
    expect(refsOf(workspace, 'refs/dispatch-ledger/')).toEqual([])
    expect(refsOf(host.bare, 'refs/dispatch-ledger/').length).toBeGreaterThan(0)
  })

  it('two code repositories (their own repository ids) share one ledger with no collision', async () => {
    const host = await server()
    const workspace = await makeTempDir()
    const a = await step(host, { workspace, runId: 701, event: await labeled({ repositoryId: 1 }) })
    const b = await step(host, { workspace, runId: 702, event: await labeled({ repositoryId: 2 }) })
    expect(a.outputs).toMatchObject({ created: 'true', owner: 'true' })
    expect(b.outputs).toMatchObject({ created: 'true', owner: 'true' })
    expect(a.outputs.dispatch_key).not.toBe(b.outputs.dispatch_key)
    expect(a.outputs.run_id).toMatch(/^gh-701-/)
    expect(b.outputs.run_id).toMatch(/^gh-702-/)
    const plan = await step(host, {
      workspace,
      action: 'plan',
      eventName: 'schedule',
      event: {},
      with: { 'dispatch-key': a.outputs.dispatch_key as string }
    })
    expect(plan.outputs).toMatchObject({ run_id: a.outputs.run_id, state: 'admitted' })
  })

  it('the token is in no git argv, no file the step leaves, and no output but ::add-mask::', async () => {
    const host = await server()
    const workspace = await makeTempDir()
    const runnerTemp = await makeTempDir()
    // A git first on PATH that records its argv, then runs the real one.
    const shims = await makeTempDir()
    const argvLog = join(shims, 'argv.log')
    const realGit = execFileSync('sh', ['-c', 'command -v git']).toString().trim()
    await writeFile(
      join(shims, 'git'),
      `#!/bin/sh\nprintf '%s\\n' "$*" >> '${argvLog}'\nexec '${realGit}' "$@"\n`
    )
    await chmod(join(shims, 'git'), 0o755)
    const result = await step(host, {
      workspace,
      runId: 801,
      env: { PATH: `${shims}:${process.env.PATH}`, RUNNER_TEMP: runnerTemp }
    })
    expect(result.outputs).toMatchObject({ created: 'true', owner: 'true' })
    const argv = await readFile(argvLog, 'utf8')
    expect(argv).toMatch(/fetch|push/)
    const encoded = Buffer.from(`x-access-token:${TOKEN}`).toString('base64')
    for (const secret of [TOKEN, encoded]) {
      expect(argv).not.toContain(secret)
      for (const file of await filesUnder(runnerTemp)) {
        expect({ file, held: (await readFile(file)).includes(secret) }).toEqual({
          file,
          held: false
        })
      }
      const printed = (result.stdout + result.stderr)
        .split('\n')
        .filter(line => !line.startsWith('::add-mask::'))
        .join('\n')
      expect(printed).not.toContain(secret)
      expect(result.summary).not.toContain(secret)
      expect(Object.values(result.outputs).join('\n')).not.toContain(secret)
    }
    expect(result.stdout).toContain(`::add-mask::${TOKEN}`)
    // The cache is a repository of its own under RUNNER_TEMP, with no remote in its config.
    const configs = (await filesUnder(runnerTemp)).filter(f => f.endsWith('/config'))
    expect(configs.length).toBeGreaterThan(0)
    for (const config of configs) expect(await readFile(config, 'utf8')).not.toMatch(/remote|url/)
  })

  it('a stale lock a killed git left in the job’s cache does not fail the next step: the cache is made again', async () => {
    const host = await server()
    const workspace = await makeTempDir()
    const runnerTemp = await makeTempDir()
    const first = await step(host, { workspace, runId: 811, env: { RUNNER_TEMP: runnerTemp } })
    expect(first.outputs).toMatchObject({ created: 'true', owner: 'true' })
    const root = join(runnerTemp, 'dispatch-ledger')
    const [cache] = await readdir(root)
    const dir = join(root, cache as string)
    // What gits killed mid-fetch and mid-update leave: the shallow file's lock, packed-refs'
    // and every ref's.
    await writeFile(join(dir, 'shallow.lock'), '')
    await writeFile(join(dir, 'packed-refs.lock'), '')
    for (const ref of refsOf(dir, 'refs/')) await writeFile(join(dir, `${ref}.lock`), '')
    // Another job (a cache of its own) admits another issue; this job's next step meets that
    // admission, so its fetch brings new commits into the cache the locks are in.
    const event = await labeled()
    ;(event.issue as { number: number }).number += 1
    const elsewhere = { RUNNER_TEMP: await makeTempDir() }
    const other = await step(host, { workspace, runId: 900, event, env: elsewhere })
    expect(other.outputs).toMatchObject({ created: 'true', owner: 'true' })
    const next = await step(host, {
      workspace,
      runId: 812,
      event,
      env: { RUNNER_TEMP: runnerTemp }
    })
    expect(next.errors).toEqual([])
    expect(next.outputs).toMatchObject({ created: 'false', run_id: other.outputs.run_id })
    expect(await readdir(dir)).not.toContain('shallow.lock')
    expect(await readdir(root)).toEqual([cache])
  }, 60_000)

  it('ledger-repository without a token fails naming ledger-token, and writes nothing', async () => {
    const host = await server()
    const workspace = await makeTempDir()
    const result = await step(host, {
      workspace,
      runId: 901,
      with: { 'ledger-token': '' },
      env: { GITHUB_TOKEN: '' }
    })
    expect(result.code).toBe(1)
    expect(result.errors.join('\n')).toMatch(/`ledger-token`.*contents: write on octo-org/)
    expect(refsOf(host.bare)).toEqual([])
  })

  it('a ledger-repository that is not owner/name is an input error', async () => {
    const host = await server()
    const result = await step(host, {
      workspace: await makeTempDir(),
      with: { 'ledger-repository': 'https://github.com/octo-org/x' }
    })
    expect(result.code).toBe(1)
    expect(result.errors.join('\n')).toMatch(/ledger-repository input must be empty or owner\/name/)
    expect(refsOf(host.bare)).toEqual([])
  })
})

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) out.push(join(entry.parentPath, entry.name))
  return out
}

describe('through an authenticated git host, as GitHub checks credentials', () => {
  const CODE = 'octo-org/octo-repo'
  const READ_ONLY = 'ghs_readOnlyLedgerToken000000000000000002'
  const CODE_TOKEN = 'ghs_codeRepositoryToken00000000000000003'
  let host: GitHost
  beforeAll(async () => {
    host = await startGitHost({
      repositories: {
        [LEDGER]: { tokens: { [TOKEN]: 'write', [READ_ONLY]: 'read' } },
        [CODE]: { tokens: { [CODE_TOKEN]: 'write' } }
      }
    })
  })
  afterAll(async () => host.close())

  const hosted = (run: Partial<ActionRun> & { workspace: string }) =>
    step({ url: host.serverUrl }, run)

  it('admit, replay, duplicate and conflict: every push to the ledger, none to the code repository', async () => {
    host.resetCounts()
    // A checkout of the code repository, with its own origin on the same host.
    const workspace = await makeRepo()
    await git(workspace, 'remote', 'add', 'origin', host.repoUrl(CODE))
    const first = await hosted({ workspace, runId: 1501 })
    expect(first.errors).toEqual([])
    expect(first.outputs).toMatchObject({ created: 'true', owner: 'true', store: LEDGER })
    expect(host.counts(LEDGER).pushes).toBe(1)
    const rerun = await hosted({ workspace, runId: 1501, runAttempt: 2 })
    expect(rerun.outputs).toMatchObject({ created: 'false', owner: 'true' })
    const other = await hosted({ workspace, runId: 1502 })
    expect(other.outputs).toMatchObject({ created: 'false', owner: 'false' })
    const changed = await hosted({
      workspace,
      runId: 1503,
      with: { request: '{"prompt":"something else"}' }
    })
    expect(changed.code).toBe(1)
    // The replay, the duplicate and the conflict push nothing.
    expect(host.counts(LEDGER).pushes).toBe(1)
    expect(host.counts(CODE).total).toBe(0)
    expect(refsOf(host.bareDir(CODE))).toEqual([])
    expect(refsOf(host.bareDir(LEDGER)).every(r => r.startsWith('refs/dispatch-ledger/'))).toBe(
      true
    )
  })

  it.each([
    ['a token the host does not know', 'ghs_notAToken00000000000000000000000000'],
    ['a token of another repository', CODE_TOKEN],
    ['a token that may only read', READ_ONLY]
  ])(
    '%s: the step fails naming ledger-token and contents: write, writing nothing',
    async (_, token) => {
      const before = refsOf(host.bareDir(LEDGER))
      const result = await hosted({
        workspace: await makeTempDir(),
        runId: 1601,
        // A key nobody admitted yet, so the step must push (a read-only token may still answer
        // a duplicate: that only reads, and claims nothing).
        event: await labeled({ repositoryId: 99 }),
        with: { 'ledger-token': token }
      })
      expect(result.code).toBe(1)
      const message = result.errors.join('\n')
      expect(message).toMatch(new RegExp(`ledger repository ${LEDGER} refused`))
      expect(message).toMatch(
        /`ledger-token` needs `contents: write` on octo-org\/dispatch-ledger-state/
      )
      expect(message).toMatch(/404 both for a repository that does not exist/)
      for (const line of (result.stdout + result.stderr).split('\n'))
        if (!line.startsWith('::add-mask::')) expect(line).not.toContain(token)
      expect(refsOf(host.bareDir(LEDGER))).toEqual(before)
    }
  )
})
