/**
 * docs/design/lifecycle.md: how a run ends when its work ends. Pure: what an observer records
 * once the receiver's workflow run has concluded, on the coordinator's run and on the
 * receiver's own run. Every observer (recover on the receiver's workflow_run, scan's sweep, a
 * later event looking on demand) decides with these functions from the same facts, so they
 * write the same records, and whichever comes second finds the run past observe_provider and
 * writes nothing.
 */
import { digestOf } from './canonical.js'
import type { RecoveredAttempt, RecoveredRunState } from './reconstruct.js'
import { candidateRunIds, isConfirmed, isWorkflowRunId, RECEIVER_KEY } from './receiver.js'
import type { Failure } from './record.js'
import type { OutcomeRecord } from './send/records.js'
import { POLICY_PREFIX } from './states.js'

/** The on-success input: decide (end the run approved) or verify (the verification route). */
export const ON_SUCCESS = ['decide', 'verify'] as const
export type OnSuccess = (typeof ON_SUCCESS)[number]

/** Who decides a successful receiver's run, and a receiver's own run. */
export const ON_SUCCESS_POLICY = `${POLICY_PREFIX}on-success`
export const RECEIVER_POLICY = `${POLICY_PREFIX}receiver-conclusion`

/** Conclusions that fail the attempt (retryable: a later event, or `/ledger retry`, sends again). */
export const FAILED_CONCLUSIONS = ['failure', 'timed_out', 'startup_failure', 'cancelled'] as const
export type FailedConclusion = (typeof FAILED_CONCLUSIONS)[number]

/** A receiver's workflow run as GitHub reports it (GET …/actions/runs/{id}, or workflow_run). */
export interface ReceiverRun {
  readonly id: string
  /** queued, in_progress, completed, …; null when GitHub did not say. */
  readonly status: string | null
  readonly conclusion: string | null
  readonly html_url: string
  /** When the run last changed: for a completed run, when it ended (RFC 3339). */
  readonly updated_at: string | null
}

export type ReceiverConclusion =
  /** No conclusion yet: the work goes on, and a later event is a duplicate. */
  | { readonly kind: 'working' }
  | { readonly kind: 'succeeded' }
  | { readonly kind: 'failed'; readonly conclusion: FailedConclusion }
  /**
   * Concluded with something that says neither (neutral, skipped, stale, action_required):
   * nothing is recorded, and an operator decides (`/ledger cancel`, `/ledger retry`).
   */
  | { readonly kind: 'unclear'; readonly conclusion: string }

export function classifyReceiver(
  run: Pick<ReceiverRun, 'status' | 'conclusion'>
): ReceiverConclusion {
  if (run.conclusion === null || (run.status !== null && run.status !== 'completed'))
    return { kind: 'working' }
  if (run.conclusion === 'success') return { kind: 'succeeded' }
  const failed = (FAILED_CONCLUSIONS as readonly string[]).includes(run.conclusion)
  if (failed) return { kind: 'failed', conclusion: run.conclusion as FailedConclusion }
  return { kind: 'unclear', conclusion: run.conclusion }
}

/** The receiver a coordinator's run waits on: its current attempt, accepted and confirmed. */
export interface AwaitedReceiver {
  readonly attempt: number
  readonly workflow_run_id: string
  /** The key the receiver admitted (its own run's key); null when not recorded. */
  readonly receiver_key: string | null
  /** Its web address as recorded, when it was. */
  readonly html_url: string | null
}

/**
 * The workflow run a coordinator's run waits on, or null when it waits on none an observer can
 * look at: not at observe_provider, another driver, or a receiver that has not admitted yet
 * (only the run that admitted is the one that works, docs/design/dispatch.md; an attempt whose
 * receiver never admits is watched through its candidates, unconfirmedReceiver).
 */
