/**
 * src/core/planRecovery.ts: the plan for every row of the recovery table and of ambiguity
 * resolution; then what each reason says, the plan's flags as a property of any
 * RecoveredRunState, and the defensive paths for a state that reconstruct would not produce
 * (the planner is a pure function of its input and must stay safe for every input).
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import {
  RECOVERY_ACTIONS,
  RecoveryActionSchema,
  RecoveryPlanSchema,
  planRecovery,
  type RecoveryAction,
  type RecoveryPlan
} from '../../src/core/planRecovery.js'
import {
  reconstruct,
  type RecoveredAttempt,
  type RecoveredRunState
} from '../../src/core/reconstruct.js'
import { SUBMISSION_STATES } from '../../src/core/record.js'
import { STATES, isTerminal, type State } from '../../src/core/states.js'
import {
  failure,
  legalChain,
  provider,
  TO_AWAITING_DECISION,
  type Step
} from '../../testkit/fixtures.js'
import { propertyRuns } from '../support/mutation.js'

const planOf = (...steps: Step[]) => planRecovery(reconstruct(legalChain(...steps)))

const VERIFIED = TO_AWAITING_DECISION

type Row = [
  situation: string,
  steps: readonly Step[],
  action: RecoveryAction,
  forbidden: boolean,
  authority: RecoveryPlan['authority_required']
]

// One row per row of docs/design/states.md#the-recovery-plan, in the table's order.
const SPEC_ROWS: Row[] = [
  ['terminal: decided', [...VERIFIED, 'decided'], 'none', true, null],
  ['terminal: cancelled before dispatch', ['admitted', 'cancelled'], 'none', false, null],
  ['admission_blocked', ['proposed', 'admission_blocked'], 'none', false, null],
  [
    'attempt with an unresolved ambiguous submission',
    ['admitted', { state: 'dispatched', provider: provider('ambiguous') }],
    'reconcile_provider',
    true,
    'dispatch'
  ],
  [
    'dispatched, submission not_submitted',
    ['admitted', { state: 'dispatched', provider: provider('not_submitted') }],
    'reconcile_provider',
    true,
    'dispatch'
  ],
  [
    'dispatched, no provider info',
    ['admitted', { state: 'dispatched', provider: null }],
    'reconcile_provider',
    true,
    'dispatch'
  ],
  [
    'dispatched, submission submitted',
    ['admitted', { state: 'dispatched', provider: provider('not_submitted') }, 'dispatched'],
    'observe_provider',
    true,
    null
  ],
  ['proposed', ['proposed'], 'preview', false, null],
  ['previewed', ['proposed', 'previewed'], 'admit', false, null],
  ['admitted', ['admitted'], 'dispatch', false, 'dispatch'],
  [
    'attempt_failed, retryable',
    ['admitted', 'dispatched', { state: 'attempt_failed', failure: failure(true) }],
    'retry_attempt',
    false,
    'dispatch'
  ],
  [
    'attempt_failed, not retryable',
    ['admitted', 'dispatched', { state: 'attempt_failed', failure: failure(false) }],
    'await_operator',
    false,
    null
  ],
  ['candidate_observed', VERIFIED.slice(0, 3), 'normalize', true, null],
  ['normalized', VERIFIED.slice(0, 4), 'request_verification', true, 'verification'],
  ['verification_requested', VERIFIED.slice(0, 5), 'observe_verification', true, null],
  [
    'verification_error',
    [...VERIFIED.slice(0, 5), 'verification_error'],
    'retry_verification',
    true,
    'verification'
  ],
  ['evidence_ready', VERIFIED.slice(0, 6), 'request_human_decision', true, null],
  ['awaiting_human_decision', VERIFIED, 'await_human_decision', true, 'human_decision']
]

const AMBIGUOUS_ROWS: Row[] = [
  [
    'ambiguous then submitted',
    ['admitted', { state: 'dispatched', provider: provider('ambiguous') }, 'dispatched'],
    'observe_provider',
    true,
    null
  ],
  [
    'ambiguous then attempt_failed retryable (provider has nothing)',
    [
      'admitted',
      { state: 'dispatched', provider: provider('ambiguous') },
      { state: 'attempt_failed', failure: failure(true), provider: provider('not_submitted') }
    ],
    'retry_attempt',
    false,
    'dispatch'
  ],
  [
    'ambiguous then attempt_failed not retryable',
    [
      'admitted',
      { state: 'dispatched', provider: provider('ambiguous') },
      { state: 'attempt_failed', failure: failure(false) }
    ],
    'await_operator',
    false,
    null
  ],
  [
    'ambiguous then not_submitted does not settle it',
    [
      'admitted',
      { state: 'dispatched', provider: provider('ambiguous') },
      { state: 'dispatched', provider: provider('not_submitted') }
    ],
    'reconcile_provider',
    true,
    'dispatch'
  ],
  [
    'ambiguous on attempt 1 (failed), attempt 2 intent only',
    [
      'admitted',
      { state: 'dispatched', provider: provider('ambiguous') },
      { state: 'attempt_failed', failure: failure(true) },
      { state: 'dispatched', provider: provider('not_submitted') }
    ],
    'reconcile_provider',
    true,
    'dispatch'
  ],
  [
    'ambiguous on attempt 1 (failed), attempt 2 submitted',
    [
      'admitted',
      { state: 'dispatched', provider: provider('ambiguous') },
      { state: 'attempt_failed', failure: failure(true) },
      'dispatched'
    ],
    'observe_provider',
    true,
    null
  ],
  [
    'attempt 1 failed, attempt 2 ambiguous',
    [
      'admitted',
      'dispatched',
      { state: 'attempt_failed', failure: failure(true) },
      { state: 'dispatched', provider: provider('ambiguous') }
    ],
    'reconcile_provider',
    true,
    'dispatch'
  ],
  [
    'submitted, then ambiguous again',
    ['admitted', 'dispatched', { state: 'dispatched', provider: provider('ambiguous') }],
    'reconcile_provider',
    true,
    'dispatch'
  ],
  [
    'ambiguous then cancelled: nothing to do, still never resubmit',
    ['admitted', { state: 'dispatched', provider: provider('ambiguous') }, 'cancelled'],
    'none',
    true,
    null
  ],
  [
    'attempt failed then cancelled',
    ['admitted', 'dispatched', 'attempt_failed', 'cancelled'],
    'none',
    false,
    null
  ]
]

describe.each([
  ['docs/design/states.md#the-recovery-plan', SPEC_ROWS],
  ['ambiguity resolution', AMBIGUOUS_ROWS]
])('%s', (_group, rows) => {
  it.each(rows)('%s', (_situation, steps, action, forbidden, authority) => {
    const plan = planOf(...steps)
    expect(plan).toEqual({
      action,
      reason: expect.any(String),
      blind_resubmission_forbidden: forbidden,
      authority_required: authority
    })
    expect(RecoveryPlanSchema.parse(plan)).toEqual(plan)
    expect(plan.reason).toMatch(/^[A-Z].*\.$/)
  })
})

describe('plan details', () => {
  it('the rows reach every action, and the zod enum lists them all', () => {
    const seen = new Set([...SPEC_ROWS, ...AMBIGUOUS_ROWS].map(row => row[2]))
    expect([...seen].sort()).toEqual([...RECOVERY_ACTIONS].sort())
    expect(RecoveryActionSchema.options).toEqual([...RECOVERY_ACTIONS])
  })

  it('names the attempt and what to do in a reconcile reason', () => {
    const plan = planOf(
      'admitted',
      'dispatched',
      { state: 'attempt_failed', failure: failure(true) },
      { state: 'dispatched', provider: provider('not_submitted') }
    )
    expect(plan.reason).toContain('attempt 2 may have gone out before the coordinator stopped')
    expect(plan.reason).toContain('dispatch key')
    expect(plan.reason).toContain('demonstrably has nothing')
  })

  it('names the external ids to observe by', () => {
    const plan = planOf('admitted', {
      state: 'dispatched',
      provider: provider('submitted', { run: '4711' })
    })
    expect(plan.reason).toContain('run 4711')
  })

  it('an unresolved ambiguity outranks the state (rule order)', () => {
    const base = reconstruct(legalChain(...VERIFIED.slice(0, 4)))
    const state: RecoveredRunState = {
      ...base,
      attempts: base.attempts.map(a => ({ ...a, unresolved_ambiguous: true }))
    }
    expect(planRecovery(state).action).toBe('reconcile_provider')
    // ...but never outranks a terminal state
    expect(planRecovery({ ...state, state: 'cancelled', terminal: true })).toMatchObject({
      action: 'none',
      blind_resubmission_forbidden: true
    })
  })

  it('treats an unknown retryability as not retryable', () => {
    const base = reconstruct(
      legalChain('admitted', 'dispatched', { state: 'attempt_failed', failure: failure(true) })
    )
    const state: RecoveredRunState = {
      ...base,
      attempts: base.attempts.map(a => ({ ...a, retryable: null })),
      last_failure: null
    }
    expect(planRecovery(state).action).toBe('await_operator')
  })

  it('is pure: the same state gives the same plan and is not modified', () => {
    const state = reconstruct(legalChain('admitted', 'dispatched'))
    const copy = structuredClone(state)
    expect(planRecovery(state)).toEqual(planRecovery(state))
    expect(state).toEqual(copy)
  })
})

const attempt = (partial: Partial<RecoveredAttempt> = {}): RecoveredAttempt => ({
  number: 1,
  reason: 'initial',
  submission_state: 'submitted',
  external_ids: {},
  driver: 'fake',
  unresolved_ambiguous: false,
  failed: false,
  retryable: null,
  ...partial
})

/** A hand-built state: what reconstruct gives for `admitted`, then overridden. */
function stateOf(partial: Partial<RecoveredRunState>): RecoveredRunState {
  return { ...reconstruct(legalChain('admitted')), ...partial }
}

