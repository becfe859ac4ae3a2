/**
 * Every published workflow (examples/workflows/, which the README's YAML is kept identical
 * to) run end to end by the local workflow runner: the bundled action, a real git origin over
 * smart HTTP and the fake GitHub API, both behind the permission gate. The test acts as GitHub
 * between runs (support/actingGitHub.ts): a committed dispatch starts agent.yml, a finished
 * coordinator becomes a workflow_run event for recover.yml, an accepted re-run runs the
 * coordinator's failed job again. Working receivers are counted by the fixture run-agent.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readdir, readFile } from 'node:fs/promises'
import { PROJECT_ROOT } from '../../scripts/runner.js'
import { startOrigin, type TestOrigin } from '../../scripts/workflow/origin.js'
import {
  runWorkflow,
  type WorkflowRun,
  type WorkflowRunOptions
} from '../../scripts/workflow/run.js'
import { join } from 'node:path'
import {
  acceptedReruns,
  completed,
  registerRun,
  runDispatchedReceivers
} from '../../scripts/workflow/actingGitHub.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { openStore } from '../../src/store/openStore.js'
import { scanRuns } from '../../src/commands/scan.js'
import { systemClock } from '../../src/commands/deps.js'
import { commentEvent, NS, runIn } from '../support/operator.js'
import { agentWritesHappyPath } from '../support/agentWrites.js'
import { cleanupRepos, git, makeRepo } from '../support/repo.js'
import {
  FIXTURES,
  example,
  labeledEvent,
  ledgerOf,
  newRunId,
  scenario,
  stepOutcomes
} from '../support/workflowScenario.js'
import {
  LEDGER,
  ledgerQuickStart,
  ledgerTexts,
  namespaceRefs,
  type LedgerFile
} from '../support/ledgerQuickStart.js'

let origin: TestOrigin
/** The code origin of the ledger-*.yml files, with the ledger repository beside it. */
let ledgerOrigin: TestOrigin
let ledgerText: Record<LedgerFile, string>
let labeled: Record<string, unknown>
const text: Record<string, string> = {}

beforeAll(async () => {
  origin = await startOrigin({ seedDir: FIXTURES, fakeApi: { receiver: { mode: 'external' } } })
  ledgerOrigin = await startOrigin({
    seedDir: FIXTURES,
    fakeApi: { receiver: { mode: 'external' } },
    ledgerRepository: LEDGER
  })
  ledgerText = await ledgerTexts()
  labeled = await labeledEvent()
  for (const name of [
    'issue-labeled.yml',
    'agent.yml',
    'recover.yml',
    'by-hand.yml',
    'operate.yml',
    'release.yml',
    'agent-ended.yml'
  ])
    text[name] = await readFile(example(name), 'utf8')
})
afterAll(async () => {
  await origin.close()
  await ledgerOrigin.close()
  await cleanupRepos()
})

/** The coordinator's name, which recover.yml's `workflows:` filter names. */
const COORDINATOR_NAME = 'agent on label'

/**
 * A quick-start scenario: deliveries of one labeled-issue event to the coordinator, and the
 * receivers GitHub would start for what it dispatched (agent.yml, or a variant of it).
 */
/**
 * The quick start in its two-step form (admit, then dispatch): what a job that gates other
 * steps on `owner` before dispatching writes. It must keep working exactly as before.
 */
const twoStep = (oneStep: string): string => {
  const form = oneStep.replace(
    '      - uses: octo-org/dispatch-ledger/dispatch@v0\n',
    '      - uses: octo-org/dispatch-ledger@v0\n      - uses: octo-org/dispatch-ledger/dispatch@v0\n'
  )
  if (form === oneStep) throw new Error('the quick start has no dispatch step to precede')
  return form
}

async function quickStart(options: { receiver?: string; twoStep?: boolean } = {}) {
  const published = text['issue-labeled.yml'] as string
  const s = await scenario(origin, {
    file: example('issue-labeled.yml'),
    content: options.twoStep ? twoStep(published) : published,
    labeled
  })
  const started = new Set<number>()
  const receivers = (): Promise<WorkflowRun[]> =>
    runDispatchedReceivers(origin, {
      file: example('agent.yml'),
      content: options.receiver ?? text['agent.yml'],
      started,
      mine: inputs => inputs.issue === String(s.number),
      machineEnv: s.machineEnv
    })
  const working = async (): Promise<string[]> =>
    (await s.starts()).filter(line => line.startsWith('run-agent '))
  const dispatches = async () =>
    (await origin.api!.state()).dispatches.filter(d => d.inputs.issue === String(s.number))
  return { ...s, receivers, working, dispatches }
}

