/**
 * The store in layout v2 (docs/design/storage.md): commands read and write admissions and
 * chains by their logical names, and this class keeps them in at most 512 index refs plus one
 * ref per chain written within `archive-after`. Every write is planned from what the arbiter
 * holds and applied as ONE atomic change of refs (a push, or an update-ref transaction):
 *
 * - an admission adds `keys/<h>/<N>` to its key's bucket, compare-and-set on the bucket tip,
 *   with its chain's first record in the same change;
 * - an append moves the chain's ref; an append that ends the chain (or with `archive-after: 0`)
 *   deletes the ref and records the head in the chain's bucket instead; an append to an
 *   archived chain that has not ended re-creates its ref (compare-and-set on the head the
 *   index records);
 * - every write of a bucket also archives that bucket's chains idle past `archive-after`.
 *
 * A change lost only because the bucket moved (another key) is planned again from the new
 * tip, up to BUCKET_TRIES; a change lost to the chain or key it is about answers as before
 * (`exists`, `lost`). An unanswered change is settled by reading again: our own objects there
 * are ours (content addressing), absent is tried again (every lease stays as read).
 */
import { EMPTY_TREE, IDENTITY, encodeCommit, type CommitSpec } from '../../core/entry.js'
import { StoreError } from '../../core/errors.js'
import {
  archiveRef,
  bucketOf,
  entryPath,
  FAMILIES,
  indexRef,
  isIdle,
  liveChainPrefix,
  parseLogical,
  type LogicalName
} from '../../core/index/layout.js'
import { decodeIndexEntry, encodeIndexEntry } from '../../core/index/entry.js'
import { objectId } from '../../core/index/tree.js'
import type { Git, LooseObject, ObjectReader, RefChange, RefTime, RefUpdate } from '../git.js'
import type {
  ChainDecoder,
  ReadOptions,
  RefCreate,
  Store,
  StoreReader,
  StoredEntry
} from '../store.js'
import { decodeLedger, decodeStoredAdmission, walkChain } from '../chainReader.js'
import { BucketView } from './bucket.js'
import type { ApplyOutcome, RefBackend } from './physical.js'
import type { Admission } from '../../core/admission.js'

/** How many times one write is planned when other keys keep moving its bucket. */
export const BUCKET_TRIES = 32

export const DEFAULT_ARCHIVE_AFTER_SECONDS = 3600

export interface LayoutOptions {
  /** Seconds a chain keeps a ref of its own after its last write; 0 archives every write. */
  readonly archiveAfterSeconds?: number
  /** The clock, in epoch seconds (tests move it). */
  readonly now?: () => number
}

export interface AdvanceOptions {
  /** The record ends its chain: archive it in the same write. */
  readonly ended?: boolean
}

type Located =
  | { readonly where: 'live'; readonly head: string }
  | { readonly where: 'archived'; readonly head: string }
  | null

type Intent =
  | {
      readonly kind: 'create'
      readonly admissions: ReadonlyArray<{ name: LogicalName; ref: string; bytes: Buffer }>
      readonly chains: ReadonlyArray<{ name: LogicalName; ref: string; oid: string }>
    }
  | {
      readonly kind: 'advance'
      readonly name: LogicalName
      readonly ref: string
      readonly next: string
      readonly expected: string
      readonly ended: boolean
      readonly creates: readonly RefUpdate[]
    }

type Plan<T> =
  { readonly answer: T } | { readonly changes: RefChange[]; readonly objects: LooseObject[] }

export class IndexedStore implements Store {
  readonly archiveAfterSeconds: number
  private readonly now: () => number
  /** Entry commits this process wrote, by id: an admission's bytes go into its bucket. */
  private readonly written = new Map<string, Buffer>()
  private readonly checked = new Set<string>()

