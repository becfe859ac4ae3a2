/**
 * How the gateway's clients read what GitHub answered (docs/design/effects.md): a lookup that
 * failed is never read as "absent", and a create is definite only when GitHub answered it.
 */
import type { CreateFailure } from '../core/send/effectOutcome.js'
import type { Lookup } from '../core/send/ports.js'

export function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : null
}

/** 404 → absent (null); any other failure → the lookup failed (never "absent"). */
export async function lookupOf<T>(fn: () => Promise<T>): Promise<Lookup<T | null>> {
  try {
    return { ok: true, value: await fn() }
  } catch (error) {
    if (statusOf(error) === 404) return { ok: true, value: null }
    return { ok: false, detail: describe(error) }
  }
}

/** A listing: every failure, 404 included, is a lookup that learnt nothing. */
export async function listingOf<T>(fn: () => Promise<T[]>): Promise<Lookup<T[]>> {
  try {
    return { ok: true, value: await fn() }
  } catch (error) {
    return { ok: false, detail: describe(error) }
  }
}

export interface CreateErrorRules {
  /** Whether a 422's body is GitHub's fence refusing a second one (release tag, open pull). */
  readonly fence: (data: unknown) => boolean
  /** The permission a 403 names. */
  readonly permission: string
}

/**
 * Only an answer GitHub gave is definite. A 422 that is the fence says one exists; other
 * 4xx (400, 401, 403, 404, 409, 422) refuse; anything else — 5xx, 429, a timeout, a dropped
 * connection (octokit reports those as status 500 with no response) — may have created it.
 */
export function classifyCreateError(error: unknown, rules: CreateErrorRules): CreateFailure {
  const status = statusOf(error)
  const detail = describe(error)
  const response = (error as { response?: { data?: unknown } } | null)?.response
  if (status === 422 && response && rules.fence(response.data))
    return { kind: 'already_exists', detail }
  if (status !== null && response && [400, 401, 403, 404, 409, 422].includes(status))
    return {
      kind: 'refused',
      status,
      detail: status === 403 ? `${detail} (the token needs ${rules.permission})` : detail
    }
  return { kind: 'ambiguous', detail }
}

function errorsOf(data: unknown): unknown[] {
  const errors = (data as { errors?: unknown } | null)?.errors
  return Array.isArray(errors) ? errors : []
}

/** A release's fence: 422 `already_exists` (one published release per tag). */
export function isAlreadyExists(data: unknown): boolean {
  return errorsOf(data).some(e => (e as { code?: unknown } | null)?.code === 'already_exists')
}

/**
 * A pull request's fence: GitHub refuses a second open pull request for one head and base with
 * a 422 whose error is `code: custom`, "A pull request already exists for <owner>:<head>."
 * Other 422s (no commits between the branches, a missing head) are definite refusals.
 */
export function isPullAlreadyOpen(data: unknown): boolean {
  return errorsOf(data).some(e => {
    const entry = e as { code?: unknown; message?: unknown } | null
    return (
      entry?.code === 'custom' &&
      typeof entry.message === 'string' &&
      entry.message.startsWith('A pull request already exists for ')
    )
  })
}

/** The status and GitHub's message, never a body verbatim (it could echo a token). */
export function describe(error: unknown): string {
  const status = statusOf(error)
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
  const safe = (message ?? '').replace(/gh[pousr]_[A-Za-z0-9]{20,}/g, '***').slice(0, 300)
  return status !== null ? `HTTP ${status}: ${safe}` : safe
}
