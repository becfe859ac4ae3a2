import {
  NO_AUTHORITY,
  RECORD_SCHEMA,
  type Actor,
  type LedgerRecord,
  type RecordInput,
  type Trigger,
  type Writer
} from './record.js'
import type { State } from './states.js'
import { timestampOf } from './time.js'

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
  /** The workflow run appending it (docs/design/writers.md); null outside Actions. */
  readonly writer: Writer | null
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
    authority: { ...NO_AUTHORITY },
    writer: fields.writer
  }
}

/** The clock's reading as an entry timestamp (whole seconds, 2000–9999: see timestampOf). */
export function nowTimestamp(now: Date = new Date()): string {
  return timestampOf(now)
}
