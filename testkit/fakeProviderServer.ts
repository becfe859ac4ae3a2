/**
 * A fake provider, run as its own process: `node fakeProviderServer.ts`. It listens on
 * 127.0.0.1, port 0, and prints `{"port": N}` as its first stdout line. It exits when its
 * stdin closes, so it never outlives the test that started it.
 *
 * - POST /submit {dispatch_key, attempt} → 200 {job_id}; every call is logged per key
 *   (GET /submits), and an accepted call creates a job that GET /lookup finds.
 * - GET /lookup?dispatch_key= → {found: false} or {found: true, job_id, attempt}.
 * - GET /submits?dispatch_key= → every submit call for the key, oldest first.
 * - POST /control {timeoutNext?: n, refuseNext?: n} → arms the next n submits:
 *   timeoutNext accepts and logs the submit (the job exists), then destroys the socket without
 *   answering — an ambiguous call whose work was accepted; refuseNext answers
 *   503 {retryable: true} and creates no job — a definite, retryable failure.
 *
 * Erasable TypeScript only: Node runs this file with type stripping.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export type SubmitOutcome = 'accepted' | 'accepted_unanswered' | 'refused'

export interface SubmitCall {
  readonly seq: number
  readonly dispatch_key: string
  readonly attempt: number
  readonly outcome: SubmitOutcome
  /** The job the call created; absent for a refused call. */
  readonly job_id?: string
}

const MAX_BODY = 64 * 1024
const calls: SubmitCall[] = []
const jobs = new Map<string, { job_id: string; attempt: number }>()
let timeoutNext = 0
let refuseNext = 0
let jobCounter = 0

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' })
  res.end(text)
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      text += chunk
      if (text.length > MAX_BODY) reject(new Error('body too large'))
    })
    req.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : {})
      } catch (error) {
        reject(error)
      }
    })
    req.on('error', reject)
  })
}

function count(value: unknown): number {
  if (value === true) return 1
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value
  return 0
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const key = url.searchParams.get('dispatch_key') ?? ''
  if (req.method === 'GET' && url.pathname === '/lookup') {
    const job = jobs.get(key)
    send(
      res,
      200,
      job ? { found: true, job_id: job.job_id, attempt: job.attempt } : { found: false }
    )
    return
  }
  if (req.method === 'GET' && url.pathname === '/submits') {
    send(res, 200, { submits: calls.filter(call => call.dispatch_key === key) })
    return
  }
  if (req.method === 'POST' && url.pathname === '/control') {
    const body = (await readBody(req)) as { timeoutNext?: unknown; refuseNext?: unknown }
    timeoutNext += count(body.timeoutNext)
    refuseNext += count(body.refuseNext)
    send(res, 200, { timeoutNext, refuseNext })
    return
  }
  if (req.method === 'POST' && url.pathname === '/submit') {
    const body = (await readBody(req)) as { dispatch_key?: unknown; attempt?: unknown }
    if (typeof body.dispatch_key !== 'string' || !body.dispatch_key)
      return send(res, 400, { error: 'dispatch_key must be a non-empty string' })
    if (typeof body.attempt !== 'number' || !Number.isInteger(body.attempt) || body.attempt < 1)
      return send(res, 400, { error: 'attempt must be an integer >= 1' })
    const base = { seq: calls.length + 1, dispatch_key: body.dispatch_key, attempt: body.attempt }
    if (refuseNext > 0) {
      refuseNext--
      calls.push({ ...base, outcome: 'refused' })
      send(res, 503, { error: 'provider refused the submission', retryable: true })
      return
    }
    // A second accepted submit for a key is a duplicate job: exactly what the proof detects.
    const job_id = `job-${++jobCounter}`
    if (!jobs.has(body.dispatch_key)) jobs.set(body.dispatch_key, { job_id, attempt: body.attempt })
    if (timeoutNext > 0) {
      timeoutNext--
      calls.push({ ...base, outcome: 'accepted_unanswered', job_id })
      req.socket.destroy()
      return
    }
    calls.push({ ...base, outcome: 'accepted', job_id })
    send(res, 200, { job_id })
    return
  }
  send(res, 404, { error: `no route ${req.method ?? ''} ${url.pathname}` })
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (!res.headersSent) send(res, 400, { error: String(error) })
    else res.destroy()
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  process.stdout.write(`${JSON.stringify({ port })}\n`)
})
// The parent holds our stdin open; when it goes away (or closes it), so do we.
process.stdin.resume()
process.stdin.on('end', () => process.exit(0))
process.stdin.on('error', () => process.exit(0))
process.on('SIGTERM', () => process.exit(0))
