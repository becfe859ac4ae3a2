import { dispatch, type DispatchBoundary, type DispatchResult } from '../commands/dispatch.js'
import type { StepContext } from './context.js'
import { failpoint } from './failpoint.js'
import { jsonInput, type Inputs } from './inputs.js'
import { admissionRef } from '../commands/reporting.js'
import { ledgerMarkdown } from './ledgerSummary.js'
import { flag, type StepReport } from './report.js'
import { notOwnedOutputs, runIdentityOutputs, runOutputs, runRows } from './runReport.js'

/** docs/design/dispatch.md: select the run, plan it, act on the plan with the configured driver. */
export async function dispatchStep(inputs: Inputs, context: StepContext): Promise<StepReport> {
  const { event, env } = context
  const result = await dispatch(
    {
      namespace: inputs.namespace,
      run_id: inputs.runId,
      dispatch_key: inputs.dispatchKey,
      event,
      writer: context.writer,
      driver: {
        kind: inputs.driver,
        workflow: inputs.workflow,
        ref: inputs.ref,
        inputs: inputs.inputs,
        run: inputs.run,
        lookup: inputs.lookup,
        fenced: inputs.fenced === 'true',
        timeoutSeconds: Number(inputs.timeoutSeconds),
        cwd: inputs.repositoryPath || env.GITHUB_WORKSPACE || process.cwd(),
        env
      },
      onBoundary: failpoint<DispatchBoundary>(env),
      request: jsonInput(inputs.request, 'request'),
      reuse: inputs.reuse,
      onSuccess: inputs.onSuccess
    },
    context
  )
  return report(result, context.store.name, inputs.namespace)
}

function report(result: DispatchResult, store: string, namespace: string): StepReport {
  const { state } = result
  const ids = result.external_ids
  const identity = {
    ...runIdentityOutputs(state, result.ledger_ref, store),
    // admit's outputs: this step may have admitted the run itself (one-step dispatch).
    created: flag(result.admitted.created),
    recorded: flag(result.admitted.created),
    admission_ref: admissionRef(namespace, state.dispatch_key),
    generation: String(result.admitted.generation),
    conflict: 'false'
  }
  const dispatchOutputs = {
    sent: flag(result.sends > 0),
    submission_state: result.submission_state ?? '',
    external_ids: JSON.stringify(ids),
    // Set only once a receiver admitted: a run a send returned is a candidate until then.
    workflow_run_id: ids['workflow_run_id'] ?? '',
    workflow_run_url: ids['html_url'] ?? ''
  }
  if (result.outcome === 'not_owner')
    return {
      outputs: {
        ...identity,
        ...notOwnedOutputs(state.run_id),
        owner: 'false',
        sent: 'false',
        submission_state: '',
        external_ids: '{}',
        workflow_run_id: '',
        workflow_run_url: '',
        receiver_confirmed: ''
      },
      summary: {
        title: 'dispatch-ledger: dispatch — not this workflow run’s',
        meaning: result.message,
        rows: [
          ['run id', state.run_id],
          ['store', store]
        ]
      }
    }
  const view = { state, plan: result.plan }
  const failure =
    result.outcome === 'failed' || result.outcome === 'unresolved' ? result.message : undefined
  return {
    outputs: { ...identity, owner: flag(result.owner), ...runOutputs(view), ...dispatchOutputs },
    summary: {
      title: `dispatch-ledger: dispatch — ${result.outcome}`,
      meaning: result.message,
      rows: [
        ['run id', state.run_id],
        ['driver', result.driver],
        ['requests sent by this step', String(result.sends)],
        ['attempt', result.attempt === null ? '' : String(result.attempt)],
        ['submission', result.submission_state ?? ''],
        ...Object.entries(ids).map(([name, value]) => [`external id ${name}`, value] as const),
        ['store', store],
        ...runRows(view)
      ],
      extra: ledgerMarkdown(result.chain, state.terminal)
    },
    failure
  }
}

/**
 * A fault-injection point for the crash tests: DISPATCH_LEDGER_TEST_KILL_AT names a step
 * boundary at which the process kills itself with SIGKILL, as a lost runner would. Unset in
 * real use; it can only stop this step's own process.
 */
