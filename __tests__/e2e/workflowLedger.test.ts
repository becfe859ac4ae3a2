/**
 * The quick start end to end with a ledger repository of its own (issue 25,
 * docs/design/ledger-repository.md): examples/workflows/ledger-issue-labeled.yml (the
 * coordinator), ledger-agent.yml (its fenced receiver) and ledger-operate.yml (an operator's
 * comment) run by the local workflow runner, every dispatch-ledger step with the ledger inputs
 * and the token of a GitHub App installed on the ledger repository alone
 * (actions/create-github-app-token, emulated). The ledger repository is an empty repository of
 * a GitHub-like git host behind the same server URL as the code repository's origin; the job's
 * own token cannot write it. Each assertion is shown able to fail by a mutant of the files.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { startOrigin, type TestOrigin } from '../../scripts/workflow/origin.js'
import {
  LEDGER,
  ledgerQuickStart,
  ledgerTexts,
  namespaceRefs,
  type LedgerFile
} from '../support/ledgerQuickStart.js'
import { cleanupRepos, refsUnder } from '../support/repo.js'
import { FIXTURES, ledgerOf, stepOutcomes } from '../support/workflowScenario.js'

let texts: Record<LedgerFile, string>
let origin: TestOrigin

beforeAll(async () => {
  texts = await ledgerTexts()
})
// Each test its own code origin and ledger repository: a mutant's refs must not meet another's.
beforeEach(async () => {
  origin = await startOrigin({
    seedDir: FIXTURES,
    fakeApi: { receiver: { mode: 'external' } },
    ledgerRepository: LEDGER
  })
})
afterEach(async () => {
  await origin.close()
  await cleanupRepos()
})

/** A file without its ledger inputs (and without a `with:` they leave empty). */
function withoutLedgerInputs(text: string): string {
  return text
    .replace(/^\s+ledger-(repository|token): .*\n/gm, '')
    .replace(/\n( +)with:\n(?!\1 )/g, '\n')
}

const CHECKOUT = '      - uses: actions/checkout@v5\n'

describe('the quick start through a ledger repository of its own', () => {
  it("one working receiver, every ref in the ledger repository and none in the code origin; a redelivery sends nothing; an operator's cancel reaches the run", async () => {
    const q = await ledgerQuickStart(origin, texts)
    const run = await q.deliver()
    expect(run.conclusion).toBe('success')
    expect(stepOutcomes(run, 'dispatch')).toEqual([
      'ledger-token:success',
      'admit:success',
      'dispatch:success'
    ])
    const [, admit, dispatch] = run.jobs.dispatch!.steps
    expect(admit!.outputs).toMatchObject({ created: 'true', owner: 'true', store: LEDGER })
    expect(dispatch!.outputs).toMatchObject({ sent: 'true', owner: 'true' })
    expect(await q.dispatches()).toHaveLength(1)

    // Exactly one working receiver, which admitted its dispatch in the ledger repository.
    const receivers = await q.receivers()
    expect(receivers).toHaveLength(1)
    expect(stepOutcomes(receivers[0]!, 'work')).toEqual([
      'ledger-token:success',
      '__actions_checkout:success',
      'ledger:success',
      '__run:success'
    ])
    const received = receivers[0]!.jobs.work!.steps[2]!.outputs
    expect(received).toMatchObject({ owner: 'true', created: 'true', store: LEDGER })
    expect(await q.working()).toEqual([`run-agent --issue ${q.number}`])

    // Every record is in the ledger repository: the coordinator's run, the receiver's
    // admission (where the coordinator reads it), and the code origin holds no ref of ours.
    const { records, state } = await q.ledger()
    expect(records.map(r => [r.state, r.provider?.submission_state ?? null])).toEqual([
      ['admitted', null],
      ['dispatched', 'not_submitted'],
      ['dispatched', 'submitted'],
      // The receiver's confirmation, written with its admission in the ledger repository.
      ['dispatched', 'submitted']
    ])
    expect(state.attempts[0]?.external_ids.receiver_key).toBe(received.dispatch_key)
    expect(state.attempts[0]?.external_ids.receiver_confirmed).toBe('true')
    expect((await ledgerOf(origin, received.dispatch_key!)).state.state).toBe('admitted')
    const ledgerDir = origin.ledger!.bareDir
    expect(Object.keys(await refsUnder(ledgerDir))).toEqual(
      expect.arrayContaining([admit!.outputs.ledger_ref, received.admission_ref])
    )
    expect(await namespaceRefs(origin.bareDir)).toEqual([])
    // The ledger repository stays as the action found it otherwise: no branch, no tag.
    const { stdout: other } = await promisify(execFile)(
      'git',
      ['for-each-ref', '--format=%(refname)', 'refs/heads/', 'refs/tags/'],
      { cwd: ledgerDir }
    )
    expect(other).toBe('')

    // The agent still works (its workflow run in progress at GitHub). A redelivery (the same
    // event, a new workflow run) looks the receiver up, finds it working, and sends nothing.
    await origin.api!.setRun(receivers[0]!.runId, { status: 'in_progress', conclusion: null })
    const again = await q.deliver()
    expect(again.conclusion).toBe('success')
    expect(again.jobs.dispatch!.steps[1]!.outputs).toMatchObject({
      owner: 'false',
      run_id: admit!.outputs.run_id
    })
    expect(again.jobs.dispatch!.steps[2]!.outputs.sent).toBe('false')
    expect(await q.dispatches()).toHaveLength(1)
    expect(await q.receivers()).toEqual([])
    expect(await q.working()).toHaveLength(1)

    // An operator's cancel, answered by ledger-operate.yml with the ledger inputs, reaches it
    // while the agent still works: cancelled in the
    // ledger, and the receiver's run (which cancel reads from its admission in the ledger
    // repository) cancelled at GitHub.
    const op = await q.operate(`/ledger cancel ${admit!.outputs.run_id} not needed`)
    expect(op.conclusion).toBe('success')
    expect(stepOutcomes(op, 'operate')).toEqual([
      'ledger-token:success',
      'op:success',
      '__run:success'
    ])
    expect(op.jobs.operate!.steps[1]!.outputs).toMatchObject({
      verb: 'cancel',
      outcome: 'applied',
      settled_outcome: 'cancelled',
      state: 'cancelled',
      provider_cancelled: 'true'
    })
    expect((await q.ledger()).state.state).toBe('cancelled')
    expect((await origin.api!.state()).cancels).toEqual([
      { run_id: receivers[0]!.runId, status: 202 }
    ])
    expect(await namespaceRefs(origin.bareDir)).toEqual([])
    // Only the App's installation token ever reached the ledger repository.
    const requests = origin.ledger!.host.requests
    expect(requests.length).toBeGreaterThan(0)
    expect(requests.filter(r => r.auth !== 'write')).toEqual([])
  }, 120_000)
})