/** The coordinator's run as GitHub knows it (so recover can re-run it), killed where asked. */
async function recoveredAfterKill(killBefore: number | null) {
  // Killed between its steps: the two-step form has a point between admit and dispatch.
  const q = await quickStart({ twoStep: true })
  const runId = await registerRun(origin, {
    workflowFile: 'issue-labeled.yml',
    event: 'issues'
  })
  const first = await q.deliver({
    runId,
    beforeStep: at => (at.index === killBefore ? 'kill' : undefined)
  })
  const runs = [first]
  const recoveries: WorkflowRun[] = []
  // GitHub's loop: each finished attempt is a workflow_run event; an accepted re-run is the
  // next attempt of the same run, re-running its failed job.
  for (let attempt = 1; attempt <= 3; attempt++) {
    const last = runs.at(-1) as WorkflowRun
    const event = await completed(origin, last, {
      name: COORDINATOR_NAME,
      repository: labeled.repository,
      sender: labeled.sender
    })
    recoveries.push(
      await runWorkflow({
        file: example('recover.yml'),
        content: text['recover.yml'],
        eventName: 'workflow_run',
        event,
        origin,
        runId: newRunId()
      })
    )
    if (!(await acceptedReruns(origin, runId)).includes(attempt + 1)) break
    runs.push(await q.deliver({ runId, runAttempt: attempt + 1, rerunOf: last }))
  }
  const receivers = await q.receivers()
  return { q, runs, recoveries, receivers }
}

async function quickStartHappyPath(): Promise<void> {
  const q = await quickStart()
  const run = await q.deliver()
  expect(run.conclusion).toBe('success')
  // One step: dispatch admits the event itself and sends.
  expect(stepOutcomes(run, 'dispatch')).toEqual([
    '__actions_checkout:success',
    '__octo-org_dispatch-ledger:success'
  ])
  expect(run.jobs.dispatch!.steps[1]!.outputs).toMatchObject({
    created: 'true',
    sent: 'true',
    owner: 'true'
  })
  expect(await q.dispatches()).toHaveLength(1)
  const receivers = await q.receivers()
  expect(receivers).toHaveLength(1)
  expect(receivers[0]!.jobs.work!.steps[1]!.outputs).toMatchObject({
    owner: 'true',
    created: 'true'
  })
  expect(await q.working()).toEqual([`run-agent --issue ${q.number}`])
  const { records, plan, state } = await q.ledger()
  expect(records.map(r => [r.state, r.provider?.submission_state ?? null])).toEqual([
    ['admitted', null],
    ['dispatched', 'not_submitted'],
    ['dispatched', 'submitted'],
    ['dispatched', 'submitted']
  ])
  // The run the POST returned was a candidate; the receiver confirmed itself with its
  // admission, so the ledger names it with no later step, written by the receiver.
  expect(state.attempts[0]?.external_ids).toMatchObject({
    candidate_run_ids: String(receivers[0]!.runId),
    receiver_confirmed: 'true',
    workflow_run_id: String(receivers[0]!.runId)
  })
  expect(records.at(-1)?.writer?.github_run_id).toBe(String(receivers[0]!.runId))
  // The coordinator computed the receiver's key itself; the real receiver agrees.
  expect(state.attempts[0]?.external_ids.receiver_key).toBe(
    receivers[0]!.jobs.work!.steps[1]!.outputs.dispatch_key
  )
  expect(plan.action).toBe('observe_provider')
}

async function receiverHappyPath(): Promise<void> {
  // GitHub started agent.yml twice for one dispatch: the first run works, the second not.
  const q = await quickStart()
  const event = {
    inputs: { issue: String(q.number), dispatch_key: `gh-999-${q.number}/a1` },
    ref: 'refs/heads/main',
    repository: labeled.repository,
    sender: labeled.sender,
    workflow: '.github/workflows/agent.yml'
  }
  const deliver = () =>
    runWorkflow({
      file: example('agent.yml'),
      content: text['agent.yml'],
      event,
      origin,
      runId: newRunId(),
      machineEnv: q.machineEnv
    })
  const first = await deliver()
  const second = await deliver()
  expect(stepOutcomes(first, 'work')).toEqual([
    '__actions_checkout:success',
    'ledger:success',
    '__run:success'
  ])
  expect(stepOutcomes(second, 'work')).toEqual([
    '__actions_checkout:success',
    'ledger:success',
    '__run:skipped'
  ])
  expect(await q.working()).toEqual([`run-agent --issue ${q.number}`])
  // The key's <workflow> component is the payload's workflow path (not asserted here: its
  // percent-encoding is docs/design/writers.md's business and dispatchKey.test.ts's).
  const key = first.jobs.work!.steps[1]!.outputs.dispatch_key as string
  expect(key).toMatch(new RegExp(`^v1/workflow_dispatch/${origin.id}/.+/gh-999-${q.number}/a1$`))
  expect((await ledgerOf(origin, key)).state.state).toBe('admitted')
}

/** Killed between admit and dispatch, then recovered: shared by two tests (one scenario). */
let killedAfterAdmit: ReturnType<typeof recoveredAfterKill> | undefined
const afterAdmitKill = () => (killedAfterAdmit ??= recoveredAfterKill(2))

async function recoverHappyPath(): Promise<void> {
  // A coordinator that died before dispatching is re-run once and then dispatches...
  const { q, runs, recoveries } = await afterAdmitKill()
  expect(recoveries[0]!.jobs.recover!.steps[1]!.outputs).toMatchObject({
    rerun_requested: 'true'
  })
  expect(runs.map(r => r.conclusion)).toEqual(['failure', 'success'])
  expect(await q.working()).toHaveLength(1)
  // ...and a coordinator that succeeded is left alone (the job's if: is false).
  expect(recoveries[1]!.jobs.recover!.result).toBe('skipped')
}

