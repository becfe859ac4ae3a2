/**
 * What the providers need from GitHub, as types only: the one gateway in src/github/
 * implements these ports, and the providers depend on nothing else of it. Nothing here
 * decides; every answer is classified by the one send protocol.
 */
import type { CreateFailure } from './effectOutcome.js'
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
  CreateFailure | { readonly kind: 'created'; readonly release: ReleaseView }

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

/**
 * A pull request, an issue or a comment as the protocol compares it. `number` is null for a
 * comment; `open` is true for one; the pull request fields are null for the others.
 */
export interface WriteView {
  readonly id: number
  readonly number: number | null
  readonly html_url: string
  readonly body: string | null
  readonly title: string | null
  readonly open: boolean
  /** `owner:branch`, as GitHub labels a pull request's head; null for the others. */
  readonly head: string | null
  readonly base: string | null
  readonly draft: boolean | null
  /** An issue's label names; null for the others. */
  readonly labels: readonly string[] | null
}

export type WriteCreateOutcome =
  CreateFailure | { readonly kind: 'created'; readonly view: WriteView }

export interface CreatePull {
  readonly head: string
  readonly base: string
  readonly title: string
  readonly body: string
  readonly draft: boolean
}

export interface CreateIssue {
  readonly title: string
  readonly body: string
  readonly labels: readonly string[]
}

/** The calls of the write kinds; each create is sent once (no retry), each list every page. */
export interface WritesApi {
  /** `owner/name`'s owner: a pull request's head is looked up as `<owner>:<branch>`. */
  readonly owner: string
  createPull(request: CreatePull): Promise<WriteCreateOutcome>
  /** Every pull request, of every state, from `head` (`owner:branch`) into `base`. */
  listPulls(head: string, base: string): Promise<Lookup<WriteView[]>>
  createComment(issueNumber: number, body: string): Promise<WriteCreateOutcome>
  /** Every comment of the issue updated at or after `since` (ISO time). */
  listComments(issueNumber: number, since: string): Promise<Lookup<WriteView[]>>
  createIssue(request: CreateIssue): Promise<WriteCreateOutcome>
  /** Every issue (open and closed, pull requests left out) updated at or after `since`. */
  listIssues(since: string): Promise<Lookup<WriteView[]>>
}
