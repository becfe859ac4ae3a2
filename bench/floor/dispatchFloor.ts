/**
 * B8's Node floor: the smallest JavaScript action that makes the requests a safe one-step
 * dispatch must make. It starts, loads @actions/core, reads its inputs (INPUT_* variables, the
 * token from the `token` input the runner fills with the job's token), fetches its bucket's
 * tip (`git fetch` of that one ref: the admission is a compare-and-set on it, so no safe
 * protocol can push blind), pushes the admission and the intent in one atomic push leased on
 * that tip, POSTs the dispatch with `node:http` (cheaper to start than the global fetch, whose
 * first call loads undici: the bound is the lowest Node offers), pushes the outcome, and sets
 * one output. No records read, no schemas, no retries.
 * Every request must succeed (push exit 0, POST 2xx) or it fails, so a broken floor cannot
 * look fast. Bundled by the bench with ncc; never committed.
 */
import * as core from '@actions/core'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'

function git(args: readonly string[]): void {
  const done = spawnSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  if (done.error) throw done.error
  if (done.status !== 0)
    throw new Error(`git ${args.join(' ')} exited ${done.status}: ${done.stderr}`)
}

/** The tip `git fetch` of one ref left in FETCH_HEAD (read as a file: no second process). */
function fetchTip(ref: string): string {
  git(['fetch', '-q', 'origin', ref])
  const tip = readFileSync(join('.git', 'FETCH_HEAD'), 'utf8').slice(0, 40)
  if (!/^[0-9a-f]{40}$/.test(tip)) throw new Error(`no tip of ${ref} in FETCH_HEAD`)
  return tip
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
  const bucket = core.getInput('bucket-ref', { required: true })
  const admission = core.getInput('admission-oid', { required: true })
  const ref = core.getInput('ledger-ref', { required: true })
  const intent = core.getInput('intent-oid', { required: true })
  const outcome = core.getInput('outcome-oid', { required: true })
  const url = core.getInput('dispatch-url', { required: true })
  const body = core.getInput('dispatch-body', { required: true })
  const token = core.getInput('token', { required: true })
  const tip = fetchTip(bucket)
  git([
    'push',
    '-q',
    '--atomic',
    `--force-with-lease=${bucket}:${tip}`,
    'origin',
    `${admission}:${bucket}`,
    `${intent}:${ref}`
  ])
  const status = await post(url, body, token)
  git(['push', '-q', 'origin', `${outcome}:${ref}`])
  core.setOutput('status', String(status))
} catch (error) {
  core.setFailed(error instanceof Error ? error.message : String(error))
}
