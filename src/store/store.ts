import type { Admission } from '../core/admission.js'
import type { CommitSpec } from '../core/entry.js'
import type { LedgerRecord } from '../core/record.js'
import type { ChainDefinition } from '../core/chain/definition.js'

/** An entry read from a ref or a chain, with the commit that holds it. */
export interface StoredEntry<T> {
  readonly oid: string
  readonly value: T
  /** The entry's canonical JSON as stored, when the reader has it. */
  readonly json?: string
}

/** How a chain's new head is placed: an ending record archives it and marks its key's end. */
export interface ChainEnd {
  /** The head ends the chain (a terminal record): archived in the same write. */
  readonly ended?: boolean
  /** The dispatch key the chain's records carry: its end is recorded next to the key. */
  readonly key?: string | null
}

export interface RefCreate extends ChainEnd {
  readonly ref: string
  readonly oid: string
}

/** A chain moved compare-and-set in the same atomic write as some create-only refs. */
export interface RefAdvance extends ChainEnd {
  readonly ref: string
  readonly next: string
  readonly expected: string
}

/** What a chain reader needs of a chain's definition: how to decode one stored entry. */
export type ChainDecoder<R> = Pick<ChainDefinition<R, unknown>, 'decode'>

export interface ReadOptions {
  readonly refresh?: boolean
}

/** One ref under a namespace as the arbiter lists it: verify's whole view of the refs. */
export interface RawRef {
  readonly ref: string
  /** The object it points at (for a symbolic ref, what its target points at). */
  readonly oid: string
  /** The ref a symbolic ref points to; null for a plain ref. */
  readonly symref: string | null
}

/**
 * What one bucket holds beyond admissions and the chains read by name (verify's whole view):
 * each raw entry with where it is, as `git cat-file -p <where>` shows it.
 */
export interface BucketExtras {
  /** Each end marker `<index ref>:ended/<h>`: the key's admission name and the stored text. */
  readonly markers: ReadonlyArray<{
    readonly where: string
    readonly key: string
    readonly text: string
  }>
  /** Each archived chain's index entry `<index ref>:<family>/<h>`: the chain's name and the text. */
  readonly entries: ReadonlyArray<{
    readonly where: string
    readonly ref: string
    readonly text: string
  }>
  /** Each generation's admission `<index ref>:keys/<h>/<N>`: its logical name and the stored text. */
  readonly admissions: ReadonlyArray<{
    readonly where: string
    readonly ref: string
    readonly text: string
  }>
  /** Each key's directory `keys/<h>` (its name may be no hash: a path as the tree holds it). */
  readonly keys: readonly string[]
  /**
   * Every head the bucket's archive ref keeps reachable, with its commit's text (null when this
   * repository does not hold it); each archive commit on the way checked to be one of that ref.
   */
  readonly heads: ReadonlyArray<{ readonly oid: string; readonly content: string | null }>
  /** The archive ref's tip; null when the bucket has none. */
  readonly archiveTip: string | null
  /** The bucket's own commits, its index tip and every archive commit walked, with their text. */
  readonly commits: ReadonlyArray<{
    readonly ref: string
    readonly oid: string
    readonly content: string
  }>
}

