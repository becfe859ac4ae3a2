import type { Store } from '../store/store.js'
import { selectRun, type RunChoice, type SelectedRun } from './selectRun.js'

/**
 * `command: plan`: select a run, reconstruct it from its ledger (verifying the chain) and plan
 * the one safe next action. Writes nothing, so any workflow run may plan any run.
 */
export function planCommand(store: Store, choice: RunChoice): Promise<SelectedRun> {
  return selectRun(store, choice)
}