async function byHandHappyPath(): Promise<void> {
  const s = await scenario(origin, {
    file: example('by-hand.yml'),
    content: text['by-hand.yml'] as string,
    labeled
  })
  const run = await s.deliver()
  expect(run.conclusion).toBe('success')
  expect(await s.starts()).toEqual([`--key ${s.key} --attempt 1`])
  const { records, plan } = await s.ledger()
  expect(records.map(r => r.provider?.submission_state ?? null)).toEqual([
    null,
    'not_submitted',
    'submitted'
  ])
  expect(plan.action).toBe('observe_provider')
}

async function operateHappyPath(): Promise<void> {
  // A run waiting for a human decision at the origin, and an operator with write permission.
  await origin.api!.configure({ users: { alice: { id: 501, permission: 'write' } } })
  const runId = `gh-${newRunId()}-f282f34c55fc`
  const seed = await makeRepo()
  await runIn(new LocalStore(new Git(seed)), runId, 'awaiting')
  await git(seed, 'push', '-q', origin.bareDir, `+${NS}/*:${NS}/*`)
  const run = await runWorkflow({
    file: example('operate.yml'),
    content: text['operate.yml'],
    event: commentEvent(`/ledger approve ${runId} looks right`, { login: 'alice' }),
    origin,
    runId: newRunId()
  })
  expect(run.conclusion).toBe('success')
  expect(stepOutcomes(run, 'operate')).toEqual([
    '__actions_checkout:success',
    'op:success',
    '__run:success'
  ])
  expect(run.jobs.operate!.steps[1]!.outputs).toMatchObject({
    verb: 'approve',
    outcome: 'applied',
    settled_outcome: 'approved',
    state: 'decided'
  })
}

async function releaseHappyPath(): Promise<void> {
  const version = `v1.0.${newRunId()}`
  const event = {
    inputs: { version },
    ref: 'refs/heads/main',
    repository: labeled.repository,
    sender: labeled.sender,
    workflow: '.github/workflows/release.yml'
  }
  const runId = newRunId()
  const deliver = (runAttempt: number) =>
    runWorkflow({
      file: example('release.yml'),
      content: text['release.yml'],
      event,
      origin,
      runId,
      runAttempt
    })
  const run = await deliver(1)
  expect(run.conclusion).toBe('success')
  expect(stepOutcomes(run, 'release')).toEqual([
    '__actions_checkout:success',
    'admit:success',
    'release:success',
    '__run:success'
  ])
  expect(run.jobs.release!.steps[2]!.outputs).toMatchObject({
    operation_state: 'terminal_committed',
    sent: 'true'
  })
  const ours = async () => (await origin.api!.state()).releases.filter(r => r.tag_name === version)
  expect(await ours()).toHaveLength(1)
  // A re-run of the same workflow run repeats the operation: reported, nothing sent again.
  const again = await deliver(2)
  expect(again.jobs.release!.steps[2]!.outputs).toMatchObject({
    operation_state: 'terminal_committed',
    sent: 'false'
  })
  expect(await ours()).toHaveLength(1)
}

async function ledgerQuickStartHappyPath(): Promise<void> {
  // The quick start with its ledger in a repository of its own (workflowLedger.test.ts has
  // the redelivery, the operator's cancel and the mutants).
  const q = await ledgerQuickStart(ledgerOrigin, ledgerText)
  const run = await q.deliver()
  expect(run.conclusion).toBe('success')
  expect(run.jobs.dispatch!.steps[2]!.outputs).toMatchObject({ sent: 'true', owner: 'true' })
  expect(await q.receivers()).toHaveLength(1)
  expect(await q.working()).toEqual([`run-agent --issue ${q.number}`])
  expect((await q.ledger()).plan.action).toBe('observe_provider')
  expect(await namespaceRefs(ledgerOrigin.ledger!.bareDir)).not.toEqual([])
  expect(await namespaceRefs(ledgerOrigin.bareDir)).toEqual([])
}

async function ledgerReceiverHappyPath(): Promise<void> {
  // GitHub started ledger-agent.yml twice for one dispatch: the first run works, the second not.
  const q = await ledgerQuickStart(ledgerOrigin, ledgerText)
  const event = {
    inputs: { issue: String(q.number), dispatch_key: `gh-998-${q.number}/a1` },
    ref: 'refs/heads/main',
    repository: labeled.repository,
    sender: labeled.sender,
    workflow: '.github/workflows/ledger-agent.yml'
  }
  const deliver = () =>
    runWorkflow({
      file: example('ledger-agent.yml'),
      content: ledgerText['ledger-agent.yml'],
      event,
      origin: ledgerOrigin,
      runId: newRunId(),
      machineEnv: q.machineEnv
    })
  const [first, second] = [await deliver(), await deliver()]
  expect(first.jobs.work!.steps[2]!.outputs).toMatchObject({ owner: 'true', store: LEDGER })
  expect(second.jobs.work!.steps[2]!.outputs).toMatchObject({ owner: 'false', store: LEDGER })
  expect(stepOutcomes(second, 'work').at(-1)).toBe('__run:skipped')
  expect(await q.working()).toEqual([`run-agent --issue ${q.number}`])
  const key = first.jobs.work!.steps[2]!.outputs.dispatch_key as string
  expect((await ledgerOf(ledgerOrigin, key)).state.state).toBe('admitted')
}