describe('what the reason says', () => {
  it('decided names who decided; without a decision it still says finished', () => {
    const steps: Step[] = [
      ...TO_AWAITING_DECISION,
      { state: 'decided', decision: { outcome: 'rejected', by: 'hubot' } }
    ]
    const decided = reconstruct(legalChain(...steps))
    expect(planRecovery(decided).reason).toBe(
      'The run is finished: hubot rejected it. Nothing is left to do.'
    )
    expect(planRecovery({ ...decided, decision: null }).reason).toBe(
      'The run is finished: a human decision was recorded. Nothing is left to do.'
    )
  })

  it('a failure that is not retryable names the way on: the fix, then the retry and cancel comments with the run id', () => {
    const refused = (code: string) =>
      planRecovery(
        reconstruct(
          legalChain('admitted', 'dispatched', {
            state: 'attempt_failed',
            failure: failure(false, code)
          })
        )
      )
    const forbidden = refused('http_403')
    expect(forbidden.action).toBe('await_operator')
    expect(forbidden.reason).toMatch(
      /^Attempt 1 failed with http_403 and the failure is not retryable; an operator must decide: grant `actions: write` to the workflow .*, then comment `\/ledger retry [^`]+` to start a new attempt; or comment `\/ledger cancel [^`]+` to end the run\.$/
    )
    const runId = reconstruct(legalChain('admitted')).run_id
    expect(forbidden.reason).toContain(`/ledger retry ${runId}`)
    expect(refused('http_404').reason).toMatch(/: fix the workflow input .*`\/ledger retry /)
    expect(refused('exit_78').reason).toMatch(
      /: fix what refused it, then comment `\/ledger retry /
    )
  })

  it('admission_blocked and cancelled each say why nothing is left', () => {
    expect(planOf('proposed', 'admission_blocked').reason).toMatch(/^Admission was blocked/)
    expect(planOf('admitted', 'cancelled').reason).toMatch(/^The run was cancelled/)
  })

  it('external ids are listed as "name value", comma separated; none gives no list', () => {
    const ids = planOf('admitted', {
      state: 'dispatched',
      provider: provider('submitted', { run: '4711', url: 'https://ci/4711' })
    })
    expect(ids.reason).toContain('accepted attempt 1 (run 4711, url https://ci/4711); keep')
    const none = planOf('admitted', { state: 'dispatched', provider: provider('submitted', {}) })
    expect(none.reason).toContain('accepted attempt 1; keep observing')
  })

  it('a failure is named by its code; no failure, no "with"', () => {
    const retry = planOf('admitted', 'dispatched', {
      state: 'attempt_failed',
      failure: failure(true, 'rate_limited')
    })
    expect(retry.reason).toContain(
      'Attempt 1 definitely failed with rate_limited and the failure is retryable'
    )
    expect(retry.reason).toContain('start attempt 2,')
    const state = reconstruct(
      legalChain('admitted', 'dispatched', { state: 'attempt_failed', failure: failure(false) })
    )
    expect(planRecovery({ ...state, last_failure: null }).reason).toContain(
      'Attempt 1 failed and the failure is not retryable'
    )
    const verification = planOf(
      'admitted',
      'dispatched',
      'candidate_observed',
      'normalized',
      'verification_requested',
      'verification_error'
    )
    expect(verification.reason).toContain('Verification ended in an error with verifier_crashed;')
  })

  it('reconcile reasons tell the whole lookup rule, down to the operator', () => {
    for (const plan of [
      planOf('admitted', { state: 'dispatched', provider: provider('ambiguous') }),
      planOf('admitted', { state: 'dispatched', provider: provider('not_submitted') }),
      planOf('admitted', { state: 'dispatched', provider: null })
    ]) {
      expect(plan.reason).toContain(
        'look the work up at the provider by its dispatch key and adopt what it has, and submit only if the provider demonstrably has nothing; a provider that cannot be looked up by key must be reported ambiguous and left to an operator'
      )
    }
  })

  it('no provider info and an intent-only submission are told apart', () => {
    expect(planOf('admitted', { state: 'dispatched', provider: null }).reason).toMatch(
      /^Attempt 1 was dispatched but no provider submission was recorded/
    )
    expect(
      planOf('admitted', { state: 'dispatched', provider: provider('not_submitted') }).reason
    ).toContain('(the ledger holds only the intent, not_submitted)')
  })
})

