import { appendRecord } from '../commands/record.js'
import { readRun } from '../commands/readRun.js'
import { actorFrom, triggerFor } from '../core/dispatchKey.js'
import { InvalidInput } from '../core/errors.js'
import { nowTimestamp } from '../core/newRecord.js'
import { RecordInputSchema } from '../core/record.js'
import { StateSchema, STATES } from '../core/states.js'
import { parseJsonInput, parseOrThrow } from '../core/validate.js'
import type { Store } from '../store/store.js'
import type { LoadedEvent } from './event.js'
import type { Inputs } from './inputs.js'
import { ledgerMarkdown } from './ledgerSummary.js'
import { flag, type StepReport } from './report.js'
import { runIdentityOutputs, runOutputs, runRows, viewChain } from './runView.js'
import { checkSelectedKey, selectRun } from './selectRun.js'

/** Append one record to a run's ledger, validated against its head, by compare-and-set. */
export async function recordStep(
  inputs: Inputs,
  event: LoadedEvent,
  store: Store
): Promise<StepReport> {
  const state = StateSchema.safeParse(inputs.state)
  if (!state.success)
    throw new InvalidInput(
      `command: record needs the state input, one of ${STATES.join(', ')}; got ${JSON.stringify(inputs.state)}.`
    )
  const fields = parseRecordInput(inputs.record)
  const { ledger_ref, chain } = await readRun(store, inputs.namespace, selectRun(inputs, event))
  checkSelectedKey(inputs, chain[0]?.value.idempotency.dispatch_key ?? '')
  const result = await appendRecord(
    store,
    {
      ledger_ref,
      state: state.data,
      fields,
      occurred_at: nowTimestamp(),
      trigger: triggerFor(event.name),
      actor: actorFrom(event.payload)
    },
    chain
  )
  const view = viewChain(result.chain)
  const run = view.state
  const record = result.record.value
  return {
    outputs: {
      ...runIdentityOutputs(run, ledger_ref, store.name),
      duplicate: flag(result.duplicate),
      recorded: flag(!result.duplicate),
      ...runOutputs(view),
      // The record this step wrote (or found, for a duplicate), not merely the head.
      sequence: String(record.ledger_sequence),
      state: record.state
    },
    summary: {
      title: `dispatch-ledger: record ${record.state}`,
      meaning: result.duplicate
        ? `The input ${record.idempotency.input_key} was already recorded at sequence ${record.ledger_sequence}; nothing was written.`
        : `Recorded ${record.state} as sequence ${record.ledger_sequence}. Next: ${view.plan.action}.`,
      rows: [
        ['run id', run.run_id],
        ['dispatch key', run.dispatch_key],
        ['store', store.name],
        ...runRows(view)
      ],
      extra: ledgerMarkdown(result.chain, run.terminal)
    }
  }
}

function parseRecordInput(text: string) {
  if (!text) return {}
  const value = parseJsonInput(text, 'record')
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidInput('The record input must be a JSON object, for example {"note": "..."}.')
  if ('authority' in value)
    throw new InvalidInput(
      'The record input may not set authority: a record is evidence, never a grant, and every ' +
        'authority flag is false. Remove the authority field.'
    )
  return parseOrThrow(RecordInputSchema, value, 'The record input')
}
