/**
 * docs/design/operators.md decision path, exhaustively: every writing verb in every recovered situation,
 * against a table written out here (not computed from the code's own applicableVerbs).
 */
import { describe, expect, it } from '@jest/globals'
import { digestOf } from '../../../src/core/canonical.js'
import { newRecord } from '../../../src/core/newRecord.js'
import type { WritingCommand, OperatorContext } from '../../../src/core/operator/decide.js'
import {
  applicableVerbs,
  decideOperation,
  derivedKey,
  settledBy
} from '../../../src/core/operator/decide.js'
import { planRecovery } from '../../../src/core/planRecovery.js'
import type { LedgerRecord } from '../../../src/core/record.js'
import { reconstruct } from '../../../src/core/reconstruct.js'
import { checkAppend } from '../../../src/core/transition.js'
import { extend, failure, legalChain, provider, type Step } from '../../../testkit/fixtures.js'

const VERIFIED: Step[] = ['admitted', 'dispatched', 'candidate_observed', 'normalized']
const SITUATIONS: Record<string, Step[]> = {
  proposed: ['proposed'],
  previewed: ['proposed', 'previewed'],
  admission_blocked: ['proposed', 'admission_blocked'],
  admitted: ['admitted'],
  dispatched_not_submitted: [
    'admitted',
    { state: 'dispatched', provider: provider('not_submitted') }
  ],
  dispatched_ambiguous: [
    'admitted',
    { state: 'dispatched', provider: provider('not_submitted') },
    { state: 'dispatched', provider: provider('ambiguous') }
  ],
  dispatched_submitted: ['admitted', 'dispatched'],
  failed_retryable: ['admitted', 'dispatched', { state: 'attempt_failed', failure: failure(true) }],
  failed_final: ['admitted', 'dispatched', { state: 'attempt_failed', failure: failure(false) }],
  candidate_observed: ['admitted', 'dispatched', 'candidate_observed'],
  normalized: VERIFIED,
  verification_requested: [...VERIFIED, 'verification_requested'],
  verification_error: [
    ...VERIFIED,
    'verification_requested',
    {
      state: 'verification_error',
      failure: { code: 'x', classification: 'verification', retryable: true }
    }
  ],
  evidence_ready: [...VERIFIED, 'verification_requested', 'evidence_ready'],
  awaiting: [...VERIFIED, 'verification_requested', 'evidence_ready', 'awaiting_human_decision'],
  decided_approved: [
    ...VERIFIED,
    'verification_requested',
    'evidence_ready',
    'awaiting_human_decision',
    { state: 'decided', decision: { outcome: 'approved', by: 'alice' } }
  ],
  decided_rejected: [
    ...VERIFIED,
    'verification_requested',
    'evidence_ready',
    'awaiting_human_decision',
    { state: 'decided', decision: { outcome: 'rejected', by: 'alice' } }
  ],
  cancelled: ['admitted', 'dispatched', 'cancelled']
}

const COMMANDS: Record<string, WritingCommand> = {
  approve: { verb: 'approve', run_id: 'run-0001', note: 'looks right' },
  deny: { verb: 'deny', run_id: 'run-0001', note: null },
  cancel: { verb: 'cancel', run_id: 'run-0001', note: 'stop it' },
  retry: { verb: 'retry', run_id: 'run-0001', note: null },
  sent: {
    verb: 'resolve',
    run_id: 'run-0001',
    answer: 'sent',
    external_ids: { workflow_run_id: '9555' },
    note: null
  },
  not_sent: { verb: 'resolve', run_id: 'run-0001', answer: 'not-sent', note: 'nothing there' }
}

type Outcome = 'applied' | 'duplicate' | 'conflict' | 'noop'
const A = 'applied',
  D = 'duplicate',
  C = 'conflict',
  N = 'noop'
//                          approve deny cancel retry sent not_sent
const TABLE: Record<string, Outcome[]> = {
  proposed: [N, N, A, N, N, N],
  previewed: [N, N, A, N, N, N],
  admission_blocked: [N, N, N, N, N, N],
  admitted: [N, N, A, N, N, N],
  dispatched_not_submitted: [N, N, A, N, A, A],
  dispatched_ambiguous: [N, N, A, N, A, A],
  dispatched_submitted: [N, N, A, N, N, N],
  failed_retryable: [N, N, A, N, N, N],
  failed_final: [N, N, A, A, N, N],
  candidate_observed: [N, N, A, N, N, N],
  normalized: [N, N, A, N, N, N],
  verification_requested: [N, N, A, N, N, N],
  verification_error: [N, N, A, N, N, N],
  evidence_ready: [N, N, A, N, N, N],
  awaiting: [A, A, A, N, N, N],
  decided_approved: [D, C, C, N, N, N],
  decided_rejected: [C, D, C, N, N, N],
  cancelled: [C, C, D, N, N, N]
}
const VERBS = Object.keys(COMMANDS)

