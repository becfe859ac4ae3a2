/**
 * SPEC §5: the one definition of what may be appended after what. Pure: no I/O.
 *
 * `checkAppend` is what a writer calls before a compare-and-set append; `reconstruct`
 * folds a stored chain through the same `findAppendProblem`, so an append the writer
 * accepts is exactly a link the reader verifies.
 */
import { digestOf } from './canonical.js'
import { BrokenChain, IllegalTransition } from './errors.js'
import type { LedgerRecord } from './record.js'
import {
  INITIAL_STATES,
  STATES,
  SUCCESSORS,
  isLegalTransition,
  isTerminal,
  type State
} from './states.js'

/**
 * What is wrong with one link of the chain. `chain` problems are about the chain itself
 * (sequence, digest, run id, key, request digest); the others are about the state machine
 * or the fields a state requires.
 */
export interface AppendProblem {
  readonly chain: boolean
  /** The sequence the offending record holds (or should hold) in the chain. */
  readonly sequence: number
  /** What is wrong, one clause, no trailing period. */
  readonly what: string
  /** What the writer should do instead, one clause, no trailing period. */
  readonly fix: string
}

const KNOWN_STATES: ReadonlySet<string> = new Set(STATES)
const INITIAL: ReadonlySet<string> = new Set(INITIAL_STATES)

/** The states that may legally follow `from` (SPEC §5, `cancelled` included). */
export function legalSuccessors(from: State): State[] {
  if (isTerminal(from)) return []
  const next = [...SUCCESSORS[from]]
  if (!next.includes('cancelled')) next.push('cancelled')
  return next
}

/**
 * The attempt number a record in `nextState` appended after `previous` must carry, or
 * null when the state machine puts no constraint on it (or the transition is illegal).
 *
 * - the first `dispatched` after `admitted` is attempt 1;
 * - a `dispatched` after `dispatched` is a submission update: same number;
 * - a `dispatched` after `attempt_failed` is a new attempt: failed number + 1;
 * - an `attempt_failed` fails the attempt the previous `dispatched` record carries;
 * - an `attempt_failed` after `attempt_failed` is an operator's override of that same attempt.
 */
export function requiredAttemptNumber(
  previous: LedgerRecord | null,
  nextState: State
): number | null {
  if (previous === null) return null
  const current = previous.attempt?.number ?? null
  if (nextState === 'dispatched') {
    if (previous.state === 'admitted') return 1
    if (previous.state === 'dispatched') return current
    if (previous.state === 'attempt_failed') return current === null ? null : current + 1
    return null
  }
  if (nextState === 'attempt_failed' && previous.state === 'dispatched') return current
  if (nextState === 'attempt_failed' && previous.state === 'attempt_failed') return current
  return null
}

function describe(record: LedgerRecord): string {
  return `record ${record.ledger_sequence} (${record.state})`
}

const REBUILD = 're-read the ledger head and build the record on top of it'

/**
 * The first problem with appending `next` after `previous`, or null when the link is
 * sound. `previousDigest` must be `digestOf(previous)` (null when there is no previous);
 * it is a parameter so a fold digests every record exactly once.
 */
