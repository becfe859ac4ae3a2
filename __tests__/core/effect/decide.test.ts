import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import {
  afterLookup,
  afterReadBack,
  answerIdName,
  afterSend,
  awaitsOtherSender,
  decideResolve,
  PLAN_BY_STATE,
  planEffect,
  readBackObservation,
  type ReadBackFound,
  type EffectContext,
  type EffectDecision,
  type NextStep,
  type ResolveDecision
} from '../../../src/core/effect/decide.js'
import {
  intentDigest,
  OPERATION_STATES,
  type EffectKind,
  type OperationState
} from '../../../src/core/effect/operation.js'
import { foldOperation } from '../../../src/core/effect/operationChain.js'
import type { LookupOutcome, SendOutcome } from '../../../src/core/send/outcome.js'
import { makeIntent, makeWriteIntent, OP_ID, opChain } from '../../support/operations.js'

// A decision's reason is what the step reports when it ends there: the summary's meaning and the
// failure message (action/effectStep.ts), and the observation recorded with its state. Those
// are asserted word for word below. A decision the command goes on from (prepare, send, lookup,
// read_back) is never reported, so only its next step and record are asserted.

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
  it.each<[OperationState, EffectDecision]>([
    [
      'terminal_committed',
      { next: 'committed', record: null, reason: 'already committed: nothing is sent' }
    ],
    [
      'terminal_no_commit',
      {
        next: 'not_committed',
        record: null,
        reason: 'already ended without its effect: nothing is sent'
      }
    ],
    [
      'conflict',
      {
        next: 'conflict',
        record: null,
        reason: 'another actor holds what this operation makes: nothing is sent'
      }
    ],
    [
      'unknown',
      {
        next: 'refuse_unknown',
        record: null,
        reason: 'the outcome is unknown and only an operator can settle it (/ledger resolve-effect)'
      }
    ]
  ])('a step that ends on a recorded %s says why, word for word', (state, decision) => {
    expect(PLAN_BY_STATE[state]).toEqual(decision)
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
  it('the refusal names the operation, the intent it is bound to and the one asked for', () => {
    const op = foldOperation(opChain(makeIntent('release', { draft: true }), []))
    const asked = intentDigest(makeIntent('release', { draft: true, name: 'another' }))
    expect(planEffect(op, asked)).toEqual({
      next: 'refuse_intent',
      record: null,
      reason: `the operation ${OP_ID} is bound to intent ${op.intent_digest}; this step asks for ${asked}`
    })
  })
})

describe('read back after a 201: every answer ends the step, and says why, naming the kind', () => {
  // Every kind created through the API with a read-back, in the words its reasons use.
  const KINDS: Array<[EffectKind, string]> = [
    ['release', 'release'],
    ['pull-request', 'pull request'],
    ['comment', 'comment'],
    ['issue', 'issue']
  ]
  const ROWS: Array<[ReadBackFound, NextStep, OperationState | null, (noun: string) => string]> = [
    [
      'match',
      'committed',
      'terminal_committed',
      () => 'what was created carries our marker and fields'
    ],
    [
      'mismatch',
      'conflict',
      'conflict',
      n => `the ${n} differs from the intent (edited or not ours)`
    ],
    ['none', 'unknown', 'unknown', n => `the ${n} created can no longer be found`],
    [
      'unavailable',
      'stop',
      null,
      n => `the ${n} created could not be read back; the next step tries again`
    ]
  ]
  it.each(KINDS.flatMap(([kind, noun]) => ROWS.map(row => [kind, noun, ...row] as const)))(
    '%s, %s: %s → %s (%s)',
    (kind, noun, found, next, record, reason) => {
      expect(afterReadBack(kind, found)).toEqual({ next, record, reason: reason(noun) })
    }
  )
  it.each<[EffectKind, ReadBackFound, string]>([
    ['release', 'match', 'read back release 7: it carries our marker and every field asked for'],
    [
      'pull-request',
      'mismatch',
      'read back pull request 7: it differs from the intent (edited or not ours)'
    ],
    ['comment', 'none', 'read back comment 7: it can no longer be found'],
    ['issue', 'mismatch', 'read back issue 7: it differs from the intent (edited or not ours)']
  ])('what a %s read-back that found %s records: %j', (kind, found, observation) => {
    expect(readBackObservation(kind, 7, found)).toBe(observation)
  })
})

