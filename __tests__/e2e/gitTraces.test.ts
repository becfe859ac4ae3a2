/**
 * Git's own diagnostics change nothing (docs/design/writers.md#gits-own-diagnostics): with
 * GIT_TRACE, GIT_TRACE_PACKET, GIT_TRACE2, GIT_TRACE2_PERF, GIT_TRACE_CURL and GIT_CURL_VERBOSE
 * printing to stderr, or the traces sent to files, the same workload through every bundled
 * action — admit, record (one that archives), a second generation, effect's tag, preview, plan,
 * scan, a one-step dispatch, recover on a coordinator's workflow_run and operate, the last two
 * against the fake GitHub API — over smart HTTP gives the outputs a run without them gives, and
 * so do the command line's status, show, verify and key. An error quotes a bounded excerpt of
 * git, never the trace, never the token, however much git (or a server's hook) says.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PROJECT_ROOT, runAction, type ActionResult, type ActionRun } from '../../scripts/runner.js'
import { start, type FakeGitHub } from '../../testkit/fakeGitHub/client.js'
import {
  makeBareRemote,
  startGitHttpServer,
  type GitHttpServer
} from '../../testkit/gitHttpServer.js'
import { buildLedger, type BuiltLedger } from '../support/cliLedger.js'
import { installHook, workspace } from '../support/effects.js'
import { exampleEvent } from '../support/events.js'
import { commentEvent } from '../support/operator.js'
import { cleanupRepos, makeTempDir } from '../support/repo.js'

const run = promisify(execFile)
const CLI = join(PROJECT_ROOT, 'dist', 'cli', 'index.js')
/** The longest ::error:: line the product may print (its message and git's bounded excerpt). */
const ERROR_LINE_LIMIT = 2000
/** How much a server's hook says when it refuses a push (far past the bound). */
const HOOK_SAYS = 5000

const servers: GitHttpServer[] = []
const fakes: FakeGitHub[] = []
afterAll(async () => {
  await Promise.all(servers.map(server => server.close()))
  await Promise.all(fakes.map(fake => fake.stop()))
  await cleanupRepos()
})

const TO_STDERR = {
  GIT_TRACE: '1',
  GIT_TRACE_PACKET: '1',
  GIT_TRACE_SETUP: 'true',
  GIT_TRACE_CURL: '2',
  GIT_TRACE2: '1',
  GIT_TRACE2_PERF: '2',
  GIT_CURL_VERBOSE: '1'
}

async function toFiles(): Promise<Record<string, string>> {
  const dir = await makeTempDir()
  return {
    GIT_TRACE: join(dir, 'trace'),
    GIT_TRACE_PACKET: join(dir, 'packet'),
    GIT_TRACE_CURL: join(dir, 'curl'),
    GIT_TRACE2: join(dir, 'trace2'),
    GIT_TRACE2_PERF: join(dir, 'perf'),
    GIT_TRACE2_EVENT: join(dir, 'event'),
    GIT_TRACE_REDACT: '0'
  }
}

interface Built {
  readonly ledger: BuiltLedger
  /** The other actions' steps, run on the same ledger after it was built. */
  readonly more: readonly ActionResult[]
  readonly server: GitHttpServer
  readonly env: Record<string, string>
}

/**
 * One ledger per variant, each with a fake GitHub API of its own (a fresh one numbers its
 * workflow runs alike, so every variant's outputs can be compared).
 */
async function build(env: Record<string, string>): Promise<Built> {
  const server = await startGitHttpServer()
  servers.push(server)
  const gh = await start({ users: { alice: { id: 501, permission: 'write' } } })
  fakes.push(gh)
  const origin = { dir: server.bareDir, url: server.url, cleanup: async () => {} }
  const ledger = await buildLedger({ origin, env })
  return { ledger, more: await everyOtherAction(ledger, gh, env), server, env }
}

/**
 * Each action buildLedger does not run, once, in the same clone: preview, plan, scan, a
 * one-step dispatch (driver command), recover on a failed coordinator's workflow_run (it asks
 * the fake to re-run it) and an operator's cancel (authorized through the fake).
 */
