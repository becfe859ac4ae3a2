/**
 * The GitHub calls `command: operate` makes, behind a small interface so the command owns
 * the orchestration and tests run it against a local server speaking GitHub's REST API.
 * Every call goes through `@actions/github`'s octokit (no retry or throttling plugin: a
 * reply comment is a POST that creates something and is sent once).
 */

import type { GitHubConnection } from './gateway.js'

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

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

/** The operator calls over the gateway's octokit, loaded on the first call. */
export function octokitOperatorApi(github: GitHubConnection): OperatorApi {
  const request = () => ({ signal: github.signal() })
  const connect = async () => ({ octokit: await github.client(), ...github.where() })
  return {
    async permission(username) {
      const { octokit, owner, repo } = await connect()
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
      const { octokit, owner, repo } = await connect()
      await octokit.rest.reactions.createForIssueComment({
        owner,
        repo,
        comment_id,
        content,
        request: request()
      })
    },
    async reply(issue_number, body) {
      const { octokit, owner, repo } = await connect()
      await octokit.rest.issues.createComment({
        owner,
        repo,
        issue_number,
        body,
        request: request()
      })
    },
    async cancelWorkflowRun(run_id) {
      const { octokit, owner, repo } = await connect()
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
