/**
 * The one outcome of a send and the one answer of a lookup, for every provider (the workflow
 * and command drivers, the tag push, the release create), and how the drivers' observations
 * are classified (docs/design/dispatch.md#classifying-an-answer). Pure: a provider hands in
 * what it observed (a status and a body, an exit code), never a decision. Anything not
 * provably accepted or provably refused is ambiguous: the work may exist at the provider.
 */
import type { Failure } from '../record.js'

export type SendOutcome =
  | { readonly kind: 'submitted'; readonly external_ids: Readonly<Record<string, string>> }
  | { readonly kind: 'refused'; readonly failure: Failure; readonly message: string }
  | { readonly kind: 'ambiguous'; readonly reason: string }
  /**
   * Nothing went out: a lease the request carried was refused (what it would create exists,
   * or the record it follows moved), so this request made nothing. What is there, and whose,
   * a lookup tells. Only a request that carries its own lease answers this (a ref push).
   */
  | { readonly kind: 'preempted'; readonly reason: string }

export type LookupOutcome =
  /** The provider has the work, and it is ours: adopt its ids. */
  | {
      readonly kind: 'found'
      readonly external_ids: Readonly<Record<string, string>>
      readonly reason?: string
    }
  /** The provider demonstrably has nothing for this attempt. */
  | { readonly kind: 'absent'; readonly reason: string }
  /** Not known: the work may exist (or may still be on its way). */
  | { readonly kind: 'unknown'; readonly reason: string }
  /** Another actor holds what this send would make (a tag or a release not ours). */
  | { readonly kind: 'conflict'; readonly reason: string }
  /** The lookup itself failed: nothing was learnt, and nothing may be concluded. */
  | { readonly kind: 'unavailable'; readonly reason: string }

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
  // A line that starts with `{` and parses is a JSON object: never null, never an array.
  if (!line.startsWith('{')) return null
  let value: object
  try {
    value = JSON.parse(line) as object
  } catch {
    return null
  }
  const entries = Object.entries(value)
  if (!entries.every(([, v]) => typeof v === 'string')) return null
  // A fresh object with own properties only: `__proto__` stays a plain key.
  const ids: Record<string, string> = Object.create(null) as Record<string, string>
  for (const [k, v] of entries) ids[k] = v as string
  return { ...ids }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
