/**
 * SPEC §5 "Reconstruct" beyond __tests__/core/reconstruct.table.test.ts: the record-schema check of the
 * fold (a record that chains correctly but is not a valid record), the exact messages, and
 * how each field of RecoveredRunState is folded.
 */
import { describe, expect, it } from '@jest/globals'
import { canonicalJson, digestOf } from '../../src/core/canonical.js'
import { BrokenChain, InvalidInput } from '../../src/core/errors.js'
import { NO_AUTHORITY, type LedgerRecord } from '../../src/core/record.js'
import {
  dispatchAttemptFor,
  headAttempt,
  reconstruct,
  type RecoveredRunState
} from '../../src/core/reconstruct.js'
import { extend, legalChain, provider, rechain } from '../../testkit/fixtures.js'

const STORED =
  'the stored ledger does not verify (it was altered or written without these checks); ' +
  "inspect the run's ledger ref and repair it by hand. Nothing was planned from it"

const failure = (code: string, retryable = true) =>
  ({ code, classification: 'provider', retryable }) as const

function brokenAt(records: readonly unknown[]): BrokenChain {
  try {
    reconstruct(records as LedgerRecord[])
  } catch (error) {
    expect(error).toBeInstanceOf(BrokenChain)
    return error as BrokenChain
  }
  throw new Error('reconstruct accepted the chain')
}

const withoutMerge: Partial<typeof NO_AUTHORITY> = { ...NO_AUTHORITY }
delete withoutMerge.merge

/** The chain admitted → dispatched with record 2 edited and the chain re-linked. */
const withSecond = (change: Record<string, unknown>) =>
  rechain(
    legalChain('admitted', 'dispatched').map((r, i) => (i === 1 ? { ...r, ...change } : r))
  ) as unknown[]

describe('a record that chains but is not a valid record is a broken chain', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      'an unknown field',
      { extra: true },
      'record 2 is not a valid record: the record Unrecognized key: "extra"'
    ],
    [
      'a time that is not RFC 3339 UTC',
      { occurred_at: '2026-11-29 12:00' },
      'record 2 is not a valid record: occurred_at must be an RFC 3339 UTC time ending in Z, in the years 2000 to 9999'
    ],
    [
      'a note too long',
      { note: 'x'.repeat(4097) },
      'record 2 is not a valid record: note Too big: expected string to have <=4096 characters'
    ],
    [
      'a missing authority flag',
      { authority: withoutMerge },
      'record 2 is not a valid record: authority.merge must be false: a record is evidence, never a grant of authority'
    ],
    [
      'an authority that is not an object',
      { authority: 'none' },
      'record 2 is not a valid record: authority Invalid input: expected object, received string'
    ],
    [
      'authority flags other than false',
      { authority: { ...NO_AUTHORITY, dispatch: 0, git_push: 'no' } },
      'record 2 sets authority.dispatch, authority.git_push to something other than false (a record is evidence, never a grant)'
    ]
  ])('%s', (_name, change, what) => {
    const error = brokenAt(withSecond(change))
    expect(error.sequence).toBe(2)
    expect(error.message).toBe(`The ledger chain is broken at sequence 2: ${what}; ${STORED}.`)
  })

  it('a record that is not an object', () => {
    const chain = legalChain('admitted')
    const error = brokenAt([...chain, null])
    expect(error.message).toBe(
      `The ledger chain is broken at sequence 2: record 2 is not a valid record: the record Invalid input: expected object, received null; ${STORED}.`
    )
  })

  it('an empty ledger, and a text count that does not match', () => {
    expect(brokenAt([]).message).toBe(
      `The ledger chain is broken at sequence 1: record 1 is missing: the ledger holds no records; ${STORED}.`
    )
    const chain = legalChain('admitted', 'dispatched', 'attempt_failed')
    expect(() => reconstruct(chain, { canonical: [] })).toThrow(
      new InvalidInput(
        'reconstruct was given 3 records but 0 canonical texts; pass one text per record or none'
      )
    )
    expect(() => reconstruct(chain, { canonical: chain.map(r => canonicalJson(r)) })).not.toThrow()
  })

  it('a link the append rules refuse carries their message', () => {
    const chain = extend(legalChain('admitted', 'cancelled'), 'dispatched')
    expect(brokenAt(chain).message).toBe(
      `The ledger chain is broken at sequence 3: record 2 (cancelled) is terminal, so nothing may follow it (not even dispatched); ${STORED}.`
    )
  })
})

