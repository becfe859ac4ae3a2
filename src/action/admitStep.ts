import { admitCommand, type AdmitOutcome } from '../commands/admit.js'
import type { DispatchTarget } from '../commands/dispatchTarget.js'
import { ledgerRef } from '../core/refs.js'
import type { StepContext } from './context.js'
import { jsonInput, type Inputs } from './inputs.js'
import { flag, type StepReport } from './report.js'
import { notOwnedOutputs, runOutputs, runRows } from './runReport.js'

/** `command: admit`: inputs to admitCommand; its outcome to outputs and a summary. */
export async function admitStep(inputs: Inputs, context: StepContext): Promise<StepReport> {
  const outcome = await admitCommand(context.store, {
    namespace: inputs.namespace,
    event: context.event,
    dispatch_key: inputs.dispatchKey,
    request: jsonInput(inputs.request, 'request'),
    run_id: inputs.runId,
    initial_state: inputs.initialState,
    writer: context.writer
  })
  return outcome.conflict
    ? conflictReport(inputs, outcome, context.store.name)
    : admittedReport(outcome, context.store.name)
}

function keyOutputs(target: DispatchTarget, store: string): Record<string, string> {
  return {
    dispatch_key: target.dispatch_key,
    dispatch_key_hash: target.dispatch_key_hash,
    request_digest: target.request_digest,
    admission_ref: target.admission_ref,
    store
  }
}

function admittedReport(outcome: AdmitOutcome, store: string): StepReport {
  const { target, view } = outcome
  const result = outcome.result as NonNullable<AdmitOutcome['result']>
  const runId = result.admission.run_id
  const meaning = result.created
    ? 'This workflow run admitted the dispatch: it is the one run for this key. Dispatch the work.'
    : result.owner
      ? `This workflow run already admitted this dispatch (a re-run or an exact replay); nothing new was admitted. Go on with the next action: ${view?.plan.action ?? 'none'}.`
      : `Another workflow run admitted this dispatch first (run ${runId}). Do not dispatch: the work belongs to that run.`
  return {
    outputs: {
      ...keyOutputs(target, store),
      run_id: runId,
      owner: flag(result.owner),
      created: flag(result.created),
      recorded: flag(result.recorded),
      ledger_ref: result.admission.ledger_ref,
      conflict: 'false',
      ...(result.owner ? runOutputs(view) : notOwnedOutputs(runId))
    },
    summary: {
      title: 'dispatch-ledger: admit',
      meaning,
      rows: [
        ['dispatch key', target.dispatch_key],
        ['request digest', target.request_digest],
        ['run id', runId],
        ['created', flag(result.created)],
        ['owner', flag(result.owner)],
        ['store', store],
        ...(result.owner ? runRows(view) : [])
      ]
    }
  }
}

function conflictReport(inputs: Inputs, outcome: AdmitOutcome, store: string): StepReport {
  const { target } = outcome
  const conflict = outcome.conflict as NonNullable<AdmitOutcome['conflict']>
  return {
    outputs: {
      ...keyOutputs(target, store),
      run_id: conflict.stored.run_id,
      owner: flag(conflict.stored.run_id === target.run_id),
      created: 'false',
      recorded: 'false',
      ledger_ref: ledgerRef(inputs.namespace, conflict.stored.run_id),
      conflict: 'true'
    },
    summary: {
      title: 'dispatch-ledger: admit — conflict',
      meaning: conflict.message,
      rows: [
        ['dispatch key', target.dispatch_key],
        ['this request', target.request_digest],
        ['admitted request', conflict.stored.request_digest],
        ['admitted run id', conflict.stored.run_id],
        ['store', store]
      ]
    },
    failure: inputs.onConflict === 'fail' ? conflict.message : undefined
  }
}
