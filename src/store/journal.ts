/**
 * The one way a chain is read and appended to, for runs and operations alike: read from the
 * arbiter and verified (folded) on read, appended by compare-and-set. Here and only here, so
 * that bounded storage (archiving ended chains, reviving one on append) changes one class: a
 * chain is read by its ref name, and an append may carry extra refs in the same atomic write.
 *
 * The lost-race policy (docs/design/states.md#appending): a compare-and-set that another writer
 * won re-reads the chain, and the writer decides again from what won — never the same record
 * blindly — at most WRITE_TRIES times in all; then the step fails (LostRace) and re-plans.
 */
import {
  appendProblem,
  foldChain,
  WRITE_TRIES,
  type ChainDefinition
} from '../core/chain/definition.js'
import { canonicalJson } from '../core/canonical.js'
import { IllegalTransition, LostRace } from '../core/errors.js'
import type { RefUpdate } from './git.js'
import type { Store, StoredEntry } from './store.js'
import type { OperationRecord } from '../core/effect/operation.js'
import type { RecoveredOperation } from '../core/effect/operationChain.js'

export interface JournalOptions<R, S> {
  readonly store: Store
  readonly ref: string
  readonly chain: ChainDefinition<R, S>
}

/** The answer of an atomic write of a record with extra refs (the tag push). */
export type AtomicOutcome =
  | { readonly kind: 'created' }
  | { readonly kind: 'rejected' }
  | { readonly kind: 'refused'; readonly detail: string }
  | { readonly kind: 'ambiguous'; readonly detail: string }

/** What one decision of a writer does: append a record, or stop with a value. */
export type Decision<R, T> =
  | { readonly append: R; readonly after: (entry: StoredEntry<R>) => T | Promise<T> }
  | { readonly done: T }

export class Journal<R, S> {
  private chain: StoredEntry<R>[] | null
  private folded: S | null = null

  constructor(
    private readonly options: JournalOptions<R, S>,
    /** The chain as the caller already read it (verified again here); undefined: not read. */
    entries?: StoredEntry<R>[] | null
  ) {
    this.chain = null
    if (entries !== undefined) this.set(entries)
  }

  get ref(): string {
    return this.options.ref
  }

  /** The folded state; null while the chain does not exist (or was not read). */
  get state(): S | null {
    return this.folded
  }

  get entries(): StoredEntry<R>[] {
    return this.chain ?? []
  }

  get head(): StoredEntry<R> | null {
    return this.chain?.[this.chain.length - 1] ?? null
  }

  /** Reads the chain at the arbiter again (never a cached copy: it is read to decide). */
  async reload(): Promise<S | null> {
    const { store, ref, chain } = this.options
    this.set(await store.read(reader => reader.readChain(ref, chain, { refresh: true })))
    return this.folded
  }

  /** Create-only: false when another writer created the chain first (then re-read). */
  async create(record: R): Promise<boolean> {
    this.refuseBroken(record, [])
    const [oid] = (await this.options.store.writeEntries([
      this.options.chain.commit(record, null)
    ])) as [string]
    if ((await this.options.store.createRefs([{ ref: this.ref, oid }])) === 'exists') {
      await this.reload()
      return false
    }
    this.set([{ oid, value: record, json: canonicalJson(record) }])
    return true
  }

  /** Writes the record's commit on the head (not yet visible) and returns its id. */
  async write(record: R): Promise<string> {
    const parent = this.requireHead().oid
    this.refuseBroken(record, this.entries)
    const [oid] = (await this.options.store.writeEntries([
      this.options.chain.commit(record, parent)
    ])) as [string]
    return oid
  }

  /** One compare-and-set append; false when another writer moved the head (then re-read). */
  async append(record: R): Promise<boolean> {
    const head = this.requireHead()
    const oid = await this.write(record)
    const ended = this.options.chain.ends(record)
    const key = this.options.chain.keyOf(record)
    if ((await this.options.store.advanceRef(this.ref, oid, head.oid, { ended, key })) === 'lost') {
      await this.reload()
      return false
    }
    this.adopt(oid, record)
    return true
  }

