/**
 * docs/design/recovery.md: whether `command: recover` asks GitHub to re-run a coordinator's failed jobs.
 * Pure: a function of the finished workflow run's conclusion and attempt, the plans of the
 * runs it admitted, and max-attempts.
 */
import type { RecoveryAction } from './planRecovery.js'
import type { HttpObservation } from './send/outcome.js'

/** Conclusions that mean the coordinator stopped before it was done. */
export const RECOVERABLE_CONCLUSIONS = ['failure', 'cancelled', 'timed_out'] as const

/**
 * Plans a re-run of the coordinator carries on by itself: its admit replays and its later
 * steps (dispatch, observation, verification, asking for a decision) act on the plan. The
 * others wait for an operator or a human, or there is nothing left to do.
 */
export const COORDINATOR_CONTINUES: ReadonlySet<RecoveryAction> = new Set<RecoveryAction>([
  'preview',
  'admit',
  'dispatch',
  'retry_attempt',
  'reconcile_provider',
  'observe_provider',
  'normalize',
  'request_verification',
  'observe_verification',
  'retry_verification',
  'request_human_decision'
])

export const DEFAULT_MAX_ATTEMPTS = 3

export interface RecoverInput {
  /** workflow_run.conclusion (null while a run is not completed). */
  readonly conclusion: string | null
  /** workflow_run.run_attempt: the attempt that just finished. */
  readonly run_attempt: number
  readonly max_attempts: number
  /** The plan of every non-terminal run that workflow run admitted. */
  readonly plans: readonly RecoveryAction[]
}

export type RecoverDecision =
  | { readonly rerun: true; readonly reason: string }
  | {
      readonly rerun: false
      /** Why nothing is re-run; `operator` when a person must act. */
      readonly why: 'not_failed' | 'no_runs' | 'nothing_to_continue' | 'max_attempts'
      readonly reason: string
    }

export function decideRecover(input: RecoverInput): RecoverDecision {
  const conclusion = input.conclusion ?? 'none'
  if (!(RECOVERABLE_CONCLUSIONS as readonly string[]).includes(conclusion))
    return {
      rerun: false,
      why: 'not_failed',
      reason: `The coordinator's run concluded ${conclusion}; only failure, cancelled or timed_out is recovered.`
    }
  if (input.plans.length === 0)
    return {
      rerun: false,
      why: 'no_runs',
      reason: 'The coordinator admitted no run that is still open; there is nothing to recover.'
    }
  const continuing = input.plans.filter(action => COORDINATOR_CONTINUES.has(action))
  if (continuing.length === 0)
    return {
      rerun: false,
      why: 'nothing_to_continue',
      reason: `No open run can be carried on by the coordinator (plans: ${[...new Set(input.plans)].join(', ')}); an operator or a human must act.`
    }
  if (input.run_attempt >= input.max_attempts)
    return {
      rerun: false,
      why: 'max_attempts',
      reason: `The coordinator already ran ${input.run_attempt} times (max-attempts ${input.max_attempts}); nothing is re-run, an operator must act.`
    }
  return {
    rerun: true,
    reason: `Attempt ${input.run_attempt} of the coordinator ${conclusion}; ${continuing.length} open run(s) can go on (${[...new Set(continuing)].join(', ')}), so its failed jobs are re-run (attempt ${input.run_attempt + 1} of at most ${input.max_attempts}).`
  }
}

/** The run ids a workflow run admits by default: `gh-<GITHUB_RUN_ID>-…` (docs/design/keys.md). */
export function admittedBy(workflowRunId: string, runId: string): boolean {
  return runId.startsWith(`gh-${workflowRunId}-`)
}

export type RerunAnswer =
  | { readonly kind: 'requested' }
  /** The token may not re-run workflows: a configuration fix, then a re-run of recovery. */
  | { readonly kind: 'forbidden'; readonly message: string }
  /** GitHub said no (past 30 days, 50 re-runs, a run still in progress): an operator acts. */
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'unknown'; readonly message: string }

/** What GitHub answered to `POST …/actions/runs/{id}/rerun-failed-jobs` (201 Created). */
export function classifyRerun(answer: HttpObservation): RerunAnswer {
  if ('error' in answer)
    return { kind: 'unknown', message: `No answer from the API (${answer.error}).` }
  if (answer.status === 201 || answer.status === 204) return { kind: 'requested' }
  const said = apiMessage(answer.body)
  if (answer.status === 401 || answer.status === 403)
    return {
      kind: 'forbidden',
      message:
        `GitHub refused the re-run with HTTP ${answer.status}${said}: the recovery job needs ` +
        '`permissions: actions: write` (and a token that has it). Fix it, then re-run this recovery workflow.'
    }
  if (answer.status >= 400 && answer.status < 500)
    return {
      kind: 'refused',
      message:
        `GitHub refused the re-run with HTTP ${answer.status}${said} (a run can be re-run up to ` +
        '30 days after it started and at most 50 times); an operator must act on the open runs.'
    }
  return {
    kind: 'unknown',
    message: `The re-run request ended with HTTP ${answer.status}${said}; it may or may not have been accepted.`
  }
}

function apiMessage(body: unknown): string {
  if (typeof body !== 'object' || body === null) return ''
  const message = (body as { message?: unknown }).message
  return typeof message === 'string' ? ` (${message.slice(0, 200)})` : ''
}
