/**
 * How a ref push (a tag, a branch) and a create through GitHub's API (a release, a pull
 * request, a comment, an issue) are classified into the one send outcome and the one lookup
 * answer (docs/design/effects.md). Pure: the providers in src/providers/ hand in what git or
 * GitHub answered.
 */
import type { LookupOutcome, SendOutcome } from './outcome.js'

/**
 * What the atomic push of a tag (or a branch) and its record answered (store/tagStore.ts):
 * `rejected` when a lease was refused — the ref exists at the remote, or the record moved —
 * `refused` when a hook or ruleset refused (neither ref moved).
 */
export type TagPushObservation =
  | { readonly kind: 'created' | 'rejected' }
  | { readonly kind: 'refused' | 'ambiguous'; readonly detail: string }

export function classifyTagPush(pushed: TagPushObservation, tagObject: string): SendOutcome {
  switch (pushed.kind) {
    case 'created':
      return { kind: 'submitted', external_ids: { tag_object: tagObject } }
    case 'rejected':
      // Not sent: the lease travels with the push, so a refused one made nothing.
      return {
        kind: 'preempted',
        reason:
          'the push made nothing (the ref exists or the record moved): fetch both to see whose it is'
      }
    case 'refused':
      return {
        kind: 'refused',
        failure: { code: 'push_refused', classification: 'provider', retryable: false },
        message:
          'the remote refused the push (a hook or ruleset): neither the tag nor the record ' +
          `was written (${pushed.detail})`
      }
    case 'ambiguous':
      return {
        kind: 'ambiguous',
        reason: `the push was not answered: fetch the tag and the journal (${pushed.detail})`
      }
  }
}

/** What a create through GitHub's API answered, short of creating (the gateway classifies). */
export type CreateFailure =
  /**
   * GitHub's own fence refused a second one: 422 `already_exists` on a release's tag_name, or
   * 422 "A pull request already exists for <owner>:<head>." Whose it is, a lookup tells.
   */
  | { readonly kind: 'already_exists'; readonly detail: string }
  /** A definite refusal (400, 401, 403, 404, other 422): nothing was created. */
  | { readonly kind: 'refused'; readonly status: number; readonly detail: string }
  /** 5xx, 429, a timeout, a dropped connection: it may have been created. */
  | { readonly kind: 'ambiguous'; readonly detail: string }

/** What the release create answered (the release API classifies GitHub's statuses). */
export type ReleaseCreateObservation =
  | {
      readonly kind: 'created'
      readonly release: { readonly id: number; readonly html_url: string }
    }
  | CreateFailure

export function classifyReleaseCreate(created: ReleaseCreateObservation): SendOutcome {
  return created.kind === 'created'
    ? { kind: 'submitted', external_ids: releaseIds(created.release) }
    : classifyCreateFailure(created, 'release for this tag')
}

/**
 * The one reading of a create that did not answer 201, for every kind made through the API:
 * only GitHub's fence or an answer it gave is definite; anything else may have created it.
 */
export function classifyCreateFailure(failed: CreateFailure, what: string): SendOutcome {
  switch (failed.kind) {
    case 'already_exists':
      return {
        kind: 'ambiguous',
        reason: `GitHub refused a second ${what}: look up whose it is (${failed.detail})`
      }
    case 'refused':
      return {
        kind: 'refused',
        failure: { code: `http_${failed.status}`, classification: 'provider', retryable: false },
        message: `refused ${failed.status}: ${failed.detail}`
      }
    case 'ambiguous':
      return {
        kind: 'ambiguous',
        reason: `the outcome of the create is not known: look it up (${failed.detail})`
      }
  }
}

/** The ids a release is recorded by. */
export function releaseIds(release: {
  readonly id: number
  readonly html_url: string
}): Record<string, string> {
  return { release_id: String(release.id), release_url: release.html_url }
}

/** What a tag or release lookup found, before classification. */
export type EffectFinding =
  /** Ours: our marker, our tag object. */
  | 'ours'
  /** Something else holds the tag or the release. */
  | 'other'
  /** Several releases, comments or issues carry our marker. */
  | 'several'
  /** A complete lookup found nothing. */
  | 'none'
  /** The lookup itself failed: nothing was learnt. */
  | 'unavailable'

/**
 * A complete lookup that found nothing proves absence only where the provider is fenced (a
 * create-only push, a published release, a pull request): a draft, a comment or an issue has
 * no fence, and a create that answered late may still commit, so for them nothing found is
 * `unknown`.
 */
export function classifyEffectLookup(
  found: EffectFinding,
  fenced: boolean,
  seen: { readonly external_ids: Readonly<Record<string, string>>; readonly reason: string }
): LookupOutcome {
  switch (found) {
    case 'ours':
      return { kind: 'found', external_ids: seen.external_ids, reason: seen.reason }
    case 'other':
    case 'several':
      return { kind: 'conflict', reason: seen.reason }
    case 'none':
      return { kind: fenced ? 'absent' : 'unknown', reason: seen.reason }
    case 'unavailable':
      return { kind: 'unavailable', reason: seen.reason }
  }
}
