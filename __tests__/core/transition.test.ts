/**
 * src/core/transition.ts: the transition table, parsed from the spec's own text independently
 * of SUCCESSORS, and attempt numbering; then the append rules message by message: each refusal
 * names what is wrong and a fix that works, and chain problems (BrokenChain) are told apart from
 * state-machine ones (IllegalTransition).
 */
import { describe, expect, it } from '@jest/globals'
import { digestOf } from '../../src/core/canonical.js'
import { BrokenChain, IllegalTransition } from '../../src/core/errors.js'
import type { LedgerRecord } from '../../src/core/record.js'
import {
  STATES,
  SUCCESSORS,
  isLegalTransition,
  isPolicyOnly,
  isTerminal,
  type State
} from '../../src/core/states.js'
import { checkAppend, legalSuccessors, requiredAttemptNumber } from '../../src/core/transition.js'
import {
  extend,
  failure,
  legalChain,
  makeRecord,
  nextRecord,
  provider,
  TO_AWAITING_DECISION
} from '../../testkit/fixtures.js'

// docs/design/states.md, copied from the spec text and parsed here, independently of SUCCESSORS.
const SPEC_STATES = `proposed, previewed, admission_blocked, admitted, dispatched, attempt_failed,
candidate_observed, normalized, verification_requested, verification_error,
evidence_ready, awaiting_human_decision, decided, cancelled`
const SPEC_TERMINAL = 'decided, cancelled, admission_blocked'
const SPEC_TABLE = `
| proposed | previewed, admission_blocked |
| previewed | admitted, admission_blocked |
| admitted | dispatched; decided (a receiver's own run, by a policy only) |
| dispatched | dispatched (a submission update for the same attempt), attempt_failed, candidate_observed |
| attempt_failed | dispatched (a new attempt, number + 1); attempt_failed (an operator's \`retry\` or \`resolve\` of the same attempt, section 12) |
| candidate_observed | normalized; decided (by policy:on-success only) |
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
    // admitted → decided and candidate_observed → decided are a policy's (docs/design/lifecycle.md).
    decision:
      to === 'decided'
        ? {
            outcome: 'rejected',
            by: isPolicyOnly(previous.state, to) ? 'policy:on-success' : 'octocat'
          }
        : null,
    // attempt_failed after attempt_failed is an operator's override (docs/design/operators.md).
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

describe('docs/design/states.md transition table', () => {
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

function refusal(previous: LedgerRecord | null, next: LedgerRecord): Error {
  try {
    checkAppend(previous, next)
  } catch (error) {
    return error as Error
  }
  throw new Error('checkAppend accepted the record')
}

function illegal(previous: LedgerRecord | null, next: LedgerRecord, what: string, fix: string) {
  const error = refusal(previous, next)
  expect(error).toBeInstanceOf(IllegalTransition)
  expect(error.message).toBe(
    `Cannot append ledger record ${next.ledger_sequence}: ${what}. Nothing was written; ${fix}.`
  )
}

const chain = legalChain('admitted', { state: 'dispatched', provider: provider('not_submitted') })
const head = chain[1] as LedgerRecord
const after = (step: Parameters<typeof nextRecord>[1], base: LedgerRecord = head) =>
  nextRecord(base, step)

describe('what a record may claim', () => {
  it('a record with no authority block is refused', () => {
    const bare: Partial<LedgerRecord> = { ...after('cancelled') }
    delete bare.authority
    illegal(
      head,
      bare as LedgerRecord,
      'record 3 (cancelled) has no authority block',
      'a record is evidence, never a grant: every authority flag must be false'
    )
    const first: Partial<LedgerRecord> = makeRecord()
    delete first.authority
    illegal(
      null,
      first as LedgerRecord,
      'record 1 (admitted) has no authority block',
      'a record is evidence, never a grant: every authority flag must be false'
    )
  })

  it('every granted flag is named', () => {
    const next = after('cancelled')
    illegal(
      head,
      { ...next, authority: { ...next.authority, git_push: true, merge: 'yes' } as never },
      'record 3 (cancelled) sets authority.git_push, authority.merge to something other than false',
      'a record is evidence, never a grant: every authority flag must be false'
    )
  })
})

describe('the state machine', () => {
  it('an unknown state lists the states there are', () => {
    illegal(
      head,
      after({ state: 'running' as State }),
      '"running" is not a ledger state',
      `use one of ${STATES.join(', ')}`
    )
  })

  it('record 1 must be admitted or proposed', () => {
    illegal(
      null,
      makeRecord({ state: 'normalized' }),
      'a ledger must start with admitted or proposed, not normalized',
      'write the admitted (or proposed) record first, through admission'
    )
    for (const state of ['admitted', 'proposed'] as const)
      expect(() => checkAppend(null, makeRecord({ state }))).not.toThrow()
  })

  it('nothing follows a terminal record', () => {
    const over = extend(chain, 'cancelled')
    illegal(
      over[2] as LedgerRecord,
      nextRecord(over[2] as LedgerRecord, 'dispatched'),
      'record 3 (cancelled) is terminal, so nothing may follow it (not even dispatched)',
      'the run is over; a new request needs a new dispatch key and a new run'
    )
  })

  it('an illegal successor names the legal ones', () => {
    illegal(
      chain[0] as LedgerRecord,
      nextRecord(chain[0] as LedgerRecord, 'normalized'),
      'admitted cannot be followed by normalized',
      'from admitted the ledger may only move to dispatched or decided or cancelled'
    )
  })
})

describe('fields a state requires', () => {
  const admitted = chain[0] as LedgerRecord

  it('dispatched carries an attempt', () => {
    illegal(
      admitted,
      nextRecord(admitted, { state: 'dispatched', attempt: null }),
      'record 2 (dispatched) carries no attempt',
      'a dispatched record must say which attempt it is about ({number, reason})'
    )
  })

  it('a previous dispatched record without an attempt leaves nothing to continue from', () => {
    const broken = { ...head, attempt: null }
    illegal(
      broken,
      { ...nextRecord(broken, 'dispatched'), attempt: { number: 1, reason: 'initial' } },
      'record 2 (dispatched) carries no attempt number to continue from',
      'repair the previous record; a dispatched or attempt_failed record must carry its attempt'
    )
  })

  it.each([
    ['after admitted', admitted, 'the first dispatched record after admitted is attempt 1', 1],
    [
      'after dispatched',
      head,
      'a dispatched record after dispatched is a submission update for the same attempt, 1',
      1
    ],
    [
      'after attempt_failed',
      extend(chain, { state: 'attempt_failed', failure: failure() })[2] as LedgerRecord,
      'a dispatched record after attempt 1 failed starts attempt 2',
      2
    ]
  ])('the attempt number %s', (_name, previous, why, required) => {
    const wrong = required + 5
    illegal(
      previous,
      nextRecord(previous, { state: 'dispatched', attempt: { number: wrong, reason: 'retry' } }),
      `record ${previous.ledger_sequence + 1} (dispatched) carries attempt ${wrong}, but ${why}`,
      `set attempt.number to ${required}`
    )
    expect(() => checkAppend(previous, nextRecord(previous, 'dispatched'))).not.toThrow()
  })

  it('a definite refusal is not a dispatched record', () => {
    illegal(
      head,
      after({ state: 'dispatched', provider: provider('definite_failure') }),
      'record 3 (dispatched) records submission_state definite_failure',
      'a definite provider refusal is recorded as attempt_failed with failure.retryable, not as dispatched'
    )
  })

  it('attempt_failed carries the attempt in flight and a failure, and is never ambiguous', () => {
    const fix = 'an attempt_failed record must carry the number of the attempt it fails (1)'
    illegal(
      head,
      after({ state: 'attempt_failed', attempt: null }),
      'record 3 (attempt_failed) carries no attempt',
      fix
    )
    illegal(
      head,
      after({ state: 'attempt_failed', attempt: { number: 2, reason: 'retry' } }),
      'record 3 (attempt_failed) carries attempt 2, but the attempt in flight is 1',
      fix
    )
    illegal(
      head,
      after({ state: 'attempt_failed', failure: null }),
      'record 3 (attempt_failed) carries no failure',
      'say why the attempt failed: failure {code, classification, retryable}'
    )
    illegal(
      head,
      after({ state: 'attempt_failed', provider: provider('ambiguous') }),
      'record 3 (attempt_failed) records submission_state ambiguous',
      'an unknown outcome is not a failure: record it as dispatched with submission_state ambiguous and reconcile with the provider by the dispatch key'
    )
    expect(() =>
      checkAppend(head, after({ state: 'attempt_failed', provider: provider('not_submitted') }))
    ).not.toThrow()
  })

  it('a candidate is not observed while the submission is ambiguous; after submitted it is', () => {
    const ambiguous = after({ state: 'dispatched', provider: provider('ambiguous') })
    illegal(
      ambiguous,
      nextRecord(ambiguous, 'candidate_observed'),
      "attempt 1's submission is still ambiguous",
      'settle it first: append dispatched with submission_state submitted and the external ids the provider lookup found'
    )
    const submitted = after({ state: 'dispatched', provider: provider('submitted') })
    expect(() => checkAppend(submitted, nextRecord(submitted, 'candidate_observed'))).not.toThrow()
    // Ambiguity of the head record only: not_submitted then candidate is a state-machine matter.
    expect(() => checkAppend(head, after('candidate_observed'))).not.toThrow()
  })

  it('a dispatched head without provider info lets a candidate be observed', () => {
    const bare = after({ state: 'dispatched', provider: null })
    expect(() => checkAppend(bare, nextRecord(bare, 'candidate_observed'))).not.toThrow()
  })

  it('an ambiguous head that lost its attempt is still refused, naming no number', () => {
    const ambiguous = {
      ...after({ state: 'dispatched', provider: provider('ambiguous') }),
      attempt: null
    }
    illegal(
      ambiguous,
      nextRecord(ambiguous, 'candidate_observed'),
      "attempt undefined's submission is still ambiguous",
      'settle it first: append dispatched with submission_state submitted and the external ids the provider lookup found'
    )
  })

  it('decided carries a decision', () => {
    const waiting = extend(chain, ...TO_AWAITING_DECISION.slice(1)).at(-1) as LedgerRecord
    illegal(
      waiting,
      nextRecord(waiting, { state: 'decided', decision: null }),
      'record 9 (decided) carries no decision',
      'a decided record must carry decision {outcome, by}'
    )
  })
})

describe('chain problems are BrokenChain, with what and fix', () => {
  const broken = (previous: LedgerRecord | null, next: LedgerRecord, message: string) => {
    const error = refusal(previous, next)
    expect(error).toBeInstanceOf(BrokenChain)
    expect((error as BrokenChain).sequence).toBe(
      previous === null ? 1 : previous.ledger_sequence + 1
    )
    expect(error.message).toBe(
      `The ledger chain is broken at sequence ${(error as BrokenChain).sequence}: ${message}.`
    )
  }
  const REBUILD = 're-read the ledger head and build the record on top of it'

  it('sequence', () => {
    broken(
      null,
      makeRecord({ ledger_sequence: 2 }),
      `the first record must have ledger_sequence 1, not 2; ${REBUILD}`
    )
    broken(
      head,
      { ...after('cancelled'), ledger_sequence: 2 },
      `the record after sequence 2 must have ledger_sequence 3, not 2; ${REBUILD}`
    )
  })

  it('previous digest', () => {
    const digest = digestOf('x')
    broken(
      null,
      makeRecord({ previous_record_digest: digest }),
      `record 1 must have previous_record_digest null, not ${digest}; a first record has no predecessor; set previous_record_digest to null`
    )
    broken(
      head,
      { ...after('cancelled'), previous_record_digest: digest },
      `previous_record_digest is ${digest}, but the digest of record 2 is ${digestOf(head)}; ${REBUILD}`
    )
    broken(
      head,
      { ...after('cancelled'), previous_record_digest: null },
      `previous_record_digest is null, but the digest of record 2 is ${digestOf(head)}; ${REBUILD}`
    )
  })

  it('run id, dispatch key and request digest of the run', () => {
    const next = after('cancelled')
    broken(
      head,
      { ...next, run_id: 'other' },
      `run_id "other" differs from the ledger's run_id "run-0001"; a ledger holds one run; append to the ledger of the run the record is about`
    )
    broken(
      head,
      { ...next, idempotency: { ...next.idempotency, dispatch_key: 'k2' } },
      `idempotency.dispatch_key "k2" differs from the ledger's ${JSON.stringify(head.idempotency.dispatch_key)}; every record of a run carries the dispatch key the run was admitted under`
    )
    const other = digestOf('other request')
    broken(
      head,
      { ...next, idempotency: { ...next.idempotency, request_digest: other } },
      `idempotency.request_digest ${other} differs from the ledger's ${head.idempotency.request_digest}; every record of a run carries the request digest the run was admitted with`
    )
  })

  it('a record without idempotency is a chain problem, not a crash', () => {
    const next = { ...after('cancelled'), idempotency: undefined } as unknown as LedgerRecord
    broken(
      head,
      next,
      `idempotency.dispatch_key undefined differs from the ledger's ${JSON.stringify(head.idempotency.dispatch_key)}; every record of a run carries the dispatch key the run was admitted under`
    )
  })

  it('the digest defaults to the previous record’s, and a given one is used as is', () => {
    const next = after('cancelled')
    expect(() => checkAppend(head, next)).not.toThrow()
    expect(() => checkAppend(head, next, digestOf(head))).not.toThrow()
    expect(() => checkAppend(head, next, digestOf('stale'))).toThrow(BrokenChain)
  })
})

