/**
 * One write of layout v2 as planned (docs/design/storage.md): what it read of each bucket, the
 * edits it makes to their trees, the chain refs it creates, moves or deletes, the heads it
 * archives (kept reachable by the archive refs), and what retention drops. `finish` turns it
 * into the one atomic change of refs the store applies.
 */
import { EMPTY_TREE, IDENTITY } from '../../core/entry.js'
import { StoreError } from '../../core/errors.js'
import { decodeIndexEntry, encodeIndexEntry } from '../../core/index/entry.js'
import {
  archiveRef,
  bucketOf,
  endedPath,
  entryPath,
  FAMILIES,
  indexRef,
  isExpired,
  isIdle,
  parseLogical,
  type LogicalName
} from '../../core/index/layout.js'
import { objectId, type TreeItem } from '../../core/index/tree.js'
import type { Admission } from '../../core/admission.js'
import type { GitObject, LooseObject, ObjectReader, RefChange, RefTime } from '../git.js'
import { decodeStoredAdmission } from '../chainReader.js'
import { BucketView } from './bucket.js'
import { decodeRecord } from '../../core/entry.js'
import { CorruptEntry } from '../../core/errors.js'
import { keyHash } from '../../core/refs.js'
import { isTerminal } from '../../core/states.js'
import { BLOB_MODE } from '../../core/index/tree.js'
import type { Git } from '../git.js'
import type { RefBackend } from './physical.js'

/**
 * What a write plan needs of its store: the settings, the clock, the refs brought so far, and
 * the few reads it makes beyond the buckets (an in-memory store in the plan's table tests).
 */
export interface PlanStore {
  readonly archiveAfterSeconds: number
  readonly retentionDays: number
  readonly clock: number
  readonly refs: Pick<RefBackend, 'has' | 'bringObjects'>
  readonly git: Pick<Git, 'openReader'>
  /** The chains' times are read through the plan's own reader, `objects`. */
  liveChains(
    namespace: string,
    buckets: readonly string[],
    objects: Pick<ObjectReader, 'read'>
  ): Promise<RefTime[]>
  /** The archive tips of buckets (null: none yet), read together. */
  archiveTips(
    namespace: string,
    buckets: readonly string[],
    objects: Pick<ObjectReader, 'read'>
  ): Promise<ReadonlyMap<string, string | null>>
}

/** A write that needs buckets this process has not brought yet (a remote): bring, plan again. */
export class NeedBuckets {
  constructor(readonly names: readonly LogicalName[]) {}
}

export type Located =
  /** `object`: the head as the locating read found it, when that read held it. */
  | { readonly where: 'live'; readonly head: string; readonly object?: GitObject }
  | { readonly where: 'archived'; readonly head: string }
  | null

/**
 * The refs one write changes, built from what it read: each touched bucket's edits, the heads
 * it archives (and so must keep reachable), the chain refs it creates, moves or deletes, and
 * what retention drops from the buckets it writes.
 */
export class WritePlan {
  private readonly views = new Map<string, { name: LogicalName; view: BucketView }>()
  private readonly edits = new Map<string, Map<string, Buffer | null>>()
  private readonly archived = new Map<string, string[]>()
  /** Buckets whose archive ref is rebuilt from the heads they still hold (retention dropped some). */
  private readonly compacted = new Set<string>()
  private readonly retained = new Set<string>()
  private readonly swept = new Set<string>()
  private readonly changes: RefChange[] = []
  private readonly touched = new Set<string>()
  /** Keys past retention that could not be dropped, and why (their own admission then fails). */
  private readonly kept = new Map<string, string>()

  constructor(
    private readonly store: PlanStore,
    readonly objects: Pick<ObjectReader, 'read'>
  ) {}

  async bucket(name: LogicalName): Promise<BucketView> {
    const ref = indexRef(name.namespace, bucketOf(name.hash))
    const seen = this.views.get(ref)
    if (seen) return seen.view
    if (!this.store.refs.has(ref)) throw new NeedBuckets([name])
    const view = await BucketView.open(ref, this.objects)
    this.views.set(ref, { name, view })
    return view
  }

  change(change: RefChange): void {
    this.changes.push(change)
  }

  async put(name: LogicalName, body: Buffer | null): Promise<void> {
    await this.putPath(name, entryPath(name), body)
  }

  /** Sets (or removes, `null`) a path of the bucket `name` lives in. */
  async putPath(name: LogicalName, path: string, body: Buffer | null): Promise<void> {
    const view = await this.bucket(name)
    const edits = this.edits.get(view.ref) ?? new Map<string, Buffer | null>()
    edits.set(path, body)
    this.edits.set(view.ref, edits)
  }

