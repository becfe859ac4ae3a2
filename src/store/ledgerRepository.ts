/**
 * A ledger repository of its own (docs/design/ledger-repository.md): the arbiter is
 * `<server>/<owner>/<name>.git`, reached with a token that only the git processes' environment
 * carries (an `http.<url>.extraheader` through GIT_CONFIG_COUNT), never a command line, a stored
 * URL or a config file. The local side is a cache repository of its own under RUNNER_TEMP
 * (cacheRepository.ts), so a step needs no checkout of the code repository and the workspace's
 * `.git` is never touched.
 */
import { InvalidInput, StoreError } from '../core/errors.js'
import { openCache, stepCacheLocation, withConfig } from './cacheRepository.js'
import { Git } from './git.js'
import { IndexedStore, type LayoutOptions } from './index/indexedStore.js'
import { RemoteRefs, type RemoteOptions } from './index/physical.js'

export interface LedgerRepository {
  /** `owner/name`. */
  readonly repository: string
  /** The ledger-token (or the token input it falls back to). */
  readonly token: string
}

/** The arbiter's URL: the server's, as GITHUB_SERVER_URL names it, then `/<owner>/<name>.git`. */
export function ledgerUrl(serverUrl: string | undefined, repository: string): string {
  return `${(serverUrl || 'https://github.com').replace(/\/+$/, '')}/${repository}.git`
}

/** The header git sends: HTTP Basic with the user GitHub documents for tokens. */
export function authorizationHeader(token: string): string {
  return `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64')}`
}

/**
 * The environment of every git process of this store: the step's, plus one more config entry
 * (after any GIT_CONFIG_COUNT entries already there) that sends the token to this URL only.
 */
export function credentialEnv(
  env: NodeJS.ProcessEnv,
  url: string,
  token: string
): NodeJS.ProcessEnv {
  return withConfig(env, [[`http.${url}.extraheader`, authorizationHeader(token)]])
}

/**
 * The store whose arbiter is a ledger repository; its name is `owner/name`. `code`: the
 * checkout of the code repository, when the step has one with an origin (effect's tags go there).
 */
export class LedgerRepositoryStore extends IndexedStore {
  constructor(
    refs: RemoteRefs,
    options: LayoutOptions,
    readonly code: Git | null
  ) {
    super(refs, options)
  }
}

export async function openLedgerStore(
  ledger: LedgerRepository,
  options: {
    readonly env: NodeJS.ProcessEnv
    readonly layout: LayoutOptions & RemoteOptions
    /** The code repository's checkout, if the step has one with an origin. */
    readonly code?: Git | null
  }
): Promise<LedgerRepositoryStore> {
  const { repository, token } = ledger
  if (token.trim() === '')
    throw new InvalidInput(
      `ledger-repository ${repository} needs a token that may write it: set \`ledger-token\` ` +
        `(contents: write on ${repository}, for example from actions/create-github-app-token). ` +
        'Nothing was admitted.'
    )
  const url = ledgerUrl(options.env.GITHUB_SERVER_URL, repository)
  // A killed git's lock in the job's cache is no reason to fail: the cache is made again.
  const cache = await openCache({
    location: stepCacheLocation(options.env),
    url,
    env: credentialEnv(options.env, url, token),
    remakeIfLocked: true
  })
  const git = new Git(cache.dir, cache.env)
  const refs = new RemoteRefs(git, repository, {
    ...options.layout,
    remote: url,
    refusal: (access, said) => refused(repository, access, said)
  })
  return new LedgerRepositoryStore(refs, options.layout, options.code ?? null)
}

/** A token that may not read or may not write the ledger repository: what to fix, named. */
function refused(repository: string, access: 'read' | 'write', said: string): StoreError {
  return new StoreError(
    `The ledger repository ${repository} refused to let this job ${access} its refs (${said}). ` +
      'Nothing was admitted or recorded. The `ledger-token` needs `contents: write` on ' +
      `${repository}; GitHub answers 404 both for a repository that does not exist and for one ` +
      'the token cannot see, so check the name as well.'
  )
}