export function awaitedReceiver(state: RecoveredRunState): AwaitedReceiver | null {
  const current = acceptedAttempt(state)
  if (current === null || !isConfirmed(current)) return null
  const id = current.external_ids['workflow_run_id']
  if (!isWorkflowRunId(id)) return null
  return {
    attempt: current.number,
    workflow_run_id: id,
    receiver_key: current.external_ids[RECEIVER_KEY] ?? null,
    html_url: current.external_ids['html_url'] ?? null
  }
}

/** An accepted attempt no receiver has admitted yet, and the workflow runs it was sent as. */
export interface UnconfirmedReceiver {
  readonly attempt: number
  /** Every run id the attempt's sends were answered with (candidate_run_ids), oldest first. */
  readonly candidates: readonly string[]
  /** The key its receiver would admit. */
  readonly receiver_key: string
}

/**
 * The current attempt when it was accepted but no receiver has admitted it, with the runs the
 * dispatch answers named; null otherwise, or when no answer named a run (nothing to look at).
 * A receiver that dies before its admit step (startup_failure, cancelled while queued, a step
 * that fails first) never confirms itself: its conclusion is read through these runs.
 */
export function unconfirmedReceiver(state: RecoveredRunState): UnconfirmedReceiver | null {
  const current = acceptedAttempt(state)
  // A receiver key marks the workflow driver's fence: only there does a receiver confirm.
  if (current === null || isConfirmed(current)) return null
  const receiverKey = current.external_ids[RECEIVER_KEY]
  if (receiverKey === undefined) return null
  const candidates = candidateRunIds(current.external_ids)
  if (candidates.length === 0) return null
  return {
    attempt: current.number,
    candidates,
    receiver_key: receiverKey
  }
}

/**
 * The workflow runs an observer looks up for a run: its confirmed receiver's, else its
 * unconfirmed attempt's candidates; empty when it waits on none.
 */
export function watchedRuns(state: RecoveredRunState): readonly string[] {
  const awaited = awaitedReceiver(state)
  if (awaited) return [awaited.workflow_run_id]
  return unconfirmedReceiver(state)?.candidates ?? []
}

/** The current attempt, when the run is dispatched and the provider accepted it. */
function acceptedAttempt(state: RecoveredRunState): RecoveredAttempt | null {
  if (state.state !== 'dispatched') return null
  const current = currentAttempt(state)
  // Only an accepted attempt has a receiver (an ambiguous one is reconciled first).
  return current?.submission_state === 'submitted' ? current : null
}

function currentAttempt(state: RecoveredRunState): RecoveredAttempt | undefined {
  return state.attempts.find(a => a.number === state.current_attempt)
}

/** What an observer knows besides the runs it saw, and what a success records. */
export interface ObservationFacts {
  readonly onSuccess: OnSuccess
  /**
   * Whether the unconfirmed attempt's receiver key has an admission at the arbiter (read in the
   * observer's session). A receiver that admitted confirms itself in the same write, so this is
   * a guard: an admitted receiver is never failed for want of a confirmation.
   */
  readonly receiverAdmitted?: boolean
}

/**
 * What the coordinator's run records for its receiver's conclusion, oldest first: success →
 * candidate_observed (the run's URL and conclusion as evidence) and, unless on-success is
 * verify, decided by policy in the same write; a failure → attempt_failed, retryable. Nothing
 * for a run still working or concluded unclearly, nor for a run no longer waiting on what was
 * seen (another observer wrote first, or the run was cancelled).
 *
 * An attempt no receiver admitted fails once every run it was sent as has concluded (`seen`
 * must hold them all): `receiver_<conclusion>` of the newest for a failed one, and
 * `receiver_unconfirmed` for one that concluded otherwise (success, neutral, skipped…), since a
 * receiver that does the work admits first — its work was never done under the fence.
 */
