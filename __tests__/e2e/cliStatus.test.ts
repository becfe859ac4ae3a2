/**
 * `dispatch-ledger status` as an operator relies on it (docs/cli.md#status), from the committed
 * bundle: it never hides a run it could not read (a deleted ledger ref is listed with its
 * problem, and status exits 1 as verify does), it lists the operations held for an operator,
 * its table fits the width it is given, and its filters, --version and its errors say what
 * they mean.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFile, spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { effect } from '../../src/commands/effect.js'
import { ledgerRef } from '../../src/core/refs.js'
import { PROJECT_ROOT, runAction } from '../../scripts/runner.js'
import { start, type FakeGitHub } from '../../testkit/fakeGitHub/client.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { buildLedger, type BuiltLedger } from '../support/cliLedger.js'
import { exampleEvent } from '../support/events.js'
import { RELEASE_OP, releaseDeps, releaseRequest } from '../support/releases.js'
import { cleanupRepos, git, makeTempDir } from '../support/repo.js'
import { workspace } from '../support/effects.js'
import { writeDeps, writeRequest } from '../support/writes.js'

const run = promisify(execFile)
const CLI = join(PROJECT_ROOT, 'dist', 'cli', 'index.js')
const NS = 'refs/dispatch-ledger'

async function cli(args: string[], options: { cwd: string; env?: Record<string, string> }) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      cwd: options.cwd,
      env: {
        ...process.env,
        NO_COLOR: '1',
        RUNNER_TEMP: home,
        TMPDIR: home,
        XDG_CACHE_HOME: home,
        ...options.env
      }
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

let ledger: BuiltLedger
let home: string
let gh: FakeGitHub
let pull: { html_url: string }
const PULL_OP = writeRequest('pull-request').operation_id
const COMMENT_OP = writeRequest('comment').operation_id

beforeAll(async () => {
  ledger = await buildLedger()
  home = await makeTempDir()
  // A release whose answer was lost and cannot be looked up (a draft): held `unknown`.
  gh = await start()
  const { dir, head } = await workspace(ledger.origin.url)
  await gh.fault('createRelease', { kind: 'late-commit', answer: 'error', commitAfterMs: 1200 })
  const held = await effect(releaseRequest(head, { draft: true }), releaseDeps(dir, gh))
  expect(held.state).toBe('unknown')
  // Another actor's open pull request on the same head and base: GitHub's fence refuses ours,
  // and the lookup finds theirs: `conflict`.
  pull = await gh.addPull({ head: 'agent/issue-7', base: 'main', body: 'by hand' })
  const pr = await effect(writeRequest('pull-request'), writeDeps(dir, gh))
  expect(pr.state).toBe('conflict')
  // A comment whose answer was lost and that commits only after the lookup: `unknown`.
  await gh.fault('createComment', { kind: 'late-commit', answer: 'error', commitAfterMs: 1200 })
  const comment = await effect(writeRequest('comment'), writeDeps(dir, gh))
  expect(comment.state).toBe('unknown')
}, 120_000)

afterAll(async () => {
  await gh?.stop()
  await ledger?.origin.cleanup()
  await cleanupRepos()
})

/** A node older than 24 on PATH (outside node_modules), or null. */
function olderNode(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir.includes('node_modules')) continue
    const candidate = join(dir, 'node')
    const found = spawnSync(candidate, ['--version'], { encoding: 'utf8' })
    if (found.status === 0 && Number(/^v(\d+)/.exec(found.stdout)?.[1]) < 24) return candidate
  }
  return null
}

const widest = (text: string) => Math.max(...text.split('\n').map(line => [...line].length))

