/**
 * The one at-most-once send protocol (docs/design/dispatch.md#reconcile,
 * docs/design/effects.md#drafts-and-unknown): what comes after a send, what a lookup allows,
 * and the one budget of sends. Pure: the provider's I/O happens outside, and every caller (a
 * run's dispatch, a tag, a release) asks these two functions what to do next.
 */
import type { LookupOutcome, SendOutcome } from './outcome.js'

/** A step sends at most twice: the send and one fenced re-send (or the next attempt). */
export const MAX_SENDS_PER_STEP = 2

/** An attempt is sent at most twice in all: the send and one fenced re-send. */
export const MAX_SENDS_PER_ATTEMPT = 2

/**
 * How many more sends are allowed: what this step has left, and, when the sends of the attempt
 * are counted (a run's attempt; an effect has none), what the attempt has left.
 */
export function sendsLeft(sentThisStep: number, sentThisAttempt?: number): number {
  const step = MAX_SENDS_PER_STEP - sentThisStep
  if (sentThisAttempt === undefined) return step
  return Math.min(step, MAX_SENDS_PER_ATTEMPT - sentThisAttempt)
}

/** What the protocol needs to know about a provider. */
export interface ProviderTraits {
  /** Safe to send again while the outcome is unresolved: the provider deduplicates. */
  readonly fenced: boolean
  /** The effect and its record travel together (an atomic push): a send settles both. */
  readonly commitsWithRecord: boolean
}

export type AfterSend =
  /** Made, and its record travelled with it: nothing to append. */
  | 'committed'
  /** Accepted: record what the provider answered. */
  | 'record'
  /** Definitely refused, and nothing can exist: record the failure. */
  | 'fail'
  /** It may exist: look it up before anything else. */
  | 'lookup'
  /** Refused together with its record: nothing was written, nothing to record. */
  | 'stop'

/**
 * After a send. `refusalIsFinal`: a definite refusal proves nothing exists (false when an
 * earlier send of the same work may have landed, so only a lookup can tell).
 */
export function afterSend(
  outcome: SendOutcome,
  provider: ProviderTraits,
  refusalIsFinal: boolean
): AfterSend {
  switch (outcome.kind) {
    case 'submitted':
      return provider.commitsWithRecord ? 'committed' : 'record'
    case 'refused':
      if (provider.commitsWithRecord) return 'stop'
      return refusalIsFinal ? 'fail' : 'lookup'
    case 'ambiguous':
    case 'preempted':
      return 'lookup'
  }
}

export type AfterLookup =
  /** Record what the provider has: the work is ours. */
  | 'adopt'
  /** Record the attempt failed (retryable), then send the next attempt. */
  | 'fail_and_retry'
  /** Record the attempt failed (retryable); this step may not send again. */
  | 'fail_only'
  /** Send the same attempt again: the provider is fenced. */
  | 'resend'
  /** Nothing may be sent or recorded as settled: a later step or an operator resolves it. */
  | 'unresolved'
  /** Another actor holds it: record the conflict; nothing is sent. */
  | 'conflict'
  /** The lookup learnt nothing: stop, and a later step looks again. */
  | 'stop'

/**
 * Only a fenced provider is ever re-sent an unresolved attempt; only a provably empty
 * provider ends an attempt; `sendsLeft` (see sendsLeft()) keeps the budget.
 */
export function afterLookup(
  lookup: LookupOutcome,
  options: { readonly fenced: boolean; readonly sendsLeft: number }
): AfterLookup {
  switch (lookup.kind) {
    case 'found':
      return 'adopt'
    case 'absent':
      return options.sendsLeft > 0 ? 'fail_and_retry' : 'fail_only'
    case 'unknown':
      return options.fenced && options.sendsLeft > 0 ? 'resend' : 'unresolved'
    case 'conflict':
      return 'conflict'
    case 'unavailable':
      return 'stop'
  }
}
