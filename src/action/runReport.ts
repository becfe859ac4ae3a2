import { keyHash, RECEIVER_CONFIRMED } from '../commands/reporting.js'
import type { RunView } from '../commands/runView.js'
import type { SelectedRun } from '../commands/selectRun.js'
import { flag } from './report.js'

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

/** Which run, which key, where it lives: the outputs every run-level command sets. */
export function runIdentityOutputs(
  state: RunView['state'],
  ledger_ref: string,
  store: string
): Record<string, string> {
  return {
    run_id: state.run_id,
    dispatch_key: state.dispatch_key,
    dispatch_key_hash: keyHash(state.dispatch_key),
    request_digest: state.request_digest,
    ledger_ref,
    store
  }
}

/** The identity, ownership and run outputs of a selected run (plan, record, dispatch). */
export function selectedRunOutputs(selected: SelectedRun, store: string): Record<string, string> {
  return {
    ...runIdentityOutputs(selected.view.state, selected.ledger_ref, store),
    owner: flag(selected.owner),
    ...runOutputs(selected.view)
  }
}

/** The run outputs of docs/design/keys.md; empty strings when there is no ledger to read. */
export function runOutputs(view: RunView | null): Record<string, string> {
  return {
    state: view?.state.state ?? '',
    terminal: view ? String(view.state.terminal) : '',
    sequence: view ? String(view.state.sequence) : '',
    recovery_action: view?.plan.action ?? '',
    recovery_reason: view?.plan.reason ?? '',
    blind_resubmission_forbidden: view ? String(view.plan.blind_resubmission_forbidden) : '',
    authority_required: view?.plan.authority_required ?? '',
    attempt: view?.state.current_attempt ? String(view.state.current_attempt) : '',
    receiver_confirmed: view ? receiverConfirmed(view.state) : ''
  }
}

/** The summary rows describing a run's state and plan. */
export function runRows(view: RunView | null): Array<[string, string]> {
  if (!view) return [['state', '(no ledger)']]
  return [
    ['state', `${view.state.state}${view.state.terminal ? ' (terminal)' : ''}`],
    ['sequence', String(view.state.sequence)],
    ['next action', view.plan.action],
    ['why', view.plan.reason]
  ]
}

/** `true`/`false` for an attempt sent to a fenced receiver (workflow driver); else empty. */
function receiverConfirmed(state: RunView['state']): string {
  const current = state.attempts.find(a => a.number === state.current_attempt)
  return current?.external_ids[RECEIVER_CONFIRMED] ?? ''
}
