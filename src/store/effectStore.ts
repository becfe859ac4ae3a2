/**
 * The store side of SPEC §13: operation chains under `<namespace>/operations/`, and the one
 * write that makes a tag exactly once — the tag (create-only) and the operation's
 * `terminal_committed` record (a lease on the operation's head) in one atomic transaction:
 * `git update-ref --stdin` locally, `git push --atomic` to a remote.
 */
import type { CommitSpec } from '../core/entry.js'
import { encodeCommit } from '../core/entry.js'
import type { OperationRecord } from '../core/effect/operation.js'
import { StoreError } from '../core/errors.js'
import type { Git, RefUpdate } from './git.js'
import { ChainReader, LocalStore } from './localStore.js'
import { firstLine, isRaceLost, parsePorcelain, RemoteStore } from './remoteStore.js'
import type { Store, StoredEntry } from './store.js'

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
}

export interface EffectStore {
  /** `local`, or the remote's name. */
  readonly name: string
  /** The operation's chain at the arbiter, oldest first; null when it does not exist. */
  readOperation(ref: string): Promise<StoredEntry<OperationRecord>[] | null>
  /** The object the tag ref holds at the arbiter; null when the tag does not exist. */
  readTag(tagRef: string): Promise<string | null>
  /** The commit the tag points at (peeled), at the arbiter; null when it does not exist. */
  readTagCommit(tagRef: string): Promise<string | null>
  /** Whether the commit is in the local repository (a tag object can only point at one there). */
  hasCommit(oid: string): Promise<boolean>
  writeOperationEntry(commit: CommitSpec): Promise<string>
  writeTagObject(text: string): Promise<string>
  /** Create-only: the prepared record. */
  createOperation(ref: string, oid: string): Promise<'created' | 'exists'>
  /** Compare-and-set on the operation's head. */
  advanceOperation(ref: string, next: string, expected: string): Promise<'advanced' | 'lost'>
  /** The tag and its committed record, in ONE atomic transaction. */
  pushTagWithRecord(update: TagAndRecord): Promise<TagPushOutcome>
}

/** The effect store over the same repository and arbiter as the run store. */
export function effectStoreFor(store: Store): EffectStore {
  if (store instanceof RemoteStore) return new RemoteEffectStore(store)
  if (store instanceof LocalStore) return new LocalEffectStore(store)
  throw new StoreError(`no effect store for the ${store.name} store`)
}

export class LocalEffectStore implements EffectStore {
  readonly name = 'local'
  protected readonly git: Git

  constructor(protected readonly store: LocalStore) {
    this.git = store.git
  }

  readOperation(ref: string): Promise<StoredEntry<OperationRecord>[] | null> {
    return this.withObjects(objects => new ChainReader(objects).readOperationChain(ref))
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

  async writeOperationEntry(commit: CommitSpec): Promise<string> {
    await this.git.ensureEmptyTree()
    const [oid] = await this.git.writeCommits([encodeCommit(commit)])
    return oid as string
  }

  writeTagObject(text: string): Promise<string> {
    return this.git.writeObject({ type: 'tag', text })
  }

  createOperation(ref: string, oid: string): Promise<'created' | 'exists'> {
    return this.store.createRefs([{ ref, oid }])
  }

  advanceOperation(ref: string, next: string, expected: string): Promise<'advanced' | 'lost'> {
    return this.store.advanceRef(ref, next, expected)
  }

  async pushTagWithRecord(update: TagAndRecord): Promise<TagPushOutcome> {
    const done = await this.git.updateRefsAtomically({
      create: [update.tag],
      update: [update.journal]
    })
    return done ? { kind: 'created' } : { kind: 'rejected' }
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

/** SPEC §8 for effects: the remote decides; local refs follow what it holds. */
export class RemoteEffectStore implements EffectStore {
  readonly name: string
  private readonly git: Git
  private readonly local: LocalEffectStore

  constructor(private readonly store: RemoteStore) {
    this.name = store.name
    this.git = store.git
    this.local = new LocalEffectStore(new LocalStore(store.git))
  }

  /** Always fetched: an operation is read to decide, and a stale copy would decide wrongly. */
  async readOperation(ref: string): Promise<StoredEntry<OperationRecord>[] | null> {
    const result = await this.git.fetchRefs(this.name, [ref])
    if (result.code !== 0) throw this.git.failure(['fetch'], result)
    return this.local.readOperation(ref)
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

  writeOperationEntry(commit: CommitSpec): Promise<string> {
    return this.local.writeOperationEntry(commit)
  }

  writeTagObject(text: string): Promise<string> {
    return this.local.writeTagObject(text)
  }

  createOperation(ref: string, oid: string): Promise<'created' | 'exists'> {
    return this.store.createRefs([{ ref, oid }])
  }

  advanceOperation(ref: string, next: string, expected: string): Promise<'advanced' | 'lost'> {
    return this.store.advanceRef(ref, next, expected)
  }

  /**
   * `git push --atomic` of the tag (lease: must not exist) and the journal (lease: its head).
   * Only a clean answer for both refs is `created`; a hook's or ruleset's refusal is `refused`;
   * every other answer — a lease refused, a lost race, an up-to-date line, no answer at all —
   * is settled by the caller looking at what the remote holds.
   */
  async pushTagWithRecord(update: TagAndRecord): Promise<TagPushOutcome> {
    const result = await this.git.push(
      this.name,
      [
        { ...update.tag, expected: null },
        { ...update.journal, expected: update.journal.expected }
      ],
      { atomic: true }
    )
    const parsed = parsePorcelain(result.stdout)
    const lines = [parsed.get(update.tag.ref), parsed.get(update.journal.ref)]
    if (result.code === 0 && lines.every(l => l && ['*', ' ', '+'].includes(l.flag))) {
      await this.git.setRefs([update.tag, update.journal])
      return { kind: 'created' }
    }
    const refusal = lines.find(l => l?.flag === '!' && isRemoteRefusal(l.summary))
    if (refusal) return { kind: 'refused', detail: `${refusal.ref}: ${refusal.summary}` }
    if (lines.some(l => l !== undefined)) return { kind: 'rejected' }
    if (/\b403\b|permission to .* denied/i.test(result.stderr))
      throw new StoreError(
        `The remote ${this.name} refused to let this job push (${firstLine(result.stderr)}). ` +
          'Nothing was created. Give the workflow `permissions: contents: write`.'
      )
    return { kind: 'ambiguous', detail: firstLine(result.stderr) }
  }
}

/**
 * A server-side refusal that is not a lost compare-and-set: a pre-receive hook, a protected
 * tag rule. The atomic push then moved neither ref.
 */
function isRemoteRefusal(summary: string): boolean {
  return /\[remote rejected\]/.test(summary) && !isRaceLost({ summary })
}