  /** The bytes at a path of name's bucket as this write leaves it (its own edits first). */
  async blobAt(name: LogicalName, path: string): Promise<Buffer | null> {
    const view = await this.bucket(name)
    const edits = this.edits.get(view.ref)
    for (const [edited, body] of edits ?? []) {
      if (edited === path) return body
      if (body === null && path.startsWith(`${edited}/`)) return null
    }
    return (await view.blob(path))?.bytes ?? null
  }

  /** Where a chain is as this write leaves it: its own ref, or its index entry. */
  async locate(name: LogicalName, ref: string): Promise<Located> {
    const live = await this.objects.read(ref)
    if (live) return { where: 'live', head: live.oid }
    const view = await this.bucket(name)
    return archivedAt(view, entryPath(name), ref, await this.blobAt(name, entryPath(name)))
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

  /**
   * Records in the key's bucket that its newest generation ended with this head (only when the
   * chain is that generation's ledger): retention reads the time there, next to the key.
   */
  async markEnded(key: LogicalName, ledger: string, head: string): Promise<void> {
    const newest = await this.newestAdmission(key)
    if (newest?.ledger_ref !== ledger) return
    const entry = { ref: ledger, head, ended: true, written_at: this.store.clock }
    await this.putPath(key, endedPath(key.hash), Buffer.from(encodeIndexEntry(entry), 'utf8'))
  }

  private async newestAdmission(key: LogicalName): Promise<Admission | null> {
    const generations = await this.generationsOf(key)
    return generations[generations.length - 1] ?? null
  }

  /**
   * A key's entry read whole, as this write leaves it (docs/design/writers.md#every-entry-whole):
   * every generation 1..N present, each an admission commit of this key and generation. A gap,
   * a stray name, a file where the key's directory belongs or an entry that does not parse
   * fails closed naming where it is; nothing then writes over it.
   */
  async generationsOf(key: LogicalName): Promise<Admission[]> {
    const view = await this.bucket(key)
    const dir = `keys/${key.hash}`
    if (this.edits.get(view.ref)?.get(dir) === null) return []
    const items = await view.list(dir)
    const admissions: Admission[] = []
    for (let generation = 1; generation <= items.length; generation++) {
      const item = items.find(i => i.name === String(generation))
      if (!item || item.mode !== BLOB_MODE) throw generationGap(view.at(dir), items, generation)
      const path = `${dir}/${generation}`
      const bytes = (await this.blobAt(key, path)) as Buffer
      const admission = decodeStoredAdmission(view.at(path), bytes.toString('utf8'))
      if (keyHash(admission.dispatch_key) !== key.hash || admission.generation !== generation)
        throw new CorruptEntry(
          view.at(path),
          `it admits generation ${admission.generation} of another key than its place names`
        )
      admissions.push(admission)
    }
    return admissions
  }

  /**
   * Retention (docs/design/storage.md#retention), once per bucket this write changes: each key
   * whose newest generation ended more than retention-days ago is dropped with its runs' index
   * entries, and the buckets those runs sat in rebuild their archive refs without them.
   */
  async retain(name: LogicalName): Promise<void> {
    const view = await this.bucket(name)
    if (this.store.retentionDays === 0 || this.retained.has(view.ref)) return
    this.retained.add(view.ref)
    for (const item of await view.list('ended')) {
      const path = endedPath(item.name)
      const bytes = await this.blobAt(name, path)
      if (!bytes) continue
      const marker = decodeIndexEntry(view.at(path), bytes.toString('utf8'), null)
      if (!isExpired(marker.written_at, this.store.clock, this.store.retentionDays)) continue
      const key: LogicalName = {
        kind: 'admission',
        namespace: name.namespace,
        hash: item.name,
        generation: 1
      }
      const kept = await this.dropKey(key).catch((error: unknown) => {
        if (error instanceof CorruptEntry) return error.message
        throw error
      })
      if (kept !== null) this.kept.set(`${view.ref}:${item.name}`, kept)
    }
  }

  /**
   * Why a key past retention was kept by this write (its own admission then fails closed, naming
   * the end marker); null when it was dropped or is not past retention.
   */
  async keptPastRetention(key: LogicalName): Promise<{ where: string; why: string } | null> {
    const view = await this.bucket(key)
    const why = this.kept.get(`${view.ref}:${key.hash}`)
    return why === undefined ? null : { where: view.at(endedPath(key.hash)), why }
  }

  /**
   * Drops a key and its runs' entries, only after reading each run's head and finding its last
   * record terminal and of that run: an index flag alone (`ended`, an end marker's time) is
   * never enough. Null when dropped; otherwise why everything was kept.
   */
  private async dropKey(key: LogicalName): Promise<string | null> {
    const runs: LogicalName[] = []
    for (const admission of await this.generationsOf(key)) {
      const run = named(admission.ledger_ref)
      const found = await this.locate(run, admission.ledger_ref)
      const why = await this.notEnded(admission, found)
      if (why !== null) return why
      runs.push(run)
    }
    await this.putPath(key, `keys/${key.hash}`, null)
    await this.putPath(key, endedPath(key.hash), null)
    for (const run of runs) {
      await this.put(run, null)
      this.compacted.add(`${run.namespace}\n${bucketOf(run.hash)}`)
    }
    return null
  }

  /** Why a generation's run has not verifiably ended (null: its archived head is terminal). */
  private async notEnded(admission: Admission, found: Located): Promise<string | null> {
    const run = `run ${JSON.stringify(admission.run_id)} (${admission.ledger_ref})`
    if (!found) return `${run} has no ledger`
    if (found.where === 'live') return `${run} is still being written`
    const head = await this.readHead(found.head, `the archived head ${found.head} of ${run}`)
    if (head?.type !== 'commit') return `${run}: its archived head ${found.head} is not a commit`
    const last = decodeRecord(admission.ledger_ref, head.content, found.head).value
    if (last.run_id !== admission.run_id)
      return `${run}: its archived head ${found.head} is a record of run ${JSON.stringify(last.run_id)}`
    if (!isTerminal(last.state))
      return `${run} has not ended: its last record (sequence ${last.ledger_sequence}) is ${last.state}`
    return null
  }

  /** An archived head, brought first when this repository does not hold it (a remote's). */
  private async readHead(oid: string, what: string) {
    const held = await this.objects.read(oid)
    if (held) return held
    await this.store.refs.bringObjects([oid], what)
    // A reader started before the fetch may not see what it brought: a fresh one.
    const fresh = this.store.git.openReader()
    try {
      return await fresh.read(oid)
    } finally {
      fresh.close()
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

  /**
   * Archives the chains idle past archive-after in the buckets of `names` not swept yet, from
   * one listing of their live chains (read from the ref files, their times through the plan's
   * reader); how many.
   */
  private async sweep(names: readonly LogicalName[]): Promise<number> {
    const buckets = new Map<string, LogicalName>()
    for (const name of names) {
      const view = await this.bucket(name)
      if (!this.swept.has(view.ref)) buckets.set(view.ref, name)
      this.swept.add(view.ref)
    }
    const namespaces = new Set([...buckets.values()].map(n => n.namespace))
    let archived = 0
    for (const namespace of namespaces) {
      const hashes = [...buckets.values()].filter(n => n.namespace === namespace)
      const live = await this.store.liveChains(
        namespace,
        hashes.map(n => bucketOf(n.hash)),
        this.objects
      )
      for (const chain of live) if (await this.archiveIfIdle(chain)) archived++
    }
    return archived
  }

  private async archiveIfIdle(chain: RefTime): Promise<boolean> {
    const logical = parseLogical(chain.ref)
    if (!logical || logical.kind !== 'chain' || this.touched.has(chain.ref)) return false
    if (!isIdle(chain.time, this.store.clock, this.store.archiveAfterSeconds)) return false
    this.touched.add(chain.ref)
    this.change({ ref: chain.ref, oid: null, expected: chain.oid })
    await this.archive(logical, chain.ref, chain.oid, { ended: false, written_at: chain.time })
    return true
  }

  /** scan's sweep: the buckets of the named chains; `none` when nothing there is idle now. */
  async sweepChains(names: readonly LogicalName[]): Promise<string | null> {
    return (await this.sweep(names)) === 0 ? 'none' : null
  }

  async finish(): Promise<{ changes: RefChange[]; objects: LooseObject[] }> {
    // Retention may edit more buckets (a dropped key's runs), which are then retained in turn.
    for (let pending = this.unretained(); pending.length > 0; pending = this.unretained())
      for (const name of pending) await this.retain(name)
    await this.sweep(
      [...this.views.values()].filter(({ view }) => this.edits.has(view.ref)).map(v => v.name)
    )
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
    const archives = [...new Set([...this.archived.keys(), ...this.compacted])]
    const tips = await this.archiveTips(archives)
    for (const key of archives) objects.push(...(await this.archiveChange(key, time, tips)))
    return { changes: this.changes, objects }
  }

  /**
   * The archive tips of every bucket this write archives into, read together (one fetch and one
   * reader however many buckets: scan's sweep meets many), keyed `<namespace>\n<bucket>`.
   */
  private async archiveTips(keys: readonly string[]): Promise<Map<string, string | null>> {
    const tips = new Map<string, string | null>()
    const byNamespace = new Map<string, string[]>()
    for (const key of keys) {
      const [namespace, bucket] = key.split('\n') as [string, string]
      byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), bucket])
    }
    for (const [namespace, buckets] of byNamespace) {
      const read = await this.store.archiveTips(namespace, buckets, this.objects)
      for (const bucket of buckets) tips.set(`${namespace}\n${bucket}`, read.get(bucket) ?? null)
    }
    return tips
  }

