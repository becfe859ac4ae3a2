/**
 * The ledger records a run's send appends: the intent before it, the outcome after it, and the
 * failure a provably empty provider leaves (docs/design/dispatch.md#intent-before-send). Pure.
 */
import type { RecordInput, SubmissionState } from '../record.js'
import type { State } from '../states.js'
import type { SendOutcome } from './outcome.js'

/** The record a send's outcome (or a lookup's answer) appends. */
export interface OutcomeRecord {
  readonly state: State
  readonly fields: RecordInput
}

function provider(
  driver: string,
  submission_state: SubmissionState,
  external_ids: Readonly<Record<string, string>> = {}
) {
  return { driver, submission_state, external_ids: { ...external_ids } }
}

export function intentRecord(
  driver: string,
  attempt: { number: number; reason: 'initial' | 'retry' | 'recovery' },
  external_ids: Readonly<Record<string, string>>
): OutcomeRecord {
  return {
    state: 'dispatched',
    fields: { attempt, provider: provider(driver, 'not_submitted', external_ids) }
  }
}

/** `ambiguous` needs no record when the attempt is already recorded ambiguous. */
export function sendRecord(
  driver: string,
  outcome: SendOutcome,
  current: SubmissionState | null
): OutcomeRecord | null {
  // No attempt field: the append gives a submission update or a failure the head's attempt.
  switch (outcome.kind) {
    case 'submitted':
      return {
        state: 'dispatched',
        fields: { provider: provider(driver, 'submitted', outcome.external_ids) }
      }
    case 'refused':
      return {
        state: 'attempt_failed',
        fields: { provider: provider(driver, 'definite_failure'), failure: outcome.failure }
      }
    case 'preempted':
      // Nothing went out: there is nothing to record.
      return null
    case 'ambiguous':
      if (current === 'ambiguous') return null
      return {
        state: 'dispatched',
        fields: { provider: provider(driver, 'ambiguous'), note: clip(outcome.reason) }
      }
  }
}

/** The provider demonstrably has nothing for the attempt (a lookup answered `absent`). */
export function absentRecord(driver: string, reason: string): OutcomeRecord {
  return {
    state: 'attempt_failed',
    fields: {
      provider: provider(driver, 'definite_failure'),
      failure: {
        code: 'provider_has_nothing',
        classification: 'recovery_required',
        retryable: true
      },
      note: clip(reason)
    }
  }
}

function clip(text: string): string {
  return text.length > 4096 ? `${text.slice(0, 4093)}...` : text
}
