/**
 * docs/design/dispatch.md: what `command: dispatch` does for each recovery plan. Pure: a function of the
 * reconstructed run and its plan. It never widens the plan: only `dispatch` and
 * `retry_attempt` send; `reconcile_provider` looks up first (send/protocol.ts decides whether a
 * lookup allows a send).
 */
import type { RecoveryPlan } from './planRecovery.js'
import type { Attempt, LedgerRecord } from './record.js'
import { dispatchAttemptFor, type RecoveredRunState } from './reconstruct.js'

export type DispatchMove =
  /** Append the intent for `attempt`, send once, append the outcome. */
  | { readonly kind: 'send'; readonly attempt: Attempt }
  /** Look `attempt` up at the provider before anything else. */
  | { readonly kind: 'reconcile'; readonly attempt: Attempt }
  /** Accepted already: nothing to send; report the recorded external ids. */
  | {
      readonly kind: 'observe'
      readonly attempt: number
      readonly external_ids: Readonly<Record<string, string>>
    }
  /** Nothing this step may do; `reason` says why. */
  | { readonly kind: 'nothing'; readonly reason: string }

export function dispatchMove(state: RecoveredRunState, plan: RecoveryPlan): DispatchMove {
  switch (plan.action) {
    case 'dispatch':
    case 'retry_attempt': {
      const attempt = dispatchAttemptFor(state)
      // planRecovery says dispatch only at admitted and retry only at attempt_failed, where
      // an attempt always follows; anything else is a planner bug, and we send nothing.
      if (attempt === null)
        return { kind: 'nothing', reason: `No attempt can be started in state ${state.state}.` }
      return { kind: 'send', attempt }
    }
    case 'reconcile_provider': {
      // The unresolved ambiguous attempt first (rule 2 of §6), else the newest one.
      const open =
        state.attempts.find(a => a.unresolved_ambiguous) ??
        state.attempts.find(a => a.number === state.current_attempt)
      if (open === undefined)
        return { kind: 'nothing', reason: 'The plan asks to reconcile, but no attempt exists.' }
      return { kind: 'reconcile', attempt: { number: open.number, reason: open.reason } }
    }
    case 'observe_provider': {
      const current = state.attempts.find(a => a.number === state.current_attempt)
      return {
        kind: 'observe',
        attempt: current?.number ?? 0,
        external_ids: current?.external_ids ?? {}
      }
    }
    default:
      return {
        kind: 'nothing',
        reason: `Nothing to send: the plan is ${plan.action}. ${plan.reason}`
      }
  }
}

/** docs/design/dispatch.md: `<run id>/a<attempt>`, the key a fenced provider deduplicates by. */
export function idempotencyKey(runId: string, attempt: number): string {
  return `${runId}/a${attempt}`
}

/**
 * How many sends of `attempt` the ledger shows were started: each send is preceded by its
 * own durable intent (`dispatched`, `not_submitted`), so a crash cannot hide one.
 */
export function sendsStarted(records: readonly LedgerRecord[], attempt: number): number {
  return records.filter(
    r =>
      r.state === 'dispatched' &&
      r.attempt?.number === attempt &&
      r.provider?.submission_state === 'not_submitted'
  ).length
}
