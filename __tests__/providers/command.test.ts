/**
 * Driver `command` with real processes (docs/design/dispatch.md): bash -eo pipefail through @actions/exec,
 * exit codes, signals and the timeout classified, the lookup's three answers, and event data
 * only in the environment.
 */
import { afterAll, describe, expect, it, test } from '@jest/globals'
import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { CommandDriver, childEnv } from '../../src/providers/command.js'
import type { AttemptCall } from '../../src/providers/driver.js'
import { cleanupRepos, makeTempDir } from '../support/repo.js'

afterAll(cleanupRepos)

/** Collects what the commands print, instead of the test log. */
function sink(): Writable & { text: () => string } {
  let out = ''
  const stream = new Writable({
    write(chunk, _enc, done) {
      out += String(chunk)
      done()
    }
  })
  return Object.assign(stream, { text: () => out })
}

const CALL: AttemptCall = {
  dispatch_key: 'v1/issues/1/42/labeled/$(touch pwned)`touch pwned2`;touch pwned3',
  run_id: 'gh-501-0123456789ab',
  attempt: 2,
  idempotency_key: 'gh-501-0123456789ab/a2'
}

async function driver(options: { run?: string; lookup?: string; timeoutSeconds?: number }) {
  const cwd = await makeTempDir()
  const out = sink()
  const made = new CommandDriver({
    run: options.run ?? 'true',
    lookup: options.lookup ?? '',
    fenced: false,
    timeoutSeconds: options.timeoutSeconds ?? 20,
    cwd,
    env: { ...process.env, INPUT_TOKEN: 'ghs_secret_token_value' },
    outStream: out
  })
  return { driver: made, cwd, out }
}

describe('send: exit codes per docs/design/dispatch.md', () => {
  test.each<[string, string, string, boolean | null]>([
    ['exit 0', 'echo sending; echo \'{"job":"j-7"}\'', 'submitted', null],
    ['exit 75', 'exit 75', 'refused', true],
    ['exit 78', 'exit 78', 'refused', false],
    ['exit 1', 'exit 1', 'ambiguous', null],
    ['exit 3', 'exit 3', 'ambiguous', null],
    ['a failing command under -e', 'false; echo never', 'ambiguous', null],
    ['a failing pipe under pipefail', 'false | cat; echo never', 'ambiguous', null],
    ['killed by a signal', 'kill -9 $$', 'ambiguous', null]
  ])('%s → %s', async (_name, run, kind, retryable) => {
    const { driver: d } = await driver({ run })
    const outcome = await d.send(CALL)
    expect(outcome.kind).toBe(kind)
    if (outcome.kind === 'refused') expect(outcome.failure.retryable).toBe(retryable)
    if (outcome.kind === 'submitted') expect(outcome.external_ids).toEqual({ job: 'j-7' })
  })

  it('the timeout ends the command and its children, and is ambiguous', async () => {
    const { driver: d, cwd } = await driver({
      run: '(sleep 3; touch late-child) & sleep 30',
      timeoutSeconds: 1
    })
    const started = Date.now()
    const outcome = await d.send(CALL)
    expect(outcome).toEqual({
      kind: 'ambiguous',
      reason: 'the command timed out (timeout-seconds)'
    })
    expect(Date.now() - started).toBeLessThan(8000)
    await new Promise(resolve => setTimeout(resolve, 3500))
    expect(existsSync(join(cwd, 'late-child'))).toBe(false)
  })
})

describe('lookup: found, provably absent, unknown', () => {
  test.each<[string, string, string]>([
    ['exit 0 with ids', 'echo \'{"job":"j-7"}\'', 'found'],
    ['exit 1', 'exit 1', 'absent'],
    ['exit 2', 'exit 2', 'unknown'],
    ['exit 0 without ids', 'echo looked', 'unknown']
  ])('%s → %s', async (_name, lookup, kind) => {
    const { driver: d } = await driver({ lookup })
    expect((await d.lookup(CALL, {})).kind).toBe(kind)
  })

  it('no lookup command → unknown, saying so', async () => {
    const { driver: d } = await driver({})
    expect(await d.lookup(CALL, {})).toEqual({
      kind: 'unknown',
      reason: 'no lookup command is configured (the lookup input)'
    })
  })

  it('the lookup sees the recorded external ids', async () => {
    const { driver: d } = await driver({ lookup: 'echo "$DISPATCH_EXTERNAL_IDS"' })
    expect(await d.lookup(CALL, { job: 'j-3' })).toEqual({
      kind: 'found',
      external_ids: { job: 'j-3' }
    })
  })
})

describe('event data only in the environment', () => {
  it('the command gets DISPATCH_* variables, never the action inputs (the token)', async () => {
    const { driver: d, out } = await driver({
      run: [
        'printf "key=%s\\n" "$DISPATCH_KEY"',
        'printf "run=%s attempt=%s idem=%s\\n" "$DISPATCH_RUN_ID" "$DISPATCH_ATTEMPT" "$DISPATCH_IDEMPOTENCY_KEY"',
        'printf "token=%s\\n" "${INPUT_TOKEN:-absent}"'
      ].join('\n')
    })
    await d.send(CALL)
    expect(out.text()).toContain(`key=${CALL.dispatch_key}\n`)
    expect(out.text()).toContain('run=gh-501-0123456789ab attempt=2 idem=gh-501-0123456789ab/a2\n')
    expect(out.text()).toContain('token=absent\n')
    expect(out.text()).not.toContain('ghs_secret_token_value')
  })

  it('a label $(touch pwned) creates nothing, used as a careful author uses it', async () => {
    const { driver: d, cwd } = await driver({
      run: 'echo "$DISPATCH_KEY" > key.txt; test -n "$DISPATCH_KEY"'
    })
    expect((await d.send(CALL)).kind).toBe('submitted')
    expect((await readdir(cwd)).sort()).toEqual(['key.txt'])
  })

  it('negative control: the same text pasted into the command line does run', async () => {
    // What the environment protects against: were the key part of the script, bash would
    // execute it. This shows the check above can fail.
    const { driver: d, cwd } = await driver({ run: `echo ${CALL.dispatch_key}` })
    await d.send(CALL)
    expect(await readdir(cwd)).toContain('pwned')
  })

  it('childEnv drops every INPUT_* variable and adds the dispatch ones', () => {
    expect(
      childEnv({ PATH: '/bin', INPUT_TOKEN: 't', INPUT_RUN: 'x', HOME: undefined }, { A: '1' })
    ).toEqual({
      PATH: '/bin',
      A: '1'
    })
  })
})
