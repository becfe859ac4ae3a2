import { describe, expect, it } from '@jest/globals'
import { digestOf } from '../../src/core/canonical.js'
import { BrokenChain, IllegalTransition } from '../../src/core/errors.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { STATES, isLegalTransition, type State } from '../../src/core/states.js'
import { checkAppend, legalSuccessors, requiredAttemptNumber } from '../../src/core/transition.js'
import {
  legalChain,
  makeRecord,
  nextRecord,
  provider,
  TO_AWAITING_DECISION
} from '../../testkit/fixtures.js'

// SPEC §5, copied from the spec text and parsed here, independently of SUCCESSORS.
const SPEC_STATES = `proposed, previewed, admission_blocked, admitted, dispatched, attempt_failed,
candidate_observed, normalized, verification_requested, verification_error,
evidence_ready, awaiting_human_decision, decided, cancelled`
const SPEC_TERMINAL = 'decided, cancelled, admission_blocked'
const SPEC_TABLE = `
| proposed | previewed, admission_blocked |
| previewed | admitted, admission_blocked |
| admitted | dispatched |
| dispatched | dispatched (a submission update for the same attempt), attempt_failed, candidate_observed |
| attempt_failed | dispatched (a new attempt, number + 1); attempt_failed (an operator's \`retry\` or \`resolve\` of the same attempt, section 12) |
| candidate_observed | normalized |
| normalized | verification_requested |
| verification_requested | evidence_ready, verification_error |
| verification_error | verification_requested |
| evidence_ready | awaiting_human_decision |
| awaiting_human_decision | decided |
`

const list = (text: string): string[] =>
  text
    .replace(/\(.*?\)/g, '')
    .split(/[,;]/)
    .map(item => item.trim())
    .filter(Boolean)

const specStates = list(SPEC_STATES) as State[]
const terminal = new Set(list(SPEC_TERMINAL))
const expected = new Map<string, Set<string>>()
for (const line of SPEC_TABLE.trim().split('\n')) {
  const [, from, to] = line.split('|').map(cell => cell.trim())
  expected.set(from as string, new Set(list(to as string)))
}
// "any non-terminal state may also go to cancelled"
function specAllows(from: string, to: string): boolean {
  if (terminal.has(from)) return false
  return to === 'cancelled' || (expected.get(from)?.has(to) ?? false)
}

/** A record in `from`, somewhere in the middle of a ledger, carrying what `from` needs. */
function recordIn(from: State): LedgerRecord {
  return makeRecord({
    state: from,
    ledger_sequence: 5,
    previous_record_digest: digestOf('some earlier record'),
    attempt:
      from === 'dispatched' || from === 'attempt_failed' ? { number: 2, reason: 'retry' } : null,
    provider: from === 'dispatched' ? provider('submitted') : null,
    failure:
      from === 'attempt_failed'
        ? { code: 'refused', classification: 'provider', retryable: true }
        : null,
    decision: from === 'decided' ? { outcome: 'approved', by: 'octocat' } : null
  })
}

/** The record in `to` after `previous`, with every field right except possibly the state. */
function recordAfter(previous: LedgerRecord, to: State): LedgerRecord {
  const number =
    to === 'dispatched'
      ? previous.state === 'admitted'
        ? 1
        : previous.state === 'attempt_failed'
          ? 3
          : 2
      : 2
  return makeRecord({
    state: to,
    ledger_sequence: previous.ledger_sequence + 1,
    previous_record_digest: digestOf(previous),
    attempt: to === 'dispatched' || to === 'attempt_failed' ? { number, reason: 'retry' } : null,
    provider: to === 'dispatched' ? provider('submitted') : null,
    failure:
      to === 'attempt_failed'
        ? { code: 'refused', classification: 'provider', retryable: false }
        : null,
    decision: to === 'decided' ? { outcome: 'rejected', by: 'octocat' } : null,
    // attempt_failed after attempt_failed is an operator's override (SPEC §12).
    ...(to === 'attempt_failed' && previous.state === 'attempt_failed'
      ? { trigger: 'operator', decision: { outcome: 'approved', by: 'octocat' } }
      : {})
  })
}

function thrown(fn: () => void): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  return undefined
}

