import { decodeEntry, type CommitSpec } from '../entry.js'
import { OPERATION_CHAIN } from './operationChain.js'
import { OperationRecordSchema, type OperationRecord } from './operation.js'

/** An operation record is an entry commit like a ledger record (one chain entity). */
export function operationCommit(record: OperationRecord, parent: string | null): CommitSpec {
  return OPERATION_CHAIN.commit(record, parent)
}

export function decodeOperation(
  ref: string,
  raw: string,
  oid?: string
): { value: OperationRecord; json: string } {
  return decodeEntry(ref, raw, OperationRecordSchema, oid)
}
