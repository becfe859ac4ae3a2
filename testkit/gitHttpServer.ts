/**
 * A real git smart-HTTP server for tests: a small node:http server on 127.0.0.1 that runs
 * `git http-backend` as a CGI program for every request, plus switches that break it on purpose
 * (refused writes, pushes whose response never arrives); and startGitHost, many repositories
 * behind GitHub's token checks.
 *
 * `git push --porcelain` output of git 2.39.5, observed against this server by
 * __tests__/testkit/gitHttpServer.test.ts (same with and without `--atomic`; lease given as
 * `--force-with-lease=<ref>:` = "must not exist" or `<ref>:<oid>`). All on stdout; a `To <url>`
 * line first, `Done` last; fields TAB-separated: `<flag>\t<src>:<dst>\t<summary>`, where <src> is
 * the refspec source as the client resolved it: a full oid stays an oid, `main` is printed as
 * `refs/heads/main`, `HEAD` / `HEAD~1` stay as typed; empty for a delete.
 *
 *   created              *\t<src>:refs/x/a\t[new reference]   ([new branch] / [new tag] under
 *                                                             refs/heads/, refs/tags/)
 *   up to date           =\t<src>:refs/x/a\t[up to date]
 *   fast-forward         \t<src>:refs/x/a\t<old7>..<new7>      (the flag is one space)
 *   forced update        +\t<src>:refs/x/a\t<old7>...<new7> (forced update)
 *   deleted              -\t:refs/x/a\t[deleted]
 *   stale lease          !\t<src>:refs/x/a\t[rejected] (stale info)
 *   atomic, other ref    !\t<src>:refs/x/b\t[rejected] (atomic push failed)
 *   non-fast-forward     !\t<src>:refs/x/c\t[rejected] (non-fast-forward)
 *   server-side failure  !\t<src>:refs/x/d\t[remote rejected] (failed to update ref)
 *   same, --atomic       !\t<src>:refs/x/e\t[remote rejected] (atomic transaction failed)
 *
 * Exact stdout of an atomic push of <oid> to refs/x/a (exists: stale lease) and refs/x/b:
 *   To http://127.0.0.1:PORT/repo.git
 *   !\t440364f8525def27f80a0fa070ac5baf359654cd:refs/x/a\t[rejected] (stale info)
 *   !\t440364f8525def27f80a0fa070ac5baf359654cd:refs/x/b\t[rejected] (atomic push failed)
 *   Done
 * exit code 1; over HTTP stderr is only "error: failed to push some refs to '<url>'" (a file://
 * push adds "error: atomic push failed for ref refs/x/a. status: 7"). Lease and atomic
 * rejections are decided on the client: no receive-pack POST is sent. A push that is entirely
 * "up to date" exits 0 and sends no POST either (only GET info/refs).
 *
 * refuseWrites(true): stdout empty, exit 128, stderr
 *   remote: Permission to repo.git denied to test-user.
 *   fatal: unable to access 'http://127.0.0.1:PORT/repo.git/': The requested URL returned error: 403
 * dropAfterPush(n): the ref moves on the server, yet stdout is just "Done", exit 1, stderr
 *   error: RPC failed; curl 52 Empty reply from server
 *   send-pack: unexpected disconnect while reading sideband packet
 *   fatal: the remote end hung up unexpectedly
 * dropAfterPush(n, { keepAlive: true }): curl silently re-sends the POST (its reply never came on
 * a reused connection), the replay finds the ref already moved, so the client sees exit 1 with
 *   !\t<src>:refs/x/d\t[remote rejected] (failed to update ref)            (or, with --atomic,
 *   !\t<src>:refs/x/e\t[remote rejected] (atomic transaction failed))
 * and stderr "remote: error: cannot lock ref 'refs/x/d': reference already exists" (for an
 * existing ref: "... is at <new> but expected <old>"). Both are what an ambiguous push can look
 * like against a real host.
 *
 * Pushes never use protocol v2 (git 2.39 has no v2 push); fetch/ls-remote with
 * `-c protocol.version=2` do, through the Git-Protocol header passed on as GIT_PROTOCOL.
 *
 * startGitHost: a GitHub-like host of many repositories with token auth (rules at
 * startGitHost). What git 2.39.5 prints for each refusal, observed by
 * __tests__/testkit/gitHost.test.ts with the token sent as
 * `http.<url>.extraheader=AUTHORIZATION: basic <base64(x-access-token:TOKEN)>` and
 * GIT_TERMINAL_PROMPT=0 (git 2.39 ignores `credential.interactive=never`; newer git reads it); the
 * same for ls-remote, fetch, clone (after its "Cloning into '<dir>'..." line) and push, stdout
 * empty, exit code 128 in every row; URL = http://127.0.0.1:PORT/owner/name.git:
 *
 *   no header, or a token the host does not know (401; git cannot tell the two apart, because
 *   an extraheader is no credential of git's: it asks for a username, and may not prompt)
 *     fatal: could not read Username for 'http://127.0.0.1:PORT': terminal prompts disabled
 *   a wrong token git holds itself (from a credential helper): the 401 body shows
 *     remote: Invalid username or password.
 *     fatal: Authentication failed for 'URL/'
 *   a token not listed for a private repository, or an unknown repository (404)
 *     remote: Repository not found.
 *     fatal: repository 'URL/' not found
 *   a read token pushing, or any token but a write one pushing to a public repository (403)
 *     remote: Permission to owner/name.git denied to x-access-token.
 *     fatal: unable to access 'URL/': The requested URL returned error: 403
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

const execFileAsync = promisify(execFile)

export interface GitHttpRequest {
  method: string
  /** URL path, without the query string, e.g. `/repo.git/info/refs` */
  path: string
  /** `git-upload-pack` / `git-receive-pack` (from `?service=` or the POST path), else null */
  service: string | null
  /** HTTP status sent; 0 while in flight, or when the socket was destroyed (dropAfterPush) */
  status: number
  /** the request's Content-Encoding (git gzips large upload-pack request bodies), if any */
  contentEncoding?: string
}

