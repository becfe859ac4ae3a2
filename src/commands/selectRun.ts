import { checkDispatchKey, deriveDispatch } from '../core/dispatchKey.js'
import { InvalidInput, NotOwner } from '../core/errors.js'
import type { Writer } from '../core/record.js'
import { checkRunId } from '../core/text.js'
import { ownsRun } from '../core/writer.js'
import type { Store } from '../store/store.js'
import { admissionRef, ledgerRef } from '../core/refs.js'
import { defaultRunId, type WorkflowEvent } from './dispatchTarget.js'
import { readRun, type FoundRun, type RunSelector } from './readRun.js'
import { viewChain, type RunView } from './runView.js'

/** How the caller named the run: the first of these that is given decides. */
export interface RunChoice {
  readonly namespace: string
  readonly run_id?: string
  readonly dispatch_key?: string
  /** Used only when neither run_id nor dispatch_key is given: the key is derived from it. */
  readonly event?: WorkflowEvent
  /** Who is asking (docs/design/writers.md); null outside Actions. */
  readonly writer: Writer | null
}

export interface SelectedRun extends FoundRun {
  /** The run verified and planned. */
  readonly view: RunView
  /** How it was named. `event`: the caller named nothing, so ownership decides (docs/design/writers.md). */
  readonly selected_by: 'run_id' | 'dispatch_key' | 'event'
  /** This workflow run owns the run (its default run id, or it wrote the first record). */
  readonly owner: boolean
}

/**
 * docs/design/writers.md: select a run by run_id, by dispatch_key, or from the event; read, verify and plan it.
 * Sweeps and recovery workflows (schedule, workflow_run) name the run, so they never need
 * the triggering event. Reading fails closed on a stored entry that does not match its name.
 */
export async function selectRun(store: Store, choice: RunChoice): Promise<SelectedRun> {
  const { selector, selected_by } = chooseSelector(choice)
  await store.prefetch?.(namesKnown(choice.namespace, selector, choice.writer))
  const found = await readRun(store, choice.namespace, selector)
  const view = viewChain(found.chain)
  if (choice.run_id && choice.dispatch_key && choice.dispatch_key !== view.state.dispatch_key)
    throw new InvalidInput(
      `Run ${JSON.stringify(choice.run_id)} belongs to dispatch key ` +
        `${JSON.stringify(view.state.dispatch_key)}, not ${JSON.stringify(choice.dispatch_key)}. ` +
        'Give one of the `run_id` and the `dispatch_key`, or both matching.'
    )
  const first = found.chain[0]?.value
  const owner = ownsRun(
    { run_id: view.state.run_id, first_writer: first?.writer ?? null },
    choice.writer
  )
  return { ...found, view, selected_by, owner }
}

/**
 * docs/design/writers.md: a run selected from the event may be written only by the workflow run that owns
 * it; naming it by run_id or dispatch_key acts on it deliberately (a recovery or operator job).
 * `dispatch` does nothing when this is false; `record` fails (see requireMayAct).
 */
export function mayAct(selected: Pick<SelectedRun, 'selected_by' | 'owner'>): boolean {
  return selected.selected_by !== 'event' || selected.owner
}

/** Throws NotOwner, naming the owner and the deliberate way, unless mayAct(selected). */
export function requireMayAct(selected: SelectedRun, what: string): void {
  if (mayAct(selected)) return
  const owner = selected.view.state.run_id
  const writer = selected.chain[0]?.value.writer
  throw new NotOwner(
    `This workflow run does not own run ${owner}` +
      (writer ? ` (admitted by workflow run ${writer.github_run_id})` : '') +
      `, so it did not ${what}; nothing was written. The run was selected from the event, ` +
      'which acts only for the owner. To act on another run deliberately (a recovery or ' +
      'operator job), give its `run_id`.',
    owner
  )
}

/**
 * The names a read will need, known before it starts, so a remote store brings them in one
 * fetch (docs/design/storage.md#what-a-read-fetches): by key, the key's admission and the
 * ledger this workflow run would own (gh-<run id>-…, the common case of a step after admit).
 */
function namesKnown(namespace: string, selector: RunSelector, writer: Writer | null): string[] {
  if (selector.by === 'run_id') return [ledgerRef(namespace, selector.run_id)]
  const admission = admissionRef(namespace, selector.dispatch_key)
  if (writer === null) return [admission]
  return [admission, ledgerRef(namespace, defaultRunId(selector.dispatch_key, writer))]
}

function chooseSelector(choice: RunChoice): {
  selector: RunSelector
  selected_by: SelectedRun['selected_by']
} {
  if (choice.run_id)
    return { selector: { by: 'run_id', run_id: checkRunId(choice.run_id) }, selected_by: 'run_id' }
  if (choice.dispatch_key)
    return {
      selector: { by: 'dispatch_key', dispatch_key: checkDispatchKey(choice.dispatch_key) },
      selected_by: 'dispatch_key'
    }
  if (!choice.event?.name)
    throw new InvalidInput(
      'No run was named and there is no event to derive its key from. Give the `run_id` or ' +
        'the `dispatch_key`.'
    )
  const derived = deriveDispatch({ eventName: choice.event.name, payload: choice.event.payload })
  return {
    selector: { by: 'dispatch_key', dispatch_key: derived.dispatch_key, owned_by: choice.writer },
    selected_by: 'event'
  }
}