describe('defensive paths for states reconstruct does not produce', () => {
  it('dispatched with no attempt on record: reconcile, forbidden, the attempt unknown', () => {
    const plan = planRecovery(stateOf({ state: 'dispatched', attempts: [], current_attempt: null }))
    expect(plan).toMatchObject({
      action: 'reconcile_provider',
      blind_resubmission_forbidden: true,
      authority_required: 'dispatch'
    })
    expect(plan.reason).toMatch(/^Attempt \? was dispatched but no provider submission/)
  })

  it('dispatched whose current attempt is not listed: named by current_attempt', () => {
    const plan = planRecovery(stateOf({ state: 'dispatched', attempts: [], current_attempt: 3 }))
    expect(plan.reason).toMatch(/^Attempt 3 was dispatched/)
  })

  it('observing a submitted attempt forbids blind resubmission even if it is marked failed', () => {
    const plan = planRecovery(
      stateOf({ state: 'dispatched', attempts: [attempt({ failed: true })], current_attempt: 1 })
    )
    expect(plan).toMatchObject({ action: 'observe_provider', blind_resubmission_forbidden: true })
  })

  it('an unresolved ambiguity on an older attempt forbids blind resubmission, even when over', () => {
    const plan = planRecovery(
      stateOf({
        state: 'cancelled',
        terminal: true,
        attempts: [
          attempt({ submission_state: 'ambiguous', unresolved_ambiguous: true }),
          attempt({ number: 2, failed: true, retryable: true })
        ],
        current_attempt: 2
      })
    )
    expect(plan).toMatchObject({ action: 'none', blind_resubmission_forbidden: true })
  })

  it('attempt_failed without the attempt listed: numbers from current_attempt, retryability from the last failure', () => {
    const plan = planRecovery(
      stateOf({
        state: 'attempt_failed',
        attempts: [],
        current_attempt: 4,
        last_failure: failure(true)
      })
    )
    expect(plan).toMatchObject({ action: 'retry_attempt', blind_resubmission_forbidden: false })
    expect(plan.reason).toMatch(/^Attempt 4 definitely failed .*start attempt 5,/)
    const unknown = planRecovery(
      stateOf({ state: 'attempt_failed', attempts: [], current_attempt: null, last_failure: null })
    )
    expect(unknown).toMatchObject({ action: 'await_operator' })
    expect(unknown.reason).toMatch(/^Attempt 0 failed/)
  })

  it("the attempt's own retryability wins over the last failure's", () => {
    const base = { state: 'attempt_failed' as const, current_attempt: 1 }
    const own = planRecovery(
      stateOf({
        ...base,
        attempts: [attempt({ failed: true, retryable: true })],
        last_failure: null
      })
    )
    expect(own.action).toBe('retry_attempt')
    const notRetryable = planRecovery(
      stateOf({
        ...base,
        attempts: [attempt({ failed: true, retryable: false })],
        last_failure: failure(true)
      })
    )
    expect(notRetryable.action).toBe('await_operator')
  })

  it('a terminal flag or a terminal state alone is enough to plan nothing', () => {
    expect(planRecovery(stateOf({ state: 'cancelled', terminal: false })).action).toBe('none')
    expect(planRecovery(stateOf({ state: 'admitted', terminal: true })).action).toBe('none')
  })

  it('a state no rule covers goes to an operator, named', () => {
    const plan = planRecovery(stateOf({ state: 'running' as State }))
    expect(plan).toEqual({
      action: 'await_operator',
      reason:
        'The run is in state running, which no recovery rule covers; an operator must inspect the ledger.',
      blind_resubmission_forbidden: false,
      authority_required: null
    })
  })
})

