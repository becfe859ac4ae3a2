/**
 * Stores with N admitted keys, made quickly, in layout v2 (docs/design/storage.md): what a
 * long-lived repository holds after N admissions, without running N admissions.
 *
 * Every key `bench/fill/<i>` has its own admission (the bytes of its admission commit, at
 * `keys/<sha256(key)>/1` in the tree of `<ns>/index/<hh>`) and its own run, a legal chain of
 * records (testkit/fixtures.ts) that is archived: even keys end (admitted, dispatched,
 * cancelled: index entry `ended: true`), odd keys never end (admitted, dispatched: archived as
 * idle, `ended: false`, where a run that nobody finishes lands after `archive-after`). Each
 * run's index entry is in the bucket of its own name, and `<ns>/archive/<hh>` keeps every head
 * reachable, as the store builds it: a chain of commits on the empty tree, one per archiving
 * write, whose parents are the previous archive commit and the head it archived (so `git fsck`
 * is clean, and the tip has two parents). The namespace ends up with 256 index refs and 256
 * archive refs, however large N is.
 *
 * The objects are written as one pack file by `fillPack.ts` (no git process per object),
 * indexed by `git index-pack`, and cached under bench/results/cache/ (keyed by N, the namespace
 * and the sources that decide the bytes: fillPack.ts, src/core/, testkit/fixtures.ts), so a
 * second run only links the pack into the repository and writes 513 refs in one transaction,
 * then `git pack-refs --all`. Each filled repository is checked by reading one ended and one idle
 * key back through the project's own store (admission and verified chain).
 *
 * `fillV1Refs` keeps the old way (N plain refs under `<ns>/admissions/`, layout v1) for B9's
 * contrast only: the product refuses such a namespace.
 */
import { randomBytes } from 'node:crypto'
import { copyFile, link, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { cachedPack, EMPTY_TREE, NAMESPACE } from './fillPack.ts'
import { git, tempDir } from './proc.ts'
import { allowProjectSources } from './src.ts'

export { NAMESPACE }

export interface Filled {
  /** refs/heads/main (made on the empty tree when absent), for plain pushes to point at. */
  readonly base: string
  /** Seconds spent filling (generating or linking the pack, refs, pack-refs, the check). */
  readonly seconds: number
  /** Whether the pack came from bench/results/cache/. */
  readonly cached: boolean
  readonly objects: number
  readonly packBytes: number
}

/**
 * Fills the repository at dir (a work tree or a bare repository) with `count` admitted keys in
 * layout v2, half of them with ended runs, all runs archived; creates refs/heads/main if absent.
 */
export async function fillAdmissions(
  dir: string,
  count: number,
  namespace = NAMESPACE
): Promise<Filled> {
  const started = performance.now()
  const base = baseCommit(dir)
  if (count === 0)
    return {
      base,
      seconds: (performance.now() - started) / 1000,
      cached: true,
      objects: 0,
      packBytes: 0
    }
  const pack = await cachedPack(count, namespace)
  const packDir = resolve(dir, git(dir, ['rev-parse', '--git-path', 'objects/pack']).trim())
  await mkdir(packDir, { recursive: true })
  for (const ext of ['pack', 'idx']) {
    const from = join(pack.dir, `${pack.name}.${ext}`)
    const to = join(packDir, `${pack.name}.${ext}`)
    // Pack files never change: a hard link is as good as a copy, and instant.
    await link(from, to).catch(() => copyFile(from, to))
  }
  const lines = pack.refs.map(([ref, oid]) => `create ${ref} ${oid}`)
  git(dir, ['update-ref', '--stdin'], `${lines.join('\n')}\n`)
  git(dir, ['pack-refs', '--all'])
  await checkReadable(dir, namespace)
  return {
    base,
    seconds: (performance.now() - started) / 1000,
    cached: pack.cached,
    objects: pack.objects,
    packBytes: pack.bytes
  }
}

/** A bare repository (`init --bare -b main`) filled like fillAdmissions. */
export async function bareWithAdmissions(
  count: number,
  namespace = NAMESPACE
): Promise<{ dir: string; base: string; filled: Filled }> {
  const root = await tempDir(`bare-${count}`)
  const dir = `${root}/repo.git`
  git(root, ['init', '-q', '--bare', '-b', 'main', dir])
  const filled = await fillAdmissions(dir, count, namespace)
  return { dir, base: filled.base, filled }
}

/**
 * LAYOUT V1, for contrast only: `count` plain refs `<ns>/admissions/<random hash>` (all on
 * refs/heads/main, made on the empty tree when absent), packed, as v0.1 left a repository. The
 * product refuses a namespace holding these. Written straight into `packed-refs` (sorted, as
 * `git pack-refs` writes it): 10⁵ loose refs through `update-ref` take minutes on a busy disk.
 */
export async function fillV1Refs(
  dir: string,
  count: number,
  namespace = NAMESPACE
): Promise<string> {
  const base = baseCommit(dir)
  git(dir, ['pack-refs', '--all'])
  const path = resolve(dir, git(dir, ['rev-parse', '--git-path', 'packed-refs']).trim())
  const held = (await readFile(path, 'utf8').catch(() => ''))
    .split('\n')
    .filter(line => line && !line.startsWith('#'))
  if (held.some(line => line.startsWith('^')))
    throw new Error(`fillV1Refs: ${dir} has peeled tags; fill it another way`)
  const lines = [...held]
  for (let i = 0; i < count; i++)
    lines.push(`${base} ${namespace}/admissions/${randomBytes(32).toString('hex')}`)
  const name = (line: string) => line.slice(line.indexOf(' ') + 1)
  lines.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0))
  await writeFile(
    path,
    `# pack-refs with: peeled fully-peeled sorted \n${lines.map(l => `${l}\n`).join('')}`
  )
  const listed = git(dir, ['for-each-ref', '--format=x', `${namespace}/admissions/`])
  if (listed.length !== count * 2) throw new Error(`fillV1Refs: ${dir} does not list ${count} refs`)
  return base
}

/** refs/heads/main: kept when the repository has it, else a new commit on the empty tree. */
function baseCommit(dir: string): string {
  git(dir, ['hash-object', '-w', '-t', 'tree', '--stdin'], '')
  const held = git(dir, ['for-each-ref', '--format=%(objectname)', 'refs/heads/main']).trim()
  if (held) return held
  const base = git(dir, ['commit-tree', EMPTY_TREE, '-m', 'bench base'], '').trim()
  git(dir, ['update-ref', 'refs/heads/main', base])
  return base
}

/** Reads keys 0 (ended) and 1 (idle) back through the project's store: admission and chain. */
async function checkReadable(dir: string, namespace: string): Promise<void> {
  allowProjectSources()
  const { Git } = await import('../../src/store/git.ts')
  const { LocalStore } = await import('../../src/store/localStore.ts')
  const { admissionRef, ledgerRef } = await import('../../src/core/refs.ts')
  const store = new LocalStore(new Git(dir))
  for (const [i, states] of [
    [0, 3],
    [1, 2]
  ] as const) {
    const admission = await store.read(r =>
      r.readAdmission(admissionRef(namespace, `bench/fill/${i}`))
    )
    const chain = await store.read(r => r.readChain(ledgerRef(namespace, `bench-fill-${i}`)))
    if (admission?.value.run_id !== `bench-fill-${i}` || chain?.length !== states)
      throw new Error(
        `fill: key ${i} in ${dir} does not read back (admission ${admission?.value.run_id}, ${chain?.length} records)`
      )
  }
}
