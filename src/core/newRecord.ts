import {
  NO_AUTHORITY,
  RECORD_SCHEMA,
  type Actor,
  type LedgerRecord,
  type RecordInput,
  type Trigger
} from './record.js'
import type { State } from './states.js'

export interface NewRecordFields extends RecordInput {
  readonly run_id: string
  readonly ledger_sequence: number
  readonly previous_record_digest: string | null
  readonly state: State
  readonly occurred_at: string
  readonly trigger: Trigger
  readonly actor: Actor | null
  readonly dispatch_key: string
  readonly request_digest: string
}

/** A complete record from the fields a caller knows; everything else takes its empty value. */
export function newRecord(fields: NewRecordFields): LedgerRecord {
  return {
    schema: RECORD_SCHEMA,
    run_id: fields.run_id,
    ledger_sequence: fields.ledger_sequence,
    previous_record_digest: fields.previous_record_digest,
    state: fields.state,
    occurred_at: fields.occurred_at,
    trigger: fields.trigger,
    actor: fields.actor,
    idempotency: {
      dispatch_key: fields.dispatch_key,
      request_digest: fields.request_digest,
      input_key: fields.input_key ?? null
    },
    attempt: fields.attempt ?? null,
    provider: fields.provider ?? null,
    failure: fields.failure ?? null,
    evidence: fields.evidence ?? [],
    decision: fields.decision ?? null,
    note: fields.note ?? null,
    authority: { ...NO_AUTHORITY }
  }
}

/** Entries carry whole seconds: the commit's own timestamp has no finer grain. */
export function nowTimestamp(now: Date = new Date()): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z')
}