describe('legalSuccessors and requiredAttemptNumber', () => {
  it.each([...STATES])('legalSuccessors(%s)', state => {
    const expected = isTerminal(state) ? [] : [...new Set([...SUCCESSORS[state], 'cancelled'])]
    expect(legalSuccessors(state)).toEqual(expected)
  })

  it('lists cancelled once, last', () => {
    expect(legalSuccessors('admitted')).toEqual(['dispatched', 'decided', 'cancelled'])
    expect(legalSuccessors('dispatched')).toEqual([
      'dispatched',
      'attempt_failed',
      'candidate_observed',
      'cancelled'
    ])
  })

  const at = (state: State, number: number | null) =>
    makeRecord({ state, attempt: number === null ? null : { number, reason: 'retry' } })

  it.each<[string, LedgerRecord | null, State, number | null]>([
    ['no previous', null, 'dispatched', null],
    ['admitted → dispatched', at('admitted', null), 'dispatched', 1],
    ['dispatched 3 → dispatched', at('dispatched', 3), 'dispatched', 3],
    ['dispatched without attempt → dispatched', at('dispatched', null), 'dispatched', null],
    ['attempt_failed 3 → dispatched', at('attempt_failed', 3), 'dispatched', 4],
    ['attempt_failed without attempt → dispatched', at('attempt_failed', null), 'dispatched', null],
    ['proposed → dispatched', at('proposed', null), 'dispatched', null],
    ['dispatched 2 → attempt_failed', at('dispatched', 2), 'attempt_failed', 2],
    ['dispatched 2 → cancelled', at('dispatched', 2), 'cancelled', null]
  ])('%s', (_name, previous, next, expected) => {
    expect(requiredAttemptNumber(previous, next)).toBe(expected)
  })
})