async function everyOtherAction(
  ledger: BuiltLedger,
  gh: FakeGitHub,
  env: Record<string, string>
): Promise<ActionResult[]> {
  const steps: ActionResult[] = []
  const step = async (run: Omit<ActionRun, 'workspace'>): Promise<ActionResult> => {
    const result = await runAction({
      workspace: ledger.clone,
      ...run,
      with: { remote: 'origin', ...run.with },
      env: { GITHUB_REPOSITORY_ID: '123456789', ...gh.env, GITHUB_TOKEN: gh.token, ...env }
    })
    steps.push(result)
    return result
  }
  const labeled = await exampleEvent('issues-labeled.json')
  ;(labeled.issue as { number: number }).number = 43
  await step({ action: 'preview', eventName: 'issues', event: labeled, runId: 601 })
  const schedule = { eventName: 'schedule', event: { schedule: '*/5 * * * *' } }
  await step({ action: 'plan', ...schedule, runId: 602, with: { 'run-id': ledger.runs.waiting } })
  await step({ action: 'scan', ...schedule, runId: 603 })
  // One step: it admits the key its event derives, then sends.
  const another = await exampleEvent('issues-labeled.json')
  ;(another.issue as { number: number }).number = 44
  await step({
    action: 'dispatch',
    eventName: 'issues',
    event: another,
    runId: 604,
    with: { driver: 'command', run: `echo '{"job":"j-604"}'` }
  })
  // A coordinator that admitted its run and failed before dispatching: recover re-runs it.
  const coordinator = Number((await gh.addRun({ workflow: 'agent.yml', event: 'issues' })).id)
  await step({
    eventName: 'workflow_dispatch',
    event: await exampleEvent('workflow_dispatch.json'),
    runId: coordinator,
    with: { 'dispatch-key': 'traces/coordinator' }
  })
  const failed = await exampleEvent('workflow_run-failure.json')
  Object.assign(failed.workflow_run as object, { id: coordinator, run_attempt: 1 })
  await step({ action: 'recover', eventName: 'workflow_run', event: failed, runId: 605 })
  await step({
    action: 'operate',
    eventName: 'issue_comment',
    event: commentEvent(`/ledger cancel ${ledger.runs.waiting}`, { id: 9601, login: 'alice' }),
    runId: 606,
    with: { reply: 'false' }
  })
  return steps
}

/**
 * Text without what depends on when it ran: git ids of commits and tags (they hold the time
 * they were made), times and ages.
 */
function timeless(text: string): string {
  return (
    text
      .replace(/\b[0-9a-f]{40}\b/g, '<oid>')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
      .replace(/"age_seconds": \d+/g, '"age_seconds": 0')
      .replace(/\b\d+ ?(s|m|h|d)\b/g, '<age>')
      // Digests of records, which hold their times; a table's widths follow its ages.
      .replace(/sha256:[0-9a-f]{64}/g, 'sha256:<digest>')
      .replace(/ {2,}/g, '  ')
  )
}

/** What each step said. */
function said(built: Built) {
  return [...built.ledger.steps, ...built.more].map(step =>
    timeless(
      JSON.stringify({
        code: step.code,
        outputs: step.outputs,
        errors: step.errors,
        warnings: step.stdout.split('\n').filter(line => line.startsWith('::warning'))
      })
    )
  )
}

/** Every `::error::` line a step printed is within the bound. */
function errorLinesBounded(built: Built): void {
  for (const step of [...built.ledger.steps, ...built.more])
    for (const line of step.stdout.split('\n').filter(l => l.startsWith('::error::')))
      expect(line.length).toBeLessThanOrEqual(ERROR_LINE_LIMIT)
}

