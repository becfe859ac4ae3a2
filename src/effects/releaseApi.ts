/**
 * What the release protocol needs from GitHub, behind a small interface (the octokit driver in
 * githubReleases.ts implements it). Every answer is classified here into what the decision
 * table understands; nothing in this file decides.
 */

/** The fields of a GitHub release the protocol compares. */
export interface ReleaseView {
  readonly id: number
  readonly tag_name: string
  readonly name: string | null
  readonly body: string | null
  readonly draft: boolean
  readonly prerelease: boolean
  readonly html_url: string
}

export interface CreateRelease {
  readonly tag_name: string
  readonly name: string
  readonly body: string
  readonly draft: boolean
  readonly prerelease: boolean
}

export type CreateOutcome =
  | { readonly kind: 'created'; readonly release: ReleaseView }
  /** 422 with `already_exists` on tag_name: GitHub's one-published-release-per-tag fence. */
  | { readonly kind: 'already_exists'; readonly detail: string }
  /** A definite refusal (400, 401, 403, 404, other 422): nothing was created. */
  | { readonly kind: 'refused'; readonly status: number; readonly detail: string }
  /** 5xx, 429, a timeout, a dropped connection: it may have been created. */
  | { readonly kind: 'ambiguous'; readonly detail: string }

/** A lookup either answers completely or fails; a failure is never read as "absent". */
export type Lookup<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly detail: string }

export interface ReleaseApi {
  /** POST /repos/{owner}/{repo}/releases, sent once (no retry). */
  create(request: CreateRelease): Promise<CreateOutcome>
  /** GET /repos/{owner}/{repo}/releases/{id}; null on 404. */
  get(id: number): Promise<Lookup<ReleaseView | null>>
  /** GET /repos/{owner}/{repo}/releases/tags/{tag}: the published release for a tag, or null. */
  byTag(tag: string): Promise<Lookup<ReleaseView | null>>
  /** Every release, drafts included (every page of GET /repos/{owner}/{repo}/releases). */
  listAll(): Promise<Lookup<ReleaseView[]>>
}
