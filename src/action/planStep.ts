import { readRun } from '../commands/readRun.js'
import type { Store } from '../store/store.js'
import type { LoadedEvent } from './event.js'
import type { Inputs } from './inputs.js'
import { ledgerMarkdown } from './ledgerSummary.js'
import type { StepReport } from './report.js'
import { runIdentityOutputs, runOutputs, runRows, viewChain } from './runView.js'
import { checkSelectedKey, selectRun } from './selectRun.js'

/** Reconstruct a run from its ledger (verifying the chain) and plan the one safe next action. */
export async function planStep(
  inputs: Inputs,
  event: LoadedEvent,
  store: Store
): Promise<StepReport> {
  const found = await readRun(store, inputs.namespace, selectRun(inputs, event))
  const view = viewChain(found.chain)
  const { state } = view
  checkSelectedKey(inputs, state.dispatch_key)
  return {
    outputs: {
      ...runIdentityOutputs(state, found.ledger_ref, store.name),
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