describe('status', () => {
  it('--version prints the package version', async () => {
    const { version } = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8'))
    const result = await cli(['--version'], { cwd: ledger.clone })
    expect(result).toMatchObject({ code: 0, stdout: `dispatch-ledger ${version}\n` })
  })

  it.each([80, 120])('fits %i columns (COLUMNS, as for a pipe)', async columns => {
    const result = await cli(['status'], { cwd: ledger.clone, env: { COLUMNS: String(columns) } })
    expect(result.code).toBe(0)
    expect(widest(result.stdout)).toBeLessThanOrEqual(columns)
    const header = result.stdout.split('\n')[0] as string
    expect(header).toMatch(/^RUN ID\s+DISPATCH KEY\s+STATE/)
    // Every run id whole, so `show <run id>` can be copied from it.
    expect(result.stdout).toContain(ledger.runs.waiting)
  })

  it('unfitted (a wide COLUMNS) the same table is wider than 120: the fitting is what keeps it in', async () => {
    const result = await cli(['status'], { cwd: ledger.clone, env: { COLUMNS: '1000' } })
    expect(widest(result.stdout)).toBeGreaterThan(120)
  })

  it('--state, --key and --limit filter the runs', async () => {
    const rows = async (...args: string[]) => {
      const result = await cli(['status', '--json', ...args], { cwd: ledger.clone })
      expect(result.code).toBe(0)
      return (JSON.parse(result.stdout) as { runs: Array<{ run_id: string }> }).runs.map(
        r => r.run_id
      )
    }
    // Ended states too: both cancelled runs, and no other.
    expect((await rows('--state', 'cancelled')).sort()).toEqual(
      [ledger.runs.ended, ledger.runs.generation1].sort()
    )
    expect(await rows('--key', 'cli/waiting')).toEqual([ledger.runs.waiting])
    expect((await rows('--key', 'cli/*')).sort()).toEqual(
      [ledger.runs.observing, ledger.runs.waiting, ledger.runs.archived].sort()
    )
    expect(await rows('--limit', '1')).toHaveLength(1)
    const text = await cli(['status', '--limit', '1'], {
      cwd: ledger.clone,
      env: { COLUMNS: '200' }
    })
    expect(text.stdout).toMatch(/\(3 more: raise --limit to list them\)/)
    const bad = await cli(['status', '--limit', '0'], { cwd: ledger.clone })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--limit "0" is not a whole number of runs/)
  })

  it('lists an operation held unknown for an operator, with the verb that settles it; show names it too', async () => {
    const json = await cli(['status', '--json'], { cwd: ledger.clone })
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout).operations).toContainEqual(
      expect.objectContaining({ operation_id: RELEASE_OP, kind: 'release', state: 'unknown' })
    )
    const text = await cli(['status'], { cwd: ledger.clone, env: { COLUMNS: '400' } })
    expect(text.stdout).toMatch(/^OPERATIONS HELD FOR AN OPERATOR$/m)
    expect(text.stdout).toContain(`${RELEASE_OP}  release  unknown\n`)
    expect(text.stdout).toContain(`/ledger resolve-effect ${RELEASE_OP} committed <release id>`)
    const shown = await cli(['show', RELEASE_OP], { cwd: ledger.clone })
    expect(shown.code).toBe(0)
    expect(shown.stdout).toMatch(/^state\s+unknown, record \d+$/m)
    expect(shown.stdout).toMatch(/^an operator must\s+its outcome is unknown/m)
  })

  it('lists a pull request in conflict with the reason recorded with it, and a comment unknown with its verb', async () => {
    const json = await cli(['status', '--json'], { cwd: ledger.clone })
    expect(json.code).toBe(0)
    const { operations } = JSON.parse(json.stdout) as { operations: Array<{ next: string }> }
    expect(operations).toHaveLength(3)
    const conflictNext =
      'this pull request is in conflict: listed 1 pull requests from agent/issue-7; 0 carry our ' +
      `marker; ${pull.html_url} is open and not ours. Nothing more is sent for it: look at what ` +
      'that names, deal with it by hand, and give the step a new operation-id if the pull ' +
      'request must still be made'
    const unknownNext =
      'its outcome is unknown: find out whether it happened, then comment ' +
      `\`/ledger resolve-effect ${COMMENT_OP} committed <comment id>\` or ` +
      `\`/ledger resolve-effect ${COMMENT_OP} not-committed\``
    expect(operations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          operation_id: PULL_OP,
          kind: 'pull-request',
          state: 'conflict',
          next: conflictNext,
          error: null
        }),
        expect.objectContaining({
          operation_id: COMMENT_OP,
          kind: 'comment',
          state: 'unknown',
          next: unknownNext,
          error: null
        })
      ])
    )
    // Never the words of another state: nothing here was prepared for another intent.
    expect(json.stdout).not.toMatch(/another intent/)
    const text = await cli(['status'], { cwd: ledger.clone, env: { COLUMNS: '1000' } })
    expect(text.stdout).toContain(`${PULL_OP}  pull-request  conflict\n  ${conflictNext}\n`)
    expect(text.stdout).toContain(`${COMMENT_OP}  comment  unknown\n  ${unknownNext}\n`)
    const shown = await cli(['show', PULL_OP], { cwd: ledger.clone, env: { COLUMNS: '1000' } })
    expect(shown.code).toBe(0)
    expect(shown.stdout).toMatch(/^state\s+conflict, record \d+$/m)
    expect(shown.stdout).toMatch(/^an operator must\s+this pull request is in conflict: listed 1/m)
  })

  it('runs on an older Node than the 24 the project develops with (docs/cli.md says 20)', async () => {
    const old = olderNode()
    if (old === null) return // no older node on this machine: the claim is checked where there is
    const { stdout } = await run(old, ['--version'])
    expect(Number(/^v(\d+)/.exec(stdout)?.[1])).toBeGreaterThanOrEqual(20)
    const result = await run(old, [CLI, 'status', '--json'], {
      cwd: ledger.clone,
      env: { ...process.env, RUNNER_TEMP: home, TMPDIR: home, XDG_CACHE_HOME: home }
    })
    expect(JSON.parse(result.stdout).runs.length).toBeGreaterThan(0)
  })

  it('a directory that is not a clone says so', async () => {
    const result = await cli(['status'], { cwd: await makeTempDir() })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/ is not a git clone \(.*\)\. Run dispatch-ledger inside a clone/)
  })

  // Last: it deletes a ledger ref at the origin.
  it('a run whose ledger ref was deleted is listed with its problem and status exits 1; show says what is wrong', async () => {
    const { observing } = ledger.runs
    await git(ledger.origin.dir, 'update-ref', '-d', ledgerRef(NS, observing))
    const text = await cli(['status'], { cwd: ledger.clone, env: { COLUMNS: '400' } })
    expect(text.code).toBe(1)
    const line = text.stdout.split('\n').find(l => l.startsWith(observing))
    expect(line).toMatch(
      /ledger missing\s+the admission \S+ admits run \S+, whose ledger \S+ does not exist/
    )
    expect(text.stdout).toMatch(/1 entry could not be read .*dispatch-ledger verify/)
    for (const args of [
      ['status', '--json'],
      ['status', '--all', '--json'],
      ['status', '--state', 'cancelled', '--json']
    ]) {
      const json = await cli(args, { cwd: ledger.clone })
      expect(json.code).toBe(1)
      expect(JSON.parse(json.stdout).runs).toContainEqual(
        expect.objectContaining({
          run_id: observing,
          state: null,
          error: expect.stringMatching(/does not exist/)
        })
      )
    }
    const shown = await cli(['show', observing], { cwd: ledger.clone })
    expect(shown.code).toBe(1)
    expect(shown.stderr).toMatch(
      new RegExp(`Run ${observing} cannot be read: the admission .* does not exist`)
    )
    const verify = await cli(['verify'], { cwd: ledger.clone })
    expect(verify.code).toBe(1)
  })
})