async function ledgerObserverHappyPath(): Promise<void> {
  // The ledger-repository quick start with its observer: the receiver's workflow_run ends both
  // runs in the ledger repository (the App's token only), and the label again runs the agent.
  const q = await ledgerQuickStart(ledgerOrigin, ledgerText)
  await q.deliver()
  const [receiver] = await q.receivers()
  expect(receiver!.conclusion).toBe('success')
  const event = await completed(ledgerOrigin, receiver as WorkflowRun, {
    name: 'agent (ledger repository)',
    repository: labeled.repository,
    sender: labeled.sender
  })
  const observe = () =>
    runWorkflow({
      file: example('ledger-agent-ended.yml'),
      content: ledgerText['ledger-agent-ended.yml'],
      eventName: 'workflow_run',
      event,
      origin: ledgerOrigin,
      runId: newRunId()
    })
  const observer = await observe()
  expect(observer.conclusion).toBe('success')
  expect(stepOutcomes(observer, 'observe')).toEqual([
    'ledger-token:success',
    '__octo-org_dispatch-ledger:success'
  ])
  const { records, state } = await q.ledger()
  expect(records.slice(-2).map(r => [r.state, r.decision?.by ?? null])).toEqual([
    ['candidate_observed', null],
    ['decided', 'policy:on-success']
  ])
  expect(state.terminal).toBe(true)
  const receiverKey = receiver!.jobs.work!.steps[2]!.outputs.dispatch_key as string
  expect((await ledgerOf(ledgerOrigin, receiverKey)).state.state).toBe('decided')
  // The same workflow_run delivered again writes nothing; this repository holds no ref.
  const before = await namespaceRefs(ledgerOrigin.ledger!.bareDir)
  expect((await observe()).conclusion).toBe('success')
  expect(await namespaceRefs(ledgerOrigin.ledger!.bareDir)).toEqual(before)
  expect(await namespaceRefs(ledgerOrigin.bareDir)).toEqual([])
  // The label added again (this quick start is the two-step form): its admit opens generation
  // 2 (the run ended), and its dispatch sends it once.
  const second = await q.deliver({ event: relabeled(q.event) })
  expect(second.jobs.dispatch!.steps[1]!.outputs).toMatchObject({
    created: 'true',
    generation: '2'
  })
  expect(second.jobs.dispatch!.steps[2]!.outputs).toMatchObject({ sent: 'true', owner: 'true' })
  expect(await q.dispatches()).toHaveLength(2)
}

async function ledgerOperateHappyPath(): Promise<void> {
  // A run waiting for a human decision in the ledger repository; alice approves it.
  await ledgerOrigin.api!.configure({ users: { alice: { id: 501, permission: 'write' } } })
  const runId = `gh-${newRunId()}-f282f34c55fc`
  const seed = await makeRepo()
  await runIn(new LocalStore(new Git(seed)), runId, 'awaiting')
  await git(seed, 'push', '-q', ledgerOrigin.ledger!.bareDir, `+${NS}/*:${NS}/*`)
  const run = await runWorkflow({
    file: example('ledger-operate.yml'),
    content: ledgerText['ledger-operate.yml'],
    event: commentEvent(`/ledger approve ${runId} looks right`, { login: 'alice' }),
    origin: ledgerOrigin,
    runId: newRunId()
  })
  expect(run.conclusion).toBe('success')
  expect(stepOutcomes(run, 'operate')).toEqual([
    'ledger-token:success',
    'op:success',
    '__run:success'
  ])
  expect(run.jobs.operate!.steps[1]!.outputs).toMatchObject({
    verb: 'approve',
    outcome: 'applied',
    settled_outcome: 'approved',
    state: 'decided'
  })
  expect(await namespaceRefs(ledgerOrigin.bareDir)).toEqual([])
}

/** The receiver's run completed: GitHub's workflow_run event for it, and agent-ended.yml on it. */
async function observeReceiver(
  receiver: WorkflowRun,
  extra: Partial<WorkflowRunOptions> = {}
): Promise<WorkflowRun> {
  const event = await completed(origin, receiver, {
    name: 'agent',
    repository: labeled.repository,
    sender: labeled.sender
  })
  return runWorkflow({
    file: example('agent-ended.yml'),
    content: text['agent-ended.yml'],
    eventName: 'workflow_run',
    event,
    origin,
    runId: newRunId(),
    ...extra
  })
}

/** The runs not ended in the origin's namespace: what `dispatch-ledger status` lists. */
async function notEnded(): Promise<string[]> {
  const store = await openStore({ repositoryPath: origin.bareDir, remote: 'none', env: {} })
  return (await scanRuns({ namespace: NS }, { store, clock: systemClock })).flatMap(run =>
    'state' in run && !run.state.terminal ? [run.state.run_id] : []
  )
}

/** The same labeled issue labeled again later: a new event (a later updated_at). */
function relabeled(event: Record<string, unknown>): Record<string, unknown> {
  const issue = event.issue as Record<string, unknown>
  const later = new Date(Date.now() + 2000).toISOString().replace(/\.\d{3}Z$/, 'Z')
  return { ...event, issue: { ...issue, updated_at: later } }
}

