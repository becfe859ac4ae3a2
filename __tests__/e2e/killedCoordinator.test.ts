/**
 * The killed-coordinator proof (docs/design/states.md–6; issue 3 items 4–6).
 *
 * A coordinator (testkit/coordinator.ts, its own Node process) drives one run from admission
 * to a recorded human decision through the bundled action, against a fake provider that is
 * also its own process and counts every submit call. It is SIGKILLed at each step boundary;
 * a recovery coordinator that only follows `command: plan` then finishes the run. The proof:
 * the provider saw exactly one submit for the key, the run ends decided, and the chain
 * verifies. Negative controls show the proof fails when the recovery is wrong.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import { PROJECT_ROOT, runAction, type ActionResult } from '../../scripts/runner.js'
import {
  startFakeProvider,
  type FakeProvider,
  type SubmitCall
} from '../../testkit/fakeProvider.js'
import { cleanupRepos, entryAt, git, makeRepo, headOf } from '../support/repo.js'
import {
  KILL_POINTS,
  limiter,
  runCoordinator,
  type CoordinatorRun,
  type KillPoint
} from '../../testkit/runCoordinator.js'

const EVENT = join(PROJECT_ROOT, 'examples/events/issues-labeled.json')
const KEY = 'v1/issues/123456789/42/labeled/agent:run'
const TIMEOUT = 240000

const providers: FakeProvider[] = []
afterAll(async () => {
  await Promise.all(providers.map(provider => provider.stop()))
  await cleanupRepos()
})

// Scenarios run a few at a time: each is two coordinator processes of ~10–20 action steps.
const limit = limiter(3)

interface LedgerEntry {
  ledger_sequence: number
  state: string
  attempt: { number: number; reason: string } | null
  provider: { submission_state: string; external_ids: Record<string, string> } | null
  failure: { code: string; retryable: boolean } | null
  decision: { outcome: string; by: string } | null
}

interface Proof {
  first: CoordinatorRun
  recovery: CoordinatorRun | null
  submits: SubmitCall[]
  plan: ActionResult
  chain: LedgerEntry[]
}

interface ProofOptions {
  killAt?: KillPoint
  behaviour?: { timeoutNext?: number; refuseNext?: number }
  /** Flags for the coordinator that is killed (or, without a kill point, the only one). */
  firstFlags?: string[]
  /** Flags for the recovery coordinator (the negative controls break it). */
  recoveryFlags?: string[]
}

/** One run of the proof: coordinator (killed at killAt), then recovery, then the evidence. */
async function proof(options: ProofOptions): Promise<Proof> {
  const provider = await startFakeProvider()
  providers.push(provider)
  try {
    const repo = await makeRepo()
    if (options.behaviour) await provider.client.control(options.behaviour)
    const base = ['--repo', repo, '--event', EVENT, '--provider', provider.url]
    const first = await runCoordinator([
      ...base,
      ...(options.killAt ? ['--kill-at', options.killAt] : []),
      ...(options.firstFlags ?? [])
    ])
    // The recovery workflow: a re-run of the killed one (same event, next run attempt).
    const recovery = options.killAt
      ? await runCoordinator([
          ...base,
          '--mode',
          'recover',
          '--run-attempt',
          '2',
          ...(options.recoveryFlags ?? [])
        ])
      : null
    const submits = await provider.client.submits(KEY)
    // A scheduled sweep, with nothing but the key, reconstructs and verifies the chain.
    const plan = await runAction({
      workspace: repo,
      eventName: 'schedule',
      event: { schedule: '*/5 * * * *' },
      runId: 9000,
      action: 'plan',
      with: { 'dispatch-key': KEY, remote: 'none' }
    })
    const chain = await readChain(repo, plan.outputs.ledger_ref ?? '')
    return { first, recovery, submits, plan, chain }
  } finally {
    await provider.stop()
  }
}

async function readChain(repo: string, ref: string): Promise<LedgerEntry[]> {
  if (!ref) return []
  const oids = (await git(repo, 'rev-list', '--reverse', await headOf(repo, ref)))
    .split('\n')
    .filter(Boolean)
  return Promise.all(oids.map(async oid => (await entryAt(repo, oid)) as LedgerEntry))
}

