import type { LookupOutcome, SendOutcome } from '../core/sendOutcome.js'

/** What a driver is told about one attempt. Every value is passed as data, never as code. */
export interface AttemptCall {
  readonly dispatch_key: string
  readonly run_id: string
  readonly attempt: number
  /** `<run id>/a<attempt>`: what a fenced provider deduplicates by. */
  readonly idempotency_key: string
}

/**
 * A provider behind `command: dispatch` (SPEC §10). A driver reports what it observed,
 * classified by the pure rules in core/sendOutcome.ts; it never retries and never decides
 * what the ledger says next.
 */
export interface Driver {
  /** `provider.driver` in the records: `workflow` or `command`. */
  readonly name: string
  /** The provider deduplicates a re-sent attempt (a fenced receiver, or `fenced: true`). */
  readonly fenced: boolean
  /** External ids known before the send, recorded with the intent (the receiver key). */
  intentIds(call: AttemptCall): Record<string, string>
  /** One request, bounded by timeout-seconds, no retry; `recorded`: the attempt's ids so far. */
  send(call: AttemptCall, recorded: Readonly<Record<string, string>>): Promise<SendOutcome>
  /** Looks the attempt up; `unknown` when the provider cannot say. */
  lookup(call: AttemptCall, recorded: Readonly<Record<string, string>>): Promise<LookupOutcome>
}
