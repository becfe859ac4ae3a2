/**
 * The fake GitHub REST API (docs/development.md#the-fake-github-api) for tests: starts server.ts as its own process and
 * drives it. The product under test talks to `gh.url` (set GITHUB_API_URL to it) with octokit;
 * the test steers faults and reads the fake's state through control endpoints under `/_fake/`.
 *
 *   import { start } from '../testkit/fakeGitHub/client.ts'
 *   const origin = await startGitHttpServer()                 // or makeBareRemote()
 *   const gh = await start({ origin: origin.url })            // receivers on, fenced
 *   await gh.fault('dispatch', { kind: 'commit-then-error' }) // next dispatch POST: commit, 500
 *   await runAction({ ..., env: { ...gh.env }, action: 'dispatch', with: { token: gh.token, … } })
 *   expect(await gh.working()).toHaveLength(1)                 // waits for every receiver
 *   expect(await gh.count('dispatch')).toBe(2)
 *   await gh.stop()
 *
 * start(options) → FakeGitHub
 *   options.origin     git URL each receiver clones (gitHttpServer URL or file:// bare repo).
 *                      Without it no receiver runs and dispatched runs complete at once.
 *   options.originDir  the origin's bare repository on disk: a published release whose tag
 *                      is missing then creates it on target_commitish as GitHub does (listed
 *                      in state().tagsCreatedByReleases), refused (422) for a tag protected
 *                      by protectTags(dir, ['v*']) or a target that does not resolve.
 *   options.receiver   { mode: 'fenced' (default with an origin) | 'unfenced' (no admit step:
 *                      negative control) | 'command' (your own receiver: argv in `command`,
 *                      see types.ts ReceiverMode) | 'off' | 'external' (the caller runs
 *                      the receiver and sets the run: it stays queued), with: extra admit inputs
 *                      (namespace…), env, startDelayMs }.
 *   options.repo       { owner, name, id }; default octo-org/octo-repo, id 123456789 (the id
 *                      of examples/events). Other owner/repo paths answer 404.
 *   options.users      login → { id, type, permission } (permission for the collaborator
 *                      permission API: admin|maintain|write|triage|read|none; unknown → none).
 *   options.tokens     token → login; when given, other tokens get 401 Bad credentials.
 *                      Without it any token is accepted as `defaultLogin`
 *                      (github-actions[bot]). A request without `authorization` gets 401.
 *   options.workflows  file → { id, name, inputs, dispatchable }: when given, only these
 *                      workflow files exist (404 otherwise; undeclared inputs 422). Without
 *                      it any `*.yml`/`*.yaml` file name is a dispatchable workflow.
 *
 * FakeGitHub
 *   url, token, env      base URL; a token it accepts; { GITHUB_API_URL, GITHUB_REPOSITORY,
 *                        GITHUB_REPOSITORY_ID, GITHUB_SERVER_URL } for the step under test.
 *   fault(route, ...f)   queue faults for a route (a RouteName of routes.ts, e.g. 'dispatch',
 *                        'createRelease'); each request consumes one, in order; none queued =
 *                        answer normally. Kinds (types.ts `Fault`): ok, delay,
 *                        commit-then-error, commit-then-drop, error (no commit), late-commit
 *                        (answer error/drop/hang first, commit after), refuse (401/403/404/
 *                        409/422), duplicate (two workflow runs for one dispatch); `echoToken`
 *                        puts the token into an error body (prove the product never prints it).
 *   clearFaults()        drop every queued fault.
 *   counts()             { 'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches': n, … }
 *   count(route)         requests to one route (by RouteName) since start or resetCounts().
 *   state()              runs (GitHub workflow-run objects), dispatches (one per committed run),
 *                        receivers, reruns, cancels, releases (drafts too), comments,
 *                        reactions, pending (background work still to come).
 *   settled(timeoutMs)   waits until no receiver runs, no late commit or delayed answer is
 *                        pending; returns state(). Rejects on timeout.
 *   working()            settled(), then the receivers that did the work (owner == 'true').
 *   exchanges()          every request: route, fault, outcome (status | 'dropped' | 'hung'),
 *                        committed, bodies (never the authorization header).
 *   configure(partial)   change options while running (origin, receiver, users, tokens…).
 *   addRun(init)         a workflow run made by something else (e.g. a killed coordinator's
 *                        run for `recover`): default completed/failure, event push.
 *   setRun(id, patch)    set status, conclusion, run_attempt or created_at of a run.
 *   addRelease(init)     another actor's release ({ tag_name, draft, body, author… }).
 *   addComment(init)     a comment that exists on GitHub ({ issue_number, body, user,
 *                        author_association }): its id is what an issue_comment event carries.
 *   request(method, path, { body, token, timeoutMs })  one raw HTTP call, no retry, for tests
 *                        of the fake; rejects when the connection drops or times out.
 *   reset()              settled(), then a fresh repository state (runs, releases, comments,
 *                        receivers, counts, exchanges, faults); the options stay and ids keep
 *                        counting, so one fake can serve many tests without reusing a run id.
 *   stop()               waits (bounded) for receivers, then ends the process.
 *
 * protectTags(bareDir, patterns)  a pre-receive hook refusing to create matching tags with
 *                        GitHub's ruleset message (GH013); the release route honours it too.
 * openapiCheck.ts        responseViolations(await gh.exchanges()) → [] when every answer the
 *                        fake gave matches GitHub's description (use it in afterEach);
 *                        requestViolations(…) → [] when every body the product sent matches
 *                        the route's documented request body.
 *
 * Notes on GitHub's behaviour as served here: octokit reports a dropped connection as an
 * HttpError with status 500 ("other side closed"), like a real 500; a re-run of a dispatched
 * run starts its receiver again (attempt + 1); cancel marks the run cancelled but a receiver
 * already running finishes (its `working` still counts); issues and comment ids are not
 * checked for existence (any number is accepted).
 *
 * Node built-ins only (runs under jest and under plain `node` with type stripping).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROUTES, type RouteName } from './routes.ts'
import { portOf } from '../childPort.ts'
import type {
  Exchange,
  Fault,
  FakeConfig,
  FakeStateView,
  Issue,
  IssueComment,
  PullRequest,
  ReceiverRecord,
  Release,
  WorkflowRun
} from './types.ts'

export { ROUTES, type RouteName } from './routes.ts'
export { protectTags } from './tags.ts'
export type * from './types.ts'

export const FAKE_GITHUB_SERVER = join(dirname(fileURLToPath(import.meta.url)), 'server.ts')
export const DEFAULT_TOKEN = 'ghs_fakeGitHubTestToken0000000000000000'

export type StartOptions = Partial<FakeConfig> & { startTimeoutMs?: number }

export interface HttpReply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: unknown
}

export interface FakeGitHub {
  readonly url: string
  readonly token: string
  readonly env: Readonly<Record<string, string>>
  readonly repo: FakeConfig['repo']
  readonly process: ChildProcess
  fault(route: RouteName, ...faults: Fault[]): Promise<void>
  clearFaults(): Promise<void>
  counts(): Promise<Record<string, number>>
  count(route: RouteName): Promise<number>
  resetCounts(): Promise<void>
  reset(): Promise<void>
  state(): Promise<FakeStateView>
  settled(timeoutMs?: number): Promise<FakeStateView>
  working(timeoutMs?: number): Promise<ReceiverRecord[]>
  exchanges(): Promise<Exchange[]>
  configure(partial: Partial<FakeConfig>): Promise<void>
  addRun(init: {
    workflow?: string
    ref?: string
    event?: string
    actor?: string
    status?: string
    conclusion?: string | null
    run_attempt?: number
    created_at?: string
  }): Promise<WorkflowRun>
  setRun(
    id: number | bigint,
    patch: {
      status?: string
      conclusion?: string | null
      run_attempt?: number
      created_at?: string
    }
  ): Promise<WorkflowRun>
  addRelease(init: {
    tag_name: string
    draft?: boolean
    prerelease?: boolean
    name?: string
    body?: string
    target_commitish?: string
    author?: string
  }): Promise<Release>
  addComment(init: {
    issue_number: number
    body: string
    user: string
    author_association?: IssueComment['author_association']
  }): Promise<IssueComment>
  /** Another actor's pull request (`head` a branch name; state open unless told). */
  addPull(init: {
    head: string
    base: string
    title?: string
    body?: string
    state?: 'open' | 'closed'
    draft?: boolean
    user?: string
  }): Promise<PullRequest>
  /** Another actor's issue. */
  addIssue(init: {
    title: string
    body?: string
    labels?: string[]
    state?: 'open' | 'closed'
    user?: string
  }): Promise<Issue>
  request(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string | null; timeoutMs?: number }
  ): Promise<HttpReply>
  stop(): Promise<void>
}

