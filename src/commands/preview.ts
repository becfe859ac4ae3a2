import type { Admission } from '../core/admission.js'
import type { Store } from '../store/store.js'
import {
  resolveDispatch,
  type DispatchTarget,
  type DispatchTargetOptions
} from './dispatchTarget.js'
import { viewRun, type RunView } from './runView.js'

/** What admit would do with this dispatch now. */
export type PreviewVerdict = 'create' | 'replay' | 'duplicate' | 'conflict'

export interface PreviewOutcome {
  readonly target: DispatchTarget
  /** The stored admission of the key, or null when it is not admitted. */
  readonly stored: Admission | null
  readonly verdict: PreviewVerdict
  /** The stored run is the one this dispatch would admit. */
  readonly owner: boolean
  /** That run verified and planned, when it is ours and has a ledger; null otherwise. */
  readonly view: RunView | null
}

/**
 * `command: preview`: derive the dispatch and look its key up, writing nothing. Only our own
 * run's ledger is read: another run's is not ours to act on.
 */
export async function previewCommand(
  store: Store,
  options: DispatchTargetOptions
): Promise<PreviewOutcome> {
  const target = resolveDispatch(options)
  const found = await store.read(async reader => {
    const admission = await reader.readAdmission(target.admission_ref)
    const ours = admission?.value.run_id === target.run_id
    const chain = ours ? await reader.readChain(admission.value.ledger_ref) : null
    return { admission: admission?.value ?? null, chain }
  })
  const stored = found.admission
  const owner = stored !== null && stored.run_id === target.run_id
  const verdict: PreviewVerdict =
    stored === null
      ? 'create'
      : stored.request_digest !== target.request_digest
        ? 'conflict'
        : owner
          ? 'replay'
          : 'duplicate'
  return { target, stored, verdict, owner, view: viewRun(found.chain) }
}
