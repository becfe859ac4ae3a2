import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import {
  AFTER_READ_BACK,
  decideResolve,
  PLAN_BY_STATE,
  planEffect,
  type NextStep
} from '../../../src/core/effect/decide.js'
import { OPERATION_STATES, type OperationState } from '../../../src/core/effect/operation.js'
import { foldOperation } from '../../../src/core/effect/operationChain.js'
import { makeIntent, opChain } from '../../support/operations.js'

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

describe('unknown is settled only by an operator', () => {
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
