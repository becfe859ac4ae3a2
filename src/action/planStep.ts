import { planCommand } from '../commands/plan.js'
import type { StepContext } from './context.js'
import type { Inputs } from './inputs.js'
import { ledgerMarkdown } from './ledgerSummary.js'
import type { StepReport } from './report.js'
import { runRows, selectedRunOutputs } from './runReport.js'

/** `command: plan`: reconstruct a run (verifying the chain) and report its one safe next action. */
export async function planStep(inputs: Inputs, context: StepContext): Promise<StepReport> {
  const selected = await planCommand(
    {
      namespace: inputs.namespace,
      run_id: inputs.runId,
      dispatch_key: inputs.dispatchKey,
      event: context.event,
      writer: context.writer,
      confirm: { writer: context.writer }
    },
    context
  )
  const { view } = selected
  return {
    warnings: selected.confirm_warning ? [selected.confirm_warning] : undefined,
    outputs: selectedRunOutputs(selected, context.store.name),
    summary: {
      title: `dispatch-ledger: plan — ${view.plan.action}`,
      meaning: view.plan.reason,
      rows: [
        ['run id', view.state.run_id],
        ['dispatch key', view.state.dispatch_key],
        ['store', context.store.name],
        ...runRows(view)
      ],
      extra: ledgerMarkdown(selected.chain, view.state.terminal)
    }
  }
}