export interface GitHttpServer {
  /** the bare repo's URL, e.g. http://127.0.0.1:PORT/repo.git */
  url: string
  /** the bare repository on disk */
  bareDir: string
  /** every request since the start (or the last resetCounts), in arrival order */
  requests: GitHttpRequest[]
  /**
   * total: every request; fetches: POSTs to git-upload-pack (a protocol v2 fetch/clone makes
   * two - ls-refs and fetch - an ls-remote one); pushes: POSTs to git-receive-pack (a push that
   * is all "up to date" makes none); infoRefs: GET info/refs (one per git command that talks).
   */
  counts(): { total: number; fetches: number; pushes: number; infoRefs: number }
  /** when on, info/refs?service=git-receive-pack and POST git-receive-pack answer 403 */
  refuseWrites(on: boolean): void
  /**
   * The next `times` receive-pack POSTs complete on the server (the refs move), then the socket
   * is destroyed before any response byte is sent. By default every response carries
   * `Connection: close` while drops are pending, so the client's POST goes out on a fresh
   * connection and fails; with `keepAlive: true` connections are reused and curl re-sends the
   * POST once (see the top of this file) - the replay is counted and answered normally.
   */
  dropAfterPush(times: number, options?: { keepAlive?: boolean }): void
  /** empties `requests` (and so zeroes counts()) */
  resetCounts(): void
  close(): Promise<void>
}

const GIT_ENV_TO_DROP = /^GIT_/

/** process.env without GIT_* variables (GIT_DIR etc. leaking in from a hook would misdirect git) */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (!GIT_ENV_TO_DROP.test(k) && v !== undefined) env[k] = v
  }
  return env
}

