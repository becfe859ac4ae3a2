/**
 * The pure decisions of `command: dispatch` and `command: recover` (docs/design/dispatch.md, docs/design/recovery.md), by table:
 * what dispatch does per plan and when recover re-runs a coordinator. How an observation is
 * classified and what a lookup allows are the one send protocol's (core/send/protocol.test.ts).
 */
import { describe, expect, it, test } from '@jest/globals'
import { dispatchMove, idempotencyKey, sendsStarted } from '../../src/core/dispatchMove.js'
import { planRecovery, RECOVERY_ACTIONS, type RecoveryAction } from '../../src/core/planRecovery.js'
import { reconstruct } from '../../src/core/reconstruct.js'
import {
  admittedBy,
  classifyRerun,
  COORDINATOR_CONTINUES,
  decideRecover,
  DEFAULT_MAX_ATTEMPTS
} from '../../src/core/recoverDecision.js'
import { MAX_SENDS_PER_ATTEMPT, MAX_SENDS_PER_STEP } from '../../src/core/send/protocol.js'
import { legalChain, provider, type Step } from '../../testkit/fixtures.js'

const moveOf = (...steps: Step[]) => {
  const state = reconstruct(legalChain(...steps))
  return dispatchMove(state, planRecovery(state))
}
const failed = (retryable: boolean): Step => ({
  state: 'attempt_failed',
  failure: { code: 'x', classification: 'provider', retryable }
})
const VERIFIED: Step[] = ['admitted', 'dispatched', 'candidate_observed', 'normalized']

describe('dispatchMove: what dispatch does for each plan (docs/design/dispatch.md table)', () => {
  test.each<[string, Step[], string, number | null]>([
    ['admitted → dispatch: send attempt 1', ['admitted'], 'send', 1],
    [
      'retryable failure → retry_attempt: send attempt 2',
      ['admitted', 'dispatched', failed(true)],
      'send',
      2
    ],
    [
      'intent only → reconcile attempt 1',
      ['admitted', { state: 'dispatched', provider: provider('not_submitted') }],
      'reconcile',
      1
    ],
    [
      'ambiguous → reconcile attempt 1',
      ['admitted', { state: 'dispatched', provider: provider('ambiguous') }],
      'reconcile',
      1
    ],
    [
      'attempt 2 ambiguous → reconcile attempt 2',
      [
        'admitted',
        'dispatched',
        failed(true),
        { state: 'dispatched', provider: provider('ambiguous') }
      ],
      'reconcile',
      2
    ],
    ['submitted → observe', ['admitted', 'dispatched'], 'observe', 1],
    [
      'not retryable → await_operator: nothing',
      ['admitted', 'dispatched', failed(false)],
      'nothing',
      null
    ],
    ['terminal → nothing', ['admitted', 'cancelled'], 'nothing', null],
    ['proposed → nothing', ['proposed'], 'nothing', null],
    ['later states → nothing', [...VERIFIED], 'nothing', null]
  ])('%s', (_name, steps, kind, attempt) => {
    const move = moveOf(...steps)
    expect(move.kind).toBe(kind)
    if (move.kind === 'send' || move.kind === 'reconcile') expect(move.attempt.number).toBe(attempt)
    if (move.kind === 'observe') {
      expect(move.attempt).toBe(attempt)
      expect(move.external_ids).toEqual({ job: 'job-1' })
    }
    if (move.kind === 'nothing') expect(move.reason).toMatch(/^Nothing to send: the plan is \w+\./)
  })

  it('a retry carries reason retry, a first send initial', () => {
    expect(moveOf('admitted')).toEqual({ kind: 'send', attempt: { number: 1, reason: 'initial' } })
    expect(moveOf('admitted', 'dispatched', failed(true))).toEqual({
      kind: 'send',
      attempt: { number: 2, reason: 'retry' }
    })
  })

  it('only dispatch and retry_attempt ever send', () => {
    const state = reconstruct(legalChain('admitted'))
    for (const action of RECOVERY_ACTIONS) {
      const move = dispatchMove(state, { ...planRecovery(state), action })
      expect({ action, sends: move.kind === 'send' }).toEqual({
        action,
        sends: action === 'dispatch' || action === 'retry_attempt'
      })
    }
  })

  it('idempotency key and bounds', () => {
    expect(idempotencyKey('gh-1-abc', 3)).toBe('gh-1-abc/a3')
    expect(MAX_SENDS_PER_STEP).toBe(2)
    expect(MAX_SENDS_PER_ATTEMPT).toBe(2)
  })

  it('sendsStarted counts the durable intents of one attempt', () => {
    const chain = legalChain(
      'admitted',
      { state: 'dispatched', provider: provider('not_submitted') },
      { state: 'dispatched', provider: provider('ambiguous') },
      { state: 'dispatched', provider: provider('not_submitted') },
      failed(true),
      { state: 'dispatched', provider: provider('not_submitted') }
    )
    expect(sendsStarted(chain, 1)).toBe(2)
    expect(sendsStarted(chain, 2)).toBe(1)
    expect(sendsStarted(chain, 3)).toBe(0)
  })
})

