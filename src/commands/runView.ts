import { planRecovery, type RecoveryPlan } from '../core/planRecovery.js'
import { reconstruct, type RecoveredRunState } from '../core/reconstruct.js'
import type { LedgerRecord } from '../core/record.js'
import type { StoredEntry } from '../store/store.js'

/** A run's ledger as read: its records, oldest first, each with the commit that holds it. */
export type RunChain = readonly StoredEntry<LedgerRecord>[]

/** A run as every command reports it: its verified state and the one safe next action. */
export interface RunView {
  readonly state: RecoveredRunState
  readonly plan: RecoveryPlan
}

/** Reconstructs a chain (verifying it, so a broken one throws) and plans its next action. */
export function viewChain(chain: readonly StoredEntry<LedgerRecord>[]): RunView {
  const state = verifiedState(chain)
  return { state, plan: planRecovery(state) }
}

/** viewChain, or null when there is no ledger. */
export function viewRun(chain: readonly StoredEntry<LedgerRecord>[] | null): RunView | null {
  return chain && chain.length > 0 ? viewChain(chain) : null
}

/** Reconstructs a stored chain (verifying it), reusing the canonical texts the reader checked. */
export function verifiedState(chain: readonly StoredEntry<LedgerRecord>[]): RecoveredRunState {
  const texts = chain.map(entry => entry.json)
  return reconstruct(
    chain.map(entry => entry.value),
    {
      headOid: chain[chain.length - 1]?.oid,
      canonical: texts.every(text => text !== undefined) ? (texts as string[]) : undefined
    }
  )
}
