/**
 * The pure decisions of `command: dispatch` and `command: recover` (SPEC §10, §11), by table:
 * what dispatch does per plan, how each driver's observation is classified, what a lookup
 * allows, the records each outcome appends, and when recover re-runs a coordinator.
 */
import { describe, expect, it, test } from '@jest/globals'
import {
  dispatchMove,
  idempotencyKey,
  MAX_SENDS_PER_ATTEMPT,
  MAX_SENDS_PER_STEP,
  sendsStarted
} from '../../src/core/dispatchMove.js'
import { planRecovery, RECOVERY_ACTIONS, type RecoveryAction } from '../../src/core/planRecovery.js'
import { reconstruct } from '../../src/core/reconstruct.js'
import {
  admittedBy,
  classifyRerun,
  COORDINATOR_CONTINUES,
  decideRecover,
  DEFAULT_MAX_ATTEMPTS
} from '../../src/core/recoverDecision.js'
import {
  absentRecord,
  afterLookup,
  classifyCommandLookup,
  classifyCommandSend,
  classifyWorkflowDispatch,
  intentRecord,
  lastLineIds,
  sendRecord,
  type LookupOutcome
} from '../../src/core/sendOutcome.js'
import { failure, legalChain, provider, type Step } from '../../testkit/fixtures.js'

const moveOf = (...steps: Step[]) => {
  const state = reconstruct(legalChain(...steps))
  return dispatchMove(state, planRecovery(state))
}
const failed = (retryable: boolean): Step => ({
  state: 'attempt_failed',
  failure: { code: 'x', classification: 'provider', retryable }
})
const VERIFIED: Step[] = ['admitted', 'dispatched', 'candidate_observed', 'normalized']

