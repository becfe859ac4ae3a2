/**
 * SPEC §10: how a send's outcome and a lookup's answer are classified, per driver, and what
 * a lookup allows next. Pure: the drivers hand in what they observed (a status and a body,
 * an exit code), never a decision. Anything not provably accepted or provably refused is
 * ambiguous: the work may exist at the provider.
 */
import type { Failure, RecordInput, SubmissionState } from './record.js'
import type { State } from './states.js'

export type SendOutcome =
  | { readonly kind: 'submitted'; readonly external_ids: Readonly<Record<string, string>> }
  | { readonly kind: 'refused'; readonly failure: Failure; readonly message: string }
  | { readonly kind: 'ambiguous'; readonly reason: string }

export type LookupOutcome =
  /** The provider has the work: adopt its ids. */
  | { readonly kind: 'found'; readonly external_ids: Readonly<Record<string, string>> }
  /** The provider demonstrably has nothing for this attempt. */
  | { readonly kind: 'absent'; readonly reason: string }
  /** Not known: the work may exist (or may still be on its way). */
  | { readonly kind: 'unknown'; readonly reason: string }

/** What the GitHub API answered to a dispatch POST, or that no answer came. */
export type HttpObservation =
  { readonly status: number; readonly body: unknown } | { readonly error: string }

/** Statuses GitHub documents as a definite "no" for workflow_dispatch: nothing was created. */
const DEFINITE_REFUSALS: ReadonlySet<number> = new Set([400, 401, 403, 404, 422])

export function classifyWorkflowDispatch(answer: HttpObservation): SendOutcome {
  if ('error' in answer)
    return { kind: 'ambiguous', reason: `no answer from the API (${answer.error})` }
  const { status, body } = answer
  if (status === 200) {
    const details = isRecord(body) ? body : {}
    const ids: Record<string, string> = {}
    const runId = details['workflow_run_id']
    if (typeof runId === 'number' || (typeof runId === 'string' && /^\d+$/.test(runId)))
      ids['workflow_run_id'] = String(runId)
    if (typeof details['html_url'] === 'string') ids['html_url'] = details['html_url']
    return { kind: 'submitted', external_ids: ids }
  }
  if (status === 204) return { kind: 'submitted', external_ids: {} }
  if (DEFINITE_REFUSALS.has(status)) {
    const why =
      status === 403
        ? 'the token may not dispatch workflows: give the job `permissions: actions: write` ' +
          '(or a token that has it)'
        : status === 404
          ? 'the workflow or repository was not found: check the workflow input (a file in ' +
            '.github/workflows) and that the token can see the repository'
          : status === 401
            ? 'the token was not accepted: check the token input'
            : 'GitHub rejected the request: check the workflow, ref and inputs (the workflow ' +
              'must declare every input and have a workflow_dispatch trigger)'
    return {
      kind: 'refused',
      failure: { code: `http_${status}`, classification: 'provider', retryable: false },
      message: `The dispatch was refused with HTTP ${status}: ${why}.`
    }
  }
  // 5xx, 429 and the rest: GitHub may have created the run before it failed to answer.
  return { kind: 'ambiguous', reason: `HTTP ${status}: the API may have created the run` }
}

/** A finished process as @actions/exec reports it, plus our own timeout. */
export interface ProcessObservation {
  readonly exitCode: number | null
  readonly timedOut: boolean
  readonly stdout: string
}

export const EXIT_RETRYABLE = 75 // EX_TEMPFAIL
export const EXIT_NOT_RETRYABLE = 78 // EX_CONFIG

export function classifyCommandSend(run: ProcessObservation): SendOutcome {
  if (run.timedOut) return { kind: 'ambiguous', reason: 'the command timed out (timeout-seconds)' }
  switch (run.exitCode) {
    case 0:
      return { kind: 'submitted', external_ids: lastLineIds(run.stdout) ?? {} }
    case EXIT_RETRYABLE:
    case EXIT_NOT_RETRYABLE: {
      const retryable = run.exitCode === EXIT_RETRYABLE
      return {
        kind: 'refused',
        failure: { code: `exit_${run.exitCode}`, classification: 'provider', retryable },
        message:
          `The run command exited ${run.exitCode}: the provider definitely refused ` +
          (retryable ? '(retryable: a later dispatch starts a new attempt).' : '(not retryable).')
      }
    }
    default:
      return {
        kind: 'ambiguous',
        reason:
          run.exitCode === null
            ? 'the command was killed by a signal'
            : `the command exited ${run.exitCode}, which says neither sent nor refused`
      }
  }
}

