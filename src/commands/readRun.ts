import type { Admission } from '../core/admission.js'
import { InvalidInput } from '../core/errors.js'
import type { LedgerRecord } from '../core/record.js'
import { admissionRef, ledgerRef } from '../core/refs.js'
import type { Store, StoredEntry } from '../store/store.js'

/** How a step names the run it acts on. */
export type RunSelector =
  | { readonly by: 'run_id'; readonly run_id: string }
  | { readonly by: 'dispatch_key'; readonly dispatch_key: string }

export interface FoundRun {
  readonly ledger_ref: string
  /** Read only when the run was found through its dispatch key. */
  readonly admission: Admission | null
  readonly chain: StoredEntry<LedgerRecord>[]
}

/** Finds a run and reads its whole chain in one read session; unknown runs are an error. */
export async function readRun(
  store: Store,
  namespace: string,
  selector: RunSelector
): Promise<FoundRun> {
  return store.read(async reader => {
    let ledger_ref: string
    let admission: Admission | null = null
    if (selector.by === 'run_id') ledger_ref = ledgerRef(namespace, selector.run_id)
    else {
      const ref = admissionRef(namespace, selector.dispatch_key)
      admission = (await reader.readAdmission(ref))?.value ?? null
      if (!admission)
        throw new InvalidInput(
          `The dispatch key ${JSON.stringify(selector.dispatch_key)} is not admitted (no ${ref}). ` +
            'Check dispatch-key and namespace, or admit it first.'
        )
      ledger_ref = admission.ledger_ref
    }
    const chain = await reader.readChain(ledger_ref)
    if (!chain)
      throw new InvalidInput(
        selector.by === 'run_id'
          ? `There is no run ${JSON.stringify(selector.run_id)} (no ledger at ${ledger_ref}). ` +
              'Check run-id and namespace.'
          : `The admission of ${JSON.stringify(selector.dispatch_key)} names run ` +
              `${admission?.run_id}, whose ledger ${ledger_ref} is missing. A replay of admit ` +
              'from that run writes its first record.'
      )
    return { ledger_ref, admission, chain }
  })
}

/** Kept here for callers that imported it before the run view had its own module. */
export { verifiedState } from './runView.js'
