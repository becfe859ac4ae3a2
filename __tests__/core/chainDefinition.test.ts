import { describe, expect, it } from '@jest/globals'
import { canonicalJson, digestOf } from '../../src/core/canonical.js'
import {
  appendProblem,
  foldChain,
  linkProblem,
  type ChainDefinition,
  type ChainFolder
} from '../../src/core/chain/definition.js'
import { chainCommit } from '../../src/core/entry.js'
import { BrokenChain, InvalidInput } from '../../src/core/errors.js'

interface Rec {
  readonly seq: number
  readonly prev: string | null
  readonly state: string
}

const ENTRY = {
  schema: 'test/v1',
  noun: 'thing',
  fields: { sequence: 'seq', previousDigest: 'prev' },
  sequence: (r: Rec) => r.seq,
  previousDigest: (r: Rec) => r.prev,
  state: (r: Rec) => r.state,
  ends: () => false,
  keyOf: () => null,
  occurredAt: () => '2024-01-01T00:00:01Z'
}

const DEF: ChainDefinition<Rec, { states: string[]; head: string; oid: string | null }> = {
  ...ENTRY,
  family: 'runs',
  holder: 'the thing',
  stored: 'repair it',
  commit: (r, parent) => chainCommit(ENTRY, r, parent),
  decode: () => {
    throw new Error('unused')
  },
  folder(): ChainFolder<Rec, { states: string[]; head: string; oid: string | null }> {
    const states: string[] = []
    return {
      problem: (prev, prevDigest, r) =>
        linkProblem(ENTRY, prev, prevDigest, r)?.what ?? (r.state === 'bad' ? 'bad state' : null),
      add: r => void states.push(r.state),
      result: (_head, head, oid) => ({ states, head, oid })
    }
  }
}

function chain(...states: string[]): Rec[] {
  const out: Rec[] = []
  for (const [i, state] of states.entries())
    out.push({ seq: i + 1, prev: i === 0 ? null : digestOf(out[i - 1]), state })
  return out
}

describe('linkProblem: sequence and previous digest', () => {
  const [a, b] = chain('x', 'y') as [Rec, Rec]
  it.each([
    ['a sound first record', null, null, a, null, undefined],
    ['a sound successor', a, digestOf(a), b, null, undefined],
    [
      'first not 1',
      null,
      null,
      { ...a, seq: 2 },
      'the first record must have seq 1, not 2',
      undefined
    ],
    [
      'gap',
      a,
      digestOf(a),
      { ...b, seq: 3 },
      'the record after sequence 1 must have seq 2, not 3',
      undefined
    ],
    [
      'repeat',
      a,
      digestOf(a),
      { ...b, seq: 1 },
      'the record after sequence 1 must have seq 2, not 1',
      undefined
    ],
    [
      'first with a digest',
      null,
      null,
      { ...a, prev: 'sha256:x' },
      'record 1 must have prev null, not sha256:x',
      'a first record has no predecessor; set prev to null'
    ],
    [
      'wrong digest',
      a,
      digestOf(a),
      { ...b, prev: null },
      `prev is null, but the digest of record 1 is ${digestOf(a)}`,
      undefined
    ]
  ] as const)('%s', (_n, prev, prevDigest, next, what, fix) => {
    const problem = linkProblem(ENTRY, prev, prevDigest, next)
    if (what === null) expect(problem).toBeNull()
    else expect(problem).toEqual(fix === undefined ? { what } : { what, fix })
  })
})

describe('foldChain', () => {
  it('folds a sound chain, with the head digest and oid', () => {
    const records = chain('x', 'y', 'z')
    expect(foldChain(DEF, records, { headOid: 'abc' })).toEqual({
      states: ['x', 'y', 'z'],
      head: digestOf(records[2]),
      oid: 'abc'
    })
    expect(foldChain(DEF, records).oid).toBeNull()
  })
  it('digests from the canonical texts when given', () => {
    const records = chain('x')
    const folded = foldChain(DEF, records, { canonical: ['{}'] })
    expect(folded.head).toBe(digestOf({}))
  })
  it('an empty chain is broken at 1, naming the holder', () => {
    expect(() => foldChain(DEF, [])).toThrow(
      new BrokenChain(1, 'record 1 is missing: the thing holds no records; repair it')
    )
  })
  it('names the first bad sequence and the definition’s advice', () => {
    const records = chain('x', 'bad', 'bad')
    expect(() => foldChain(DEF, records)).toThrow(new BrokenChain(2, 'bad state; repair it'))
  })
  it('a link that breaks later is caught there', () => {
    const records = chain('x', 'y', 'z')
    records[2] = { ...(records[2] as Rec), prev: 'sha256:0' }
    expect(() => foldChain(DEF, records)).toThrow(BrokenChain)
    expect(() => foldChain(DEF, records)).toThrow(/digest of record 2/)
  })
  it('refuses a canonical list of another length', () => {
    expect(() => foldChain(DEF, chain('x'), { canonical: [] })).toThrow(InvalidInput)
  })
})

describe('appendProblem: what a writer asks before it writes', () => {
  const next = (records: Rec[], state: string, over: Partial<Rec> = {}): Rec => ({
    seq: records.length + 1,
    prev: records.length === 0 ? null : digestOf(records[records.length - 1]),
    state,
    ...over
  })
  it('null for a sound successor, and for a sound first record', () => {
    const records = chain('x', 'y')
    expect(appendProblem(DEF, records, next(records, 'z'))).toBeNull()
    expect(appendProblem(DEF, [], next([], 'x'))).toBeNull()
  })
  it.each<[string, (records: Rec[]) => Rec, RegExp]>([
    ['an illegal successor', r => next(r, 'bad'), /bad state/],
    ['a sequence out of place', r => next(r, 'z', { seq: 5 }), /sequence/],
    ['another previous digest', r => next(r, 'z', { prev: 'sha256:0' }), /digest of record 2/],
    ['a first record that names a previous one', () => next([], 'x', { prev: 'sha256:0' }), /null/]
  ])('names %s', (_what, make, problem) => {
    const records = _what.startsWith('a first') ? [] : chain('x', 'y')
    expect(appendProblem(DEF, records, make(records))).toMatch(problem)
  })
  it('digests the head from its canonical text when given, as a reader does', () => {
    const records = chain('x')
    const onText = { seq: 2, prev: digestOf({}), state: 'y' }
    expect(appendProblem(DEF, records, onText, { canonical: ['{}'] })).toBeNull()
    expect(appendProblem(DEF, records, onText)).toMatch(/digest of record 1/)
  })
})

describe('chainCommit', () => {
  it('names the noun, sequence and state in the subject; the time is whole seconds', () => {
    const [a] = chain('x') as [Rec]
    expect(chainCommit(ENTRY, a, 'p')).toEqual({
      parent: 'p',
      time: 1704067201,
      subject: 'dispatch-ledger thing 1 x',
      json: canonicalJson(a)
    })
  })
})
