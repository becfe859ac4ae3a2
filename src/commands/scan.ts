import { DispatchLedgerError, OrphanRun } from '../core/errors.js'
import type { RecoveryPlan } from '../core/planRecovery.js'
import type { RecoveredRunState } from '../core/reconstruct.js'
import type { Writer } from '../core/record.js'
import { admissionsPrefix, runsPrefix } from '../core/refs.js'
import type { CommandDeps } from './deps.js'
import { admissionOfRun } from './generations.js'
import { viewChain } from './runView.js'
import { checkChainNames } from './storedNames.js'

/**
 * Scan archives the idle chains it meets (docs/design/storage.md#archived-chains), so a
 * repository whose buckets are seldom written still keeps few refs. It is housekeeping: a
 * store that refuses the write (a read-only token, contention) leaves the chains live, which
 * every reader reads the same, and the scan goes on.
 */
async function archiveIdle(store: CommandDeps['store'], namespace: string): Promise<void> {
  try {
    await store.archiveIdle?.(namespace)
  } catch (error) {
    if (!(error instanceof DispatchLedgerError)) throw error
  }
}

export interface ScanOptions {
  readonly namespace: string
}

/** The workflow run that wrote a run's newest record (null outside Actions): where to look. */
interface LastWriter {
  readonly writer: Writer | null
}

export type ScannedRun =
  | ({
      readonly ledger_ref: string
      readonly state: RecoveredRunState
      readonly plan: RecoveryPlan
    } & LastWriter)
  /** A ledger no admission admits: it verifies, but nothing may act on it, so it has no plan. */
  | ({
      readonly ledger_ref: string
      readonly state: RecoveredRunState
      readonly orphan: string
    } & LastWriter)
  | { readonly ledger_ref: string; readonly error: string }

/**
 * Every run in the namespace, each reconstructed and planned; the runs and the admissions are
 * listed, and every chain and admission read, in one session. A ledger that
 * does not verify is listed with its error rather than hidden, and a ledger that no admission
 * admits (an orphan) is listed as one, with no next action; neither stops the sweep from
 * planning the others.
 */
export async function scanRuns(
  { namespace }: ScanOptions,
  { store }: CommandDeps
): Promise<ScannedRun[]> {
  await archiveIdle(store, namespace)
  return store.read(async reader => {
    // The reader's own listing, where it has one: the listings and every chain and admission
    // then go through one session, a constant number of processes however many runs.
    const list = (prefix: string) => reader.listRefs?.(prefix) ?? store.listRefs(prefix)
    const refs = await list(runsPrefix(namespace))
    const admissions = (await list(admissionsPrefix(namespace))).map(entry => entry.ref)
    const runs: ScannedRun[] = []
    for (const { ref } of refs) {
      try {
        const chain = await reader.readChain(ref)
        if (!chain) continue // deleted since it was listed
        checkChainNames(namespace, ref, chain)
        const view = viewChain(chain)
        const writer = chain[chain.length - 1]?.value.writer ?? null
        try {
          const { run_id, dispatch_key } = view.state
          await admissionOfRun(store, reader, { namespace, run_id, dispatch_key }, admissions)
        } catch (error) {
          if (!(error instanceof OrphanRun)) throw error
          runs.push({ ledger_ref: ref, state: view.state, orphan: error.message, writer })
          continue
        }
        runs.push({ ledger_ref: ref, ...view, writer })
      } catch (error) {
        if (!(error instanceof DispatchLedgerError)) throw error
        runs.push({ ledger_ref: ref, error: error.message })
      }
    }
    return runs
  })
}
