/**
 * What the providers need from GitHub, as types only: the one gateway in src/github/
 * implements these ports, and the providers depend on nothing else of it. Nothing here
 * decides; every answer is classified by the one send protocol.
 */
import type { ReleaseCreateObservation } from './effectOutcome.js'
import type { HttpObservation } from './outcome.js'

export interface WorkflowDispatch {
  /** A workflow file name (`receiver.yml`) or id. */
  readonly workflow: string
  readonly ref: string
  readonly inputs: Readonly<Record<string, string>>
}

/** The GitHub calls the workflow driver and recover make. */
export interface GitHubApi {
  dispatchWorkflow(dispatch: WorkflowDispatch): Promise<HttpObservation>
  rerunFailedJobs(runId: number): Promise<HttpObservation>
}
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
