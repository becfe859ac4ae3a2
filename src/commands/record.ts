import { LostRace } from '../core/errors.js'
import type { LedgerRecord, RecordInput } from '../core/record.js'
import { RUN_CHAIN, type RecoveredRunState } from '../core/reconstruct.js'
import { Journal } from '../store/journal.js'
import type { Store, StoredEntry } from '../store/store.js'
import { nextRunRecord, type RunRecordRequest } from '../core/nextRunRecord.js'
import { actorFrom, triggerFor } from '../core/dispatchKey.js'
import { InvalidInput } from '../core/errors.js'
import { RecordInputSchema } from '../core/record.js'
import { StateSchema, STATES } from '../core/states.js'
import { timestampOf } from '../core/time.js'
import { findProtoKey, parseOrThrow } from '../core/validate.js'
import type { CommandDeps } from './deps.js'
import type { WorkflowEvent } from './dispatchTarget.js'
import { viewChain, type RunView } from './runView.js'
import { requireMayAct, selectRun, type RunChoice, type SelectedRun } from './selectRun.js'

export interface AppendRequest extends RunRecordRequest {
  readonly ledger_ref: string
}

export interface AppendResult {
  /** The record appended, or the one already holding this input_key. */
  readonly record: StoredEntry<LedgerRecord>
  readonly duplicate: boolean
  /** The chain after the append (or as found, for a duplicate). */
  readonly chain: StoredEntry<LedgerRecord>[]
}

export interface RecordOptions extends RunChoice {
  /** The state to append (validated here). */
  readonly state: string
  /** The caller's fields, a parsed JSON object (validated here); undefined for none. */
  readonly fields?: unknown
  /** The event that started this workflow run: trigger and actor come from it. */
  readonly event: WorkflowEvent
}

export interface RecordOutcome extends AppendResult {
  /** The run as it was selected (before the append). */
  readonly selected: SelectedRun
  /** The run as it is now: after the append, or as found for a duplicate. */
  readonly view: RunView
}

/**
 * `command: record`: select the run (docs/design/writers.md ownership applies when it is selected from the
 * event), validate the new record against its head, and append it by compare-and-set.
 */
export async function recordCommand(
  options: RecordOptions,
  { store, clock }: CommandDeps
): Promise<RecordOutcome> {
  const state = StateSchema.safeParse(options.state)
  if (!state.success)
    throw new InvalidInput(
      `The \`state\` must be one of ${STATES.join(', ')}; got ${JSON.stringify(options.state)}.`
    )
  const fields = parseRecordFields(options.fields)
  const occurred_at = timestampOf(clock.now())
  const selected = await selectRun(store, options)
  requireMayAct(selected, `record ${state.data}`)
  const appended = await appendRecord(
    store,
    {
      ledger_ref: selected.ledger_ref,
      state: state.data,
      fields,
      occurred_at,
      trigger: triggerFor(options.event.name),
      actor: actorFrom(options.event.payload),
      writer: options.writer
    },
    selected.chain
  )
  return { ...appended, selected, view: viewChain(appended.chain) }
}

const RECORD_EXAMPLE = '{"note": "checked by hand"}'

/** The `record` fields: a JSON object of the fields a caller may set, authority never. */
export function parseRecordFields(value: unknown): RecordInput {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidInput(`The \`record\` must be a JSON object, for example ${RECORD_EXAMPLE}.`)
  if ('authority' in value)
    throw new InvalidInput(
      'The `record` may not set authority: a record is evidence, never a grant, and every ' +
        'authority flag is false. Remove the authority field.'
    )
  const proto = findProtoKey(value)
  if (proto !== null)
    throw new InvalidInput(
      `The \`record\` is invalid: ${proto} is a field named __proto__, which would be lost when ` +
        'stored. Rename it.'
    )
  return parseOrThrow(RecordInputSchema, value, 'The `record`')
}

/**
 * Append one record (docs/design/states.md#appending): verify the chain as read, validate the
 * new record against its head, write it with the head as parent and move the ref only if it
 * still points at that head. The record is the caller's, so a lost race cannot be decided
 * again here: it is reported (LostRace), and the caller re-reads and re-plans.
 */
export async function appendRecord(
  store: Store,
  request: AppendRequest,
  chain: readonly StoredEntry<LedgerRecord>[]
): Promise<AppendResult> {
  const journal = new Journal({ store, ref: request.ledger_ref, chain: RUN_CHAIN }, [...chain])
  const read = journal.state as RecoveredRunState
  return journal.decideAndAppend<AppendResult>(ledger => {
    if (ledger.head?.oid !== read.head_oid)
      throw new LostRace(
        `Another writer appended to ${request.ledger_ref} after sequence ${read.sequence} was ` +
          'read, so this record was not written. Re-read the run (command: plan) and decide again; ' +
          'nothing is retried blindly.'
      )
    const next = nextRunRecord(ledger.entries, read, request)
    if ('duplicate' in next)
      return { done: { record: next.duplicate, duplicate: true, chain: [...ledger.entries] } }
    return {
      append: next.record,
      after: record => ({ record, duplicate: false, chain: [...ledger.entries] })
    }
  })
}
