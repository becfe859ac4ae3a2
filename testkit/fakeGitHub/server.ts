/**
 * The fake GitHub REST API (docs/development.md#the-fake-github-api), run as its own process:
 * `node server.ts '<FakeConfig JSON>'`. It listens on 127.0.0.1, port 0, prints `{"port": N}`
 * as its first stdout line and nothing else ever (no request, body or token is logged). It
 * exits when its stdin closes, so it never outlives the test that started it. Use it through
 * client.ts, which documents the API for tests.
 *
 * GitHub routes (routes.ts) answer with GitHub's statuses and shapes; every request is
 * counted per route and may consume a queued fault (types.ts). Control endpoints live under
 * `/_fake/`, a path GitHub never serves, and need no token.
 *
 * Erasable TypeScript only (Node type stripping).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { matchRoute, ROUTES, type RouteMatch, type RouteName } from './routes.ts'
import { basicError, isoNow, STATUS_MESSAGES } from './shapes.ts'
import { FakeGitHubState, NotFound, type Outcome, type Reply, type StateHooks } from './state.ts'
import type { Exchange, Fault, FakeConfig, ReceiverRecord } from './types.ts'

const MAX_BODY = 1024 * 1024
const FAULT_KINDS = new Set([
  'ok',
  'delay',
  'commit-then-error',
  'commit-then-drop',
  'error',
  'late-commit',
  'refuse',
  'duplicate'
])

const config = JSON.parse(process.argv[2] ?? '{}') as FakeConfig
config.repo ??= { owner: 'octo-org', name: 'octo-repo', id: 123456789 }

const faults = new Map<RouteName, Fault[]>()
const counts = new Map<string, number>()
const exchanges: Exchange[] = []
let pending = 0
let waiters: (() => void)[] = []
let api = 'http://127.0.0.1'
/** Receivers queued since the last reset or configure: indexes receiver.startDelaysMs. */
let receiversQueued = 0

const sleep = (ms: number): Promise<void> => new Promise(done => setTimeout(done, ms))

/** Runs background work that settled() waits for. */
function track(work: () => Promise<void>): void {
  pending++
  void work()
    .catch(() => {})
    .finally(() => {
      pending--
      if (pending === 0) {
        const wake = waiters
        waiters = []
        for (const w of wake) w()
      }
    })
}

function receiverMode(): ReceiverRecord['mode'] {
  return config.receiver?.mode ?? (config.origin ? 'fenced' : 'off')
}

const hooks: StateHooks = {
  runQueued(runId, inputs, ref) {
    const run = state.findRun(runId)
    if (!run) return
    const mode = receiverMode()
    if (mode === 'external') return // the caller starts and ends it (setRun)
    if (mode === 'off') {
      state.setRun(runId, { status: 'completed', conclusion: 'success' })
      return
    }
    const record: ReceiverRecord = {
      run_id: runId,
      run_attempt: run.run_attempt,
      mode,
      status: 'waiting',
      working: false
    }
    state.receivers.push(record)
    const attempt = run.run_attempt
    const delay =
      config.receiver?.startDelaysMs?.[receiversQueued] ?? config.receiver?.startDelayMs ?? 0
    receiversQueued++
    track(async () => {
      if (delay > 0) await sleep(delay)
      record.status = 'running'
      if (run.status === 'queued') state.setRun(runId, { status: 'in_progress' })
      // Loaded on first use: a fake without receivers starts faster.
      const { runReceiver } = await import('./receiver.ts')
      await runReceiver({
        record,
        config,
        api,
        inputs,
        ref,
        workflowPath: run.workflow.path,
        sender: { login: run.actor.login, id: run.actor.id, type: run.actor.type }
      })
      record.status = 'finished'
      // A cancel (or a later attempt) decided the run's end already.
      if (run.status !== 'completed' && run.run_attempt === attempt) {
        const failed = record.error !== undefined || (record.admit && record.admit.code !== 0)
        state.setRun(runId, { status: 'completed', conclusion: failed ? 'failure' : 'success' })
      }
    })
  }
}
let state = new FakeGitHubState(api, config, hooks)

