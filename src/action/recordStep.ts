import { recordCommand } from '../commands/record.js'
import type { StepContext } from './context.js'
import { jsonInput, type Inputs } from './inputs.js'
import { ledgerMarkdown } from './ledgerSummary.js'
import { flag, type StepReport } from './report.js'
import { runIdentityOutputs, runOutputs, runRows } from './runReport.js'

/** `command: record`: append one record to a run's ledger, by compare-and-set. */
export async function recordStep(inputs: Inputs, context: StepContext): Promise<StepReport> {
  const outcome = await recordCommand(
    {
      namespace: inputs.namespace,
      run_id: inputs.runId,
      dispatch_key: inputs.dispatchKey,
      event: context.event,
      writer: context.writer,
      state: inputs.state,
      fields: jsonInput(inputs.record, 'record')
    },
    context
  )
  const { view } = outcome
  const run = view.state
  const record = outcome.record.value
  return {
    outputs: {
      ...runIdentityOutputs(run, outcome.selected.ledger_ref, context.store.name),
      owner: flag(outcome.selected.owner),
      duplicate: flag(outcome.duplicate),
      recorded: flag(!outcome.duplicate),
      // The run as it is now, also for a duplicate: duplicate=true says the input was there.
      ...runOutputs(view)
    },
    summary: {
      title: `dispatch-ledger: record ${record.state}`,
      meaning: outcome.duplicate
        ? `The input ${record.idempotency.input_key} was already recorded at sequence ${record.ledger_sequence}; nothing was written. The run is now at sequence ${run.sequence} (${run.state}).`
        : `Recorded ${record.state} as sequence ${record.ledger_sequence}. Next: ${view.plan.action}.`,
      rows: [
        ['run id', run.run_id],
        ['dispatch key', run.dispatch_key],
        ['store', context.store.name],
        ...runRows(view)
      ],
      extra: ledgerMarkdown(outcome.chain, run.terminal)
    }
  }
}
