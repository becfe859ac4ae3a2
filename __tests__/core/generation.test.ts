import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { ADMISSION_SCHEMA, type Admission } from '../../src/core/admission.js'
import { digestOf } from '../../src/core/canonical.js'
import { admissionCommit, decodeAdmission, encodeCommit } from '../../src/core/entry.js'
import { CorruptEntry } from '../../src/core/errors.js'
import {
  REUSE_POLICIES,
  decideGeneration,
  decideWithoutLedger,
  generationOf,
  generationRef,
  orderGenerations,
  runIdForGeneration,
  verifyGenerations,
  type NewestGeneration,
  type Reuse
} from '../../src/core/generation.js'
import { occurrenceTime } from '../../src/core/occurrence.js'
import { ledgerRef } from '../../src/core/refs.js'
import { STATES, TERMINAL_STATES, type State } from '../../src/core/states.js'

const ADM = `refs/dispatch-ledger/admissions/${'a'.repeat(64)}`
const END = '2026-11-29T12:00:00Z'

function corrupt(run: () => unknown): CorruptEntry {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(CorruptEntry)
    return error as CorruptEntry
  }
  throw new Error('expected CorruptEntry')
}

describe('occurrenceTime: the field docs/design/generations.md names per event', () => {
  const at = '2026-11-29T12:34:56Z'
  it.each([
    ['issues', { issue: { updated_at: at } }, at],
    ['pull_request', { pull_request: { updated_at: at } }, at],
    ['pull_request_target', { pull_request: { updated_at: at } }, at],
    [
      'issue_comment',
      { comment: { updated_at: at }, issue: { updated_at: '2030-01-01T00:00:00Z' } },
      at
    ]
  ])('%s → its updated_at', (event, payload, expected) => {
    expect(occurrenceTime(event, payload)).toBe(expected.replace('Z', '.000Z'))
  })

  it.each([
    [
      'issue_comment reads the comment, not the issue',
      'issue_comment',
      { issue: { updated_at: at } }
    ],
    ['issues reads the issue, not the comment', 'issues', { comment: { updated_at: at } }],
    ['pull_request reads the pull request', 'pull_request', { issue: { updated_at: at } }],
    ['workflow_dispatch has none', 'workflow_dispatch', { issue: { updated_at: at } }],
    ['push has none', 'push', { head_commit: { timestamp: at }, issue: { updated_at: at } }],
    ['repository_dispatch has none', 'repository_dispatch', { issue: { updated_at: at } }],
    ['schedule has none', 'schedule', {}],
    ['no event name', '', { issue: { updated_at: at } }],
    ['a prototype name is not an event', '__proto__', { issue: { updated_at: at } }],
    ['absent', 'issues', { issue: {} }],
    ['null', 'issues', { issue: { updated_at: null } }],
    ['a number', 'issues', { issue: { updated_at: 1764419696 } }],
    ['not RFC 3339', 'issues', { issue: { updated_at: 'Sun, 29 Nov 2026 12:00:00 GMT' } }],
    ['no zone', 'issues', { issue: { updated_at: '2026-11-29T12:00:00' } }],
    ['impossible date', 'issues', { issue: { updated_at: '2026-13-45T12:00:00Z' } }],
    ['before 2000', 'issues', { issue: { updated_at: '1999-12-31T23:59:59Z' } }],
    ['issue is an array', 'issues', { issue: [at] }],
    ['payload is not an object', 'issues', 'text'],
    ['inherited field', 'issues', { issue: Object.create({ updated_at: at }) as object }]
  ])('%s → null', (_, event, payload) => {
    expect(occurrenceTime(event, payload)).toBeNull()
  })

  it('normalises a zone offset to UTC', () => {
    expect(occurrenceTime('issues', { issue: { updated_at: '2026-11-29T13:00:00+01:00' } })).toBe(
      '2026-11-29T12:00:00.000Z'
    )
  })
})

