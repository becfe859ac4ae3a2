/**
 * `permissions:` enforced the way GitHub enforces them: not by reading what a step intends,
 * but at the credentials. Each job gets its own token, registered with exactly the
 * permissions its `permissions:` grants. The test origin's git server and the fake GitHub API
 * are reached only through a gate (one local HTTP server) that checks that token on every
 * request: git fetches need `contents: read`, pushes `contents: write`, and each API route
 * the scope GitHub documents for it. A step that pushes without `contents: write` therefore
 * fails inside git with a 403, as it would on GitHub, whatever tool it used.
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { Expr, type Plain } from './model.ts'
import { WorkflowError } from './errors.ts'

export const SCOPES = [
  'actions',
  'attestations',
  'checks',
  'contents',
  'deployments',
  'discussions',
  'id-token',
  'issues',
  'models',
  'packages',
  'pages',
  'pull-requests',
  'repository-projects',
  'security-events',
  'statuses'
] as const
export type Scope = (typeof SCOPES)[number]
export type Level = 'none' | 'read' | 'write'
export type Permissions = Record<Scope, Level>

/**
 * When neither the workflow nor the job says `permissions:`, GitHub uses the repository's
 * default: `restricted` (contents and packages read, the default for new repositories and
 * organizations) or `permissive` (read and write on everything).
 */
export type DefaultPermissions = 'restricted' | 'permissive'

function all(level: Level): Permissions {
  return Object.fromEntries(SCOPES.map(s => [s, level])) as Permissions
}

function fromSpec(spec: Plain, where: string): Permissions {
  if (spec === 'read-all') return all('read')
  if (spec === 'write-all') return all('write')
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec) || spec instanceof Expr)
    throw new WorkflowError(`${where}: expected read-all, write-all or a mapping of scopes`)
  const granted = all('none')
  for (const [scope, level] of Object.entries(spec)) {
    if (!(SCOPES as readonly string[]).includes(scope))
      throw new WorkflowError(`${where}.${scope} is not a permission scope`)
    if (level !== 'read' && level !== 'write' && level !== 'none')
      throw new WorkflowError(`${where}.${scope}: expected read, write or none`)
    granted[scope as Scope] = level
  }
  return granted
}

/** The job's token permissions: the job's `permissions:` replaces the workflow's entirely. */
export function resolvePermissions(options: {
  workflow?: Plain
  job?: Plain
  jobId: string
  default: DefaultPermissions
}): Permissions {
  if (options.job !== undefined) return fromSpec(options.job, `jobs.${options.jobId}.permissions`)
  if (options.workflow !== undefined) return fromSpec(options.workflow, 'permissions')
  if (options.default === 'permissive') return all('write')
  return { ...all('none'), contents: 'read', packages: 'read' }
}

function allows(granted: Level | undefined, needed: Level): boolean {
  if (needed === 'none') return true
  if (needed === 'read') return granted === 'read' || granted === 'write'
  return granted === 'write'
}

/**
 * The scope each API route needs (GitHub's "Permissions required for GitHub Apps" tables).
 * A route missing here is refused with a message naming this table, never let through.
 */
export const API_ROUTES: Array<{
  method: string
  path: RegExp
  scope: Scope | 'metadata'
  level: Level
}> = [
  {
    method: 'POST',
    path: /^\/repos\/[^/]+\/[^/]+\/actions\/workflows\/[^/]+\/dispatches$/,
    scope: 'actions',
    level: 'write'
  },
  {
    method: 'POST',
    path: /^\/repos\/[^/]+\/[^/]+\/actions\/runs\/\d+\/(rerun|rerun-failed-jobs|cancel)$/,
    scope: 'actions',
    level: 'write'
  },
  { method: 'GET', path: /^\/repos\/[^/]+\/[^/]+\/actions\//, scope: 'actions', level: 'read' },
  {
    method: 'POST',
    path: /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+\/comments|comments\/\d+\/reactions)$/,
    scope: 'issues',
    level: 'write'
  },
  { method: 'POST', path: /^\/repos\/[^/]+\/[^/]+\/issues$/, scope: 'issues', level: 'write' },
  { method: 'GET', path: /^\/repos\/[^/]+\/[^/]+\/issues(\/|$)/, scope: 'issues', level: 'read' },
  {
    method: 'POST',
    path: /^\/repos\/[^/]+\/[^/]+\/pulls$/,
    scope: 'pull-requests',
    level: 'write'
  },
  {
    method: 'GET',
    path: /^\/repos\/[^/]+\/[^/]+\/pulls(\/|$)/,
    scope: 'pull-requests',
    level: 'read'
  },
  {
    method: 'GET',
    path: /^\/repos\/[^/]+\/[^/]+\/collaborators\/[^/]+\/permission$/,
    scope: 'metadata',
    level: 'read'
  },
  { method: 'POST', path: /^\/repos\/[^/]+\/[^/]+\/releases$/, scope: 'contents', level: 'write' },
  {
    method: 'PATCH',
    path: /^\/repos\/[^/]+\/[^/]+\/releases\/\d+$/,
    scope: 'contents',
    level: 'write'
  },
  {
    method: 'GET',
    path: /^\/repos\/[^/]+\/[^/]+\/releases(\/|$)/,
    scope: 'contents',
    level: 'read'
  },
  { method: 'GET', path: /^\/repos\/[^/]+\/[^/]+$/, scope: 'metadata', level: 'read' }
]

