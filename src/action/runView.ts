import { planRecovery, type RecoveryPlan } from '../core/planRecovery.js'
import { reconstruct, type RecoveredRunState } from '../core/reconstruct.js'
import type { LedgerRecord } from '../core/record.js'
import type { StoredEntry } from '../store/store.js'

export interface RunView {
  readonly state: RecoveredRunState
  readonly plan: RecoveryPlan
}

/** Reconstructs a chain (verifying it) and plans; null when there is no ledger. */
export function viewRun(chain: readonly StoredEntry<LedgerRecord>[] | null): RunView | null {
  if (!chain || chain.length === 0) return null
  const texts = chain.map(entry => entry.json)
  const canonical = texts.every(text => text !== undefined) ? (texts as string[]) : undefined
  const state = reconstruct(
    chain.map(entry => entry.value),
    { headOid: chain[chain.length - 1]?.oid, canonical }
  )
  return { state, plan: planRecovery(state) }
}

/**
 * What a workflow run that does not own the dispatch may do: nothing. Its outputs still show
 * the owning run's state, but its plan must never tell it to dispatch someone else's run.
 */
export function notOwned(view: RunView | null, ownerRunId: string): RunView | null {
  if (!view) return null
  return {
    state: view.state,
    plan: {
      action: 'none',
      reason: `Run ${ownerRunId}, admitted by another workflow run, owns this dispatch; this workflow run must not act on it.`,
      blind_resubmission_forbidden: true,
      authority_required: null
    }
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
    authority_required: view?.plan.authority_required ?? ''
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
