import { InvalidInput } from '../core/errors.js'
import { actionsRunUrl } from '../core/writer.js'

export interface Repository {
  readonly owner: string
  readonly repo: string
}

/**
 * GITHUB_REPOSITORY (`owner/name`) as the REST API's owner and repo: the one parser every
 * GitHub call goes through, so every command names a bad value the same way.
 */
export function parseRepository(text: string | undefined): Repository {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(text ?? '')
  if (!match)
    throw new InvalidInput(
      `GITHUB_REPOSITORY is ${JSON.stringify(text ?? '')}, not owner/name, so there is no ` +
        'repository to call the GitHub API on. The runner sets it: run inside a workflow.'
    )
  return { owner: match[1] as string, repo: match[2] as string }
}

/** A workflow run's web address on `serverUrl` (GITHUB_SERVER_URL), as GitHub forms it. */
export function runUrlFor(
  serverUrl: string | undefined,
  repository: string
): (id: string) => string {
  return id => actionsRunUrl(serverUrl, repository, id)
}