/** Reads through one session (one git process locally; fetches first for a remote). */
export interface StoreReader {
  /**
   * Store.listRefs read in this session: a reader that lists every run and admission, then
   * reads them all, spends no process per run (scan, and the CLI's status and verify).
   */
  listRefs?(
    prefix: string,
    options?: { readonly refresh?: boolean }
  ): Promise<Array<{ ref: string; oid: string }>>
  /** The admission at ref, or null when the ref does not exist. Corrupt → CorruptEntry. */
  readAdmission(ref: string): Promise<StoredEntry<Admission> | null>
  /** The whole chain ending at ref, oldest first; null when the ref does not exist. */
  readChain(ref: string): Promise<StoredEntry<LedgerRecord>[] | null>
  /**
   * A chain of any type, decoded by its definition. `refresh` reads the arbiter again even when
   * this process read the ref before: a chain read to decide must not be a stale copy.
   */
  readChain<R>(
    ref: string,
    chain: ChainDecoder<R>,
    options?: ReadOptions
  ): Promise<StoredEntry<R>[] | null>
  /**
   * verify: a bucket's end markers, archived entries and archive heads, read in this session;
   * a bucket whose tip is not an index (or archive) commit of its ref fails closed naming it.
   */
  readBucketExtras?(namespace: string, bucket: string): Promise<BucketExtras>
  /**
   * Which stored object readChain(ref) would start from, as an id, without reading the chain:
   * its live head, or its archived index entry. null when there is neither. Git ids name
   * content, so one id is always the same chain: what a memo of derived views is keyed by.
   */
  chainId?(ref: string): Promise<string | null>
  /**
   * An id that stays the same only while the admission readAdmission(ref) would read does (it
   * may change more often: a later generation of the key changes it too); null when there is none.
   */
  admissionId?(ref: string): Promise<string | null>
}

/**
 * What commands derived from a store's objects, kept between processes and keyed by the ids
 * of StoreReader.chainId and admissionId (the command line's snapshot keeps one in its cache
 * repository). A value is only ever the same function of the same bytes.
 */
export interface Memo {
  get(key: string): unknown
  set(key: string, value: unknown): void
}

/**
 * Where admissions and ledgers live. The commands and the core depend only on this; the
 * local repository and a remote arbiter are two implementations of it.
 */
export interface Store {
  /** Which store decides: `local`, or the remote's name. */
  readonly name: string
  read<T>(fn: (reader: StoreReader) => Promise<T>): Promise<T>
  /** Writes the commit objects (nothing visible yet); returns their ids in order. */
  writeEntries(commits: readonly CommitSpec[]): Promise<string[]>
  /**
   * Creates all refs in one atomic transaction, each only if absent. `created` only when
   * the store has been seen to hold our objects; `exists` when any ref already existed
   * (then nothing was written).
   */
  createRefs(refs: readonly RefCreate[]): Promise<'created' | 'exists'>
  /**
   * The same, and in the SAME atomic write (one push) `advances` move other chains
   * compare-and-set (reviving one if archived, archiving one its record ends): `lost` when
   * only those chains had moved (then nothing was written: re-read and decide again). With no
   * refs to create it is one atomic append to several chains (an observer's sweep).
   */
  createRefs(
    refs: readonly RefCreate[],
    options: { readonly advances: readonly RefAdvance[] }
  ): Promise<'created' | 'exists' | 'lost'>
  /** Compare-and-set: moves ref to next only if it still points at expected. */
  advanceRef(
    ref: string,
    next: string,
    expected: string,
    options?: {
      /** The record ends its chain: the store archives it in the same write. */
      readonly ended?: boolean
      /** The dispatch key the chain's records carry: its end is recorded next to the key. */
      readonly key?: string | null
    }
  ): Promise<'advanced' | 'lost'>
  /** Archives the namespace's chains idle past archive-after (scan). */
  archiveIdle?(namespace: string): Promise<void>
  /** Names a step will read, known in advance: brought in one fetch. */
  prefetch?(refs: readonly string[]): Promise<void>
  /** Every ref under the namespace as the arbiter holds it, symbolic ones included (verify). */
  inventory?(namespace: string): Promise<RawRef[]>
  /**
   * Views derived from this store's objects, kept from an earlier process: only a store whose
   * refs change under no one else's hand (a snapshot) has one, and its readers have chainId and
   * admissionId.
   */
  readonly memo?: Memo
  /**
   * Every ref whose name starts with prefix, with its object id, in one listing (a remote store
   * fetches the prefix once per process unless `refresh` asks again).
   */
  listRefs(
    prefix: string,
    options?: { readonly refresh?: boolean }
  ): Promise<Array<{ ref: string; oid: string }>>
}
