/**
 * One-step dispatch (docs/design/lifecycle.md#what-a-later-event-does) meeting a key whose run
 * has ended or failed, with the command driver against real git: the provider is a folder each
 * send appends its idempotency key to, so every send is counted by the provider itself.
 *
 * - After `/ledger cancel` (a cancelled run) or a decided one, a later event opens generation 2
 *   itself, in one write with its intent, as `reuse` allows (docs/design/generations.md): the
 *   default after either end, `after-cancelled` only after a cancel, `never` not at all. A
 *   redelivery of the first event opens nothing.
 * - After a retryable attempt_failed, a later event sends attempt 2 of the same run, unless
 *   `reuse` is `never`; a redelivery of the first event sends nothing.
 * Each case is delivered twice at once: whatever opens or retries sends once.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { dispatch } from '../../src/commands/dispatch.js'
import { recordCommand } from '../../src/commands/record.js'
import { end, ENDED, labeled, local, NS, READDED, T0, writer } from '../support/generations.js'
import { cleanupRepos, makeTempDir } from '../support/repo.js'

afterAll(cleanupRepos)

const quiet = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done()
    }
  })

/** Each send appends its idempotency key to $PROVIDER/sends, and is accepted. */
const SEND =
  'echo "$DISPATCH_IDEMPOTENCY_KEY" >> "$PROVIDER/sends"; echo "{\\"job\\":\\"job-$DISPATCH_ATTEMPT\\"}"'
/** After the run ended (ENDED): when the steps for the later events run. */
const LATER = '2026-11-29T12:30:00Z'

async function setup() {
  const { dir, store } = await local()
  const provider = await makeTempDir()
  const driver = {
    kind: 'command',
    run: SEND,
    lookup: '',
    fenced: false,
    timeoutSeconds: 20,
    cwd: dir,
    env: { ...process.env, PROVIDER: provider },
    outStream: quiet()
  }
  /**
   * Workflow run `run`'s one-step dispatch of the labeled event that happened at `at`, with the
   * reuse input (`default`: not set).
   */
  const go = async (run: number, at: string, reuse: string, now = '2026-11-29T12:00:05Z') =>
    dispatch(
      {
        namespace: NS,
        event: { name: 'issues', payload: await labeled(at) },
        writer: writer(run),
        driver,
        ...(reuse === 'default' ? {} : { reuse })
      },
      { store: store(), clock: { now: () => new Date(now) } }
    )
  const sends = async () =>
    (await readFile(join(provider, 'sends'), 'utf8').catch(() => '')).split('\n').filter(Boolean)
  return { store, go, sends }
}

describe('one-step dispatch after the run ended: the next generation, as reuse allows', () => {
  it.each([
    // The issue's own case: after `/ledger cancel`, with the default reuse and after-cancelled.
    ['cancelled', 'default', true],
    ['cancelled', 'after-cancelled', true],
    ['cancelled', 'never', false],
    ['decided', 'default', true],
    ['decided', 'after-terminal', true],
    ['decided', 'after-cancelled', false],
    ['decided', 'never', false]
  ] as const)(
    'ended %s, reuse %s: generation 2 opened and sent once = %s',
    async (how, reuse, opens) => {
      const { store, go, sends } = await setup()
      const first = await go(501, T0, reuse)
      expect(first.admitted).toEqual({ created: true, generation: 1 })
      expect(await sends()).toHaveLength(1)
      await end(store(), first.state.run_id, how)
      // A redelivery of the first event: it happened before the end, so it opens nothing.
      const redelivered = await go(502, T0, reuse, LATER)
      expect(redelivered.sends).toBe(0)
      expect(redelivered.admitted.created).toBe(false)
      // The label added again, delivered twice at once.
      const again = await Promise.all([
        go(503, READDED, reuse, LATER),
        go(504, READDED, reuse, LATER)
      ])
      const opened = again.filter(r => r.admitted.created)
      expect(opened.map(r => r.admitted.generation)).toEqual(opens ? [2] : [])
      expect(again.map(r => r.sends).sort()).toEqual(opens ? [0, 1] : [0, 0])
      expect(await sends()).toHaveLength(opens ? 2 : 1)
      if (!opens)
        for (const r of again) expect(r.message).toMatch(/has ended \((cancelled|decided)\)/)
    }
  )
})

describe('one-step dispatch after a failed attempt: the next attempt, unless reuse is never', () => {
  it.each([
    ['default', 2],
    ['after-terminal', 2],
    ['never', 1]
  ] as const)('reuse %s: a later event → attempt %s', async (reuse, attempt) => {
    const { store, go, sends } = await setup()
    const first = await go(501, T0, reuse)
    await recordCommand(
      {
        namespace: NS,
        run_id: first.state.run_id,
        state: 'attempt_failed',
        fields: {
          attempt: { number: 1, reason: 'initial' },
          failure: { code: 'receiver_failure', classification: 'provider', retryable: true }
        },
        event: { name: 'workflow_dispatch', payload: {} },
        writer: writer(9999)
      },
      { store: store(), clock: { now: () => ENDED } }
    )
    // A redelivery of the first event happened before the failure: a duplicate.
    const redelivered = await go(502, T0, reuse, LATER)
    expect(redelivered.sends).toBe(0)
    expect(redelivered.message).toMatch(/did not happen after that failure/)
    const again = await Promise.all([
      go(503, READDED, reuse, LATER),
      go(504, READDED, reuse, LATER)
    ])
    expect(again.map(r => r.sends).sort()).toEqual(attempt === 2 ? [0, 1] : [0, 0])
    expect(again.every(r => r.state.current_attempt === attempt)).toBe(true)
    expect(await sends()).toHaveLength(attempt)
    // Neither opened a generation: the run is the same, at its next attempt.
    expect(again.every(r => r.admitted.generation === 1)).toBe(true)
  })
})
