/**
 * Types shared by the fake GitHub server process and its test client (no runtime code).
 * GitHub's own shapes come from `@octokit/openapi-types`.
 */
import type { components } from '@octokit/openapi-types'
import type { RouteKey, RouteName } from './routes.ts'

export type Schemas = components['schemas']
export type WorkflowRun = Schemas['workflow-run']
export type Release = Schemas['release']
export type IssueComment = Schemas['issue-comment']
export type PullRequest = Schemas['pull-request']
export type Issue = Schemas['issue']
export type Reaction = Schemas['reaction']

/**
 * What the fake does with one request to a route. Faults queue per route and are consumed in
 * arrival order; a request with no fault queued is answered normally. A request refused before
 * its route runs (no token, 401, another repository, bad JSON) consumes none. "Commit" means applying
 * the request's change to the fake's state (a dispatch creates its workflow run and starts
 * the receiver; a release is created); on a route that changes nothing it is a no-op. Where
 * the route itself refuses the request (404, 422, the release fence), committing changes
 * nothing and its answer is that refusal.
 *
 * `delayMs` (any fault) waits before anything else happens. `echoToken` (faults that answer
 * an error) puts the request's token into the error message: for proving the product never
 * prints an API error body verbatim. Nothing else ever returns or logs the token.
 */
export type Fault =
  /** Commit and answer normally. */
  | { kind: 'ok'; delayMs?: number }
  /** Wait `ms`, then commit and answer normally (same as ok with delayMs). */
  | { kind: 'delay'; ms: number }
  /** Commit, then answer `status` (default 500) with a GitHub error body. */
  | { kind: 'commit-then-error'; status?: number; delayMs?: number; echoToken?: boolean }
  /** Commit, then destroy the connection before sending a byte. */
  | { kind: 'commit-then-drop'; delayMs?: number }
  /** Answer `status` (default 500) without committing: a 5xx, 429, … that changed nothing. */
  | { kind: 'error'; status?: number; delayMs?: number; echoToken?: boolean }
  /**
   * Answer first, commit later: `answer` 'error' sends `status` (default 500), 'drop' destroys
   * the connection, 'hang' sends nothing until the client gives up (closes the connection; at
   * most `hangMaxMs`, default 60000, then the socket is destroyed). The commit happens
   * `commitAfterMs` (default 300) after that answer, so it is visible only after the client
   * has its answer.
   */
  | {
      kind: 'late-commit'
      answer: 'error' | 'drop' | 'hang'
      status?: number
      commitAfterMs?: number
      hangMaxMs?: number
      delayMs?: number
      echoToken?: boolean
    }
  /** A definite refusal: 401, 403, 404 or 422 with GitHub's body for it; nothing committed. */
  | {
      kind: 'refuse'
      status: 401 | 403 | 404 | 409 | 422
      message?: string
      delayMs?: number
      echoToken?: boolean
    }
  /** Commit twice (a dispatch makes two workflow runs), answer with the first commit's answer. */
  | { kind: 'duplicate'; delayMs?: number }

export type FaultKind = Fault['kind']

export type ReceiverMode =
  /** The bundled action's admit step first; the work is done only when its `owner` is true. */
  | 'fenced'
  /** No admit step: every receiver does the work (a negative control). */
  | 'unfenced'
  /**
   * Your own receiver (e.g. the example receiver workflow through a workflow runner): the
   * fake runs `command` (argv, no shell) in an empty workspace (clone FAKE_GITHUB_ORIGIN into
   * it, as actions/checkout would) with the environment of a
   * workflow_dispatch job (GITHUB_EVENT_PATH, GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT,
   * GITHUB_WORKSPACE, GITHUB_REPOSITORY, GITHUB_API_URL, GITHUB_REF, GITHUB_WORKFLOW_REF…)
   * plus FAKE_GITHUB_WORKFLOW (the workflow file path) and FAKE_GITHUB_RECEIVER_RESULT: a
   * file where the command writes `{"working": true}` when its job did the work. Exit 0 and
   * that file say `working`; anything else is a receiver that did not work.
   */
  | 'command'
  /** No receiver runs; dispatched runs complete at once with `conclusion` success. */
  | 'off'
  /**
   * The caller runs the receiver (scripts/workflow/actingGitHub.ts runs the receiver workflow
   * file): a dispatched run stays `queued`, as GitHub's does until a runner takes its job, until
   * the caller sets it (setRun). With 'off' instead, an observer would read a run that never
   * admitted as concluded before its receiver even started.
   */
  | 'external'