  constructor(
    readonly refs: RefBackend,
    options: LayoutOptions = {}
  ) {
    this.archiveAfterSeconds = options.archiveAfterSeconds ?? DEFAULT_ARCHIVE_AFTER_SECONDS
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000))
  }

  get name(): string {
    return this.refs.name
  }

  get git(): Git {
    return this.refs.git
  }

  async read<T>(fn: (reader: StoreReader) => Promise<T>): Promise<T> {
    const session = new ReadSession(this.refs)
    try {
      return await fn(this.reader(session))
    } finally {
      session.close()
    }
  }

  /** Entry commits are hashed here and stored as loose objects: no git process. */
  async writeEntries(commits: readonly CommitSpec[]): Promise<string[]> {
    await this.git.ensureEmptyTree()
    const objects = commits.map(spec => {
      const body = Buffer.from(encodeCommit(spec), 'utf8')
      return { type: 'commit' as const, body, oid: objectId('commit', body) }
    })
    await this.git.writeObjects(objects)
    for (const o of objects) this.written.set(o.oid, o.body)
    return objects.map(o => o.oid)
  }

  /** Names known in advance (an admission and the ledger it will name): one fetch for all. */
  async prefetch(refs: readonly string[]): Promise<void> {
    await this.bringNames(refs.map(named), { refresh: false })
  }

  async createRefs(refs: readonly RefCreate[]): Promise<'created' | 'exists'> {
    const admissions = []
    const chains = []
    for (const { ref, oid } of refs) {
      const name = named(ref)
      if (name.kind === 'admission')
        admissions.push({ name, ref, bytes: await this.entryBytes(oid) })
      else chains.push({ name, ref, oid })
    }
    return this.write<'created' | 'exists'>({ kind: 'create', admissions, chains })
  }

  advanceRef(
    ref: string,
    next: string,
    expected: string,
    options: AdvanceOptions = {}
  ): Promise<'advanced' | 'lost'> {
    return this.write<'advanced' | 'lost'>(this.advanceIntent(ref, next, expected, options, []))
  }

  /**
   * The append and create-only refs outside the namespace (a tag) in ONE atomic change, tried
   * once: the caller settles every answer but `applied` by reading again.
   */
  async advanceWith(
    ref: string,
    next: string,
    expected: string,
    options: AdvanceOptions & { readonly creates: readonly RefUpdate[] }
  ): Promise<ApplyOutcome> {
    const intent = this.advanceIntent(ref, next, expected, options, options.creates)
    await this.bringFor(intent, { refresh: false })
    const plan = await this.planned(intent, false)
    if ('answer' in plan) return 'stale'
    await this.git.writeObjects(plan.objects)
    return this.refs.apply(plan.changes)
  }

  /**
   * Every logical name under a prefix: a key's generations (`<ns>/admissions/<h>`), or every
   * run, operation or admission of a namespace (`<ns>/runs/`…), live and archived alike.
   */
  async listRefs(
    prefix: string,
    options: { readonly refresh?: boolean } = {}
  ): Promise<Array<{ ref: string; oid: string }>> {
    if (/[*?[\\]/.test(prefix)) throw new StoreError(`a ref prefix has a glob character: ${prefix}`)
    const refresh = options.refresh ?? false
    const key = parseLogical(prefix)
    if (key?.kind === 'admission' && key.generation === 1) {
      await this.bringNames([key], { refresh })
      const objects = this.git.openReader()
      try {
        const view = await BucketView.open(indexRef(key.namespace, bucketOf(key.hash)), objects)
        // Every entry is listed by the name it stands for; a name no writer makes (`04`)
        // then fails closed where generations are ordered and verified.
        return (await view.list(`keys/${key.hash}`)).map(item => ({
          ref: item.name === '1' ? prefix : `${prefix}.g${item.name}`,
          oid: item.oid
        }))
      } finally {
        objects.close()
      }
    }
    const family = /^(refs\/.+)\/(admissions|runs|operations)\/$/.exec(prefix)
    if (!family) throw new StoreError(`the store cannot list ${prefix}`)
    return this.listAll(
      family[1] as string,
      family[2] as 'admissions' | 'runs' | 'operations',
      refresh
    )
  }

  // ——— reading ———

  private reader(session: ReadSession): StoreReader {
    return {
      readAdmission: async (ref: string) => {
        const name = named(ref)
        await this.bringNames([name], { refresh: false })
        const objects = session.objects()
        const view = await BucketView.open(indexRef(name.namespace, bucketOf(name.hash)), objects)
        const blob = await view.blob(entryPath(name))
        if (!blob) return null
        const value: Admission = decodeStoredAdmission(ref, blob.bytes.toString('utf8'))
        return { oid: objectId('commit', blob.bytes), value }
      },
      readChain: async <R>(ref: string, chain?: ChainDecoder<R>, options?: ReadOptions) => {
        const name = named(ref)
        await this.bringNames([name], { refresh: options?.refresh ?? false })
        let objects = session.objects()
        const found = await this.locate(name, ref, objects)
        if (!found) return null
        if (found.where === 'archived' && !(await objects.read(found.head))) {
          await this.refs.bringObjects([found.head])
          objects = session.objects()
        }
        const decode = (chain?.decode ?? decodeLedger) as ChainDecoder<R>['decode']
        const start = found.where === 'live' ? ref : found.head
        const entries = await walkChain(objects, ref, start, decode)
        if (!entries) throw new StoreError(`the archived head ${found.head} of ${ref} is missing`)
        return entries as StoredEntry<R>[]
      }
    } as StoreReader
  }

  /** Where a chain is: its own ref, or its bucket's index entry; null when neither. */
  private async locate(name: LogicalName, ref: string, objects: ObjectReader): Promise<Located> {
    const live = await objects.read(ref)
    if (live) return { where: 'live', head: live.oid }
    const view = await BucketView.open(indexRef(name.namespace, bucketOf(name.hash)), objects)
    const path = entryPath(name)
    const blob = await view.blob(path)
    if (!blob) return null
    const entry = decodeIndexEntry(`${view.ref}:${path}`, blob.bytes.toString('utf8'), ref)
    return { where: 'archived', head: entry.head }
  }

  private async listAll(
    namespace: string,
    family: 'admissions' | 'runs' | 'operations',
    refresh: boolean
  ): Promise<Array<{ ref: string; oid: string }>> {
    await this.bringPrefixes(
      namespace,
      [`${namespace}/index/`, ...FAMILIES.map(f => `${namespace}/${f}/`)],
      refresh
    )
    const live =
      family === 'admissions' ? [] : await this.git.listRefTimes([`${namespace}/${family}/`])
    const buckets = await this.git.listRefTimes([`${namespace}/index/`])
    const listed = live.map(({ ref, oid }) => ({ ref, oid }))
    const objects = this.git.openReader()
    try {
      for (const bucket of buckets) {
        const view = await BucketView.open(bucket.ref, objects)
        if (family !== 'admissions') {
          for (const item of await view.list(family))
            listed.push({ ref: `${namespace}/${family}/${item.name}`, oid: item.oid })
          continue
        }
        for (const key of await view.list('keys'))
          for (const gen of await view.readTree(key.oid))
            listed.push({
              ref: `${namespace}/admissions/${key.name}${gen.name === '1' ? '' : `.g${gen.name}`}`,
              oid: gen.oid
            })
      }
    } finally {
      objects.close()
    }
    return listed
  }

  // ——— writing ———

  private advanceIntent(
    ref: string,
    next: string,
    expected: string,
    options: AdvanceOptions,
    creates: readonly RefUpdate[]
  ): Intent {
    const name = named(ref)
    if (name.kind !== 'chain') throw new StoreError(`${ref} is not a chain`)
    return { kind: 'advance', name, ref, next, expected, ended: options.ended ?? false, creates }
  }

  private async write<T extends string>(intent: Intent): Promise<T> {
    let unanswered = false
    for (let attempt = 1; attempt <= BUCKET_TRIES; attempt++) {
      await this.bringFor(intent, { refresh: attempt > 1 })
      const plan = await this.planned(intent, unanswered)
      if ('answer' in plan) return plan.answer as T
      await this.git.writeObjects(plan.objects)
      const outcome = await this.refs.apply(plan.changes)
      if (outcome === 'applied') return (intent.kind === 'create' ? 'created' : 'advanced') as T
      if (outcome === 'unanswered') unanswered = true
      if (attempt > 2) await pause(attempt)
    }
    throw new StoreError(
      `Other writers kept changing the index bucket of ${describe(intent)} at ${this.name} ` +
        `(${BUCKET_TRIES} tries), so nothing was written or claimed. This is contention, not a ` +
        'conflict: re-run the step.'
    )
  }

  private async planned<T>(intent: Intent, unanswered: boolean): Promise<Plan<T>> {
    const objects = this.git.openReader()
    try {
      const plan = new WritePlan(this, objects)
      const answer =
        intent.kind === 'create'
          ? await this.planCreate(intent, plan, unanswered)
          : await this.planAdvance(intent, plan, unanswered)
      if (answer !== null) return { answer: answer as T }
      return await plan.finish()
    } finally {
      objects.close()
    }
  }

  private async planCreate(
    intent: Extract<Intent, { kind: 'create' }>,
    plan: WritePlan,
    unanswered: boolean
  ): Promise<string | null> {
    let present = 0
    let ours = 0
    for (const a of intent.admissions) {
      const blob = await (await plan.bucket(a.name)).blob(entryPath(a.name))
      if (blob) present++
      if (blob && blob.oid === objectId('blob', a.bytes)) ours++
    }
    for (const c of intent.chains) {
      const found = await this.locate(c.name, c.ref, plan.objects)
      if (found) present++
      if (found?.head === c.oid) ours++
    }
    const all = intent.admissions.length + intent.chains.length
    if (unanswered && ours === all) return 'created'
    if (present > 0) return 'exists'
    for (const a of intent.admissions) await plan.put(a.name, a.bytes)
    for (const c of intent.chains)
      await plan.place(c.name, c.ref, { head: c.oid, was: null, ended: false })
    return null
  }

  private async planAdvance(
    intent: Extract<Intent, { kind: 'advance' }>,
    plan: WritePlan,
    unanswered: boolean
  ): Promise<string | null> {
    const found = await this.locate(intent.name, intent.ref, plan.objects)
    if (unanswered && found?.head === intent.next) return 'advanced'
    if (!found || found.head !== intent.expected) return 'lost'
    await plan.place(intent.name, intent.ref, {
      head: intent.next,
      was: found,
      ended: intent.ended
    })
    for (const create of intent.creates) plan.change({ ...create, expected: null })
    return null
  }

  /** Brings what a write reads: the buckets and chains it names (refreshed after a loss). */
  private bringFor(intent: Intent, options: { refresh: boolean }): Promise<void> {
    const names =
      intent.kind === 'create'
        ? [...intent.admissions, ...intent.chains].map(x => x.name)
        : [intent.name]
    return this.bringNames(names, { ...options, check: false })
  }

  /**
   * One fetch of each named bucket's index tip and live chains (never their history: an index
   * commit has no parent). The first time a namespace is seen, its layout is checked too.
   */
  private async bringNames(
    names: readonly LogicalName[],
    options: { refresh: boolean; check?: boolean }
  ): Promise<void> {
    const byNamespace = new Map<string, Set<string>>()
    for (const name of names) {
      const buckets = byNamespace.get(name.namespace) ?? new Set<string>()
      buckets.add(bucketOf(name.hash))
      byNamespace.set(name.namespace, buckets)
    }
    for (const [namespace, buckets] of byNamespace)
      await this.bringPrefixes(
        namespace,
        [...buckets].flatMap(b => [
          indexRef(namespace, b),
          ...FAMILIES.map(f => liveChainPrefix(namespace, f, b))
        ]),
        options.refresh,
        { check: options.check ?? true }
      )
  }

  private async bringPrefixes(
    namespace: string,
    prefixes: string[],
    refresh: boolean,
    options: { readonly check?: boolean } = {}
  ): Promise<void> {
    const first = !this.checked.has(namespace)
    const v1 = `${namespace}/admissions/`
    await this.refs.bring(first ? [...prefixes, v1] : prefixes, { shallow: false, refresh })
    // A write checks in its own listing of live chains (liveChains), saving a process.
    if (first && options.check !== false)
      this.refuseLayoutV1(namespace, await this.git.listRefTimes([v1]))
  }

  /**
   * The live chains of the buckets a write changes, with the check of the namespace's layout in
   * the same listing when it has not been made (one for-each-ref).
   */
  async liveChains(namespace: string, buckets: readonly string[]): Promise<RefTime[]> {
    const v1 = `${namespace}/admissions/`
    const first = !this.checked.has(namespace)
    const listed = await this.git.listRefTimes([
      ...(first ? [v1] : []),
      ...buckets.flatMap(b => FAMILIES.map(f => liveChainPrefix(namespace, f, b)))
    ])
    if (first)
      this.refuseLayoutV1(
        namespace,
        listed.filter(r => r.ref.startsWith(v1))
      )
    return listed.filter(r => !r.ref.startsWith(v1))
  }

  private refuseLayoutV1(namespace: string, v1Refs: readonly RefTime[]): void {
    const v1 = `${namespace}/admissions/`
    if (v1Refs.length > 0)
      throw new StoreError(
        `The namespace ${namespace} holds refs of layout v1 (${v1}…), which this version does ` +
          'not read or write (v0.1 was never released, and nothing migrates them). Set ' +
          '`namespace` to a fresh prefix, or delete those refs ' +
          `(git for-each-ref --format='delete %(refname)' ${v1} | git update-ref --stdin, then push the deletions).`
      )
    this.checked.add(namespace)
  }

  /** The bytes of an entry commit this process wrote (or, failing that, as git holds it). */
  private async entryBytes(oid: string): Promise<Buffer> {
    const known = this.written.get(oid)
    if (known) return known
    const objects = this.git.openReader()
    try {
      const object = await objects.read(oid)
      if (!object || object.type !== 'commit') throw new StoreError(`entry ${oid} was not written`)
      return object.bytes
    } finally {
      objects.close()
    }
  }

  /** The archive tip of a bucket, brought shallow (its history is never needed to extend it). */
  async archiveTip(namespace: string, bucket: string): Promise<string | null> {
    const ref = archiveRef(namespace, bucket)
    await this.refs.bring([ref], { shallow: true, refresh: true })
    // Read after the fetch by a process of its own: one started before may not see it.
    const [held] = await this.git.listRefTimes([ref])
    return held?.ref === ref ? held.oid : null
  }

  get clock(): number {
    return this.now()
  }
}