/**
 * The environment for a test's git client: baseEnv() with no system or global config, no prompt
 * (GIT_TERMINAL_PROMPT=0, no SSH_ASKPASS: a 401 fails at once) and a fixed author and committer.
 */
export function testGitEnv(): NodeJS.ProcessEnv {
  const env = baseEnv()
  delete env.SSH_ASKPASS
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@t',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@t'
  }
}

async function git(args: string[], cwd?: string): Promise<string> {
  const { stdout } = await execFileAsync('git', args, { cwd, env: baseEnv() })
  return stdout
}

async function gitHttpBackendPath(): Promise<string> {
  const execPath = (await git(['--exec-path'])).trim()
  return path.join(execPath, 'git-http-backend')
}

async function initBare(dir: string): Promise<void> {
  await git(['init', '--quiet', '--bare', '--initial-branch=main', dir])
}

/** A plain bare repository reachable through a file:// URL. */
export async function makeBareRemote(): Promise<{
  dir: string
  url: string
  cleanup(): Promise<void>
}> {
  const root = await mkdtemp(path.join(tmpdir(), 'git-remote-'))
  const dir = path.join(root, 'remote.git')
  await initBare(dir)
  return {
    dir,
    url: pathToFileURL(dir).href,
    cleanup: () => rm(root, { recursive: true, force: true })
  }
}

/** A remote a test writes to: its URL and the bare repository behind it. */
export interface TestRemote {
  readonly url: string
  readonly bare: string
}

/**
 * The two transports a remote store is tested over, as `describe.each` rows: the shared
 * smart-HTTP server's repository (`server` is read when a test runs, after `beforeAll` started
 * it) and a fresh bare repository over file://.
 */
export function bothTransports(
  server: () => GitHttpServer
): Array<[string, () => Promise<TestRemote>]> {
  return [
    ['smart HTTP', async () => ({ url: server().url, bare: server().bareDir })],
    [
      'file://',
      async () => {
        const remote = await makeBareRemote()
        return { url: remote.url, bare: remote.dir }
      }
    ]
  ]
}

function findHeaderEnd(buf: Buffer): { end: number; sepLen: number } | null {
  const crlf = buf.indexOf('\r\n\r\n')
  const lf = buf.indexOf('\n\n')
  if (crlf === -1 && lf === -1) return null
  if (lf === -1 || (crlf !== -1 && crlf < lf)) return { end: crlf, sepLen: 4 }
  return { end: lf, sepLen: 2 }
}

/** What a request to a smart-HTTP server asks for, read from its method and URL. */
interface ParsedGitRequest {
  url: URL
  method: string
  /** `git-upload-pack` / `git-receive-pack` from `?service=` or the POST path, else null */
  service: string | null
  /** the service when the request is a POST to it, else null */
  postService: string | null
}

function parseGitRequest(req: http.IncomingMessage): ParsedGitRequest {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const method = req.method ?? 'GET'
  const queryService = url.searchParams.get('service')
  const lastSegment = url.pathname.split('/').pop() ?? ''
  const postService =
    method === 'POST' && /^git-(upload|receive)-pack$/.test(lastSegment) ? lastSegment : null
  return { url, method, service: postService ?? queryService, postService }
}

/** Answers a request with a short text/plain body without running git (its body is drained). */
function answerText(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  entry: GitHttpRequest,
  status: number,
  body: string,
  headers: Record<string, string> = {}
): void {
  req.resume()
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body)
  })
  res.end(body)
  entry.status = status
}

/** The parts of a server every `git http-backend` run shares. */
interface BackendContext {
  /** the git-http-backend executable */
  backend: string
  /** GIT_PROJECT_ROOT: PATH_INFO is resolved below it */
  projectRoot: string
  /** REMOTE_USER: the pusher's name in the server's reflogs */
  remoteUser: string
  /** running backends, killed by close() */
  children: Set<ChildProcess>
}

