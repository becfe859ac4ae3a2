/**
 * The GitHub calls `command: operate` makes, behind a small interface so the command owns
 * the orchestration and tests run it against a local server speaking GitHub's REST API.
 * Every call goes through `@actions/github`'s octokit (no retry or throttling plugin: a
 * reply comment is a POST that creates something and is sent once).
 */

import { loadOctokit } from './octokit.js'

export type Reaction = '+1' | '-1' | 'confused' | 'eyes'

/** The collaborator permission API's answer (null: not a collaborator, 404). */
export interface PermissionAnswer {
  readonly permission: string
  readonly role_name?: string | null
}

export interface OperatorApi {
  permission(login: string): Promise<PermissionAnswer | null>
  react(commentId: number, content: Reaction): Promise<void>
  reply(issueNumber: number, body: string): Promise<void>
  /** `requested` (202), or `finished` when GitHub says the run can no longer be cancelled (409). */
  cancelWorkflowRun(runId: number): Promise<'requested' | 'finished'>
}

export interface OperatorApiOptions {
  readonly token: string
  /** GITHUB_API_URL; api.github.com when unset. */
  readonly apiUrl: string | undefined
  /** `owner/name`, from the event or GITHUB_REPOSITORY. */
  readonly repository: string
  readonly timeoutMs?: number
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

/** octokit is loaded on use (see loadOctokit: importing @actions/github parses the event). */
export async function octokitOperatorApi(options: OperatorApiOptions): Promise<OperatorApi> {
  const [owner = '', repo = ''] = options.repository.split('/')
  const octokit = await loadOctokit({ token: options.token, apiUrl: options.apiUrl })
  const request = () => ({ signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) })
  return {
    async permission(username) {
      try {
        const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
          owner,
          repo,
          username,
          request: request()
        })
        return { permission: data.permission, role_name: data.role_name }
      } catch (error) {
        if (statusOf(error) === 404) return null
        throw error
      }
    },
    async react(comment_id, content) {
      await octokit.rest.reactions.createForIssueComment({
        owner,
        repo,
        comment_id,
        content,
        request: request()
      })
    },
    async reply(issue_number, body) {
      await octokit.rest.issues.createComment({
        owner,
        repo,
        issue_number,
        body,
        request: request()
      })
    },
    async cancelWorkflowRun(run_id) {
      try {
        await octokit.rest.actions.cancelWorkflowRun({ owner, repo, run_id, request: request() })
        return 'requested'
      } catch (error) {
        if (statusOf(error) === 409) return 'finished'
        throw error
      }
    }
  }
}

/** An API error as one line for a warning; never the token (octokit does not echo it). */
export function apiErrorText(error: unknown): string {
  const status = statusOf(error)
  const message = error instanceof Error ? error.message : String(error)
  return `${status ? `HTTP ${status}: ` : ''}${message.split('\n')[0] ?? ''}`.slice(0, 300)
}