/**
 * One read session's `git cat-file --batch`, started again after a fetch: a process started
 * before refs arrived is not guaranteed to see them.
 */
class ReadSession {
  private current: ObjectReader | null = null
  private epoch = -1

  constructor(private readonly refs: RefBackend) {}

  objects(): ObjectReader {
    if (!this.current || this.epoch !== this.refs.epoch) {
      this.current?.close()
      this.current = this.refs.git.openReader()
      this.epoch = this.refs.epoch
    }
    return this.current
  }

  close(): void {
    this.current?.close()
  }
}

/**
 * The refs one write changes, built from what it read: each touched bucket's edits, the heads
 * it archives (and so must keep reachable), and the chain refs it creates, moves or deletes.
 */
class WritePlan {
  private readonly views = new Map<string, { name: LogicalName; view: BucketView }>()
  private readonly edits = new Map<string, Map<string, Buffer | null>>()
  private readonly archived = new Map<string, string[]>()
  private readonly changes: RefChange[] = []
  private readonly touched = new Set<string>()

  constructor(
    private readonly store: IndexedStore,
    readonly objects: ObjectReader
  ) {}

  async bucket(name: LogicalName): Promise<BucketView> {
    const ref = indexRef(name.namespace, bucketOf(name.hash))
    const seen = this.views.get(ref)
    if (seen) return seen.view
    const view = await BucketView.open(ref, this.objects)
    this.views.set(ref, { name, view })
    return view
  }