/**
 * Runs `git http-backend` as a CGI program for one request and streams its answer back. With
 * `drop`, the backend runs to completion (a push really moves the refs) and then the socket is
 * destroyed before any response byte is sent.
 */
function runHttpBackend(
  ctx: BackendContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  parsed: ParsedGitRequest,
  entry: GitHttpRequest,
  drop: boolean
): void {
  const { url, method } = parsed
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    GIT_PROJECT_ROOT: ctx.projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: `HTTP/${req.httpVersion}`,
    REQUEST_METHOD: method,
    PATH_INFO: decodeURIComponent(url.pathname),
    QUERY_STRING: url.search.replace(/^\?/, ''),
    REMOTE_USER: ctx.remoteUser,
    REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1'
  }
  const contentType = req.headers['content-type']
  if (contentType) env.CONTENT_TYPE = contentType
  const contentLength = req.headers['content-length']
  if (contentLength !== undefined) env.CONTENT_LENGTH = contentLength
  const contentEncoding = req.headers['content-encoding']
  if (contentEncoding) {
    env.HTTP_CONTENT_ENCODING = contentEncoding
    entry.contentEncoding = contentEncoding
  }
  const gitProtocol = req.headers['git-protocol']
  if (typeof gitProtocol === 'string') env.GIT_PROTOCOL = gitProtocol

  const child = spawn(ctx.backend, [], { env, stdio: ['pipe', 'pipe', 'pipe'] })
  ctx.children.add(child)
  const exited = new Promise<number | null>(resolve => {
    child.once('close', code => {
      ctx.children.delete(child)
      resolve(code)
    })
    child.once('error', () => {
      ctx.children.delete(child)
      resolve(null)
    })
  })

  const stderr: Buffer[] = []
  child.stderr?.on('data', (d: Buffer) => stderr.push(d))
  child.stdin?.on('error', () => {}) // EPIPE if the backend stops reading early
  req.pipe(child.stdin!)
  req.on('error', () => child.kill('SIGKILL'))
  res.on('close', () => {
    if (!res.writableFinished && child.exitCode === null) child.kill('SIGKILL')
  })

  if (drop) {
    // Let the push run to completion (the refs really move), then cut the connection.
    child.stdout?.resume()
    void exited.then(() => {
      entry.status = 0
      req.socket.destroy()
    })
    return
  }

  let head: Buffer = Buffer.alloc(0)
  let headersSent = false
  const onData = (chunk: Buffer): void => {
    if (headersSent) return
    head = Buffer.concat([head, chunk])
    const found = findHeaderEnd(head)
    if (!found) return
    headersSent = true
    child.stdout?.off('data', onData)
    let status = 200
    let statusMessage: string | undefined
    const headers: Record<string, string> = {}
    for (const line of head.subarray(0, found.end).toString('latin1').split(/\r?\n/)) {
      const colon = line.indexOf(':')
      if (colon <= 0) continue
      const name = line.slice(0, colon).trim()
      const value = line.slice(colon + 1).trim()
      if (name.toLowerCase() === 'status') {
        const m = /^(\d{3})\s*(.*)$/.exec(value)
        if (m) {
          status = Number(m[1])
          statusMessage = m[2] || undefined
        }
      } else {
        headers[name] = value
      }
    }
    entry.status = status
    if (statusMessage) res.writeHead(status, statusMessage, headers)
    else res.writeHead(status, headers)
    const rest = head.subarray(found.end + found.sepLen)
    if (rest.length > 0) res.write(rest)
    child.stdout?.pipe(res)
  }
  child.stdout?.on('data', onData)

  void exited.then(code => {
    if (headersSent) return // the pipe ends the response
    // The backend died before producing a header block.
    const detail = Buffer.concat(stderr).toString() || `git http-backend exited ${code}\n`
    if (!res.headersSent) {
      entry.status = 500
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
    }
    res.end(detail)
  })
}

