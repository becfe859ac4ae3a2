/**
 * The cache repositories of this store (docs/cli.md#the-cache, docs/design/writers.md#the-local-copy):
 * a bare repository per arbiter that fetches bring its refs into, never the user's clone. It
 * lives in a directory of the user's own (the command line: the user's cache directory; a
 * step: RUNNER_TEMP, the job's own), made mode 0700, and one another user could have written
 * is never used: before any git runs there, each path from the cache root down is checked with
 * lstat (no link, the user's, not writable by group or others) and its config may hold only
 * what `git init` writes. Its git runs no hook and no fsmonitor whatever any config says.
 */
import { createHash, randomBytes } from 'node:crypto'
import { lstat, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, isAbsolute, join } from 'node:path'
import { StoreError } from '../core/errors.js'
import {
  cacheConfigRefusal,
  cachePathRefusal,
  type CacheJudge,
  type PathFacts
} from '../core/cacheSafety.js'
import { Git } from './git.js'

/** Where the caches of one kind live, and the variable that moves them (named in fixes). */
export interface CacheLocation {
  readonly root: string
  readonly setting: 'XDG_CACHE_HOME' | 'RUNNER_TEMP'
}

/** A cache repository ready for git, and the environment its git processes run with. */
export interface Cache {
  readonly dir: string
  readonly env: NodeJS.ProcessEnv
}

/** The user's cache directory: `$XDG_CACHE_HOME/dispatch-ledger`, else `~/.cache/dispatch-ledger`. */
export function userCacheLocation(env: NodeJS.ProcessEnv): CacheLocation {
  // The XDG base directory rules ignore a relative path.
  const xdg = env.XDG_CACHE_HOME
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.cache')
  return { root: join(base, 'dispatch-ledger'), setting: 'XDG_CACHE_HOME' }
}

/**
 * A step's: RUNNER_TEMP is the job's own directory, emptied by the runner between jobs, so a
 * cache there is never shared with another job or user; outside a runner, the user's.
 */
export function stepCacheLocation(env: NodeJS.ProcessEnv): CacheLocation {
  return env.RUNNER_TEMP
    ? { root: join(env.RUNNER_TEMP, 'dispatch-ledger'), setting: 'RUNNER_TEMP' }
    : userCacheLocation(env)
}

/**
 * Config every git process of a cache gets, after any entries the environment already has:
 * no hook (core.hooksPath at a file that holds none) and no fsmonitor, whatever the user's or
 * the cache's config says.
 */
const CACHE_CONFIG: ReadonlyArray<readonly [string, string]> = [
  ['core.hooksPath', '/dev/null'],
  ['core.fsmonitor', 'false']
]

/** The environment with config entries added after the GIT_CONFIG_COUNT ones it has. */
export function withConfig(
  env: NodeJS.ProcessEnv,
  entries: ReadonlyArray<readonly [string, string]>
): NodeJS.ProcessEnv {
  const given = Number(env.GIT_CONFIG_COUNT ?? '0')
  const start = Number.isInteger(given) && given > 0 ? given : 0
  const added: NodeJS.ProcessEnv = { GIT_CONFIG_COUNT: String(start + entries.length) }
  entries.forEach(([key, value], i) => {
    added[`GIT_CONFIG_KEY_${start + i}`] = key
    added[`GIT_CONFIG_VALUE_${start + i}`] = value
  })
  return { ...env, ...added }
}

export interface OpenCacheOptions {
  readonly location: CacheLocation
  /** The arbiter the cache copies (one cache per URL). */
  readonly url: string
  /** The git environment (credentials included); the cache's settings are added to it. */
  readonly env: NodeJS.ProcessEnv
  /**
   * A `*.lock` file found in the cache at open is a killed git's, so the cache is made again
   * before use: true where nothing else can be using it (a job's steps run one at a time).
   */
  readonly remakeIfLocked: boolean
}