describe('SPEC §5 transition table', () => {
  it('lists the same 14 states as the code', () => {
    expect(specStates).toHaveLength(14)
    expect([...specStates].sort()).toEqual([...STATES].sort())
  })

  const pairs = specStates.flatMap(from => specStates.map(to => [from, to] as const))
  it.each(pairs)('%s -> %s', (from, to) => {
    const previous = recordIn(from)
    const next = recordAfter(previous, to)
    const legal = specAllows(from, to)
    expect(isLegalTransition(from, to)).toBe(legal)
    expect(legalSuccessors(from).includes(to)).toBe(legal)
    const error = thrown(() => checkAppend(previous, next))
    if (legal) {
      expect(error).toBeUndefined()
    } else {
      expect(error).toBeInstanceOf(IllegalTransition)
      expect((error as Error).message).toMatch(/Nothing was written/)
      expect((error as Error).message).toContain(
        terminal.has(from) ? 'terminal' : `${from} cannot be followed by ${to}`
      )
    }
  })

  it.each(specStates)('record 1 in state %s', state => {
    const first = makeRecord({
      state,
      attempt:
        state === 'dispatched' || state === 'attempt_failed'
          ? { number: 1, reason: 'initial' }
          : null,
      failure:
        state === 'attempt_failed'
          ? { code: 'refused', classification: 'provider', retryable: true }
          : null,
      decision: state === 'decided' ? { outcome: 'approved', by: 'octocat' } : null
    })
    const error = thrown(() => checkAppend(null, first))
    if (state === 'admitted' || state === 'proposed') expect(error).toBeUndefined()
    else {
      expect(error).toBeInstanceOf(IllegalTransition)
      expect((error as Error).message).toContain('must start with admitted or proposed')
    }
  })
})

describe('attempt numbering', () => {
  const admitted = legalChain('admitted')[0] as LedgerRecord
  const withAttempt = (previous: LedgerRecord, state: State, number: number | null) =>
    nextRecord(previous, {
      state,
      attempt: number === null ? null : { number, reason: number === 1 ? 'initial' : 'retry' }
    })

  it('the first dispatched after admitted is attempt 1', () => {
    expect(requiredAttemptNumber(admitted, 'dispatched')).toBe(1)
    expect(() => checkAppend(admitted, withAttempt(admitted, 'dispatched', 1))).not.toThrow()
    expect(() => checkAppend(admitted, withAttempt(admitted, 'dispatched', 2))).toThrow(
      /carries attempt 2, but the first dispatched record after admitted is attempt 1/
    )
  })

  it('a dispatched record must carry an attempt', () => {
    expect(() => checkAppend(admitted, withAttempt(admitted, 'dispatched', null))).toThrow(
      IllegalTransition
    )
  })

  it('a dispatched after dispatched keeps the attempt number', () => {
    const [, , second] = legalChain(
      'admitted',
      { state: 'dispatched', provider: provider('not_submitted') },
      'dispatched'
    ) as [LedgerRecord, LedgerRecord, LedgerRecord]
    expect(second.attempt?.number).toBe(1)
    expect(requiredAttemptNumber(second, 'dispatched')).toBe(1)
    expect(() => checkAppend(second, withAttempt(second, 'dispatched', 1))).not.toThrow()
    expect(() => checkAppend(second, withAttempt(second, 'dispatched', 2))).toThrow(
      /submission update for the same attempt, 1/
    )
  })

  it('a dispatched after attempt_failed is the failed number + 1', () => {
    const chain = legalChain(
      'admitted',
      'dispatched',
      'attempt_failed',
      'dispatched',
      'attempt_failed'
    )
    const failed = chain.at(-1) as LedgerRecord
    expect(failed.attempt?.number).toBe(2)
    expect(requiredAttemptNumber(failed, 'dispatched')).toBe(3)
    expect(() => checkAppend(failed, withAttempt(failed, 'dispatched', 3))).not.toThrow()
    for (const wrong of [1, 2, 4]) {
      expect(() => checkAppend(failed, withAttempt(failed, 'dispatched', wrong))).toThrow(
        /after attempt 2 failed starts attempt 3/
      )
    }
  })

  it('attempt_failed carries the number of the attempt it fails, and a failure', () => {
    const chain = legalChain('admitted', 'dispatched', 'attempt_failed', 'dispatched')
    const dispatched = chain.at(-1) as LedgerRecord
    expect(requiredAttemptNumber(dispatched, 'attempt_failed')).toBe(2)
    expect(() =>
      checkAppend(dispatched, withAttempt(dispatched, 'attempt_failed', 2))
    ).not.toThrow()
    expect(() => checkAppend(dispatched, withAttempt(dispatched, 'attempt_failed', 1))).toThrow(
      /the attempt in flight is 2/
    )
    expect(() => checkAppend(dispatched, withAttempt(dispatched, 'attempt_failed', null))).toThrow(
      /carries no attempt/
    )
    expect(() =>
      checkAppend(dispatched, nextRecord(dispatched, { state: 'attempt_failed', failure: null }))
    ).toThrow(/carries no failure/)
  })

  it('an unknown outcome is dispatched+ambiguous, never attempt_failed or definite_failure on dispatched', () => {
    const chain = legalChain('admitted', 'dispatched')
    const dispatched = chain.at(-1) as LedgerRecord
    expect(() =>
      checkAppend(
        dispatched,
        nextRecord(dispatched, { state: 'attempt_failed', provider: provider('ambiguous') })
      )
    ).toThrow(/an unknown outcome is not a failure/)
    expect(() =>
      checkAppend(
        dispatched,
        nextRecord(dispatched, { state: 'dispatched', provider: provider('definite_failure') })
      )
    ).toThrow(/recorded as attempt_failed/)
  })

  it('a candidate cannot be observed while the submission is still ambiguous', () => {
    const chain = legalChain('admitted', { state: 'dispatched', provider: provider('ambiguous') })
    const head = chain.at(-1) as LedgerRecord
    expect(() => checkAppend(head, nextRecord(head, 'candidate_observed'))).toThrow(
      /still ambiguous/
    )
    const settled = nextRecord(head, 'dispatched')
    expect(() => checkAppend(settled, nextRecord(settled, 'candidate_observed'))).not.toThrow()
  })

  it('decided carries a decision', () => {
    const chain = legalChain('admitted', 'cancelled')
    const head = legalChain(...TO_AWAITING_DECISION).at(-1) as LedgerRecord
    expect(chain).toHaveLength(2)
    expect(() => checkAppend(head, nextRecord(head, { state: 'decided', decision: null }))).toThrow(
      /carries no decision/
    )
    expect(() => checkAppend(head, nextRecord(head, 'decided'))).not.toThrow()
  })
})