export interface Gate {
  /** the gate's base URL: GITHUB_SERVER_URL and GITHUB_API_URL */
  url: string
  /** the clone URL of the test origin through the gate */
  cloneUrl: string
  /** a new job token with exactly these permissions (ghs_…, never printed) */
  issueToken(permissions: Permissions): string
  /** requests the gate refused, for tests: method, path, status and the scope that was missing */
  refused: Array<{ method: string; path: string; status: number; needed: string }>
  setApi(url: string | undefined): void
  close(): Promise<void>
}

function tokenOf(req: http.IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? ''
  const basic = /^basic\s+(.+)$/i.exec(header)
  if (basic) {
    const [, password] = Buffer.from(basic[1] as string, 'base64')
      .toString()
      .split(':')
    return password
  }
  return /^(?:bearer|token)\s+(.+)$/i.exec(header)?.[1]
}

/**
 * Starts the gate in front of a git smart-HTTP server (`gitUpstream`, e.g.
 * http://127.0.0.1:P/repo.git) and, when set, the fake GitHub API.
 */
export async function startGate(options: {
  gitUpstream: string
  repository: string
  apiUpstream?: string
  /**
   * Repositories of another git host served under the same URL, as GitHub serves every
   * repository under one GITHUB_SERVER_URL (a ledger repository beside the code repository).
   * Their requests are forwarded as they came, credentials and all: that host checks the
   * token itself (a job token is no token of its own, so it is refused there, as the job's
   * GITHUB_TOKEN is refused by a repository it was not made for).
   */
  hosted?: { upstream: string; repositories: readonly string[] }
}): Promise<Gate> {
  const tokens = new Map<string, Permissions>()
  const refused: Gate['refused'] = []
  let api = options.apiUpstream
  const gitPrefix = `/${options.repository}.git`
  const upstreamGit = new URL(options.gitUpstream)

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://gate')
    const hosted = options.hosted?.repositories.some(
      name => url.pathname === `/${name}.git` || url.pathname.startsWith(`/${name}.git/`)
    )
    if (hosted && options.hosted)
      return forward(req, res, new URL(`${url.pathname}${url.search}`, options.hosted.upstream))
    const isGit = url.pathname === gitPrefix || url.pathname.startsWith(`${gitPrefix}/`)
    const token = tokenOf(req)
    const granted = token === undefined ? undefined : tokens.get(token)
    const refuse = (status: number, needed: string, body: string, headers = {}): void => {
      refused.push({ method: req.method ?? '', path: url.pathname, status, needed })
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers })
      res.end(body)
    }
    if (isGit) {
      const write =
        url.searchParams.get('service') === 'git-receive-pack' ||
        url.pathname.endsWith('/git-receive-pack')
      const needed: Level = write ? 'write' : 'read'
      if (!granted)
        return refuse(401, `contents: ${needed}`, 'Authentication required\n', {
          'WWW-Authenticate': 'Basic realm="GitHub"'
        })
      if (!allows(granted.contents, needed))
        return refuse(
          403,
          `contents: ${needed}`,
          `Permission to ${options.repository}.git denied to github-actions[bot].\n`
        )
      const target = new URL(upstreamGit)
      target.pathname = upstreamGit.pathname + url.pathname.slice(gitPrefix.length)
      target.search = url.search
      return forward(req, res, target)
    }
    // A repository this server does not have (a misspelt ledger-repository, say) is a 404 in
    // GitHub's shape, for git and the API alike: GitHub answers so for one the token cannot see.
    const otherGit = /^\/([^/]+\/[^/]+)\.git(\/|$)/.exec(url.pathname)
    const otherApi = /^\/repos\/([^/]+\/[^/]+)(\/|$)/.exec(url.pathname)
    const other = (otherGit ?? otherApi)?.[1]
    if (other !== undefined && other !== options.repository) {
      if (otherGit) return refuse(404, 'a repository of this server', 'Repository not found.\n')
      return refuse(
        404,
        'a repository of this server',
        JSON.stringify({
          message: 'Not Found',
          documentation_url: 'https://docs.github.com/rest',
          status: '404'
        })
      )
    }
    const route = API_ROUTES.find(r => r.method === req.method && r.path.test(url.pathname))
    if (!route)
      return refuse(
        404,
        'unknown route',
        JSON.stringify({
          message: `${req.method} ${url.pathname} is not in API_ROUTES of scripts/workflow/permissions.ts`
        })
      )
    const needed = `${route.scope}: ${route.level}`
    if (!granted)
      return refuse(401, needed, JSON.stringify({ message: 'Bad credentials', status: '401' }))
    if (route.scope !== 'metadata' && !allows(granted[route.scope], route.level))
      return refuse(
        403,
        needed,
        JSON.stringify({ message: 'Resource not accessible by integration', status: '403' })
      )
    if (!api)
      return refuse(503, needed, JSON.stringify({ message: 'no fake API (use --fake-api)' }))
    const target = new URL(api)
    target.pathname = target.pathname.replace(/\/$/, '') + url.pathname
    target.search = url.search
    return forward(req, res, target)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no TCP address')
  const base = `http://127.0.0.1:${address.port}`
  return {
    url: base,
    cloneUrl: `${base}${gitPrefix}`,
    refused,
    issueToken(permissions) {
      const token = `ghs_${randomBytes(18).toString('base64url')}`
      tokens.set(token, { ...permissions })
      return token
    },
    setApi(url) {
      api = url
    },
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

function forward(req: http.IncomingMessage, res: http.ServerResponse, target: URL): void {
  const headers = { ...req.headers, host: target.host }
  const upstream = http.request(target, { method: req.method, headers }, answer => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers)
    answer.pipe(res)
  })
  // A dropped upstream connection is dropped here too, so the client sees what it would.
  upstream.on('error', () => res.destroy())
  req.pipe(upstream)
}