/** What the run plans after an applied verb. */
const NEXT: Record<string, { state: string; action: string }> = {
  approve: { state: 'decided', action: 'none' },
  deny: { state: 'decided', action: 'none' },
  cancel: { state: 'cancelled', action: 'none' },
  retry: { state: 'attempt_failed', action: 'retry_attempt' },
  sent: { state: 'dispatched', action: 'observe_provider' },
  not_sent: { state: 'attempt_failed', action: 'retry_attempt' }
}
/** The other answer to the same ask: a conflict once the first is recorded. */
const OTHER: Record<string, string> = {
  approve: 'deny',
  deny: 'approve',
  sent: 'not_sent',
  not_sent: 'sent'
}

let comments = 0
function context(login = 'alice'): OperatorContext {
  comments++
  return {
    by: { login, id: 1000 + comments },
    evidence: {
      kind: 'operator_comment',
      digest: digestOf(`comment ${comments}`),
      uri: `https://github.com/o/r/issues/7#issuecomment-${comments}`
    }
  }
}

function decide(records: readonly LedgerRecord[], command: WritingCommand, ctx = context()) {
  const state = reconstruct(records)
  return decideOperation(records, state, planRecovery(state), command, ctx)
}

/** Appends what an applied decision asks for, exactly as the command builds it. */
function apply(records: readonly LedgerRecord[], decision: ReturnType<typeof decide>) {
  if (decision.outcome !== 'applied') throw new Error(`not applied: ${decision.reason}`)
  const state = reconstruct(records)
  const head = records.at(-1) as LedgerRecord
  const record = newRecord({
    ...decision.append.fields,
    run_id: state.run_id,
    ledger_sequence: state.sequence + 1,
    previous_record_digest: state.head_digest,
    state: decision.append.state,
    occurred_at: '2026-01-01T00:00:00Z',
    trigger: decision.append.trigger,
    actor: decision.append.actor,
    dispatch_key: state.dispatch_key,
    request_digest: state.request_digest,
    writer: null
  })
  checkAppend(head, record)
  return [...records, record]
}

describe('every verb in every recovered state (docs/design/operators.md)', () => {
  const cases = Object.entries(TABLE).flatMap(([situation, outcomes]) =>
    VERBS.map((verb, i) => [situation, verb, outcomes[i] as Outcome] as const)
  )
  it('the table covers every state of docs/design/states.md', () => {
    const states = new Set(
      Object.values(SITUATIONS).map(steps => reconstruct(legalChain(...steps)).state)
    )
    expect(states.size).toBe(14)
  })

  it.each(cases)('%s: %s → %s', (situation, verb, expected) => {
    const records = legalChain(...(SITUATIONS[situation] as Step[]))
    const command = COMMANDS[verb] as WritingCommand
    const decision = decide(records, command)
    expect(decision.outcome).toBe(expected)
    expect(decision.reason).toMatch(expected === 'applied' ? /Recorded/ : /Nothing was written/)
    if (decision.outcome !== 'applied') {
      expect('append' in decision).toBe(false)
      return
    }
    // Applied: the record is legal on the head, carries the evidence and moves the plan on.
    const after = apply(records, decision)
    const record = after.at(-1) as LedgerRecord
    expect(record.trigger).toBe('operator')
    expect(record.idempotency.input_key).toBe(decision.key)
    expect(record.decision?.by).toBe('alice')
    expect(record.evidence[0]?.kind).toBe('operator_comment')
    const state = reconstruct(after)
    expect({ state: state.state, action: planRecovery(state).action }).toEqual(NEXT[verb])

    // The same answer from another person (another comment) converges: duplicate.
    const again = decide(after, command, context('bob'))
    expect(again.outcome).toBe('duplicate')
    // The other answer to the same ask loses: the first outcome wins.
    const other = OTHER[verb] ?? (verb === 'cancel' ? 'approve' : undefined)
    if (other && !(verb === 'cancel' && situation !== 'awaiting')) {
      const lost = decide(after, COMMANDS[other] as WritingCommand, context('bob'))
      expect(lost.outcome).toBe('conflict')
    }
  })
})