describe('generation refs: generation 1 is the admission ref, N ≥ 2 its sibling .g<N>', () => {
  it('names and parses', () => {
    expect(generationRef(ADM, 1)).toBe(ADM)
    expect(generationRef(ADM, 2)).toBe(`${ADM}.g2`)
    expect(generationRef(ADM, 10)).toBe(`${ADM}.g10`)
    expect(() => generationRef(ADM, 0)).toThrow(RangeError)
    expect(() => generationRef(ADM, 1.5)).toThrow(RangeError)
    expect(generationOf(ADM, ADM)).toBe(1)
    for (const bad of ['.g1', '.g0', '.g02', '.gx', '.g', '.g-2', '.g2.g3', 'x', '/g2', '.G2'])
      expect(generationOf(ADM, `${ADM}${bad}`)).toBeNull()
    expect(generationOf(ADM, `${ADM.slice(0, -1)}b.g2`)).toBeNull()
  })

  it('round-trips every generation (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), n => {
        expect(generationOf(ADM, generationRef(ADM, n))).toBe(n)
      })
    )
  })

  it('orders a listing in any order', () => {
    const refs = [1, 2, 3, 10, 4, 5, 6, 7, 8, 9].map(n => generationRef(ADM, n))
    expect(orderGenerations(ADM, refs)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(n => generationRef(ADM, n))
    )
    expect(orderGenerations(ADM, [])).toEqual([])
  })

  it('a gap fails closed naming the ref after it', () => {
    const error = corrupt(() => orderGenerations(ADM, [ADM, `${ADM}.g3`]))
    expect(error.ref).toBe(`${ADM}.g3`)
    expect(error.message).toContain(`generation 2 (${ADM}.g2) is missing`)
    expect(corrupt(() => orderGenerations(ADM, [`${ADM}.g2`])).ref).toBe(`${ADM}.g2`)
  })

  it('a name we never write fails closed naming it', () => {
    expect(corrupt(() => orderGenerations(ADM, [ADM, `${ADM}.g02`])).ref).toBe(`${ADM}.g02`)
    expect(corrupt(() => orderGenerations(ADM, [ADM, `${ADM}-old`])).ref).toBe(`${ADM}-old`)
    expect(corrupt(() => orderGenerations(ADM, [ADM, `${ADM}.g2x`])).message).toContain(
      `it is not a generation of ${ADM} (expected .g<N>)`
    )
  })

  it('a bad generation number is named; a suffix after the digits is not ours', () => {
    expect(() => generationRef(ADM, 0)).toThrow('generation must be an integer ≥ 1, not 0')
    expect(generationOf(ADM, `${ADM}.g2x`)).toBeNull()
    expect(generationOf(ADM, `${ADM}.g2/x`)).toBeNull()
    // At most nine digits: generation 10^9 is never written.
    expect(generationOf(ADM, `${ADM}.g999999999`)).toBe(999_999_999)
    expect(generationOf(ADM, `${ADM}.g1000000000`)).toBeNull()
  })
})

function admission(generation: number, run_id: string, previous_run_id: string | null): Admission {
  return {
    schema: ADMISSION_SCHEMA,
    dispatch_key: 'k',
    request_digest: digestOf({ n: generation }),
    run_id,
    ledger_ref: ledgerRef('refs/dispatch-ledger', run_id),
    admitted_at: END,
    generation,
    previous_run_id
  }
}

describe('verifyGenerations: each generation names the run before it', () => {
  const good = [
    { ref: ADM, admission: admission(1, 'r1', null) },
    { ref: `${ADM}.g2`, admission: admission(2, 'r2', 'r1') },
    { ref: `${ADM}.g3`, admission: admission(3, 'r3', 'r2') }
  ]
  it('accepts a consistent listing', () => {
    expect(() => verifyGenerations(good)).not.toThrow()
    expect(() => verifyGenerations([])).not.toThrow()
  })

  it.each([
    [
      'previous_run_id of another run',
      2,
      admission(3, 'r3', 'r1'),
      'its previous_run_id is "r1", but the run before it is "r2"'
    ],
    [
      'previous_run_id null past generation 1',
      2,
      admission(3, 'r3', null),
      'previous_run_id is null'
    ],
    ['wrong generation number', 1, admission(3, 'r2', 'r1'), 'says generation 3'],
    [
      'a run of an earlier generation',
      2,
      admission(3, 'r1', 'r2'),
      'belongs to an earlier generation'
    ],
    ['generation 1 with a previous run', 0, admission(1, 'r1', 'r0'), 'previous_run_id is "r0"']
  ])('%s fails closed naming the ref', (_, index, bad, words) => {
    const entries = good.map((entry, i) => (i === index ? { ...entry, admission: bad } : entry))
    const error = corrupt(() => verifyGenerations(entries))
    expect(error.ref).toBe(good[index]?.ref)
    expect(error.message).toContain(words)
  })
})