/**
 * An http server listening on 127.0.0.1 (a free port) whose close() kills the running backends
 * in `children`, destroys kept-alive sockets and waits for both.
 */
async function listenLocally(
  handle: http.RequestListener,
  children: Set<ChildProcess>
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server = http.createServer(handle)
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no TCP address')
  let closed = false
  return {
    port: address.port,
    close: async () => {
      if (closed) return
      closed = true
      const waits = [...children].map(
        child =>
          new Promise<void>(resolve => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve()
            child.once('close', () => resolve())
            child.kill('SIGKILL')
          })
      )
      const serverClosed = new Promise<void>(resolve => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      server.closeAllConnections()
      await Promise.all([...waits, serverClosed])
    }
  }
}

const isPost = (r: GitHttpRequest, s: string): boolean => r.method === 'POST' && r.service === s

/** counts() of a list of requests (see GitHttpServer.counts) */
function countRequests(requests: readonly GitHttpRequest[]): {
  total: number
  fetches: number
  pushes: number
  infoRefs: number
} {
  return {
    total: requests.length,
    fetches: requests.filter(r => isPost(r, 'git-upload-pack')).length,
    pushes: requests.filter(r => isPost(r, 'git-receive-pack')).length,
    infoRefs: requests.filter(r => r.method === 'GET' && r.path.endsWith('/info/refs')).length
  }
}

export async function startGitHttpServer(options?: { bareDir?: string }): Promise<GitHttpServer> {
  let tempRoot: string | null = null
  let bareDir: string
  if (options?.bareDir) {
    bareDir = path.resolve(options.bareDir)
  } else {
    tempRoot = await mkdtemp(path.join(tmpdir(), 'git-http-'))
    bareDir = path.join(tempRoot, 'repo.git')
    await initBare(bareDir)
  }
  // No authenticated user reaches http-backend as far as git is concerned: enable pushes.
  await git(['config', 'http.receivepack', 'true'], bareDir)

  const repoName = path.basename(bareDir)
  const ctx: BackendContext = {
    backend: await gitHttpBackendPath(),
    projectRoot: path.dirname(bareDir),
    remoteUser: 'test-user',
    children: new Set<ChildProcess>()
  }

  const requests: GitHttpRequest[] = []
  let refusing = false
  let dropsLeft = 0
  let dropKeepAlive = false

  const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const parsed = parseGitRequest(req)
    const { method, service, postService } = parsed
    const entry: GitHttpRequest = { method, path: parsed.url.pathname, service, status: 0 }
    requests.push(entry)

    // While a drop is pending, make the client open a fresh connection for every request: curl
    // silently re-sends a request that got no reply on a *reused* connection, which would turn
    // the dropped push into a second, visible push attempt.
    if (dropsLeft > 0 && !dropKeepAlive) res.setHeader('Connection', 'close')

    if (service === 'git-receive-pack' && refusing) {
      answerText(req, res, entry, 403, `Permission to ${repoName} denied to test-user.\n`)
      return
    }

    const drop = postService === 'git-receive-pack' && dropsLeft > 0
    if (drop) dropsLeft--
    runHttpBackend(ctx, req, res, parsed, entry, drop)
  }

  const listening = await listenLocally(handle, ctx.children)
  const url = `http://127.0.0.1:${listening.port}/${repoName}`

  return {
    url,
    bareDir,
    requests,
    counts: () => countRequests(requests),
    refuseWrites: (on: boolean) => {
      refusing = on
    },
    dropAfterPush: (times: number, dropOptions?: { keepAlive?: boolean }) => {
      dropsLeft = Math.max(0, Math.floor(times))
      dropKeepAlive = dropOptions?.keepAlive ?? false
    },
    resetCounts: () => {
      requests.length = 0
    },
    close: async () => {
      await listening.close()
      if (tempRoot) await rm(tempRoot, { recursive: true, force: true })
    }
  }
}