describe('derived keys (docs/design/operators.md)', () => {
  it('decision:<run>:<seq of the awaiting record>, also after the run is decided', () => {
    const awaiting = legalChain(...(SITUATIONS.awaiting as Step[]))
    const state = reconstruct(awaiting)
    expect(derivedKey('approve', awaiting, state)).toBe(`decision:run-0001:${awaiting.length}`)
    const decided = apply(awaiting, decide(awaiting, COMMANDS.approve as WritingCommand))
    expect(derivedKey('deny', decided, reconstruct(decided))).toBe(
      `decision:run-0001:${awaiting.length}`
    )
  })

  it('cancel:<run>, retry:<run>:<seq of the failure>, resolve:<run>:<attempt>', () => {
    const failed = legalChain(...(SITUATIONS.failed_final as Step[]))
    expect(derivedKey('cancel', failed, reconstruct(failed))).toBe('cancel:run-0001')
    expect(derivedKey('retry', failed, reconstruct(failed))).toBe('retry:run-0001:3')
    // After the operator's retry, the key still names the original failure (a redelivery converges).
    const retried = apply(failed, decide(failed, COMMANDS.retry as WritingCommand))
    expect(derivedKey('retry', retried, reconstruct(retried))).toBe('retry:run-0001:3')
    const ambiguous = legalChain(...(SITUATIONS.failed_retryable as Step[]), {
      state: 'dispatched',
      provider: provider('ambiguous')
    })
    expect(derivedKey('resolve', ambiguous, reconstruct(ambiguous))).toBe('resolve:run-0001:2')
  })

  it('nothing to answer → no key, noop', () => {
    const admitted = legalChain('admitted')
    const state = reconstruct(admitted)
    expect(derivedKey('approve', admitted, state)).toBeNull()
    expect(derivedKey('retry', admitted, state)).toBeNull()
    expect(derivedKey('resolve', admitted, state)).toBeNull()
  })
})

describe('duplicate, conflict, first outcome wins', () => {
  const awaiting = legalChain(...(SITUATIONS.awaiting as Step[]))

  it('a redelivered comment is a duplicate even after the run moved on', () => {
    const failed = legalChain(...(SITUATIONS.failed_final as Step[]))
    const ctx = context()
    const retried = apply(failed, decide(failed, COMMANDS.retry as WritingCommand, ctx))
    // The coordinator starts attempt 2, which fails for good too: a new failure to answer.
    const next = extend(retried, 'dispatched', { state: 'attempt_failed', failure: failure(false) })
    expect(decide(next, COMMANDS.retry as WritingCommand).outcome).toBe('applied')
    const redelivered = decide(next, COMMANDS.retry as WritingCommand, ctx)
    expect(redelivered).toMatchObject({
      outcome: 'duplicate',
      settled_outcome: 'retry_allowed',
      redelivered: true
    })
  })

  // docs/design/operators.md "one reply comment": only the very comment already executed counts as redelivered
  // (operate posts it no second reply); another comment with the same answer is answered.
  it('redelivered is set for the same comment only, never for another comment', () => {
    const ctx = context()
    const approved = apply(awaiting, decide(awaiting, COMMANDS.approve as WritingCommand, ctx))
    // A run that ended without an operator: the terminal branch's duplicate and conflict.
    const ended = legalChain(...(SITUATIONS.cancelled as Step[]))
    const cases: Array<[string, LedgerRecord[], string, OperatorContext, string, boolean]> = [
      ['the same comment again', approved, 'approve', ctx, 'duplicate', true],
      // Cannot happen (a comment's text is fixed), but the record names the comment: it is
      // still a redelivery of that comment, not a new answer.
      ['the same comment, opposite verb', approved, 'deny', ctx, 'duplicate', true],
      ['another comment, same answer', approved, 'approve', context(), 'duplicate', false],
      ['another comment, opposite answer', approved, 'deny', context(), 'conflict', false],
      ['the same answer to an ended run', ended, 'cancel', context(), 'duplicate', false],
      ['another answer to an ended run', ended, 'approve', context(), 'conflict', false]
    ]
    for (const [what, records, verb, by, outcome, redelivered] of cases)
      expect([what, decide(records, COMMANDS[verb] as WritingCommand, by)]).toMatchObject([
        what,
        { outcome, redelivered }
      ])
    expect(decide(approved, COMMANDS.approve as WritingCommand, ctx).reason).toMatch(
      /^This comment was already executed: approved by alice/
    )
  })

  it('resolve sent with other ids after sent is a conflict; the same ids a duplicate', () => {
    const ambiguous = legalChain(...(SITUATIONS.dispatched_ambiguous as Step[]))
    const sent = apply(ambiguous, decide(ambiguous, COMMANDS.sent as WritingCommand))
    const same = decide(sent, COMMANDS.sent as WritingCommand)
    expect(same).toMatchObject({ outcome: 'duplicate', settled_outcome: 'sent' })
    const other = decide(sent, {
      ...(COMMANDS.sent as WritingCommand),
      external_ids: { workflow_run_id: '1' }
    } as WritingCommand)
    expect(other).toMatchObject({ outcome: 'conflict', settled_outcome: 'sent' })
  })

  it('a conflict names the settled outcome and who settled it', () => {
    const denied = apply(
      awaiting,
      decide(awaiting, COMMANDS.deny as WritingCommand, context('carol'))
    )
    const approve = decide(denied, COMMANDS.approve as WritingCommand)
    expect(approve).toMatchObject({ outcome: 'conflict', settled_outcome: 'rejected' })
    expect(approve.reason).toContain('rejected by carol')
  })

  it('an ambiguous attempt is never resolved by time: only a resolve verb settles it', () => {
    const old = legalChain(...(SITUATIONS.dispatched_ambiguous as Step[]))
    const state = reconstruct(old)
    // Records from 2025; whatever the clock says now, the plan stays reconcile_provider.
    expect(planRecovery(state).action).toBe('reconcile_provider')
    expect(planRecovery({ ...state, updated_at: '1999-01-01T00:00:00Z' }).action).toBe(
      'reconcile_provider'
    )
  })
})