describe('attempt_failed → attempt_failed: an operator override of the same attempt', () => {
  const failed = legalChain('admitted', 'dispatched', {
    state: 'attempt_failed',
    failure: { code: 'refused', classification: 'provider', retryable: false }
  }).at(-1) as LedgerRecord
  const override = (change: Partial<LedgerRecord> = {}) =>
    nextRecord(failed, {
      state: 'attempt_failed',
      trigger: 'operator',
      decision: { outcome: 'approved', by: 'octocat' },
      failure: { code: 'refused', classification: 'provider', retryable: true },
      ...change
    })

  it('is legal for the same attempt, by an operator, with a decision', () => {
    expect(requiredAttemptNumber(failed, 'attempt_failed')).toBe(1)
    expect(() => checkAppend(failed, override())).not.toThrow()
  })

  it('must keep the attempt number', () => {
    expect(() =>
      checkAppend(failed, override({ attempt: { number: 2, reason: 'retry' } }))
    ).toThrow(/the attempt in flight is 1/)
  })

  it('is refused without trigger operator or without a decision', () => {
    expect(() => checkAppend(failed, override({ trigger: 'recovery' }))).toThrow(
      /not an operator's decision \(trigger recovery\)/
    )
    expect(() => checkAppend(failed, override({ decision: null }))).toThrow(/no decision/)
  })
})

describe('chain mismatches throw BrokenChain naming the sequence', () => {
  const chain = legalChain('admitted', 'dispatched')
  const head = chain.at(-1) as LedgerRecord
  const good = nextRecord(head, 'candidate_observed')

  const cases: Array<[string, Partial<LedgerRecord>, RegExp]> = [
    ['sequence skips one', { ledger_sequence: 4 }, /must have ledger_sequence 3, not 4/],
    ['sequence repeats', { ledger_sequence: 2 }, /must have ledger_sequence 3, not 2/],
    ['wrong previous digest', { previous_record_digest: digestOf('x') }, /previous_record_digest/],
    ['previous digest null', { previous_record_digest: null }, /previous_record_digest is null/],
    ['other run id', { run_id: 'run-0002' }, /run_id "run-0002" differs/],
    [
      'other dispatch key',
      { idempotency: { ...good.idempotency, dispatch_key: 'v1:other' } },
      /dispatch_key "v1:other" differs/
    ],
    [
      'other request digest',
      { idempotency: { ...good.idempotency, request_digest: digestOf('other') } },
      /request_digest sha256:[0-9a-f]+ differs/
    ]
  ]
  it.each(cases)('%s', (_name, change, message) => {
    const error = thrown(() => checkAppend(head, { ...good, ...change }))
    expect(error).toBeInstanceOf(BrokenChain)
    expect((error as BrokenChain).sequence).toBe(3)
    expect((error as Error).message).toMatch(message)
  })

  it('accepts the correct next record and a changed input_key', () => {
    expect(() => checkAppend(head, good)).not.toThrow()
    expect(() =>
      checkAppend(head, { ...good, idempotency: { ...good.idempotency, input_key: 'comment:7' } })
    ).not.toThrow()
  })

  it('record 1 must have sequence 1 and no previous digest', () => {
    expect(() => checkAppend(null, makeRecord({ ledger_sequence: 2 }))).toThrow(BrokenChain)
    expect(() => checkAppend(null, makeRecord({ previous_record_digest: digestOf('x') }))).toThrow(
      BrokenChain
    )
  })

  it('uses a digest the caller already computed', () => {
    expect(() => checkAppend(head, good, digestOf(head))).not.toThrow()
    expect(() => checkAppend(head, good, digestOf('not the head'))).toThrow(BrokenChain)
  })

  it('rejects a record that grants authority', () => {
    const granting = {
      ...good,
      authority: { ...good.authority, dispatch: true }
    } as unknown as LedgerRecord
    expect(() => checkAppend(head, granting)).toThrow(/authority\.dispatch/)
  })
})
