/**
 * The ledger records a run's send appends (core/send/records.ts): each, appended in protocol
 * order, makes a chain that verifies and plans as the design says.
 */
import { describe, expect, it } from '@jest/globals'
import { dispatchMove } from '../../../src/core/dispatchMove.js'
import { planRecovery } from '../../../src/core/planRecovery.js'
import { reconstruct } from '../../../src/core/reconstruct.js'
import { absentRecord, intentRecord, sendRecord } from '../../../src/core/send/records.js'
import { failure, legalChain, type Step } from '../../../testkit/fixtures.js'

describe('the records each outcome appends', () => {
  it('the intent is dispatched/not_submitted with the attempt and the intent ids', () => {
    expect(intentRecord('workflow', { number: 2, reason: 'retry' }, { receiver_key: 'k' })).toEqual(
      {
        state: 'dispatched',
        fields: {
          attempt: { number: 2, reason: 'retry' },
          provider: {
            driver: 'workflow',
            submission_state: 'not_submitted',
            external_ids: { receiver_key: 'k' }
          }
        }
      }
    )
  })

  it('submitted, refused, ambiguous', () => {
    expect(
      sendRecord('command', { kind: 'submitted', external_ids: { job: 'j' } }, 'not_submitted')
    ).toEqual({
      state: 'dispatched',
      fields: {
        provider: { driver: 'command', submission_state: 'submitted', external_ids: { job: 'j' } }
      }
    })
    const refusal = failure(true, 'exit_75')
    expect(
      sendRecord('command', { kind: 'refused', failure: refusal, message: 'm' }, 'not_submitted')
    ).toEqual({
      state: 'attempt_failed',
      fields: {
        provider: { driver: 'command', submission_state: 'definite_failure', external_ids: {} },
        failure: refusal
      }
    })
    expect(
      sendRecord('workflow', { kind: 'ambiguous', reason: 'HTTP 500' }, 'not_submitted')
    ).toEqual({
      state: 'dispatched',
      fields: {
        provider: { driver: 'workflow', submission_state: 'ambiguous', external_ids: {} },
        note: 'HTTP 500'
      }
    })
  })

  it('a second ambiguity of an attempt already ambiguous appends nothing', () => {
    expect(sendRecord('workflow', { kind: 'ambiguous', reason: 'r' }, 'ambiguous')).toBeNull()
  })

  it('a request whose lease was refused went nowhere: nothing is appended', () => {
    expect(sendRecord('command', { kind: 'preempted', reason: 'r' }, 'not_submitted')).toBeNull()
  })

  it('a provably empty provider fails the attempt, retryable, recovery_required', () => {
    expect(absentRecord('command', 'exit 1').fields.failure).toEqual({
      code: 'provider_has_nothing',
      classification: 'recovery_required',
      retryable: true
    })
    expect(absentRecord('command', 'exit 1').state).toBe('attempt_failed')
  })

  it('each record, appended in protocol order, makes a chain that verifies and plans as §6 says', () => {
    const at = (state: string, fields: object) => ({ state, ...fields }) as Step
    const intent = intentRecord('command', { number: 1, reason: 'initial' }, {})
    const amb = sendRecord('command', { kind: 'ambiguous', reason: 'r' }, 'not_submitted')!
    const absent = absentRecord('command', 'exit 1')
    const chain = legalChain(
      'admitted',
      at(intent.state, intent.fields),
      at(amb.state, { ...amb.fields, attempt: { number: 1, reason: 'initial' } }),
      at(absent.state, { ...absent.fields, attempt: { number: 1, reason: 'initial' } })
    )
    const state = reconstruct(chain)
    expect(planRecovery(state).action).toBe('retry_attempt')
    expect(dispatchMove(state, planRecovery(state))).toEqual({
      kind: 'send',
      attempt: { number: 2, reason: 'retry' }
    })
  })
})
