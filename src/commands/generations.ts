/**
 * SPEC §15, the shared read path: a key's generations found with one listing of its admission
 * ref's prefix, each admission read and checked against its place. admit decides from the
 * newest one; plan, record (and every command selecting a run by key) act on it.
 */
import type { Admission } from '../core/admission.js'
import { CorruptEntry } from '../core/errors.js'
import { orderGenerations, verifyGenerations, type NewestGeneration } from '../core/generation.js'
import type { LedgerRecord } from '../core/record.js'
import { admissionRef, ledgerRef } from '../core/refs.js'
import type { Store, StoreReader, StoredEntry } from '../store/store.js'
import { verifiedState } from './runView.js'

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

/** The listing (one for-each-ref locally, one prefix fetch on a remote), ordered; reads nothing. */
export async function listGenerations(
  store: Store,
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
 * each names this key and the ledger of its own run (SPEC §9), its generation number and the
 * run before it (SPEC §15). Anything else fails closed naming the ref.
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
    const admission = stored.value
    if (admission.dispatch_key !== expected.dispatch_key)
      throw new CorruptEntry(ref, 'it holds a different dispatch key than its ref names')
    if (admission.ledger_ref !== ledgerRef(expected.namespace, admission.run_id))
      throw new CorruptEntry(ref, 'its ledger_ref does not match its run_id')
    generations.push({ ref, generation: generations.length + 1, admission, oid: stored.oid })
  }
  verifyGenerations(generations)
  return { admission_ref: listing.admission_ref, generations }
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