async function cli(args: string[], built: Built) {
  const env = {
    ...process.env,
    NO_COLOR: '1',
    COLUMNS: '400',
    XDG_CACHE_HOME: await makeTempDir(),
    ...built.env
  }
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      cwd: built.ledger.clone,
      env
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/** The command line's answers over one ledger, ages and the arbiter's address left out. */
async function answers(built: Built) {
  const { runs } = built.ledger
  const event = join(await makeTempDir(), 'event.json')
  await writeFile(event, JSON.stringify(built.ledger.labeled))
  const commands = [
    ['status', '--all', '--json'],
    ['status', '--all'],
    ['show', runs.archived, '--json'],
    ['show', runs.generation2],
    ['show', runs.observing, '--mermaid'],
    ['verify'],
    ['key', event, '--event-name', 'issues']
  ]
  const out = []
  for (const args of commands) {
    const answer = await cli(args, built)
    out.push({
      command: args[0],
      code: answer.code,
      stdout: timeless(answer.stdout.replaceAll(built.server.url, '<origin>')),
      stderr: answer.stderr
    })
  }
  return out
}

describe('git traces on, to stderr or to files', () => {
  let plain: Built | undefined

  it('the workload gives the same outputs, warnings and command-line answers as without them', async () => {
    plain = await build({})
    const traced = await build(TO_STDERR)
    const filed = await build(await toFiles())
    // Every action ran and did what it does: the same answers, traced or not.
    expect(plain.more.map(step => step.code)).toEqual([0, 0, 0, 0, 0, 0, 0])
    expect(plain.more.map(step => step.outputs)).toEqual([
      expect.objectContaining({ recovery_action: 'admit', created: 'false' }),
      expect.objectContaining({ run_id: plain.ledger.runs.waiting }),
      expect.objectContaining({ runs: expect.stringContaining(plain.ledger.runs.waiting) }),
      expect.objectContaining({ sent: 'true', submission_state: 'submitted' }),
      expect.objectContaining({ owner: 'true' }),
      expect.objectContaining({ rerun_requested: 'true' }),
      expect.objectContaining({ verb: 'cancel', outcome: 'applied', state: 'cancelled' })
    ])
    expect(said(traced)).toEqual(said(plain))
    expect(said(filed)).toEqual(said(plain))
    for (const built of [plain, traced, filed]) errorLinesBounded(built)
    const base = await answers(plain)
    expect(base.every(answer => answer.code === 0)).toBe(true)
    expect(await answers(traced)).toEqual(base)
    expect(await answers(filed)).toEqual(base)
    // A trace sent to a file is still written, with credentials redacted whatever was asked.
    const trace = await readFile(filed.env.GIT_TRACE_PACKET as string, 'utf8')
    expect(trace).toMatch(/packet:/)
    expect(await readFile(filed.env.GIT_TRACE2 as string, 'utf8')).toMatch(/\bversion\b/)
    expect(await readFile(filed.env.GIT_TRACE2_PERF as string, 'utf8')).toMatch(/\| cmd_name /)
  }, 300_000)

  it('an error with traces on quotes a bounded excerpt of git, never the trace or the token', async () => {
    const token = 'ghs_traceTokenThatMustNeverBePrinted0001'
    const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`
    const base = plain ?? (await build({}))
    base.server.refuseWrites(true)
    const refused = await runAction({
      workspace: base.ledger.clone,
      eventName: 'workflow_dispatch',
      event: { inputs: {}, repository: { id: 123456789 } },
      runId: 777,
      with: { 'dispatch-key': 'traces/refused', remote: 'origin' },
      env: {
        ...TO_STDERR,
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: `http.${base.server.url}.extraheader`,
        GIT_CONFIG_VALUE_0: header
      }
    }).finally(() => base.server.refuseWrites(false))
    expect(refused.code).toBe(1)
    expect(refused.errors.length).toBeGreaterThan(0)
    for (const line of refused.errors) {
      expect(line.length).toBeLessThanOrEqual(ERROR_LINE_LIMIT)
      // git's own refusal, not the first line of a trace.
      expect(line).toMatch(
        /refused to let this job write refs \(remote: Permission to repo.git denied/
      )
      expect(line).not.toMatch(/\d\d:\d\d:\d\d\.\d{6} |packet:|trace: |Authorization: [^*]/i)
      expect(line).not.toContain(token)
    }
    const encoded = header.split(' ')[2] as string
    expect(refused.stdout + refused.stderr).not.toContain(token)
    expect(refused.stdout + refused.stderr).not.toContain(encoded)
  }, 120_000)

  it('a server hook that prints 5,000 characters: the error names the refusal in a bounded line', async () => {
    const origin = await makeBareRemote()
    await installHook(
      origin.dir,
      'pre-receive',
      `cat >/dev/null; printf 'policy: %s\\n' "$(head -c ${HOOK_SAYS} /dev/zero | tr '\\0' x)" >&2; exit 1`
    )
    const { dir } = await workspace(origin.url)
    for (const env of [{}, TO_STDERR]) {
      const refused = await runAction({
        workspace: dir,
        eventName: 'workflow_dispatch',
        event: { inputs: {}, repository: { id: 123456789 } },
        runId: 778,
        with: { 'dispatch-key': 'traces/hooked', remote: 'origin' },
        env
      })
      expect(refused.code).toBe(1)
      const lines = refused.stdout.split('\n').filter(line => line.startsWith('::error::'))
      expect(lines.length).toBeGreaterThan(0)
      for (const line of lines) {
        expect(line.length).toBeLessThanOrEqual(ERROR_LINE_LIMIT)
        // What refused it, and the start of what the hook said.
        expect(line).toMatch(/rejected the push \(.*pre-receive hook declined.*remote: policy: xxx/)
      }
    }
    await origin.cleanup()
  }, 120_000)
})
