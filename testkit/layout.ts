/**
 * The store's logical names over layout v2, for tests and benchmarks that look at (or forge)
 * what a repository holds: admissions are entries of index buckets, and a chain is its own ref
 * or an archived entry (docs/design/storage.md).
 */
import { execFileSync } from 'node:child_process'
import { IDENTITY } from '../src/core/entry.js'
import { decodeIndexEntry } from '../src/core/index/entry.js'
import {
  admissionName,
  bucketOf,
  entryPath,
  indexRef,
  parseLogical,
  type LogicalName
} from '../src/core/index/layout.js'
import { objectId } from '../src/core/index/tree.js'
import { Git } from '../src/store/git.js'
import { BucketView, indexSubject } from '../src/store/index/bucket.js'

function run(dir: string, args: string[], input?: string | Buffer): Buffer {
  return execFileSync('git', args, { cwd: dir, input, maxBuffer: 1 << 28 })
}

/** Every logical name under prefix → object id (an admission's commit id, a chain's head). */
export async function logicalRefs(
  dir: string,
  prefix = 'refs/dispatch-ledger'
): Promise<Record<string, string>> {
  // Index buckets sit beside the names they hold, so list the whole refs/ and filter at the end.
  const listed = run(dir, ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/'])
    .toString()
    .split('\n')
    .filter(Boolean)
    .map(line => line.split(' ') as [string, string])
  const result: Record<string, string> = {}
  const objects = new Git(dir).openReader()
  try {
    for (const [ref, oid] of listed) {
      const index = /^(.+)\/index\/([0-9a-f]{2})$/.exec(ref)
      if (/\/archive\/[0-9a-f]{2}$/.test(ref)) continue
      if (!index) {
        if (ref.startsWith('refs/dispatch-ledger') || ref.startsWith(prefix)) result[ref] = oid
        continue
      }
      const namespace = index[1] as string
      const view = await BucketView.open(ref, objects)
      for (const key of await view.list('keys'))
        for (const gen of await view.readTree(key.oid)) {
          const blob = await objects.read(gen.oid)
          result[admissionName(namespace, key.name, Number(gen.name))] = objectId(
            'commit',
            blob?.bytes ?? Buffer.alloc(0)
          )
        }
      for (const family of ['runs', 'operations'] as const)
        for (const item of await view.list(family)) {
          const name = `${namespace}/${family}/${item.name}`
          const blob = await objects.read(item.oid)
          result[name] = decodeIndexEntry(name, blob?.bytes.toString('utf8') ?? '', name).head
        }
    }
  } finally {
    objects.close()
  }
  return Object.fromEntries(Object.entries(result).filter(([ref]) => ref.startsWith(prefix)))
}

/** The raw text of the entry a logical name holds (an admission's commit bytes, a chain head). */
export async function entryText(dir: string, ref: string): Promise<string> {
  const name = parseLogical(ref)
  if (name?.kind === 'admission') {
    const objects = new Git(dir).openReader()
    try {
      const view = await BucketView.open(indexRef(name.namespace, bucketOf(name.hash)), objects)
      const blob = await view.blob(entryPath(name))
      if (!blob) throw new Error(`${ref} is not in its bucket`)
      return blob.bytes.toString('utf8')
    } finally {
      objects.close()
    }
  }
  const oid = (await logicalRefs(dir, ref))[ref] ?? ref
  return run(dir, ['cat-file', 'commit', oid]).toString()
}

/**
 * Forges what a logical name holds, as a hand edit or an older writer would leave it: an
 * admission's entry becomes the bytes of `oid` (any object), a chain's ref is set; `null`
 * removes either. For tests of what the store must refuse.
 */
export async function setLogical(dir: string, ref: string, value: string | null): Promise<void> {
  // A value may name another logical entry (`<admission ref>.g3`): what it holds is used.
  const oid = value === null ? null : ((await logicalRefs(dir, value))[value] ?? value)
  const forged = /^(refs\/.+)\/admissions\/([0-9a-f]{64})\.g(.+)$/.exec(ref)
  const name: LogicalName | null =
    parseLogical(ref) ??
    (forged
      ? {
          kind: 'admission',
          namespace: forged[1] as string,
          hash: forged[2] as string,
          generation: forged[3] as unknown as number
        }
      : null)
  if (name?.kind !== 'admission') {
    if (oid === null) run(dir, ['update-ref', '-d', ref])
    else run(dir, ['update-ref', ref, oid])
    return
  }
  const objects = new Git(dir).openReader()
  let body: Buffer | null
  try {
    body = oid === null ? null : ((await objects.read(oid))?.bytes ?? null)
  } finally {
    objects.close()
  }
  await editIndex(
    dir,
    indexRef(name.namespace, bucketOf(name.hash)),
    new Map([[entryPath(name), body]])
  )
}

/**
 * Forges paths of an index bucket's tree (a blob's bytes, or `null` to remove the path) in one
 * new index commit of that ref, as a hand edit would: for tests of what the store refuses.
 */
export async function editIndex(
  dir: string,
  bucket: string,
  edits: ReadonlyMap<string, Buffer | null>
): Promise<void> {
  const git = new Git(dir)
  const objects = git.openReader()
  try {
    const view = await BucketView.open(bucket, objects)
    const tree = await view.edit(edits)
    await git.writeObjects(tree.objects)
    const stamp = `${Math.floor(Date.now() / 1000)} +0000`
    const commit = run(
      dir,
      ['hash-object', '-t', 'commit', '-w', '--stdin'],
      `tree ${tree.root}\nauthor ${IDENTITY} ${stamp}\ncommitter ${IDENTITY} ${stamp}\n\n${indexSubject(bucket)}\n`
    )
      .toString()
      .trim()
    run(dir, ['update-ref', bucket, commit])
  } finally {
    objects.close()
  }
}

/**
 * Writes `count` admissions (keys `filler-<i>`, all holding the bytes of `admission`, an
 * admission commit's text) straight into the index buckets of a repository, in one ref
 * transaction: how tests and benchmarks reach 10⁴–10⁵ admitted keys quickly.
 */
export async function fillIndex(
  dir: string,
  namespace: string,
  options: {
    readonly count: number
    readonly admission: Buffer
    readonly key?: (i: number) => string
  }
): Promise<void> {
  const { sha256Hex } = await import('../src/core/canonical.js')
  const byBucket = new Map<string, Map<string, Buffer | null>>()
  for (let i = 0; i < options.count; i++) {
    const hash = sha256Hex(options.key ? options.key(i) : `filler-${i}`)
    const edits = byBucket.get(bucketOf(hash)) ?? new Map<string, Buffer | null>()
    edits.set(`keys/${hash}/1`, options.admission)
    byBucket.set(bucketOf(hash), edits)
  }
  const git = new Git(dir)
  const objects = git.openReader()
  const lines: string[] = []
  try {
    for (const [bucket, edits] of byBucket) {
      const ref = indexRef(namespace, bucket)
      const view = await BucketView.open(ref, objects)
      const tree = await view.edit(edits)
      await git.writeObjects(tree.objects)
      const stamp = `${Math.floor(Date.now() / 1000)} +0000`
      const body = Buffer.from(
        `tree ${tree.root}\nauthor ${IDENTITY} ${stamp}\ncommitter ${IDENTITY} ${stamp}\n\n${indexSubject(ref)}\n`
      )
      const oid = objectId('commit', body)
      await git.writeObjects([{ type: 'commit', body, oid }])
      lines.push(`update ${ref} ${oid}`)
    }
  } finally {
    objects.close()
  }
  run(dir, ['update-ref', '--stdin'], ['start', ...lines, 'prepare', 'commit', ''].join('\n'))
}

/**
 * Keys whose hashes fall into the given buckets (`count` per bucket), found by trying names in
 * turn: how tests put many keys into one bucket, or one key into every bucket.
 */
export async function keysInBuckets(
  buckets: readonly string[],
  options: { readonly count: number; readonly prefix: string }
): Promise<string[]> {
  const { sha256Hex } = await import('../src/core/canonical.js')
  const wanted = new Map(buckets.map(b => [b, options.count]))
  const keys: string[] = []
  for (let i = 0; [...wanted.values()].some(n => n > 0); i++) {
    const key = `${options.prefix}-${i}`
    const bucket = bucketOf(sha256Hex(key))
    const left = wanted.get(bucket) ?? 0
    if (left > 0) {
      keys.push(key)
      wanted.set(bucket, left - 1)
    }
  }
  return keys
}

export const ALL_BUCKETS: readonly string[] = Array.from({ length: 256 }, (_, i) =>
  i.toString(16).padStart(2, '0')
)
