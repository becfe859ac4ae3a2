/**
 * The record a request appends to a run, validated against the chain as read: a duplicate
 * when its input_key is already recorded with the same payload, an InputConflict when with
 * another, else the next record, checked against its head
 * (docs/design/states.md#appending). Pure: the caller reads and writes.
 */
import { nextAttempt } from './attempts.js'
import { canonicalJson } from './canonical.js'
import { InputConflict } from './errors.js'
import { newRecord } from './newRecord.js'
import type { Actor, LedgerRecord, RecordInput, Trigger, Writer } from './record.js'
import { headAttempt, type RecoveredRunState } from './reconstruct.js'
import type { State } from './states.js'
import { checkAppend } from './transition.js'

/** What a caller asks to append to a run. */
export interface RunRecordRequest {
  readonly state: State
  /** The caller's fields; attempt is filled in for dispatched and attempt_failed when absent. */
  readonly fields: RecordInput
  readonly occurred_at: string
  readonly trigger: Trigger
  readonly actor: Actor | null
  /** The workflow run appending; null outside Actions. */
  readonly writer: Writer | null
}

/** The fields an input_key's payload is compared on: the state and what the caller gave. */
const PAYLOAD_FIELDS = ['attempt', 'provider', 'failure', 'evidence', 'decision', 'note'] as const

/**
 * The record `request` appends after the chain, or the one that already holds its input_key
 * (a duplicate). Throws InputConflict (same key, other payload) or the transition's error.
 */
export function nextRunRecord<E extends { readonly value: LedgerRecord }>(
  chain: readonly E[],
  current: RecoveredRunState,
  request: RunRecordRequest
): { readonly duplicate: E } | { readonly record: LedgerRecord } {
  const inputKey = request.fields.input_key
  const earlier = inputKey
    ? chain.find(entry => entry.value.idempotency.input_key === inputKey)
    : undefined
  if (earlier) {
    const differs = differingField(earlier.value, request)
    if (differs)
      throw new InputConflict(
        `The input_key ${JSON.stringify(inputKey)} is already recorded at sequence ` +
          `${earlier.value.ledger_sequence} with a different ${differs}. Nothing was written. ` +
          'Use a new input_key for a different input.'
      )
    return { duplicate: earlier }
  }
  const head = chain[chain.length - 1] as E
  const next = newRecord({
    ...request.fields,
    attempt: request.fields.attempt ?? defaultAttempt(request.state, current),
    run_id: current.run_id,
    ledger_sequence: current.sequence + 1,
    previous_record_digest: current.head_digest,
    state: request.state,
    occurred_at: request.occurred_at,
    trigger: request.trigger,
    actor: request.actor,
    writer: request.writer,
    dispatch_key: current.dispatch_key,
    request_digest: current.request_digest
  })
  checkAppend(head.value, next, current.head_digest)
  return { record: next }
}

/** Coordinators need not count attempts: a dispatch or failure belongs to the current one. */
function defaultAttempt(state: State, current: RecoveredRunState) {
  return nextAttempt(headAttempt(current), state)
}

/**
 * The first field in which a repeated input differs from the record that holds its input_key.
 * An omitted field means its empty value (as newRecord writes it), so leaving a field out is a
 * different payload, not a wildcard. The attempt is the exception: when omitted it is derived
 * from the run's state at the time, which has moved on since.
 */
function differingField(stored: LedgerRecord, request: RunRecordRequest): string | null {
  if (stored.state !== request.state) return 'state'
  for (const field of PAYLOAD_FIELDS) {
    const given = request.fields[field]
    if (given === undefined && field === 'attempt') continue
    const value = given ?? (field === 'evidence' ? [] : null)
    if (canonicalJson(value) !== canonicalJson(stored[field] ?? null)) return field
  }
  return null
}
