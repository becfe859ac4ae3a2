/**
 * docs/design/states.md: the one definition of what may be appended after what. Pure: no I/O.
 *
 * `checkAppend` is what a writer calls before a compare-and-set append; `reconstruct`
 * folds a stored chain through the same `findAppendProblem`, so an append the writer
 * accepts is exactly a link the reader verifies.
 */
import { nextAttempt } from './attempts.js'
import { digestOf } from './canonical.js'
import { BrokenChain, IllegalTransition } from './errors.js'
import { RUN_ENTRY, type LedgerRecord } from './record.js'
import { linkProblem } from './chain/definition.js'
import {
  INITIAL_STATES,
  POLICY_PREFIX,
  STATES,
  isPolicyOnly,
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

/** The states that may legally follow `from` (docs/design/states.md, `cancelled` included). */
export function legalSuccessors(from: State): State[] {
  if (isTerminal(from)) return []
  const next = [...SUCCESSORS[from]]
  if (!next.includes('cancelled')) next.push('cancelled')
  return next
}

/**
 * The attempt number a record in `nextState` appended after `previous` must carry, or null
 * when the state machine puts no constraint on it (the rule lives in attempts.ts).
 */
export function requiredAttemptNumber(
  previous: LedgerRecord | null,
  nextState: State
): number | null {
  return nextAttempt(previous, nextState)?.number ?? null
}

function describe(record: LedgerRecord): string {
  return `record ${record.ledger_sequence} (${record.state})`
}

const REBUILD = 're-read the ledger head and build the record on top of it'

/** Builds the problems of one link: `chain` ones (with a default fix) and the others. */
function problems(sequence: number) {
  return {
    chain: (what: string, fix: string = REBUILD): AppendProblem => ({
      chain: true,
      sequence,
      what,
      fix
    }),
    illegal: (what: string, fix: string): AppendProblem => ({ chain: false, sequence, what, fix })
  }
}

type Problems = ReturnType<typeof problems>

/**
 * The first problem with appending `next` after `previous`, or null when the link is
 * sound. `previousDigest` must be `digestOf(previous)` (null when there is no previous);
 * it is a parameter so a fold digests every record exactly once. The checks go from the
 * chain itself, to what a record may claim, to the state machine, to the fields a state needs.
 */
export function findAppendProblem(
  previous: LedgerRecord | null,
  previousDigest: string | null,
  next: LedgerRecord
): AppendProblem | null {
  const p = problems(previous === null ? 1 : previous.ledger_sequence + 1)
  return (
    chainProblem(p, previous, previousDigest, next) ??
    authorityProblem(p, next) ??
    stateMachineProblem(p, previous, next) ??
    requiredFieldsProblem(p, previous, next)
  )
}

/** The chain itself: sequence, previous digest, one run id, key and request digest. */
function chainProblem(
  { chain }: Problems,
  previous: LedgerRecord | null,
  previousDigest: string | null,
  next: LedgerRecord
): AppendProblem | null {
  const link = linkProblem(RUN_ENTRY, previous, previousDigest, next)
  if (link !== null) return chain(link.what, link.fix)
  if (previous === null) return null
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
  return null
}

/** What a record may claim: no authority, ever. */
function authorityProblem({ illegal }: Problems, next: LedgerRecord): AppendProblem | null {
  const authority = (next.authority ?? {}) as Record<string, unknown>
  const granted = Object.keys(authority).filter(flag => authority[flag] !== false)
  if (next.authority != null && granted.length === 0) return null
  return illegal(
    next.authority == null
      ? `${describe(next)} has no authority block`
      : `${describe(next)} sets authority.${granted.join(', authority.')} to something other than false`,
    'a record is evidence, never a grant: every authority flag must be false'
  )
}

/** The state machine: a known state, a legal start, a legal successor of a live state. */
function stateMachineProblem(
  { illegal }: Problems,
  previous: LedgerRecord | null,
  next: LedgerRecord
): AppendProblem | null {
  if (!KNOWN_STATES.has(next.state)) {
    return illegal(
      `${JSON.stringify(next.state)} is not a ledger state`,
      `use one of ${STATES.join(', ')}`
    )
  }
  if (previous === null) {
    if (INITIAL.has(next.state)) return null
    return illegal(
      `a ledger must start with admitted or proposed, not ${next.state}`,
      'write the admitted (or proposed) record first, through admission'
    )
  }
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
  return null
}

/** The fields a state requires: attempts, failures, settled submissions, decisions. */
function requiredFieldsProblem(
  p: Problems,
  previous: LedgerRecord | null,
  next: LedgerRecord
): AppendProblem | null {
  if (next.state === 'dispatched') return dispatchedProblem(p, previous, next)
  if (next.state === 'attempt_failed') return attemptFailedProblem(p, previous, next)
  if (
    next.state === 'candidate_observed' &&
    previous?.state === 'dispatched' &&
    previous.provider?.submission_state === 'ambiguous'
  ) {
    return p.illegal(
      `attempt ${String(previous.attempt?.number)}'s submission is still ambiguous`,
      'settle it first: append dispatched with submission_state submitted and the external ids the provider lookup found'
    )
  }
  if (next.state === 'decided' && next.decision == null) {
    return p.illegal(
      `${describe(next)} carries no decision`,
      'a decided record must carry decision {outcome, by}'
    )
  }
  if (
    previous !== null &&
    isPolicyOnly(previous.state, next.state) &&
    !next.decision?.by.startsWith(POLICY_PREFIX)
  ) {
    return p.illegal(
      `${previous.state} → ${next.state} is taken only by a policy, but ${describe(next)} is decided by ${JSON.stringify(next.decision?.by)}`,
      `record the observation's policy (decision.by starting with ${POLICY_PREFIX}), or go on through ${otherSuccessors(previous.state)}`
    )
  }
  return null
}

/** The way on from a state other than its policy-only transitions, for a message. */
function otherSuccessors(from: State): string {
  return legalSuccessors(from)
    .filter(to => !isPolicyOnly(from, to))
    .join(' or ')
}

function dispatchedProblem(
  { illegal }: Problems,
  previous: LedgerRecord | null,
  next: LedgerRecord
): AppendProblem | null {
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
  return null
}

function attemptFailedProblem(
  { illegal }: Problems,
  previous: LedgerRecord | null,
  next: LedgerRecord
): AppendProblem | null {
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
  // Only a person may reopen or restate a failure already recorded (docs/design/operators.md retry/resolve).
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