describe('transitions only a policy takes (docs/design/lifecycle.md)', () => {
  it.each([['admitted'], ['candidate_observed']] as const)(
    '%s → decided is refused unless decision.by is a policy:, naming the way on',
    from => {
      const previous = recordIn(from)
      const person = {
        ...recordAfter(previous, 'decided'),
        decision: { outcome: 'approved' as const, by: 'octocat' }
      }
      const error = thrown(() => checkAppend(previous, person))
      expect(error).toBeInstanceOf(IllegalTransition)
      expect((error as Error).message).toContain(`${from} → decided is taken only by a policy`)
      expect((error as Error).message).toContain('"octocat"')
      // The way on names the other successors, not the policy's own transition.
      const others = from === 'admitted' ? 'dispatched or cancelled' : 'normalized or cancelled'
      expect((error as Error).message).toContain(`or go on through ${others}.`)
      const policy = {
        ...person,
        decision: { outcome: 'approved' as const, by: 'policy:on-success' }
      }
      expect(thrown(() => checkAppend(previous, policy))).toBeUndefined()
    }
  )

  it('any other decided (after awaiting_human_decision) may be a person’s', () => {
    const previous = recordIn('awaiting_human_decision')
    const person = {
      ...recordAfter(previous, 'decided'),
      decision: { outcome: 'approved' as const, by: 'octocat' }
    }
    expect(thrown(() => checkAppend(previous, person))).toBeUndefined()
  })
})
