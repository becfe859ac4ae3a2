/**
 * How every command reaches the GitHub REST API: `@actions/github`'s octokit, with no retry or
 * throttling plugin (a POST that creates something — a dispatch, a release, a comment — is sent
 * once; a retried dispatch is the duplicate this action exists to prevent).
 */
import type { getOctokit } from '@actions/github'

export type Octokit = ReturnType<typeof getOctokit>

export interface OctokitOptions {
  readonly token: string
  /** GITHUB_API_URL; https://api.github.com when unset or empty. */
  readonly apiUrl?: string | undefined
}

/**
 * Loaded on use, never at start-up: `@actions/github` parses GITHUB_EVENT_PATH when it is
 * imported, which would turn a malformed event into a raw JSON error before the action's own
 * loader could name the problem and its fix.
 */
export async function loadOctokit(options: OctokitOptions): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github')
  const baseUrl = (options.apiUrl || 'https://api.github.com').replace(/\/+$/, '')
  return getOctokit(options.token, { baseUrl })
}