export function classifyCommandLookup(run: ProcessObservation): LookupOutcome {
  if (run.timedOut) return { kind: 'unknown', reason: 'the lookup command timed out' }
  if (run.exitCode === 0) {
    const ids = lastLineIds(run.stdout)
    if (ids) return { kind: 'found', external_ids: ids }
    return {
      kind: 'unknown',
      reason: 'the lookup exited 0 without a JSON object of strings on its last line'
    }
  }
  if (run.exitCode === 1)
    return { kind: 'absent', reason: 'the lookup exited 1: the provider has nothing' }
  return {
    kind: 'unknown',
    reason:
      run.exitCode === null
        ? 'the lookup was killed by a signal'
        : `the lookup exited ${run.exitCode}`
  }
}

/** The last non-empty stdout line, when it is a JSON object whose values are all strings. */
export function lastLineIds(stdout: string): Record<string, string> | null {
  const line = stdout.trimEnd().split('\n').pop()?.trim() ?? ''
  if (!line.startsWith('{')) return null
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return null
  }
  if (!isRecord(value)) return null
  const entries = Object.entries(value)
  if (!entries.every(([, v]) => typeof v === 'string')) return null
  // A fresh object with own properties only: `__proto__` stays a plain key.
  const ids: Record<string, string> = Object.create(null) as Record<string, string>
  for (const [k, v] of entries) ids[k] = v as string
  return { ...ids }
}

export type AfterLookup =
  /** Record what the provider has: `dispatched` `submitted`. */
  | 'adopt'
  /** Record `attempt_failed` (retryable), then send the next attempt. */
  | 'fail_and_retry'
  /** Record `attempt_failed` (retryable); this step may not send again. */
  | 'fail_only'
  /** Send the same attempt again: the provider is fenced by its idempotency key. */
  | 'resend'
  /** Nothing may be sent or recorded as settled: an operator must resolve it. */
  | 'unresolved'

/**
 * SPEC §10 reconcile. Only a fenced provider is ever re-sent an unresolved attempt; only a
 * provably empty provider ends an attempt. `sendsLeft` keeps a step at two sends.
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
  }
}

/** The record a send's outcome (or a lookup's answer) appends. */
export interface OutcomeRecord {
  readonly state: State
  readonly fields: RecordInput
}

function provider(
  driver: string,
  submission_state: SubmissionState,
  external_ids: Readonly<Record<string, string>> = {}
) {
  return { driver, submission_state, external_ids: { ...external_ids } }
}

export function intentRecord(
  driver: string,
  attempt: { number: number; reason: 'initial' | 'retry' | 'recovery' },
  external_ids: Readonly<Record<string, string>>
): OutcomeRecord {
  return {
    state: 'dispatched',
    fields: { attempt, provider: provider(driver, 'not_submitted', external_ids) }
  }
}

/** `ambiguous` needs no record when the attempt is already recorded ambiguous. */
export function sendRecord(
  driver: string,
  outcome: SendOutcome,
  current: SubmissionState | null
): OutcomeRecord | null {
  // No attempt field: the append gives a submission update or a failure the head's attempt.
  switch (outcome.kind) {
    case 'submitted':
      return {
        state: 'dispatched',
        fields: { provider: provider(driver, 'submitted', outcome.external_ids) }
      }
    case 'refused':
      return {
        state: 'attempt_failed',
        fields: { provider: provider(driver, 'definite_failure'), failure: outcome.failure }
      }
    case 'ambiguous':
      if (current === 'ambiguous') return null
      return {
        state: 'dispatched',
        fields: { provider: provider(driver, 'ambiguous'), note: clip(outcome.reason) }
      }
  }
}

/** The provider demonstrably has nothing for the attempt (SPEC §10, lookup exit 1). */
export function absentRecord(driver: string, reason: string): OutcomeRecord {
  return {
    state: 'attempt_failed',
    fields: {
      provider: provider(driver, 'definite_failure'),
      failure: {
        code: 'provider_has_nothing',
        classification: 'recovery_required',
        retryable: true
      },
      note: clip(reason)
    }
  }
}

function clip(text: string): string {
  return text.length > 4096 ? `${text.slice(0, 4093)}...` : text
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