async function observerHappyPath(): Promise<void> {
  const q = await quickStart()
  const pushesBefore = origin.server.counts().pushes
  await q.deliver()
  const [receiver] = await q.receivers()
  // This scenario's runs (the origin is shared): the coordinator's, the receiver's own, and the
  // observer's delivery.
  const coordinator = (await q.ledger()).state.run_id
  const ours = async () =>
    (await notEnded()).filter(
      id =>
        id === coordinator ||
        id.startsWith(`gh-${receiver!.runId}-`) ||
        id.startsWith(`gh-${observer.runId}-`)
    )
  let observer = { runId: -1 } as WorkflowRun
  expect((await ours()).sort()).toEqual(
    [coordinator, expect.stringMatching(`^gh-${receiver!.runId}-`)].sort()
  )
  observer = await observeReceiver(receiver as WorkflowRun)
  expect(observer.conclusion).toBe('success')
  // The quick start with its observer: coordinator (2), receiver (1), observer (1).
  expect(origin.server.counts().pushes - pushesBefore).toBeLessThanOrEqual(4)
  const { records, state } = await q.ledger()
  expect(records.slice(-2).map(r => [r.state, r.decision?.by ?? null])).toEqual([
    ['candidate_observed', null],
    ['decided', 'policy:on-success']
  ])
  // Dated when the receiver ended, not when the observer ran.
  const ended = (await origin.api!.state()).runs.find(r => r.id === receiver!.runId)
  expect(records.at(-1)?.occurred_at).toBe(ended?.updated_at.replace(/\.\d{3}Z$/, 'Z'))
  expect(state.terminal).toBe(true)
  // Nothing is left on the operator's list: the coordinator, the receiver, the delivery.
  expect(await ours()).toEqual([])
  // The same workflow_run delivered again writes nothing.
  const before = await namespaceRefs(origin.bareDir)
  await observeReceiver(receiver as WorkflowRun)
  expect(await namespaceRefs(origin.bareDir)).toEqual(before)
  // The label added again: generation 2, sent once, and its receiver works.
  const again = relabeled(q.event)
  const second = await q.deliver({ event: again })
  expect(second.jobs.dispatch!.steps[1]!.outputs).toMatchObject({
    created: 'true',
    generation: '2',
    sent: 'true'
  })
  // A redelivery of either event sends nothing.
  const redelivered = [await q.deliver({ event: again }), await q.deliver()]
  expect(redelivered.map(r => r.jobs.dispatch!.steps[1]!.outputs.sent)).toEqual(['false', 'false'])
  expect(await q.dispatches()).toHaveLength(2)
  await q.receivers()
  expect(await q.working()).toHaveLength(2)
}

/** Every published workflow and its documented happy path; a new file fails until it has one. */
const HAPPY_PATHS: Record<string, () => Promise<void>> = {
  'issue-labeled.yml': quickStartHappyPath,
  'agent.yml': receiverHappyPath,
  'recover.yml': recoverHappyPath,
  'by-hand.yml': byHandHappyPath,
  'operate.yml': operateHappyPath,
  'release.yml': releaseHappyPath,
  'agent-ended.yml': observerHappyPath,
  'ledger-issue-labeled.yml': ledgerQuickStartHappyPath,
  'ledger-agent.yml': ledgerReceiverHappyPath,
  'ledger-operate.yml': ledgerOperateHappyPath,
  'ledger-agent-ended.yml': ledgerObserverHappyPath,
  'agent-writes.yml': () => agentWritesHappyPath(origin, labeled)
}

describe('every file in examples/workflows runs to its documented result', () => {
  it('each published workflow has a happy-path scenario here', async () => {
    const files = (await readdir(join(PROJECT_ROOT, 'examples/workflows'))).filter(f =>
      /\.ya?ml$/.test(f)
    )
    expect(files.sort()).toEqual(Object.keys(HAPPY_PATHS).sort())
  })

  it.each(Object.keys(HAPPY_PATHS))('%s', async file => {
    await HAPPY_PATHS[file]!()
  })
})

describe('the quick start under duplicate deliveries', () => {
  it('the same event twice, 8 at once, and once after the run ended: one dispatch, one working receiver', async () => {
    const q = await quickStart()
    const twice = [await q.deliver(), await q.deliver()]
    const burst = await Promise.all(Array.from({ length: 8 }, () => q.deliver()))
    const receivers = await q.receivers()
    const late = await q.deliver()
    receivers.push(...(await q.receivers()))
    const runs = [...twice, ...burst, late]
    expect(runs.map(r => r.conclusion)).toEqual(runs.map(() => 'success'))
    const sent = runs.filter(r => r.jobs.dispatch!.steps.at(-1)!.outputs.sent === 'true')
    expect(sent).toEqual([twice[0]])
    expect(await q.dispatches()).toHaveLength(1)
    expect(receivers).toHaveLength(1)
    expect(await q.working()).toHaveLength(1)
    // The late delivery looked the receiver up (GitHub shows it concluded) and recorded its end
    // before deciding: it is still a duplicate (its time is the first event's), and the run ended.
    expect(late.jobs.dispatch!.steps.at(-1)!.outputs.sent).toBe('false')
    expect((await q.ledger()).state.state).toBe('decided')
  })
})

const OWNER_GATE_LINE = "- if: steps.ledger.outputs.owner == 'true'\n        "
const ADMIT_STEP = '      - id: ledger\n        uses: octo-org/dispatch-ledger@v0\n'