  private unretained(): LogicalName[] {
    if (this.store.retentionDays === 0) return []
    return [...this.views.values()]
      .filter(({ view }) => this.edits.has(view.ref) && !this.retained.has(view.ref))
      .map(({ name }) => name)
  }

  /**
   * The bucket's new archive commit: on its tip plus the heads archived now, or — when
   * retention dropped entries — a chain rebuilt from exactly the heads the bucket still holds,
   * so the dropped chains are no longer reachable.
   */
  private async archiveChange(
    key: string,
    time: number,
    tips: ReadonlyMap<string, string | null>
  ): Promise<LooseObject[]> {
    const [namespace, bucket] = key.split('\n') as [string, string]
    const ref = archiveRef(namespace, bucket)
    const tip = tips.get(key) ?? null
    const commits = this.compacted.has(key)
      ? archiveChain(null, await this.heldHeads(namespace, bucket), { ref, time })
      : archiveChain(tip, [...new Set(this.archived.get(key) ?? [])], { ref, time })
    const last = commits[commits.length - 1]
    if (last) this.change({ ref, oid: last.oid, expected: tip })
    // Retention dropped every head the bucket held: nothing left to keep reachable.
    else if (tip && this.compacted.has(key)) this.change({ ref, oid: null, expected: tip })
    return commits
  }

