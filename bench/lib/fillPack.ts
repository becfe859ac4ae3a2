/**
 * The pack behind lib/fill.ts: every object of N admitted keys in layout v2 (see there), written
 * as one version-2 pack file (each object deflated, no deltas), indexed by `git index-pack`, and
 * cached under bench/results/cache/v2-<N>-<digest of this file, src/core/ and
 * testkit/fixtures.ts>/ with the refs to create. Deterministic: fixed keys, run ids and times.
 */
import { createHash } from 'node:crypto'
import { closeSync, openSync, readSync, writeSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { git, PROJECT_ROOT, RESULTS } from './proc.ts'
import { allowProjectSources } from './src.ts'

export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
export const NAMESPACE = 'refs/dispatch-ledger'
const CACHE = join(RESULTS, 'cache')
/** When the filled history starts (admissions one second apart from here). */
const T0 = Date.UTC(2026, 0, 1) / 1000

export interface CachedPack {
  readonly dir: string
  readonly name: string
  readonly refs: Array<[string, string]>
  readonly objects: number
  readonly bytes: number
  readonly cached: boolean
}

const inProcess = new Map<string, Promise<CachedPack>>()

export function cachedPack(count: number, namespace: string): Promise<CachedPack> {
  const key = `${count}\n${namespace}`
  const known = inProcess.get(key)
  if (known) return known.then(pack => ({ ...pack, cached: true }))
  const pack = loadOrBuild(count, namespace)
  inProcess.set(key, pack)
  return pack
}

async function loadOrBuild(count: number, namespace: string): Promise<CachedPack> {
  const hash = createHash('sha256').update(`${count}\n${namespace}\n`)
  for (const file of [
    join(PROJECT_ROOT, 'bench', 'lib', 'fillPack.ts'),
    join(PROJECT_ROOT, 'testkit', 'fixtures.ts'),
    ...(await sourcesUnder(join(PROJECT_ROOT, 'src', 'core')))
  ])
    hash.update(file).update(await readFile(file))
  const dir = join(CACHE, `v2-${count}-${hash.digest('hex').slice(0, 16)}`)
  const manifest = join(dir, 'manifest.json')
  const stored = await readFile(manifest, 'utf8').catch(() => null)
  if (stored) return { dir, ...(JSON.parse(stored) as Omit<CachedPack, 'dir'>), cached: true }
  const building = `${dir}.building-${process.pid}`
  await rm(building, { recursive: true, force: true })
  await mkdir(building, { recursive: true })
  const built = await buildPack(building, count, namespace)
  await writeFile(join(building, 'manifest.json'), JSON.stringify(built))
  // Packs of earlier sources (or an interrupted build) are of no further use.
  for (const stale of await readdir(CACHE))
    if (stale.startsWith(`v2-${count}-`) && join(CACHE, stale) !== building)
      await rm(join(CACHE, stale), { recursive: true, force: true })
  await rename(building, dir)
  return { dir, ...built, cached: false }
}

async function sourcesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter(e => e.isFile() && e.name.endsWith('.ts'))
    .map(e => join(e.parentPath, e.name))
    .sort()
}

const TYPE_CODE = { commit: 1, tree: 2, blob: 3 } as const
type ObjectType = keyof typeof TYPE_CODE

/** Writes a version-2 pack file object by object; the count and checksum are fixed at the end. */
class PackWriter {
  private readonly fd: number
  private chunks: Buffer[] = []
  private buffered = 0
  count = 0

  constructor(path: string) {
    this.fd = openSync(path, 'w+')
    const header = Buffer.alloc(12)
    header.write('PACK', 0, 'latin1')
    header.writeUInt32BE(2, 4)
    this.push(header)
  }

  /** Hashes and stores one object; returns its id. */
  add(type: ObjectType, body: Buffer): string {
    const oid = createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex')
    const head: number[] = []
    let size = body.length
    let byte = (TYPE_CODE[type] << 4) | (size & 0x0f)
    size = Math.floor(size / 16)
    while (size > 0) {
      head.push(byte | 0x80)
      byte = size & 0x7f
      size = Math.floor(size / 128)
    }
    head.push(byte)
    this.push(Buffer.from(head))
    this.push(deflateSync(body, { level: 1 }))
    this.count++
    return oid
  }

  private push(chunk: Buffer): void {
    this.chunks.push(chunk)
    this.buffered += chunk.length
    if (this.buffered > 1 << 22) this.flush()
  }

  private flush(): void {
    if (this.chunks.length > 0) writeSync(this.fd, Buffer.concat(this.chunks))
    this.chunks = []
    this.buffered = 0
  }

  /** Sets the object count, appends the SHA-1 trailer; returns the pack's size in bytes. */
  finish(): number {
    this.flush()
    const count = Buffer.alloc(4)
    count.writeUInt32BE(this.count)
    writeSync(this.fd, count, 0, 4, 8)
    const sha = createHash('sha1')
    const block = Buffer.alloc(1 << 22)
    let at = 0
    for (;;) {
      const n = readSync(this.fd, block, 0, block.length, at)
      if (n === 0) break
      sha.update(block.subarray(0, n))
      at += n
    }
    writeSync(this.fd, sha.digest(), 0, 20, at)
    closeSync(this.fd)
    return at + 20
  }
}

