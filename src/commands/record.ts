import { canonicalJson } from '../core/canonical.js'
import { recordCommit } from '../core/entry.js'
import { InputConflict, LostRace } from '../core/errors.js'
import { newRecord } from '../core/newRecord.js'
import type { Actor, LedgerRecord, RecordInput, Trigger } from '../core/record.js'
import { dispatchAttemptFor, type RecoveredRunState } from '../core/reconstruct.js'
import type { State } from '../core/states.js'
import { checkAppend } from '../core/transition.js'
import type { Store, StoredEntry } from '../store/store.js'
import { verifiedState } from './readRun.js'

export interface AppendRequest {
  readonly ledger_ref: string
  readonly state: State
  /** The caller's fields; attempt is filled in for dispatched and attempt_failed when absent. */
  readonly fields: RecordInput
  readonly occurred_at: string
  readonly trigger: Trigger
  readonly actor: Actor | null
}

export interface AppendResult {
  /** The record appended, or the one already holding this input_key. */
  readonly record: StoredEntry<LedgerRecord>
  readonly duplicate: boolean
  /** The chain after the append (or as found, for a duplicate). */
  readonly chain: StoredEntry<LedgerRecord>[]
}

/** The fields an input_key's payload is compared on: the state and what the caller gave. */
const PAYLOAD_FIELDS = ['attempt', 'provider', 'failure', 'evidence', 'decision', 'note'] as const

/**
 * SPEC §5 append: verify the chain as read (readRun), validate the new record against its head,
 * write it with the head as parent and move the ref only if it still points at that head.
 * A lost race is reported, never retried: the caller re-reads and re-plans.
 */
export async function appendRecord(
  store: Store,
  request: AppendRequest,
  chain: readonly StoredEntry<LedgerRecord>[]
): Promise<AppendResult> {
  const current = verifiedState(chain)

  const inputKey = request.fields.input_key
  if (inputKey) {
    const earlier = chain.find(entry => entry.value.idempotency.input_key === inputKey)
    if (earlier) {
      const differs = differingField(earlier.value, request)
      if (differs)
        throw new InputConflict(
          `The input_key ${JSON.stringify(inputKey)} is already recorded at sequence ` +
            `${earlier.value.ledger_sequence} with a different ${differs}. Nothing was written. ` +
            'Use a new input_key for a different input.'
        )
      return { record: earlier, duplicate: true, chain: [...chain] }
    }
  }

  const head = chain[chain.length - 1] as StoredEntry<LedgerRecord>
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
    dispatch_key: current.dispatch_key,
    request_digest: current.request_digest
  })
  checkAppend(head.value, next, current.head_digest)

  const [oid] = (await store.writeEntries([recordCommit(next, head.oid)])) as [string]
  const moved = await store.advanceRef(request.ledger_ref, oid, head.oid)
  if (moved === 'lost')
    throw new LostRace(
      `Another writer appended to ${request.ledger_ref} after sequence ${current.sequence} was ` +
        'read, so this record was not written. Re-read the run (command: plan) and decide again; ' +
        'nothing is retried blindly.'
    )
  const record = { oid, value: next, json: canonicalJson(next) }
  return { record, duplicate: false, chain: [...chain, record] }
}

/** Coordinators need not count attempts: a dispatch or failure belongs to the current one. */
function defaultAttempt(state: State, current: RecoveredRunState) {
  if (state === 'dispatched') return dispatchAttemptFor(current)
  if (state === 'attempt_failed' && current.current_attempt !== null) {
    const attempt = current.attempts.find(a => a.number === current.current_attempt)
    return attempt ? { number: attempt.number, reason: attempt.reason } : null
  }
  return null
}

function differingField(stored: LedgerRecord, request: AppendRequest): string | null {
  if (stored.state !== request.state) return 'state'
  for (const field of PAYLOAD_FIELDS) {
    const given = request.fields[field]
    if (given === undefined) continue
    if (canonicalJson(given) !== canonicalJson(stored[field] ?? null)) return field
  }
  return null
}