const newest = (state: State | null, generation = 1): NewestGeneration => ({
  generation,
  state,
  last_occurred_at: state === null ? null : END
})
const LATER = '2026-11-29T12:00:01.000Z'
const SAME = '2026-11-29T12:00:00.000Z'
const EARLIER = '2026-11-29T11:59:59.000Z'

describe('decideGeneration: after the run ended is a new request, before is a duplicate', () => {
  it.each<[string, State | null, Reuse, string | null, string]>([
    ['terminal decided, later event', 'decided', 'after-terminal', LATER, 'create'],
    ['terminal cancelled, later event', 'cancelled', 'after-terminal', LATER, 'create'],
    ['admission_blocked, later event', 'admission_blocked', 'after-terminal', LATER, 'create'],
    ['after-cancelled, cancelled', 'cancelled', 'after-cancelled', LATER, 'create'],
    ['after-cancelled, decided', 'decided', 'after-cancelled', LATER, 'not_cancelled'],
    [
      'after-cancelled, admission_blocked',
      'admission_blocked',
      'after-cancelled',
      LATER,
      'not_cancelled'
    ],
    ['never', 'cancelled', 'never', LATER, 'reuse_never'],
    ['redelivery: the original time', 'decided', 'after-terminal', EARLIER, 'not_after_end'],
    ['the run’s last second', 'decided', 'after-terminal', SAME, 'not_after_end'],
    ['no occurrence time', 'decided', 'after-terminal', null, 'no_occurrence_time'],
    ['no ledger', null, 'after-terminal', LATER, 'not_terminal'],
    ['running', 'dispatched', 'after-terminal', LATER, 'not_terminal'],
    ['awaiting a human', 'awaiting_human_decision', 'after-terminal', LATER, 'not_terminal']
  ])('%s', (_, state, reuse, occurred_at, expected) => {
    const decision = decideGeneration({ newest: newest(state, 4), reuse, occurred_at })
    if (expected === 'create') expect(decision).toEqual({ kind: 'create', generation: 5 })
    else expect(decision).toEqual({ kind: 'duplicate', generation: 4, reason: expected })
  })

  it('a terminal state without a time is not taken as ended', () => {
    const decision = decideGeneration({
      newest: { generation: 1, state: 'decided', last_occurred_at: null },
      reuse: 'after-terminal',
      occurred_at: LATER
    })
    expect(decision).toMatchObject({ kind: 'duplicate', reason: 'not_terminal' })
  })

  const times = fc
    .integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2090, 0, 1) })
    .map(ms => new Date(ms).toISOString())
  const states = fc.constantFrom<State | null>(null, ...STATES)
  const reuses = fc.constantFrom<Reuse>(...REUSE_POLICIES)

  it('creates exactly when terminal, allowed and strictly later (property)', () => {
    fc.assert(
      fc.property(
        states,
        reuses,
        times,
        fc.option(times, { nil: null }),
        fc.integer({ min: 1, max: 50 }),
        (state, reuse, end, at, generation) => {
          const decision = decideGeneration({
            newest: { generation, state, last_occurred_at: end },
            reuse,
            occurred_at: at
          })
          const allowed =
            reuse === 'after-terminal' || (reuse === 'after-cancelled' && state === 'cancelled')
          const creates =
            state !== null &&
            TERMINAL_STATES.has(state) &&
            allowed &&
            at !== null &&
            Date.parse(at) > Date.parse(end)
          expect(decision.kind).toBe(creates ? 'create' : 'duplicate')
          expect(decision.generation).toBe(creates ? generation + 1 : generation)
        }
      )
    )
  })

  it('a later event never turns a create into a duplicate (property)', () => {
    fc.assert(
      fc.property(
        reuses,
        states,
        times,
        times,
        fc.nat({ max: 10 ** 9 }),
        (reuse, state, end, at, extra) => {
          const later = new Date(Date.parse(at) + extra).toISOString()
          const decide = (occurred_at: string) =>
            decideGeneration({
              newest: { generation: 1, state, last_occurred_at: end },
              reuse,
              occurred_at
            })
          if (decide(at).kind === 'create') expect(decide(later).kind).toBe('create')
        }
      )
    )
  })
})

