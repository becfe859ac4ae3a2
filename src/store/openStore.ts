import { readFile, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { InvalidInput, StoreError } from '../core/errors.js'
import { forkOf, originRefusal } from '../core/refusal.js'
import { parseArchiveAfter, parseRetentionDays } from '../core/index/layout.js'
import { Git } from './git.js'
import { LocalStore } from './localStore.js'
import { RemoteStore } from './remoteStore.js'
import type { Store } from './store.js'
import { openLedgerStore, type LedgerRepository } from './ledgerRepository.js'

export interface StoreOptions {
  readonly repositoryPath: string
  readonly remote: string
  /** The archive-after input (docs/design/storage.md): `1h` when empty. */
  readonly archiveAfter?: string
  /** The retention-days input (docs/design/storage.md#retention): `0`, forever, when empty. */
  readonly retentionDays?: string
  readonly env: NodeJS.ProcessEnv
  /** Where a store's warnings go (the step's log). */
  readonly warn?: (message: string) => void
  /** ledger-repository: the arbiter is that repository, and no checkout is needed. */
  readonly ledger?: LedgerRepository | null
}

/**
 * The store the inputs ask for. `auto`: inside GitHub Actions every job is a fresh machine,
 * so only the remote can arbitrate between runs — use origin. Without an origin there is no
 * arbiter, and the step fails rather than admit into the runner's own disposable clone (a
 * local store there decides nothing between runs, so exactly-once would be off while the step
 * said it was on); `remote: none` is the explicit choice of that store. Under act (ACT=true)
 * or outside Actions the local repository decides.
 */
export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.ledger)
    return openLedgerStore(options.ledger, {
      env: options.env,
      layout: layoutOf(options),
      code: await codeCheckout(options)
    })
  const path = resolve(options.repositoryPath || options.env.GITHUB_WORKSPACE || process.cwd())
  const info = await stat(path).catch(() => null)
  if (!info?.isDirectory())
    throw new InvalidInput(
      `The repository path ${path} is not a directory. Check the repository out first ` +
        '(actions/checkout) or set repository-path.'
    )
  const layout = layoutOf(options)
  const git = new Git(path, options.env)
  const remote = options.remote.trim()
  if (remote === 'none') return new LocalStore(git, layout)
  if (remote === 'auto') {
    if (options.env.ACT === 'true' || options.env.GITHUB_ACTIONS !== 'true')
      return new LocalStore(git, layout)
    if (await git.hasRemote('origin'))
      return new RemoteStore(git, 'origin', {
        ...layout,
        ...(await refusalOf('origin', options.env))
      })
    // Not a repository at all is the truer message (git's own, naming actions/checkout).
    await git.ok(['rev-parse', '--git-dir'])
    throw new InvalidInput(
      `remote: auto: the repository at ${path} has no origin remote, and inside GitHub Actions a local store ` +
        'decides nothing between runs: each job runs on a fresh machine, so a second run would ' +
        'admit the same key again. Check the repository out with actions/checkout (which sets ' +
        'origin), name another remote, or set remote: none to choose a local store that gives ' +
        'no exactly-once between runs. Nothing was admitted.'
    )
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(remote))
    throw new InvalidInput(
      `The remote input ${JSON.stringify(remote)} is not auto, none or a remote name.`
    )
  if (!(await git.hasRemote(remote)))
    throw new InvalidInput(
      `The repository at ${path} has no remote named ${remote}. Use remote: auto, remote: none, ` +
        'or the name of a configured remote.'
    )
  return new RemoteStore(git, remote, { ...layout, ...(await refusalOf(remote, options.env)) })
}

/**
 * How a refusal by the remote is said: naming the cause (no credentials, a fork's read-only
 * token, a missing permission) from the event the step runs on.
 */
async function refusalOf(remote: string, env: NodeJS.ProcessEnv) {
  const eventName = env.GITHUB_EVENT_NAME ?? ''
  const payload =
    env.GITHUB_EVENT_PATH && eventName.startsWith('pull_request')
      ? await readFile(env.GITHUB_EVENT_PATH, 'utf8')
          .then(text => JSON.parse(text) as unknown)
          .catch(() => null)
      : null
  const fork = forkOf(eventName, payload, env.GITHUB_REPOSITORY ?? '')
  return {
    refusal: (access: 'read' | 'write', said: string) =>
      new StoreError(originRefusal({ remote, access, said, fork }))
  }
}

/** The store settings every step gives, parsed (a bad value is an input error, nothing read). */
function layoutOf(options: StoreOptions) {
  return {
    archiveAfterSeconds: parseArchiveAfter(options.archiveAfter ?? ''),
    retentionDays: parseRetentionDays(options.retentionDays ?? ''),
    warn: options.warn
  }
}

/**
 * With a ledger repository the step needs no checkout; when it has one with an origin, that is
 * where effect's tags go (found from the config file, no process, in the usual layouts).
 */
async function codeCheckout(options: StoreOptions): Promise<Git | null> {
  const path = resolve(options.repositoryPath || options.env.GITHUB_WORKSPACE || process.cwd())
  // No `.git` there: no checkout, and no git process spent finding that out.
  if (!(await stat(join(path, '.git')).catch(() => null))) return null
  const git = new Git(path, options.env)
  return (await git.hasRemote('origin').catch(() => false)) ? git : null
}