  /** Every archived head a bucket holds after this write's edits, brought here to be pushed. */
  private async heldHeads(namespace: string, bucket: string): Promise<string[]> {
    const name: LogicalName = { kind: 'chain', namespace, family: 'runs', hash: bucket }
    const view = await this.bucket(name)
    const heads = new Set<string>()
    for (const family of FAMILIES) {
      const paths = new Set((await view.list(family)).map(i => `${family}/${i.name}`))
      for (const edited of this.edits.get(view.ref)?.keys() ?? [])
        if (edited.startsWith(`${family}/`)) paths.add(edited)
      for (const path of paths) {
        const bytes = await this.blobAt(name, path)
        const ref = `${namespace}/${path}`
        if (bytes)
          heads.add(decodeIndexEntry(`${view.ref}:${path}`, bytes.toString('utf8'), ref).head)
      }
    }
    const missing = []
    for (const head of heads) if (!(await this.objects.read(head))) missing.push(head)
    await this.store.refs.bringObjects(missing)
    return [...heads].sort()
  }
}

/**
 * At most this many heads per archive commit. Every push to the repository parses each ref's
 * tip commit and so every parent line of it: a rebuilt archive of hundreds of heads is a short
 * chain of narrow commits, not one wide one.
 */
const HEADS_PER_ARCHIVE_COMMIT = 16

/** Archive commits on the empty tree keeping `heads` reachable, on `tip` (the last is the new tip). */
function archiveChain(
  tip: string | null,
  heads: readonly string[],
  at: { ref: string; time: number }
): LooseObject[] {
  const commits: LooseObject[] = []
  let previous = tip
  for (let i = 0; i < heads.length; i += HEADS_PER_ARCHIVE_COMMIT) {
    const commit = commitObject({
      tree: EMPTY_TREE,
      parents: [...(previous ? [previous] : []), ...heads.slice(i, i + HEADS_PER_ARCHIVE_COMMIT)],
      time: at.time,
      subject: `dispatch-ledger archive ${at.ref}`
    })
    commits.push(commit)
    previous = commit.oid
  }
  return commits
}

export function archivedAt(
  view: BucketView,
  path: string,
  ref: string,
  bytes: Buffer | null | undefined
): Located {
  if (!bytes) return null
  const entry = decodeIndexEntry(`${view.ref}:${path}`, bytes.toString('utf8'), ref)
  return { where: 'archived', head: entry.head }
}

export function commitObject(spec: {
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

export function named(ref: string): LogicalName {
  const name = parseLogical(ref)
  if (!name) throw new StoreError(`${ref} is not an admission, run or operation name`)
  return name
}

/** A key's generations that are not exactly 1..N: which one is missing or misplaced. */
function generationGap(
  where: string,
  items: readonly TreeItem[],
  generation: number
): CorruptEntry {
  const names = items.map(i => i.name).sort()
  const stray = names.find(name => !/^[1-9][0-9]*$/.test(name))
  if (stray !== undefined)
    return new CorruptEntry(
      where,
      `it holds ${JSON.stringify(stray)}, which is not a generation (a key holds generations ` +
        '1 to N, each a file)'
    )
  return new CorruptEntry(
    where,
    `its generations are ${names.join(', ')}, but generation ${generation} is missing or not an ` +
      'admission (a key holds generations 1 to N, each a file)'
  )
}
