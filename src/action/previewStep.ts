import { previewCommand, type PreviewOutcome } from '../commands/preview.js'
import type { StepContext } from './context.js'
import { jsonInput, type Inputs } from './inputs.js'
import { flag, type StepReport } from './report.js'
import { notOwnedOutputs, runOutputs, runRows } from './runReport.js'

/** `command: preview`: what admit would do, from previewCommand; writes nothing. */
export async function previewStep(inputs: Inputs, context: StepContext): Promise<StepReport> {
  const outcome = await previewCommand(
    {
      namespace: inputs.namespace,
      event: context.event,
      dispatch_key: inputs.dispatchKey,
      request: jsonInput(inputs.request, 'request'),
      run_id: inputs.runId,
      reuse: inputs.reuse,
      writer: context.writer
    },
    context
  )
  const { target, stored, view } = outcome
  const runId = stored?.run_id ?? target.run_id
  const meaning = describe(outcome)
  return {
    outputs: {
      dispatch_key: target.dispatch_key,
      dispatch_key_hash: target.dispatch_key_hash,
      request_digest: target.request_digest,
      admission_ref: target.admission_ref,
      ledger_ref: stored?.ledger_ref ?? target.ledger_ref,
      run_id: runId,
      owner: flag(outcome.owner),
      created: 'false',
      recorded: 'false',
      conflict: flag(outcome.verdict === 'conflict'),
      generation: String(outcome.generation),
      store: context.store.name,
      ...(stored === null || outcome.owner ? runOutputs(view) : notOwnedOutputs(runId)),
      ...(stored ? {} : { recovery_action: 'admit', recovery_reason: meaning })
    },
    summary: {
      title: 'dispatch-ledger: preview',
      meaning,
      rows: [
        ['dispatch key', target.dispatch_key],
        ['request digest', target.request_digest],
        ['run id', runId],
        ['generation', String(outcome.generation)],
        ['admitted', flag(stored !== null)],
        ['store', context.store.name],
        ...runRows(view)
      ]
    }
  }
}

function describe({ verdict, stored, target, generation }: PreviewOutcome): string {
  switch (verdict) {
    case 'create':
      return generation > 1
        ? `The key's last run has ended and this event happened after it: admit would create run ${target.run_id} (generation ${generation}).`
        : `Not admitted yet: admit would create run ${target.run_id}.`
    case 'conflict':
      return `Admitted for run ${stored?.run_id} with a different request (${stored?.request_digest}); admit would report a conflict.`
    case 'replay':
      return 'Already admitted by this workflow run; admit would be an exact replay.'
    case 'duplicate':
      return `Already admitted by another workflow run (${stored?.run_id}); admit would return that run.`
  }
}
