/**
 * docs/design/generations.md, the shared read path: a key's generations found with one listing of its admission
 * ref's prefix, each admission read and checked against its place. admit decides from the
 * newest one; plan, record (and every command selecting a run by key) act on it.
 */
import type { Admission } from '../core/admission.js'
import { CorruptEntry, OrphanRun } from '../core/errors.js'
import {
  decideGeneration,
  decideWithoutLedger,
  orderGenerations,
  runIdForGeneration,
  verifyGenerations,
  type DuplicateReason,
  type GenerationRunIds,
  type NewestGeneration,
  type Reuse
} from '../core/generation.js'
import type { LedgerRecord } from '../core/record.js'
import { decodeRecord } from '../core/entry.js'
import { admissionRef, ledgerRef } from '../core/refs.js'
import type { Store, StoreReader, StoredEntry } from '../store/store.js'
import { verifiedState } from './runView.js'
import { checkChainNames } from './storedNames.js'

export interface GenerationEntry {
  readonly ref: string
  readonly generation: number
  readonly admission: Admission
  readonly oid: string
}

export interface KeyGenerations {
  readonly admission_ref: string
  /** Generation 1 first; empty when the key is not admitted. */
  readonly generations: readonly GenerationEntry[]
}

/**
 * What lists refs inside a read session: the session's reader when it lists (the same listing
 * and reader, no process of its own), else the store.
 */
export function listerOf(
  store: Pick<Store, 'listRefs'>,
  reader: StoreReader
): Pick<Store, 'listRefs'> {
  const listRefs = reader.listRefs
  return listRefs ? { listRefs: (prefix, options) => listRefs(prefix, options) } : store
}

/** The listing (one for-each-ref locally, one prefix fetch on a remote), ordered; reads nothing. */
export async function listGenerations(
  store: Pick<Store, 'listRefs'>,
  options: { readonly namespace: string; readonly dispatch_key: string; readonly refresh?: boolean }
): Promise<{ admission_ref: string; refs: string[] }> {
  const admission_ref = admissionRef(options.namespace, options.dispatch_key)
  const listed = await store.listRefs(admission_ref, { refresh: options.refresh ?? false })
  return {
    admission_ref,
    refs: orderGenerations(
      admission_ref,
      listed.map(entry => entry.ref)
    )
  }
}

/**
 * Reads every listed generation's admission in the caller's read session and verifies them:
 * each names this key and the ledger of its own run (docs/design/writers.md), its generation number and the
 * run before it (docs/design/generations.md). Anything else fails closed naming the ref.
 */
export async function readGenerationAdmissions(
  reader: StoreReader,
  listing: { readonly admission_ref: string; readonly refs: readonly string[] },
  expected: { readonly namespace: string; readonly dispatch_key: string }
): Promise<KeyGenerations> {
  const generations: GenerationEntry[] = []
  for (const ref of listing.refs) {
    const stored = await reader.readAdmission(ref)
    if (!stored) throw new CorruptEntry(ref, 'it was listed but cannot be read')
    generations.push(checkedGeneration(ref, generations.length + 1, stored, expected))
  }
  verifyGenerations(generations)
  return { admission_ref: listing.admission_ref, generations }
}

/** A generation's admission as read from ref: it names this key and the ledger of its run. */
function checkedGeneration(
  ref: string,
  generation: number,
  stored: StoredEntry<Admission>,
  expected: { readonly namespace: string; readonly dispatch_key: string }
): GenerationEntry {
  const admission = stored.value
  if (admission.dispatch_key !== expected.dispatch_key)
    throw new CorruptEntry(ref, 'it holds a different dispatch key than its ref names')
  const ledger = ledgerRef(expected.namespace, admission.run_id)
  if (admission.ledger_ref !== ledger)
    throw new CorruptEntry(
      ref,
      `its ledger_ref ${JSON.stringify(admission.ledger_ref)} is not the ledger of its run ` +
        `${JSON.stringify(admission.run_id)} (${ledger})`
    )
  return { ref, generation, admission, oid: stored.oid }
}

/** The run a ledger holds, as its record 1 names it: its id and its dispatch key. */
export interface LedgerOwner {
  readonly namespace: string
  readonly run_id: string
  readonly dispatch_key: string
}

