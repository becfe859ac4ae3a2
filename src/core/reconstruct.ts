/**
 * docs/design/states.md "Reconstruct": fold a run's whole chain into a RecoveredRunState, verifying
 * every link with the same rules a writer's append obeys. Pure: no I/O. Linear: each
 * record is validated once and digested once.
 */
import { nextAttempt, type AttemptHead } from './attempts.js'
import { foldChain, type ChainDefinition, type ChainFolder } from './chain/definition.js'
import { chainCommit, decodeRecord } from './entry.js'
import {
  RecordSchema,
  RUN_ENTRY,
  type Attempt,
  type Decision,
  type Failure,
  type LedgerRecord,
  type Provider,
  type SubmissionState
} from './record.js'
import { isTerminal, type State } from './states.js'
import { findAppendProblem } from './transition.js'

/** One attempt as the ledger tells it, after every record about it has been folded in. */
export interface RecoveredAttempt {
  readonly number: number
  /** The reason its first dispatched record gave. */
  readonly reason: Attempt['reason']
  /** The latest submission state recorded for it; null when no provider info was ever recorded. */
  readonly submission_state: SubmissionState | null
  /** Every external id recorded for it (later records win on the same name). */
  readonly external_ids: Readonly<Record<string, string>>
  readonly driver: string | null
  /**
   * An `ambiguous` submission was recorded and no later record for this attempt settled it
   * (a `dispatched` with `submitted`, or an `attempt_failed`).
   */
  readonly unresolved_ambiguous: boolean
  /** An `attempt_failed` record closed it. */
  readonly failed: boolean
  /** `failure.retryable` of that `attempt_failed` record; null while it has not failed. */
  readonly retryable: boolean | null
}

export interface RecoveredRunState {
  readonly run_id: string
  readonly dispatch_key: string
  readonly request_digest: string
  /** State of the head (newest) record. */
  readonly state: State
  readonly terminal: boolean
  /** ledger_sequence of the head record. */
  readonly sequence: number
  /** Object id of the head record's commit, when the caller knows it. */
  readonly head_oid: string | null
  /** `sha256:` digest of the head record's canonical JSON. */
  readonly head_digest: string
  /** Attempts in number order (1, 2, …). */
  readonly attempts: readonly RecoveredAttempt[]
  /** Number of the newest attempt, or null before the first dispatch. */
  readonly current_attempt: number | null
  /** The newest non-null `failure` in the chain. */
  readonly last_failure: Failure | null
  /** The newest non-null `decision` in the chain. */
  readonly decision: Decision | null
  /** How many records the chain holds (equals `sequence`). */
  readonly records: number
  /** occurred_at of the head record. */
  readonly updated_at: string
}

export interface ReconstructOptions {
  /** Object id of the head record's commit, copied into `head_oid`. */
  readonly headOid?: string
  /**
   * The JCS text of each record, in the same order, when the caller already has it (the
   * store reads it from the commit body and checks it is canonical). Each record is then
   * digested from its text instead of being canonicalized again. The caller vouches that
   * `canonical[i]` is `canonicalJson(records[i])`.
   */
  readonly canonical?: readonly string[]
}

type MutableAttempt = { -readonly [K in keyof RecoveredAttempt]: RecoveredAttempt[K] }

const STORED =
  'the stored ledger does not verify (it was altered or written without these checks); ' +
  "inspect the run's ledger ref and repair it by hand. Nothing was planned from it"

function firstIssue(error: { issues: readonly { path: PropertyKey[]; message: string }[] }) {
  const issue = error.issues[0]
  if (issue === undefined) return 'it is invalid'
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'the record'
  return `${where} ${issue.message}`
}

function applyProvider(attempt: MutableAttempt, provider: Provider | null): void {
  if (provider === null) return
  attempt.submission_state = provider.submission_state
  attempt.driver = provider.driver
  const ids = Object.keys(provider.external_ids)
  if (ids.length > 0) attempt.external_ids = { ...attempt.external_ids, ...provider.external_ids }
}

