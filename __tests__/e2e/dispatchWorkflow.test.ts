/**
 * `command: dispatch` with driver `workflow` and `command: recover` end to end (docs/design/dispatch.md, docs/design/recovery.md):
 * the bundled action, run as the runner runs it, against the fake GitHub API (§14) and a real
 * smart-HTTP origin. Every receiver the fake starts is the bundled action admitting its own
 * workflow_dispatch event in its own clone, so "exactly one working receiver" is the real
 * fence, counted by the fake, not by the code under test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runAction, withAction, type ActionResult } from '../../scripts/runner.js'
import { ledgerRef } from '../../src/core/refs.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { start, type FakeGitHub, type Fault } from '../../testkit/fakeGitHub/client.ts'
import { responseViolations } from '../../testkit/fakeGitHub/openapiCheck.ts'
import { exampleEvent } from '../support/events.js'
import { commentEvent } from '../support/operator.js'
import { startGitHttpServer, type GitHttpServer } from '../../testkit/gitHttpServer.js'
import { cleanupRepos, entryAt, git, makeRepo, makeTempDir, headOf } from '../support/repo.js'

let origin: GitHttpServer
let gh: FakeGitHub
beforeAll(async () => {
  origin = await startGitHttpServer()
  gh = await start({ origin: origin.url })
})
afterEach(async () => {
  await gh.settled(60000)
  // Whatever the fake answered in a test must still be GitHub's shape.
  expect(responseViolations(await gh.exchanges())).toEqual([])
  await gh.reset()
})
afterAll(async () => {
  await gh?.stop()
  await origin?.close()
  await cleanupRepos()
})

/** Each test works on its own issue number, so its key and run ids are its own. */
let nextIssue = 100
let nextRunId = 7000

interface Coordinator {
  workspace: string
  event: Record<string, unknown>
  runId: number
  step(
    withInputs: Record<string, string>,
    options?: { attempt?: number; env?: Record<string, string> }
  ): Promise<ActionResult>
  admit(attempt?: number): Promise<ActionResult>
  dispatch(options?: {
    attempt?: number
    killAt?: string
    with?: Record<string, string>
    env?: Record<string, string>
  }): Promise<ActionResult>
}

async function coordinator(runId = nextRunId++): Promise<Coordinator> {
  const workspace = await makeRepo()
  await git(workspace, 'remote', 'add', 'origin', origin.url)
  const event = await exampleEvent('issues-labeled.json')
  ;(event.issue as { number: number }).number = nextIssue++
  const step: Coordinator['step'] = (withInputs, options = {}) =>
    runAction({
      workspace,
      eventName: 'issues',
      event,
      runId,
      runAttempt: options.attempt ?? 1,
      ...withAction(withInputs),
      env: { ...gh.env, GITHUB_TOKEN: gh.token, GITHUB_REF: 'refs/heads/main', ...options.env }
    })
  return {
    workspace,
    event,
    runId,
    step,
    admit: attempt => step({}, { attempt }),
    dispatch: (options = {}) =>
      step(
        {
          action: 'dispatch',
          driver: 'workflow',
          workflow: 'receiver.yml',
          inputs: '{"issue":"42"}',
          'timeout-seconds': '10',
          ...options.with
        },
        {
          attempt: options.attempt,
          env: {
            ...options.env,
            ...(options.killAt ? { DISPATCH_LEDGER_TEST_KILL_AT: options.killAt } : {})
          }
        }
      )
  }
}

/** The run's ledger as the origin holds it, oldest first. */
async function ledgerAtOrigin(runId: string): Promise<LedgerRecord[]> {
  const ref = ledgerRef('refs/dispatch-ledger', runId)
  const oids = (
    await git(origin.bareDir, 'rev-list', '--reverse', await headOf(origin.bareDir, ref))
  )
    .split('\n')
    .filter(Boolean)
  return Promise.all(oids.map(async oid => (await entryAt(origin.bareDir, oid)) as LedgerRecord))
}

const shape = (records: LedgerRecord[]) =>
  records.map(r =>
    [r.state, r.attempt?.number ?? '-', r.provider?.submission_state ?? '-'].join(' ')
  )

/**
 * What a log reader could see: the runner consumes `::add-mask::` (how @actions/core's
 * setSecret registers the token) and never shows it.
 */
function visible(result: ActionResult): string {
  const shown = (text: string) =>
    text
      .split('\n')
      .filter(line => !line.startsWith('::add-mask::'))
      .join('\n')
  return [
    shown(result.stdout),
    shown(result.stderr),
    result.summary,
    JSON.stringify(result.outputs)
  ].join('\n')
}