/** A fresh repository state for the next test; ids keep counting so none is ever reused. */
function resetState(): void {
  const next = new FakeGitHubState(api, config, hooks)
  next.nextRunId = state.nextRunId
  next.nextReleaseId = state.nextReleaseId
  next.nextCommentId = state.nextCommentId
  next.nextReactionId = state.nextReactionId
  next.writes.carry(state.writes)
  state = next
  receiversQueued = 0
  faults.clear()
  counts.clear()
  exchanges.length = 0
}

// ---- HTTP plumbing ------------------------------------------------------------------------

function send(res: ServerResponse, r: Reply): void {
  const text = r.body === undefined ? '' : JSON.stringify(r.body)
  const headers: Record<string, string> = {
    // A fresh connection per request: no keep-alive race can turn into a client-side error.
    connection: 'close',
    'x-github-request-id': `FAKE:${exchanges.length}`,
    'x-github-api-version-selected': '2022-11-28',
    ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    ...r.headers
  }
  res.writeHead(r.status, headers)
  res.end(text)
}

function drop(req: IncomingMessage): void {
  req.socket.destroy()
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      text += chunk
      if (text.length > MAX_BODY) reject(new Error('body too large'))
    })
    req.on('end', () => resolve(text))
    req.on('error', reject)
  })
}

function tokenOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization
  if (typeof header !== 'string') return null
  const m = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(header)
  return m?.[1] ?? null
}

function errorReply(
  status: number,
  token: string,
  options: { message?: string; echoToken?: boolean }
): Reply {
  const message = options.message ?? STATUS_MESSAGES[status] ?? 'Error'
  // Only this deliberate fault ever puts the token in a body.
  return {
    status,
    body: basicError(status, options.echoToken ? `${message} (token: ${token})` : message)
  }
}

// ---- GitHub routes -----------------------------------------------------------------------

/** GitHub's checks before a route runs: token, repository, JSON. A refusal, or what passed. */
function gate(
  req: IncomingMessage,
  match: RouteMatch,
  text: string
): { refusal: Reply } | { token: string; body: unknown; login: string } {
  const refuse = (status: number, message: string) => ({
    refusal: { status, body: basicError(status, message) }
  })
  const token = tokenOf(req)
  if (token === null) return refuse(401, 'Requires authentication')
  const tokens = config.tokens
  if (tokens && !Object.hasOwn(tokens, token)) return refuse(401, 'Bad credentials')
  const { owner, repo } = match.params
  if (
    owner?.toLowerCase() !== config.repo.owner.toLowerCase() ||
    repo?.toLowerCase() !== config.repo.name.toLowerCase()
  )
    return refuse(404, 'Not Found')
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    return refuse(400, 'Problems parsing JSON')
  }
  return { token, body, login: tokens?.[token] ?? config.defaultLogin ?? 'github-actions[bot]' }
}

interface FaultIo {
  req: IncomingMessage
  res: ServerResponse
  exchange: Exchange
  token: string
  commit(): Reply
  answer(reply: Reply): void
}

/** Answers (or not) and commits (or not) as the fault says. */
async function applyFault(fault: Fault, io: FaultIo): Promise<void> {
  const { commit, answer, exchange, token } = io
  const delay = fault.kind === 'delay' ? fault.ms : (fault.delayMs ?? 0)
  if (delay > 0) {
    // Counted as pending so settled() waits for a delayed answer's commit too.
    let release = (): void => {}
    track(() => new Promise<void>(done => (release = done)))
    await sleep(delay)
    release()
  }
  switch (fault.kind) {
    case 'ok':
    case 'delay':
      return answer(commit())
    case 'duplicate': {
      const first = commit()
      commit()
      return answer(first)
    }
    case 'commit-then-error':
      commit()
      return answer(errorReply(fault.status ?? 500, token, fault))
    case 'commit-then-drop':
      commit()
      exchange.outcome = 'dropped'
      return drop(io.req)
    case 'error':
      return answer(errorReply(fault.status ?? 500, token, fault))
    case 'refuse':
      return answer(errorReply(fault.status, token, fault))
    case 'late-commit':
      return track(async () => {
        if (fault.answer === 'error') answer(errorReply(fault.status ?? 500, token, fault))
        else if (fault.answer === 'drop') {
          exchange.outcome = 'dropped'
          drop(io.req)
        } else await hang(io, fault.hangMaxMs ?? 60000)
        await sleep(fault.commitAfterMs ?? 300)
        commit()
      })
  }
}

