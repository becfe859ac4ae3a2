/**
 * The one command contract (docs/development.md#code-map): every command is
 * `<command>(input, deps)` — plain values in, a result out — and `deps` is the same three
 * things for all of them: the store its chains live in, the clock it dates records by, and the
 * one GitHub gateway.
 */
import { GitHubGateway } from '../github/gateway.js'
import { proxyConfigured } from '../github/rest.js'
import type { LedgerRepository } from '../store/ledgerRepository.js'

// The composition root masks what git will be sent, and names the ledger repository's shape.
export { authorizationHeader, type LedgerRepository } from '../store/ledgerRepository.js'
import { openStore } from '../store/openStore.js'
import type { Store } from '../store/store.js'

/** Where a command reads the time: every record it writes is dated by `now()`. */
export interface Clock {
  now(): Date
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() }

/**
 * What every command gets besides its input. `github` is the gateway of src/github/gateway.ts,
 * null or absent when there is none; a command that calls GitHub names the parts it uses (`G`;
 * none by default), so a test can stand in for exactly those.
 */
export interface CommandDeps<G extends keyof GitHubGateway = never> {
  readonly store: Store
  readonly clock: Clock
  readonly github?: Pick<GitHubGateway, G> | null
}

/** The deps the action builds once for its command: every call of the gateway is there. */
export interface ActionDeps extends CommandDeps<keyof GitHubGateway> {
  readonly github: GitHubGateway
}

export interface OpenOptions {
  /** The repository-path input; GITHUB_WORKSPACE, else the working directory, when empty. */
  readonly repositoryPath: string
  /** The remote input: auto, none or the name of a remote. */
  readonly remote: string
  /** The archive-after input (`1h` when empty). */
  readonly archiveAfter?: string
  /** The retention-days input (`0`, forever, when empty). */
  readonly retentionDays?: string
  /** The token input; may be empty for commands that make no call. */
  readonly token: string
  /** The timeout-seconds input: the bound on each GitHub request. */
  readonly timeoutSeconds: number
  /** The step's environment (GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_SERVER_URL, …). */
  readonly env: NodeJS.ProcessEnv
  /** Where the store's warnings go (the step's log). */
  readonly warn?: (message: string) => void
  /** ledger-repository and its token: the arbiter is that repository; null: this one's origin. */
  readonly ledger?: LedgerRepository | null
}

/**
 * Opens the store the inputs ask for (store/openStore.ts) and builds the one GitHub gateway,
 * from plain values. The gateway loads octokit and reads GITHUB_REPOSITORY only when a command
 * makes its first call.
 */
export async function openDeps(options: OpenOptions): Promise<ActionDeps> {
  const { env } = options
  const store = await openStore({
    repositoryPath: options.repositoryPath,
    remote: options.remote,
    archiveAfter: options.archiveAfter ?? '',
    retentionDays: options.retentionDays ?? '',
    env,
    warn: options.warn,
    ledger: options.ledger ?? null
  })
  const github = new GitHubGateway({
    token: options.token,
    apiUrl: env.GITHUB_API_URL,
    repository: env.GITHUB_REPOSITORY,
    serverUrl: env.GITHUB_SERVER_URL,
    timeoutSeconds: options.timeoutSeconds,
    proxied: proxyConfigured(env)
  })
  return { store, clock: systemClock, github }
}