describe('what a stored record settled, and why a verb does not apply', () => {
  it('settledBy reads a record as the answer to the key’s verb', () => {
    const [, , failedFinal] = legalChain('admitted', 'dispatched', {
      state: 'attempt_failed',
      failure: failure(false)
    }) as [LedgerRecord, LedgerRecord, LedgerRecord]
    expect(settledBy('retry', failedFinal)).toBe('attempt_failed')
    expect(settledBy('resolve', failedFinal)).toBe('not_sent')
    expect(settledBy('retry', { ...failedFinal, failure: failure(true) })).toBe('retry_allowed')
    const ambiguous = legalChain('admitted', {
      state: 'dispatched',
      provider: provider('ambiguous')
    })
    expect(settledBy('resolve', ambiguous.at(-1) as LedgerRecord)).toBe('ambiguous')
  })

  it('a redelivered resolve comment reports what it settled', () => {
    const ambiguous = legalChain(...(SITUATIONS.dispatched_ambiguous as Step[]))
    const ctx = context()
    const sent = apply(ambiguous, decide(ambiguous, COMMANDS.sent as WritingCommand, ctx))
    // The record keeps the attempt's driver and reason.
    expect((sent.at(-1) as LedgerRecord).provider?.driver).toBe('fake')
    const moved = extend(sent, 'candidate_observed')
    expect(decide(moved, COMMANDS.sent as WritingCommand, ctx)).toMatchObject({
      outcome: 'duplicate',
      settled_outcome: 'sent',
      key: 'resolve:run-0001:1'
    })
  })

  it('the retry key still names the failure after the next attempt started', () => {
    const failed = legalChain(...(SITUATIONS.failed_final as Step[]))
    const retried = apply(failed, decide(failed, COMMANDS.retry as WritingCommand))
    const next = extend(retried, 'dispatched')
    expect(derivedKey('retry', next, reconstruct(next))).toBe('retry:run-0001:3')
  })

  it('a noop says what the verb needs and which verbs apply now', () => {
    const retryable = legalChain(...(SITUATIONS.failed_retryable as Step[]))
    expect(decide(retryable, COMMANDS.retry as WritingCommand).reason).toMatch(
      /already retryable.*Verbs that apply now: cancel\./
    )
    const admitted = legalChain('admitted')
    expect(decide(admitted, COMMANDS.retry as WritingCommand).reason).toMatch(
      /retry answers only a non-retryable attempt_failed/
    )
    expect(decide(admitted, COMMANDS.approve as WritingCommand).reason).toMatch(
      /Run run-0001 is admitted \(next action: dispatch\); approve and deny answer only/
    )
  })
})

