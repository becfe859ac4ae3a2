import { recover } from '../commands/recover.js'
import type { ObservationBoundary } from '../commands/observe.js'
import { failpoint } from './failpoint.js'
import type { StepContext } from './context.js'
import type { Inputs } from './inputs.js'
import { flag, type StepReport } from './report.js'

/**
 * docs/design/recovery.md, docs/design/lifecycle.md: on workflow_run completed, record a
 * receiver's conclusion on its coordinator's run, or re-run a killed coordinator when its ledger
 * allows.
 */
export async function recoverStep(inputs: Inputs, context: StepContext): Promise<StepReport> {
  const { store } = context
  const result = await recover(
    {
      namespace: inputs.namespace,
      event: context.event,
      run_id: inputs.runId || undefined,
      writer: context.writer,
      maxAttempts: Number(inputs.maxAttempts),
      onSuccess: inputs.onSuccess,
      onBoundary: failpoint<ObservationBoundary>(context.env)
    },
    context
  )
  const wr = result.workflow_run
  return {
    outputs: {
      dispatch_key: result.dispatch_key,
      run_id: result.owner_run_id,
      owner: flag(result.owner),
      duplicate: flag(result.duplicate),
      runs: JSON.stringify(result.runs),
      rerun_requested: flag(result.rerun_requested),
      observed: JSON.stringify(result.observed),
      recovery_reason: result.message,
      store: store.name
    },
    summary: {
      title: `dispatch-ledger: recover — ${result.observed.length > 0 ? "receiver's end recorded" : result.rerun_requested ? 're-run requested' : result.duplicate ? 'already recovered' : 'nothing re-run'}`,
      meaning: result.message,
      rows: [
        ['workflow run', String(wr.id)],
        ['its attempt', String(wr.run_attempt)],
        ['conclusion', wr.conclusion ?? ''],
        ['max attempts', inputs.maxAttempts],
        ...result.runs.map(run => [run.run_id, `${run.state}: ${run.plan} (${run.done})`] as const),
        ['store', store.name]
      ]
    },
    failure: result.failure ?? undefined
  }
}
