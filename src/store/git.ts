import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { readdirSync, readFileSync, type Dirent } from 'node:fs'
import { mkdir, open, readFile, rename, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { deflateSync } from 'node:zlib'
import { EMPTY_TREE } from '../core/entry.js'
import { StoreError } from '../core/errors.js'
import type { RawRef } from './store.js'

export interface GitResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

export interface GitObject {
  readonly oid: string
  readonly type: string
  readonly content: string
  /** The object's bytes (a tree is binary). */
  readonly bytes: Buffer
}

/** One ref of a transaction: `oid` null deletes it; `expected` null means it must be absent. */
export interface RefChange {
  readonly ref: string
  readonly oid: string | null
  readonly expected: string | null
}

/** An object to store: its type and bytes. */
export interface LooseObject {
  readonly type: 'blob' | 'tree' | 'commit'
  readonly body: Buffer
  readonly oid: string
}

export interface RefUpdate {
  readonly ref: string
  readonly oid: string
}

/**
 * Settings every git process gets. Durability: objects and refs are fsynced before git
 * reports success (git ≥ 2.36). Lock timeouts: concurrent writers wait for each other's
 * ref locks instead of failing at once, so the loser sees the winner's ref, not a lock error.
 */
const BASE_CONFIG = [
  '-c',
  'core.fsync=objects,reference',
  '-c',
  'core.fsyncMethod=fsync',
  '-c',
  'core.filesRefLockTimeout=10000',
  '-c',
  'core.packedRefsTimeout=10000'
]

/**
 * For commands that talk to a remote: protocol v2 (the server filters refs by prefix), no
 * prompts, and a stalled transfer fails instead of hanging the step; a failure then goes
 * through the ambiguity path, which looks at what the remote holds.
 */
const NETWORK_CONFIG = [
  '-c',
  'protocol.version=2',
  '-c',
  'http.lowSpeedLimit=1',
  '-c',
  'http.lowSpeedTime=60',
  '-c',
  'credential.interactive=never'
]

/**
 * Every fetch: quiet, no tags, nothing else written or run. Entries share no history with the
 * checkout, so negotiating is a wasted round trip.
 */
const FETCH = [
  ...NETWORK_CONFIG,
  '-c',
  'fetch.negotiationAlgorithm=noop',
  'fetch',
  '--quiet',
  '--no-tags',
  '--no-write-fetch-head',
  '--no-auto-gc',
  '--no-recurse-submodules'
]

/**
 * The one place git processes are spawned. Each method runs one git command, always with
 * an argument array (never a shell), so no event field can become a command.
 */
export class Git {
  /** How many git processes this instance started; the benchmarks and tests read it. */
  spawned = 0

  constructor(
    readonly cwd: string,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {}

  /** Runs one git command to completion. Exit codes are returned, not thrown. */
  run(args: readonly string[], input?: string): Promise<GitResult> {
    return new Promise((resolve, reject) => {
      const child = this.start(args)
      const out: Buffer[] = []
      const err: Buffer[] = []
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
      child.on('error', error => reject(this.spawnError(error)))
      child.on('close', code =>
        resolve({
          code: code ?? 128,
          stdout: Buffer.concat(out).toString('utf8'),
          stderr: Buffer.concat(err).toString('utf8')
        })
      )
      child.stdin.on('error', () => {}) // git may exit before reading all of its input
      child.stdin.end(input ?? '')
    })
  }

  /** Like run(), but a non-zero exit is a StoreError carrying git's own words. */
  async ok(args: readonly string[], input?: string): Promise<string> {
    const result = await this.run(args, input)
    if (result.code !== 0) throw this.failure(args, result)
    return result.stdout
  }

  start(args: readonly string[]): ChildProcessWithoutNullStreams {
    this.spawned++
    return spawn('git', [...BASE_CONFIG, ...args], {
      cwd: this.cwd,
      env: { ...quietTraces(this.env), GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', LANGUAGE: 'C' },
      stdio: ['pipe', 'pipe', 'pipe']
    })
  }

  /** Writes one object of the given type (validated by git, e.g. a tag); returns its id. */
  async writeObject(object: { readonly type: 'tag'; readonly text: string }): Promise<string> {
    const out = await this.ok(['hash-object', '-t', object.type, '-w', '--stdin'], object.text)
    return out.trim()
  }

  /**
   * git treats the empty tree as always present, but `git fsck` reports it missing unless
   * it is written. Every entry points at it, so write its loose object (15 bytes) where it
   * is absent — from here rather than with another git process on every fresh checkout.
   */
  async ensureEmptyTree(): Promise<void> {
    if (this.emptyTreeWritten) return
    const objects = await this.objectsDir()
    try {
      await this.writeEmptyTree(objects)
    } catch (error) {
      throw new StoreError(
        `Cannot write to the object directory ${objects} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). ` +
          'Nothing was admitted or recorded. The step must be able to write the repository: ' +
          'run it as the user that owns the checkout, on a writable file system.'
      )
    }
    this.emptyTreeWritten = true
  }

  private writeEmptyTree(objects: string): Promise<void> {
    return writeLoose(objects, EMPTY_TREE, Buffer.from('tree 0\0', 'latin1'))
  }

  /**
   * Stores objects whose ids the caller computed (index trees and blobs) as loose objects,
   * fsynced, without a git process; an object already present is left as it is.
   */
  async writeObjects(objects: readonly LooseObject[]): Promise<void> {
    if (objects.length === 0) return
    const dir = await this.objectsDir()
    await Promise.all(
      objects.map(o =>
        writeLoose(dir, o.oid, Buffer.concat([Buffer.from(`${o.type} ${o.body.length}\0`), o.body]))
      )
    )
  }

  /**
   * One all-or-nothing ref transaction of creates, moves and deletes, each on the value the
   * caller read. False, with nothing written, when any ref is not what was expected.
   */
  async changeRefs(changes: readonly RefChange[]): Promise<boolean> {
    const lines = changes.map(c =>
      c.oid === null
        ? `delete ${c.ref} ${c.expected ?? ''}`.trimEnd()
        : c.expected === null
          ? createLine(c.ref, c.oid)
          : `update ${c.ref} ${c.oid} ${c.expected}`
    )
    const result = await this.run(UPDATE_REFS, transaction(lines))
    if (result.code === 0) return true
    if (
      /reference already exists|unable to resolve reference|is at [0-9a-f]+ but expected|reference is missing/.test(
        result.stderr
      ) &&
      !refNameClash(result.stderr)
    )
      return false
    throw this.failure(UPDATE_REFS, result)
  }

  /**
   * The symbolic refs under a prefix (docs/design/writers.md#only-plain-refs). A symbolic ref
   * is always a loose file starting `ref: ` (packed-refs cannot hold one), so the usual layouts
   * are read from the file system, no process; anything unusual asks for-each-ref.
   */
  async symbolicRefs(prefix: string): Promise<string[]> {
    const common = await this.commonDir()
    if (!common) {
      const out = await this.ok(['for-each-ref', '--format=%(symref) %(refname)', prefix])
      return out
        .split('\n')
        .filter(line => line && !line.startsWith(' '))
        .map(line => line.slice(line.indexOf(' ') + 1))
    }
    return looseSymbolicRefs(common, prefix)
  }

  /** Every ref under prefix as this repository holds it, symbolic ones with their target. */
  async rawRefs(prefix: string): Promise<RawRef[]> {
    const out = await this.ok([
      'for-each-ref',
      '--format=%(objectname) %(symref) %(refname)',
      prefix
    ])
    return out
      .split('\n')
      .filter(Boolean)
      .map(line => {
        const [oid, symref, ...name] = line.split(' ') as [string, string, ...string[]]
        return { ref: name.join(' '), oid, symref: symref === '' ? null : symref }
      })
  }

  /**
   * Every ref under prefix as a remote holds it, in one `ls-remote --symref`: over protocol v2
   * the server names the target of every symbolic ref (`ref: <target>\t<name>`), not only HEAD's.
   */
  async remoteRawRefs(remote: string, prefix: string): Promise<RawRef[]> {
    const out = await this.ok([...NETWORK_CONFIG, 'ls-remote', '--symref', remote, `${prefix}*`])
    const refs = new Map<string, { oid: string; symref: string | null }>()
    for (const line of out.split('\n').filter(Boolean)) {
      const [left, name] = line.split('\t') as [string, string | undefined]
      // A pattern matches a name's tail: only what lies under the prefix is ours.
      if (name === undefined || !name.startsWith(prefix)) continue
      const held = refs.get(name) ?? { oid: '', symref: null }
      if (left.startsWith('ref: ')) held.symref = left.slice('ref: '.length)
      else held.oid = left
      refs.set(name, held)
    }
    return [...refs].map(([ref, held]) => ({ ref, ...held }))
  }

  /**
   * `<oid> <ref>` of every ref under the prefixes. In the usual layouts read from the ref files
   * themselves (loose refs, then packed-refs; a loose ref wins), no process: a listing is a
   * snapshot either way, stale the moment it returns, and every write that acts on it is an
   * all-or-nothing transaction on the values read. Anything unusual — no plain git directory,
   * a reftable, a symbolic or unreadable ref file — asks for-each-ref instead.
   */
  async listRefs(prefixes: readonly string[]): Promise<Array<{ ref: string; oid: string }>> {
    checkPrefixes(prefixes)
    const common = prefixes.length > 0 ? await this.commonDir() : null
    const files = common ? await refFiles(common, prefixes) : null
    if (files) return files
    const lines = await this.forEachRef(prefixes, '%(objectname) %(refname)')
    return lines.map(([oid, ref]) => ({ oid: oid as string, ref: ref as string }))
  }

  /** The space-separated fields of each line for-each-ref prints for `<prefix>*`. */
  private async forEachRef(prefixes: readonly string[], format: string): Promise<string[][]> {
    if (prefixes.length === 0) return []
    const out = await this.ok(['for-each-ref', `--format=${format}`, ...prefixes.map(p => `${p}*`)])
    return out
      .split('\n')
      .filter(Boolean)
      .map(line => line.split(' '))
  }

  private emptyTreeWritten = false

  /** The object directory, found without a process for the usual layouts. */
  private async objectsDir(): Promise<string> {
    const common = await this.commonDir()
    if (common) return join(common, 'objects')
    const out = await this.ok(['rev-parse', '--git-path', 'objects'])
    return resolve(this.cwd, out.trim())
  }

  /**
   * The repository's common git directory for a plain checkout, a linked worktree or a bare
   * repository, read from the file system; null for anything unusual (then ask git).
   */
  /** The repository's common git directory, from its files or, when unusual, from git. */
  async gitCommonDir(): Promise<string> {
    const known = await this.commonDir()
    if (known) return known
    return resolve(this.cwd, (await this.ok(['rev-parse', '--git-common-dir'])).trim())
  }

  private async commonDir(): Promise<string | null> {
    if (this.env.GIT_DIR || this.env.GIT_OBJECT_DIRECTORY || this.env.GIT_CONFIG) return null
    const dotGit = join(this.cwd, '.git')
    const info = await stat(dotGit).catch(() => null)
    let gitDir: string | null = null
    if (info?.isDirectory()) gitDir = dotGit
    else if (info?.isFile()) {
      const pointer = /^gitdir: (.+)$/m.exec(await readFile(dotGit, 'utf8'))
      if (pointer?.[1]) gitDir = resolve(this.cwd, pointer[1].trim())
    } else if ((await exists(join(this.cwd, 'HEAD'))) && (await exists(join(this.cwd, 'objects'))))
      gitDir = this.cwd
    if (!gitDir) return null
    const common = await readFile(join(gitDir, 'commondir'), 'utf8').catch(() => null)
    return common ? resolve(gitDir, common.trim()) : gitDir
  }

  /**
   * Whether a remote is configured. Read from the repository's config file when it is plain
   * (no includes), which saves a git process on every step; otherwise git is asked.
   */
  async hasRemote(remote: string): Promise<boolean> {
    const common = await this.commonDir()
    const config = common ? await readFile(join(common, 'config'), 'utf8').catch(() => null) : null
    if (config !== null && !/^\s*\[include/im.test(config)) {
      let inRemote = false
      for (const line of config.split('\n')) {
        const section = /^\s*\[\s*([^\]"\s]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line)
        if (section) inRemote = section[1]?.toLowerCase() === 'remote' && section[2] === remote
        else if (inRemote && /^\s*url\s*=\s*\S/i.test(line)) return true
      }
      return false
    }
    const result = await this.run(['config', '--get', `remote.${remote}.url`])
    if (result.code === 0) return result.stdout.trim() !== ''
    if (result.code === 1) return false
    throw this.failure(['config'], result)
  }

  /**
   * One push with a lease per ref (`ref:` = must not exist, `ref:<oid>` = must still be
   * oid), atomic when asked; the porcelain lines are parsed by the caller. With `follow`, the
   * push itself sets this repository's own copy of every ref it moved (see PushResult).
   */
  async push(
    remote: string,
    updates: ReadonlyArray<{
      readonly ref: string
      readonly oid: string | null
      readonly expected: string | null
    }>,
    options: PushOptions
  ): Promise<PushResult> {
    const follow = options.follow === true && !/[=\n]/.test(remote)
    const result = await this.run([
      ...NETWORK_CONFIG,
      // Each ref pushed is its own remote-tracking ref: git sets (or deletes) it in this
      // repository once the remote has accepted it, in the push's own process.
      ...(follow ? ['-c', `remote.${remote}.fetch=+refs/*:refs/*`] : []),
      'push',
      '--porcelain',
      '--no-verify',
      ...(follow ? ['--verbose'] : []),
      ...(options.atomic ? ['--atomic'] : []),
      ...updates.map(u => `--force-with-lease=${u.ref}:${u.expected ?? ''}`),
      remote,
      ...updates.map(u => `${u.oid ?? ''}:${u.ref}`)
    ])
    return follow ? followedBy(result) : { ...result, followed: null }
  }

  /**
   * Fetches exactly the named refs into the same local names. Each refspec is a glob on
   * the full name (`<ref>*`), so an absent ref is not an error, and protocol v2 sends the
   * server only these prefixes: the cost does not grow with the namespace. --prune drops a
   * local copy the remote no longer holds, so local refs mirror the remote's.
   */
  fetchRefs(
    remote: string,
    refs: readonly string[],
    options: { readonly depth?: number } = {}
  ): Promise<GitResult> {
    return this.run([
      ...FETCH,
      '--prune',
      ...(options.depth ? [`--depth=${options.depth}`] : []),
      remote,
      ...refs.map(ref => `+${ref}*:${ref}*`)
    ])
  }

  /** Fetches objects by id (protocol v2 lets a client want any object the server holds). */
  fetchObjects(remote: string, oids: readonly string[]): Promise<GitResult> {
    return this.run([...FETCH, remote, ...oids])
  }

  /**
   * Local refs follow a change the remote applied: set or delete each, whatever it held, in
   * one transaction; the caller reads a failure (a lock it names) from the result.
   */
  async mirrorRefs(
    changes: ReadonlyArray<{ ref: string; oid: string | null }>
  ): Promise<GitResult> {
    if (changes.length === 0) return { code: 0, stdout: '', stderr: '' }
    return this.run(
      UPDATE_REFS,
      transaction(
        changes.map(c => (c.oid === null ? `delete ${c.ref}` : `update ${c.ref} ${c.oid}`))
      )
    )
  }

  /** Whether the remote holds any ref under the prefixes (one `ls-remote`). */
  async remoteHolds(remote: string, prefixes: readonly string[]): Promise<boolean> {
    checkPrefixes(prefixes)
    const patterns = prefixes.map(prefix => `${prefix}*`)
    const out = await this.ok([...NETWORK_CONFIG, 'ls-remote', '--refs', remote, ...patterns])
    // A pattern matches a name's tail: only what lies under a prefix counts.
    return out
      .split('\n')
      .map(line => line.split('\t')[1] ?? '')
      .some(ref => prefixes.some(prefix => ref.startsWith(prefix)))
  }

  /** `<oid> <ref>` for the named refs as the remote holds them (absent refs are missing). */
  async lsRemote(remote: string, refs: readonly string[]): Promise<Map<string, string>> {
    const out = await this.ok([...NETWORK_CONFIG, 'ls-remote', '--refs', remote, ...refs])
    const held = new Map<string, string>()
    for (const line of out.split('\n').filter(Boolean)) {
      const [oid, ref] = line.split('\t')
      if (oid && ref && refs.includes(ref)) held.set(ref, oid)
    }
    return held
  }

  /**
   * A tag as the remote lists it: the object the ref holds and the commit it peels to (the
   * `^{}` line git prints for an annotated tag; a lightweight tag holds its commit). Null when
   * the remote has no such tag.
   */
  async lsRemoteTag(
    remote: string,
    tagRef: string
  ): Promise<{ readonly oid: string; readonly commit: string } | null> {
    // A pattern matches the peeled line only when named itself: without `^{}`, an annotated
    // tag's object id would pass for its commit.
    const out = await this.ok([...NETWORK_CONFIG, 'ls-remote', remote, tagRef, `${tagRef}^{}`])
    let oid: string | null = null
    let peeled: string | null = null
    for (const line of out.split('\n').filter(Boolean)) {
      const [id, ref] = line.split('\t')
      if (ref === tagRef) oid = id ?? null
      else if (ref === `${tagRef}^{}`) peeled = id ?? null
    }
    return oid ? { oid, commit: peeled ?? oid } : null
  }

  /** A `git cat-file --batch` process that answers one object at a time. */
  openReader(): ObjectReader {
    return new ObjectReader(this.start(['cat-file', '--batch']), this)
  }

  spawnError(error: NodeJS.ErrnoException): StoreError {
    if (error.code === 'ENOENT')
      return new StoreError('git was not found on PATH. Install git (2.36 or newer) on the runner.')
    return new StoreError(`Could not start git: ${error.message}`)
  }

  failure(args: readonly string[], result: GitResult): StoreError {
    const said = excerpt(result.stderr)
    if (/not a git repository/i.test(said))
      return new StoreError(
        `${this.cwd} is not a git repository. Check the repository out first ` +
          '(actions/checkout) or point repository-path at one.'
      )
    const clash = refNameClash(said)
    if (clash) return clashError(clash, 'this repository')
    return new StoreError(
      `git ${commandName(args)} failed (exit ${result.code}): ${said || '(no message)'}`
    )
  }
}

/** The git command in an argument list: the first word that is not an option or its value. */
export function commandName(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg === '-c' || arg === '-C') i++
    else if (!arg.startsWith('-')) return arg
  }
  return '(no command)'
}

/** Two refs whose names cannot both exist: `a/b` is a ref, so `a/b/c` cannot be created. */
export interface RefNameClash {
  readonly wanted: string
  readonly existing: string
}

/** git's words for a ref that cannot be created because a ref holds a prefix of its name. */
export function refNameClash(stderr: string): RefNameClash | null {
  const match = /cannot lock ref '([^']+)': '([^']+)' exists; cannot create/.exec(stderr)
  return match ? { wanted: match[1] as string, existing: match[2] as string } : null
}

/** A clash is permanent: retrying cannot help, only removing the ref or another namespace. */
export function clashError(clash: RefNameClash, where: string): StoreError {
  return new StoreError(
    `${where} holds the ref ${clash.existing}, so ${clash.wanted} cannot be created (a ref ` +
      'cannot also be a folder of refs). Nothing was admitted or recorded, and a re-run will ' +
      `meet the same ref. Remove or rename ${clash.existing} there, or set the \`namespace\` ` +
      'to a prefix no other ref uses.'
  )
}

/**
 * Every ref transaction: `--no-deref`, so a write moves the ref it names and never the ref a
 * symbolic ref points at (docs/design/writers.md#only-plain-refs).
 */
const UPDATE_REFS = ['update-ref', '--no-deref', '--stdin']

/**
 * The loose refs under prefix (a directory of the git dir) that are symbolic: `ref: <target>`.
 * Read synchronously, as refFiles reads: hundreds of tiny files, each a thread-pool round trip
 * when read asynchronously one after another (about half a millisecond each).
 */
async function looseSymbolicRefs(common: string, prefix: string): Promise<string[]> {
  const found: string[] = []
  const walk = (ref: string): void => {
    const path = join(common, ref)
    const entries = readdirOrNull(path)
    if (entries === null) {
      if (readOrNull(path)?.startsWith('ref:')) found.push(ref)
      return
    }
    for (const entry of entries) if (!entry.name.endsWith('.lock')) walk(`${ref}/${entry.name}`)
  }
  walk(prefix.replace(/\/+$/, ''))
  return found.sort()
}

function readdirOrNull(path: string): Dirent[] | null {
  try {
    return readdirSync(path, { withFileTypes: true })
  } catch {
    return null
  }
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'latin1')
  } catch {
    return null
  }
}

/**
 * The refs under the prefixes as the files backend holds them, matched as for-each-ref matches
 * `<prefix>*` (the `*` never crosses a `/`): the loose ref files of each prefix's directory,
 * then packed-refs for the names no loose file holds. Loose files are read first: a concurrent
 * `git pack-refs` writes packed-refs before it removes a loose file, so no ref is missed between
 * the two reads. Null when anything is unusual (a reftable, a symbolic ref, a file that is not
 * one object id): the caller then asks git.
 */
async function refFiles(
  common: string,
  prefixes: readonly string[]
): Promise<Array<{ ref: string; oid: string }> | null> {
  if (await exists(join(common, 'reftable'))) return null
  const matches = (ref: string) =>
    prefixes.some(p => ref.startsWith(p) && !ref.slice(p.length).includes('/'))
  const found = new Map<string, string>()
  for (const dir of new Set(prefixes.map(p => p.slice(0, p.lastIndexOf('/'))))) {
    // Synchronous reads: a fetch leaves hundreds of loose ref files, and each asynchronous read
    // is a thread-pool round trip of its own (a warm `status` spent a quarter second on them).
    for (const entry of readdirOrNull(join(common, dir)) ?? []) {
      const ref = `${dir}/${entry.name}`
      if (entry.isDirectory() || entry.name.endsWith('.lock') || !matches(ref)) continue
      const text = readOrNull(join(common, ref))
      // A ref deleted since its directory was read is simply not listed.
      if (text === null) continue
      const oid = /^([0-9a-f]{40})\n?$/.exec(text)?.[1]
      if (!oid) return null
      found.set(ref, oid)
    }
  }
  const packed = readOrNull(join(common, 'packed-refs')) ?? ''
  for (const line of packed.split('\n')) {
    const match = /^([0-9a-f]{40}) (refs\/\S+)$/.exec(line)
    const ref = match?.[2]
    if (ref !== undefined && !found.has(ref) && matches(ref)) found.set(ref, match?.[1] as string)
  }
  return [...found]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([ref, oid]) => ({ ref, oid }))
}

/** The committer time (epoch seconds) of a commit; 0 for anything else, as for-each-ref gives. */
export function committerTime(
  object: { readonly type: string; readonly content: string } | null
): number {
  if (object?.type !== 'commit') return 0
  const end = object.content.indexOf('\n\n')
  const header = end === -1 ? object.content : object.content.slice(0, end)
  return Number(/^committer .* (\d+) [+-]\d{4}$/m.exec(header)?.[1] ?? 0)
}

/** A prefix is matched as `<prefix>*`: a glob character in it would widen the listing. */
export function checkPrefixes(prefixes: readonly string[]): void {
  for (const p of prefixes)
    if (/[*?[\\]/.test(p)) throw new StoreError(`a ref prefix has a glob character: ${p}`)
}

/**
 * git may echo a remote URL or, tracing, a request's headers; never let credentials in either
 * reach a log.
 */
export function redact(text: string): string {
  return text
    .replace(/(\w+:\/\/)[^/@\s]+@/g, '$1***@')
    .replace(/(authorization:\s*)(?:(?:basic|bearer|token)\s+)?[^\s"']+/gi, '$1***')
}

/** The most of git's own words an error message quotes (its fatal line is rarely longer). */
export const EXCERPT_LIMIT = 600

/**
 * What an error message quotes of git's stderr: one line, redacted, at most EXCERPT_LIMIT
 * characters. When all of it does not fit, git's own `fatal:`/`error:` lines are kept first,
 * as they say why; whatever else git printed is left out.
 */
export function excerpt(stderr: string): string {
  const lines = saidLines(stderr)
  const all = lines.join(' ')
  if (all.length <= EXCERPT_LIMIT) return all
  const causes = lines.filter(line => /^(fatal|error):/i.test(line)).join(' ')
  return bounded(causes || all)
}

/**
 * The one line of git's stderr that says what went wrong, for a message that names the cause
 * only: its first `fatal:`, `error:` or `remote:` line (a server's hook speaks as `remote:`),
 * else its first line; redacted and at most EXCERPT_LIMIT characters, as excerpt() is. Null
 * when git printed nothing.
 */
export function causeLine(stderr: string): string | null {
  const lines = saidLines(stderr)
  const line = lines.find(l => /^(fatal|error|remote):/.test(l)) ?? lines[0]
  return line === undefined ? null : bounded(line)
}

/** git's stderr redacted, as its non-empty lines, trimmed. */
function saidLines(stderr: string): string[] {
  return redact(stderr)
    .split('\n')
    .map(line => line.trim())
    .filter(Boolean)
}

/** Text cut to EXCERPT_LIMIT characters (never inside a surrogate pair), `…` ending a cut. */
export function bounded(text: string): string {
  if (text.length <= EXCERPT_LIMIT) return text
  let end = EXCERPT_LIMIT - 1
  if (/[\udc00-\udfff]/.test(text.charAt(end))) end--
  return `${text.slice(0, end)}…`
}

/**
 * The environment with git's diagnostics that print to stderr taken out (GIT_TRACE*=1, 2 or
 * true, GIT_CURL_VERBOSE): the store reads git's stderr for what happened (a lock held, a
 * ref refused, a prompt refused), and a trace there would be taken for git's answer and flood
 * every error line. A trace sent to a file (an absolute path, or an af_unix: socket) stays,
 * so git can still be traced, always with its credentials redacted (GIT_TRACE_REDACT=1).
 */
export function quietTraces(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const quiet: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(env)) {
    if (name === 'GIT_CURL_VERBOSE') continue
    if (/^GIT_TRACE/.test(name) && !/^(\/|af_unix:)/.test(value ?? '')) continue
    quiet[name] = value
  }
  quiet.GIT_TRACE_REDACT = '1'
  return quiet
}

export interface RefTime {
  readonly ref: string
  readonly oid: string
  /** The committer time of the commit it points at (epoch seconds). */
  readonly time: number
}

/** Writes one loose object (zlib of `<type> <size>\0<body>`) atomically, fsynced. */
async function writeLoose(objects: string, oid: string, raw: Buffer): Promise<void> {
  const path = join(objects, oid.slice(0, 2), oid.slice(2))
  if (await exists(path)) return
  await mkdir(dirname(path), { recursive: true })
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  const file = await open(temp, 'wx', 0o444)
  try {
    await file.writeFile(deflateSync(raw))
    await file.sync()
  } finally {
    await file.close()
  }
  await rename(temp, path)
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null
}

export interface PushOptions {
  /** All refs or none (git push --atomic): what admission's two refs need. */
  readonly atomic: boolean
  /** The push sets this repository's own copy of each ref it moved (PushResult.followed). */
  readonly follow?: boolean
}

export interface PushResult extends GitResult {
  /**
   * With `follow`: the local refs the push set to what the remote accepted (git's "updating
   * local tracking ref" lines), when git reported no error, warning or failure at all; null
   * otherwise. A ref missing from it may not follow: a refspec of the repository's own config
   * matched it first (git takes the first match), or its update failed (a held lock). The
   * caller then sets the local refs itself.
   */
  readonly followed: readonly string[] | null
}

const TRACKING = /^updating local tracking ref '(.+)'$/

/** A push's result with its verbose lines read and taken out of stderr. */
function followedBy(result: GitResult): PushResult {
  const followed: string[] = []
  const said: string[] = []
  for (const line of result.stderr.split('\n')) {
    const tracked = TRACKING.exec(line)
    if (tracked) followed.push(tracked[1] as string)
    else if (!line.startsWith('Pushing to ')) said.push(line)
  }
  const stderr = said.join('\n')
  const clean = result.code === 0 && !/^(error|fatal|warning):/m.test(stderr)
  return { ...result, stderr, followed: clean ? followed : null }
}

/**
 * The text `git update-ref --stdin` takes for one all-or-nothing transaction: every line is
 * applied after `prepare` has locked and checked all of them, or none is.
 */
export function transaction(lines: readonly string[]): string {
  return ['start', ...lines, 'prepare', 'commit', ''].join('\n')
}

/** The create-only line of a ref transaction: create means "old value must be zero". */
export function createLine(ref: string, oid: string): string {
  return `create ${ref} ${oid}`
}

/** Requests git may still have to answer before more are written (see ObjectReader.schedule). */
const LOW_WATER = 8
/** Requests waiting that are written at once, however many git still has to answer. */
const BATCH = 128

/**
 * An interactive `git cat-file --batch`: each read() queues one name and resolves with its
 * answer, and the names queued together are written to git at once, so a caller can follow a
 * chain (or read an admission, then the ledger it names) inside one process while many
 * concurrent readers share it.
 */
export class ObjectReader {
  private buffer: Buffer = Buffer.alloc(0)
  private readonly waiting: Array<{
    resolve: (value: GitObject | null) => void
    reject: (error: Error) => void
  }> = []
  private failed: Error | null = null
  private stderr = ''
  /** Names read but not yet written to git (see schedule). */
  private readonly pending: string[] = []
  private scheduled = false
  /** Requests written to git and not answered yet. */
  private unanswered = 0

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    git: Git
  ) {
    child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk
      this.drain()
    })
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')))
    child.on('error', error => this.fail(git.spawnError(error)))
    child.on('close', code =>
      this.fail(git.failure(['cat-file'], { code: code ?? 128, stdout: '', stderr: this.stderr }))
    )
    child.stdin.on('error', () => {})
  }

  read(name: string): Promise<GitObject | null> {
    if (/[\n\r]/.test(name)) return Promise.reject(new StoreError('object name has a newline'))
    if (this.failed) return Promise.reject(this.failed)
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject })
      this.pending.push(name)
      this.schedule()
    })
  }

  /**
   * Names asked for are written to git together: on the next turn of the loop when git has
   * little left to answer, else once its answers bring it down to that (drain calls this). One
   * write (one syscall, one wake-up of git) then carries many concurrent readers' requests.
   */
  private schedule(): void {
    if (this.scheduled || this.pending.length === 0) return
    if (this.unanswered > LOW_WATER && this.pending.length < BATCH) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      this.flush()
    })
  }

  private flush(): void {
    const names = this.pending.splice(0)
    if (names.length === 0 || this.child.stdin.writableEnded) return
    this.unanswered += names.length
    this.child.stdin.write(names.join('\n') + '\n')
  }

  close(): void {
    this.failed ??= new StoreError('reader closed')
    this.flush()
    this.child.stdin.end()
  }

  private fail(error: Error): void {
    this.failed ??= error
    for (const waiter of this.waiting.splice(0)) waiter.reject(this.failed)
  }

  private drain(): void {
    this.answer()
    this.schedule()
  }

  /** Resolves every request whose whole answer has arrived, in order. */
  private answer(): void {
    for (;;) {
      const waiter = this.waiting[0]
      if (!waiter) return
      const eol = this.buffer.indexOf(10)
      if (eol === -1) return
      const header = this.buffer.subarray(0, eol).toString('utf8')
      if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
        this.buffer = this.buffer.subarray(eol + 1)
        this.waiting.shift()
        this.unanswered--
        waiter.resolve(null)
        continue
      }
      const [oid, type, sizeText] = header.split(' ')
      const size = Number(sizeText)
      if (!oid || !type || !Number.isInteger(size)) {
        this.fail(new StoreError(`git cat-file answered ${JSON.stringify(header)}`))
        return
      }
      if (this.buffer.length < eol + 1 + size + 1) return
      const bytes = Buffer.from(this.buffer.subarray(eol + 1, eol + 1 + size))
      this.buffer = this.buffer.subarray(eol + 1 + size + 1)
      this.waiting.shift()
      this.unanswered--
      waiter.resolve({ oid, type, content: bytes.toString('utf8'), bytes })
    }
  }
}
