/**
 * What a coordinator's ledger says of its receiver (docs/design/dispatch.md#the-recorded-receiver):
 * once an attempt is confirmed, its external ids name the receiver's run (`receiver_run_id`, the
 * run the receiver admission admits) and its workflow run (`workflow_run_id`, the writer of that
 * admission's first record), and nothing else may be named there. Pure.
 */
import type { LedgerRecord } from '../record.js'
import { RECEIVER_CONFIRMED, RECEIVER_KEY } from '../receiver.js'

/** An attempt as confirmed after one record: what it names, and the key it names them for. */
export interface Confirmation {
  /** The record after which the attempt reads so. */
  readonly sequence: number
  readonly attempt: number
  readonly receiver_key: string
  readonly receiver_run_id: string | null
  readonly workflow_run_id: string | null
  readonly html_url: string | null
}

/**
 * Every way a confirmed attempt reads, record by record, with the external ids folded as the
 * run's state folds them (a later record's ids over an earlier one's): a forged record that only
 * changes `workflow_run_id` after the confirmation is seen too. Each distinct reading once.
 */
export function receiverConfirmations(records: readonly LedgerRecord[]): Confirmation[] {
  const ids = new Map<number, Record<string, string>>()
  const seen = new Set<string>()
  const found: Confirmation[] = []
  for (const record of records) {
    if (record.attempt === null || record.provider === null) continue
    if (record.state !== 'dispatched' && record.state !== 'attempt_failed') continue
    const number = record.attempt.number
    const merged = { ...ids.get(number), ...record.provider.external_ids }
    ids.set(number, merged)
    const key = merged[RECEIVER_KEY]
    if (merged[RECEIVER_CONFIRMED] !== 'true' || key === undefined) continue
    const confirmation: Confirmation = {
      sequence: record.ledger_sequence,
      attempt: number,
      receiver_key: key,
      receiver_run_id: merged['receiver_run_id'] ?? null,
      workflow_run_id: merged['workflow_run_id'] ?? null,
      html_url: merged['html_url'] ?? null
    }
    const reading = JSON.stringify({ ...confirmation, sequence: 0 })
    if (seen.has(reading)) continue
    seen.add(reading)
    found.push(confirmation)
  }
  return found
}

/** The receiver admission of a confirmation's key, as stored. */
export interface ReceiverAdmission {
  readonly run_id: string
  /** The workflow run that wrote its first record (null: written outside Actions). */
  readonly writer_run_id: string | null
}

/**
 * Why a confirmation names a run other than the receiver admission's (one clause), or null. A
 * confirmation may leave a run unnamed (a writer outside Actions has no workflow run); it may
 * never name another.
 */
export function confirmationProblem(
  confirmation: Confirmation,
  receiver: ReceiverAdmission
): string | null {
  const at = `its attempt ${confirmation.attempt} (as of record ${confirmation.sequence})`
  const { receiver_run_id, workflow_run_id, html_url } = confirmation
  if (receiver_run_id !== null && receiver_run_id !== receiver.run_id)
    return (
      `${at} confirms run ${JSON.stringify(receiver_run_id)} as its receiver, but the receiver ` +
      `admission of its key admits run ${JSON.stringify(receiver.run_id)}`
    )
  if (workflow_run_id !== null && workflow_run_id !== receiver.writer_run_id)
    return (
      `${at} names workflow run ${JSON.stringify(workflow_run_id)} as its receiver, but the ` +
      `receiver admission of its key was written by ` +
      (receiver.writer_run_id === null
        ? 'no workflow run'
        : `workflow run ${JSON.stringify(receiver.writer_run_id)}`)
    )
  if (html_url !== null && !html_url.endsWith(`/actions/runs/${workflow_run_id ?? ''}`))
    return (
      `${at} links ${JSON.stringify(html_url)} as its receiver, which is not the workflow run ` +
      `${JSON.stringify(workflow_run_id)} it names`
    )
  return null
}
