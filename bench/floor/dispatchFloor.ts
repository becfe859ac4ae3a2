/**
 * B8's Node floor: the smallest JavaScript action that makes the hand-made floor's three
 * requests. It starts, loads @actions/core, reads its inputs (INPUT_* variables, the token
 * from the `token` input the runner fills with the job's token), pushes the intent ref
 * (`git push -q origin <oid>:<ref>`), POSTs the dispatch with Node's global fetch, pushes
 * the outcome, and sets one output. No ledger read, no records, no schemas, no retries.
 * Every request must succeed (push exit 0, POST 2xx) or it fails, so a broken floor cannot
 * look fast. Bundled by the bench with ncc; never committed.
 */
import * as core from '@actions/core'
import { spawnSync } from 'node:child_process'

function push(oid: string, ref: string): void {
  const pushed = spawnSync('git', ['push', '-q', 'origin', `${oid}:${ref}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe']
  })
  if (pushed.error) throw pushed.error
  if (pushed.status !== 0)
    throw new Error(`git push ${oid}:${ref} exited ${pushed.status}: ${pushed.stderr}`)
}

try {
  const ref = core.getInput('ledger-ref', { required: true })
  const intent = core.getInput('intent-oid', { required: true })
  const outcome = core.getInput('outcome-oid', { required: true })
  const url = core.getInput('dispatch-url', { required: true })
  const body = core.getInput('dispatch-body', { required: true })
  const token = core.getInput('token', { required: true })
  push(intent, ref)
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.github+json',
      'content-type': 'application/json'
    },
    body
  })
  const answer = await response.text()
  if (!response.ok) throw new Error(`dispatch POST answered ${response.status}: ${answer}`)
  push(outcome, ref)
  core.setOutput('status', String(response.status))
} catch (error) {
  core.setFailed(error instanceof Error ? error.message : String(error))
}