const attemptArb = (number: number) =>
  fc.record({
    number: fc.constant(number),
    reason: fc.constantFrom('initial' as const, 'retry' as const, 'recovery' as const),
    submission_state: fc.constantFrom(null, ...SUBMISSION_STATES),
    external_ids: fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string()),
    driver: fc.constantFrom(null, 'fake'),
    unresolved_ambiguous: fc.boolean(),
    failed: fc.boolean(),
    retryable: fc.constantFrom(null, true, false)
  })

const stateArb = fc
  .record({
    state: fc.constantFrom(...STATES),
    count: fc.integer({ min: 0, max: 3 }),
    pick: fc.integer({ min: 0, max: 3 }),
    retryable: fc.constantFrom(null, true, false)
  })
  .chain(({ state, count, pick, retryable }) =>
    fc.tuple(...Array.from({ length: count }, (_, i) => attemptArb(i + 1))).map(attempts =>
      stateOf({
        state,
        terminal: isTerminal(state),
        attempts,
        current_attempt: count === 0 ? null : Math.min(pick, count - 1) + 1,
        last_failure: retryable === null ? null : failure(retryable)
      })
    )
  )

describe('the plan as a property of any state', () => {
  it('is valid, ends in a sentence, and never allows a blind resubmission while work may be out', () => {
    fc.assert(
      fc.property(stateArb, state => {
        const plan = planRecovery(state)
        expect(RecoveryPlanSchema.parse(plan)).toEqual(plan)
        expect(plan.reason).toMatch(/^[A-Z].*\.$/s)
        if (plan.action === 'reconcile_provider' || plan.action === 'observe_provider')
          expect(plan.blind_resubmission_forbidden).toBe(true)
        const current = state.attempts.find(a => a.number === state.current_attempt)
        const out =
          state.attempts.some(a => a.unresolved_ambiguous) ||
          (current !== undefined && !current.failed)
        expect(plan.blind_resubmission_forbidden).toBe(
          out || plan.action === 'reconcile_provider' || plan.action === 'observe_provider'
        )
        expect(plan.action === 'none').toBe(isTerminal(state.state))
      }),
      { numRuns: propertyRuns(300) }
    )
  })
})
