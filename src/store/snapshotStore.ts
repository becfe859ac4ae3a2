/**
 * The command line's store (docs/cli.md): the arbiter's namespace brought with ONE fetch into
 * a cache repository of its own (the ledger repository's, keyed by the arbiter's URL), so the
 * user's refs are never written, then read with the same layout code the actions use. It is
 * read-only: every write is refused before it reaches the arbiter.
 */
import { join, resolve } from 'node:path'
import { stat } from 'node:fs/promises'
import { InvalidInput, StoreError } from '../core/errors.js'
import { isMissingCredentials } from '../core/refusal.js'
import { LEDGER_REPOSITORY_NAME } from '../core/ledgerRepositoryName.js'
import { validateNamespace } from '../core/refs.js'
import { causeLine, Git, redact } from './git.js'
import { IndexedStore } from './index/indexedStore.js'
import { RemoteRefs } from './index/physical.js'
import {
  hasLock,
  openCache,
  remakeCache,
  userCacheLocation,
  type Cache
} from './cacheRepository.js'
import { credentialEnv, ledgerUrl } from './ledgerRepository.js'
import { MEMO_FILE } from './cacheNames.js'
import { MemoFile } from './memo.js'
import { ReadOnlyStore } from './readOnlyStore.js'

export interface SnapshotOptions {
  /** The clone whose remote is read (the working directory by default). */
  readonly repositoryPath: string
  /** A remote's name in that clone, or a URL or path of the arbiter itself. */
  readonly remote: string
  /** `owner/name`: read that ledger repository instead (on `serverUrl`). */
  readonly ledgerRepository?: string | null
  readonly serverUrl?: string
  readonly namespace: string
  readonly env: NodeJS.ProcessEnv
  /**
   * Keep a memo of derived views in the cache repository (memo.ts), for the build with this
   * fingerprint; null or absent: none (every view is derived again).
   */
  readonly memo?: { readonly fingerprint: string } | null
}

/** Where the arbiter is, and what to call it in messages (never with credentials). */
interface Arbiter {
  readonly url: string
  readonly name: string
  readonly env: NodeJS.ProcessEnv
  /** the variable the token sent to it came from, when one is */
  readonly token?: 'GH_TOKEN' | 'GITHUB_TOKEN'
}

export async function openSnapshotStore(options: SnapshotOptions): Promise<ReadOnlyStore> {
  const namespace = validateNamespace(options.namespace)
  const arbiter = await findArbiter(options)
  // The user's own cache: another user's, a link or a writable-by-others one is refused here.
  const cache = await openCache({
    location: userCacheLocation(options.env),
    url: arbiter.url,
    env: arbiter.env,
    remakeIfLocked: false
  })
  const refs = await fetchedInto(cache, arbiter, namespace)
  const memo = options.memo
    ? MemoFile.open(join(cache.dir, MEMO_FILE), options.memo.fingerprint)
    : null
  return new ReadOnlyStore(new IndexedStore(refs), memo ? { memo } : {})
}

/**
 * The whole namespace in one fetch: every later read of this process is covered by it. Two
 * commands of one user may share the cache at once, so a lock there may be live and is not
 * looked for first; but one git could not take even after waiting for it (a killed git's) makes
 * the cache again, and the fetch is made once more in the fresh copy. Nothing was read before
 * it, so nothing this process knows is lost with the old copy.
 */
async function fetchedInto(cache: Cache, arbiter: Arbiter, namespace: string): Promise<RemoteRefs> {
  const fetch = async () => {
    const refs = new RemoteRefs(new Git(cache.dir, cache.env), arbiter.name, {
      remote: arbiter.url,
      snapshot: true,
      refusal: (access, said) => new StoreError(refusedRead(arbiter, access, said))
    })
    await refs.bring([`${namespace}/`], { shallow: false, refresh: true })
    return refs
  }
  try {
    return await fetch()
  } catch (error) {
    if (!(await hasLock(cache.dir))) throw error
    await remakeCache(cache)
    return fetch()
  }
}