describe('decideWithoutLedger: answers only where the ledger cannot change the answer', () => {
  it.each<[string, Reuse, string | null, string | null]>([
    ['reuse never', 'never', LATER, 'reuse_never'],
    ['no occurrence time', 'after-terminal', null, 'no_occurrence_time'],
    ['an event before the admission', 'after-terminal', EARLIER, 'not_after_end'],
    ['an event in the admission’s second', 'after-cancelled', SAME, 'not_after_end'],
    ['a later event needs the ledger', 'after-terminal', LATER, null],
    ['after-cancelled needs the ledger', 'after-cancelled', LATER, null]
  ])('%s', (_, reuse, occurred_at, reason) => {
    const early = decideWithoutLedger({ generation: 3, admitted_at: END, reuse, occurred_at })
    expect(early).toEqual(reason === null ? null : { kind: 'duplicate', generation: 3, reason })
  })

  it('never contradicts the full rule for a ledger that ended no earlier than it was admitted (property)', () => {
    const times = fc
      .integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2090, 0, 1) })
      .map(ms => new Date(ms).toISOString())
    fc.assert(
      fc.property(
        fc.constantFrom<State | null>(null, ...STATES),
        fc.constantFrom<Reuse>(...REUSE_POLICIES),
        times,
        fc.nat({ max: 10 ** 10 }),
        fc.option(times, { nil: null }),
        (state, reuse, admitted, lasted, at) => {
          const end = new Date(Date.parse(admitted) + lasted).toISOString()
          const early = decideWithoutLedger({
            generation: 2,
            admitted_at: admitted,
            reuse,
            occurred_at: at
          })
          const full = decideGeneration({
            newest: { generation: 2, state, last_occurred_at: state === null ? null : end },
            reuse,
            occurred_at: at
          })
          if (early !== null) expect(full).toMatchObject({ kind: 'duplicate', generation: 2 })
        }
      )
    )
  })
})

describe('runIdForGeneration', () => {
  it('suffixes the default run id from generation 2 on; an explicit id is kept', () => {
    const base = 'gh-501-f282f34c55fc'
    expect(runIdForGeneration(base, 1, 'suffixed')).toBe(base)
    expect(runIdForGeneration(base, 2, 'suffixed')).toBe(`${base}-g2`)
    expect(runIdForGeneration(base, 11, 'suffixed')).toBe(`${base}-g11`)
    expect(runIdForGeneration('mine', 3, 'as_given')).toBe('mine')
  })

  it('generations of one workflow run never share a run id (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 6 }),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (a, b) => {
          const same =
            runIdForGeneration('gh-1-abc', a, 'suffixed') ===
            runIdForGeneration('gh-1-abc', b, 'suffixed')
          expect(same).toBe(a === b)
        }
      )
    )
  })
})

describe('stored admissions and the generation fields', () => {
  const v01 = {
    schema: ADMISSION_SCHEMA,
    dispatch_key: 'k',
    request_digest: digestOf({}),
    run_id: 'r1',
    ledger_ref: ledgerRef('refs/dispatch-ledger', 'r1'),
    admitted_at: END
  }
  const raw = (value: object) => encodeCommit(admissionCommit(value as Admission))

  it('an admission written by v0.1 (no generation fields) reads as generation 1', () => {
    expect(decodeAdmission(ADM, raw(v01))).toEqual({ ...v01, generation: 1, previous_run_id: null })
  })

  it('a generation admission reads as written', () => {
    const g2 = {
      ...v01,
      run_id: 'r2',
      ledger_ref: ledgerRef('refs/dispatch-ledger', 'r2'),
      generation: 2,
      previous_run_id: 'r1'
    }
    expect(decodeAdmission(`${ADM}.g2`, raw(g2))).toEqual(g2)
  })

  it.each([
    ['generation without previous_run_id', { generation: 2 }],
    ['previous_run_id without generation', { previous_run_id: null }],
    ['generation 1 with a previous run', { generation: 1, previous_run_id: 'r0' }],
    ['generation 2 without a previous run', { generation: 2, previous_run_id: null }],
    ['generation 0', { generation: 0, previous_run_id: null }],
    ['a fractional generation', { generation: 1.5, previous_run_id: 'r0' }],
    ['an empty previous run id', { generation: 2, previous_run_id: '' }]
  ])('%s is corrupt, named by its ref', (_, fields) => {
    expect(corrupt(() => decodeAdmission(ADM, raw({ ...v01, ...fields }))).ref).toBe(ADM)
  })
})
