import { DispatchLedgerError } from '../core/errors.js'
import type { RecoveryPlan } from '../core/planRecovery.js'
import type { RecoveredRunState } from '../core/reconstruct.js'
import { runsPrefix } from '../core/refs.js'
import type { Store } from '../store/store.js'
import { viewChain } from './runView.js'

export type ScannedRun =
  | { readonly ledger_ref: string; readonly state: RecoveredRunState; readonly plan: RecoveryPlan }
  | { readonly ledger_ref: string; readonly error: string }

/**
 * Every run in the namespace, each reconstructed and planned; all chains are read in one
 * session. A ledger that does not verify is listed with its error rather than hidden, and
 * does not stop the sweep from planning the others.
 */
export async function scanRuns(store: Store, namespace: string): Promise<ScannedRun[]> {
  const refs = await store.listRefs(runsPrefix(namespace))
  return store.read(async reader => {
    const runs: ScannedRun[] = []
    for (const { ref } of refs) {
      try {
        const chain = await reader.readChain(ref)
        if (!chain) continue // deleted since it was listed
        runs.push({ ledger_ref: ref, ...viewChain(chain) })
      } catch (error) {
        if (!(error instanceof DispatchLedgerError)) throw error
        runs.push({ ledger_ref: ref, error: error.message })
      }
    }
    return runs
  })
}