describe('two runs for one dispatch: the receiver fence, and negative controls that remove it', () => {
  async function twoRunsForOneDispatch(receiver?: string) {
    const q = await quickStart({ receiver })
    await origin.api!.fault('dispatch', { kind: 'duplicate' })
    await q.deliver()
    const receivers = await q.receivers()
    expect(receivers).toHaveLength(2)
    return { q, receivers }
  }

  it('agent.yml as published: GitHub starts it twice, it works once', async () => {
    const { q } = await twoRunsForOneDispatch()
    expect(await q.working()).toHaveLength(1)
  })

  it('agent.yml without its owner gate is caught: two working receivers', async () => {
    expect(text['agent.yml']).toContain(OWNER_GATE_LINE)
    const mutant = (text['agent.yml'] as string).replace(OWNER_GATE_LINE, '- ')
    const { q } = await twoRunsForOneDispatch(mutant)
    expect(await q.working()).toHaveLength(2)
  })

  it('agent.yml without its admit step (working unconditionally) is caught: two working receivers', async () => {
    expect(text['agent.yml']).toContain(ADMIT_STEP)
    const mutant = (text['agent.yml'] as string)
      .replace(ADMIT_STEP, '')
      .replace(OWNER_GATE_LINE, '- ')
    const { q } = await twoRunsForOneDispatch(mutant)
    expect(await q.working()).toHaveLength(2)
  })

  it('a dispatch GitHub committed but answered 500: the fenced re-send makes a second run, one works', async () => {
    const q = await quickStart()
    await origin.api!.fault('dispatch', { kind: 'commit-then-error', status: 500 })
    const run = await q.deliver()
    expect(run.conclusion).toBe('success')
    expect(await q.dispatches()).toHaveLength(2)
    expect(await q.receivers()).toHaveLength(2)
    expect(await q.working()).toHaveLength(1)
    expect((await q.ledger()).state.attempts[0]?.submission_state).toBe('submitted')
  })
})

/**
 * The coordinator killed before each of its steps, then what GitHub and recover.yml do: the
 * workflow_run event, recover's re-run of the failed job, the re-run's admit replaying and its
 * dispatch going on. Independent scenarios (own keys), run at once, asserted one by one.
 */
describe('the quick start killed between its steps, then recover.yml', () => {
  // Both scenarios run at once (own keys) and are asserted one by one; the first is the
  // one recover.yml's happy path already ran when the whole file runs.
  let afterAdmit: ReturnType<typeof recoveredAfterKill>
  let beforeAdmit: ReturnType<typeof recoveredAfterKill>
  beforeAll(() => {
    afterAdmit = afterAdmitKill()
    beforeAdmit = recoveredAfterKill(1)
    afterAdmit.catch(() => undefined) // reported by its own test
    beforeAdmit.catch(() => undefined)
  })

  it('killed between admit and dispatch: re-run once, one working receiver, a ledger that verifies', async () => {
    const { q, runs, recoveries } = await afterAdmit
    expect(runs[0]!.jobs.dispatch!.killedBefore).toBe(2)
    expect(recoveries[0]!.jobs.recover!.steps[1]!.outputs.rerun_requested).toBe('true')
    expect(runs.map(r => r.conclusion)).toEqual(['failure', 'success'])
    expect(await q.working()).toHaveLength(1)
    const { plan } = await q.ledger() // verifies the chain
    expect(plan.action).toBe('observe_provider')
  })

  // A GAP, shown rather than hidden: recover (docs/design/recovery.md) looks only at runs the killed
  // workflow run admitted. Killed between checkout and admit, it admitted none, so recover
  // re-runs nothing and the labeled issue is never worked on (0 receivers, not 1), although
  // a re-run would be safe (nothing can have been sent). This test fails once that is fixed;
  // then it should expect one working receiver like the one above.
  it('killed between checkout and admit: recover re-runs nothing, so no receiver works (gap)', async () => {
    const { q, runs, recoveries } = await beforeAdmit
    expect(runs[0]!.jobs.dispatch!.killedBefore).toBe(1)
    expect(recoveries[0]!.jobs.recover!.steps[1]!.outputs).toMatchObject({
      rerun_requested: 'false'
    })
    expect(runs).toHaveLength(1)
    expect(await q.working()).toHaveLength(0)
    await expect(q.ledger()).rejects.toThrow(/is not admitted/)
  })
})

/** The receiver of agent.yml, failing after its work started (the job fails). */
const failingReceiver = (): string =>
  (text['agent.yml'] as string).replace(
    'run: ./run-agent --issue "$ISSUE"',
    'run: ./run-agent --issue "$ISSUE" && exit 1'
  )

/** The receiver of agent.yml, failing before its admit step (as a startup failure would). */
const failsBeforeAdmit = (): string => {
  const published = text['agent.yml'] as string
  const failing = published.replace(ADMIT_STEP, `      - run: exit 1\n${ADMIT_STEP}`)
  if (failing === published) throw new Error('agent.yml has no admit step to precede')
  return failing
}

