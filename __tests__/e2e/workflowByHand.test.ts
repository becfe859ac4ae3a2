/**
 * The README's "by hand" workflow (examples/workflows/by-hand.yml), the dispatch protocol
 * written out step by step, run end to end by the local workflow runner against the bundled
 * action, a real git origin over smart HTTP behind the permission gate, and a provider that
 * counts its starts (fixtures/start-agent): duplicates, kills, and negative controls. Its
 * happy path is in workflowExamples.test.ts. One origin for the file; every scenario has its
 * own issue number, so its own dispatch key.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { startOrigin, type TestOrigin } from '../../scripts/workflow/origin.js'
import type { WorkflowRun } from '../../scripts/workflow/run.js'
import { cleanupRepos } from '../support/repo.js'
import {
  FIXTURES,
  example,
  labeledEvent,
  scenario as newScenario,
  stepOutcomes
} from '../support/workflowScenario.js'

const BY_HAND = example('by-hand.yml')
const OWNER_GATE = "steps.ledger.outputs.owner == 'true' && "

let origin: TestOrigin
let labeled: Record<string, unknown>
let byHand: string

beforeAll(async () => {
  origin = await startOrigin({ seedDir: FIXTURES })
  labeled = await labeledEvent()
  byHand = await readFile(BY_HAND, 'utf8')
})
afterAll(async () => {
  await origin.close()
  await cleanupRepos()
})

const scenario = (options: { content?: string; label?: string } = {}) =>
  newScenario(origin, {
    file: BY_HAND,
    content: options.content ?? byHand,
    labeled,
    label: options.label
  })

function owners(runs: WorkflowRun[]): WorkflowRun[] {
  return runs.filter(r => r.jobs.dispatch?.steps[1]?.outputs.owner === 'true')
}

const outcomes = (run: WorkflowRun): string[] => stepOutcomes(run, 'dispatch')

describe('the by-hand scenario (examples/workflows/by-hand.yml)', () => {
  it('another label: the job is skipped and nothing is admitted', async () => {
    const s = await scenario({ label: 'bug' })
    const run = await s.deliver()
    expect(run.jobs.dispatch!.result).toBe('skipped')
    expect(await s.starts()).toEqual([])
    await expect(s.ledger()).rejects.toThrow(/is not admitted/)
  })
})

/**
 * Deterministic interleaving: run A admits and stops before its intent; run B (a duplicate
 * delivery) runs to the end; then A goes on. The owner gate is what keeps B from dispatching
 * A's run.
 */
async function interleaved(content: string) {
  const s = await scenario({ content })
  let release: () => void = () => undefined
  const bDone = new Promise<void>(resolve => (release = resolve))
  let aAdmitted: () => void = () => undefined
  const admitted = new Promise<void>(resolve => (aAdmitted = resolve))
  const a = s.deliver({
    beforeStep: async ({ step }) => {
      if (step.id === 'intent') {
        aAdmitted()
        await bDone
      }
    }
  })
  await admitted
  const b = await s.deliver()
  release()
  return { s, a: await a, b }
}

const INTENT_IF =
  "        if: steps.ledger.outputs.owner == 'true' && steps.ledger.outputs.recovery_action == 'dispatch'\n"
const DISPATCH_GATE = " && steps.ledger.outputs.recovery_action == 'dispatch'"

describe('negative controls: the same checks catch a broken by-hand workflow', () => {
  it('the same event twice, the second between admit and intent: it owns nothing and starts nothing', async () => {
    const { s, a, b } = await interleaved(byHand)
    expect(owners([a, b])).toEqual([a])
    expect(b.jobs.dispatch!.steps[1]!.outputs.run_id).toBe(
      a.jobs.dispatch!.steps[1]!.outputs.run_id
    )
    expect(outcomes(b)).toEqual([
      '__actions_checkout:success',
      'ledger:success',
      'intent:skipped',
      'submit:skipped',
      '__octo-org_dispatch-ledger:skipped'
    ])
    expect(await s.starts()).toHaveLength(1)
  })

  // Found while writing this control: the owner gate is defence in depth, since the action
  // itself tells a non-owner recovery_action=none. The gate that matters is the next two.
  it('the owner gate alone removed still starts once: a non-owner is told recovery_action=none', async () => {
    expect(byHand).toContain(OWNER_GATE)
    const { s, b } = await interleaved(byHand.replace(OWNER_GATE, ''))
    expect(b.jobs.dispatch!.steps[1]!.outputs).toMatchObject({
      owner: 'false',
      recovery_action: 'none'
    })
    expect(await s.starts()).toHaveLength(1)
  })

  it("the intent's whole if: removed is caught: a duplicate after the run ended starts the provider again", async () => {
    expect(byHand).toContain(INTENT_IF)
    const s = await scenario({ content: byHand.replace(INTENT_IF, '') })
    await s.deliver()
    await s.deliver()
    expect(await s.starts()).toHaveLength(2)
  })

  it('the dispatch gate removed is caught: a re-run after a kill before the last record resubmits', async () => {
    expect(byHand).toContain(DISPATCH_GATE)
    const s = await scenario({ content: byHand.replace(DISPATCH_GATE, '') })
    const killed = await s.deliver({ beforeStep: at => (at.index === 4 ? 'kill' : undefined) })
    await s.deliver({ runId: killed.runId, runAttempt: 2, rerunOf: killed })
    expect(await s.starts()).toHaveLength(2)
  })
})

/**
 * The coordinator killed before each step, then its failed job re-run (same run id, next
 * attempt), as a person or the recovery workflow would. What the README documents: the re-run
 * replays its own admission and dispatches only if no intent was recorded; once one was, it
 * reconciles instead of resubmitting (this quick start has no lookup, so an operator does).
 */
describe('the by-hand workflow killed before each step, then re-run', () => {
  const cases: Array<[number, string, number, string]> = [
    // kill before step, its id, provider starts in the end, plan after the re-run
    [1, 'ledger', 1, 'observe_provider'],
    [2, 'intent', 1, 'observe_provider'],
    [3, 'submit', 0, 'reconcile_provider'],
    [4, 'the final record', 1, 'reconcile_provider']
  ]
  // The five scenarios are independent (own keys): run them at once, assert each on its own.
  const outcomes = new Map<number, ReturnType<typeof killThenRerun>>()
  async function killThenRerun(index: number) {
    const s = await scenario()
    const killed = await s.deliver({ beforeStep: at => (at.index === index ? 'kill' : undefined) })
    const rerun = await s.deliver({ runId: killed.runId, runAttempt: 2, rerunOf: killed })
    return { killed, rerun, starts: await s.starts(), ledger: await s.ledger() }
  }
  beforeAll(() => {
    for (const [index] of cases) {
      const outcome = killThenRerun(index)
      outcome.catch(() => undefined) // reported by its own test
      outcomes.set(index, outcome)
    }
  })

  it.each(cases)('killed before step %i (%s)', async (index, _name, starts, action) => {
    const { killed, rerun, starts: calls, ledger } = await outcomes.get(index)!
    expect(killed.conclusion).toBe('failure')
    expect(killed.jobs.dispatch!.killedBefore).toBe(index)
    expect(rerun.conclusion).toBe('success')
    if (index > 1)
      expect(rerun.jobs.dispatch!.steps[1]!.outputs).toMatchObject({
        created: 'false',
        owner: 'true'
      })
    expect(calls).toHaveLength(starts)
    expect(ledger.plan.action).toBe(action) // ledger() verified the chain
  })
})
