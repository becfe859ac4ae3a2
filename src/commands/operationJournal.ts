/**
 * An effect's operation as a chain of the one chain entity: its journal and the records a
 * writer appends to it (docs/design/effects.md#operations).
 */
import { nextRecord, preparedRecord, type RecordFields } from '../core/effect/newOperationRecord.js'
import type { Intent, OperationRecord, Writer } from '../core/effect/operation.js'
import { operationRef } from '../core/effect/operation.js'
import { OPERATION_CHAIN } from '../core/effect/operationChain.js'
import { timestampOf } from '../core/time.js'
import { Journal, type OperationJournal } from '../store/journal.js'
import type { Store, StoredEntry } from '../store/store.js'
import type { Clock } from './deps.js'

export type Chain = StoredEntry<OperationRecord>[]
export type { OperationJournal, RecordFields }

/** Who appends to an operation, and the clock its records are dated by. */
export interface OperationWriter {
  readonly writer: Writer | null
  readonly clock: Clock
}

export function operationJournal(
  store: Store,
  namespace: string,
  operationId: string
): OperationJournal {
  return new Journal({ store, ref: operationRef(namespace, operationId), chain: OPERATION_CHAIN })
}

/** The prepared record (sequence 1) of a new operation. */
export function prepared(
  by: OperationWriter,
  fields: { operation_id: string; intent: Intent; intent_digest: string }
): OperationRecord {
  return preparedRecord({ ...fields, occurred_at: nowOf(by), writer: by.writer })
}

/** The record that would follow the journal's head (not written). */
export function following(
  journal: OperationJournal,
  by: OperationWriter,
  fields: RecordFields
): OperationRecord {
  const head = journal.head
  const op = journal.state
  if (!head || !op) throw new Error('append before the operation was read')
  return nextRecord(head.value, op.head_digest, {
    ...fields,
    occurred_at: nowOf(by),
    writer: by.writer
  })
}

function nowOf(by: OperationWriter): string {
  return timestampOf(by.clock.now())
}
