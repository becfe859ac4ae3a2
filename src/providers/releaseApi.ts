/**
 * What the release protocol needs from GitHub, behind a small interface (the octokit driver in
 * src/github/releases.ts implements it). Every answer is classified into what the one send
 * protocol understands; nothing in this file decides.
 */
import type { ReleaseCreateObservation } from '../core/send/effectOutcome.js'

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

/** What a create answered, as the one send protocol classifies it (core/send/effectOutcome.ts). */
export type CreateOutcome =
  | Exclude<ReleaseCreateObservation, { readonly kind: 'created' }>
  | { readonly kind: 'created'; readonly release: ReleaseView }

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
