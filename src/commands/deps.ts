/**
 * The one command contract (docs/development.md#code-map): every command is
 * `<command>(input, deps)` — plain values in, a result out — and `deps` is the same three
 * things for all of them: the store its chains live in, the clock it dates records by, and the
 * one GitHub gateway.
 */
import type { GitHubGateway } from '../github/gateway.js'
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