/** What is wrong with `record` as the successor of `previous` (schema, link, transition), or null. */
function linkProblemOf(
  previous: LedgerRecord | null,
  previousDigest: string | null,
  record: LedgerRecord,
  position: number
): string | null {
  const parsed = RecordSchema.safeParse(record)
  if (!parsed.success) {
    const authority = (record as { authority?: Record<string, unknown> } | null)?.authority
    const granted =
      authority && typeof authority === 'object'
        ? Object.keys(authority).filter(flag => authority[flag] !== false)
        : []
    return granted.length > 0
      ? `record ${position} sets authority.${granted.join(', authority.')} to something other than false (a record is evidence, never a grant)`
      : `record ${position} is not a valid record: ${firstIssue(parsed.error)}`
  }
  return findAppendProblem(previous, previousDigest, record)?.what ?? null
}

/**
 * Folds a `dispatched` or `attempt_failed` record into its attempt (findAppendProblem
 * guarantees both carry one) and returns the attempt's number: the run's current attempt.
 */
function foldAttempt(attempts: Map<number, MutableAttempt>, record: LedgerRecord): number {
  const { number, reason } = record.attempt as Attempt
  let attempt = attempts.get(number)
  if (attempt === undefined) {
    attempt = {
      number,
      reason,
      submission_state: null,
      external_ids: {},
      driver: null,
      unresolved_ambiguous: false,
      failed: false,
      retryable: null
    }
    attempts.set(number, attempt)
  }
  applyProvider(attempt, record.provider)
  if (record.state === 'dispatched') {
    const submission = record.provider?.submission_state
    if (submission === 'ambiguous') attempt.unresolved_ambiguous = true
    else if (submission === 'submitted') attempt.unresolved_ambiguous = false
  } else {
    attempt.failed = true
    attempt.retryable = (record.failure as Failure).retryable
    attempt.unresolved_ambiguous = false
  }
  return number
}

/** A run's ledger: the `runs` instance of the one chain entity. */
export const RUN_CHAIN: ChainDefinition<LedgerRecord, RecoveredRunState> = {
  ...RUN_ENTRY,
  family: 'runs',
  holder: 'the ledger',
  stored: STORED,
  commit: (record, parent) => chainCommit(RUN_ENTRY, record, parent),
  decode: decodeRecord,
  folder: runFolder
}

function runFolder(): ChainFolder<LedgerRecord, RecoveredRunState> {
  const attempts = new Map<number, MutableAttempt>()
  let currentAttempt: number | null = null
  let lastFailure: Failure | null = null
  let decision: Decision | null = null
  return {
    problem: (previous, previousDigest, record, position) =>
      linkProblemOf(previous, previousDigest, record, position),
    add(record) {
      if (record.state === 'dispatched' || record.state === 'attempt_failed')
        currentAttempt = foldAttempt(attempts, record)
      if (record.failure !== null) lastFailure = record.failure
      if (record.decision !== null) decision = record.decision
    },
    result: (head, headDigest, headOid) => ({
      run_id: head.run_id,
      dispatch_key: head.idempotency.dispatch_key,
      request_digest: head.idempotency.request_digest,
      state: head.state,
      terminal: isTerminal(head.state),
      sequence: head.ledger_sequence,
      head_oid: headOid,
      head_digest: headDigest,
      attempts: [...attempts.values()].sort((a, b) => a.number - b.number),
      current_attempt: currentAttempt,
      last_failure: lastFailure,
      decision,
      records: head.ledger_sequence,
      updated_at: head.occurred_at
    })
  }
}

/**
 * Verify `records` (oldest first, the whole chain) and fold them into the run's state.
 * Throws `BrokenChain` naming the first sequence that does not verify; an empty list is
 * a broken chain at sequence 1. No record is ever skipped.
 */
export function reconstruct(
  records: readonly LedgerRecord[],
  options: ReconstructOptions = {}
): RecoveredRunState {
  return foldChain(RUN_CHAIN, records, options)
}

/**
 * The attempt a `dispatched` record appended now must carry, or null when the run's state does
 * not allow a dispatch: attempt 1 after `admitted`, the same attempt for a submission update
 * after `dispatched`, the next number after `attempt_failed` (the rule lives in attempts.ts).
 */
export function dispatchAttemptFor(state: RecoveredRunState): Attempt | null {
  return nextAttempt(headAttempt(state), 'dispatched')
}

/** The run's head as the attempt rule sees it: its state and the attempt it is about. */
export function headAttempt(state: RecoveredRunState): AttemptHead {
  const current = state.attempts.find(a => a.number === state.current_attempt)
  const about = state.state === 'dispatched' || state.state === 'attempt_failed'
  return {
    state: state.state,
    attempt: about && current ? { number: current.number, reason: current.reason } : null
  }
}