/** One repository of a GitHost: which tokens may do what with it. */
export interface HostedRepository {
  /** token → what it may do here; a token listed for no repository is unknown to the host */
  readonly tokens: Readonly<Record<string, 'read' | 'write'>>
  /** private (the default) hides the repository from every token not listed: 404 */
  readonly private?: boolean
}

/**
 * What a request's credentials were worth for the repository it named: `none` (no Authorization
 * header), `invalid` (not HTTP Basic, or its password is no token of the host), `no-access` (a
 * token of the host not listed for this repository, or the repository is unknown), else the
 * token's permission here.
 */
export type GitHostAuth = 'none' | 'invalid' | 'no-access' | 'read' | 'write'

export interface GitHostRequest extends GitHttpRequest {
  /** `owner/name` when the path names a repository of the host, else null */
  repository: string | null
  auth: GitHostAuth
  /** the host answered 401/403/404 itself, without running git */
  refused: boolean
}

export interface GitHostCounts {
  total: number
  fetches: number
  pushes: number
  infoRefs: number
  /** requests the host refused (401, 403 or 404) before git ran */
  unauthorized: number
}

export interface GitHost {
  /** e.g. http://127.0.0.1:PORT - what GITHUB_SERVER_URL would be */
  readonly serverUrl: string
  /** `${serverUrl}/${owner}/${name}.git`; throws for a repository the host does not hold */
  repoUrl(name: string): string
  /** the repository's bare repo on disk; each starts empty (no commits, no branches) */
  bareDir(name: string): string
  /** as GitHttpServer.counts, plus refusals; of one repository, or of every request */
  counts(name?: string): GitHostCounts
  /** every request since the start (or the last resetCounts), in arrival order */
  readonly requests: readonly GitHostRequest[]
  resetCounts(): void
  close(): Promise<void>
}

const REPOSITORY_PATH = /^\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\.git(\/.*)?$/

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

/** The token of an `Authorization: Basic base64(user:token)` header; the user is ignored. */
function basicPassword(header: string): string | null {
  const m = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)
  if (!m) return null
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon === -1 ? null : decoded.slice(colon + 1)
}

/**
 * A GitHub-like host of several repositories, each at `/<owner>/<name>.git`, checking HTTP Basic
 * credentials as GitHub does for a token: the password is the token, the username is ignored
 * (GitHub takes `x-access-token:<token>` from an app or Actions token), and:
 *
 *   no Authorization header      401 + `WWW-Authenticate: Basic realm="GitHub"` (a public
 *                                repository is read without one; pushing still needs it)
 *   password is no known token   401 "Invalid username or password." (also a header that is
 *                                not HTTP Basic, or not `user:password`)
 *   token not listed here        private repository: 404 "Repository not found." - GitHub
 *                                answers a repository a token cannot see as if it did not
 *                                exist; public: read allowed, push 403 as below
 *   unknown repository           404 "Repository not found." (without credentials: 401, as a
 *                                host cannot tell an unknown repository from a private one)
 *   read token pushing           403 "Permission to owner/name.git denied to x-access-token."
 *                                (info/refs?service=git-receive-pack and POST git-receive-pack)
 *
 * These follow GitHub's documented answers to git over HTTPS with a token: the token as the
 * password (an app's installation token with the username `x-access-token`), "Repository not
 * found" for a repository one cannot see, "Permission to ... denied" with 403 for a push without
 * write access; the 401 challenge and its "Invalid username or password." text are what git
 * sessions against github.com show.
 *
 * Bodies are text/plain, so git prints them as `remote: ...` lines. The token is never stored
 * (requests record what it was worth, GitHostAuth), logged or echoed in an answer.
 */
