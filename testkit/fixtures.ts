/**
 * Test-only builders for ledger records. `makeRecord` fills every field with a valid
 * default; `legalChain` walks the state machine and fills in what each state needs
 * (sequence, previous digest, attempt numbers, provider, failure, decision), so a test
 * names only the states and the fields it cares about.
 */
import { digestOf } from '../src/core/canonical.js'
import { newRecord } from '../src/core/newRecord.js'
import {
  NO_AUTHORITY,
  RECORD_SCHEMA,
  type Attempt,
  type LedgerRecord,
  type Provider,
  type SubmissionState
} from '../src/core/record.js'
import type { State } from '../src/core/states.js'

export const RUN_ID = 'run-0001'
export const DISPATCH_KEY = 'v1:acme/widgets:issues:42:labeled:agent'
export const REQUEST_DIGEST = digestOf({ request: 'build widget 42' })

const EPOCH = Date.UTC(2025, 0, 1)

export function timeOf(sequence: number): string {
  return new Date(EPOCH + sequence * 1000).toISOString()
}

/** A record with valid defaults (record 1, `admitted`), overridden by `partial`. */
export function makeRecord(partial: Partial<LedgerRecord> = {}): LedgerRecord {
  const sequence = partial.ledger_sequence ?? 1
  return {
    schema: RECORD_SCHEMA,
    run_id: RUN_ID,
    ledger_sequence: sequence,
    previous_record_digest: null,
    state: 'admitted',
    occurred_at: timeOf(sequence),
    trigger: 'workflow_dispatch',
    actor: null,
    idempotency: { dispatch_key: DISPATCH_KEY, request_digest: REQUEST_DIGEST, input_key: null },
    attempt: null,
    provider: null,
    failure: null,
    evidence: [],
    decision: null,
    note: null,
    authority: { ...NO_AUTHORITY },
    writer: null,
    ...partial
  }
}

/** A provider's refusal, as attempt_failed records carry it: retryable unless told otherwise. */
export const failure = (retryable = true, code = 'provider_refused') =>
  ({ code, classification: 'provider', retryable }) as const

export function provider(
  submission_state: SubmissionState,
  external_ids: Record<string, string> = submission_state === 'submitted' ? { job: 'job-1' } : {}
): Provider {
  return { driver: 'fake', submission_state, external_ids }
}

/** A step of `legalChain`: a state, or a state with the fields to set explicitly. */
export type Step = State | (Partial<LedgerRecord> & { state: State })

/** The happy path from admission to a run waiting for a human decision. */
export const TO_AWAITING_DECISION: readonly Step[] = [
  'admitted',
  'dispatched',
  'candidate_observed',
  'normalized',
  'verification_requested',
  'evidence_ready',
  'awaiting_human_decision'
]

/** The attempt a record in `state` after `previous` should carry (test-side rule of docs/design/states.md). */
function attemptFor(previous: LedgerRecord | null, state: State): Attempt | null {
  if (state === 'dispatched') {
    if (previous?.state === 'dispatched' && previous.attempt) return previous.attempt
    if (previous?.state === 'attempt_failed' && previous.attempt)
      return { number: previous.attempt.number + 1, reason: 'retry' }
    return { number: 1, reason: 'initial' }
  }
  if (state === 'attempt_failed') return previous?.attempt ?? { number: 1, reason: 'initial' }
  return null
}

/** The record that follows `previous` (null: record 1) for `step`, chained correctly. */
export function nextRecord(previous: LedgerRecord | null, step: Step): LedgerRecord {
  const spec = typeof step === 'string' ? { state: step } : step
  const sequence = previous === null ? 1 : previous.ledger_sequence + 1
  const state = spec.state
  const attempt = attemptFor(previous, state)
  return makeRecord({
    ledger_sequence: sequence,
    previous_record_digest: previous === null ? null : digestOf(previous),
    run_id: previous?.run_id ?? RUN_ID,
    idempotency: previous
      ? { ...previous.idempotency, input_key: null }
      : { dispatch_key: DISPATCH_KEY, request_digest: REQUEST_DIGEST, input_key: null },
    attempt,
    provider:
      state === 'dispatched' ? provider('submitted', { job: `job-${attempt?.number ?? 1}` }) : null,
    failure:
      state === 'attempt_failed'
        ? failure(true)
        : state === 'verification_error'
          ? { code: 'verifier_crashed', classification: 'verification', retryable: true }
          : null,
    decision: state === 'decided' ? { outcome: 'approved', by: 'octocat' } : null,
    trigger: state === 'dispatched' ? 'provider_observation' : 'workflow_dispatch',
    ...spec
  })
}

/** Append `steps` to `chain` (which may be empty), returning a new array. */
export function extend(chain: readonly LedgerRecord[], ...steps: Step[]): LedgerRecord[] {
  const out = [...chain]
  for (const step of steps) out.push(nextRecord(out.at(-1) ?? null, step))
  return out
}

/** A correctly chained ledger through `steps`, starting at record 1. */
export function legalChain(...steps: Step[]): LedgerRecord[] {
  return extend([], ...steps)
}

/**
 * Re-chain `records` after a test edited them: renumber from 1 and recompute every
 * previous_record_digest, so only the edit itself (not the chaining) is under test.
 */
export function rechain(records: readonly LedgerRecord[]): LedgerRecord[] {
  const out: LedgerRecord[] = []
  for (const [index, record] of records.entries()) {
    const previous = out[index - 1]
    out.push({
      ...record,
      ledger_sequence: index + 1,
      previous_record_digest: previous ? digestOf(previous) : null
    })
  }
  return out
}

export interface FirstRecordOptions {
  readonly run_id: string
  readonly dispatch_key: string
  readonly request_digest: string
  readonly occurred_at?: string
  readonly state?: 'admitted' | 'proposed'
  readonly actor?: LedgerRecord['actor']
  readonly writer?: LedgerRecord['writer']
}

/** A run's first record as admit builds it (through newRecord), for the admission tests. */
export function firstRecord(options: FirstRecordOptions): LedgerRecord {
  return newRecord({
    run_id: options.run_id,
    ledger_sequence: 1,
    previous_record_digest: null,
    state: options.state ?? 'admitted',
    occurred_at: options.occurred_at ?? '2026-11-29T12:00:00Z',
    trigger: 'issue',
    actor: options.actor ?? null,
    writer: options.writer ?? null,
    dispatch_key: options.dispatch_key,
    request_digest: options.request_digest
  })
}
