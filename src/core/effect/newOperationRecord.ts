import {
  OPERATION_SCHEMA,
  type EffectResult,
  type Intent,
  type OperationRecord,
  type OperationState,
  type Resolution,
  type Writer
} from './operation.js'

export interface NextRecordFields {
  readonly state: OperationState
  readonly occurred_at: string
  readonly send?: number | null
  readonly result?: EffectResult | null
  readonly observation?: string | null
  readonly resolution?: Resolution | null
  readonly writer: Writer | null
}

/** The prepared record: sequence 1 of a new operation. */
export function preparedRecord(fields: {
  readonly operation_id: string
  readonly intent: Intent
  readonly intent_digest: string
  readonly occurred_at: string
  readonly writer: Writer | null
}): OperationRecord {
  return {
    schema: OPERATION_SCHEMA,
    operation_id: fields.operation_id,
    sequence: 1,
    previous_digest: null,
    state: 'prepared',
    occurred_at: fields.occurred_at,
    intent: fields.intent,
    intent_digest: fields.intent_digest,
    send: null,
    result: null,
    observation: null,
    resolution: null,
    writer: fields.writer
  }
}

/** The record after `head` (whose digest is headDigest); validity is the chain's to check. */
export function nextRecord(
  head: OperationRecord,
  headDigest: string,
  fields: NextRecordFields
): OperationRecord {
  return {
    schema: OPERATION_SCHEMA,
    operation_id: head.operation_id,
    sequence: head.sequence + 1,
    previous_digest: headDigest,
    state: fields.state,
    occurred_at: fields.occurred_at,
    intent: head.intent,
    intent_digest: head.intent_digest,
    send: fields.send ?? null,
    result: fields.result ?? null,
    observation: fields.observation ?? null,
    resolution: fields.resolution ?? null,
    writer: fields.writer
  }
}

/** What a writer chooses of a record; the journal adds the time and the writer. */
export type RecordFields = Omit<NextRecordFields, 'occurred_at' | 'writer'>
