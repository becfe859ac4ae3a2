/**
 * The one gateway to GitHub's REST API, built once by the action (src/main.ts) and handed to
 * every command. It is `@actions/github`'s octokit with no retry or throttling plugin: a POST
 * that creates something — a dispatch, a re-run, a release, a comment — is sent once, because
 * a retried dispatch is the duplicate this action exists to prevent (docs/design/dispatch.md).
 * Every request is bounded by timeout-seconds. Nothing is loaded or parsed until a command
 * makes its first call, so commands that never call GitHub pay nothing for it; the dispatch,
 * the re-run and the workflow run's lookup use the platform's fetch (./rest.ts), so a dispatch
 * step never loads octokit at all.
 */
import type { HttpObservation } from '../core/send/outcome.js'
import type { ReleaseApi, WorkflowDispatch, WritesApi } from '../core/send/ports.js'
import { loadOctokit, type Octokit } from './octokit.js'
import { octokitOperatorApi, type OperatorApi } from './operatorApi.js'
import { GitHubReleases } from './releases.js'
import { parseRepository, runUrlFor, type Repository } from './repository.js'
import { restRequest } from './rest.js'
import { GitHubWrites } from './writes.js'

export interface GatewayOptions {
  /** The token input; may be empty for commands that make no call. */
  readonly token: string
  /** GITHUB_API_URL; https://api.github.com when unset or empty. */
  readonly apiUrl?: string | undefined
  /** GITHUB_REPOSITORY (`owner/name`), checked on the first call. */
  readonly repository?: string | undefined
  /** The bound on each request, in seconds (the timeout-seconds input). */
  readonly timeoutSeconds: number
  /** GITHUB_SERVER_URL, for a workflow run's web address; https://github.com when unset. */
  readonly serverUrl?: string | undefined
  /**
   * A proxy is configured (HTTPS_PROXY and the like): every call then goes through octokit,
   * which honours it, instead of the platform's fetch on the hot path (src/github/rest.ts).
   */
  readonly proxied?: boolean | undefined
}

/** What the release and operator clients need from the gateway. */
export interface GitHubConnection {
  client(): Promise<Octokit>
  where(): Repository
  /** A fresh abort signal for one request; `factor` stretches it for a paginated listing. */
  signal(factor?: number): AbortSignal
}

export class GitHubGateway implements GitHubConnection {
  private octokit: Promise<Octokit> | null = null
  private repository: Repository | null = null

  constructor(private readonly options: GatewayOptions) {}

  /** Whether a token was given: commands that can go on without GitHub ask this first. */
  get hasToken(): boolean {
    return this.options.token !== ''
  }

  /** The bound on one request (timeout-seconds), in milliseconds. */
  get timeoutMs(): number {
    return this.options.timeoutSeconds * 1000
  }

  /** `owner/name`, checked: a command that must call GitHub fails here with the fix. */
  get repositoryName(): string {
    const { owner, repo } = this.where()
    return `${owner}/${repo}`
  }

  /** A workflow run's web address, as GitHub forms it; null when GITHUB_REPOSITORY is unset. */
  get runUrl(): ((workflowRunId: string) => string) | null {
    const repository = this.options.repository
    return repository ? runUrlFor(this.options.serverUrl, repository) : null
  }

  client(): Promise<Octokit> {
    this.octokit ??= loadOctokit({ token: this.options.token, apiUrl: this.options.apiUrl })
    return this.octokit
  }

  where(): Repository {
    this.repository ??= parseRepository(this.options.repository)
    return this.repository
  }

  signal(factor = 1): AbortSignal {
    return AbortSignal.timeout(this.options.timeoutSeconds * 1000 * factor)
  }

  /** POST …/actions/workflows/{workflow}/dispatches with return_run_details. */
  dispatchWorkflow(dispatch: WorkflowDispatch): Promise<HttpObservation> {
    return this.observe('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
      workflow_id: dispatch.workflow,
      ref: dispatch.ref,
      inputs: { ...dispatch.inputs },
      return_run_details: true
    })
  }

  /** POST …/actions/runs/{run_id}/rerun-failed-jobs. */
  rerunFailedJobs(runId: number): Promise<HttpObservation> {
    return this.observe('POST /repos/{owner}/{repo}/actions/runs/{run_id}/rerun-failed-jobs', {
      run_id: runId
    })
  }

  /** GET …/actions/runs/{run_id}: a receiver's status and conclusion (observers; needs actions: read). */
  getWorkflowRun(runId: string): Promise<HttpObservation> {
    return this.observe('GET /repos/{owner}/{repo}/actions/runs/{run_id}', { run_id: runId })
  }

  /** The calls of the operate command: permission, reaction, reply, cancel. */
  operator(): OperatorApi {
    return octokitOperatorApi(this)
  }

  /** The release calls of the effect protocol. */
  releases(): ReleaseApi {
    return new GitHubReleases(this)
  }

  /** The pull request, comment and issue calls of the effect protocol. */
  writes(): WritesApi {
    return new GitHubWrites(this)
  }

  /**
   * One request, reported as what was observed (status and body, or that no answer came),
   * never thrown for an HTTP status; nothing it returns contains the token.
   */
  private async observe(
    route: string,
    parameters: Record<string, unknown>
  ): Promise<HttpObservation> {
    const where = this.where()
    try {
      if (!this.options.proxied) {
        const answer = await restRequest({
          route,
          parameters: { ...where, ...parameters },
          token: this.options.token,
          baseUrl: this.options.apiUrl || 'https://api.github.com',
          signal: this.signal()
        })
        return { status: answer.status, body: this.scrub(answer.body) }
      }
      const octokit = await this.client()
      const response = await octokit.request(route, {
        ...where,
        ...parameters,
        request: { signal: this.signal() }
      })
      return { status: response.status, body: response.data }
    } catch (error) {
      const status = (error as { status?: unknown }).status
      if (typeof status === 'number' && status >= 400) {
        const data = (error as { response?: { data?: unknown } }).response?.data
        return { status, body: this.scrub(data) }
      }
      return { error: this.scrub(describeError(error)) as string }
    }
  }

  /** The token never leaves the gateway: not in an error text, not in a body we keep. */
  private scrub(value: unknown): unknown {
    const token = this.options.token
    if (!token) return value
    if (typeof value === 'string') return value.split(token).join('***')
    if (value === undefined) return value
    try {
      return JSON.parse(JSON.stringify(value).split(token).join('***')) as unknown
    } catch {
      return null
    }
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError' || error.name === 'AbortError')
    return 'timed out (timeout-seconds)'
  const cause = (error as { cause?: unknown }).cause
  const detail = cause instanceof Error ? `: ${cause.message}` : ''
  return `${error.message}${detail}`
}
