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
 * - every write of a bucket also archives that bucket's chains idle past `archive-after`
 *   (and `archiveIdle`, scan's sweep, archives every idle chain of a namespace);
 * - an append that ends a key's newest generation records that end next to the key
 *   (`ended/<h>`), and with `retention-days` every write of a bucket drops its keys ended longer
 *   ago than that, with their runs' entries, rebuilding the archive refs that reached them.
 *
 * A change lost only because the bucket moved (another key) is planned again from the new
 * tip, up to BUCKET_TRIES; a change lost to the chain or key it is about answers as before
 * (`exists`, `lost`). An unanswered change is settled by reading again: our own objects there
 * are ours (content addressing), absent is tried again (every lease stays as read).
 */
import { encodeCommit, type CommitSpec } from '../../core/entry.js'
import { CorruptEntry, StoreError } from '../../core/errors.js'
import {
  archiveRef,
  bucketOf,
  bucketOfEntry,
  endedPath,
  entryPath,
  FAMILIES,
  indexRef,
  isExpired,
  liveChainPrefix,
  parseLogical,
  type LogicalName
} from '../../core/index/layout.js'
import { admissionRef } from '../../core/refs.js'
import { decodeIndexEntry } from '../../core/index/entry.js'
import { objectId, type TreeItem } from '../../core/index/tree.js'
import {
  checkPrefixes,
  committerTime,
  type Git,
  type LooseObject,
  type ObjectReader,
  type RefChange,
  type RefTime,
  type RefUpdate
} from '../git.js'
import type {
  ChainDecoder,
  RawRef,
  ReadOptions,
  ChainEnd,
  RefAdvance,
  RefCreate,
  Store,
  StoreReader,
  StoredEntry
} from '../store.js'
import { decodeLedger, decodeStoredAdmission, walkChain } from '../chainReader.js'
import { BucketView } from './bucket.js'
import { checkArchiveTip } from './archiveCommits.js'
import { bucketExtras } from './bucketExtras.js'
import { itemId, ReadSession } from './readSession.js'
import { archivedAt, named, NeedBuckets, WritePlan, type Located } from './writePlan.js'
import type { ApplyOutcome, RefBackend } from './physical.js'
import type { Admission } from '../../core/admission.js'

/** How many times one write is planned when other keys keep moving its bucket. */
export const BUCKET_TRIES = 32

export const DEFAULT_ARCHIVE_AFTER_SECONDS = 3600

/** How many times one plan may ask for buckets it was not given (retention's other buckets). */
const NEED_ROUNDS = 8

export interface LayoutOptions {
  /** Seconds a chain keeps a ref of its own after its last write; 0 archives every write. */
  readonly archiveAfterSeconds?: number
  /** retention-days: 0 keeps every key forever (docs/design/storage.md#retention). */
  readonly retentionDays?: number
  /** The clock, in epoch seconds (tests move it). */
  readonly now?: () => number
}

export interface AdvanceOptions {
  /** The record ends its chain: archive it in the same write. */
  readonly ended?: boolean
  /**
   * The dispatch key the chain's records carry (a run's). When the record ends the key's newest
   * generation, the key's bucket records that end in the same write: retention reads it there.
   */
  readonly key?: string | null
}

type AdmissionName = Extract<LogicalName, { kind: 'admission' }>
type ChainName = Extract<LogicalName, { kind: 'chain' }>

type Intent =
  | {
      readonly kind: 'create'
      readonly admissions: ReadonlyArray<{ name: AdmissionName; ref: string; bytes: Buffer }>
      readonly chains: ReadonlyArray<{
        name: LogicalName
        ref: string
        oid: string
        ended: boolean
        key: LogicalName | null
      }>
      /**
       * Chains moved compare-and-set in the same write (a receiver's confirmation, an
       * observer's records), each archived when its record ends it.
       */
      readonly advances: ReadonlyArray<
        RefAdvance & {
          readonly name: LogicalName
          readonly ended: boolean
          readonly keyName: LogicalName | null
        }
      >
    }
  | {
      readonly kind: 'advance'
      readonly name: LogicalName
      readonly ref: string
      readonly next: string
      readonly expected: string
      readonly ended: boolean
      /** The key (its generation-1 admission name) whose end this append records, if any. */
      readonly key: LogicalName | null
      readonly creates: readonly RefUpdate[]
    }
  | {
      /** Archive every listed live chain still idle (scan's own sweep). */
      readonly kind: 'sweep'
      readonly names: readonly ChainName[]
    }

type Plan<T> =
  | { readonly answer: T }
  | { readonly changes: RefChange[]; readonly objects: LooseObject[] }
  | { readonly need: readonly LogicalName[] }

export class IndexedStore implements Store {
  readonly archiveAfterSeconds: number
  readonly retentionDays: number
  private readonly now: () => number
  /** Entry commits this process wrote, by id: an admission's bytes go into its bucket. */
  private readonly written = new Map<string, Buffer>()
  private readonly checked = new Set<string>()
  /** Namespaces checked to hold no symbolic ref in this repository. */
  private readonly plain = new Set<string>()

  constructor(
    readonly refs: RefBackend,
    options: LayoutOptions = {}
  ) {
    this.archiveAfterSeconds = options.archiveAfterSeconds ?? DEFAULT_ARCHIVE_AFTER_SECONDS
    this.retentionDays = options.retentionDays ?? 0
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

  createRefs(refs: readonly RefCreate[]): Promise<'created' | 'exists'>
  createRefs(
    refs: readonly RefCreate[],
    options: { readonly advances: readonly RefAdvance[] }
  ): Promise<'created' | 'exists' | 'lost'>
  async createRefs(
    refs: readonly RefCreate[],
    options: { readonly advances?: readonly RefAdvance[] } = {}
  ): Promise<'created' | 'exists' | 'lost'> {
    const admissions = []
    const chains = []
    for (const create of refs) {
      const name = named(create.ref)
      if (name.kind === 'admission')
        admissions.push({ name, ref: create.ref, bytes: await this.entryBytes(create.oid) })
      else chains.push({ name, ref: create.ref, oid: create.oid, ...this.endOf(name, create) })
    }
    const advances = (options.advances ?? []).map(advance => {
      const name = named(advance.ref)
      if (name.kind !== 'chain') throw new StoreError(`${advance.ref} is not a chain`)
      const { ended, key } = this.endOf(name, advance)
      return { ...advance, name, ended, keyName: key }
    })
    return this.write<'created' | 'exists' | 'lost'>({
      kind: 'create',
      admissions,
      chains,
      advances
    })
  }

  /** Whether a chain's new head ends it, and the key (its generation-1 admission) it ends. */
  private endOf(name: LogicalName, end: ChainEnd): { ended: boolean; key: LogicalName | null } {
    const ended = end.ended ?? false
    return {
      ended,
      key: ended && end.key ? named(admissionRef(name.namespace, end.key)) : null
    }
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
    const plan = await this.plannedWith(intent, { refresh: false, unanswered: false })
    if ('answer' in plan) return 'stale'
    await this.git.writeObjects(plan.objects)
    return this.refs.apply(plan.changes)
  }

  /**
   * Archives every live chain of the namespace idle past archive-after, in one atomic write
   * (scan's own sweep: a repository whose buckets are seldom written still stays bounded).
   */
  async archiveIdle(namespace: string): Promise<void> {
    await this.bringPrefixes(
      namespace,
      [`${namespace}/index/`, ...FAMILIES.map(f => `${namespace}/${f}/`)],
      false
    )
    // Every live chain is named: the sweep's plan reads their times through its one reader and
    // archives the idle ones (a listing with times would be one more process).
    const live = await this.git.listRefs(FAMILIES.map(f => `${namespace}/${f}/`))
    const names = live
      .map(r => parseLogical(r.ref))
      .filter((n): n is ChainName => n?.kind === 'chain')
    if (names.length > 0) await this.write<string>({ kind: 'sweep', names })
  }

  /**
   * Every ref under the namespace as the arbiter holds it, symbolic ones named, with everything
   * under it brought to be read (verify: one listing, one fetch on a remote, nothing locally).
   */
  async inventory(namespace: string): Promise<RawRef[]> {
    if (!this.refs.inventory) throw new StoreError(`the store ${this.name} cannot list its refs`)
    return this.refs.inventory(namespace)
  }

  /**
   * Every logical name under a prefix: a key's generations (`<ns>/admissions/<h>`), or every
   * run, operation or admission of a namespace (`<ns>/runs/`…), live and archived alike.
   */
  async listRefs(
    prefix: string,
    options: { readonly refresh?: boolean } = {}
  ): Promise<Array<{ ref: string; oid: string }>> {
    const session = new ReadSession(this.refs)
    try {
      return await this.listIn(prefix, options.refresh ?? false, session)
    } finally {
      session.close()
    }
  }

  /** listRefs read through a session's reader (a reader's own listing: no process of its own). */
  private async listIn(
    prefix: string,
    refresh: boolean,
    session: ReadSession
  ): Promise<Array<{ ref: string; oid: string }>> {
    checkPrefixes([prefix])
    const key = parseLogical(prefix)
    if (key?.kind === 'admission' && key.generation === 1) {
      await this.bringNames([key], { refresh })
      const view = await session.bucket(indexRef(key.namespace, bucketOf(key.hash)))
      // A key past retention is gone to whoever asks which generations it has (admit: a
      // later event is a new run), though a write has not dropped it yet; its entries
      // still read by name until then.
      if (await this.expired(view, key.hash)) return []
      // Every entry is listed by the name it stands for; a name no writer makes (`04`)
      // then fails closed where generations are ordered and verified.
      return (await view.list(`keys/${key.hash}`)).map(item => ({
        ref: item.name === '1' ? prefix : `${prefix}.g${item.name}`,
        oid: item.oid
      }))
    }
    const family = /^(refs\/.+)\/(admissions|runs|operations)\/$/.exec(prefix)
    if (!family) throw new StoreError(`the store cannot list ${prefix}`)
    return this.listAll(
      family[1] as string,
      family[2] as 'admissions' | 'runs' | 'operations',
      refresh,
      session
    )
  }

  // ——— reading ———

  private reader(session: ReadSession): StoreReader {
    return {
      listRefs: (prefix: string, options?: { readonly refresh?: boolean }) =>
        this.listIn(prefix, options?.refresh ?? false, session),
      readAdmission: async (ref: string) => {
        const name = named(ref)
        await this.bringNames([name], { refresh: false })
        const view = await session.bucket(indexRef(name.namespace, bucketOf(name.hash)))
        const blob = await view.blob(entryPath(name))
        if (!blob) return null
        const value: Admission = decodeStoredAdmission(ref, blob.bytes.toString('utf8'))
        return { oid: objectId('commit', blob.bytes), value }
      },
      readBucketExtras: async (namespace: string, bucket: string) =>
        bucketExtras(
          namespace,
          bucket,
          await session.bucket(indexRef(namespace, bucket)),
          session.objects()
        ),
      chainId: async (ref: string) => {
        const name = named(ref)
        await this.bringNames([name], { refresh: false })
        const live = await session.refOid(ref)
        if (live !== null) return `live ${live}`
        const view = await session.bucket(indexRef(name.namespace, bucketOf(name.hash)))
        return itemId(view, entryPath(name))
      },
      admissionId: async (ref: string) => {
        const name = named(ref)
        await this.bringNames([name], { refresh: false })
        const view = await session.bucket(indexRef(name.namespace, bucketOf(name.hash)))
        // The key's whole directory, every generation in it: its id is read from the tree above
        // it without reading the directory, and it is the same only while the admission is.
        const path = entryPath(name)
        return itemId(view, path.slice(0, path.lastIndexOf('/')))
      },
      readChain: async <R>(ref: string, chain?: ChainDecoder<R>, options?: ReadOptions) => {
        const name = named(ref)
        await this.bringNames([name], { refresh: options?.refresh ?? false })
        const found = await this.locate(name, ref, session)
        if (!found) return null
        const entry = `${indexRef(name.namespace, bucketOf(name.hash))}:${entryPath(name)}`
        // The head as located is the walk's first read; an archived head is read here by id,
        // and fetched first when it is not here yet.
        const head =
          found.where === 'live' && found.object
            ? found.object
            : await session.objects().read(found.head)
        if (found.where === 'archived' && !head)
          await this.refs.bringObjects(
            [found.head],
            `the archived head ${found.head} of ${ref}, which ${entry} names`
          )
        const decode = (chain?.decode ?? decodeLedger) as ChainDecoder<R>['decode']
        const start = found.where === 'live' ? ref : found.head
        const entries = await walkChain(session.objects(), ref, start, decode, head)
        if (!entries)
          throw new StoreError(
            `The archived head ${found.head} of ${ref}, which ${entry} names, is not in this ` +
              'repository: the index names a commit that was never written here or was removed. ' +
              'dispatch-ledger will not guess past it; nothing was written. Repair or remove ' +
              `that entry (\`git cat-file -p ${entry}\` shows it).`
          )
        return entries as StoredEntry<R>[]
      }
    } as StoreReader
  }

  /** Where a chain is: its own ref, or its bucket's index entry; null when neither. */
  private async locate(name: LogicalName, ref: string, session: ReadSession): Promise<Located> {
    const live = await session.readRef(ref)
    if (live) return { where: 'live', head: live.oid, object: live }
    const view = await session.bucket(indexRef(name.namespace, bucketOf(name.hash)))
    return archivedAt(view, entryPath(name), ref, (await view.blob(entryPath(name)))?.bytes)
  }

  /**
   * Retention as a reader sees it: a key whose newest generation ended more than retention-days
   * ago is gone, whether or not a write has dropped it from its bucket yet.
   */
  private async expired(view: BucketView, hash: string): Promise<boolean> {
    if (this.retentionDays === 0) return false
    const marker = await view.blob(endedPath(hash))
    if (!marker) return false
    const entry = decodeIndexEntry(
      `${view.ref}:${endedPath(hash)}`,
      marker.bytes.toString('utf8'),
      null
    )
    return isExpired(entry.written_at, this.clock, this.retentionDays)
  }

  private async listAll(
    namespace: string,
    family: 'admissions' | 'runs' | 'operations',
    refresh: boolean,
    session: ReadSession
  ): Promise<Array<{ ref: string; oid: string }>> {
    await this.bringPrefixes(
      namespace,
      [`${namespace}/index/`, ...FAMILIES.map(f => `${namespace}/${f}/`)],
      refresh
    )
    // One listing of the live chains and the buckets (read from the ref files: no process).
    const refs = await this.git.listRefs([
      `${namespace}/index/`,
      ...(family === 'admissions' ? [] : [`${namespace}/${family}/`])
    ])
    const buckets = refs.filter(r => r.ref.startsWith(`${namespace}/index/`))
    const listed = refs.filter(r => !r.ref.startsWith(`${namespace}/index/`))
    // Every bucket (and every key's tree) is asked for at once: the requests reach the
    // session's reader together, in the buckets' order as listed.
    const each = await Promise.all(
      buckets.map(async bucket => {
        const view = await session.bucket(bucket.ref)
        // Only what sits where its hash puts it is listed: readers look nowhere else, so a copy
        // in a second bucket (verify names it) would list one run twice, and an entry moved out of
        // its bucket reads as absent (a missing ledger, an orphan) rather than as listed but gone.
        const name = bucket.ref.slice(`${namespace}/index/`.length)
        const own = (item: TreeItem) => bucketOfEntry(item.name) === name
        if (family !== 'admissions')
          return (await view.list(family)).filter(own).map(item => ({
            ref: `${namespace}/${family}/${item.name}`,
            oid: item.oid
          }))
        const keys = (await view.list('keys')).filter(own)
        const generations = await Promise.all(keys.map(key => view.readTree(key.oid)))
        return keys.flatMap((key, i) =>
          (generations[i] ?? []).map(gen => ({
            ref: `${namespace}/admissions/${key.name}${gen.name === '1' ? '' : `.g${gen.name}`}`,
            oid: gen.oid
          }))
        )
      })
    )
    // A live ref and an index entry of one chain (a revival's entry put back by hand): once.
    const unique = new Map<string, { ref: string; oid: string }>()
    for (const entry of [...listed, ...each.flat()])
      if (!unique.has(entry.ref)) unique.set(entry.ref, entry)
    return [...unique.values()]
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
    const ended = options.ended ?? false
    const key = ended && options.key ? named(admissionRef(name.namespace, options.key)) : null
    return { kind: 'advance', name, ref, next, expected, ended, key, creates }
  }

  private async write<T extends string>(intent: Intent): Promise<T> {
    let unanswered = false
    for (let attempt = 1; attempt <= BUCKET_TRIES; attempt++) {
      const plan = await this.plannedWith<T>(intent, { refresh: attempt > 1, unanswered })
      if ('answer' in plan) return plan.answer
      await this.git.writeObjects(plan.objects)
      const outcome = await this.refs.apply(plan.changes)
      if (outcome === 'applied') return appliedAnswer(intent) as T
      if (outcome === 'unanswered') unanswered = true
      if (attempt > 2) await pause(attempt)
    }
    if (this.refs.locked !== null)
      throw new StoreError(
        `${this.name} could not lock ${this.refs.locked} in ${BUCKET_TRIES} tries, so nothing ` +
          'was written or claimed. This is a ref lock held on the server (a push still running ' +
          `there, or a ${this.refs.locked}.lock file a killed process left behind), not a ` +
          'conflict with other writers: re-run the step; if it repeats, remove the stale lock ' +
          'file on the server.'
      )
    throw new StoreError(
      `Other writers kept changing the index bucket of ${describe(intent)} at ${this.name} ` +
        `(${BUCKET_TRIES} tries), so nothing was written or claimed. This is contention, not a ` +
        'conflict: re-run the step.'
    )
  }

  /**
   * Brings what the write reads and plans it; a plan that meets buckets not brought yet (the
   * runs of a key retention drops) brings them too and plans again.
   */
  private async plannedWith<T>(
    intent: Intent,
    options: { refresh: boolean; unanswered: boolean }
  ): Promise<Exclude<Plan<T>, { need: unknown }>> {
    const extra: LogicalName[] = []
    // Each round brings at least one more bucket, so a few rounds are all a plan can need.
    for (let round = 1; round <= NEED_ROUNDS; round++) {
      await this.bringFor(intent, extra, { refresh: options.refresh })
      const plan = await this.planned<T>(intent, options.unanswered)
      if (!('need' in plan)) return plan
      extra.push(...plan.need)
    }
    throw new StoreError(
      `Planning the write of ${describe(intent)} at ${this.name} kept needing index buckets ` +
        `that were not fetched (${NEED_ROUNDS} rounds), so nothing was written. Re-run the step.`
    )
  }

  private async planned<T>(intent: Intent, unanswered: boolean): Promise<Plan<T>> {
    const objects = this.git.openReader()
    try {
      const plan = new WritePlan(this, objects)
      const answer = await this.planIntent(intent, plan, unanswered)
      if (answer !== null) return { answer: answer as T }
      return await plan.finish()
    } catch (error) {
      if (error instanceof NeedBuckets) return { need: error.names }
      throw error
    } finally {
      objects.close()
    }
  }

  private planIntent(intent: Intent, plan: WritePlan, unanswered: boolean): Promise<string | null> {
    if (intent.kind === 'create') return this.planCreate(intent, plan, unanswered)
    if (intent.kind === 'advance') return this.planAdvance(intent, plan, unanswered)
    return plan.sweepChains(intent.names)
  }

  private async planCreate(
    intent: Extract<Intent, { kind: 'create' }>,
    plan: WritePlan,
    unanswered: boolean
  ): Promise<string | null> {
    let present = 0
    let ours = 0
    // Retention first: a key past it is dropped by this very write, so it admits anew.
    for (const a of intent.admissions) await plan.retain(a.name)
    for (const a of intent.admissions) {
      // A key past retention that could not be dropped is not free: it fails closed, named.
      const kept = await plan.keptPastRetention(a.name)
      if (kept !== null)
        throw new CorruptEntry(
          kept.where,
          `the key's end marker says it ended more than ${this.retentionDays} days ago, but ` +
            `${kept.why}; the key is kept and no new run is admitted for it`
        )
      // The key's entry read whole: a gap or a broken generation fails closed right here.
      const held = (await plan.generationsOf(a.name)).length
      if (held >= a.name.generation) present++
      if (
        held >= a.name.generation &&
        (await plan.blobAt(a.name, entryPath(a.name)))?.equals(a.bytes)
      )
        ours++
      // Generation N follows N-1; a read that still saw a key retention has dropped is stale.
      if (held < a.name.generation - 1) present++
    }
    for (const c of intent.chains) {
      const found = await plan.locate(c.name, c.ref)
      if (found) present++
      if (found?.head === c.oid) ours++
    }
    const moved: Located[] = []
    for (const advance of intent.advances) {
      const found = await plan.locate(advance.name, advance.ref)
      moved.push(found)
      if (found?.head === advance.next) ours++
    }
    const all = intent.admissions.length + intent.chains.length + intent.advances.length
    if (unanswered && ours === all) return 'created'
    if (present > 0) return 'exists'
    if (intent.advances.some((advance, i) => moved[i]?.head !== advance.expected)) return 'lost'
    for (const a of intent.admissions) {
      await plan.put(a.name, a.bytes)
      // The key's newest generation is this one, which has not ended.
      await plan.putPath(a.name, endedPath(a.name.hash), null)
    }
    for (const c of intent.chains) {
      await plan.place(c.name, c.ref, { head: c.oid, was: null, ended: c.ended })
      if (c.key) await plan.markEnded(c.key, c.ref, c.oid)
    }
    for (const [i, advance] of intent.advances.entries()) {
      const was = moved[i] ?? null
      await plan.place(advance.name, advance.ref, { head: advance.next, was, ended: advance.ended })
      if (advance.keyName) await plan.markEnded(advance.keyName, advance.ref, advance.next)
    }
    return null
  }

  private async planAdvance(
    intent: Extract<Intent, { kind: 'advance' }>,
    plan: WritePlan,
    unanswered: boolean
  ): Promise<string | null> {
    const found = await plan.locate(intent.name, intent.ref)
    if (unanswered && found?.head === intent.next) return 'advanced'
    if (!found || found.head !== intent.expected) return 'lost'
    await plan.place(intent.name, intent.ref, {
      head: intent.next,
      was: found,
      ended: intent.ended
    })
    if (intent.key) await plan.markEnded(intent.key, intent.ref, intent.next)
    for (const create of intent.creates) plan.change({ ...create, expected: null })
    return null
  }

  /** Brings what a write reads: the buckets and chains it names (refreshed after a loss). */
  private bringFor(
    intent: Intent,
    extra: readonly LogicalName[],
    options: { refresh: boolean }
  ): Promise<void> {
    const names =
      intent.kind === 'create'
        ? [
            ...[...intent.admissions, ...intent.chains, ...intent.advances].map(x => x.name),
            ...intent.chains.flatMap(c => (c.key ? [c.key] : [])),
            ...intent.advances.flatMap(a => (a.keyName ? [a.keyName] : []))
          ]
        : intent.kind === 'advance'
          ? [intent.name, ...(intent.key ? [intent.key] : [])]
          : intent.names
    return this.bringNames([...names, ...extra], { ...options, check: false })
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
    // Before the first fetch: a fetch into a local symbolic ref would write through it.
    if (!this.plain.has(namespace)) await this.refuseSymbolicRefs(namespace)
    await this.refs.bring(first ? [...prefixes, v1] : prefixes, { shallow: false, refresh })
    // A write checks in its own listing of live chains (liveChains), saving a process.
    if (first && options.check !== false)
      this.refuseLayoutV1(namespace, await this.git.listRefs([v1]))
  }

  /**
   * The live chains of the buckets a write changes, with the check of the namespace's layout in
   * the same listing when it has not been made (the ref files; times through the plan's reader).
   */
  async liveChains(
    namespace: string,
    buckets: readonly string[],
    objects: Pick<ObjectReader, 'read'>
  ): Promise<RefTime[]> {
    const v1 = `${namespace}/admissions/`
    const first = !this.checked.has(namespace)
    const prefixes = [
      ...(first ? [v1] : []),
      ...buckets.flatMap(b => FAMILIES.map(f => liveChainPrefix(namespace, f, b)))
    ]
    // The listing is read from the ref files and each chain's time from its head through the
    // plan's reader: no process of its own (docs/design/storage.md).
    const listed = await timed(await this.git.listRefs(prefixes), objects)
    if (first)
      this.refuseLayoutV1(
        namespace,
        listed.filter(r => r.ref.startsWith(v1))
      )
    return listed.filter(r => !r.ref.startsWith(v1))
  }

  /**
   * Only plain refs (docs/design/writers.md#only-plain-refs): a symbolic ref under the namespace
   * fails closed by name, before anything is read through it or written to what it names.
   */
  private async refuseSymbolicRefs(namespace: string): Promise<void> {
    const [symbolic] = await this.git.symbolicRefs(`${namespace}/`)
    if (symbolic !== undefined)
      throw new StoreError(
        `The ref ${symbolic} in this repository is a symbolic ref. dispatch-ledger keeps only ` +
          'plain refs under its namespace and never reads or writes through a symbolic one (it ' +
          'could lead to a branch); nothing was read or written. Remove it with ' +
          `\`git symbolic-ref --delete ${symbolic}\` (the next step fetches the real ref again).`
      )
    this.plain.add(namespace)
  }

  private refuseLayoutV1(namespace: string, v1Refs: readonly { ref: string }[]): void {
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

  /**
   * The archive tips of buckets, brought shallow in one fetch (their history is never needed to
   * extend them) and read by one reader: the plan's
   * own when nothing was fetched (a local store), else a fresh one (a reader started before a
   * fetch may not see what it brought). Each tip is checked to be an archive commit of its very
   * ref, since the write moves it next.
   */
  async archiveTips(
    namespace: string,
    buckets: readonly string[],
    objects: Pick<ObjectReader, 'read'>
  ): Promise<Map<string, string | null>> {
    const epoch = this.refs.epoch
    await this.refs.bring(
      buckets.map(b => archiveRef(namespace, b)),
      { shallow: true, refresh: true }
    )
    const own = this.refs.epoch === epoch ? null : this.git.openReader()
    const reader = own ?? objects
    try {
      // Asked together, so the reader writes the requests to git at once.
      const read = await Promise.all(
        buckets.map(async bucket => {
          const ref = archiveRef(namespace, bucket)
          const object = await reader.read(ref)
          if (object) checkArchiveTip(ref, object)
          return [bucket, object?.oid ?? null] as const
        })
      )
      return new Map(read)
    } finally {
      own?.close()
    }
  }

  get clock(): number {
    return this.now()
  }
}

/** Each ref with its head's committer time, read through one reader. */
async function timed(
  refs: ReadonlyArray<{ ref: string; oid: string }>,
  objects: Pick<ObjectReader, 'read'>
): Promise<RefTime[]> {
  // Asked together, so the reader writes the requests to git at once.
  return Promise.all(
    refs.map(async r => ({ ...r, time: committerTime(await objects.read(r.oid)) }))
  )
}

/** What an applied write answers. */
function appliedAnswer(intent: Intent): string {
  return intent.kind === 'create' ? 'created' : intent.kind === 'advance' ? 'advanced' : 'archived'
}

function describe(intent: Intent): string {
  if (intent.kind === 'create')
    return [...intent.admissions, ...intent.chains, ...intent.advances]
      .map(x => x.ref)
      .join(' and ')
  return intent.kind === 'advance' ? intent.ref : `the idle chains of ${intent.names[0]?.namespace}`
}

function pause(attempt: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, Math.random() * 20 * Math.min(attempt, 10)))
}
