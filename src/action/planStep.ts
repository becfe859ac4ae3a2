import { readRun } from '../commands/readRun.js'
import { planRecovery } from '../core/planRecovery.js'
import { verifiedState } from '../commands/readRun.js'
import type { Store } from '../store/store.js'
import type { LoadedEvent } from './event.js'
import type { Inputs } from './inputs.js'
import { ledgerMarkdown } from './ledgerSummary.js'
import type { StepReport } from './report.js'
import { runOutputs, runRows } from './runView.js'
import { checkSelectedKey, selectRun } from './selectRun.js'
import { keyHash } from '../core/refs.js'

/** Reconstruct a run from its ledger (verifying the chain) and plan the one safe next action. */
export async function planStep(
  inputs: Inputs,
  event: LoadedEvent,
  store: Store
): Promise<StepReport> {
  const found = await readRun(store, inputs.namespace, selectRun(inputs, event))
  const state = verifiedState(found.chain)
  checkSelectedKey(inputs, state.dispatch_key)
  const view = { state, plan: planRecovery(state) }
  return {
    outputs: {
      run_id: state.run_id,
      dispatch_key: state.dispatch_key,
      dispatch_key_hash: keyHash(state.dispatch_key),
      request_digest: state.request_digest,
      ledger_ref: found.ledger_ref,
      store: store.name,
      ...runOutputs(view)
    },
    summary: {
      title: `dispatch-ledger: plan — ${view.plan.action}`,
      meaning: view.plan.reason,
      rows: [
        ['run id', state.run_id],
        ['dispatch key', state.dispatch_key],
        ['store', store.name],
        ...runRows(view)
      ],
      extra: ledgerMarkdown(found.chain, state.terminal)
    }
  }
}
