/**
 * The provider port of the one send protocol (protocol.ts): the I/O side, which observes and
 * classifies but never decides. Four providers implement it, in src/providers/: the workflow
 * and command drivers of `command: dispatch`, and the tag push and release create of
 * `command: effect`.
 */
import type { LookupOutcome, SendOutcome } from './outcome.js'
import type { ProviderTraits } from './protocol.js'

/** External ids as recorded: what the provider answered about the work so far. */
export type ExternalIds = Readonly<Record<string, string>>

export interface Provider<Call> extends ProviderTraits {
  /** `provider.driver` in a run's records, or the effect's kind. */
  readonly name: string
  /** One request, bounded, never retried; `recorded`: the ids recorded so far. */
  send(call: Call, recorded: ExternalIds): Promise<SendOutcome>
  /** Looks the work up; `unknown` when the provider cannot say. */
  lookup(call: Call, recorded: ExternalIds): Promise<LookupOutcome>
}
