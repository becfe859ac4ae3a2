/**
 * The git side of the tag provider (docs/design/effects.md#tag-protocol): reading a tag at the
 * arbiter, writing the deterministic tag object, and the one write that makes a tag exactly
 * once — the tag (create-only) and the operation's `terminal_committed` record (a lease on the
 * operation's head) in one atomic transaction: `git update-ref --stdin` locally,
 * `git push --atomic` to a remote. The operation's chain itself is read and appended through
 * the Store port like every chain (store/journal.ts).
 */
import { StoreError } from '../core/errors.js'
import type { Git, RefUpdate } from './git.js'
import { LocalStore } from './localStore.js'
import { RemoteStore } from './remoteStore.js'
import { LedgerRepositoryStore } from './ledgerRepository.js'
import { InvalidInput } from '../core/errors.js'
import type { IndexedStore } from './index/indexedStore.js'
import type { Store } from './store.js'

export type TagPushOutcome =
  /** Both refs moved: the tag exists and the journal says committed. */
  | { readonly kind: 'created' }
  /** A ref was not as expected (the tag exists, or the journal moved): nothing was written. */
  | { readonly kind: 'rejected' }
  /** The remote refused the push (a hook, a ruleset): nothing was written. */
  | { readonly kind: 'refused'; readonly detail: string }
  /** No answer (killed, dropped): either both refs moved or neither did. */
  | { readonly kind: 'ambiguous'; readonly detail: string }

export interface TagAndRecord {
  readonly tag: RefUpdate
  readonly journal: RefUpdate & { readonly expected: string }
  /** The record ends the operation (it is archived in the same change). */
  readonly ended: boolean
}

export interface TagStore {
  /** `local`, or the remote's name. */
  readonly name: string
  /** The object the tag ref holds at the arbiter; null when the tag does not exist. */
  readTag(tagRef: string): Promise<string | null>
  /** The commit the tag points at (peeled), at the arbiter; null when it does not exist. */
  readTagCommit(tagRef: string): Promise<string | null>
  /** Whether the commit is in the local repository (a tag object can only point at one there). */
  hasCommit(oid: string): Promise<boolean>
  writeTagObject(text: string): Promise<string>
  /** The tag and its committed record, in ONE atomic transaction. */
  pushTagWithRecord(update: TagAndRecord): Promise<TagPushOutcome>
}

/** The tag store over the same repository and arbiter as the chain store. */
export function tagStoreFor(store: Store): TagStore {
  if (store instanceof LedgerRepositoryStore)
    throw new InvalidInput(
      `effect is not yet supported with ledger-repository (${store.name}): its tags live in this ` +
        'repository and its records in the ledger repository, and the one atomic push that makes ' +
        'a tag exactly once cannot span both. Nothing was sent. Run this step without ' +
        'ledger-repository for now.'
    )
  if (store instanceof RemoteStore) return new RemoteTagStore(store)
  if (store instanceof LocalStore) return new LocalTagStore(store)
  throw new StoreError(`no tag store for the ${store.name} store`)
}

export class LocalTagStore implements TagStore {
  readonly name = 'local'
  protected readonly git: Git

  constructor(protected readonly store: LocalStore) {
    this.git = store.git
  }

  readTag(tagRef: string): Promise<string | null> {
    return this.withObjects(async objects => (await objects.read(tagRef))?.oid ?? null)
  }

  readTagCommit(tagRef: string): Promise<string | null> {
    return this.withObjects(
      async objects => (await objects.read(`${tagRef}^{commit}`))?.oid ?? null
    )
  }

  hasCommit(oid: string): Promise<boolean> {
    return this.withObjects(async objects => (await objects.read(oid))?.type === 'commit')
  }

  writeTagObject(text: string): Promise<string> {
    return this.git.writeObject({ type: 'tag', text })
  }

  pushTagWithRecord(update: TagAndRecord): Promise<TagPushOutcome> {
    return pushThroughStore(this.store, update)
  }

  protected async withObjects<T>(
    fn: (objects: ReturnType<Git['openReader']>) => Promise<T>
  ): Promise<T> {
    const objects = this.git.openReader()
    try {
      return await fn(objects)
    } finally {
      objects.close()
    }
  }
}

/** The remote decides; local refs follow what it holds (docs/design/storage.md). */
export class RemoteTagStore implements TagStore {
  readonly name: string
  private readonly git: Git
  private readonly local: LocalTagStore

  constructor(private readonly store: RemoteStore) {
    this.name = store.name
    this.git = store.git
    this.local = new LocalTagStore(new LocalStore(store.git))
  }

  /** The tag's object id as the remote lists it; an annotated tag's own id, not its commit. */
  async readTag(tagRef: string): Promise<string | null> {
    return (await this.git.lsRemote(this.name, [tagRef])).get(tagRef) ?? null
  }

  async readTagCommit(tagRef: string): Promise<string | null> {
    return (await this.git.lsRemoteTag(this.name, tagRef))?.commit ?? null
  }

  hasCommit(oid: string): Promise<boolean> {
    return this.local.hasCommit(oid)
  }

  writeTagObject(text: string): Promise<string> {
    return this.local.writeTagObject(text)
  }

  /**
   * `git push --atomic` of the tag (lease: must not exist) and the journal (lease: its head).
   * Only a clean answer for both refs is `created`; a hook's or ruleset's refusal is `refused`;
   * every other answer — a lease refused, a lost race, an up-to-date line, no answer at all —
   * is settled by the caller looking at what the remote holds.
   */
  pushTagWithRecord(update: TagAndRecord): Promise<TagPushOutcome> {
    return pushThroughStore(this.store, update)
  }
}

/**
 * The tag (create-only) and the operation's terminal record in ONE atomic change, through the
 * store, which also archives the ended operation in the same change (docs/design/storage.md).
 * Only `applied` is `created`; a refusal by the remote (a hook, a protected tag rule) is
 * `refused`; a lease that failed is `rejected`; no answer is `ambiguous`.
 */
async function pushThroughStore(
  store: IndexedStore,
  update: TagAndRecord
): Promise<TagPushOutcome> {
  try {
    const outcome = await store.advanceWith(
      update.journal.ref,
      update.journal.oid,
      update.journal.expected,
      { ended: update.ended, creates: [update.tag] }
    )
    if (outcome === 'applied') return { kind: 'created' }
    if (outcome === 'stale') return { kind: 'rejected' }
    return { kind: 'ambiguous', detail: `no answer from ${store.name}` }
  } catch (error) {
    if (error instanceof StoreError && /rejected the push/.test(error.message))
      return { kind: 'refused', detail: error.message }
    throw error
  }
}
