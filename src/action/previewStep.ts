import { admissionRef, keyHash, ledgerRef } from '../core/refs.js'
import type { Store } from '../store/store.js'
import { resolveDispatch } from './dispatch.js'
import type { LoadedEvent } from './event.js'
import type { Inputs } from './inputs.js'
import { flag, type StepReport } from './report.js'
import { notOwnedOutputs, runOutputs, runRows, viewRun } from './runView.js'

/** Derive the key and look it up; never writes. */
export async function previewStep(
  inputs: Inputs,
  event: LoadedEvent,
  store: Store,
  env: NodeJS.ProcessEnv
): Promise<StepReport> {
  const dispatch = resolveDispatch(inputs, event, env)
  const admission_ref = admissionRef(inputs.namespace, dispatch.dispatch_key)
  const found = await store.read(async reader => {
    const admission = await reader.readAdmission(admission_ref)
    const ours = admission?.value.run_id === dispatch.run_id
    const chain = ours ? await reader.readChain(admission.value.ledger_ref) : null
    return { admission, chain }
  })
  const stored = found.admission?.value
  const runId = stored?.run_id ?? dispatch.run_id
  const conflict = stored !== undefined && stored.request_digest !== dispatch.request_digest
  const owned = stored === undefined || stored.run_id === dispatch.run_id
  const view = viewRun(found.chain)
  const meaning = !stored
    ? `Not admitted yet: admit would create run ${runId}.`
    : conflict
      ? `Admitted for run ${runId} with a different request (${stored.request_digest}); admit would report a conflict.`
      : stored.run_id === dispatch.run_id
        ? 'Already admitted by this workflow run; admit would be an exact replay.'
        : `Already admitted by another workflow run (${runId}); admit would return that run.`
  return {
    outputs: {
      dispatch_key: dispatch.dispatch_key,
      dispatch_key_hash: keyHash(dispatch.dispatch_key),
      request_digest: dispatch.request_digest,
      admission_ref,
      ledger_ref: stored?.ledger_ref ?? ledgerRef(inputs.namespace, runId),
      run_id: runId,
      owner: flag(stored !== undefined && stored.run_id === dispatch.run_id),
      created: 'false',
      recorded: 'false',
      conflict: flag(conflict),
      store: store.name,
      ...(owned ? runOutputs(view) : notOwnedOutputs(runId)),
      ...(stored ? {} : { recovery_action: 'admit', recovery_reason: meaning })
    },
    summary: {
      title: 'dispatch-ledger: preview',
      meaning,
      rows: [
        ['dispatch key', dispatch.dispatch_key],
        ['request digest', dispatch.request_digest],
        ['run id', runId],
        ['admitted', flag(stored !== undefined)],
        ['store', store.name],
        ...runRows(view)
      ]
    }
  }
}
