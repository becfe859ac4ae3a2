/**
 * docs/design/states.md: the one rule for which attempt a `dispatched` or `attempt_failed` record is about.
 * The writer fills it in (commands/record.ts), the verifier requires it (transition.ts), and a
 * coordinator asks for it (dispatchAttemptFor): all three read it from here. Pure.
 */
import type { Attempt } from './record.js'
import type { State } from './states.js'

/** What the rule needs of the ledger's head: a record, or a run's recovered state. */
export interface AttemptHead {
  readonly state: State
  /** The attempt the head is about (dispatched and attempt_failed carry one). */
  readonly attempt: Attempt | null
}

/**
 * The attempt a record in `next` appended after `head` is about, or null when the state machine
 * puts no constraint on it (or the transition is illegal):
 * - the first `dispatched` after `admitted` starts attempt 1 (`initial`);
 * - a `dispatched` after `dispatched` is a submission update of the same attempt;
 * - a `dispatched` after `attempt_failed` starts the next attempt (`retry`);
 * - an `attempt_failed` fails the attempt the head is about (after `dispatched`, or an
 *   operator's answer after `attempt_failed`).
 */
export function nextAttempt(head: AttemptHead | null, next: State): Attempt | null {
  if (head === null) return null
  const current = head.attempt
  if (next === 'dispatched') {
    if (head.state === 'admitted') return { number: 1, reason: 'initial' }
    if (head.state === 'dispatched') return current
    if (head.state === 'attempt_failed')
      return current === null ? null : { number: current.number + 1, reason: 'retry' }
    return null
  }
  if (next === 'attempt_failed' && (head.state === 'dispatched' || head.state === 'attempt_failed'))
    return current
  return null
}