export function findAppendProblem(
  previous: LedgerRecord | null,
  previousDigest: string | null,
  next: LedgerRecord
): AppendProblem | null {
  const sequence = previous === null ? 1 : previous.ledger_sequence + 1
  const chain = (what: string, fix: string = REBUILD): AppendProblem => ({
    chain: true,
    sequence,
    what,
    fix
  })
  const illegal = (what: string, fix: string): AppendProblem => ({
    chain: false,
    sequence,
    what,
    fix
  })

  // --- the chain itself -------------------------------------------------------------
  if (next.ledger_sequence !== sequence) {
    return chain(
      previous === null
        ? `the first record must have ledger_sequence 1, not ${String(next.ledger_sequence)}`
        : `the record after sequence ${previous.ledger_sequence} must have ledger_sequence ${sequence}, not ${String(next.ledger_sequence)}`
    )
  }
  if (previous === null) {
    if (next.previous_record_digest !== null) {
      return chain(
        `record 1 must have previous_record_digest null, not ${String(next.previous_record_digest)}`,
        'a first record has no predecessor; set previous_record_digest to null'
      )
    }
  } else {
    if (next.previous_record_digest !== previousDigest) {
      return chain(
        `previous_record_digest is ${String(next.previous_record_digest)}, but the digest of record ${previous.ledger_sequence} is ${String(previousDigest)}`
      )
    }
    if (next.run_id !== previous.run_id) {
      return chain(
        `run_id ${JSON.stringify(next.run_id)} differs from the ledger's run_id ${JSON.stringify(previous.run_id)}`,
        'a ledger holds one run; append to the ledger of the run the record is about'
      )
    }
    if (next.idempotency?.dispatch_key !== previous.idempotency.dispatch_key) {
      return chain(
        `idempotency.dispatch_key ${JSON.stringify(next.idempotency?.dispatch_key)} differs from the ledger's ${JSON.stringify(previous.idempotency.dispatch_key)}`,
        'every record of a run carries the dispatch key the run was admitted under'
      )
    }
    if (next.idempotency.request_digest !== previous.idempotency.request_digest) {
      return chain(
        `idempotency.request_digest ${String(next.idempotency.request_digest)} differs from the ledger's ${previous.idempotency.request_digest}`,
        'every record of a run carries the request digest the run was admitted with'
      )
    }
  }

  // --- what a record may claim ------------------------------------------------------
  const authority = (next.authority ?? {}) as Record<string, unknown>
  const granted = Object.keys(authority).filter(flag => authority[flag] !== false)
  if (next.authority == null || granted.length > 0) {
    return illegal(
      next.authority == null
        ? `${describe(next)} has no authority block`
        : `${describe(next)} sets authority.${granted.join(', authority.')} to something other than false`,
      'a record is evidence, never a grant: every authority flag must be false'
    )
  }

  // --- the state machine ------------------------------------------------------------
  if (!KNOWN_STATES.has(next.state)) {
    return illegal(
      `${JSON.stringify(next.state)} is not a ledger state`,
      `use one of ${STATES.join(', ')}`
    )
  }
  if (previous === null) {
    if (!INITIAL.has(next.state)) {
      return illegal(
        `a ledger must start with admitted or proposed, not ${next.state}`,
        'write the admitted (or proposed) record first, through admission'
      )
    }
  } else {
    if (isTerminal(previous.state)) {
      return illegal(
        `${describe(previous)} is terminal, so nothing may follow it (not even ${next.state})`,
        'the run is over; a new request needs a new dispatch key and a new run'
      )
    }
    if (!isLegalTransition(previous.state, next.state)) {
      return illegal(
        `${previous.state} cannot be followed by ${next.state}`,
        `from ${previous.state} the ledger may only move to ${legalSuccessors(previous.state).join(' or ')}`
      )
    }
  }

  // --- fields a state requires ------------------------------------------------------
  if (next.state === 'dispatched') {
    if (next.attempt == null) {
      return illegal(
        `${describe(next)} carries no attempt`,
        'a dispatched record must say which attempt it is about ({number, reason})'
      )
    }
    const required = requiredAttemptNumber(previous, 'dispatched')
    if (required === null) {
      return illegal(
        `${describe(previous as LedgerRecord)} carries no attempt number to continue from`,
        'repair the previous record; a dispatched or attempt_failed record must carry its attempt'
      )
    }
    if (next.attempt.number !== required) {
      const why =
        previous?.state === 'dispatched'
          ? `a dispatched record after dispatched is a submission update for the same attempt, ${required}`
          : previous?.state === 'attempt_failed'
            ? `a dispatched record after attempt ${required - 1} failed starts attempt ${required}`
            : 'the first dispatched record after admitted is attempt 1'
      return illegal(
        `${describe(next)} carries attempt ${next.attempt.number}, but ${why}`,
        `set attempt.number to ${required}`
      )
    }
    if (next.provider?.submission_state === 'definite_failure') {
      return illegal(
        `${describe(next)} records submission_state definite_failure`,
        'a definite provider refusal is recorded as attempt_failed with failure.retryable, not as dispatched'
      )
    }
  }
  if (next.state === 'attempt_failed') {
    const required = requiredAttemptNumber(previous, 'attempt_failed')
    if (next.attempt == null || next.attempt.number !== required) {
      return illegal(
        next.attempt == null
          ? `${describe(next)} carries no attempt`
          : `${describe(next)} carries attempt ${next.attempt.number}, but the attempt in flight is ${String(required)}`,
        `an attempt_failed record must carry the number of the attempt it fails (${String(required)})`
      )
    }
    if (next.failure == null) {
      return illegal(
        `${describe(next)} carries no failure`,
        'say why the attempt failed: failure {code, classification, retryable}'
      )
    }
    // Only a person may reopen or restate a failure already recorded (SPEC §12 retry/resolve).
    if (previous?.state === 'attempt_failed' && (next.trigger !== 'operator' || !next.decision)) {
      return illegal(
        `${describe(next)} follows attempt_failed but is not an operator's decision (trigger ${next.trigger}${next.decision ? '' : ', no decision'})`,
        'an attempt_failed after attempt_failed is an operator override: trigger operator with decision {outcome, by}; a coordinator starts the next attempt with dispatched instead'
      )
    }
    if (next.provider?.submission_state === 'ambiguous') {
      return illegal(
        `${describe(next)} records submission_state ambiguous`,
        'an unknown outcome is not a failure: record it as dispatched with submission_state ambiguous and reconcile with the provider by the dispatch key'
      )
    }
  }
  if (
    next.state === 'candidate_observed' &&
    previous?.state === 'dispatched' &&
    previous.provider?.submission_state === 'ambiguous'
  ) {
    return illegal(
      `attempt ${String(previous.attempt?.number)}'s submission is still ambiguous`,
      'settle it first: append dispatched with submission_state submitted and the external ids the provider lookup found'
    )
  }
  if (next.state === 'decided' && next.decision == null) {
    return illegal(
      `${describe(next)} carries no decision`,
      'a decided record must carry decision {outcome, by}'
    )
  }
  return null
}

/**
 * Throw unless `next` may be appended after `previous` (null: `next` would be record 1).
 * Chain problems (sequence, previous digest, run id, dispatch key, request digest) throw
 * `BrokenChain`; everything else throws `IllegalTransition`. Nothing is written either way.
 */
export function checkAppend(
  previous: LedgerRecord | null,
  next: LedgerRecord,
  previousDigest: string | null = previous === null ? null : digestOf(previous)
): void {
  const problem = findAppendProblem(previous, previousDigest, next)
  if (problem === null) return
  if (problem.chain) throw new BrokenChain(problem.sequence, `${problem.what}; ${problem.fix}`)
  throw new IllegalTransition(
    `Cannot append ledger record ${problem.sequence}: ${problem.what}. Nothing was written; ${problem.fix}.`
  )
}