  change(change: RefChange): void {
    this.changes.push(change)
  }

  async put(name: LogicalName, body: Buffer | null): Promise<void> {
    const view = await this.bucket(name)
    const edits = this.edits.get(view.ref) ?? new Map<string, Buffer | null>()
    edits.set(entryPath(name), body)
    this.edits.set(view.ref, edits)
  }

  /**
   * Puts a chain's new head where it belongs: its own ref while it is being written, the index
   * when it ends or is archived at once (`archive-after: 0`).
   */
  async place(
    name: LogicalName,
    ref: string,
    at: { head: string; was: Located; ended: boolean }
  ): Promise<void> {
    this.touched.add(ref)
    const archive = at.ended || this.store.archiveAfterSeconds === 0
    if (archive) {
      if (at.was?.where === 'live') this.change({ ref, oid: null, expected: at.was.head })
      await this.archive(name, ref, at.head, { ended: at.ended, written_at: this.store.clock })
    } else if (at.was?.where === 'live') {
      this.change({ ref, oid: at.head, expected: at.was.head })
    } else {
      this.change({ ref, oid: at.head, expected: null })
      if (at.was?.where === 'archived') await this.put(name, null)
    }
  }

  private async archive(
    name: LogicalName,
    ref: string,
    head: string,
    how: { ended: boolean; written_at: number }
  ): Promise<void> {
    await this.put(name, Buffer.from(encodeIndexEntry({ ref, head, ...how }), 'utf8'))
    const bucket = bucketOf(name.hash)
    const key = `${name.namespace}\n${bucket}`
    this.archived.set(key, [...(this.archived.get(key) ?? []), head])
  }

