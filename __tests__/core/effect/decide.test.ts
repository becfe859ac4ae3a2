import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import {
  AFTER_READ_BACK,
  afterLookup,
  afterSend,
  decideResolve,
  MAX_SENDS_PER_STEP,
  PLAN_BY_STATE,
  planEffect,
  TAG_AFTER_PUSH,
  type EffectContext,
  type LookupFound,
  type NextStep,
  type SendOutcome
} from '../../../src/core/effect/decide.js'
import { OPERATION_STATES, type OperationState } from '../../../src/core/effect/operation.js'
import { foldOperation } from '../../../src/core/effect/operationChain.js'
import { makeIntent, opChain } from '../../support/operations.js'

type Kind = 'tag' | 'published' | 'draft'
const KINDS: Kind[] = ['tag', 'published', 'draft']
const ctx = (kind: Kind, sends: number, sendsThisStep: number): EffectContext => ({
  kind: kind === 'tag' ? 'tag' : 'release',
  draft: kind === 'draft',
  sends,
  sendsThisStep
})
const SEND_OUTCOMES: SendOutcome[] = ['created', 'already_exists', 'refused', 'ambiguous']
const FOUND: LookupFound[] = ['ours', 'other', 'several', 'none', 'unavailable']

describe('planEffect: the recorded chain alone', () => {
  const ROWS: Array<[OperationState, NextStep]> = [
    ['prepared', 'send'],
    ['may_have_been_sent', 'lookup'],
    ['observed', 'read_back'],
    ['terminal_committed', 'committed'],
    ['terminal_no_commit', 'not_committed'],
    ['conflict', 'conflict'],
    ['unknown', 'refuse_unknown']
  ]
  it('has one row per state', () => {
    expect(ROWS.map(r => r[0]).sort()).toEqual([...OPERATION_STATES].sort())
  })
  it.each(ROWS)('%s → %s, appending nothing', (state, next) => {
    expect(PLAN_BY_STATE[state]).toMatchObject({ next, record: null })
  })
  it('no operation yet → prepare (record prepared)', () => {
    expect(planEffect(null, 'sha256:' + '0'.repeat(64))).toMatchObject({
      next: 'prepare',
      record: 'prepared'
    })
  })
  it('the same id with another intent is refused in every state, before anything is sent', () => {
    const intent = makeIntent('release', { draft: true })
    const chains: OperationState[][] = [
      [],
      ['may_have_been_sent'],
      ['may_have_been_sent', 'observed'],
      ['may_have_been_sent', 'observed', 'terminal_committed'],
      ['may_have_been_sent', 'unknown'],
      ['may_have_been_sent', 'conflict'],
      ['may_have_been_sent', 'terminal_no_commit']
    ]
    for (const steps of chains) {
      const op = foldOperation(opChain(intent, steps))
      expect(planEffect(op, op.intent_digest).next).not.toBe('refuse_intent')
      const other = makeIntent('release', { draft: true, name: 'another' })
      const otherOp = foldOperation(opChain(other, []))
      expect(planEffect(op, otherOp.intent_digest)).toMatchObject({
        next: 'refuse_intent',
        record: null
      })
    }
  })
})

describe('afterSend: every kind × outcome × send count', () => {
  // [kind, outcome, sends recorded, expected next, expected record]
  const ROWS: Array<[Kind, SendOutcome, number, NextStep, OperationState | null]> = [
    ['tag', 'created', 0, 'committed', null],
    ['tag', 'already_exists', 0, 'lookup', null],
    ['tag', 'refused', 0, 'stop', null],
    ['tag', 'ambiguous', 0, 'lookup', null],
    ['published', 'created', 1, 'read_back', 'observed'],
    ['published', 'created', 2, 'read_back', 'observed'],
    ['published', 'already_exists', 1, 'lookup', null],
    ['published', 'already_exists', 2, 'lookup', null],
    ['published', 'refused', 1, 'not_committed', 'terminal_no_commit'],
    ['published', 'refused', 2, 'lookup', null],
    ['published', 'ambiguous', 1, 'lookup', null],
    ['published', 'ambiguous', 2, 'lookup', null],
    ['draft', 'created', 1, 'read_back', 'observed'],
    ['draft', 'already_exists', 1, 'lookup', null],
    ['draft', 'refused', 1, 'not_committed', 'terminal_no_commit'],
    ['draft', 'refused', 2, 'lookup', null],
    ['draft', 'ambiguous', 1, 'lookup', null]
  ]
  it.each(ROWS)('%s, %s at send %i → %s (%s)', (kind, outcome, sends, next, record) => {
    expect(afterSend(ctx(kind, sends, 1), outcome)).toMatchObject({ next, record })
  })
  it('covers every kind and outcome', () => {
    for (const kind of KINDS)
      for (const outcome of SEND_OUTCOMES)
        expect(ROWS.some(r => r[0] === kind && r[1] === outcome)).toBe(true)
    expect(Object.keys(TAG_AFTER_PUSH).sort()).toEqual([...SEND_OUTCOMES].sort())
  })
})