describe('the fold', () => {
  it('an attempt keeps the reason of its first record, and takes the newest driver and state', () => {
    const state = reconstruct(
      legalChain(
        'admitted',
        { state: 'dispatched', provider: provider('not_submitted') },
        {
          state: 'dispatched',
          attempt: { number: 1, reason: 'recovery' },
          provider: { driver: 'other', submission_state: 'submitted', external_ids: { a: '1' } }
        },
        { state: 'dispatched', provider: null }
      )
    )
    expect(state.attempts).toEqual([
      {
        number: 1,
        reason: 'initial',
        submission_state: 'submitted',
        external_ids: { a: '1' },
        driver: 'other',
        unresolved_ambiguous: false,
        failed: false,
        retryable: null
      }
    ])
  })

  it('later external ids win on the same name; an empty set keeps what was recorded', () => {
    const state = reconstruct(
      legalChain(
        'admitted',
        { state: 'dispatched', provider: provider('submitted', { run: '1', url: 'u1' }) },
        { state: 'dispatched', provider: provider('submitted', { run: '2' }) },
        { state: 'dispatched', provider: provider('submitted', {}) }
      )
    )
    expect(state.attempts[0]?.external_ids).toEqual({ run: '2', url: 'u1' })
  })

  it('last_failure and decision are the newest non-null ones', () => {
    const chain = legalChain(
      'admitted',
      'dispatched',
      { state: 'attempt_failed', failure: failure('first', false) },
      'dispatched',
      { state: 'attempt_failed', failure: failure('second') },
      'dispatched',
      { state: 'candidate_observed', decision: { outcome: 'approved', by: 'early' } },
      'normalized'
    )
    const state = reconstruct(chain)
    expect(state.last_failure).toEqual(failure('second'))
    expect(state.decision).toEqual({ outcome: 'approved', by: 'early' })
    expect(state.attempts.map(a => [a.number, a.failed, a.retryable])).toEqual([
      [1, true, false],
      [2, true, true],
      [3, false, null]
    ])
    expect(state.current_attempt).toBe(3)
    expect(state).toMatchObject({
      sequence: 8,
      records: 8,
      updated_at: chain[7]?.occurred_at,
      head_digest: digestOf(chain[7]),
      terminal: false,
      state: 'normalized'
    })
  })

  it('an attempt is ambiguous until a submitted or a failure settles it', () => {
    const ambiguous = legalChain('admitted', {
      state: 'dispatched',
      provider: provider('ambiguous')
    })
    expect(reconstruct(ambiguous).attempts[0]?.unresolved_ambiguous).toBe(true)
    const updated = extend(ambiguous, { state: 'dispatched', provider: null })
    expect(reconstruct(updated).attempts[0]?.unresolved_ambiguous).toBe(true)
    const failed = extend(ambiguous, {
      state: 'attempt_failed',
      failure: failure('none_there'),
      provider: null
    })
    expect(reconstruct(failed).attempts[0]).toMatchObject({
      unresolved_ambiguous: false,
      submission_state: 'ambiguous',
      failed: true
    })
  })

  it('a new attempt starts unambiguous: an intent or a bare dispatch is not an unknown outcome', () => {
    for (const submission of [provider('not_submitted'), null]) {
      const state = reconstruct(
        legalChain('admitted', { state: 'dispatched', provider: submission })
      )
      expect(state.attempts[0]?.unresolved_ambiguous).toBe(false)
    }
  })

  it('digests each record from the stored text when given', () => {
    const chain = legalChain('admitted')
    const text = canonicalJson(chain[0])
    expect(reconstruct(chain, { canonical: [text] }).head_digest).toBe(digestOf(chain[0]))
  })
})

describe('dispatchAttemptFor', () => {
  const admitted = reconstruct(legalChain('admitted'))
  const at = (partial: Partial<RecoveredRunState>) =>
    dispatchAttemptFor({ ...admitted, ...partial })

  it.each<[string, Partial<RecoveredRunState>, unknown]>([
    ['admitted', {}, { number: 1, reason: 'initial' }],
    [
      'dispatched: the current attempt, with its reason',
      {
        state: 'dispatched',
        current_attempt: 2,
        attempts: reconstruct(
          legalChain(
            'admitted',
            'dispatched',
            { state: 'attempt_failed', failure: failure('x') },
            'dispatched'
          )
        ).attempts
      },
      { number: 2, reason: 'retry' }
    ],
    ['dispatched without its attempt', { state: 'dispatched', current_attempt: 1 }, null],
    [
      'attempt_failed: the next one',
      reconstruct(
        legalChain('admitted', 'dispatched', { state: 'attempt_failed', failure: failure('x') })
      ),
      { number: 2, reason: 'retry' }
    ],
    [
      'attempt_failed without its attempt: no guess',
      { state: 'attempt_failed', current_attempt: 3 },
      null
    ],
    ['attempt_failed with no attempt', { state: 'attempt_failed', current_attempt: null }, null],
    ['proposed', { state: 'proposed' }, null],
    ['candidate_observed', { state: 'candidate_observed', current_attempt: 1 }, null]
  ])('%s', (_name, partial, expected) => {
    expect(at(partial)).toEqual(expected)
  })
})

describe('headAttempt', () => {
  it('names an attempt only for a head that is about one', () => {
    const observed = reconstruct(legalChain('admitted', 'dispatched', 'candidate_observed'))
    expect(headAttempt(observed)).toEqual({ state: 'candidate_observed', attempt: null })
    const dispatched = reconstruct(legalChain('admitted', 'dispatched'))
    expect(headAttempt(dispatched)).toEqual({
      state: 'dispatched',
      attempt: { number: 1, reason: 'initial' }
    })
  })
})
