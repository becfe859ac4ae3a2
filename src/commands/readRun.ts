import type { Admission } from '../core/admission.js'
import { InvalidInput } from '../core/errors.js'
import type { LedgerRecord, Writer } from '../core/record.js'
import { defaultRunIdPrefix } from '../core/writer.js'
import { ledgerRef } from '../core/refs.js'
import type { Store, StoredEntry } from '../store/store.js'
import { listGenerations, readGenerationAdmissions, type GenerationEntry } from './generations.js'
import { checkChainNames } from './storedNames.js'

/** How a step names the run it acts on. */
export type RunSelector =
  | { readonly by: 'run_id'; readonly run_id: string }
  | {
      readonly by: 'dispatch_key'
      readonly dispatch_key: string
      /**
       * Selected from the event: the generation this workflow run admitted, when there is one
       * (a re-run of an older generation's workflow run goes on with its own run), else the
       * newest. Named by dispatch key (no writer here), it is always the newest (SPEC §15).
       */
      readonly owned_by?: Writer | null
    }

export interface FoundRun {
  readonly ledger_ref: string
  /** Read only when the run was found through its dispatch key: the newest generation's. */
  readonly admission: Admission | null
  /** That admission's generation (SPEC §15); null when the run was named by its id. */
  readonly generation: number | null
  readonly chain: StoredEntry<LedgerRecord>[]
}

/**
 * Finds a run and reads its whole chain; unknown runs are an error. By dispatch key it is the
 * newest generation's run (SPEC §15): one listing of the key's admission refs, then one read
 * session for the admissions and the chain.
 */
export async function readRun(
  store: Store,
  namespace: string,
  selector: RunSelector
): Promise<FoundRun> {
  const listing =
    selector.by === 'dispatch_key'
      ? await listGenerations(store, { namespace, dispatch_key: selector.dispatch_key })
      : null
  return store.read(async reader => {
    let ledger_ref: string
    let admission: Admission | null = null
    let generation: number | null = null
    if (selector.by === 'run_id') ledger_ref = ledgerRef(namespace, selector.run_id)
    else {
      const found = await readGenerationAdmissions(reader, listing as NonNullable<typeof listing>, {
        namespace,
        dispatch_key: selector.dispatch_key
      })
      const newest =
        ownedGeneration(found.generations, selector.owned_by ?? null) ??
        found.generations[found.generations.length - 1]
      if (!newest)
        throw new InvalidInput(
          `The dispatch key ${JSON.stringify(selector.dispatch_key)} is not admitted (no ` +
            `${found.admission_ref}). Check the \`dispatch_key\` and the \`namespace\`, or admit it first.`
        )
      admission = newest.admission
      generation = newest.generation
      ledger_ref = admission.ledger_ref
    }
    const chain = await reader.readChain(ledger_ref)
    if (!chain)
      throw new InvalidInput(
        selector.by === 'run_id'
          ? `There is no run ${JSON.stringify(selector.run_id)} (no ledger at ${ledger_ref}). ` +
              'Check the `run_id` and the `namespace`.'
          : `The admission of ${JSON.stringify(selector.dispatch_key)} names run ` +
              `${admission?.run_id}, whose ledger ${ledger_ref} is missing. A replay of admit ` +
              'from that run writes its first record.'
      )
    checkChainNames(namespace, ledger_ref, chain)
    return { ledger_ref, admission, generation, chain }
  })
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