  /**
   * The record and extra create-only refs in ONE atomic write (`via`: the store's transaction).
   * Only `created` moved the head; every other answer is settled by the caller reading again.
   * A lease refused (`rejected`) is read again at once: when the head is this very record, the
   * write landed and only a copy of it was refused (the transport sent the push again after
   * its answer was lost), so it is `created`. Otherwise the journal is left as the caller read
   * it: the caller reads again and sees the head move.
   */
  async appendWith(
    record: R,
    extra: RefUpdate,
    via: (update: {
      tag: RefUpdate
      journal: RefUpdate & { expected: string }
      ended: boolean
    }) => Promise<AtomicOutcome>
  ): Promise<AtomicOutcome> {
    const head = this.requireHead()
    const oid = await this.write(record)
    const outcome = await via({
      tag: extra,
      journal: { ref: this.ref, oid, expected: head.oid },
      ended: this.options.chain.ends(record)
    })
    if (outcome.kind === 'created') this.adopt(oid, record)
    if (outcome.kind !== 'rejected') return outcome
    const { store, ref, chain } = this.options
    const now = await store.read(reader => reader.readChain(ref, chain, { refresh: true }))
    if (now?.[now.length - 1]?.oid !== oid) return outcome
    this.set(now)
    return { kind: 'created' }
  }

  /**
   * The lost-race policy: `decide` from the chain as it is, append what it asks, and when
   * another writer won, decide again from what it wrote — at most WRITE_TRIES times in all.
   */
  async decideAndAppend<T>(
    decide: (journal: this) => Decision<R, T> | Promise<Decision<R, T>>,
    lost: (error: LostRace) => T | Promise<T> = rethrow
  ): Promise<T> {
    for (let tries = 1; ; tries++) {
      const decision = await decide(this)
      if ('done' in decision) return decision.done
      if (await this.append(decision.append)) return decision.after(this.head as StoredEntry<R>)
      if (tries >= WRITE_TRIES)
        return lost(
          new LostRace(
            `Another writer appended to ${this.ref} each of the ${WRITE_TRIES} times this step ` +
              'decided, so nothing was written. Re-read (command: plan) and decide again.'
          )
        )
    }
  }

  /** Takes a record another write (the atomic tag push) put at the head. */
  adopt(oid: string, record: R): void {
    this.set([...this.entries, { oid, value: record, json: canonicalJson(record) }])
  }

  /**
   * Throws, before anything is written, when `record` would not verify on top of `entries`: a
   * reader would refuse the whole chain after it, so a decision's mistake stops its own step.
   */
  private refuseBroken(record: R, entries: readonly StoredEntry<R>[]): void {
    const problem = appendProblem(
      this.options.chain,
      entries.map(entry => entry.value),
      record,
      {
        canonical: entries.every(e => e.json !== undefined)
          ? entries.map(e => e.json as string)
          : undefined
      }
    )
    if (problem !== null)
      throw new IllegalTransition(`Not written to ${this.ref}: ${problem}. Nothing was written.`)
  }

  private requireHead(): StoredEntry<R> {
    const head = this.head
    if (head === null) throw new Error(`append to ${this.ref} before the chain was read`)
    return head
  }

  private set(chain: StoredEntry<R>[] | null): void {
    this.chain = chain
    this.folded = chain
      ? foldChain(
          this.options.chain,
          chain.map(entry => entry.value),
          {
            headOid: chain[chain.length - 1]?.oid,
            // The text the reader already holds digests each record without re-encoding it.
            canonical: chain.every(e => e.json !== undefined)
              ? chain.map(e => e.json as string)
              : undefined
          }
        )
      : null
  }
}

function rethrow(error: LostRace): never {
  throw error
}

/** The journal of an effect's operation: the one Journal over the operation chain. */
export type OperationJournal = Journal<OperationRecord, RecoveredOperation>