/**
 * A run is writable only through its admission: the generation of its key whose admission
 * names this run id and its ledger. Read in the caller's session: generation 1 by name first
 * (most runs are generation 1; locally that costs no process, and on a remote the fetch of
 * an admission ref brings its generations along); only when it admits another run, or is
 * absent, are the key's generations listed — from `listed` when the caller lists the
 * admissions (scan: once, and only when a run needs it), else with one listing — read and
 * verified. A run that no generation
 * admits is an orphan: OrphanRun, naming its ledger and key and who holds the key, if anyone.
 */
export async function admissionOfRun(
  store: Store,
  reader: StoreReader,
  run: LedgerOwner,
  listed?: readonly string[] | (() => Promise<readonly string[]>)
): Promise<GenerationEntry> {
  const expected = { namespace: run.namespace, dispatch_key: run.dispatch_key }
  const admission_ref = admissionRef(run.namespace, run.dispatch_key)
  const first = await reader.readAdmission(admission_ref)
  if (first?.value.run_id === run.run_id) {
    const entry = checkedGeneration(admission_ref, 1, first, expected)
    verifyGenerations([entry])
    return entry
  }
  const all = typeof listed === 'function' ? await listed() : listed
  const listing = all
    ? {
        admission_ref,
        refs: orderGenerations(
          admission_ref,
          all.filter(ref => ref.startsWith(admission_ref))
        )
      }
    : await listGenerations(store, expected)
  const { generations } = await readGenerationAdmissions(reader, listing, expected)
  const own = generations.find(g => g.admission.run_id === run.run_id)
  if (own) return own
  const ledger_ref = ledgerRef(run.namespace, run.run_id)
  const holders = generations.map(
    g => `${JSON.stringify(g.admission.run_id)} (generation ${g.generation}) at ${g.ref}`
  )
  throw new OrphanRun(
    ledger_ref,
    run.run_id,
    run.dispatch_key,
    holders.length === 0
      ? `has no admission (no ${admission_ref})`
      : `is admitted to ${holders.length === 1 ? 'another run' : 'other runs'}: ${holders.join(', ')}`
  )
}

/** Lists and reads a key's generations in one go (for callers that need nothing else). */
export async function readGenerations(
  store: Store,
  options: { readonly namespace: string; readonly dispatch_key: string; readonly refresh?: boolean }
): Promise<KeyGenerations> {
  const listing = await listGenerations(store, options)
  return store.read(reader => readGenerationAdmissions(reader, listing, options))
}

/** What the generation decision needs from the newest generation's ledger (verified). */
export function newestGeneration(
  entry: GenerationEntry,
  chain: readonly StoredEntry<LedgerRecord>[] | null
): NewestGeneration {
  if (!chain || chain.length === 0)
    return { generation: entry.generation, state: null, last_occurred_at: null }
  if (chain.some(record => record.value.run_id !== entry.admission.run_id))
    throw new CorruptEntry(
      entry.admission.ledger_ref,
      `it holds records of another run than ${entry.admission.run_id}, which ${entry.ref} admitted`
    )
  const state = verifiedState(chain)
  return {
    generation: entry.generation,
    state: state.state,
    last_occurred_at: chain[chain.length - 1]?.value.occurred_at ?? null
  }
}

/** What admit would do with a key as it is stored now (docs/design/generations.md), before any digest check. */
export type Assessment =
  | { readonly kind: 'absent'; readonly admission_ref: string }
  /** This run's own generation: a re-run or an exact replay. chain: null when it is missing. */
  | {
      readonly kind: 'replay'
      readonly admission_ref: string
      readonly entry: GenerationEntry
      readonly chain: StoredEntry<LedgerRecord>[] | null
    }
  | {
      readonly kind: 'duplicate'
      readonly admission_ref: string
      readonly entry: GenerationEntry
      readonly reason: DuplicateReason
    }
  | {
      readonly kind: 'create'
      readonly admission_ref: string
      readonly generation: number
      readonly run_id: string
      /** The newest generation, which the new one follows. */
      readonly previous: GenerationEntry
    }

export interface AssessQuery {
  readonly namespace: string
  readonly dispatch_key: string
  /** The run id this arrival has for generation 1. */
  readonly run_id: string
  readonly generation_run_ids: GenerationRunIds
  readonly reuse: Reuse
  readonly occurred_at: string | null
  readonly refresh?: boolean
}

