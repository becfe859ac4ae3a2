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
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { dispatch } from '../../src/commands/dispatch.js'
import { readRun } from '../../src/commands/readRun.js'
import { recordCommand } from '../../src/commands/record.js'
import {
  arrive,
  end,
  ENDED,
  labeled,
  local,
  NS,
  READDED,
  T0,
  writer
} from '../support/generations.js'
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

/**
 * The lookup prints the provider's answer for the attempt when there is one
 * ($PROVIDER/lookup-<run id>-a<attempt>), else that the job is there.
 */
const LOOKUP =
  'f="$PROVIDER/lookup-$DISPATCH_RUN_ID-a$DISPATCH_ATTEMPT"; if [ -e "$f" ]; then cat "$f"; else echo "{\\"job\\":\\"job-$DISPATCH_ATTEMPT\\"}"; fi'

async function setup() {
  const { dir, store } = await local()
  const provider = await makeTempDir()
  const driver = {
    kind: 'command',
    run: SEND,
    lookup: LOOKUP,
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
  /** What the provider's lookup answers for attempt 1 of `runId` from now on (its last line). */
  const answers = (runId: string, ids: Record<string, string>) =>
    writeFile(join(provider, `lookup-${runId}-a1`), `${JSON.stringify(ids)}\n`)
  return { store, go, sends, answers }
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

describe('driver command: a conclusion from lookup ends the run, looked up by the later event', () => {
  it('success with concluded_at: decided by policy, and the label again opens generation 2, sent once', async () => {
    const { store, go, sends, answers } = await setup()
    const first = await go(501, T0, 'default')
    expect(first.plan.action).toBe('observe_provider')
    await answers(first.state.run_id, {
      job: 'job-1',
      conclusion: 'success',
      concluded_at: '2026-11-29T12:10:00Z'
    })
    const again = await Promise.all([
      go(503, READDED, 'default', LATER),
      go(504, READDED, 'default', LATER)
    ])
    expect(again.filter(r => r.admitted.created).map(r => r.admitted.generation)).toEqual([2])
    expect(await sends()).toHaveLength(2)
    expect(again.map(r => r.sends).sort()).toEqual([0, 1])
    const { chain } = await readRun(store(), NS, { by: 'run_id', run_id: first.state.run_id })
    expect(chain.slice(-2).map(e => [e.value.state, e.value.decision?.by ?? null])).toEqual([
      ['candidate_observed', null],
      ['decided', 'policy:on-success']
    ])
    // Dated when the work ended, as the lookup said.
    expect(chain.at(-1)?.value.occurred_at).toBe('2026-11-29T12:10:00Z')
  })

  it('failure: attempt_failed receiver_failure, retryable; the later event sends attempt 2 once', async () => {
    const { go, sends, answers } = await setup()
    const first = await go(501, T0, 'default')
    await answers(first.state.run_id, {
      job: 'job-1',
      conclusion: 'failure',
      concluded_at: '2026-11-29T12:10:00Z'
    })
    // A redelivery of the first event records the failure and stays a duplicate.
    const redelivered = await go(502, T0, 'default', LATER)
    expect(redelivered.sends).toBe(0)
    expect(redelivered.state.state).toBe('attempt_failed')
    expect(redelivered.state.last_failure).toMatchObject({
      code: 'receiver_failure',
      retryable: true
    })
    const again = await Promise.all([
      go(503, READDED, 'default', LATER),
      go(504, READDED, 'default', LATER)
    ])
    expect(again.map(r => r.sends).sort()).toEqual([0, 1])
    expect(await sends()).toHaveLength(2)
    expect(first.state.run_id).toBe(again[0]?.state.run_id)
  })

  it('no conclusion: nothing recorded or sent, and the step says how such a run ends', async () => {
    const { go, sends } = await setup()
    await go(501, T0, 'default')
    const again = await go(503, READDED, 'default', LATER)
    expect(again).toMatchObject({ outcome: 'nothing', sends: 0 })
    expect(again.state.state).toBe('dispatched')
    expect(again.message).toMatch(/its lookup reported no conclusion/)
    expect(again.message).toMatch(/lookup prints "conclusion"/)
    expect(await sends()).toHaveLength(1)
  })

  it('success without concluded_at: dated when looked up, so only an event after that opens generation 2', async () => {
    const { go, sends, answers } = await setup()
    const first = await go(501, T0, 'default')
    await answers(first.state.run_id, { job: 'job-1', conclusion: 'success' })
    // Looked up at LATER (12:30): the label added at 12:20 happened before that end.
    const held = await go(503, READDED, 'default', LATER)
    expect(held.sends).toBe(0)
    expect(held.state.state).toBe('decided')
    const after = await go(505, '2026-11-29T12:40:00Z', 'default', '2026-11-29T12:40:05Z')
    expect(after.admitted).toEqual({ created: true, generation: 2 })
    expect(await sends()).toHaveLength(2)
  })
})

describe('the two-step form: admit does not look, dispatch does', () => {
  it('a relabel of a run whose work ended: admit outputs created=false, owner=false; dispatch ends the run and opens generation 2', async () => {
    const { store, go, sends, answers } = await setup()
    const first = await go(501, T0, 'default')
    await answers(first.state.run_id, {
      job: 'job-1',
      conclusion: 'success',
      concluded_at: '2026-11-29T12:10:00Z'
    })
    // The relabel's admit step: the run is still at observe_provider as the ledger says.
    const admitted = await arrive(store(), 503, READDED, { now: new Date(LATER) })
    expect(admitted).toMatchObject({ created: false, owner: false })
    expect(admitted.admission.run_id).toBe(first.state.run_id)
    // Its dispatch step, not gated on admit's owner: it looks the work up and opens generation 2.
    const sent = await go(503, READDED, 'default', LATER)
    expect(sent.admitted).toEqual({ created: true, generation: 2 })
    expect(sent).toMatchObject({ owner: true, sends: 1 })
    expect(await sends()).toHaveLength(2)
  })
})