/** Work the provider accepted (a job exists), as opposed to calls it refused. */
const accepted = (submits: SubmitCall[]) => submits.filter(call => call.outcome !== 'refused')

const describeRun = (p: Proof) =>
  JSON.stringify(
    {
      submits: p.submits,
      first: { code: p.first.code, signal: p.first.signal, tail: p.first.log.slice(-3) },
      recovery: p.recovery && { code: p.recovery.code, tail: p.recovery.log.slice(-3) },
      plan: { code: p.plan.code, errors: p.plan.errors },
      states: p.chain.map(entry => entry.state)
    },
    null,
    1
  )

/** Everything the proof asserts about a finished run, for a given expected submit log. */
function expectDecidedOnce(p: Proof, expectedSubmits: Array<Partial<SubmitCall>>): void {
  const context = describeRun(p)
  expect({ context, submits: p.submits }).toEqual({
    context,
    submits: expectedSubmits.map(call => expect.objectContaining({ dispatch_key: KEY, ...call }))
  })
  // Exactly one job at the provider, and it is the one the ledger adopted.
  const jobs = accepted(p.submits)
  expect(jobs).toHaveLength(1)
  const jobId = jobs[0]?.job_id
  const adopted = p.chain
    .filter(entry => entry.provider?.submission_state === 'submitted')
    .map(entry => entry.provider?.external_ids.job_id)
  expect(adopted.length).toBeGreaterThan(0)
  expect(new Set(adopted)).toEqual(new Set([jobId]))

  // The run ends decided and the chain verifies (plan reconstructs it and exits 0).
  expect(p.plan.code).toBe(0)
  expect(p.plan.outputs).toMatchObject({
    state: 'decided',
    terminal: 'true',
    recovery_action: 'none',
    sequence: String(p.chain.length)
  })
  expect(p.chain.map(entry => entry.ledger_sequence)).toEqual(p.chain.map((_, i) => i + 1))
  expect(p.chain[0]?.state).toBe('admitted')
  expect(p.chain.at(-1)).toMatchObject({
    state: 'decided',
    decision: { outcome: 'approved', by: 'tester' }
  })
  // The intent was always recorded before the provider call that carried its attempt.
  for (const call of p.submits) {
    const intent = p.chain.find(
      entry =>
        entry.state === 'dispatched' &&
        entry.attempt?.number === call.attempt &&
        entry.provider?.submission_state === 'not_submitted'
    )
    expect({ call, intent: intent !== undefined }).toEqual({ call, intent: true })
  }
}

function expectKilledThenRecovered(p: Proof, point: KillPoint): void {
  const context = describeRun(p)
  // A real SIGKILL, at the named boundary, and nothing logged after it.
  expect({ context, signal: p.first.signal, code: p.first.code }).toEqual({
    context,
    signal: 'SIGKILL',
    code: null
  })
  expect(p.first.log.at(-1)).toEqual({ kill: point })
  expect({ context, code: p.recovery?.code }).toEqual({ context, code: 0 })
  expect(p.recovery?.log.at(-1)).toMatchObject({ result: 'done', state: 'decided' })
}