export function coordinatorRecords(
  state: RecoveredRunState,
  seen: ReceiverRun | readonly ReceiverRun[],
  options: ObservationFacts
): OutcomeRecord[] {
  const runs: readonly ReceiverRun[] = Array.isArray(seen) ? seen : [seen as ReceiverRun]
  const awaited = awaitedReceiver(state)
  if (awaited === null) return unconfirmedRecords(state, runs, options)
  const run = runs.find(r => r.id === awaited.workflow_run_id)
  if (run === undefined) return []
  const concluded = classifyReceiver(run)
  const note = `receiver workflow run ${run.id} concluded ${String(run.conclusion)}`
  switch (concluded.kind) {
    case 'working':
    case 'unclear':
      return []
    case 'failed':
      return [failedRecord(state, awaited.attempt, receiverFailure(concluded.conclusion), note)]
    case 'succeeded': {
      const observed: OutcomeRecord = {
        state: 'candidate_observed',
        fields: { evidence: [evidenceOf(run)], note }
      }
      if (options.onSuccess === 'verify') return [observed]
      return [
        observed,
        {
          state: 'decided',
          fields: { decision: { outcome: 'approved', by: ON_SUCCESS_POLICY }, note }
        }
      ]
    }
  }
}

/** `failure.code` of an attempt whose runs all concluded with no receiver admitting it. */
export const RECEIVER_UNCONFIRMED = 'receiver_unconfirmed'

/** The unconfirmed attempt's failure, once every one of its runs has concluded. */
function unconfirmedRecords(
  state: RecoveredRunState,
  runs: readonly ReceiverRun[],
  options: ObservationFacts
): OutcomeRecord[] {
  const unconfirmed = unconfirmedReceiver(state)
  if (unconfirmed === null || options.receiverAdmitted === true) return []
  const ended: ReceiverRun[] = []
  for (const id of unconfirmed.candidates) {
    const run = runs.find(r => r.id === id)
    if (run === undefined || classifyReceiver(run).kind === 'working') return []
    ended.push(run)
  }
  const newest = ended[ended.length - 1] as ReceiverRun
  const concluded = classifyReceiver(newest)
  const failure: Failure =
    concluded.kind === 'failed'
      ? receiverFailure(concluded.conclusion)
      : { code: RECEIVER_UNCONFIRMED, classification: 'provider', retryable: true }
  const what = ended.map(r => `${r.id} concluded ${String(r.conclusion)}`).join(', ')
  const note =
    `receiver workflow run${ended.length > 1 ? 's' : ''} ${what} before any receiver ` +
    `admitted attempt ${unconfirmed.attempt}`
  return [failedRecord(state, unconfirmed.attempt, failure, note)]
}

function failedRecord(
  state: RecoveredRunState,
  attempt: number,
  failure: Failure,
  note: string
): OutcomeRecord {
  return {
    state: 'attempt_failed',
    fields: { attempt: { number: attempt, reason: attemptReason(state, attempt) }, failure, note }
  }
}

/**
 * Driver `command` (docs/design/lifecycle.md#driver-command): its `lookup` command may print a
 * `conclusion` among the JSON strings of its last line, `success` or `failure`, and then a
 * `concluded_at` (RFC 3339) for when the work ended. Any other value says nothing.
 */
export const LOOKUP_CONCLUSIONS = ['success', 'failure'] as const

/** The current attempt, when a command driver sent it and the provider accepted it. */
export function commandAttempt(state: RecoveredRunState): RecoveredAttempt | null {
  const current = acceptedAttempt(state)
  return current?.driver === 'command' ? current : null
}

/**
 * What the coordinator's run records for what a command driver's lookup found (`found`, its
 * JSON strings): `conclusion` success → candidate_observed (the lookup's answer as evidence)
 * and, unless on-success is verify, decided by policy; failure → attempt_failed
 * `receiver_failure`, retryable — as for a receiver's workflow run. Nothing without a
 * conclusion, or once the run is past its accepted command attempt.
 */
