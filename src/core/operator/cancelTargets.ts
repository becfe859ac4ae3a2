/**
 * SPEC §12: `cancel` also stops the provider work the ledger names. Pure: which workflow
 * runs the ledger says may still be running.
 */
import type { RecoveredRunState } from '../reconstruct.js'

/**
 * The GitHub workflow run ids (external id `workflow_run_id`, recorded by the workflow
 * driver) of every attempt that has not definitely failed. Stored values are untrusted: only
 * plain decimal ids are returned.
 */
export function workflowRunsToCancel(state: RecoveredRunState): number[] {
  const ids = new Set<number>()
  for (const attempt of state.attempts) {
    if (attempt.failed) continue
    const id = attempt.external_ids.workflow_run_id
    if (id !== undefined && /^[1-9][0-9]{0,15}$/.test(id)) ids.add(Number(id))
  }
  return [...ids]
}
