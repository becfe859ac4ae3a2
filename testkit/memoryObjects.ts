/**
 * An in-memory object store for the pure tests of the index buckets and the write plan (no
 * git): objects keyed by id, refs mapping to ids, and `read` answering a name exactly as
 * `git cat-file --batch` would (a ref or an id; `content` is the bytes as UTF-8; null when
 * missing). Builders lay down index commits, trees from flat paths, admissions and ledger
 * chains as the product writes them, and `MemoryPlanStore` is a write plan's store over it.
 */
import {
  admissionCommit,
  encodeCommit,
  IDENTITY,
  parseCommit,
  recordCommit
} from '../src/core/entry.js'
import { ADMISSION_SCHEMA, type StoredAdmission } from '../src/core/admission.js'
import { encodeIndexEntry } from '../src/core/index/entry.js'
import { archiveRef, FAMILIES, liveChainPrefix } from '../src/core/index/layout.js'
import {
  BLOB_MODE,
  encodeTree,
  objectId,
  parseTree,
  TREE_MODE,
  type TreeItem
} from '../src/core/index/tree.js'
import type { LedgerRecord } from '../src/core/record.js'
import {
  committerTime,
  type GitObject,
  type LooseObject,
  type ObjectReader,
  type RefChange,
  type RefTime
} from '../src/store/git.js'
import { indexSubject } from '../src/store/index/bucket.js'
import type { PlanStore } from '../src/store/index/writePlan.js'
import { REQUEST_DIGEST } from './fixtures.js'

/** A path's content in a tree built from flat paths: a blob's bytes, or any item by hand. */
export type TreeFile = string | Buffer | { readonly mode: string; readonly oid: string }

export class MemoryObjects {
  readonly objects = new Map<string, { type: string; bytes: Buffer }>()
  readonly refs = new Map<string, string>()
  /** Every name read, in order (a test counts reads). */
  readonly reads: string[] = []

  constructor() {
    // git knows the empty tree without storing it.
    this.put('tree', Buffer.alloc(0))
  }

  async read(name: string): Promise<GitObject | null> {
    this.reads.push(name)
    const oid = this.refs.get(name) ?? name
    const object = this.objects.get(oid)
    if (!object) return null
    return { oid, type: object.type, content: object.bytes.toString('utf8'), bytes: object.bytes }
  }

  /** Stores an object of any type (a tag too) and returns its id. */
  put(type: string, bytes: Buffer | string): string {
    const body = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes
    const oid = objectId(type as 'blob', body)
    this.objects.set(oid, { type, bytes: body })
    return oid
  }

  blob(bytes: Buffer | string): string {
    return this.put('blob', bytes)
  }

  /** The tree of flat paths (`keys/<h>/1`, `ended/<h>`), its subtrees stored too. */
  tree(files: Readonly<Record<string, TreeFile>>): string {
    const here = new Map<string, TreeItem>()
    const below = new Map<string, Record<string, TreeFile>>()
    for (const [path, file] of Object.entries(files)) {
      const slash = path.indexOf('/')
      if (slash >= 0) {
        const dir = path.slice(0, slash)
        below.set(dir, { ...below.get(dir), [path.slice(slash + 1)]: file })
      } else if (typeof file === 'string' || Buffer.isBuffer(file))
        here.set(path, { mode: BLOB_MODE, name: path, oid: this.blob(file) })
      else here.set(path, { mode: file.mode, name: path, oid: file.oid })
    }
    for (const [dir, sub] of below)
      here.set(dir, { mode: TREE_MODE, name: dir, oid: this.tree(sub) })
    return this.put('tree', encodeTree([...here.values()]))
  }

  /** A commit as the product writes one (fixed identity), returning its id. */
  commit(spec: {
    tree: string
    parents?: readonly string[]
    time?: number
    message: string
  }): string {
    const stamp = `${spec.time ?? 0} +0000`
    return this.put(
      'commit',
      `tree ${spec.tree}\n${(spec.parents ?? []).map(p => `parent ${p}\n`).join('')}` +
        `author ${IDENTITY} ${stamp}\ncommitter ${IDENTITY} ${stamp}\n\n${spec.message}\n`
    )
  }

  /** An index commit of ref over the tree of files (no parent), set as ref's tip. */
  index(ref: string, files: Readonly<Record<string, TreeFile>>, time = 0): string {
    const oid = this.commit({ tree: this.tree(files), time, message: indexSubject(ref) })
    this.refs.set(ref, oid)
    return oid
  }

  /** Stores a ledger chain's record commits; the head's id (and, with `ref`, the live ref). */
  chain(records: readonly LedgerRecord[], ref?: string): string {
    let head: string | null = null
    for (const record of records)
      head = this.put('commit', encodeCommit(recordCommit(record, head)))
    if (ref) this.refs.set(ref, head as string)
    return head as string
  }