describe('killed coordinator: recovery by plan never submits twice', () => {
  it.concurrent.each(KILL_POINTS.map(point => [point]))(
    'killed %s: one submit, the run ends decided, the chain verifies',
    point =>
      limit(async () => {
        const p = await proof({ killAt: point })
        expectKilledThenRecovered(p, point)
        expectDecidedOnce(p, [{ attempt: 1, outcome: 'accepted' }])
        // The recovery only looked the work up where the call may have gone out.
        const lookedUp = p.recovery?.log.some(entry => entry.provider === 'lookup') ?? false
        expect(lookedUp).toBe(point === 'after-not-submitted' || point === 'after-provider-call')
      }),
    TIMEOUT
  )

  it.concurrent(
    'an ambiguous submit (accepted, never answered) is reconciled by lookup: one submit',
    () =>
      limit(async () => {
        const p = await proof({ behaviour: { timeoutNext: 1 } })
        expect(p.first.code).toBe(0)
        expectDecidedOnce(p, [{ attempt: 1, outcome: 'accepted_unanswered' }])
        const states = p.chain.map(e => `${e.state}/${e.provider?.submission_state ?? ''}`)
        expect(states.slice(0, 4)).toEqual([
          'admitted/',
          'dispatched/not_submitted',
          'dispatched/ambiguous',
          'dispatched/submitted'
        ])
      }),
    TIMEOUT
  )

  it.concurrent(
    'an ambiguous submit, killed before it is recorded, is reconciled by lookup: one submit',
    () =>
      limit(async () => {
        const p = await proof({ behaviour: { timeoutNext: 1 }, killAt: 'after-provider-call' })
        expectKilledThenRecovered(p, 'after-provider-call')
        expectDecidedOnce(p, [{ attempt: 1, outcome: 'accepted_unanswered' }])
      }),
    TIMEOUT
  )

  it.concurrent(
    'a definite retryable refusal is retried as attempt 2: two submits, one job',
    () =>
      limit(async () => {
        const p = await proof({ behaviour: { refuseNext: 1 } })
        expect(p.first.code).toBe(0)
        expectDecidedOnce(p, [
          { attempt: 1, outcome: 'refused' },
          { attempt: 2, outcome: 'accepted' }
        ])
        const failed = p.chain.find(entry => entry.state === 'attempt_failed')
        expect(failed).toMatchObject({
          attempt: { number: 1 },
          failure: { code: 'provider_refused', classification: 'provider', retryable: true }
        })
        expect(p.chain.filter(e => e.state === 'dispatched').map(e => e.attempt?.reason)).toContain(
          'retry'
        )
      }),
    TIMEOUT
  )
})

describe('negative controls: the proof detects a broken recovery', () => {
  // Killed after the provider call, before it was recorded: the work exists at the provider
  // but the ledger holds only the intent. A recovery that does not look it up submits again.
  it.concurrent.each([['--broken-planner'], ['--no-lookup']])(
    '%s after the provider call: the proof sees the double submit',
    flag =>
      limit(async () => {
        const p = await proof({ killAt: 'after-provider-call', recoveryFlags: [flag] })
        expectKilledThenRecovered(p, 'after-provider-call')
        expect(p.submits.map(call => call.attempt)).toEqual([1, 1])
        expect(accepted(p.submits)).toHaveLength(2)
        // …and so the proof's own assertion fails on it.
        expect(() => expectDecidedOnce(p, [{ attempt: 1, outcome: 'accepted' }])).toThrow()
      }),
    TIMEOUT
  )

  // The same broken coordinators facing an unanswered (ambiguous) call.
  it.concurrent.each([['--broken-planner'], ['--no-lookup']])(
    '%s on an ambiguous submit: the proof sees the double submit',
    flag =>
      limit(async () => {
        const p = await proof({ behaviour: { timeoutNext: 1 }, firstFlags: [flag] })
        expect(p.submits.map(call => call.outcome)).toEqual(['accepted_unanswered', 'accepted'])
        expect(() =>
          expectDecidedOnce(p, [{ attempt: 1, outcome: 'accepted_unanswered' }])
        ).toThrow()
      }),
    TIMEOUT
  )

  // Killed after the intent, before any call: the provider has nothing, so even a recovery
  // that skips the lookup sends the work once. The proof rightly passes here: it is a
  // detector of duplicates, and there is none to detect.
  it.concurrent.each([['--broken-planner'], ['--no-lookup']])(
    '%s after not_submitted: no call went out, so there is nothing to duplicate',
    flag =>
      limit(async () => {
        const p = await proof({ killAt: 'after-not-submitted', recoveryFlags: [flag] })
        expectKilledThenRecovered(p, 'after-not-submitted')
        expectDecidedOnce(p, [{ attempt: 1, outcome: 'accepted' }])
      }),
    TIMEOUT
  )
})
