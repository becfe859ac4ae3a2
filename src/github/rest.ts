/**
 * One REST request with the platform's `fetch`, for the gateway's hot path (a workflow
 * dispatch, a re-run, a workflow run's lookup). Loading octokit costs a dispatch step more
 * than its POST does (bench B8), and for these three routes it adds nothing the send protocol
 * needs: the request is sent once (no retry here either), bounded by the caller's signal, and
 * answered as what was observed, classified by the core. Octokit stays for the paginated
 * and typed calls (releases, agent writes, the operator's), and for every call when a proxy is
 * configured, which `@actions/github` honours and the platform's `fetch` does not by default.
 */

export interface RestRequest {
  /** `METHOD /path/{param}`, as octokit and GitHub's REST description name a route. */
  readonly route: string
  /** Path parameters fill the route; the rest is the query (GET) or the JSON body. */
  readonly parameters: Readonly<Record<string, unknown>>
  readonly token: string
  /** GITHUB_API_URL, without a trailing slash. */
  readonly baseUrl: string
  readonly signal: AbortSignal
}

/** What came back: the status and the parsed body (null when there is none or it is cut). */
export interface RestAnswer {
  readonly status: number
  readonly body: unknown
}

const USER_AGENT = 'dispatch-ledger'

/** Sends one request; throws only when no status came back (network, timeout). */
export async function restRequest(request: RestRequest): Promise<RestAnswer> {
  const { method, url, body } = expandRoute(request.route, request.parameters, request.baseUrl)
  const headers: Record<string, string> = {
    accept: 'application/vnd.github+json',
    'user-agent': USER_AGENT
  }
  if (request.token !== '') headers.authorization = `token ${request.token}`
  if (body !== undefined) headers['content-type'] = 'application/json; charset=utf-8'
  const response = await fetch(url, { method, headers, body, signal: request.signal })
  return { status: response.status, body: await readBody(response) }
}

/**
 * The route's method and URL with its `{name}` parameters filled (each one path segment,
 * encoded), and the parameters left over as the query of a GET or the JSON body of the rest.
 */
export function expandRoute(
  route: string,
  parameters: Readonly<Record<string, unknown>>,
  baseUrl: string
): { method: string; url: string; body: string | undefined } {
  const [method, template] = route.split(' ', 2)
  if (!method || !template) throw new Error(`not a route: ${route}`)
  const rest: Record<string, unknown> = { ...parameters }
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name]
    if (value === undefined || value === null) throw new Error(`${route}: ${name} is missing`)
    delete rest[name]
    return encodeURIComponent(String(value))
  })
  const url = new URL(baseUrl.replace(/\/+$/, '') + path)
  const hasBody = method !== 'GET' && method !== 'HEAD'
  if (!hasBody)
    for (const [name, value] of Object.entries(rest))
      if (value !== undefined) url.searchParams.set(name, String(value))
  const body = hasBody && Object.keys(rest).length > 0 ? JSON.stringify(rest) : undefined
  return { method, url: url.toString(), body }
}

/**
 * The body as octokit gives it: JSON parsed when it says it is JSON, else its text, and
 * nothing for an empty body. A body cut after its status line keeps the status (GitHub
 * answered; what it created is looked up later) with a null body.
 */
async function readBody(response: Response): Promise<unknown> {
  let text: string
  try {
    text = await response.text()
  } catch {
    return null
  }
  if (text === '') return undefined
  if (!/\bjson\b/i.test(response.headers.get('content-type') ?? '')) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * Whether a proxy is configured for the runner (the variables `@actions/http-client` reads):
 * then every call goes through octokit, which routes it there.
 */
export function proxyConfigured(env: NodeJS.ProcessEnv): boolean {
  return ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'].some(
    name => (env[name] ?? '') !== ''
  )
}