/** Sends nothing until the client gives up (closes the connection), at most maxMs. */
function hang(io: FaultIo, maxMs: number): Promise<void> {
  io.exchange.outcome = 'hung'
  return new Promise<void>(done => {
    const timer = setTimeout(() => {
      drop(io.req)
      done()
    }, maxMs)
    io.res.once('close', () => {
      clearTimeout(timer)
      done()
    })
  })
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET'
  const match = matchRoute(method, url.pathname)
  const text = await readBody(req)
  const exchange: Exchange = {
    seq: exchanges.length + 1,
    route: match?.key ?? null,
    name: match?.name ?? null,
    method,
    path: url.pathname,
    fault: 'ok',
    outcome: 'hung',
    committed: false,
    requestBody: text ? safeJson(text) : undefined
  }
  exchanges.push(exchange)
  const countKey = match?.key ?? `${method} (no route)`
  counts.set(countKey, (counts.get(countKey) ?? 0) + 1)
  const answer = (r: Reply): void => {
    exchange.outcome = r.status
    exchange.responseBody = r.body
    send(res, r)
  }
  if (!match) return answer({ status: 404, body: basicError(404, 'Not Found') })
  const passed = gate(req, match, text)
  if ('refusal' in passed) return answer(passed.refusal)

  let outcome: Outcome
  try {
    outcome = state.handlers[match.name]({
      seq: exchange.seq,
      params: match.params,
      query: url.searchParams,
      body: passed.body,
      user: state.user(passed.login),
      url
    })
  } catch (error) {
    if (!(error instanceof NotFound)) throw error
    outcome = { reply: { status: 404, body: basicError(404, 'Not Found') } }
  }
  const commit = (): Reply => {
    const r = 'commit' in outcome ? outcome.commit() : outcome.reply
    exchange.committed = exchange.committed || 'commit' in outcome
    return r
  }
  // Only a request that reached its route consumes a fault.
  const fault: Fault = faults.get(match.name)?.shift() ?? { kind: 'ok' }
  ;(exchange as { fault: string }).fault = fault.kind
  await applyFault(fault, { req, res, exchange, token: passed.token, commit, answer })
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

// ---- control endpoints (/_fake/…) ---------------------------------------------------------

function validFault(f: unknown): f is Fault {
  return typeof f === 'object' && f !== null && FAULT_KINDS.has((f as { kind?: string }).kind ?? '')
}

async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET'
  const path = url.pathname.slice('/_fake'.length)
  const text = await readBody(req)
  const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>
  const ok = (value: unknown): void => send(res, { status: 200, body: value })
  const bad = (message: string): void => send(res, { status: 400, body: { message } })

  if (method === 'GET' && path === '/state') return ok({ ...state.view(), pending })
  if (method === 'GET' && path === '/counts') return ok(Object.fromEntries(counts))
  if (method === 'POST' && path === '/reset-counts') {
    counts.clear()
    return ok({})
  }
  if (method === 'GET' && path === '/exchanges') return ok(exchanges)
  if (method === 'POST' && path === '/reset') {
    if (pending > 0) return send(res, { status: 409, body: { message: 'not settled' } })
    resetState()
    return ok({})
  }
  if (method === 'POST' && path === '/faults') {
    const route = body.route as RouteName
    const list = body.faults
    if (!Object.hasOwn(ROUTES, route)) return bad(`unknown route ${String(route)}`)
    if (!Array.isArray(list) || !list.every(validFault)) return bad('faults must be Fault[]')
    const queue = faults.get(route) ?? []
    queue.push(...list)
    faults.set(route, queue)
    return ok({ queued: queue.length })
  }
  if (method === 'GET' && path === '/faults') return ok(Object.fromEntries(faults))
  if (method === 'DELETE' && path === '/faults') {
    faults.clear()
    return ok({})
  }
  if (method === 'POST' && path === '/config') {
    Object.assign(config, body)
    receiversQueued = 0
    return ok(config)
  }
  if (method === 'GET' && path === '/settled') {
    const timeoutMs = Number(url.searchParams.get('timeoutMs') ?? 60000)
    if (pending > 0) {
      const settled = await new Promise<boolean>(done => {
        const wake = (): void => {
          clearTimeout(timer)
          done(true)
        }
        const timer = setTimeout(() => {
          waiters = waiters.filter(w => w !== wake)
          done(false)
        }, timeoutMs)
        waiters.push(wake)
      })
      if (!settled)
        return send(res, { status: 504, body: { message: `still pending: ${pending}` } })
    }
    return ok({ ...state.view(), pending })
  }
  if (method === 'POST' && path === '/runs') {
    const workflow = state.workflowFor(String(body.workflow ?? 'coordinator.yml'))
    const run = state.createRun({
      workflow,
      ref: String(body.ref ?? 'refs/heads/main'),
      event: String(body.event ?? 'push'),
      actor: state.user(String(body.actor ?? 'octocat')),
      status: (body.status as string | undefined) ?? 'completed',
      conclusion: (body.conclusion as string | null | undefined) ?? 'failure',
      run_attempt: body.run_attempt as number | undefined,
      created_at: body.created_at as string | undefined
    })
    return ok(state.runBody(run))
  }
  const runPatch = /^\/runs\/(\d+)$/.exec(path)
  if (method === 'PATCH' && runPatch) {
    const run = state.setRun(Number(runPatch[1]), body)
    return ok(state.runBody(run))
  }
  if (method === 'POST' && path === '/releases') {
    const data = state.addRelease(body as Parameters<typeof state.addRelease>[0])
    return ok(state.view().releases.find(r => r.id === data.id))
  }
  if (method === 'POST' && path === '/pulls') {
    const data = state.writes.addPull(body as Parameters<typeof state.writes.addPull>[0])
    return ok(state.writes.pull(data))
  }
  if (method === 'POST' && path === '/issues') {
    const data = state.writes.addIssue(body as Parameters<typeof state.writes.addIssue>[0])
    return ok(state.writes.issue(data))
  }
  if (method === 'POST' && path === '/comments') {
    const data = state.addComment(body as Parameters<typeof state.addComment>[0])
    return ok(state.view().comments.find(c => c.id === data.id))
  }
  send(res, { status: 404, body: { message: `no control endpoint ${method} ${path}` } })
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const handler = url.pathname.startsWith('/_fake/') ? handleControl : handleApi
  handler(req, res, url).catch((error: unknown) => {
    const message = error instanceof NotFound ? 'Not Found' : `fake GitHub: ${String(error)}`
    const status = error instanceof NotFound ? 404 : 500
    if (!res.headersSent) send(res, { status, body: basicError(status, message) })
    else res.destroy()
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  api = `http://127.0.0.1:${port}`
  state.api = api
  process.stdout.write(`${JSON.stringify({ port, started_at: isoNow() })}\n`)
})

// The parent holds our stdin open; when it goes away (or closes it), so do we.
process.stdin.resume()
process.stdin.on('end', () => process.exit(0))
process.stdin.on('error', () => process.exit(0))
process.on('SIGTERM', () => process.exit(0))