describe('a run ends when its receiver does (agent-ended.yml), and a relabel runs the work again', () => {
  it('a failed receiver: attempt_failed, retryable; the label again sends attempt 2 once', async () => {
    const q = await quickStart({ receiver: failingReceiver() })
    await q.deliver()
    const [receiver] = await q.receivers()
    expect(receiver!.conclusion).toBe('failure')
    await observeReceiver(receiver as WorkflowRun)
    const failed = await q.ledger()
    expect(failed.state.state).toBe('attempt_failed')
    expect(failed.state.last_failure).toMatchObject({ code: 'receiver_failure', retryable: true })
    expect(failed.plan.action).toBe('retry_attempt')
    // A redelivery of the first event (its earlier time) is a duplicate of the failed run.
    expect((await q.deliver()).jobs.dispatch!.steps[1]!.outputs.sent).toBe('false')
    const again = relabeled(q.event)
    const retry = await Promise.all([q.deliver({ event: again }), q.deliver({ event: again })])
    expect(retry.map(r => r.jobs.dispatch!.steps[1]!.outputs.sent).sort()).toEqual([
      'false',
      'true'
    ])
    const { state } = await q.ledger()
    expect(state.current_attempt).toBe(2)
    expect(await q.dispatches()).toHaveLength(2)
  })

  it('a receiver that fails before its admit step: agent-ended.yml records attempt_failed; a relabel sends attempt 2 once', async () => {
    const q = await quickStart({ receiver: failsBeforeAdmit() })
    await q.deliver()
    const [receiver] = await q.receivers()
    expect(receiver!.conclusion).toBe('failure')
    expect(await q.working()).toHaveLength(0)
    // It never admitted, so the coordinator names its run only as the dispatch answer's.
    expect((await q.ledger()).state.state).toBe('dispatched')
    await observeReceiver(receiver as WorkflowRun)
    const { state, plan } = await q.ledger()
    expect(state.state).toBe('attempt_failed')
    expect(state.last_failure).toMatchObject({ code: 'receiver_failure', retryable: true })
    expect(plan.action).toBe('retry_attempt')
    const again = relabeled(q.event)
    const retry = await Promise.all([q.deliver({ event: again }), q.deliver({ event: again })])
    expect(retry.map(r => r.jobs.dispatch!.steps[1]!.outputs.sent).sort()).toEqual([
      'false',
      'true'
    ])
    expect((await q.ledger()).state.current_attempt).toBe(2)
    expect(await q.dispatches()).toHaveLength(2)
  })

  it('a receiver that fails before its admit step, no observer: the relabel records it and sends attempt 2 once', async () => {
    const q = await quickStart({ receiver: failsBeforeAdmit() })
    await q.deliver()
    const [receiver] = await q.receivers()
    expect(receiver!.conclusion).toBe('failure')
    const second = await q.deliver({ event: relabeled(q.event) })
    expect(second.jobs.dispatch!.steps[1]!.outputs).toMatchObject({
      sent: 'true',
      generation: '1'
    })
    const { state, records } = await q.ledger()
    expect(state.current_attempt).toBe(2)
    expect(records.find(r => r.state === 'attempt_failed')?.failure?.code).toBe('receiver_failure')
    expect(await q.dispatches()).toHaveLength(2)
  })

  it('the label again while the receiver still works: nothing sent, the step names the working run', async () => {
    const q = await quickStart()
    await q.deliver()
    const [receiver] = await q.receivers()
    // GitHub still shows it in progress (the local run finished; GitHub's record says otherwise).
    await origin.api!.setRun(receiver!.runId, { status: 'in_progress', conclusion: null })
    const again = await q.deliver({ event: relabeled(q.event) })
    const step = again.jobs.dispatch!.steps[1]!
    expect(step.outputs.sent).toBe('false')
    expect(step.outputs.recovery_reason ?? step.stdout).toContain(
      `/actions/runs/${receiver!.runId}`
    )
    expect(await q.dispatches()).toHaveLength(1)
  })

  it('no observer ran: the relabel looks the receiver up itself (one GET) and opens generation 2', async () => {
    const q = await quickStart()
    await q.deliver()
    const [receiver] = await q.receivers()
    await completed(origin, receiver as WorkflowRun, { name: 'agent' })
    const gets =
      (await origin.api!.counts())['GET /repos/{owner}/{repo}/actions/runs/{run_id}'] ?? 0
    const second = await q.deliver({ event: relabeled(q.event) })
    expect(second.jobs.dispatch!.steps[1]!.outputs).toMatchObject({ generation: '2', sent: 'true' })
    const after =
      (await origin.api!.counts())['GET /repos/{owner}/{repo}/actions/runs/{run_id}'] ?? 0
    expect(after - gets).toBe(1)
  })

  it('negative control: the look-up unanswered and no observer, the relabel is held as a duplicate', async () => {
    const q = await quickStart()
    await q.deliver()
    const [receiver] = await q.receivers()
    await completed(origin, receiver as WorkflowRun, { name: 'agent' })
    await origin.api!.fault('getRun', { kind: 'error', status: 500 })
    const second = await q.deliver({ event: relabeled(q.event) })
    expect(second.jobs.dispatch!.steps[1]!.outputs.sent).toBe('false')
    expect(await q.dispatches()).toHaveLength(1)
  })

  it.each([
    ['never', 'false'],
    ['after-cancelled', 'false'],
    ['after-terminal', 'true']
  ])('one-step dispatch with reuse %s after a successful end: sent %s', async (reuse, sent) => {
    const published = text['issue-labeled.yml'] as string
    const withReuse = published.replace(
      '          driver: workflow\n',
      `          driver: workflow\n          reuse: ${reuse}\n`
    )
    expect(withReuse).not.toBe(published)
    const s = await scenario(origin, {
      file: example('issue-labeled.yml'),
      content: withReuse,
      labeled
    })
    const started = new Set<number>()
    await s.deliver()
    const [receiver] = await runDispatchedReceivers(origin, {
      file: example('agent.yml'),
      content: text['agent.yml'],
      started,
      mine: inputs => inputs.issue === String(s.number),
      machineEnv: s.machineEnv
    })
    await observeReceiver(receiver as WorkflowRun)
    expect((await s.ledger()).state.state).toBe('decided')
    const again = await s.deliver({ event: relabeled(s.event) })
    expect(again.jobs.dispatch!.steps[1]!.outputs.sent).toBe(sent)
  })
})