function expectOk(result: ActionResult): void {
  expect({ code: result.code, errors: result.errors }).toEqual({ code: 0, errors: [] })
}

describe('driver workflow: the happy path', () => {
  it('one POST, one receiver that owns its key, admitted → intent → submitted', async () => {
    const c = await coordinator()
    const admitted = await c.admit()
    expectOk(admitted)
    const result = await c.dispatch()
    expectOk(result)
    expect(result.outputs).toMatchObject({
      owner: 'true',
      sent: 'true',
      submission_state: 'submitted',
      recovery_action: 'observe_provider'
    })
    expect(await gh.count('dispatch')).toBe(1)
    const working = await gh.working()
    expect(working).toHaveLength(1)
    // Before its receiver admitted, the step names no run: a run the POST returned is a
    // candidate; the receiver may also have confirmed itself first.
    if (result.outputs.receiver_confirmed !== 'true')
      expect(result.outputs).toMatchObject({ receiver_confirmed: 'false', workflow_run_id: '' })

    const runId = admitted.outputs.run_id as string
    const ledger = await ledgerAtOrigin(runId)
    // The coordinator's own answer is there when it landed before the receiver's admission.
    expect(shape(ledger)).toEqual([
      'admitted - -',
      'dispatched 1 not_submitted',
      ...(ledger.length === 4 ? ['dispatched 1 submitted'] : []),
      'dispatched 1 submitted'
    ])
    // The coordinator computed the key the real receiver derived and admitted, by itself.
    const intentIds = ledger[1]?.provider?.external_ids
    expect(intentIds?.receiver_key).toBe(working[0]?.admit?.dispatch_key)
    expect(working[0]?.admit?.owner).toBe('true')
    // The receiver confirmed itself in the same write as its admission: the last record is
    // its own, naming its own workflow run (docs/design/dispatch.md#the-receiver-confirms-itself).
    const confirmation = ledger.at(-1) as LedgerRecord
    expect(confirmation.writer?.github_run_id).toBe(String(working[0]?.run_id))
    expect(confirmation.provider?.external_ids).toMatchObject({
      receiver_confirmed: 'true',
      receiver_run_id: working[0]?.admit?.run_id,
      workflow_run_id: String(working[0]?.run_id)
    })
    // Every other record names the coordinator's workflow run.
    for (const record of ledger.slice(0, -1))
      expect(record.writer?.github_run_id).toBe(String(c.runId))

    // Safe to call again (a later step, a re-run): it observes, sends nothing, writes nothing.
    const again = await c.dispatch({ attempt: 2 })
    expectOk(again)
    expect(again.outputs).toMatchObject({
      sent: 'false',
      submission_state: 'submitted',
      receiver_confirmed: 'true',
      workflow_run_id: String(working[0]?.run_id)
    })
    expect(again.outputs.workflow_run_url).toMatch(/^https:\/\//)
    expect(await ledgerAtOrigin(runId)).toHaveLength(ledger.length)
    expect(await gh.count('dispatch')).toBe(1)
  })

  it('another workflow run selecting from the event sends nothing and succeeds (owner=false)', async () => {
    const c = await coordinator()
    expectOk(await c.admit())
    const other = await coordinator()
    Object.assign(other.event, c.event)
    other.event.issue = c.event.issue
    const result = await other.dispatch()
    expectOk(result)
    expect(result.outputs).toMatchObject({ owner: 'false', sent: 'false', recovery_action: 'none' })
    expect(await gh.count('dispatch')).toBe(0)
  })
})

/** The dispatch POST's fault modes (§14) besides the plain accept, with what each must end as. */
const FAULT_CASES: Array<[string, Fault, { ends: string; working: number }]> = [
  ['commit, then 500', { kind: 'commit-then-error' }, { ends: 'submitted', working: 1 }],
  [
    'commit, then 502',
    { kind: 'commit-then-error', status: 502 },
    { ends: 'submitted', working: 1 }
  ],
  [
    'commit, then the connection drops',
    { kind: 'commit-then-drop' },
    { ends: 'submitted', working: 1 }
  ],
  ['500 without commit', { kind: 'error' }, { ends: 'submitted', working: 1 }],
  ['429 without commit', { kind: 'error', status: 429 }, { ends: 'submitted', working: 1 }],
  [
    'late commit after a 500',
    { kind: 'late-commit', answer: 'error', commitAfterMs: 300 },
    { ends: 'submitted', working: 1 }
  ],
  [
    'late commit after a dropped connection',
    { kind: 'late-commit', answer: 'drop', commitAfterMs: 300 },
    { ends: 'submitted', working: 1 }
  ],
  [
    'late commit after no answer (the timeout)',
    { kind: 'late-commit', answer: 'hang', commitAfterMs: 300 },
    { ends: 'submitted', working: 1 }
  ],
  ['two runs for one dispatch', { kind: 'duplicate' }, { ends: 'submitted', working: 1 }],
  ['refused 403', { kind: 'refuse', status: 403 }, { ends: 'definite_failure', working: 0 }],
  ['refused 404', { kind: 'refuse', status: 404 }, { ends: 'definite_failure', working: 0 }],
  ['refused 422', { kind: 'refuse', status: 422 }, { ends: 'definite_failure', working: 0 }]
]

describe('every fault mode of §14 on the dispatch POST', () => {
  it.each(FAULT_CASES)(
    '%s: exactly one working receiver (none for a refusal), ≤ 2 POSTs',
    async (_name, fault, expected) => {
      const c = await coordinator()
      const admitted = await c.admit()
      await gh.fault('dispatch', fault)
      const result = await c.dispatch({
        with:
          fault.kind === 'late-commit' && fault.answer === 'hang' ? { 'timeout-seconds': '2' } : {}
      })
      const posts = await gh.count('dispatch')
      expect(posts).toBeGreaterThanOrEqual(1)
      expect(posts).toBeLessThanOrEqual(2)
      expect(await gh.working()).toHaveLength(expected.working)
      const ledger = await ledgerAtOrigin(admitted.outputs.run_id as string)
      expect(ledger.at(-1)?.provider?.submission_state).toBe(expected.ends)
      if (expected.ends === 'submitted') {
        expectOk(result)
        expect(result.outputs.sent).toBe('true')
      } else {
        expect(result.code).toBe(1)
        expect(ledger.at(-1)?.state).toBe('attempt_failed')
        expect(ledger.at(-1)?.failure?.retryable).toBe(false)
        expect(posts).toBe(1)
        if (fault.kind === 'refuse' && fault.status === 403)
          expect(result.errors.join('\n')).toMatch(/permissions: actions: write/)
      }
    }
  )
})

describe('the coordinator SIGKILLed at every step boundary, then re-run', () => {
  it.each(['before-intent', 'after-intent', 'after-send', 'after-outcome'])(
    'killed %s: the re-run leaves exactly one working receiver',
    async boundary => {
      const c = await coordinator()
      const admitted = await c.admit()
      const killed = await c.dispatch({ killAt: boundary })
      expect(killed.signal).toBe('SIGKILL')
      // The re-run: same GITHUB_RUN_ID, next attempt; admit replays, dispatch acts on the plan.
      const replay = await c.admit(2)
      expectOk(replay)
      expect(replay.outputs).toMatchObject({ created: 'false', owner: 'true' })
      const rerun = await c.dispatch({ attempt: 2 })
      expectOk(rerun)
      expect(rerun.outputs.submission_state).toBe('submitted')
      expect(await gh.working()).toHaveLength(1)
      expect(await gh.count('dispatch')).toBeLessThanOrEqual(2)
      const ledger = await ledgerAtOrigin(admitted.outputs.run_id as string)
      expect(ledger.at(-1)?.provider?.submission_state).toBe('submitted')
      expect(ledger.every(r => (r.attempt?.number ?? 1) === 1)).toBe(true)
    }
  )
})

describe('one-step dispatch: no admit step (the quick start)', () => {
  /** Pushes that reached the origin (receive-pack POSTs) while `body` ran, receivers included. */
  async function pushesDuring(body: () => Promise<void>): Promise<number> {
    await gh.settled(60000)
    const before = origin.counts().pushes
    await body()
    await gh.settled(60000)
    return origin.counts().pushes - before
  }

  it('admits and dispatches in one step: ≤ 3 pushes in all, the receiver named with no later step', async () => {
    const c = await coordinator()
    let result: ActionResult | undefined
    const pushes = await pushesDuring(async () => {
      result = await c.dispatch()
    })
    const done = result as ActionResult
    expectOk(done)
    expect(done.outputs).toMatchObject({
      owner: 'true',
      created: 'true',
      recorded: 'true',
      conflict: 'false',
      generation: '1',
      sent: 'true',
      submission_state: 'submitted'
    })
    expect(done.outputs.admission_ref).toMatch(/^refs\/dispatch-ledger\/admissions\/[0-9a-f]{64}$/)
    const working = await gh.working()
    expect(working).toHaveLength(1)
    expect(await gh.count('dispatch')).toBe(1)
    // Coordinator: admission with intent, answer; receiver: admission with confirmation.
    expect(pushes).toBeLessThanOrEqual(3)
    const ledger = await ledgerAtOrigin(done.outputs.run_id as string)
    expect(shape(ledger).slice(0, 2)).toEqual(['admitted - -', 'dispatched 1 not_submitted'])
    expect(ledger.at(-1)?.provider?.external_ids).toMatchObject({
      receiver_confirmed: 'true',
      workflow_run_id: String(working[0]?.run_id)
    })

    // An exact replay (a re-run of the same workflow run): nothing sent, nothing pushed.
    let replay: ActionResult | undefined
    const replayPushes = await pushesDuring(async () => {
      replay = await c.dispatch({ attempt: 2 })
    })
    expectOk(replay as ActionResult)
    expect((replay as ActionResult).outputs).toMatchObject({
      created: 'false',
      owner: 'true',
      sent: 'false',
      receiver_confirmed: 'true'
    })
    expect(replayPushes).toBe(0)
    expect(await gh.count('dispatch')).toBe(1)

    // A redelivery (another workflow run, the same event) while the agent still works: it looks
    // the receiver up, finds it working, sends nothing and pushes nothing. The fake's receiver
    // has finished by now (and a concluded one would end the run in one push): set it back to
    // in progress, as a long agent run would be.
    await gh.settled()
    await gh.setRun(working[0]!.run_id, { status: 'in_progress', conclusion: null })
    const other = await coordinator()
    other.event.issue = c.event.issue
    let redelivered: ActionResult | undefined
    const redeliveryPushes = await pushesDuring(async () => {
      redelivered = await other.dispatch()
    })
    expectOk(redelivered as ActionResult)
    expect((redelivered as ActionResult).outputs).toMatchObject({
      owner: 'false',
      created: 'false',
      sent: 'false',
      run_id: done.outputs.run_id
    })
    expect(redeliveryPushes).toBe(0)
    expect(await gh.count('dispatch')).toBe(1)
    expect(await gh.working()).toHaveLength(1)
  })

  /**
   * The git commands a step started, in order, from git's own trace (a top-level process is a
   * sid with no parent's): `fetch`, `cat-file`, `push`…
   */
  async function gitCommands(step: (env: Record<string, string>) => Promise<ActionResult>) {
    const trace = join(await makeTempDir(), 'trace2.json')
    const result = await step({ GIT_TRACE2_EVENT: trace })
    expectOk(result)
    const events = (await readFile(trace, 'utf8')).split('\n').filter(Boolean)
    const commands = events
      .map(line => JSON.parse(line) as { event: string; sid: string; argv?: string[] })
      .filter(e => e.event === 'start' && !e.sid.includes('/'))
      .map(e => {
        const args = (e.argv ?? []).slice(1)
        // Skip the `-c name=value` pairs every command is given.
        while (args[0] === '-c') args.splice(0, 2)
        return args[0]
      })
    return { commands, result }
  }

  // The protocol's own processes (docs/design/dispatch.md#one-step): one fetch of what the
  // step reads and writes, its pushes (each push sets this repository's copy of the refs it
  // moved itself: no update-ref after it), and the `cat-file --batch` readers of the read and
  // of each write's plan. A process that comes back fails here.
  it('one step starts 6 git processes: fetch, 3 readers, its 2 pushes', async () => {
    const c = await coordinator()
    const { commands, result } = await gitCommands(env => c.dispatch({ env }))
    expect(commands).toEqual(['fetch', 'cat-file', 'cat-file', 'push', 'cat-file', 'push'])
    // The local copy followed each push: the ledger's head here is the answer (admitted,
    // intent, answer), in the origin's history (the receiver's confirmation may be on top).
    const ref = ledgerRef('refs/dispatch-ledger', result.outputs.run_id as string)
    const local = (await git(c.workspace, 'rev-parse', '--verify', ref)).trim()
    expect((await git(c.workspace, 'rev-list', '--count', local)).trim()).toBe('3')
    const atOrigin = await headOf(origin.bareDir, ref)
    await git(origin.bareDir, 'merge-base', '--is-ancestor', local, atOrigin)
  })

  it('the dispatch step of the two-step form starts 6 git processes too', async () => {
    const c = await coordinator()
    expectOk(await c.admit())
    const { commands } = await gitCommands(env => c.dispatch({ env }))
    expect(commands).toEqual(['fetch', 'cat-file', 'cat-file', 'push', 'cat-file', 'push'])
  })

  it('the two-step form (admit, then dispatch) still costs no more than 4 pushes', async () => {
    const c = await coordinator()
    const pushes = await pushesDuring(async () => {
      expectOk(await c.admit())
      expectOk(await c.dispatch())
    })
    expect(await gh.working()).toHaveLength(1)
    expect(pushes).toBeLessThanOrEqual(4)
  })

  it.each(['before-intent', 'after-intent', 'after-send', 'after-outcome'])(
    'SIGKILLed %s, then re-run: exactly one working receiver',
    async boundary => {
      const c = await coordinator()
      const killed = await c.dispatch({ killAt: boundary })
      expect(killed.signal).toBe('SIGKILL')
      const rerun = await c.dispatch({ attempt: 2 })
      expectOk(rerun)
      expect(rerun.outputs).toMatchObject({ owner: 'true', submission_state: 'submitted' })
      // Killed before its one write, the re-run admits; after it, the re-run finds its run.
      expect(rerun.outputs.created).toBe(boundary === 'before-intent' ? 'true' : 'false')
      expect(await gh.working()).toHaveLength(1)
      expect(await gh.count('dispatch')).toBeLessThanOrEqual(2)
      const ledger = await ledgerAtOrigin(rerun.outputs.run_id as string)
      expect(ledger.at(-1)?.provider?.submission_state).toBe('submitted')
      expect(ledger.every(r => (r.attempt?.number ?? 1) === 1)).toBe(true)
    }
  )

  it.each(FAULT_CASES)(
    '%s: exactly one working receiver (none for a refusal)',
    async (_name, fault, expected) => {
      const c = await coordinator()
      await gh.fault('dispatch', fault)
      const result = await c.dispatch({
        with:
          fault.kind === 'late-commit' && fault.answer === 'hang' ? { 'timeout-seconds': '2' } : {}
      })
      const posts = await gh.count('dispatch')
      expect(posts).toBeGreaterThanOrEqual(1)
      expect(posts).toBeLessThanOrEqual(2)
      expect(await gh.working()).toHaveLength(expected.working)
      const ledger = await ledgerAtOrigin(result.outputs.run_id as string)
      expect(ledger[0]?.state).toBe('admitted')
      expect(ledger.at(-1)?.provider?.submission_state).toBe(expected.ends)
      expect(result.code).toBe(expected.ends === 'submitted' ? 0 : 1)
    }
  )
})

describe('negative controls: the checks above catch a missing fence', () => {
  it('a coordinator that takes "no answer" for "not sent" and sends a new attempt → two working', async () => {
    const c = await coordinator()
    const admitted = await c.admit()
    await gh.fault('dispatch', { kind: 'commit-then-error' })
    // What a hand-written workflow does: the POST failed, so it records a failure and retries.
    await gh.fault('dispatch', { kind: 'ok' })
    const killed = await c.dispatch({ killAt: 'after-send' })
    expect(killed.signal).toBe('SIGKILL')
    const wrong = await c.step({
      action: 'record',
      'run-id': admitted.outputs.run_id as string,
      state: 'attempt_failed',
      record: JSON.stringify({
        failure: { code: 'http_500', classification: 'provider', retryable: true }
      })
    })
    expectOk(wrong)
    expectOk(await c.dispatch({ attempt: 2 }))
    expect(await gh.working()).toHaveLength(2)
  })

  it('a receiver that skips its admit step → two working for one fenced re-send', async () => {
    await gh.configure({ receiver: { mode: 'unfenced' } })
    try {
      const c = await coordinator()
      expectOk(await c.admit())
      await gh.fault('dispatch', { kind: 'commit-then-error' })
      expectOk(await c.dispatch())
      expect(await gh.count('dispatch')).toBe(2)
      expect(await gh.working()).toHaveLength(2)
    } finally {
      await gh.configure({ receiver: { mode: 'fenced' } })
    }
  })
})

describe('the token is never printed', () => {
  it.each<[string, Fault]>([
    ['a 500 whose body carries the token', { kind: 'error', echoToken: true }],
    ['a 403 whose body carries the token', { kind: 'refuse', status: 403, echoToken: true }]
  ])('%s', async (_name, fault) => {
    const c = await coordinator()
    expectOk(await c.admit())
    await gh.fault('dispatch', fault, fault)
    const result = await c.dispatch()
    expect(visible(result)).not.toContain(gh.token)
    expect(result.stdout).toContain(`::add-mask::${gh.token}`)
    // The fake really echoed it: the check above can fail.
    const exchanges = await gh.exchanges()
    expect(JSON.stringify(exchanges.map(e => e.responseBody))).toContain(gh.token.slice(0, 12))
  })
})

describe('command: recover on workflow_run', () => {
  /** A coordinator killed after its intent: its plan is reconcile_provider. */
  async function killedCoordinator() {
    const run = await gh.addRun({ workflow: 'agent.yml', event: 'issues', conclusion: 'failure' })
    const c = await coordinator(Number(run.id))
    const admitted = await c.admit()
    expect((await c.dispatch({ killAt: 'after-intent' })).signal).toBe('SIGKILL')
    return { run, c, admitted }
  }

  async function recoverStep(
    run: { id: number | bigint },
    options: {
      conclusion?: string
      attempt?: number
      recoveryRunId?: number
      with?: Record<string, string>
    } = {}
  ) {
    const workspace = await makeRepo()
    await git(workspace, 'remote', 'add', 'origin', origin.url)
    const event = await exampleEvent('workflow_run-failure.json')
    Object.assign(event.workflow_run as object, {
      id: Number(run.id),
      run_attempt: options.attempt ?? 1,
      conclusion: options.conclusion ?? 'failure'
    })
    return runAction({
      workspace,
      eventName: 'workflow_run',
      event,
      runId: options.recoveryRunId ?? nextRunId++,
      action: 'recover',
      with: { ...options.with },
      env: { ...gh.env, GITHUB_TOKEN: gh.token }
    })
  }

  it('re-runs the failed coordinator once; its re-run reconciles; a duplicate delivery does nothing', async () => {
    const { run, c, admitted } = await killedCoordinator()
    const first = await recoverStep(run)
    expectOk(first)
    expect(first.outputs.rerun_requested).toBe('true')
    expect(JSON.parse(first.outputs.runs as string)).toEqual([
      {
        run_id: admitted.outputs.run_id,
        state: 'dispatched',
        plan: 'reconcile_provider',
        done: 're-run of the coordinator requested'
      }
    ])
    expect((await gh.state()).reruns).toEqual([{ run_id: Number(run.id), run_attempt: 2 }])

    // The same delivery again, to another recovery workflow run: recovered once.
    const duplicate = await recoverStep(run)
    expectOk(duplicate)
    expect(duplicate.outputs).toMatchObject({ rerun_requested: 'false', duplicate: 'true' })
    expect(await gh.count('rerunFailedJobs')).toBe(1)

    // The coordinator's re-run: admit replays, dispatch reconciles (one fenced send).
    expectOk(await c.admit(2))
    const rerun = await c.dispatch({ attempt: 2 })
    expectOk(rerun)
    expect(await gh.working()).toHaveLength(1)
    expect(await gh.count('dispatch')).toBe(1)
  })

  it('the recovery run closes its own run (cancelled, with a note), so scan never lists it', async () => {
    const { run } = await killedCoordinator()
    const recoveryRunId = nextRunId++
    const result = await recoverStep(run, { recoveryRunId })
    expectOk(result)
    const own = await ledgerAtOrigin(result.outputs.run_id as string)
    expect(own.map(r => r.state)).toEqual(['admitted', 'cancelled'])
    expect(own[1]?.note).toMatch(/^recover: /)
    // A re-run of the recovery workflow itself (same run id) does nothing twice.
    const again = await recoverStep(run, { recoveryRunId })
    expectOk(again)
    expect(again.outputs).toMatchObject({ duplicate: 'true', rerun_requested: 'false' })
    expect(await gh.count('rerunFailedJobs')).toBe(1)
  })

  it.each([
    ['success', { conclusion: 'success' }],
    ['skipped', { conclusion: 'skipped' }],
    ['attempt 3 of max-attempts 3', { attempt: 3 }],
    ['attempt 2 of max-attempts 2', { attempt: 2, with: { 'max-attempts': '2' } }]
  ] as const)('nothing is re-run: %s', async (_name, options) => {
    const { run } = await killedCoordinator()
    const result = await recoverStep(run, options)
    expectOk(result)
    expect(result.outputs.rerun_requested).toBe('false')
    expect(await gh.count('rerunFailedJobs')).toBe(0)
  })

  it.each(['cancelled', 'timed_out'])('%s is recovered', async conclusion => {
    const { run } = await killedCoordinator()
    const result = await recoverStep(run, { conclusion })
    expectOk(result)
    expect(result.outputs.rerun_requested).toBe('true')
  })

  it('only an operator can go on (a refused dispatch): nothing is re-run, and it says so', async () => {
    const run = await gh.addRun({ workflow: 'agent.yml', event: 'issues', conclusion: 'failure' })
    const c = await coordinator(Number(run.id))
    expectOk(await c.admit())
    await gh.fault('dispatch', { kind: 'refuse', status: 422 })
    expect((await c.dispatch()).code).toBe(1)
    const result = await recoverStep(run)
    expectOk(result)
    expect(result.outputs.rerun_requested).toBe('false')
    expect(result.outputs.recovery_reason).toMatch(/operator/)
    expect(await gh.count('rerunFailedJobs')).toBe(0)
  })

  it('without actions: write: the step fails naming it, and stays open for a re-run', async () => {
    const { run } = await killedCoordinator()
    await gh.fault('rerunFailedJobs', { kind: 'refuse', status: 403, echoToken: true })
    const recoveryRunId = nextRunId++
    const refused = await recoverStep(run, { recoveryRunId })
    expect(refused.code).toBe(1)
    expect(refused.errors.join('\n')).toMatch(/permissions: actions: write/)
    expect(visible(refused)).not.toContain(gh.token)
    // Permissions fixed, the recovery workflow re-run (same run id): now it re-runs.
    const again = await recoverStep(run, { recoveryRunId })
    expectOk(again)
    expect(again.outputs.rerun_requested).toBe('true')
  })
})

describe('two runs for one attempt: the ledger names the receiver that works', () => {
  /** Run `body` with per-run receiver start delays (the i-th dispatched run waits delays[i]). */
  async function withDelays(delays: number[], body: () => Promise<void>): Promise<void> {
    await gh.configure({ receiver: { startDelaysMs: delays } })
    try {
      await body()
    } finally {
      await gh.settled(60000)
      await gh.configure({ receiver: {} })
    }
  }

  /** The current attempt's external ids as the origin's ledger holds them (merged, in order). */
  async function idsAtOrigin(runId: string): Promise<Record<string, string>> {
    const ledger = await ledgerAtOrigin(runId)
    const current = ledger.at(-1)?.attempt?.number
    return Object.assign(
      {},
      ...ledger.filter(r => r.attempt?.number === current).map(r => r.provider?.external_ids ?? {})
    ) as Record<string, string>
  }

  /** Before a receiver admitted, a step names no run; after, it names the working one. */
  function expectHonest(result: ActionResult): void {
    if (result.outputs.receiver_confirmed === 'true') return
    expect(result.outputs).toMatchObject({ receiver_confirmed: 'false', workflow_run_id: '' })
  }

  it.each([
    ['the run whose send was answered 500 starts first', [1500, 6000], 0],
    ['the re-sent run starts first', [6000, 0], 1]
  ])(
    'accepted but answered 500, then the fenced re-send: %s → plan names the working run',
    async (_name, delays, winner) => {
      await withDelays(delays, async () => {
        const c = await coordinator()
        const runId = (await c.admit()).outputs.run_id as string
        await gh.fault('dispatch', { kind: 'commit-then-error' })
        const result = await c.dispatch()
        expectOk(result)
        expectHonest(result)
        const working = await gh.working()
        const { dispatches } = await gh.state()
        expect(dispatches).toHaveLength(2)
        expect(working).toHaveLength(1)
        expect(working[0]?.run_id).toBe(dispatches[winner]?.run_id)
        // Every run a send returned stays recorded as a candidate.
        expect((await idsAtOrigin(runId)).candidate_run_ids?.split(',')).toContain(
          String(dispatches[1]?.run_id)
        )

        const plan = await c.step({ action: 'plan', 'run-id': runId })
        expectOk(plan)
        expect(plan.outputs.receiver_confirmed).toBe('true')
        const ids = await idsAtOrigin(runId)
        expect(ids).toMatchObject({
          receiver_confirmed: 'true',
          workflow_run_id: String(working[0]?.run_id),
          receiver_run_id: working[0]?.admit?.run_id
        })
        expect(ids.candidate_run_ids?.split(',')).toContain(String(dispatches[1]?.run_id))
        // The confirmation is a submission update of the same attempt, and nothing was sent.
        expect(shape(await ledgerAtOrigin(runId)).at(-1)).toBe('dispatched 1 submitted')
        expect(await gh.count('dispatch')).toBe(2)
      })
    }
  )

  it.each([
    ['the run GitHub answered with starts first', [0, 4000], 0],
    ['the other run starts first', [4000, 0], 1]
  ])(
    'GitHub creates two runs for one POST: %s → the next dispatch names the working run',
    async (_name, delays, winner) => {
      await withDelays(delays, async () => {
        const c = await coordinator()
        expectOk(await c.admit())
        await gh.fault('dispatch', { kind: 'duplicate' })
        const result = await c.dispatch()
        expectOk(result)
        expectHonest(result)
        const working = await gh.working()
        const { runs } = await gh.state()
        expect(working).toHaveLength(1)
        expect(working[0]?.run_id).toBe(runs[winner]?.id)

        const again = await c.dispatch({ attempt: 2 })
        expectOk(again)
        expect(again.outputs).toMatchObject({
          sent: 'false',
          receiver_confirmed: 'true',
          workflow_run_id: String(working[0]?.run_id)
        })
        expect(again.outputs.workflow_run_url).toMatch(
          new RegExp(`/actions/runs/${working[0]?.run_id}$`)
        )
        expect(await gh.count('dispatch')).toBe(1)
      })
    }
  )
})

describe('operator cancel reaches the run that works', () => {
  const operator = { users: { alice: { permission: 'write' as const } } }

  function cancel(c: Coordinator, runId: string, commentRunId: number): Promise<ActionResult> {
    return runAction({
      workspace: c.workspace,
      eventName: 'issue_comment',
      event: commentEvent(`/ledger cancel ${runId}`, { login: 'alice' }),
      runId: commentRunId,
      action: 'operate',
      with: { reply: 'false' },
      env: { ...gh.env, GITHUB_TOKEN: gh.token }
    })
  }

  it('asks GitHub to cancel the owner read at cancel time and every candidate', async () => {
    await gh.configure({ ...operator, receiver: { startDelaysMs: [1500, 6000] } })
    try {
      const c = await coordinator()
      const runId = (await c.admit()).outputs.run_id as string
      await gh.fault('dispatch', { kind: 'commit-then-error' })
      expectOk(await c.dispatch())
      const working = await gh.working()
      const { dispatches } = await gh.state()
      // The working run is the one the 500 hid: the ledger has no id for it, only the re-send's.
      expect(working[0]?.run_id).toBe(dispatches[0]?.run_id)

      const result = await cancel(c, runId, nextRunId++)
      expectOk(result)
      expect(result.outputs.outcome).toBe('applied')
      const asked = (await gh.state()).cancels.map(x => x.run_id).sort()
      expect(asked).toEqual([dispatches[0]?.run_id, dispatches[1]?.run_id].sort())
      // Both runs had finished (409): nothing was cancelled, and the step says so.
      expect(result.outputs.provider_cancelled).toBe('false')
      expect(result.stdout).toMatch(/already finished/)
    } finally {
      await gh.configure({ users: {}, receiver: {} })
    }
  })

  it('a queued run is cancelled (provider_cancelled=true); its late receiver does no work', async () => {
    // The receiver stays queued well past the cancel step: under CI load (2 cores, 2 workers)
    // a dispatch step plus a cancel step once took over 5 s, so a 5 s queue let the receiver
    // start, and work, before the cancel was recorded — a different case from this one.
    await gh.configure({ ...operator, receiver: { startDelaysMs: [15000] } })
    try {
      const c = await coordinator()
      const runId = (await c.admit()).outputs.run_id as string
      expectOk(await c.dispatch())
      const result = await cancel(c, runId, nextRunId++)
      expectOk(result)
      expect(result.outputs.provider_cancelled).toBe('true')
      expect(await gh.working()).toHaveLength(0)
    } finally {
      await gh.configure({ users: {}, receiver: {} })
    }
  })

  it('with no provider run to cancel, it warns and says provider_cancelled=false', async () => {
    await gh.configure(operator)
    try {
      const c = await coordinator()
      const runId = (await c.admit()).outputs.run_id as string
      const result = await cancel(c, runId, nextRunId++)
      expectOk(result)
      expect(result.outputs).toMatchObject({ outcome: 'applied', provider_cancelled: 'false' })
      expect(result.stdout).toMatch(/no GitHub workflow run to cancel/)
      expect((await gh.state()).cancels).toEqual([])
    } finally {
      await gh.configure({ users: {} })
    }
  })
})

describe('a cancelled coordinator stops late receivers', () => {
  it.each([
    ['cancelled before GitHub starts the late run', true, 0],
    ['negative control: not cancelled, the late run works', false, 1]
  ])('a 502 that GitHub commits late: %s', async (_name, cancelled, working) => {
    const c = await coordinator()
    const runId = (await c.admit()).outputs.run_id as string
    await gh.fault('dispatch', {
      kind: 'late-commit',
      answer: 'error',
      status: 502,
      commitAfterMs: 4000
    })
    const killed = await c.dispatch({ killAt: 'after-send' })
    expect(killed.signal).toBe('SIGKILL')
    if (cancelled) expectOk(await c.step({ action: 'record', 'run-id': runId, state: 'cancelled' }))
    expect(await gh.working()).toHaveLength(working)
    const [receiver] = (await gh.state()).receivers
    expect(receiver?.admit?.owner).toBe(cancelled ? 'false' : 'true')
    // Stopped before admitting: it wrote nothing at all.
    if (cancelled) expect(receiver?.admit?.created).toBe('false')
  })
})
