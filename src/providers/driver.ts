import { idempotencyKey } from '../core/dispatchMove.js'
import type { RecoveredRunState } from '../core/reconstruct.js'
import type { Provider } from '../core/send/provider.js'

/** What a driver is told about one attempt. Every value is passed as data, never as code. */
export interface AttemptCall {
  readonly dispatch_key: string
  readonly run_id: string
  readonly attempt: number
  /** `<run id>/a<attempt>`: what a fenced provider deduplicates by. */
  readonly idempotency_key: string
}

/** The call a driver gets for `attempt` of the run in `state`. */
export function attemptCall(state: RecoveredRunState, attempt: number): AttemptCall {
  return {
    dispatch_key: state.dispatch_key,
    run_id: state.run_id,
    attempt,
    idempotency_key: idempotencyKey(state.run_id, attempt)
  }
}

/**
 * A provider behind `command: dispatch` (docs/design/dispatch.md#what-dispatch-does). A driver
 * reports what it observed, classified by the pure rules in core/send/outcome.ts; it never
 * retries and never decides what the ledger says next. Its record is written apart from the
 * send, so `commitsWithRecord` is false.
 */
export interface Driver extends Provider<AttemptCall> {
  /** `provider.driver` in the records: `workflow` or `command`. */
  readonly name: string
  /** External ids known before the send, recorded with the intent (the receiver key). */
  intentIds(call: AttemptCall): Record<string, string>
}
