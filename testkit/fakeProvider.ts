/**
 * The fake provider's process handle and its HTTP client.
 *
 * `startFakeProvider()` spawns fakeProviderServer.ts as its own Node process (type
 * stripping) and waits, bounded, for the port it prints. `ProviderClient` talks to it with
 * plain node:http — one fresh connection per request (`agent: false`), a timeout on every
 * call and no retry of any kind: a client library that silently retries a submit is exactly
 * how an accepted call becomes a duplicate, so every outcome is reported to the caller.
 *
 * Imported by jest tests and by coordinator.ts, which Node runs directly: node built-ins only.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { portOf } from './childPort.ts'

export const FAKE_PROVIDER_SERVER = join(
  dirname(fileURLToPath(import.meta.url)),
  'fakeProviderServer.ts'
)

export interface SubmitCall {
  readonly seq: number
  readonly dispatch_key: string
  readonly attempt: number
  readonly outcome: 'accepted' | 'accepted_unanswered' | 'refused'
  readonly job_id?: string
}

export type SubmitResult =
  | { readonly outcome: 'submitted'; readonly job_id: string }
  /** A definite refusal: the provider answered and created nothing. */
  | { readonly outcome: 'refused'; readonly status: number; readonly retryable: boolean }
  /** No answer (timeout, dropped connection) or an answer we cannot read: the work may exist. */
  | { readonly outcome: 'ambiguous'; readonly reason: string }

export type LookupResult = { found: false } | { found: true; job_id: string; attempt: number }

interface Reply {
  status: number
  body: unknown
}

export class ProviderClient {
  readonly url: string
  readonly timeoutMs: number

  constructor(url: string, timeoutMs = 5000) {
    this.url = url
    this.timeoutMs = timeoutMs
  }

  /** One HTTP exchange; rejects on timeout or a dropped connection. Never retries. */
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    return new Promise((resolve, reject) => {
      const req = request(
        new URL(path, this.url),
        {
          method,
          agent: false,
          timeout: this.timeoutMs,
          headers: payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}
        },
        res => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (text += chunk))
          res.on('error', reject)
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null })
            } catch (error) {
              reject(error)
            }
          })
        }
      )
      req.on('timeout', () => req.destroy(new Error(`no answer within ${this.timeoutMs} ms`)))
      req.on('error', reject)
      req.end(payload)
    })
  }

  async submit(dispatch_key: string, attempt: number): Promise<SubmitResult> {
    let reply: Reply
    try {
      reply = await this.call('POST', '/submit', { dispatch_key, attempt })
    } catch (error) {
      return { outcome: 'ambiguous', reason: (error as Error).message }
    }
    const body = reply.body as { job_id?: unknown; retryable?: unknown } | null
    if (reply.status === 200 && typeof body?.job_id === 'string')
      return { outcome: 'submitted', job_id: body.job_id }
    if (reply.status >= 400 && reply.status < 600)
      return { outcome: 'refused', status: reply.status, retryable: body?.retryable === true }
    return { outcome: 'ambiguous', reason: `unexpected answer ${reply.status}` }
  }

  /** Throws when the lookup itself fails: an unknown lookup result is never "not found". */
  async lookup(dispatch_key: string): Promise<LookupResult> {
    const reply = await this.call('GET', `/lookup?dispatch_key=${encodeURIComponent(dispatch_key)}`)
    const body = reply.body as { found?: unknown; job_id?: unknown; attempt?: unknown } | null
    if (reply.status !== 200 || typeof body?.found !== 'boolean')
      throw new Error(`provider lookup answered ${reply.status} ${JSON.stringify(body)}`)
    if (!body.found) return { found: false }
    if (typeof body.job_id !== 'string' || typeof body.attempt !== 'number')
      throw new Error(`provider lookup found a job without an id: ${JSON.stringify(body)}`)
    return { found: true, job_id: body.job_id, attempt: body.attempt }
  }

  async submits(dispatch_key: string): Promise<SubmitCall[]> {
    const reply = await this.call(
      'GET',
      `/submits?dispatch_key=${encodeURIComponent(dispatch_key)}`
    )
    return (reply.body as { submits: SubmitCall[] }).submits
  }

  async control(behaviour: { timeoutNext?: number; refuseNext?: number }): Promise<void> {
    const reply = await this.call('POST', '/control', behaviour)
    if (reply.status !== 200) throw new Error(`provider control answered ${reply.status}`)
  }
}

export interface FakeProvider {
  readonly url: string
  readonly client: ProviderClient
  readonly process: ChildProcess
  stop(): Promise<void>
}

/** Starts the server process and waits (at most `startTimeoutMs`) for its port. */
export async function startFakeProvider(startTimeoutMs = 15000): Promise<FakeProvider> {
  const child = spawn(process.execPath, [FAKE_PROVIDER_SERVER], {
    stdio: ['pipe', 'pipe', 'inherit']
  })
  const stop = (): Promise<void> =>
    new Promise(resolve => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.stdin?.end()
      child.kill('SIGTERM')
    })
  const port = await portOf(child, {
    name: 'the fake provider',
    timeoutMs: startTimeoutMs,
    stop
  })
  const url = `http://127.0.0.1:${port}`
  return { url, client: new ProviderClient(url), process: child, stop }
}