export function lookupRecords(
  state: RecoveredRunState,
  found: Readonly<Record<string, string>>,
  options: Pick<ObservationFacts, 'onSuccess'>
): OutcomeRecord[] {
  const attempt = commandAttempt(state)
  const conclusion = found['conclusion']
  if (attempt === null || conclusion === undefined) return []
  const note = `the lookup command reported attempt ${attempt.number} concluded ${conclusion}`
  if (conclusion === 'failure')
    return [failedRecord(state, attempt.number, receiverFailure('failure'), note)]
  if (conclusion !== 'success') return []
  const observed: OutcomeRecord = {
    state: 'candidate_observed',
    fields: {
      evidence: [
        {
          kind: 'command_lookup:success',
          uri: `lookup:${state.run_id}/a${attempt.number}`,
          digest: digestOf({ ...found })
        }
      ],
      note
    }
  }
  if (options.onSuccess === 'verify') return [observed]
  return [
    observed,
    { state: 'decided', fields: { decision: { outcome: 'approved', by: ON_SUCCESS_POLICY }, note } }
  ]
}

/**
 * When a command's work ended, as its lookup said (`concluded_at`), never later than `now`:
 * a provider's time in the future must not hold a later event back. null when it gave none
 * usable (then the observation is dated `now`).
 */
export function lookupConcludedAt(found: Readonly<Record<string, string>>, now: Date): Date | null {
  const given = found['concluded_at']
  if (given === undefined || !RFC3339.test(given)) return null
  const at = observedAt({ updated_at: given })
  return at === null ? null : at.getTime() > now.getTime() ? now : at
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/

/**
 * The receiver's own run ended by its conclusion (approved on success, rejected otherwise), so
 * it leaves the list of work not ended; null while it works, or when it is not at admitted.
 */
export function receiverRecord(state: RecoveredRunState, run: ReceiverRun): OutcomeRecord | null {
  if (state.state !== 'admitted') return null
  const concluded = classifyReceiver(run)
  if (concluded.kind === 'working') return null
  return {
    state: 'decided',
    fields: {
      decision: {
        outcome: concluded.kind === 'succeeded' ? 'approved' : 'rejected',
        by: RECEIVER_POLICY
      },
      note: `its workflow run ${run.id} concluded ${String(run.conclusion)}`
    }
  }
}

/** `failure.code` `receiver_<conclusion>`: retryable, since the next attempt may well succeed. */
export function receiverFailure(conclusion: FailedConclusion): Failure {
  return {
    code: `receiver_${conclusion}`,
    classification:
      conclusion === 'timed_out'
        ? 'timeout'
        : conclusion === 'cancelled'
          ? 'cancelled'
          : 'provider',
    retryable: true
  }
}

/** The receiver's run as evidence: its web address, and a digest of what GitHub said of it. */
function evidenceOf(run: ReceiverRun) {
  return {
    kind: `workflow_run:${String(run.conclusion)}`,
    uri: run.html_url,
    digest: digestOf({
      id: run.id,
      conclusion: run.conclusion,
      html_url: run.html_url,
      updated_at: run.updated_at
    })
  }
}

function attemptReason(state: RecoveredRunState, attempt: number) {
  return state.attempts.find(a => a.number === attempt)?.reason ?? 'initial'
}

/**
 * When an observation happened: the receiver's completion time (its `updated_at`), so a later
 * event is compared with when the work ended, not with when an observer ran
 * (docs/design/generations.md). null when GitHub gave no usable time (then: now).
 */
export function observedAt(run: Pick<ReceiverRun, 'updated_at'>): Date | null {
  if (run.updated_at === null) return null
  const ms = Date.parse(run.updated_at)
  return Number.isFinite(ms) && ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(10000, 0, 1)
    ? new Date(ms)
    : null
}

/**
 * A workflow run as the REST answer (or the workflow_run event) gives it; null when the body is
 * not one (then nothing is recorded: an unclear answer is never read as a conclusion).
 */
export function receiverRunOf(body: unknown, fallbackUrl: string): ReceiverRun | null {
  if (typeof body !== 'object' || body === null) return null
  const run = body as Record<string, unknown>
  const id = run['id']
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null
  const text = (name: string): string | null =>
    typeof run[name] === 'string' ? (run[name] as string) : null
  return {
    id: String(id),
    status: text('status'),
    conclusion: text('conclusion'),
    html_url: text('html_url') ?? fallbackUrl,
    updated_at: text('updated_at')
  }
}