describe('resolve sent values are checked against the driver of the attempt', () => {
  const ambiguousWith = (driver: string) =>
    legalChain(
      'admitted',
      { state: 'dispatched', provider: { ...provider('not_submitted'), driver } },
      { state: 'dispatched', provider: { ...provider('ambiguous'), driver } }
    )
  const sent = (external_ids: Record<string, string>): WritingCommand => ({
    verb: 'resolve',
    run_id: 'run-0001',
    answer: 'sent',
    external_ids,
    note: null
  })

  const table: Array<[string, Record<string, string>, Outcome, RegExp | null]> = [
    ['workflow', { workflow_run_id: '9555' }, A, null],
    ['workflow', { workflow_run_id: '9007199254740991' }, A, null],
    ['workflow', { workflow_run_id: '9555', html_url: 'https://x/y?a=b' }, A, null],
    [
      'workflow',
      { workflow_run_id: '1/../../../../issues/7/comments' },
      N,
      /workflow_run_id must be a positive whole number.*"1\/\.\.\/\.\.\/\.\.\/\.\.\/issues\/7\/comments"/
    ],
    ['workflow', { workflow_run_id: '0' }, N, /positive whole number/],
    ['workflow', { workflow_run_id: '09555' }, N, /no leading zero/],
    ['workflow', { workflow_run_id: '-1' }, N, /positive whole number/],
    ['workflow', { workflow_run_id: '1e3' }, N, /positive whole number/],
    ['workflow', { workflow_run_id: '12345678901234567' }, N, /at most 16 digits/],
    ['workflow', { html_url: 'https://x/y' }, N, /workflow driver needs workflow_run_id=<digits>/],
    ['workflow', { workflow_run_id: '9555', 'Bad-Name': '1' }, N, /name "Bad-Name"/],
    ['workflow', { workflow_run_id: '9555', note: 'a b' }, N, /value of note/],
    ['workflow', { workflow_run_id: '9555', note: 'é' }, N, /printable ASCII/],
    ['workflow', { workflow_run_id: '9555', note: 'v'.repeat(257) }, N, /1 to 256 bytes/],
    // Other drivers: the general rules only.
    ['fake', { job: 'job/../1' }, A, null],
    ['command', { pid: '42' }, A, null],
    ['fake', { job: 'a\u0007b' }, N, /printable ASCII/],
    ['fake', { JOB: '1' }, N, /name "JOB"/]
  ]
  it.each(table)('driver %s, %j → %s', (driver, ids, outcome, reason) => {
    const decision = decide(ambiguousWith(driver), sent(ids))
    expect(decision.outcome).toBe(outcome)
    if (reason) expect(decision.reason).toMatch(reason)
    if (outcome === N) expect(decision.reason).toMatch(/Nothing was written\.$/)
  })

  it('the check runs before the derived key: a bad value after a settled answer is refused too', () => {
    const ambiguous = ambiguousWith('workflow')
    const settled = apply(ambiguous, decide(ambiguous, sent({ workflow_run_id: '9555' })))
    expect(decide(settled, sent({ workflow_run_id: 'x' }))).toMatchObject({ outcome: 'noop' })
  })
})

