/**
 * The GitHub REST calls of `dispatch` and `recover`, through @actions/github's octokit.
 * Each POST is sent once: octokit here has no retry or throttling plugin (a retried
 * dispatch is the duplicate we exist to prevent), and each call is bounded by a timeout.
 * A call reports what it observed (status and body, or that no answer came), never throws
 * for an HTTP status; nothing it returns can contain the token.
 */
import type { HttpObservation } from '../core/sendOutcome.js'
import { loadOctokit, type Octokit } from '../github/octokit.js'

export interface GitHubApiOptions {
  readonly token: string
  /** GITHUB_API_URL (https://api.github.com on github.com). */
  readonly baseUrl: string
  /** GITHUB_REPOSITORY: owner/name. */
  readonly repository: string
  readonly timeoutSeconds: number
}

export interface WorkflowDispatch {
  /** A workflow file name (`receiver.yml`) or id. */
  readonly workflow: string
  readonly ref: string
  readonly inputs: Readonly<Record<string, string>>
}

export class GitHubApi {
  private octokit: Promise<Octokit> | null = null
  private readonly owner: string
  private readonly repo: string

  constructor(private readonly options: GitHubApiOptions) {
    const [owner, repo] = options.repository.split('/')
    this.owner = owner ?? ''
    this.repo = repo ?? ''
  }

  private client(): Promise<Octokit> {
    this.octokit ??= loadOctokit({ token: this.options.token, apiUrl: this.options.baseUrl })
    return this.octokit
  }

  /** POST …/actions/workflows/{workflow}/dispatches with return_run_details (SPEC §10). */
  dispatchWorkflow(dispatch: WorkflowDispatch): Promise<HttpObservation> {
    return this.call('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
      workflow_id: dispatch.workflow,
      ref: dispatch.ref,
      inputs: { ...dispatch.inputs },
      return_run_details: true
    })
  }

  /** POST …/actions/runs/{run_id}/rerun-failed-jobs (SPEC §11). */
  rerunFailedJobs(runId: number): Promise<HttpObservation> {
    return this.call('POST /repos/{owner}/{repo}/actions/runs/{run_id}/rerun-failed-jobs', {
      run_id: runId
    })
  }

  private async call(route: string, parameters: Record<string, unknown>): Promise<HttpObservation> {
    const octokit = await this.client()
    try {
      const response = await octokit.request(route, {
        owner: this.owner,
        repo: this.repo,
        ...parameters,
        request: { signal: AbortSignal.timeout(this.options.timeoutSeconds * 1000) }
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

  /** The token never leaves this class: not in an error text, not in a body we keep. */
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
