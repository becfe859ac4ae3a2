import { actorFrom } from '../core/dispatchKey.js'
import { DispatchLedgerError } from '../core/errors.js'
import type { Writer } from '../core/record.js'
import type { CommandDeps } from './deps.js'
import { confirmReceiver } from './receiver.js'
import { viewChain } from './runView.js'
import { selectRun, type RunChoice, type SelectedRun } from './selectRun.js'

export interface PlanOptions extends RunChoice {
  /**
   * Given: plan may record, as this writer, the receiver that admitted an accepted attempt
   * (docs/design/dispatch.md#the-recorded-receiver); the actor is the event's sender.
   */
  readonly confirm?: { readonly writer: Writer | null }
}

export interface PlannedRun extends SelectedRun {
  /** Why the receiver of an accepted attempt could not be confirmed now; null when not needed. */
  readonly confirm_warning: string | null
}

/**
 * `command: plan`: select a run, reconstruct it from its ledger (verifying the chain) and plan
 * the one safe next action. Any workflow run may plan any run. Its one write: when `confirm` is
 * given and a receiver has admitted an attempt the ledger holds only candidates for, it
 * records the run that works (docs/design/dispatch.md#the-recorded-receiver).
 */
export async function planCommand(
  choice: PlanOptions,
  { store, clock, github }: CommandDeps<'runUrl'>
): Promise<PlannedRun> {
  const selected = await selectRun(store, choice)
  if (choice.confirm === undefined) return { ...selected, confirm_warning: null }
  try {
    const chain = await confirmReceiver(store, selected.ledger_ref, selected.chain, {
      namespace: choice.namespace,
      writer: choice.confirm.writer,
      actor: choice.event ? actorFrom(choice.event.payload) : null,
      clock,
      runUrl: github?.runUrl ?? null
    })
    if (chain === selected.chain) return { ...selected, confirm_warning: null }
    return { ...selected, chain, view: viewChain(chain), confirm_warning: null }
  } catch (error) {
    // Planning never fails for want of a write: a read-only job still gets its plan.
    if (!(error instanceof DispatchLedgerError)) throw error
    return {
      ...selected,
      confirm_warning: `The receiver's run could not be recorded now (${error.message}); a later plan or dispatch records it.`
    }
  }
}