/**
 * Why the arbiter refused, told apart as their fixes differ: no credentials at all, or
 * credentials it does not take (a wrong or expired token, or one that may not read it: GitHub
 * answers 404 for a repository a token cannot see, as for one that does not exist).
 */
function refusedRead(arbiter: Arbiter, access: 'read' | 'write', said: string): string {
  if (isMissingCredentials(said) && !arbiter.token)
    return (
      `${arbiter.name} asked for credentials and none were given (${said}). Set GH_TOKEN to a ` +
      `token that may read it (\`gh auth token\` prints yours) for --ledger-repository, or give ` +
      'git a credential helper for the remote.'
    )
  return (
    `${arbiter.name} refused the credentials given (${said}): the token ` +
    `${arbiter.token ? `in ${arbiter.token}` : 'of your git credential helper'} is wrong, ` +
    `expired, or may not ${access} it (GitHub answers 404 for a repository a token cannot see, ` +
    'as for one that does not exist: check the name too). Give a token with contents: read on it.'
  )
}

async function findArbiter(options: SnapshotOptions): Promise<Arbiter> {
  const { env } = options
  if (options.ledgerRepository) {
    const repository = options.ledgerRepository
    if (!LEDGER_REPOSITORY_NAME.test(repository))
      throw new InvalidInput(
        `--ledger-repository ${JSON.stringify(repository)} is not owner/name. Give it as ` +
          'owner/name, for example octo-org/dispatch-ledger-state.'
      )
    const url = ledgerUrl(options.serverUrl || env.GITHUB_SERVER_URL, repository)
    const token = env.GH_TOKEN || env.GITHUB_TOKEN || ''
    const from = env.GH_TOKEN ? 'GH_TOKEN' : env.GITHUB_TOKEN ? 'GITHUB_TOKEN' : undefined
    // The token reaches git only through its environment, never argv or a config file.
    return {
      url,
      name: repository,
      env: token ? credentialEnv(env, url, token) : env,
      ...(from ? { token: from } : {})
    }
  }
  const remote = options.remote
  const path = resolve(options.repositoryPath)
  if (isUrl(remote)) return { url: remote, name: redact(remote), env }
  if (isPath(remote)) return { url: resolve(path, remote), name: remote, env }
  if (!(await stat(path).catch(() => null))?.isDirectory())
    throw new InvalidInput(
      `--repository ${path} is not a directory. Give the path of a clone, or --remote with the ` +
        "arbiter's URL."
    )
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(remote))
    throw new InvalidInput(
      `--remote ${JSON.stringify(remote)} is not a remote name, a URL or a path.`
    )
  const clone = await new Git(path, env).run(['rev-parse', '--git-dir'])
  if (clone.code !== 0)
    throw new InvalidInput(
      `${path} is not a git clone (${firstWords(clone.stderr)}). Run dispatch-ledger inside a ` +
        'clone of the repository, or give --repository PATH, --remote URL or --ledger-repository owner/name.'
    )
  const got = await new Git(path, env).run(['remote', 'get-url', remote])
  if (got.code !== 0)
    throw new InvalidInput(
      `The repository at ${path} has no remote named ${remote} (${firstWords(got.stderr)}). ` +
        'Run it inside a clone, or give --repository PATH, --remote URL or --ledger-repository owner/name.'
    )
  const url = got.stdout.trim()
  // A relative path in the clone's config is relative to the clone, not to the cache.
  return { url: isUrl(url) ? url : resolve(path, url), name: remote, env }
}

/** `https://…`, `file://…`, `ssh://…`, or git's `user@host:path`. */
function isUrl(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[^/\\:]+@[^/\\:]+:/.test(text)
}

function isPath(text: string): boolean {
  return text.startsWith('/') || text.startsWith('.') || text.includes('/')
}

function firstWords(stderr: string): string {
  return causeLine(stderr) ?? 'git said nothing'
}