describe('settledBy, every verb against every kind of record', () => {
  const head = (...steps: Step[]) => legalChain(...steps).at(-1) as LedgerRecord
  const records: Record<string, LedgerRecord> = {
    decided: head(...(SITUATIONS.decided_rejected as Step[])),
    cancelled: head(...(SITUATIONS.cancelled as Step[])),
    submitted: head(...(SITUATIONS.dispatched_submitted as Step[])),
    ambiguous: head(...(SITUATIONS.dispatched_ambiguous as Step[])),
    failed_retryable: head(...(SITUATIONS.failed_retryable as Step[])),
    failed_final: head(...(SITUATIONS.failed_final as Step[])),
    candidate_observed: head(...(SITUATIONS.candidate_observed as Step[]))
  }
  //                    approve, deny, cancel, retry, resolve
  const table: Record<string, string[]> = {
    decided: ['rejected', 'rejected', 'rejected', 'rejected', 'rejected'],
    cancelled: ['cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled'],
    submitted: ['dispatched', 'dispatched', 'dispatched', 'dispatched', 'sent'],
    ambiguous: ['dispatched', 'dispatched', 'dispatched', 'dispatched', 'ambiguous'],
    failed_retryable: [
      'attempt_failed',
      'attempt_failed',
      'attempt_failed',
      'retry_allowed',
      'not_sent'
    ],
    failed_final: [
      'attempt_failed',
      'attempt_failed',
      'attempt_failed',
      'attempt_failed',
      'not_sent'
    ],
    candidate_observed: [
      'candidate_observed',
      'candidate_observed',
      'candidate_observed',
      'candidate_observed',
      'candidate_observed'
    ]
  }
  const verbs = ['approve', 'deny', 'cancel', 'retry', 'resolve'] as const
  it.each(
    Object.entries(table).flatMap(([kind, answers]) =>
      verbs.map((verb, i) => [kind, verb, answers[i] as string] as const)
    )
  )('%s read by %s → %s', (kind, verb, expected) => {
    expect(settledBy(verb, records[kind] as LedgerRecord)).toBe(expected)
  })
})

describe('the verbs that apply, state by state', () => {
  const APPLICABLE: Record<string, string[]> = {
    proposed: ['cancel'],
    admission_blocked: [],
    admitted: ['cancel'],
    dispatched_not_submitted: ['resolve', 'cancel'],
    dispatched_ambiguous: ['resolve', 'cancel'],
    dispatched_submitted: ['cancel'],
    failed_retryable: ['cancel'],
    failed_final: ['retry', 'cancel'],
    verification_error: ['cancel'],
    awaiting: ['approve', 'deny', 'cancel'],
    decided_approved: [],
    cancelled: []
  }
  it.each(Object.entries(APPLICABLE))('%s → %j', (situation, expected) => {
    const state = reconstruct(legalChain(...(SITUATIONS[situation] as Step[])))
    expect(applicableVerbs(state, planRecovery(state))).toEqual(expected)
  })
})

describe('what a decision says', () => {
  const awaiting = legalChain(...(SITUATIONS.awaiting as Step[]))
  const admitted = legalChain('admitted')

  it('a noop names the verb’s need and every verb that applies now', () => {
    expect(decide(awaiting, COMMANDS.retry as WritingCommand).reason).toBe(
      `Run run-0001 is awaiting_human_decision (next action: await_human_decision); retry answers only a non-retryable attempt_failed. Nothing was written. Verbs that apply now: approve, deny, cancel.`
    )
    expect(decide(admitted, COMMANDS.deny as WritingCommand).reason).toBe(
      'Run run-0001 is admitted (next action: dispatch); approve and deny answer only a run awaiting a human decision. Nothing was written. Verbs that apply now: cancel.'
    )
    expect(decide(admitted, COMMANDS.not_sent as WritingCommand).reason).toBe(
      'Run run-0001 is admitted (next action: dispatch); resolve answers only an attempt whose submission is unknown (next action reconcile_provider). Nothing was written. Verbs that apply now: cancel.'
    )
  })

  it('a duplicate and a conflict name the key, the settled outcome, who and where', () => {
    const cancelled = apply(
      awaiting,
      decide(awaiting, COMMANDS.cancel as WritingCommand, context('carol'))
    )
    const at = cancelled.length
    expect(decide(cancelled, COMMANDS.cancel as WritingCommand)).toEqual({
      outcome: 'duplicate',
      key: 'cancel:run-0001',
      settled_outcome: 'cancelled',
      sequence: at,
      reason: `cancel:run-0001 is already settled the same way: cancelled by carol at sequence ${at}. Nothing was written.`,
      redelivered: false
    })
    // A run that ended without an operator: its record names nobody.
    const ended = legalChain(...(SITUATIONS.cancelled as Step[]))
    expect(decide(ended, COMMANDS.cancel as WritingCommand).reason).toBe(
      'Run run-0001 already ended cancelled at sequence 3. Nothing was written.'
    )
    expect(decide(ended, COMMANDS.deny as WritingCommand).reason).toBe(
      'Run run-0001 already ended cancelled at sequence 3; the first outcome wins, so rejected was not recorded. Nothing was written.'
    )
  })

  it('only an operator_comment evidence with the comment’s URL marks a redelivery', () => {
    const ctx = context()
    const other = legalChain(...(SITUATIONS.awaiting as Step[])).map((record, i, all) =>
      i === all.length - 1
        ? { ...record, evidence: [{ ...ctx.evidence, kind: 'verification_report' }] }
        : record
    )
    expect(decide(other, COMMANDS.approve as WritingCommand, ctx).outcome).toBe('applied')
  })
})