describe('a send or a lookup that ends the step says why, word for word', () => {
  // A tag's push carries its record; a published release is fenced; a draft is not.
  const tag: EffectContext = { fenced: true, commitsWithRecord: true, sends: 0, sendsThisStep: 1 }
  const published: EffectContext = {
    fenced: true,
    commitsWithRecord: false,
    sends: 1,
    sendsThisStep: 1
  }
  const draft: EffectContext = { ...published, fenced: false }
  const spent: EffectContext = { ...published, sendsThisStep: 2 }

  it.each<[string, EffectContext, SendOutcome, EffectDecision]>([
    [
      'a tag pushed with its record',
      tag,
      { kind: 'submitted', external_ids: { tag_object: 'oid' } },
      {
        next: 'committed',
        record: null,
        reason: 'the atomic push created the ref and recorded it committed'
      }
    ],
    [
      'a tag push refused: the remote’s message',
      tag,
      {
        kind: 'refused',
        failure: { code: 'push_refused', classification: 'provider', retryable: false },
        message: 'the remote refused the push (a hook or ruleset)'
      },
      { next: 'stop', record: null, reason: 'the remote refused the push (a hook or ruleset)' }
    ],
    [
      'the only send of a release refused',
      published,
      {
        kind: 'refused',
        failure: { code: 'http_403', classification: 'provider', retryable: false },
        message: 'refused 403: forbidden'
      },
      {
        next: 'not_committed',
        record: 'terminal_no_commit',
        reason: 'GitHub definitely refused the only send: nothing was created'
      }
    ]
  ])('after a send: %s', (_name, ctx, outcome, decision) => {
    expect(afterSend(ctx, outcome)).toEqual(decision)
  })

  it.each<[string, EffectContext, LookupOutcome, EffectDecision]>([
    [
      'found, with the provider’s reason',
      published,
      { kind: 'found', external_ids: { release_id: '7' }, reason: 'release 7 is ours' },
      {
        next: 'committed',
        record: 'terminal_committed',
        reason: 'the lookup found our effect: release 7 is ours'
      }
    ],
    [
      'found, without one: the kind stands in',
      tag,
      { kind: 'found', external_ids: { tag_object: 'oid' } },
      {
        next: 'committed',
        record: 'terminal_committed',
        reason: 'the lookup found our effect: found'
      }
    ],
    [
      'another actor’s',
      published,
      { kind: 'conflict', reason: 'release 9 is not ours' },
      {
        next: 'conflict',
        record: 'conflict',
        reason: 'another actor holds what this operation makes: release 9 is not ours'
      }
    ],
    [
      'nothing found, after the step’s two sends',
      spent,
      { kind: 'absent', reason: 'no release for the tag' },
      {
        next: 'stop',
        record: null,
        reason: 'nothing found and this step already sent twice; a later step goes on'
      }
    ],
    [
      'not known, fenced, after the step’s two sends',
      spent,
      { kind: 'unknown', reason: 'the list was cut short' },
      {
        next: 'stop',
        record: null,
        reason: 'not settled by this step; a later step looks again (the list was cut short)'
      }
    ],
    [
      'not known, a draft',
      draft,
      { kind: 'unknown', reason: 'no draft carries our marker' },
      {
        next: 'unknown',
        record: 'unknown',
        reason: 'no draft carries our marker, yet the create may still commit (it has no fence)'
      }
    ],
    [
      'the lookup failed',
      published,
      { kind: 'unavailable', reason: 'HTTP 502' },
      {
        next: 'stop',
        record: null,
        reason: 'the lookup failed; the next effect step looks again (HTTP 502)'
      }
    ]
  ])('after a lookup: %s', (_name, ctx, lookup, decision) => {
    expect(afterLookup(ctx, lookup)).toEqual(decision)
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
  // What the operator is told (the command's reason): the first answer and who gave it.
  const duplicate = (answer: string): ResolveDecision => ({
    outcome: 'duplicate',
    reason: `already resolved ${answer} by octocat`
  })
  const conflict = (first: string): ResolveDecision => ({
    outcome: 'conflict',
    reason: `already resolved ${first} by octocat; the first answer stands`
  })
  it.each([
    [
      'resolved committed 77, same again',
      resolved('committed'),
      'committed',
      '77',
      duplicate('committed')
    ],
    [
      'resolved committed 77, other id',
      resolved('committed'),
      'committed',
      '78',
      conflict('committed')
    ],
    [
      'resolved committed, now not',
      resolved('committed'),
      'not_committed',
      null,
      conflict('committed')
    ],
    [
      'resolved not committed, same',
      resolved('not_committed'),
      'not_committed',
      null,
      duplicate('not_committed')
    ],
    [
      'resolved not committed, now committed',
      resolved('not_committed'),
      'committed',
      '5',
      conflict('not_committed')
    ],
    [
      'never unknown',
      foldOperation(opChain(intent, ['may_have_been_sent'])),
      'not_committed',
      null,
      {
        outcome: 'rejected',
        reason:
          'the operation is may_have_been_sent, not unknown: there is nothing for an operator to settle'
      }
    ]
  ] as const)('%s', (_name, op, answer, id, decision) => {
    expect(decideResolve(op, answer, id)).toEqual(decision)
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

describe('decideResolve for the write kinds: the id an operator names', () => {
  const resolvedWith = (kind: 'comment' | 'issue', result: Record<string, unknown>) =>
    foldOperation(
      opChain(makeWriteIntent(kind), [
        'may_have_been_sent',
        'unknown',
        {
          state: 'terminal_committed',
          resolution: { answer: 'committed', by: 'octocat' },
          result: { tag_object: null, release_id: null, release_url: null, ...result }
        }
      ])
    )
  it.each([
    ['a comment by its id', 'comment', { id: '3001', number: null }, '3001', 'duplicate'],
    ['a comment, another id', 'comment', { id: '3001', number: null }, '3002', 'conflict'],
    ['an issue by its number', 'issue', { id: '6001', number: 12 }, '12', 'duplicate'],
    [
      'an issue by its id is another answer',
      'issue',
      { id: '6001', number: 12 },
      '6001',
      'conflict'
    ],
    ['an issue recorded without a number', 'issue', { id: '6001', number: null }, '12', 'conflict']
  ] as const)('%s', (_n, kind, result, answered, outcome) => {
    expect(decideResolve(resolvedWith(kind, result), 'committed', answered).outcome).toBe(outcome)
  })
})

describe('awaitsOtherSender: a fresh may_have_been_sent of another step is followed', () => {
  // The head record of opChain's chains is dated 2026-11-30T07:00:<n>Z, n its position.
  const op = foldOperation(opChain(makeWriteIntent('comment'), ['may_have_been_sent']))
  const at = Date.parse(op.updated_at)
  it.each([
    ['recorded just now by another step', op, at + 1000, null, true],
    ['recorded a moment before the bound', op, at + 9999, null, true],
    ['at the bound', op, at + 10_000, null, false],
    ['past the bound: the sender may be dead, look it up', op, at + 60_000, null, false],
    ['this step recorded it (its own send)', op, at + 1000, 1, false],
    ['this step recorded an earlier send', op, at + 1000, 0, true],
    [
      'not may_have_been_sent',
      foldOperation(opChain(makeWriteIntent('comment'), ['may_have_been_sent', 'observed'])),
      at + 1000,
      null,
      false
    ],
    ['no operation', null, at, null, false]
  ] as const)('%s', (_n, operation, nowMs, ownSend, follows) => {
    expect(awaitsOtherSender(operation, { nowMs, boundMs: 10_000, ownSend })).toBe(follows)
  })
})

describe('answerIdName: what an operator names a committed effect by', () => {
  it.each([
    ['release', '<release id>'],
    ['comment', '<comment id>'],
    ['issue', '<issue number>'],
    ['pull-request', '<pull request number>'],
    ['tag', '<id>'],
    [null, '<id>']
  ])('%s → %s', (kind, name) => {
    expect(answerIdName(kind)).toBe(name)
  })
})