/**
 * The shared read path of admit and preview: one listing, then one read session for every
 * admission and at most one chain — this run's own generation's (to replay it), else the
 * newest's, and that only when its ledger can change the answer (decideWithoutLedger).
 */
export async function assessGenerations(store: Store, query: AssessQuery): Promise<Assessment> {
  const runIdFor = (generation: number) =>
    runIdForGeneration(query.run_id, generation, query.generation_run_ids)
  const listing = await listGenerations(store, query)
  const admission_ref = listing.admission_ref
  const found = await store.read(async reader => {
    const { generations } = await readGenerationAdmissions(reader, listing, query)
    const own = generations.find(g => g.admission.run_id === runIdFor(g.generation)) ?? null
    const newest = generations[generations.length - 1] ?? null
    const early =
      !own && newest
        ? decideWithoutLedger({
            generation: newest.generation,
            admitted_at: newest.admission.admitted_at,
            reuse: query.reuse,
            occurred_at: query.occurred_at
          })
        : null
    // The admission that answers is read whole before it is trusted (docs/design/writers.md
    // #every-entry-whole): the chain it names, even when the decision would not need it.
    const read = own ?? newest
    let chain = read ? await reader.readChain(read.admission.ledger_ref) : null
    // An admission lands with its ledger in one push, so a ledger not seen is a stale copy of
    // its refs (fetched before that push): look once more at the arbiter before failing closed.
    if (read && read !== own && !chain)
      chain = await reader.readChain(
        read.admission.ledger_ref,
        { decode: decodeRecord },
        { refresh: true }
      )
    if (read) checkAdmittedChain(query, read, chain, { own: read === own })
    return { own, newest, chain, early }
  })
  if (found.own) return { kind: 'replay', admission_ref, entry: found.own, chain: found.chain }
  if (!found.newest) return { kind: 'absent', admission_ref }
  const decision =
    found.early ??
    decideGeneration({
      newest: newestGeneration(found.newest, found.chain),
      reuse: query.reuse,
      occurred_at: query.occurred_at
    })
  if (decision.kind === 'duplicate')
    return { kind: 'duplicate', admission_ref, entry: found.newest, reason: decision.reason }
  return {
    kind: 'create',
    admission_ref,
    generation: decision.generation,
    run_id: runIdFor(decision.generation),
    previous: found.newest
  }
}

/**
 * An admission is trusted only with the chain it names: that chain exists (our own generation's
 * may be missing: replay writes it), is the ledger of the admitted run, its record 1 carries
 * this key, and it verifies. Otherwise the admission fails closed, named where it is: it is
 * never handed out as the run that owns this key.
 */
export function checkAdmittedChain(
  query: { readonly namespace: string; readonly dispatch_key: string },
  entry: GenerationEntry,
  chain: readonly StoredEntry<LedgerRecord>[] | null,
  options: { readonly own: boolean }
): void {
  if (checkAdmittedKey(query, entry, chain, options)) verifiedState(chain)
}

/**
 * checkAdmittedChain without the chain's own verification, for a caller that verified it
 * already (verify reads each chain once); true when there is a chain to verify.
 */
export function checkAdmittedKey(
  query: { readonly namespace: string; readonly dispatch_key: string },
  entry: GenerationEntry,
  chain: readonly StoredEntry<LedgerRecord>[] | null,
  options: { readonly own: boolean }
): chain is readonly StoredEntry<LedgerRecord>[] {
  const { ledger_ref, run_id } = entry.admission
  if (!chain) {
    if (options.own) return false
    throw new CorruptEntry(
      entry.ref,
      `it admits run ${JSON.stringify(run_id)}, but the ledger it names (${ledger_ref}) does not exist`
    )
  }
  checkChainNames(query.namespace, ledger_ref, chain)
  const key = chain[0]?.value.idempotency.dispatch_key
  if (key !== query.dispatch_key)
    throw new CorruptEntry(
      entry.ref,
      `the ledger it names (${ledger_ref}) is a run of another dispatch key ` +
        `(${JSON.stringify(key)}), so it admits no run of this one`
    )
  return true
}
