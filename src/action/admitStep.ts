import { admit } from '../commands/admit.js'
import { actorFrom, triggerFor } from '../core/dispatchKey.js'
import { AdmissionConflict, InvalidInput } from '../core/errors.js'
import { newRecord, nowTimestamp } from '../core/newRecord.js'
import { admissionRef, keyHash, ledgerRef } from '../core/refs.js'
import { InitialStateSchema } from '../core/states.js'
import type { Store } from '../store/store.js'
import { resolveDispatch } from './dispatch.js'
import type { LoadedEvent } from './event.js'
import type { Inputs } from './inputs.js'
import { flag, type StepReport } from './report.js'
import { notOwnedOutputs, runOutputs, runRows, viewRun } from './runView.js'

export async function admitStep(
  inputs: Inputs,
  event: LoadedEvent,
  store: Store,
  env: NodeJS.ProcessEnv
): Promise<StepReport> {
  const dispatch = resolveDispatch(inputs, event, env)
  const initial = InitialStateSchema.safeParse(inputs.initialState)
  if (!initial.success)
    throw new InvalidInput(
      `The initial-state input must be admitted or proposed, not ${JSON.stringify(inputs.initialState)}.`
    )
  const first = newRecord({
    run_id: dispatch.run_id,
    ledger_sequence: 1,
    previous_record_digest: null,
    state: initial.data,
    occurred_at: nowTimestamp(),
    trigger: triggerFor(event.name),
    actor: actorFrom(event.payload),
    dispatch_key: dispatch.dispatch_key,
    request_digest: dispatch.request_digest
  })
  const keyOutputs = {
    dispatch_key: dispatch.dispatch_key,
    dispatch_key_hash: keyHash(dispatch.dispatch_key),
    request_digest: dispatch.request_digest,
    admission_ref: admissionRef(inputs.namespace, dispatch.dispatch_key),
    store: store.name
  }
  try {
    const result = await admit(store, { namespace: inputs.namespace, first_record: first })
    const runId = result.admission.run_id
    const view = result.owner ? viewRun(result.chain) : null
    const meaning = result.created
      ? 'This workflow run admitted the dispatch: it is the one run for this key. Dispatch the work.'
      : result.owner
        ? `This workflow run already admitted this dispatch (a re-run or an exact replay); nothing new was admitted. Go on with the next action: ${view?.plan.action ?? 'none'}.`
        : `Another workflow run admitted this dispatch first (run ${runId}). Do not dispatch: the work belongs to that run.`
    return {
      outputs: {
        ...keyOutputs,
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
          ['dispatch key', dispatch.dispatch_key],
          ['request digest', dispatch.request_digest],
          ['run id', runId],
          ['created', flag(result.created)],
          ['owner', flag(result.owner)],
          ['store', store.name],
          ...(result.owner ? runRows(view) : [])
        ]
      }
    }
  } catch (error) {
    if (!(error instanceof AdmissionConflict)) throw error
    return {
      outputs: {
        ...keyOutputs,
        run_id: error.stored.run_id,
        owner: flag(error.stored.run_id === dispatch.run_id),
        created: 'false',
        recorded: 'false',
        ledger_ref: ledgerRef(inputs.namespace, error.stored.run_id),
        conflict: 'true'
      },
      summary: {
        title: 'dispatch-ledger: admit — conflict',
        meaning: error.message,
        rows: [
          ['dispatch key', dispatch.dispatch_key],
          ['this request', dispatch.request_digest],
          ['admitted request', error.stored.request_digest],
          ['admitted run id', error.stored.run_id],
          ['store', store.name]
        ]
      },
      failure: inputs.onConflict === 'fail' ? error.message : undefined
    }
  }
}
