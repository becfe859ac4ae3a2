import { canonicalJson } from '../canonical.js'
import { decodeEntry, type CommitSpec } from '../entry.js'
import { epochSeconds } from './artifacts.js'
import { OperationRecordSchema, type OperationRecord } from './operation.js'

/** SPEC §13: an operation record is an entry commit like a ledger record (SPEC §3). */
export function operationCommit(record: OperationRecord, parent: string | null): CommitSpec {
  return {
    parent,
    time: epochSeconds(record.occurred_at),
    subject: `dispatch-ledger operation ${record.sequence} ${record.state}`,
    json: canonicalJson(record)
  }
}

export function decodeOperation(
  ref: string,
  raw: string,
  oid?: string
): { value: OperationRecord; json: string } {
  return decodeEntry(ref, raw, OperationRecordSchema, oid)
}