describe('dispatchMove: what dispatch does for each plan (SPEC §10 table)', () => {
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

describe('classifyWorkflowDispatch (driver workflow)', () => {
  test.each<[string, Parameters<typeof classifyWorkflowDispatch>[0], string, boolean | null]>([
    [
      '200 with run details',
      { status: 200, body: { workflow_run_id: 77, run_url: 'u', html_url: 'h' } },
      'submitted',
      null
    ],
    ['204 without details', { status: 204, body: '' }, 'submitted', null],
    ['400', { status: 400, body: {} }, 'refused', false],
    ['401', { status: 401, body: {} }, 'refused', false],
    ['403', { status: 403, body: {} }, 'refused', false],
    ['404', { status: 404, body: {} }, 'refused', false],
    ['422', { status: 422, body: {} }, 'refused', false],
    ['500', { status: 500, body: {} }, 'ambiguous', null],
    ['502', { status: 502, body: {} }, 'ambiguous', null],
    ['429', { status: 429, body: {} }, 'ambiguous', null],
    ['409', { status: 409, body: {} }, 'ambiguous', null],
    ['201 (unexpected success code)', { status: 201, body: {} }, 'ambiguous', null],
    ['dropped connection', { error: 'socket hang up' }, 'ambiguous', null],
    ['timeout', { error: 'timed out (timeout-seconds)' }, 'ambiguous', null]
  ])('%s → %s', (_name, answer, kind, retryable) => {
    const outcome = classifyWorkflowDispatch(answer)
    expect(outcome.kind).toBe(kind)
    if (outcome.kind === 'refused') {
      expect(outcome.failure.retryable).toBe(retryable)
      expect(outcome.failure.classification).toBe('provider')
      expect(outcome.failure.code).toBe(`http_${'status' in answer ? answer.status : ''}`)
    }
  })

  it('200 records the run id and html_url; 204 records none', () => {
    expect(
      classifyWorkflowDispatch({
        status: 200,
        body: { workflow_run_id: 77, run_url: 'api', html_url: 'https://x/77' }
      })
    ).toEqual({
      kind: 'submitted',
      external_ids: { workflow_run_id: '77', html_url: 'https://x/77' }
    })
    expect(classifyWorkflowDispatch({ status: 204, body: '' })).toEqual({
      kind: 'submitted',
      external_ids: {}
    })
    expect(classifyWorkflowDispatch({ status: 200, body: { workflow_run_id: 'x' } })).toEqual({
      kind: 'submitted',
      external_ids: {}
    })
  })

  it('403 names permissions: actions: write', () => {
    const outcome = classifyWorkflowDispatch({ status: 403, body: {} })
    expect(outcome.kind === 'refused' && outcome.message).toMatch(/permissions: actions: write/)
  })
})

describe('classifyCommandSend and classifyCommandLookup (driver command)', () => {
  const run = (exitCode: number | null, stdout = '', timedOut = false) => ({
    exitCode,
    stdout,
    timedOut
  })
  test.each<[string, ReturnType<typeof run>, string, boolean | null]>([
    ['exit 0', run(0), 'submitted', null],
    ['exit 75', run(75), 'refused', true],
    ['exit 78', run(78), 'refused', false],
    ['exit 1', run(1), 'ambiguous', null],
    ['exit 2', run(2), 'ambiguous', null],
    ['exit 76', run(76), 'ambiguous', null],
    ['signal', run(null), 'ambiguous', null],
    ['timeout, even with exit 0', run(0, '', true), 'ambiguous', null]
  ])('send %s → %s', (_name, observed, kind, retryable) => {
    const outcome = classifyCommandSend(observed)
    expect(outcome.kind).toBe(kind)
    if (outcome.kind === 'refused') expect(outcome.failure.retryable).toBe(retryable)
  })

  it('exit 0: the last stdout line, when a JSON object of strings, is the external ids', () => {
    expect(classifyCommandSend(run(0, 'starting\n{"job":"j-1"}\n'))).toEqual({
      kind: 'submitted',
      external_ids: { job: 'j-1' }
    })
    expect(classifyCommandSend(run(0, '{"job":"j-1"}\ndone\n'))).toEqual({
      kind: 'submitted',
      external_ids: {}
    })
  })

  test.each<[string, ReturnType<typeof run>, LookupOutcome['kind']]>([
    ['exit 0 with ids', run(0, '{"job":"j-9"}'), 'found'],
    ['exit 0 without ids', run(0, 'found it'), 'unknown'],
    ['exit 0 with a non-string id', run(0, '{"job":9}'), 'unknown'],
    ['exit 1', run(1), 'absent'],
    ['exit 2', run(2), 'unknown'],
    ['signal', run(null), 'unknown'],
    ['timeout', run(1, '', true), 'unknown']
  ])('lookup %s → %s', (_name, observed, kind) => {
    expect(classifyCommandLookup(observed).kind).toBe(kind)
  })

  test.each<[string, Record<string, string> | null]>([
    ['{"a":"1","b":"2"}', { a: '1', b: '2' }],
    ['  {"a":"1"}  \n\n', { a: '1' }],
    ['{}', {}],
    ['[]', null],
    ['{"a":1}', null],
    ['{"a":null}', null],
    ['{"a":', null],
    ['"a"', null],
    ['', null]
  ])('lastLineIds(%j)', (stdout, ids) => {
    expect(lastLineIds(stdout)).toEqual(ids)
  })

  it('a __proto__ id is kept as a plain key, never dropped or inherited', () => {
    const ids = lastLineIds('{"__proto__":"x"}')
    expect(ids && Object.keys(ids)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(ids)).toBe(Object.prototype)
  })
})

describe('afterLookup: what a lookup allows (SPEC §10 reconcile)', () => {
  const found: LookupOutcome = { kind: 'found', external_ids: { job: '1' } }
  const absent: LookupOutcome = { kind: 'absent', reason: 'r' }
  const unknown: LookupOutcome = { kind: 'unknown', reason: 'r' }
  test.each<[string, LookupOutcome, boolean, number, string]>([
    ['found, fenced', found, true, 1, 'adopt'],
    ['found, unfenced, no sends left', found, false, 0, 'adopt'],
    ['absent, sends left', absent, false, 1, 'fail_and_retry'],
    ['absent, fenced, sends left', absent, true, 2, 'fail_and_retry'],
    ['absent, no sends left', absent, false, 0, 'fail_only'],
    ['unknown, fenced, sends left', unknown, true, 1, 'resend'],
    ['unknown, fenced, no sends left', unknown, true, 0, 'unresolved'],
    ['unknown, not fenced', unknown, false, 2, 'unresolved']
  ])('%s → %s', (_name, lookup, fenced, sendsLeft, next) => {
    expect(afterLookup(lookup, { fenced, sendsLeft })).toBe(next)
  })
})

describe('the records each outcome appends', () => {
  it('the intent is dispatched/not_submitted with the attempt and the intent ids', () => {
    expect(intentRecord('workflow', { number: 2, reason: 'retry' }, { receiver_key: 'k' })).toEqual(
      {
        state: 'dispatched',
        fields: {
          attempt: { number: 2, reason: 'retry' },
          provider: {
            driver: 'workflow',
            submission_state: 'not_submitted',
            external_ids: { receiver_key: 'k' }
          }
        }
      }
    )
  })

  it('submitted, refused, ambiguous', () => {
    expect(
      sendRecord('command', { kind: 'submitted', external_ids: { job: 'j' } }, 'not_submitted')
    ).toEqual({
      state: 'dispatched',
      fields: {
        provider: { driver: 'command', submission_state: 'submitted', external_ids: { job: 'j' } }
      }
    })
    const refusal = failure(true, 'exit_75')
    expect(
      sendRecord('command', { kind: 'refused', failure: refusal, message: 'm' }, 'not_submitted')
    ).toEqual({
      state: 'attempt_failed',
      fields: {
        provider: { driver: 'command', submission_state: 'definite_failure', external_ids: {} },
        failure: refusal
      }
    })
    expect(
      sendRecord('workflow', { kind: 'ambiguous', reason: 'HTTP 500' }, 'not_submitted')
    ).toEqual({
      state: 'dispatched',
      fields: {
        provider: { driver: 'workflow', submission_state: 'ambiguous', external_ids: {} },
        note: 'HTTP 500'
      }
    })
  })

  it('a second ambiguity of an attempt already ambiguous appends nothing', () => {
    expect(sendRecord('workflow', { kind: 'ambiguous', reason: 'r' }, 'ambiguous')).toBeNull()
  })

  it('a provably empty provider fails the attempt, retryable, recovery_required', () => {
    expect(absentRecord('command', 'exit 1').fields.failure).toEqual({
      code: 'provider_has_nothing',
      classification: 'recovery_required',
      retryable: true
    })
    expect(absentRecord('command', 'exit 1').state).toBe('attempt_failed')
  })

  it('each record, appended in protocol order, makes a chain that verifies and plans as §6 says', () => {
    const at = (state: string, fields: object) => ({ state, ...fields }) as Step
    const intent = intentRecord('command', { number: 1, reason: 'initial' }, {})
    const amb = sendRecord('command', { kind: 'ambiguous', reason: 'r' }, 'not_submitted')!
    const absent = absentRecord('command', 'exit 1')
    const chain = legalChain(
      'admitted',
      at(intent.state, intent.fields),
      at(amb.state, { ...amb.fields, attempt: { number: 1, reason: 'initial' } }),
      at(absent.state, { ...absent.fields, attempt: { number: 1, reason: 'initial' } })
    )
    const state = reconstruct(chain)
    expect(planRecovery(state).action).toBe('retry_attempt')
    expect(dispatchMove(state, planRecovery(state))).toEqual({
      kind: 'send',
      attempt: { number: 2, reason: 'retry' }
    })
  })
})

describe('decideRecover (SPEC §11)', () => {
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
