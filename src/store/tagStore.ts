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
import { firstLine, isLeaseRefused, parsePorcelain } from './index/physical.js'
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
  /**
   * Whether the tag and the operation's record can be written in one atomic transaction (they
   * share a repository); a ledger repository of its own keeps the record elsewhere.
   */
  readonly atomicWithRecord: boolean
  /** The tag alone, create-only (where it cannot travel with its record). */
  pushTag(tag: RefUpdate): Promise<TagPushOutcome>
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
  if (store instanceof LedgerRepositoryStore) {
    // Tags stay in the code repository; only the operation's chain is in the ledger repository.
    if (store.code) return new CodeRepositoryTagStore(store.code)
    throw new InvalidInput(
      `effect with ledger-repository (${store.name}) pushes its tag to this repository's ` +
        'origin, and the workspace has no checkout with an origin remote. Check the repository ' +
        'out first (actions/checkout, with the history that holds the target). Nothing was sent.'
    )
  }
  if (store instanceof RemoteStore) return new RemoteTagStore(store)
  if (store instanceof LocalStore) return new LocalTagStore(store)
  throw new StoreError(`no tag store for the ${store.name} store`)
}

export class LocalTagStore implements TagStore {
  readonly name = 'local'
  readonly atomicWithRecord = true
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

  async pushTag(tag: RefUpdate): Promise<TagPushOutcome> {
    const made = await this.git.changeRefs([{ ...tag, expected: null }])
    return { kind: made ? 'created' : 'rejected' }
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

/** Tags read and pushed at a remote; objects written and checked locally. */
abstract class RemoteTags {
  abstract readonly atomicWithRecord: boolean
  private readonly local: LocalTagStore

  constructor(
    protected readonly git: Git,
    readonly name: string
  ) {
    this.local = new LocalTagStore(new LocalStore(git))
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

  pushTag(tag: RefUpdate): Promise<TagPushOutcome> {
    return pushTagAlone(this.git, this.name, tag)
  }
}

/** The remote decides; local refs follow what it holds (docs/design/storage.md). */
export class RemoteTagStore extends RemoteTags implements TagStore {
  readonly atomicWithRecord = true

  constructor(private readonly store: RemoteStore) {
    super(store.git, store.name)
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
 * The code repository's tags, where the operation's chain lives in a ledger repository of its
 * own: read and pushed at its origin, the tag alone and create-only (its object is
 * deterministic, so a second push of ours finds it there and the lookup adopts it).
 */
export class CodeRepositoryTagStore extends RemoteTags implements TagStore {
  readonly atomicWithRecord = false

  constructor(git: Git) {
    super(git, 'origin')
  }

  pushTagWithRecord(): Promise<TagPushOutcome> {
    throw new StoreError('a tag in the code repository cannot be pushed with a ledger record')
  }
}

/** One create-only push of a tag: created, rejected (it exists), refused, or no answer. */
async function pushTagAlone(git: Git, remote: string, tag: RefUpdate): Promise<TagPushOutcome> {
  const result = await git.push(remote, [{ ...tag, expected: null }], { atomic: false })
  const line = parsePorcelain(result.stdout).get(tag.ref)
  if (line && ['*', ' ', '+'].includes(line.flag)) return { kind: 'created' }
  if (line && (isLeaseRefused(line) || line.flag === '=')) return { kind: 'rejected' }
  if (line?.flag === '!')
    return { kind: 'refused', detail: `${line.summary}; ${firstLine(result.stderr)}` }
  return { kind: 'ambiguous', detail: firstLine(result.stderr) }
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
