/**
 * The GitHub REST routes the fake serves: one table, used by the server to dispatch requests
 * and by the schema test to prove each route exists in `@octokit/openapi` (api.github.com).
 * A key is `METHOD /template`, with GitHub's own template (the description's path key).
 *
 * Erasable TypeScript only: the server process runs it with Node's type stripping.
 */

export const ROUTES = {
  getRepo: 'GET /repos/{owner}/{repo}',
  dispatch: 'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
  listWorkflowRuns: 'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
  listRuns: 'GET /repos/{owner}/{repo}/actions/runs',
  getRun: 'GET /repos/{owner}/{repo}/actions/runs/{run_id}',
  rerunFailedJobs: 'POST /repos/{owner}/{repo}/actions/runs/{run_id}/rerun-failed-jobs',
  cancelRun: 'POST /repos/{owner}/{repo}/actions/runs/{run_id}/cancel',
  getPermission: 'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
  createReaction: 'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
  createComment: 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
  listComments: 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
  createIssue: 'POST /repos/{owner}/{repo}/issues',
  listIssues: 'GET /repos/{owner}/{repo}/issues',
  createPull: 'POST /repos/{owner}/{repo}/pulls',
  listPulls: 'GET /repos/{owner}/{repo}/pulls',
  createRelease: 'POST /repos/{owner}/{repo}/releases',
  listReleases: 'GET /repos/{owner}/{repo}/releases',
  getReleaseByTag: 'GET /repos/{owner}/{repo}/releases/tags/{tag}',
  getRelease: 'GET /repos/{owner}/{repo}/releases/{release_id}'
} as const

export type RouteName = keyof typeof ROUTES
export type RouteKey = (typeof ROUTES)[RouteName]

export interface RouteMatch {
  readonly name: RouteName
  readonly key: RouteKey
  readonly params: Readonly<Record<string, string>>
}

export function splitKey(key: RouteKey): { method: string; template: string } {
  const space = key.indexOf(' ')
  return { method: key.slice(0, space), template: key.slice(space + 1) }
}

/**
 * The route for a method and a URL path (without the query), or null. Each `{name}` matches
 * one path segment, percent-decoded (a tag `a/b` arrives as `a%2Fb`). A literal segment beats
 * a parameter, so `/releases/tags/v1` is the tag route, never release id "tags".
 */
export function matchRoute(method: string, pathname: string): RouteMatch | null {
  const segments = pathname.split('/').slice(1)
  let best: { match: RouteMatch; literals: number } | null = null
  for (const [name, key] of Object.entries(ROUTES) as [RouteName, RouteKey][]) {
    const route = splitKey(key)
    if (route.method !== method) continue
    const parts = route.template.split('/').slice(1)
    if (parts.length !== segments.length) continue
    const params: Record<string, string> = {}
    let literals = 0
    let ok = true
    for (let i = 0; i < parts.length && ok; i++) {
      const part = parts[i] as string
      const segment = segments[i] as string
      if (part.startsWith('{') && part.endsWith('}')) {
        if (segment === '') ok = false
        else params[part.slice(1, -1)] = safeDecode(segment)
      } else if (part === segment) literals++
      else ok = false
    }
    if (ok && (best === null || literals > best.literals))
      best = { match: { name, key, params }, literals }
  }
  return best?.match ?? null
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
