import { planRecovery, type RecoveryPlan } from '../core/planRecovery.js'
import type { RecoveredRunState } from '../core/reconstruct.js'
import { verifiedState } from '../commands/readRun.js'
import type { LedgerRecord } from '../core/record.js'
import type { StoredEntry } from '../store/store.js'

export interface RunView {
  readonly state: RecoveredRunState
  readonly plan: RecoveryPlan
}

/** Reconstructs a chain (verifying it) and plans; null when there is no ledger. */
export function viewRun(chain: readonly StoredEntry<LedgerRecord>[] | null): RunView | null {
  if (!chain || chain.length === 0) return null
  const state = verifiedState(chain)
  return { state, plan: planRecovery(state) }
}

/**
 * A workflow run that does not own the dispatch may do nothing with it: its plan must never
 * tell it to dispatch someone else's run, so it is `none`, whatever the owner's state.
 */
export function notOwnedOutputs(ownerRunId: string): Record<string, string> {
  return {
    ...runOutputs(null),
    recovery_action: 'none',
    recovery_reason: `Run ${ownerRunId}, admitted by another workflow run, owns this dispatch; this workflow run must not act on it.`,
    blind_resubmission_forbidden: 'true'
  }
}

/** The run outputs of SPEC §7; empty strings when there is no ledger to read. */
export function runOutputs(view: RunView | null): Record<string, string> {
  return {
    state: view?.state.state ?? '',
    terminal: view ? String(view.state.terminal) : '',
    sequence: view ? String(view.state.sequence) : '',
    recovery_action: view?.plan.action ?? '',
    recovery_reason: view?.plan.reason ?? '',
    blind_resubmission_forbidden: view ? String(view.plan.blind_resubmission_forbidden) : '',
    authority_required: view?.plan.authority_required ?? '',
    attempt: view?.state.current_attempt ? String(view.state.current_attempt) : ''
  }
}

export function runRows(view: RunView | null): Array<[string, string]> {
  if (!view) return [['state', '(no ledger)']]
  return [
    ['state', `${view.state.state}${view.state.terminal ? ' (terminal)' : ''}`],
    ['sequence', String(view.state.sequence)],
    ['next action', view.plan.action],
    ['why', view.plan.reason]
  ]
}