  /** Stores what a write plan's `finish` built and applies its ref changes (no checks). */
  apply(result: { changes: readonly RefChange[]; objects: readonly LooseObject[] }): void {
    for (const object of result.objects) this.put(object.type, object.body)
    for (const change of result.changes)
      if (change.oid === null) this.refs.delete(change.ref)
      else this.refs.set(change.ref, change.oid)
  }

  /** Every blob under a tree (a ref's commit or a tree id), by path, as text. */
  async files(name: string): Promise<Record<string, string>> {
    const object = await this.read(name)
    if (!object) return {}
    const tree = object.type === 'commit' ? parseCommit(object.content).tree : object.oid
    const out: Record<string, string> = {}
    const walk = (oid: string, prefix: string): void => {
      for (const item of parseTree(this.objects.get(oid)?.bytes ?? Buffer.alloc(0)))
        if (item.mode === TREE_MODE) walk(item.oid, `${prefix}${item.name}/`)
        else out[`${prefix}${item.name}`] = this.objects.get(item.oid)?.bytes.toString('utf8') ?? ''
    }
    walk(tree, '')
    return out
  }
}

/** The bytes of an admission commit as a bucket stores it at `keys/<h>/<N>`. */
export function admissionBytes(spec: {
  key: string
  run: string
  ledger: string
  generation?: number
  previous?: string | null
}): Buffer {
  const generation = spec.generation ?? 1
  const admission: StoredAdmission = {
    schema: ADMISSION_SCHEMA,
    dispatch_key: spec.key,
    request_digest: REQUEST_DIGEST,
    run_id: spec.run,
    ledger_ref: spec.ledger,
    admitted_at: '2025-01-01T00:00:00.000Z',
    generation,
    previous_run_id: spec.previous ?? (generation === 1 ? null : 'run-0000')
  }
  return Buffer.from(encodeCommit(admissionCommit(admission)), 'utf8')
}

/** An archived chain's (or an end marker's) index entry text. */
export function indexEntry(ref: string, head: string, ended: boolean, writtenAt: number): string {
  return encodeIndexEntry({ ref, head, ended, written_at: writtenAt })
}

/** An object reader over a MemoryObjects that can be closed (what `openReader` returns). */
export class MemoryReader {
  closed = false
  constructor(private readonly objects: MemoryObjects) {}
  read(name: string): Promise<GitObject | null> {
    return this.objects.read(name)
  }
  close(): void {
    this.closed = true
  }
}

/**
 * A write plan's store in memory: settings and clock, the index refs brought so far (`brought`
 * null: every ref, as a local store), objects only the arbiter holds until brought
 * (`remote`), the live chains read from the refs, and the archive tips.
 */
export class MemoryPlanStore implements PlanStore {
  archiveAfterSeconds = 3600
  retentionDays = 0
  clock = 1_000_000_000
  brought: Set<string> | null = null
  readonly remote = new MemoryObjects()
  readonly broughtObjects: Array<{ oids: string[]; what: string | undefined }> = []
  readonly readers: MemoryReader[] = []
  readonly liveCalls: Array<{ namespace: string; buckets: string[] }> = []
  /** Every archiveTips call: the buckets whose tips were read together. */
  readonly tipCalls: Array<{ namespace: string; buckets: string[] }> = []

  constructor(readonly local: MemoryObjects) {}

  readonly refs = {
    has: (ref: string): boolean => this.brought === null || this.brought.has(ref),
    bringObjects: async (oids: readonly string[], what?: string): Promise<void> => {
      this.broughtObjects.push({ oids: [...oids], what })
      for (const oid of oids) {
        const object = this.remote.objects.get(oid)
        if (object) this.local.objects.set(oid, object)
      }
    }
  }

  readonly git = {
    openReader: (): ObjectReader => {
      const reader = new MemoryReader(this.local)
      this.readers.push(reader)
      return reader as unknown as ObjectReader
    }
  }

  async liveChains(namespace: string, buckets: readonly string[]): Promise<RefTime[]> {
    this.liveCalls.push({ namespace, buckets: [...buckets] })
    const prefixes = buckets.flatMap(b => FAMILIES.map(f => liveChainPrefix(namespace, f, b)))
    const live: RefTime[] = []
    for (const [ref, oid] of [...this.local.refs].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!prefixes.some(prefix => ref.startsWith(prefix))) continue
      const object = this.local.objects.get(oid)
      const held = object ? { type: object.type, content: object.bytes.toString('utf8') } : null
      live.push({ ref, oid, time: committerTime(held) })
    }
    return live
  }

  async archiveTips(
    namespace: string,
    buckets: readonly string[]
  ): Promise<ReadonlyMap<string, string | null>> {
    this.tipCalls.push({ namespace, buckets: [...buckets] })
    return new Map(buckets.map(b => [b, this.local.refs.get(archiveRef(namespace, b)) ?? null]))
  }
}