/** The cache repository for a URL, made when absent; a refusal throws, nothing run in it. */
export async function openCache(options: OpenCacheOptions): Promise<Cache> {
  const judge: CacheJudge = { uid: process.getuid?.() ?? null, setting: options.location.setting }
  const env = withConfig(options.env, CACHE_CONFIG)
  const root = options.location.root
  await mkdir(dirname(root), { recursive: true, mode: 0o700 }).catch(() => {})
  await ownDirectory(root, judge)
  const dir = join(root, createHash('sha256').update(options.url).digest('hex').slice(0, 16))
  await ownDirectory(dir, judge)
  const cache = { dir, env }
  const held = await checkContents(dir, judge)
  if (!held.has('HEAD')) await initCache(cache)
  else if (options.remakeIfLocked && (await hasLock(dir, held))) await remakeCache(cache)
  return cache
}

/**
 * Whether git left a `*.lock` file in the cache (a killed git's, or a live one's): at the top
 * (packed-refs.lock, shallow.lock, HEAD.lock, config.lock, index.lock) or among its refs.
 */
export async function hasLock(dir: string, held?: ReadonlySet<string>): Promise<boolean> {
  const top = held ?? new Set(await readdir(dir).catch(() => []))
  if ([...top].some(name => name.endsWith('.lock'))) return true
  const refs = await readdir(join(dir, 'refs'), { recursive: true }).catch(() => [])
  return refs.some(name => name.endsWith('.lock'))
}

/**
 * The cache made again, fresh: the old one moved aside (so no git still in it writes into the
 * new one) and removed. It is a copy of the arbiter, so nothing is lost; the next fetch brings
 * what is needed again.
 */
export async function remakeCache(cache: Cache): Promise<void> {
  const aside = `${cache.dir}.stale-${process.pid}-${randomBytes(4).toString('hex')}`
  await rename(cache.dir, aside).catch(error => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  })
  await mkdir(cache.dir, { mode: 0o700 }).catch(error => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  })
  await initCache(cache)
  await rm(aside, { recursive: true, force: true })
}

/** `git init --bare` with no template: no sample hooks, nothing but what git needs. */
async function initCache(cache: Cache): Promise<void> {
  await new Git(cache.dir, cache.env).ok(['init', '--quiet', '--bare', '--template='])
}

/** A directory of the cache: made mode 0700 when absent, else checked before any use. */
async function ownDirectory(path: string, judge: CacheJudge): Promise<void> {
  await mkdir(path, { mode: 0o700 }).catch(error => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new StoreError(
        `Cannot make the cache directory ${path} (${(error as NodeJS.ErrnoException).code}). ` +
          `Set ${judge.setting} to a directory you can write.`
      )
  })
  refuse(cachePathRefusal(await factsOf(path), { ...judge, directory: true }))
}

/**
 * Each entry at the top of the repository (HEAD, config, objects, refs, the memo, ...) is a
 * plain file or directory of the user's, and the config holds only what `git init` writes.
 * Below the top nothing else needs a look: the repository directory is the user's and no one
 * else may write it. Returns the names there.
 */
async function checkContents(dir: string, judge: CacheJudge): Promise<Set<string>> {
  const names = await readdir(dir)
  for (const name of names)
    refuse(cachePathRefusal(await factsOf(join(dir, name)), { ...judge, directory: false }))
  if (names.includes('config')) {
    const path = join(dir, 'config')
    refuse(cacheConfigRefusal(path, await readFile(path, 'utf8'), judge))
  }
  return new Set(names)
}

async function factsOf(path: string): Promise<PathFacts> {
  const info = await lstat(path)
  const kind = info.isSymbolicLink()
    ? 'symlink'
    : info.isDirectory()
      ? 'directory'
      : info.isFile()
        ? 'file'
        : 'other'
  return { path, kind, uid: info.uid, mode: info.mode }
}

function refuse(refusal: string | null): void {
  if (refusal !== null) throw new StoreError(refusal)
}
