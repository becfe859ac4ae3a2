/**
 * B8's Node floor: the smallest JavaScript action that makes the hand-made floor's three
 * requests. It starts, loads @actions/core, reads its inputs (INPUT_* variables, the token
 * from the `token` input the runner fills with the job's token), pushes the intent ref
 * (`git push -q origin <oid>:<ref>`), POSTs the dispatch with `node:http` (cheaper to start
 * than the global fetch, whose first call loads undici: the bound is the lowest Node offers),
 * pushes the outcome, and sets one output. No ledger read, no records, no schemas, no retries.
 * Every request must succeed (push exit 0, POST 2xx) or it fails, so a broken floor cannot
 * look fast. Bundled by the bench with ncc; never committed.
 */
import * as core from '@actions/core'
import { spawnSync } from 'node:child_process'
import { request } from 'node:http'

function push(oid: string, ref: string): void {
  const pushed = spawnSync('git', ['push', '-q', 'origin', `${oid}:${ref}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe']
  })
  if (pushed.error) throw pushed.error
  if (pushed.status !== 0)
    throw new Error(`git push ${oid}:${ref} exited ${pushed.status}: ${pushed.stderr}`)
}

/** One POST over plain HTTP (the fake API listens on 127.0.0.1); resolves its 2xx status. */
function post(url: string, body: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/vnd.github+json',
          'content-type': 'application/json',
          'user-agent': 'dispatch-ledger-bench'
        }
      },
      response => {
        let answer = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (answer += chunk))
        response.on('end', () => {
          const status = response.statusCode ?? 0
          if (status >= 200 && status < 300) resolve(status)
          else reject(new Error(`dispatch POST answered ${status}: ${answer}`))
        })
      }
    )
    sent.on('error', reject)
    sent.end(body)
  })
}

try {
  const ref = core.getInput('ledger-ref', { required: true })
  const intent = core.getInput('intent-oid', { required: true })
  const outcome = core.getInput('outcome-oid', { required: true })
  const url = core.getInput('dispatch-url', { required: true })
  const body = core.getInput('dispatch-body', { required: true })
  const token = core.getInput('token', { required: true })
  push(intent, ref)
  const status = await post(url, body, token)
  push(outcome, ref)
  core.setOutput('status', String(status))
} catch (error) {
  core.setFailed(error instanceof Error ? error.message : String(error))
}