describe('decideRecover (docs/design/recovery.md)', () => {
  const base: Parameters<typeof decideRecover>[0] = {
    conclusion: 'failure',
    run_attempt: 1,
    max_attempts: 3,
    plans: ['reconcile_provider'] as RecoveryAction[]
  }
  test.each<[string, Partial<typeof base>, boolean, string | null]>([
    ['failure, reconcile, attempt 1 of 3', {}, true, null],
    ['cancelled', { conclusion: 'cancelled' }, true, null],
    ['timed_out', { conclusion: 'timed_out' }, true, null],
    ['success', { conclusion: 'success' }, false, 'not_failed'],
    ['skipped', { conclusion: 'skipped' }, false, 'not_failed'],
    ['neutral', { conclusion: 'neutral' }, false, 'not_failed'],
    ['action_required', { conclusion: 'action_required' }, false, 'not_failed'],
    ['no conclusion', { conclusion: null }, false, 'not_failed'],
    ['no open runs', { plans: [] }, false, 'no_runs'],
    ['only an operator can go on', { plans: ['await_operator'] }, false, 'nothing_to_continue'],
    [
      'only a human can go on',
      { plans: ['await_human_decision', 'none'] },
      false,
      'nothing_to_continue'
    ],
    ['one of two can go on', { plans: ['await_operator', 'dispatch'] }, true, null],
    ['attempt 2 of 3', { run_attempt: 2 }, true, null],
    ['attempt 3 of 3: the limit', { run_attempt: 3 }, false, 'max_attempts'],
    ['attempt 4 of 3', { run_attempt: 4 }, false, 'max_attempts'],
    ['max-attempts 1', { max_attempts: 1 }, false, 'max_attempts']
  ])('%s', (_name, change, rerun, why) => {
    const decision = decideRecover({ ...base, ...change })
    expect(decision.rerun).toBe(rerun)
    if (!decision.rerun) expect(decision.why).toBe(why)
    expect(decision.reason.length).toBeGreaterThan(20)
  })

  it('the plans a coordinator carries on by itself', () => {
    const continues = RECOVERY_ACTIONS.filter(action => COORDINATOR_CONTINUES.has(action))
    expect(RECOVERY_ACTIONS.filter(a => !continues.includes(a))).toEqual([
      'none',
      'await_operator',
      'await_human_decision'
    ])
    for (const action of RECOVERY_ACTIONS)
      expect(decideRecover({ ...base, plans: [action] }).rerun).toBe(continues.includes(action))
    expect(DEFAULT_MAX_ATTEMPTS).toBe(3)
  })

  it('admittedBy matches gh-<id>- exactly', () => {
    expect(admittedBy('501', 'gh-501-abcdef012345')).toBe(true)
    expect(admittedBy('50', 'gh-501-abcdef012345')).toBe(false)
    expect(admittedBy('501', 'gh-5010-abcdef012345')).toBe(false)
    expect(admittedBy('501', 'custom-501')).toBe(false)
  })

  test.each<[string, Parameters<typeof classifyRerun>[0], string]>([
    ['201', { status: 201, body: {} }, 'requested'],
    ['204', { status: 204, body: '' }, 'requested'],
    [
      '403',
      { status: 403, body: { message: 'Resource not accessible by integration' } },
      'forbidden'
    ],
    ['401', { status: 401, body: {} }, 'forbidden'],
    ['422', { status: 422, body: {} }, 'refused'],
    ['404', { status: 404, body: {} }, 'refused'],
    ['500', { status: 500, body: {} }, 'unknown'],
    ['no answer', { error: 'socket hang up' }, 'unknown']
  ])('rerun answer %s → %s', (_name, answer, kind) => {
    const rerun = classifyRerun(answer)
    expect(rerun.kind).toBe(kind)
    if (rerun.kind === 'forbidden') expect(rerun.message).toMatch(/permissions: actions: write/)
    if (rerun.kind === 'refused') expect(rerun.message).toMatch(/an operator must act/)
  })
})