/** The records of each state in a run's ledger. */
const tally = (records: ReadonlyArray<{ state: string }>): Record<string, number> =>
  records.reduce<Record<string, number>>((n, r) => ({ ...n, [r.state]: (n[r.state] ?? 0) + 1 }), {})

const SWEEP = `name: sweep
on: workflow_dispatch
permissions:
  contents: write
  actions: read
jobs:
  sweep:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
      - id: scan
        uses: octo-org/dispatch-ledger/scan@v0
        with:
          observe: true
`
/** A scheduled sweep (scan with observe: true) as its own workflow run. */
const sweepOnce = () =>
  runWorkflow({
    file: example('issue-labeled.yml'),
    content: SWEEP,
    eventName: 'workflow_dispatch',
    event: {
      inputs: {},
      ref: 'refs/heads/main',
      repository: labeled.repository,
      sender: labeled.sender,
      workflow: '.github/workflows/sweep.yml'
    },
    origin,
    runId: newRunId()
  })

describe('scan with observe: true, a sweep of many runs', () => {
  const sweep = sweepOnce
  it('20 runs waiting, 10 concluded: one push records all 10, a second sweep pushes nothing', async () => {
    const runs = []
    for (let i = 0; i < 20; i++) {
      const q = await quickStart()
      await q.deliver()
      const [receiver] = await q.receivers()
      runs.push({ q, receiver: receiver as WorkflowRun })
    }
    // GitHub: the first 10 concluded, the others still run.
    for (const [i, { receiver }] of runs.entries())
      if (i < 10) await completed(origin, receiver, { name: 'agent' })
      else await origin.api!.setRun(receiver.runId, { status: 'in_progress', conclusion: null })
    const before = origin.server.counts().pushes
    const first = await sweep()
    expect(first.conclusion).toBe('success')
    expect(origin.server.counts().pushes - before).toBe(1)
    const states = await Promise.all(runs.map(async r => (await r.q.ledger()).state.state))
    expect(states.slice(0, 10)).toEqual(Array(10).fill('decided'))
    expect(states.slice(10)).toEqual(Array(10).fill('dispatched'))
    const between = origin.server.counts().pushes
    await sweep()
    expect(origin.server.counts().pushes - between).toBe(0)
    // 20 workflow runs (40 with the receivers) through the runner: minutes on a loaded machine.
  }, 300_000)
})

describe('observers racing, and an observer killed between its read and its push', () => {
  it('the workflow_run delivery and the sweep, twice each, at once: one set of records', async () => {
    const q = await quickStart()
    await q.deliver()
    const [receiver] = await q.receivers()
    await completed(origin, receiver as WorkflowRun, { name: 'agent' })
    const event = await completed(origin, receiver as WorkflowRun, {
      name: 'agent',
      repository: labeled.repository,
      sender: labeled.sender
    })
    const delivery = () =>
      runWorkflow({
        file: example('agent-ended.yml'),
        content: text['agent-ended.yml'],
        eventName: 'workflow_run',
        event,
        origin,
        runId: newRunId()
      })
    const runs = await Promise.all([delivery(), sweepOnce(), delivery(), sweepOnce()])
    expect(runs.map(r => r.conclusion)).toEqual(['success', 'success', 'success', 'success'])
    const { records, state } = await q.ledger()
    expect(state.state).toBe('decided')
    expect(tally(records)).toMatchObject({ candidate_observed: 1, decided: 1 })
    const receiverKey = receiver!.jobs.work!.steps[1]!.outputs.dispatch_key as string
    expect(tally((await ledgerOf(origin, receiverKey)).records)).toEqual({
      admitted: 1,
      decided: 1
    })
  })

  it('SIGKILL after the observer read and decided, before its push: the next one writes it once', async () => {
    const q = await quickStart({ receiver: failingReceiver() })
    await q.deliver()
    const [receiver] = await q.receivers()
    const killed = await observeReceiver(receiver as WorkflowRun, {
      machineEnv: { DISPATCH_LEDGER_TEST_KILL_AT: 'after-observation-read' }
    })
    expect(killed.conclusion).toBe('failure')
    expect((await q.ledger()).state.state).toBe('dispatched')
    // GitHub delivers the event again (or the observer is re-run): written once, now.
    await observeReceiver(receiver as WorkflowRun)
    await observeReceiver(receiver as WorkflowRun)
    const { records, state } = await q.ledger()
    expect(state.state).toBe('attempt_failed')
    expect(tally(records).attempt_failed).toBe(1)
  })
})