describe('afterLookup: every kind × finding × sends this step', () => {
  const expected = (
    kind: Kind,
    found: LookupFound,
    sendsThisStep: number
  ): [NextStep, OperationState | null] => {
    if (found === 'ours') return ['committed', 'terminal_committed']
    if (found === 'other' || found === 'several') return ['conflict', 'conflict']
    if (found === 'unavailable') return ['stop', null]
    if (kind === 'draft') return ['unknown', 'unknown']
    return sendsThisStep < MAX_SENDS_PER_STEP ? ['send', null] : ['stop', null]
  }
  const rows: Array<[Kind, LookupFound, number]> = []
  for (const kind of KINDS)
    for (const found of FOUND) for (const n of [0, 1, 2]) rows.push([kind, found, n])
  it.each(rows)('%s, found %s, %i sent this step', (kind, found, n) => {
    const [next, record] = expected(kind, found, n)
    expect(afterLookup(ctx(kind, 1, n), found)).toMatchObject({ next, record })
  })
  it('spells out the rows that matter most', () => {
    expect(afterLookup(ctx('draft', 1, 1), 'none').record).toBe('unknown')
    expect(afterLookup(ctx('published', 1, 1), 'none').next).toBe('send')
    expect(afterLookup(ctx('tag', 0, 1), 'none').next).toBe('send')
    expect(afterLookup(ctx('published', 1, 2), 'none').next).toBe('stop')
    expect(afterLookup(ctx('draft', 1, 1), 'several').record).toBe('conflict')
  })
})

describe('read back after a 201', () => {
  it.each([
    ['match', 'committed', 'terminal_committed'],
    ['mismatch', 'conflict', 'conflict'],
    ['none', 'unknown', 'unknown'],
    ['unavailable', 'stop', null]
  ] as const)('%s → %s', (found, next, record) => {
    expect(AFTER_READ_BACK[found]).toMatchObject({ next, record })
  })
})

describe('properties', () => {
  const anyKind = fc.constantFrom<Kind>(...KINDS)
  it('only a definite refusal of the only send ends an operation not-committed', () => {
    fc.assert(
      fc.property(
        anyKind,
        fc.constantFrom(...SEND_OUTCOMES),
        fc.constantFrom(...FOUND),
        fc.nat(5),
        fc.nat(3),
        (kind, outcome, found, sends, n) => {
          expect(afterLookup(ctx(kind, sends, n), found).record).not.toBe('terminal_no_commit')
          const sent = afterSend(ctx(kind, sends, n), outcome)
          if (sent.record === 'terminal_no_commit')
            expect([kind !== 'tag', outcome, sends]).toEqual([true, 'refused', 1])
        }
      )
    )
  })
  it('a draft is never sent twice: after its first send nothing leads back to send', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FOUND),
        fc.nat(3),
        fc.integer({ min: 1, max: 4 }),
        (found, n, sends) => {
          expect(afterLookup(ctx('draft', sends, n), found).next).not.toBe('send')
        }
      )
    )
  })
  it('no step sends more than twice', () => {
    fc.assert(
      fc.property(
        anyKind,
        fc.constantFrom(...FOUND),
        fc.integer({ min: 2, max: 9 }),
        (kind, found, n) => {
          expect(afterLookup(ctx(kind, 1, n), found).next).not.toBe('send')
        }
      )
    )
  })
  it('unknown stays unknown however much time passes: only an operator answer moves it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), seconds => {
        const intent = makeIntent('release', { draft: true })
        const records = opChain(intent, ['may_have_been_sent', 'unknown'])
        const late = new Date(Date.parse(records[2]!.occurred_at) + seconds * 1000)
        if (late.getUTCFullYear() > 9999) return
        records[2] = { ...records[2]!, occurred_at: late.toISOString().replace(/\.\d+Z$/, 'Z') }
        const op = foldOperation(records)
        expect(planEffect(op, op.intent_digest)).toMatchObject({
          next: 'refuse_unknown',
          record: null
        })
      })
    )
  })
})

describe('decideResolve: /ledger resolve-effect', () => {
  const intent = makeIntent('release', { draft: true })
  const unknown = foldOperation(opChain(intent, ['may_have_been_sent', 'unknown']))
  const resolved = (answer: 'committed' | 'not_committed') =>
    foldOperation(
      opChain(intent, [
        'may_have_been_sent',
        'unknown',
        {
          state: answer === 'committed' ? 'terminal_committed' : 'terminal_no_commit',
          resolution: { answer, by: 'octocat' },
          result:
            answer === 'committed'
              ? { tag_object: null, release_id: '77', release_url: null }
              : null
        }
      ])
    )
  it.each([
    ['unknown, committed', unknown, 'committed', '77', 'applied'],
    ['unknown, not committed', unknown, 'not_committed', null, 'applied'],
    ['resolved committed 77, same again', resolved('committed'), 'committed', '77', 'duplicate'],
    ['resolved committed 77, other id', resolved('committed'), 'committed', '78', 'conflict'],
    ['resolved committed, now not', resolved('committed'), 'not_committed', null, 'conflict'],
    ['resolved not committed, same', resolved('not_committed'), 'not_committed', null, 'duplicate'],
    [
      'resolved not committed, now committed',
      resolved('not_committed'),
      'committed',
      '5',
      'conflict'
    ],
    [
      'never unknown',
      foldOperation(opChain(intent, ['may_have_been_sent'])),
      'not_committed',
      null,
      'rejected'
    ]
  ] as const)('%s', (_name, op, answer, id, outcome) => {
    expect(decideResolve(op, answer, id).outcome).toBe(outcome)
  })
  it('applied maps the answer to its terminal state', () => {
    expect(decideResolve(unknown, 'committed', '1')).toEqual({
      outcome: 'applied',
      record: 'terminal_committed'
    })
    expect(decideResolve(unknown, 'not_committed', null)).toEqual({
      outcome: 'applied',
      record: 'terminal_no_commit'
    })
  })
})