export interface ReceiverConfig {
  /** Default: 'fenced' when an origin is configured, else 'off'. */
  mode?: ReceiverMode
  /** Extra `with:` inputs for the receiver's admit step (e.g. namespace). */
  with?: Record<string, string>
  /** Extra environment for the receiver's process. */
  env?: Record<string, string>
  /** For mode 'command': the program and its arguments. */
  command?: string[]
  /** Wait this long after the run is created before the receiver starts. */
  startDelayMs?: number
  /**
   * Per run, in the order the fake creates dispatched runs (counted from the last reset or
   * configure): the i-th run's receiver waits startDelaysMs[i] ms (else startDelayMs). A
   * runner picking one job up later than another, so either run can win the receiver key.
   */
  startDelaysMs?: number[]
}

export interface UserConfig {
  id?: number
  type?: 'User' | 'Bot' | 'Organization'
  /** For the collaborator permission API: admin, maintain, write, triage, read or none. */
  permission?: 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none'
}

export interface WorkflowConfig {
  /** Workflow id (default: derived from the file name). */
  id?: number
  name?: string
  /** Inputs the workflow declares; when given, others are refused with 422 as GitHub does. */
  inputs?: string[]
  /** false: the workflow has no workflow_dispatch trigger (422). Default true. */
  dispatchable?: boolean
}

export interface FakeConfig {
  /** The one repository served; requests for any other owner/repo get 404. */
  repo: { owner: string; name: string; id: number }
  /** The git URL each receiver clones (a gitHttpServer URL or a file:// bare repository). */
  origin?: string
  /**
   * The origin's bare repository on disk (gitHttpServer's bareDir, makeBareRemote's dir). With
   * it, a published release whose tag is missing creates that tag on target_commitish, as
   * GitHub does (or is refused: protected by protectTags(), target unknown).
   */
  originDir?: string
  receiver?: ReceiverConfig
  /** Known users: login → id, type, permission. Unknown logins get a stable id, type User. */
  users?: Record<string, UserConfig>
  /** token → login. When set, any other token gets 401 Bad credentials. */
  tokens?: Record<string, string>
  /** Login of a token not in `tokens` (default github-actions[bot]). */
  defaultLogin?: string
  /**
   * When set, only these workflow files exist (404 for others). When absent any `*.yml` or
   * `*.yaml` file name is a dispatchable workflow.
   */
  workflows?: Record<string, WorkflowConfig>
}

export interface ReceiverRecord {
  /** The workflow run this receiver ran as, and its attempt. */
  readonly run_id: number
  readonly run_attempt: number
  readonly mode: ReceiverMode
  status: 'waiting' | 'running' | 'finished'
  /** The clone it ran in (removed once it finished). */
  workspace?: string
  /** The admit step's result (fenced mode): exit code and outputs. */
  admit?: {
    code: number | null
    owner?: string
    created?: string
    run_id?: string
    dispatch_key?: string
    errors: string[]
  }
  /** True when this receiver did the work: admit said owner=true (or there was no fence). */
  working: boolean
  /** Mode 'command': the command's exit code, and the tail of its stdout and stderr. */
  command?: { code: number | null; signal: string | null; stdout: string; stderr: string }
  /** Why the receiver could not run (no origin, clone failed…). */
  error?: string
}

export interface DispatchRecord {
  /** The request's sequence number in the exchange log. */
  readonly request: number
  readonly workflow: string
  readonly ref: string
  readonly inputs: Record<string, unknown>
  readonly run_id: number
}

export interface FakeStateView {
  repo: FakeConfig['repo']
  runs: WorkflowRun[]
  dispatches: DispatchRecord[]
  receivers: ReceiverRecord[]
  reruns: { run_id: number; run_attempt: number }[]
  cancels: { run_id: number; status: number }[]
  releases: Release[]
  /** Tags GitHub (the fake) created because a published release named a missing tag. */
  tagsCreatedByReleases: string[]
  comments: IssueComment[]
  /** Pull requests (every state) and issues (pull requests not among them). */
  pulls: PullRequest[]
  issues: Issue[]
  reactions: (Reaction & { comment_id: number })[]
  /** Still to come: running or waiting receivers, late commits, hanging or delayed requests. */
  pending: number
}

/** One request as the fake saw it; the authorization header is never kept. */
export interface Exchange {
  readonly seq: number
  readonly route: RouteKey | null
  readonly name: RouteName | null
  readonly method: string
  readonly path: string
  readonly fault: FaultKind
  /** What the client got: a status, or 'dropped' (socket destroyed) / 'hung' (no answer). */
  outcome: number | 'dropped' | 'hung'
  /** Whether the request's change was applied (for late commits, once it has been). */
  committed: boolean
  readonly requestBody: unknown
  /** The answer's JSON body (undefined when there was none). */
  responseBody?: unknown
}