describe('each assertion above can fail: mutants of the files, each caught', () => {
  it('without the ledger inputs (the plain quick start: checkout, contents: write), every ref lands in the code origin and none in the ledger', async () => {
    const coordinator = withoutLedgerInputs(texts['ledger-issue-labeled.yml'])
      .replace('permissions:\n', 'permissions:\n  contents: write\n')
      .replace('    steps:\n', `    steps:\n${CHECKOUT}`)
    const receiver = withoutLedgerInputs(texts['ledger-agent.yml']).replace(
      '  contents: read #',
      '  contents: write #'
    )
    expect(coordinator + receiver).not.toMatch(/^\s+ledger-(repository|token):/m)
    const q = await ledgerQuickStart(origin, {
      ...texts,
      'ledger-issue-labeled.yml': coordinator,
      'ledger-agent.yml': receiver
    })
    expect((await q.deliver()).conclusion).toBe('success')
    expect(await q.receivers()).toHaveLength(1)
    expect(await namespaceRefs(origin.bareDir)).not.toEqual([])
    expect(await namespaceRefs(origin.ledger!.bareDir)).toEqual([])
  }, 120_000)

  it('the coordinator without its ledger inputs (and so no store at all: no checkout) fails and dispatches nothing', async () => {
    const q = await ledgerQuickStart(origin, {
      ...texts,
      'ledger-issue-labeled.yml': withoutLedgerInputs(texts['ledger-issue-labeled.yml'])
    })
    const run = await q.deliver()
    expect(run.conclusion).toBe('failure')
    expect(stepOutcomes(run, 'dispatch')).toEqual([
      'ledger-token:success',
      'admit:failure',
      'dispatch:skipped'
    ])
    expect(await q.dispatches()).toEqual([])
    expect(await q.working()).toEqual([])
  }, 120_000)

  it('the receiver without its ledger inputs admits in the code origin (contents: write given): the "none in the code origin" check catches it', async () => {
    const receiver = withoutLedgerInputs(texts['ledger-agent.yml']).replace(
      '  contents: read #',
      '  contents: write #'
    )
    const q = await ledgerQuickStart(origin, { ...texts, 'ledger-agent.yml': receiver })
    await q.deliver()
    const receivers = await q.receivers()
    expect(receivers).toHaveLength(1)
    expect(await namespaceRefs(origin.bareDir)).not.toEqual([])
  }, 120_000)

  it('the receiver without its owner gate, started twice for one dispatch: two working receivers', async () => {
    const gate = "- if: steps.ledger.outputs.owner == 'true'\n        "
    expect(texts['ledger-agent.yml']).toContain(gate)
    const receiver = texts['ledger-agent.yml'].replace(gate, '- ')
    const published = await ledgerQuickStart(origin, texts)
    const mutant = await ledgerQuickStart(origin, { ...texts, 'ledger-agent.yml': receiver })
    for (const q of [published, mutant]) {
      await origin.api!.fault('dispatch', { kind: 'duplicate' })
      await q.deliver()
      expect(await q.receivers()).toHaveLength(2)
    }
    expect(await published.working()).toHaveLength(1)
    expect(await mutant.working()).toHaveLength(2)
  }, 120_000)

  it("a redelivery after the ledger repository's refs were deleted (what its writer can do) is sent again", async () => {
    const q = await ledgerQuickStart(origin, texts)
    await q.deliver()
    const ledgerDir = origin.ledger!.bareDir
    for (const ref of await namespaceRefs(ledgerDir))
      await promisify(execFile)('git', ['update-ref', '-d', ref], { cwd: ledgerDir })
    const again = await q.deliver()
    expect(again.jobs.dispatch!.steps[2]!.outputs.sent).toBe('true')
    expect(await q.dispatches()).toHaveLength(2)
  }, 120_000)

  it('ledger-operate.yml without its ledger inputs fails, and the run stays dispatched', async () => {
    const q = await ledgerQuickStart(origin, {
      ...texts,
      'ledger-operate.yml': withoutLedgerInputs(texts['ledger-operate.yml'])
    })
    const run = await q.deliver()
    const runId = run.jobs.dispatch!.steps[1]!.outputs.run_id!
    const op = await q.operate(`/ledger cancel ${runId}`)
    expect(op.conclusion).toBe('failure')
    expect(op.jobs.operate!.steps[1]!.outcome).toBe('failure')
    expect((await q.ledger()).state.state).toBe('dispatched')
    expect((await origin.api!.state()).cancels).toEqual([])
  }, 120_000)
})
