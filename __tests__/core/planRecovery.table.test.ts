import { describe, expect, it } from '@jest/globals'
import {
  RECOVERY_ACTIONS,
  RecoveryActionSchema,
  RecoveryPlanSchema,
  planRecovery,
  type RecoveryAction,
  type RecoveryPlan
} from '../../src/core/planRecovery.js'
import { reconstruct, type RecoveredRunState } from '../../src/core/reconstruct.js'
import { legalChain, provider, TO_AWAITING_DECISION, type Step } from '../../testkit/fixtures.js'

const failure = (retryable: boolean) =>
  ({ code: 'provider_refused', classification: 'provider', retryable }) as const
const VERIFIED = TO_AWAITING_DECISION

type Row = [
  situation: string,
  steps: readonly Step[],
  action: RecoveryAction,
  forbidden: boolean,
  authority: RecoveryPlan['authority_required']
]

// One row per row of SPEC §6, in the table's order.
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

function planOf(steps: readonly Step[]): RecoveryPlan {
  return planRecovery(reconstruct(legalChain(...steps)))
}

describe.each([
  ['SPEC §6', SPEC_ROWS],
  ['ambiguity resolution', AMBIGUOUS_ROWS]
])('%s', (_group, rows) => {
  it.each(rows)('%s', (_situation, steps, action, forbidden, authority) => {
    const plan = planOf(steps)
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
    const plan = planOf([
      'admitted',
      'dispatched',
      { state: 'attempt_failed', failure: failure(true) },
      { state: 'dispatched', provider: provider('not_submitted') }
    ])
    expect(plan.reason).toContain('attempt 2 may have gone out before the coordinator stopped')
    expect(plan.reason).toContain('dispatch key')
    expect(plan.reason).toContain('demonstrably has nothing')
  })

  it('names the external ids to observe by', () => {
    const plan = planOf([
      'admitted',
      { state: 'dispatched', provider: provider('submitted', { run: '4711' }) }
    ])
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
