/**
 * SPEC §5 append rules, message by message: each refusal names what is wrong and a fix that
 * works, and chain problems (BrokenChain) are told apart from state-machine ones
 * (IllegalTransition). Complements the transition table in __tests__/core/transition.table.test.ts.
 */
import { describe, expect, it } from '@jest/globals'
import { digestOf } from '../../src/core/canonical.js'
import { BrokenChain, IllegalTransition } from '../../src/core/errors.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { STATES, SUCCESSORS, isTerminal, type State } from '../../src/core/states.js'
import { checkAppend, legalSuccessors, requiredAttemptNumber } from '../../src/core/transition.js'
import {
  extend,
  legalChain,
  makeRecord,
  nextRecord,
  provider,
  TO_AWAITING_DECISION
} from '../../testkit/fixtures.js'

const failure = { code: 'provider_refused', classification: 'provider', retryable: true } as const

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
      'from admitted the ledger may only move to dispatched or cancelled'
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
      extend(chain, { state: 'attempt_failed', failure })[2] as LedgerRecord,
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
    expect(legalSuccessors('admitted')).toEqual(['dispatched', 'cancelled'])
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