describe('the record an applied verb appends', () => {
  it('retry keeps the failure’s attempt, code and classification, and makes it retryable', () => {
    const failed = legalChain('admitted', 'dispatched', {
      state: 'attempt_failed',
      failure: { code: 'quota_exceeded', classification: 'configuration', retryable: false }
    })
    const ctx = context()
    const decision = decide(failed, COMMANDS.retry as WritingCommand, ctx)
    expect(decision).toMatchObject({ outcome: 'applied', key: 'retry:run-0001:3' })
    if (decision.outcome !== 'applied') return
    expect(decision.append).toEqual({
      state: 'attempt_failed',
      trigger: 'operator',
      actor: ctx.by,
      fields: {
        input_key: 'retry:run-0001:3',
        evidence: [ctx.evidence],
        decision: { outcome: 'approved', by: 'alice' },
        note: null,
        attempt: { number: 1, reason: 'initial' },
        failure: { code: 'quota_exceeded', classification: 'configuration', retryable: true }
      }
    })
  })

  it.each([
    ['approve', 'decided', 'approved', 'looks right'],
    ['deny', 'decided', 'rejected', null],
    ['cancel', 'cancelled', 'rejected', 'stop it']
  ])('%s appends %s with decision %s and the note', (verb, state, outcome, note) => {
    const awaiting = legalChain(...(SITUATIONS.awaiting as Step[]))
    const ctx = context('dave')
    const decision = decide(awaiting, COMMANDS[verb] as WritingCommand, ctx)
    if (decision.outcome !== 'applied') throw new Error(decision.reason)
    expect(decision.append).toEqual({
      state,
      trigger: 'operator',
      actor: ctx.by,
      fields: {
        input_key: decision.key,
        evidence: [ctx.evidence],
        decision: { outcome, by: 'dave' },
        note
      }
    })
  })

  // Attempt 1 by one driver failed; attempt 2, by another, is the ambiguous one to resolve.
  const twoDrivers = (first: string, second: string) =>
    legalChain(
      'admitted',
      { state: 'dispatched', provider: { ...provider('submitted'), driver: first } },
      { state: 'attempt_failed', failure: failure(true) },
      { state: 'dispatched', provider: { ...provider('not_submitted'), driver: second } },
      { state: 'dispatched', provider: { ...provider('ambiguous'), driver: second } }
    )
  const sent = (external_ids: Record<string, string>): WritingCommand => ({
    verb: 'resolve',
    run_id: 'run-0001',
    answer: 'sent',
    external_ids,
    note: null
  })

  it('resolve answers the ambiguous attempt: its number, reason and driver', () => {
    const records = twoDrivers('fake', 'workflow')
    expect(decide(records, sent({ job: '1' }))).toMatchObject({
      outcome: 'noop',
      reason: expect.stringMatching(/workflow driver needs workflow_run_id/)
    })
    const decision = decide(records, sent({ workflow_run_id: '9555' }))
    expect(decision).toMatchObject({
      outcome: 'applied',
      key: 'resolve:run-0001:2',
      append: {
        state: 'dispatched',
        fields: {
          attempt: { number: 2, reason: 'retry' },
          provider: {
            driver: 'workflow',
            submission_state: 'submitted',
            external_ids: { workflow_run_id: '9555' }
          }
        }
      }
    })
    // The other way round: attempt 2 is not the workflow driver's, so any valid ids do.
    expect(decide(twoDrivers('workflow', 'fake'), sent({ job: '1' })).outcome).toBe('applied')
    expect(decide(records, COMMANDS.not_sent as WritingCommand)).toMatchObject({
      outcome: 'applied',
      append: {
        state: 'attempt_failed',
        fields: {
          attempt: { number: 2, reason: 'retry' },
          failure: {
            code: 'operator_resolved_not_sent',
            classification: 'recovery_required',
            retryable: true
          },
          note: 'nothing there'
        }
      }
    })
  })
})
