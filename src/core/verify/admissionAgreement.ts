/**
 * An admission and its run's first record are written in one atomic change, the admission copied
 * from the record (docs/design/storage.md#admission): the request digest is the record's, and the
 * admission time the record's occurrence time. An admission that disagrees with its first record
 * was written or rewritten by hand. Pure.
 */
import type { Admission } from '../admission.js'
import type { LedgerRecord } from '../record.js'

/** Why `admission` disagrees with `first`, its run's first record (one clause), or null. */
export function admissionRecordProblem(
  admission: Pick<Admission, 'request_digest' | 'admitted_at'>,
  first: Pick<LedgerRecord, 'idempotency' | 'occurred_at'>
): string | null {
  const digest = first.idempotency.request_digest
  if (admission.request_digest !== digest)
    return (
      `its request_digest ${admission.request_digest} disagrees with its run's first record, ` +
      `which carries ${digest}`
    )
  // Instants, not strings: one moment written two ways is the same time.
  if (Date.parse(admission.admitted_at) !== Date.parse(first.occurred_at))
    return (
      `its admitted_at ${admission.admitted_at} disagrees with its run's first record, which ` +
      `occurred at ${first.occurred_at}`
    )
  return null
}