/** One HTTP exchange on a fresh connection; rejects on a dropped connection or timeout. */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; timeoutMs?: number } = {}
): Promise<HttpReply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
  const timeoutMs = options.timeoutMs ?? 30000
  const headers: Record<string, string | number> = {
    accept: 'application/vnd.github+json',
    'user-agent': 'fake-github-test-client'
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (payload !== undefined) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = Buffer.byteLength(payload)
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(path, base),
      { method, agent: false, timeout: timeoutMs, headers },
      res => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('error', reject)
        res.on('end', () => {
          let body: unknown = text
          try {
            body = text ? JSON.parse(text) : undefined
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
        })
      }
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    req.on('error', reject)
    req.end(payload)
  })
}

/** Starts the server process and waits (at most `startTimeoutMs`) for its port. */
export async function start(options: StartOptions = {}): Promise<FakeGitHub> {
  const { startTimeoutMs = 15000, ...rest } = options
  const config: FakeConfig = {
    repo: { owner: 'octo-org', name: 'octo-repo', id: 123456789 },
    ...rest
  }
  const child = spawn(process.execPath, [FAKE_GITHUB_SERVER, JSON.stringify(config)], {
    stdio: ['pipe', 'pipe', 'inherit']
  })
  const exited = new Promise<void>(resolve => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    child.once('exit', () => resolve())
  })
  const kill = async (): Promise<void> => {
    child.stdin?.end()
    child.kill('SIGTERM')
    await exited
  }
  const port = await portOf(child, {
    name: 'the fake GitHub',
    timeoutMs: startTimeoutMs,
    stop: kill
  })
  const url = `http://127.0.0.1:${port}`
  const control = async <T>(
    method: string,
    path: string,
    body?: unknown,
    timeoutMs?: number
  ): Promise<T> => {
    const reply = await rawRequest(url, method, `/_fake${path}`, { body, timeoutMs })
    if (reply.status !== 200)
      throw new Error(
        `fake GitHub ${method} /_fake${path}: ${reply.status} ${JSON.stringify(reply.body)}`
      )
    return reply.body as T
  }
  const settled = (timeoutMs = 60000): Promise<FakeStateView> =>
    control<FakeStateView>('GET', `/settled?timeoutMs=${timeoutMs}`, undefined, timeoutMs + 5000)
  const { owner, name, id } = config.repo
  return {
    url,
    token: DEFAULT_TOKEN,
    env: {
      GITHUB_API_URL: url,
      GITHUB_REPOSITORY: `${owner}/${name}`,
      GITHUB_REPOSITORY_ID: String(id),
      GITHUB_SERVER_URL: 'https://github.com'
    },
    repo: config.repo,
    process: child,
    fault: async (route, ...faults) => {
      if (!Object.hasOwn(ROUTES, route)) throw new Error(`no route named ${route}`)
      await control('POST', '/faults', { route, faults })
    },
    clearFaults: async () => {
      await control('DELETE', '/faults')
    },
    counts: () => control('GET', '/counts'),
    count: async route =>
      (await control<Record<string, number>>('GET', '/counts'))[ROUTES[route]] ?? 0,
    resetCounts: async () => {
      await control('POST', '/reset-counts')
    },
    reset: async () => {
      await settled()
      await control('POST', '/reset')
    },
    state: () => control('GET', '/state'),
    settled,
    working: async timeoutMs => (await settled(timeoutMs)).receivers.filter(r => r.working),
    exchanges: () => control('GET', '/exchanges'),
    configure: async partial => {
      await control('POST', '/config', partial)
    },
    addRun: init => control('POST', '/runs', init),
    setRun: (id, patch) => control('PATCH', `/runs/${String(id)}`, patch),
    addRelease: init => control('POST', '/releases', init),
    addComment: init => control('POST', '/comments', init),
    addPull: init => control('POST', '/pulls', init),
    addIssue: init => control('POST', '/issues', init),
    request: (method, path, opts = {}) =>
      rawRequest(url, method, path, {
        ...opts,
        token: opts.token === undefined ? DEFAULT_TOKEN : opts.token
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        await settled(30000).catch(() => {})
        await kill()
      }
    }
  }
}

export const startFakeGitHub = start