  /** Every written bucket also archives its chains idle past archive-after. */
  private async sweep(): Promise<void> {
    for (const { name, view } of [...this.views.values()]) {
      if (!this.edits.has(view.ref)) continue
      const live = await this.store.liveChains(name.namespace, [bucketOf(name.hash)])
      for (const chain of live) {
        const logical = parseLogical(chain.ref)
        if (!logical || logical.kind !== 'chain' || this.touched.has(chain.ref)) continue
        if (!isIdle(chain.time, this.store.clock, this.store.archiveAfterSeconds)) continue
        this.touched.add(chain.ref)
        this.change({ ref: chain.ref, oid: null, expected: chain.oid })
        await this.archive(logical, chain.ref, chain.oid, { ended: false, written_at: chain.time })
      }
    }
  }

  async finish(): Promise<{ changes: RefChange[]; objects: LooseObject[] }> {
    await this.sweep()
    const objects: LooseObject[] = []
    const time = this.store.clock
    for (const { view } of this.views.values()) {
      const edits = this.edits.get(view.ref)
      if (!edits) continue
      const tree = await view.edit(edits)
      objects.push(...tree.objects)
      const commit = commitObject({
        tree: tree.root,
        parents: [],
        time,
        subject: `dispatch-ledger index ${view.ref}`
      })
      objects.push(commit)
      this.changes.push({ ref: view.ref, oid: commit.oid, expected: view.tip })
    }
    for (const [key, heads] of this.archived) {
      const [namespace, bucket] = key.split('\n') as [string, string]
      const tip = await this.store.archiveTip(namespace, bucket)
      const commit = commitObject({
        tree: EMPTY_TREE,
        parents: [...(tip ? [tip] : []), ...new Set(heads)],
        time,
        subject: `dispatch-ledger archive ${archiveRef(namespace, bucket)}`
      })
      objects.push(commit)
      this.changes.push({ ref: archiveRef(namespace, bucket), oid: commit.oid, expected: tip })
    }
    return { changes: this.changes, objects }
  }
}

function commitObject(spec: {
  tree: string
  parents: readonly string[]
  time: number
  subject: string
}): LooseObject {
  const stamp = `${spec.time} +0000`
  const text =
    `tree ${spec.tree}\n${spec.parents.map(p => `parent ${p}\n`).join('')}` +
    `author ${IDENTITY} ${stamp}\ncommitter ${IDENTITY} ${stamp}\n\n${spec.subject}\n`
  const body = Buffer.from(text, 'utf8')
  return { type: 'commit', body, oid: objectId('commit', body) }
}

function named(ref: string): LogicalName {
  const name = parseLogical(ref)
  if (!name) throw new StoreError(`${ref} is not an admission, run or operation name`)
  return name
}

function describe(intent: Intent): string {
  return intent.kind === 'create'
    ? [...intent.admissions, ...intent.chains].map(x => x.ref).join(' and ')
    : intent.ref
}

function pause(attempt: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, Math.random() * 20 * Math.min(attempt, 10)))
}