async function buildPack(
  dir: string,
  count: number,
  namespace: string
): Promise<Omit<CachedPack, 'dir' | 'cached'>> {
  allowProjectSources()
  const { sha256Hex, digestOf } = await import('../../src/core/canonical.ts')
  const { encodeCommit, admissionCommit, recordCommit, IDENTITY } =
    await import('../../src/core/entry.ts')
  const { encodeTree, BLOB_MODE, TREE_MODE } = await import('../../src/core/index/tree.ts')
  const { encodeIndexEntry } = await import('../../src/core/index/entry.ts')
  const { archiveRef, bucketOf, indexRef } = await import('../../src/core/index/layout.ts')
  const { ledgerRef } = await import('../../src/core/refs.ts')
  const { legalChain } = await import('../../testkit/fixtures.ts')
  type Item = { mode: string; name: string; oid: string }

  const path = join(dir, 'fill.pack')
  const pack = new PackWriter(path)
  pack.add('tree', Buffer.alloc(0))
  const buckets = new Map<string, { keys: Item[]; runs: Item[] }>()
  const bucket = (hh: string) => {
    let b = buckets.get(hh)
    if (!b) buckets.set(hh, (b = { keys: [], runs: [] }))
    return b
  }
  /** Per bucket: each archived head and when it was archived. */
  const archived = new Map<string, Array<{ head: string; at: number }>>()
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')
  for (let i = 0; i < count; i++) {
    const key = `bench/fill/${i}`
    const run_id = `bench-fill-${i}`
    const ledger_ref = ledgerRef(namespace, run_id)
    const request_digest = digestOf({ request: key })
    const at = T0 + i
    const ended = i % 2 === 0
    const records = legalChain(
      {
        state: 'admitted',
        run_id,
        occurred_at: iso(at),
        idempotency: { dispatch_key: key, request_digest, input_key: null }
      },
      { state: 'dispatched', occurred_at: iso(at + 10) },
      ...(ended ? [{ state: 'cancelled' as const, occurred_at: iso(at + 20) }] : [])
    )
    let head: string | null = null
    for (const record of records)
      head = pack.add('commit', Buffer.from(encodeCommit(recordCommit(record, head)), 'utf8'))
    const admission = Buffer.from(
      encodeCommit(
        admissionCommit({
          schema: 'dispatch-ledger/admission/v1',
          dispatch_key: key,
          request_digest,
          run_id,
          ledger_ref,
          admitted_at: iso(at),
          generation: 1,
          previous_run_id: null
        })
      ),
      'utf8'
    )
    const keyHash = sha256Hex(key)
    const blob = pack.add('blob', admission)
    const generations = pack.add('tree', encodeTree([{ mode: BLOB_MODE, name: '1', oid: blob }]))
    bucket(bucketOf(keyHash)).keys.push({ mode: TREE_MODE, name: keyHash, oid: generations })
    const runHash = sha256Hex(run_id)
    const entry = encodeIndexEntry({
      ref: ledger_ref,
      head: head as string,
      ended,
      written_at: at + (ended ? 20 : 10)
    })
    const entryBlob = pack.add('blob', Buffer.from(entry, 'utf8'))
    bucket(bucketOf(runHash)).runs.push({ mode: BLOB_MODE, name: runHash, oid: entryBlob })
    // An ended run is archived by its terminal append; an idle one by the first write to its
    // bucket after archive-after (1h).
    const heads = archived.get(bucketOf(runHash)) ?? []
    heads.push({ head: head as string, at: ended ? at + 20 : at + 10 + 3600 })
    archived.set(bucketOf(runHash), heads)
  }
  const commit = (tree: string, parents: readonly string[], time: number, subject: string) => {
    const stamp = `${time} +0000`
    return pack.add(
      'commit',
      Buffer.from(
        `tree ${tree}\n${parents.map(p => `parent ${p}\n`).join('')}` +
          `author ${IDENTITY} ${stamp}\ncommitter ${IDENTITY} ${stamp}\n\n${subject}\n`,
        'utf8'
      )
    )
  }
  const last = T0 + count + 3700
  const refs: Array<[string, string]> = []
  for (const [hh, { keys, runs }] of [...buckets].sort()) {
    const root: Item[] = []
    if (keys.length > 0)
      root.push({ mode: TREE_MODE, name: 'keys', oid: pack.add('tree', encodeTree(keys)) })
    if (runs.length > 0)
      root.push({ mode: TREE_MODE, name: 'runs', oid: pack.add('tree', encodeTree(runs)) })
    const ref = indexRef(namespace, hh)
    const tree = pack.add('tree', encodeTree(root))
    refs.push([ref, commit(tree, [], last, `dispatch-ledger index ${ref}`)])
  }
  // As the store builds it: each archiving write adds one commit on the empty tree whose
  // parents are the previous tip and the heads it archived (one here), so the tip has two.
  for (const [hh, heads] of [...archived].sort()) {
    const ref = archiveRef(namespace, hh)
    let tip: string | null = null
    for (const { head, at } of heads.sort((a, b) => a.at - b.at))
      tip = commit(EMPTY_TREE, [...(tip ? [tip] : []), head], at, `dispatch-ledger archive ${ref}`)
    refs.push([ref, tip as string])
  }
  const objects = pack.count
  const bytes = pack.finish()
  // Prints the pack's checksum (with `pack\t` before it in some versions).
  const indexed = git(dir, ['index-pack', path]).trim().split(/\s+/).at(-1) as string
  const name = `pack-${indexed}`
  await rename(path, join(dir, `${name}.pack`))
  await rename(join(dir, 'fill.idx'), join(dir, `${name}.idx`))
  return { name, refs, objects, bytes }
}