export async function startGitHost(options: {
  repositories: Record<string, HostedRepository>
}): Promise<GitHost> {
  const root = await mkdtemp(path.join(tmpdir(), 'git-host-'))
  const repositories = new Map<string, HostedRepository>()
  const known = new Set<string>()
  try {
    for (const [name, repository] of Object.entries(options.repositories)) {
      const m = REPOSITORY_PATH.exec(`/${name}.git`)
      if (!m || m[3] !== undefined || name.split('/').some(p => p === '.' || p === '..')) {
        throw new Error(`not an owner/name: ${JSON.stringify(name)}`)
      }
      repositories.set(name, repository)
      for (const token of Object.keys(repository.tokens)) known.add(token)
      const dir = path.join(root, `${name}.git`)
      await initBare(dir)
      // The host decides who may push (below); http-backend sees an authenticated user.
      await git(['config', 'http.receivepack', 'true'], dir)
    }
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    throw error
  }

  const ctx: BackendContext = {
    backend: await gitHttpBackendPath(),
    projectRoot: root,
    remoteUser: 'x-access-token',
    children: new Set<ChildProcess>()
  }
  const requests: GitHostRequest[] = []

  const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const parsed = parseGitRequest(req)
    const { method, service } = parsed
    const m = REPOSITORY_PATH.exec(parsed.url.pathname)
    const name = m ? `${m[1]}/${m[2]}` : null
    const repository = name === null ? undefined : repositories.get(name)
    const entry: GitHostRequest = {
      method,
      path: parsed.url.pathname,
      service,
      status: 0,
      repository: repository ? name : null,
      auth: 'none',
      refused: true
    }
    requests.push(entry)

    const header = req.headers.authorization
    const token = header === undefined ? null : basicPassword(header)
    if (header !== undefined) {
      entry.auth =
        token === null || !known.has(token) ? 'invalid' : (repository?.tokens[token] ?? 'no-access')
    }
    const isPrivate = repository === undefined || repository.private !== false
    const pushing = service === 'git-receive-pack'

    if (entry.auth === 'invalid') {
      answerText(req, res, entry, 401, 'Invalid username or password.\n', {
        'WWW-Authenticate': 'Basic realm="GitHub"'
      })
      return
    }
    if (entry.auth === 'none' && (pushing || isPrivate)) {
      answerText(req, res, entry, 401, '', { 'WWW-Authenticate': 'Basic realm="GitHub"' })
      return
    }
    // A path below the repository is handed to http-backend only when it is a plain one.
    const rest = safeDecode(m?.[3] ?? '')
    const plainRest = rest !== null && !rest.split('/').some(p => p === '.' || p === '..')
    if (!repository || !plainRest || (entry.auth === 'no-access' && isPrivate)) {
      answerText(req, res, entry, 404, 'Repository not found.\n')
      return
    }
    if (pushing && entry.auth !== 'write') {
      answerText(req, res, entry, 403, `Permission to ${name}.git denied to x-access-token.\n`)
      return
    }
    entry.refused = false
    runHttpBackend(ctx, req, res, parsed, entry, false)
  }

  let listening: { port: number; close(): Promise<void> }
  try {
    listening = await listenLocally(handle, ctx.children)
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    throw error
  }
  const serverUrl = `http://127.0.0.1:${listening.port}`
  const held = (name: string): string => {
    if (!repositories.has(name)) throw new Error(`the host holds no repository ${name}`)
    return name
  }

  return {
    serverUrl,
    repoUrl: name => `${serverUrl}/${held(name)}.git`,
    bareDir: name => path.join(root, `${held(name)}.git`),
    counts: name => {
      const repository = name === undefined ? undefined : held(name)
      const of =
        repository === undefined ? requests : requests.filter(r => r.repository === repository)
      return { ...countRequests(of), unauthorized: of.filter(r => r.refused).length }
    },
    requests,
    resetCounts: () => {
      requests.length = 0
    },
    close: async () => {
      await listening.close()
      await rm(root, { recursive: true, force: true })
    }
  }
}