describe('status of a run whose receiver works', () => {
  it('shows the receiver’s workflow run, not the coordinator’s, in the row and the JSON', async () => {
    // The fake starts a receiver for every dispatch: the bundled admit step in its own clone,
    // which admits its key and confirms itself in the coordinator's ledger.
    const origin = await makeBareRemote()
    const api = await start({ origin: origin.url })
    try {
      const { dir } = await workspace(origin.url)
      const coordinatorRun = 8801
      const sent = await runAction({
        workspace: dir,
        action: 'dispatch',
        eventName: 'issues',
        event: await exampleEvent('issues-labeled.json'),
        runId: coordinatorRun,
        with: {
          driver: 'workflow',
          workflow: 'agent.yml',
          inputs: '{"issue":"42"}',
          remote: 'origin'
        },
        env: { ...api.env, GITHUB_TOKEN: api.token, GITHUB_REF: 'refs/heads/main' }
      })
      expect(sent.code).toBe(0)
      const runId = sent.outputs.run_id as string
      const [receiver] = await api.working()
      const receiverRun = Number(receiver!.run_id)
      expect(receiverRun).not.toBe(coordinatorRun)
      const json = await cli(['status', '--json'], { cwd: dir })
      expect(json.code).toBe(0)
      const row = (
        JSON.parse(json.stdout) as {
          runs: Array<{ run_id: string; recovery_action: string; workflow_run_url: string }>
        }
      ).runs.find(r => r.run_id === runId)
      expect(row?.recovery_action).toBe('observe_provider')
      expect(row?.workflow_run_url).toMatch(new RegExp(`/actions/runs/${receiverRun}$`))
      const text = await cli(['status'], { cwd: dir, env: { COLUMNS: '400' } })
      const line = text.stdout.split('\n').find(l => l.startsWith(runId))
      expect(line).toMatch(new RegExp(`observe_provider .*/actions/runs/${receiverRun}\\s*$`))
      expect(line).not.toContain(`/actions/runs/${coordinatorRun}`)
    } finally {
      await api.stop()
      await origin.cleanup()
    }
  }, 120_000)
})
