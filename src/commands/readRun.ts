import type { Admission } from '../core/admission.js'
import { CorruptEntry, InvalidInput } from '../core/errors.js'
import type { LedgerRecord, Writer } from '../core/record.js'
import { defaultRunIdPrefix } from '../core/writer.js'
import { ledgerRef } from '../core/refs.js'
import type { Store, StoredEntry } from '../store/store.js'
import {
  admissionOfRun,
  listGenerations,
  listerOf,
  readGenerationAdmissions,
  type GenerationEntry
} from './generations.js'
import { checkChainNames } from './storedNames.js'

/** The key names no run yet (one-step dispatch admits it itself). */
export class NotAdmitted extends InvalidInput {}

/** How a step names the run it acts on. */
export type RunSelector =
  | { readonly by: 'run_id'; readonly run_id: string }
  | {
      readonly by: 'dispatch_key'
      readonly dispatch_key: string
      /**
       * Selected from the event: the generation this workflow run admitted, when there is one
       * (a re-run of an older generation's workflow run goes on with its own run), else the
       * newest. Named by dispatch key (no writer here), it is always the newest (docs/design/generations.md).
       */
      readonly owned_by?: Writer | null
    }

export interface FoundRun {
  readonly ledger_ref: string
  /** The admission that admits this run: it names its run id and ledger (never an orphan's). */
  readonly admission: Admission
  /** That admission's generation (docs/design/generations.md). */
  readonly generation: number
  readonly chain: StoredEntry<LedgerRecord>[]
}

/**
 * Finds a run and reads its whole chain, with the admission that admits it; unknown runs are an
 * error. By dispatch key it is the newest generation's run (docs/design/generations.md): one listing of the key's
 * admission refs, then one read session for the admissions and the chain. By run id, the chain
 * names the key, and the key's admission is read in the same session (admissionOfRun). Every
 * command that writes to a run reads it here, so a run no admission admits (an orphan) fails
 * closed with OrphanRun before anything is written or sent.
 */
export async function readRun(
  store: Store,
  namespace: string,
  selector: RunSelector
): Promise<FoundRun> {
  return store.read(async reader => {
    let ledger_ref: string
    let admitted: GenerationEntry | null = null
    if (selector.by === 'run_id') ledger_ref = ledgerRef(namespace, selector.run_id)
    else {
      // The key's generations listed through this session's reader when the store lists that
      // way (the same listing, no `cat-file` of its own); else as a listing of the store's.
      const key = { namespace, dispatch_key: selector.dispatch_key }
      const listing = await listGenerations(listerOf(store, reader), key)
      const found = await readGenerationAdmissions(reader, listing, {
        namespace,
        dispatch_key: selector.dispatch_key
      })
      admitted =
        ownedGeneration(found.generations, selector.owned_by ?? null) ??
        found.generations[found.generations.length - 1] ??
        null
      if (!admitted)
        throw new NotAdmitted(
          `The dispatch key ${JSON.stringify(selector.dispatch_key)} is not admitted (no ` +
            `${found.admission_ref}). Check the \`dispatch_key\` and the \`namespace\`, or admit it first.`
        )
      ledger_ref = admitted.admission.ledger_ref
    }
    const chain = await reader.readChain(ledger_ref)
    if (!chain)
      throw new InvalidInput(
        selector.by === 'run_id'
          ? `There is no run ${JSON.stringify(selector.run_id)} (no ledger at ${ledger_ref}). ` +
              'Check the `run_id` and the `namespace`.'
          : `The admission of ${JSON.stringify(selector.dispatch_key)} names run ` +
              `${admitted?.admission.run_id}, whose ledger ${ledger_ref} is missing. A replay of ` +
              'admit from that run writes its first record.'
      )
    checkChainNames(namespace, ledger_ref, chain)
    const first = (chain[0] as StoredEntry<LedgerRecord>).value
    admitted ??= await admissionOfRun(store, reader, {
      namespace,
      run_id: first.run_id,
      dispatch_key: first.idempotency.dispatch_key
    })
    checkAdmittedKey(ledger_ref, first, admitted)
    return { ledger_ref, admission: admitted.admission, generation: admitted.generation, chain }
  })
}

/**
 * The chain an admission leads to must be for the key that admission admits: a record 1 that
 * names another key was not written by admit for this admission, and is not followed.
 */
function checkAdmittedKey(ledger_ref: string, first: LedgerRecord, admitted: GenerationEntry) {
  if (first.idempotency.dispatch_key === admitted.admission.dispatch_key) return
  throw new CorruptEntry(
    ledger_ref,
    `record 1 is for dispatch key ${JSON.stringify(first.idempotency.dispatch_key)}, but ` +
      `${admitted.ref} admits this run for ${JSON.stringify(admitted.admission.dispatch_key)}`
  )
}

/** Kept here for callers that imported it before the run view had its own module. */
export { verifiedState } from './runView.js'

/** The newest generation whose default run id is this workflow run's (`gh-<its run id>-…`). */
function ownedGeneration(
  generations: readonly GenerationEntry[],
  writer: Writer | null
): GenerationEntry | undefined {
  if (writer === null) return undefined
  const prefix = defaultRunIdPrefix(writer)
  return [...generations].reverse().find(g => g.admission.run_id.startsWith(prefix))
}
