/**
 * The receiver rule of the workflow driver (docs/design/dispatch.md#the-recorded-receiver).
 * Pure.
 *
 * One attempt can start two workflow runs (a send GitHub accepted but answered with an error,
 * then the fenced re-send; or GitHub creating two runs for one request), and either may win
 * the receiver admission. So a run id a send returned is only a *candidate*: the ledger names
 * a run as the attempt's receiver (`workflow_run_id`) only once a receiver has admitted, and
 * then it is the run that wrote the receiver admission's first record. Every candidate stays
 * recorded, so a cancel can stop all of them.
 */
import type { RecoveredAttempt, RecoveredRunState } from './reconstruct.js'

/** External id: every run id any send of the attempt returned, comma-separated, oldest first. */
export const CANDIDATE_RUN_IDS = 'candidate_run_ids'
/** External id: `true` once the receiver admission named the run, else `false`. */
export const RECEIVER_CONFIRMED = 'receiver_confirmed'
/** External id: the receiver key the intent recorded (the key the receiver admits). */
export const RECEIVER_KEY = 'receiver_key'

/** A GitHub workflow run id as stored: plain decimal, no sign, no leading zero. */
const RUN_ID = /^[1-9][0-9]{0,15}$/

export function isWorkflowRunId(value: string | undefined): value is string {
  return value !== undefined && RUN_ID.test(value)
}

/** The candidates recorded in `ids`; stored values are untrusted, so only plain ids count. */
export function candidateRunIds(ids: Readonly<Record<string, string>>): string[] {
  const list = ids[CANDIDATE_RUN_IDS]
  if (list === undefined) return []
  return [...new Set(list.split(',').filter(isWorkflowRunId))]
}

/**
 * What a send GitHub accepted records: the run id it returned joins the attempt's candidates,
 * and the attempt stays unconfirmed. `returned` is what the API answered (`workflow_run_id`,
 * `html_url`); neither is recorded as the receiver.
 */
export function candidateIds(
  recorded: Readonly<Record<string, string>>,
  returned: Readonly<Record<string, string>>
): Record<string, string> {
  const fresh = returned['workflow_run_id']
  const candidates = candidateRunIds(recorded)
  if (isWorkflowRunId(fresh) && !candidates.includes(fresh)) candidates.push(fresh)
  const ids: Record<string, string> = { [RECEIVER_CONFIRMED]: 'false' }
  if (candidates.length > 0) ids[CANDIDATE_RUN_IDS] = candidates.join(',')
  return ids
}

/** The receiver that admitted an attempt's key, as read at the arbiter. */
export interface AdmittedReceiver {
  /** The receiver's own run id in the ledger (its admission's run_id). */
  readonly receiver_run_id: string
  /** The workflow run that wrote the receiver admission's first record; null when unknown. */
  readonly workflow_run_id: string | null
}

/** The external ids that name the confirmed receiver. */
export function confirmedIds(
  receiver: AdmittedReceiver,
  runUrl: ((id: string) => string) | null
): Record<string, string> {
  const ids: Record<string, string> = {
    receiver_run_id: receiver.receiver_run_id,
    [RECEIVER_CONFIRMED]: 'true'
  }
  if (isWorkflowRunId(receiver.workflow_run_id ?? undefined)) {
    const id = receiver.workflow_run_id as string
    ids['workflow_run_id'] = id
    if (runUrl) ids['html_url'] = runUrl(id)
  }
  return ids
}

export function isConfirmed(attempt: Pick<RecoveredAttempt, 'external_ids'>): boolean {
  return attempt.external_ids[RECEIVER_CONFIRMED] === 'true'
}

/**
 * The attempt whose receiver a `dispatch` or `plan` step should look up and confirm: the
 * current attempt, accepted by the provider (`submitted`), with a receiver key, not confirmed.
 */
export function attemptToConfirm(state: RecoveredRunState): RecoveredAttempt | null {
  const current = state.attempts.find(a => a.number === state.current_attempt)
  if (current === undefined || state.state !== 'dispatched') return null
  if (current.submission_state !== 'submitted') return null
  if (current.external_ids[RECEIVER_KEY] === undefined) return null
  return isConfirmed(current) ? null : current
}

/**
 * The GitHub workflow runs a cancel stops: the receiver that owns the current attempt's key
 * (read at cancel time, `owner`), and every run id — named or candidate — of every attempt
 * that has not definitely failed.
 */
export function workflowRunsToCancel(state: RecoveredRunState, owner: string | null): string[] {
  const ids = new Set<string>()
  if (isWorkflowRunId(owner ?? undefined)) ids.add(owner as string)
  for (const attempt of state.attempts) {
    if (attempt.failed) continue
    const named = attempt.external_ids['workflow_run_id']
    if (isWorkflowRunId(named)) ids.add(named)
    for (const id of candidateRunIds(attempt.external_ids)) ids.add(id)
  }
  return [...ids]
}

/**
 * The coordinator attempt a receiver's dispatch key names: the workflow driver sends
 * `inputs.dispatch_key = <run id>/a<attempt>`. Null for any other value.
 */
export function coordinatorOf(
  dispatchKey: unknown
): { readonly run_id: string; readonly attempt: number } | null {
  if (typeof dispatchKey !== 'string') return null
  const match = /^(.+)\/a([1-9][0-9]{0,5})$/s.exec(dispatchKey)
  if (match === null) return null
  return { run_id: match[1] as string, attempt: Number(match[2]) }
}

/**
 * Whether a dispatch key is a receiver's (docs/design/lifecycle.md): the key a workflow_dispatch
 * run admits when a coordinator sent it (`…/<coordinator run id>/a<attempt>`). recover never
 * asks GitHub to re-run such a run: its conclusion is recorded instead.
 */
export function isReceiverKey(dispatchKey: string): boolean {
  return dispatchKey.startsWith('v1/workflow_dispatch/') && /\/a[1-9][0-9]{0,5}$/.test(dispatchKey)
}
