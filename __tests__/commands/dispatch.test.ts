/**
 * `command: dispatch` orchestration (docs/design/dispatch.md) against real git and real processes: the
 * command driver's provider is a folder that bash commands write to, so every send is
 * counted by the provider itself, not by the code under test.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { admit } from '../../src/commands/admit.js'
import { dispatch, type DispatchResult } from '../../src/commands/dispatch.js'
import { readRun } from '../../src/commands/readRun.js'
import { appendRecord } from '../../src/commands/record.js'
import { ledgerRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { exampleEvent, LABELED_KEY } from '../support/events.js'
import { makeRecord, REQUEST_DIGEST } from '../../testkit/fixtures.js'
import { cleanupRepos, makeRepo, makeTempDir, refsUnder } from '../support/repo.js'

const NS = 'refs/dispatch-ledger'
const writerOf = (runId: string) => ({
  github_run_id: runId,
  run_attempt: 1,
  workflow_ref: 'octo-org/octo-repo/.github/workflows/agent.yml@refs/heads/main'
})
const RUN = 'gh-501-0123456789ab'

afterAll(cleanupRepos)

const quiet = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done()
    }
  })

/** Provider scripts: each send appends its idempotency key to $PROVIDER/sends. */
const SEND = {
  ok: 'echo "$DISPATCH_IDEMPOTENCY_KEY" >> "$PROVIDER/sends"; echo "{\\"job\\":\\"job-$DISPATCH_ATTEMPT\\"}"',
  refuseRetryable: 'echo "$DISPATCH_IDEMPOTENCY_KEY" >> "$PROVIDER/sends"; exit 75',
  refuse: 'echo "$DISPATCH_IDEMPOTENCY_KEY" >> "$PROVIDER/sends"; exit 78',
  // Accepted, but the answer is lost: the job exists.
  acceptedThenLost:
    'echo "$DISPATCH_IDEMPOTENCY_KEY" >> "$PROVIDER/sends"; touch "$PROVIDER/job-$DISPATCH_ATTEMPT"; exit 1',
  // Ambiguous the first time, accepted after.
  lostOnce:
    'echo "$DISPATCH_IDEMPOTENCY_KEY" >> "$PROVIDER/sends"; if [ ! -e "$PROVIDER/once" ]; then touch "$PROVIDER/once"; exit 1; fi; echo "{\\"job\\":\\"job-$DISPATCH_ATTEMPT\\"}"',
  alwaysLost: 'echo "$DISPATCH_IDEMPOTENCY_KEY" >> "$PROVIDER/sends"; exit 1'
}
const LOOKUP = {
  byFile:
    'if [ -e "$PROVIDER/job-$DISPATCH_ATTEMPT" ]; then echo "{\\"job\\":\\"found-$DISPATCH_ATTEMPT\\"}"; else exit 1; fi',
  unknown: 'exit 3'
}

async function setup(options: { run: string; lookup?: string; fenced?: boolean }) {
  const dir = await makeRepo()
  const provider = await makeTempDir()
  const store = new LocalStore(new Git(dir))
  const first = makeRecord({
    run_id: RUN,
    idempotency: { dispatch_key: LABELED_KEY, request_digest: REQUEST_DIGEST, input_key: null },
    writer: writerOf('501')
  })
  await admit(store, { namespace: NS, first_record: first })
  const event = { name: 'issues', payload: await exampleEvent('issues-labeled.json') }
  const driver = {
    kind: 'command',
    run: options.run,
    lookup: options.lookup ?? '',
    fenced: options.fenced ?? false,
    timeoutSeconds: 20,
    cwd: dir,
    env: { ...process.env, PROVIDER: provider },
    outStream: quiet()
  }
  /** Selected from the event by workflow run `by`, or deliberately by key when `by` is null. */
  const go = (by: string | null = '501') =>
    dispatch(
      {
        namespace: NS,
        // The event dates and attributes the records; by key, it does not select the run.
        event,
        ...(by === null ? { dispatch_key: LABELED_KEY } : {}),
        writer: writerOf(by ?? '777'),
        driver
      },
      { store, clock: { now: () => new Date('2026-11-30T08:00:00Z') } }
    )
  const sends = async () =>
    (await readFile(join(provider, 'sends'), 'utf8').catch(() => '')).split('\n').filter(Boolean)
  const ledger = async () =>
    (await readRun(store, NS, { by: 'run_id', run_id: RUN })).chain.map(({ value: r }) =>
      [r.state, r.attempt?.number ?? '-', r.provider?.submission_state ?? '-'].join(' ')
    )
  return { dir, store, provider, go, sends, ledger }
}

function expectResult(result: DispatchResult, outcome: string, sends: number) {
  expect({ outcome: result.outcome, sends: result.sends }).toEqual({ outcome, sends })
}

describe('send, per plan', () => {
  it('happy path: intent before the send, the outcome after; one send', async () => {
    const t = await setup({ run: SEND.ok })
    const result = await t.go()
    expectResult(result, 'submitted', 1)
    expect(result.external_ids).toEqual({ job: 'job-1' })
    expect(await t.sends()).toEqual([`${RUN}/a1`])
    expect(await t.ledger()).toEqual([
      'admitted - -',
      'dispatched 1 not_submitted',
      'dispatched 1 submitted'
    ])
    // Safe to call again: it observes, never sends twice.
    const again = await t.go()
    expectResult(again, 'observed', 0)
    expect(await t.sends()).toHaveLength(1)
  })

  it('exit 75: attempt_failed, retryable; the next dispatch sends attempt 2', async () => {
    const t = await setup({ run: SEND.refuseRetryable })
    const result = await t.go()
    expectResult(result, 'failed', 1)
    expect(result.plan.action).toBe('retry_attempt')
    expect(result.message).toMatch(/exited 75/)
    expectResult(await t.go(), 'failed', 1)
    expect(await t.sends()).toEqual([`${RUN}/a1`, `${RUN}/a2`])
  })

  it('exit 78: attempt_failed, not retryable; dispatch then sends nothing and says why', async () => {
    const t = await setup({ run: SEND.refuse })
    expectResult(await t.go(), 'failed', 1)
    const after = await t.go()
    expectResult(after, 'nothing', 0)
    expect(after.message).toMatch(/await_operator/)
    expect(await t.sends()).toHaveLength(1)
  })
})

describe('reconcile after an unknown outcome', () => {
  it('lookup found: adopted, not sent again', async () => {
    const t = await setup({ run: SEND.acceptedThenLost, lookup: LOOKUP.byFile })
    const result = await t.go()
    expectResult(result, 'submitted', 1)
    expect(result.external_ids).toEqual({ job: 'found-1' })
    expect(await t.ledger()).toEqual([
      'admitted - -',
      'dispatched 1 not_submitted',
      'dispatched 1 ambiguous',
      'dispatched 1 submitted'
    ])
  })

  it('lookup provably absent: attempt 1 fails (recovery_required), attempt 2 is sent; two sends', async () => {
    const t = await setup({ run: SEND.lostOnce, lookup: LOOKUP.byFile })
    const result = await t.go()
    expectResult(result, 'submitted', 2)
    expect(await t.sends()).toEqual([`${RUN}/a1`, `${RUN}/a2`])
    expect(await t.ledger()).toEqual([
      'admitted - -',
      'dispatched 1 not_submitted',
      'dispatched 1 ambiguous',
      'attempt_failed 1 definite_failure',
      'dispatched 2 not_submitted',
      'dispatched 2 submitted'
    ])
    const failed = result.chain[3]?.value.failure
    expect(failed).toEqual({
      code: 'provider_has_nothing',
      classification: 'recovery_required',
      retryable: true
    })
  })

  it('unknown and not fenced: nothing sent again, the step fails for an operator, forever', async () => {
    const t = await setup({ run: SEND.acceptedThenLost, lookup: LOOKUP.unknown })
    const result = await t.go()
    expectResult(result, 'unresolved', 1)
    expect(result.message).toMatch(/An operator must resolve it/)
    expect(result.plan.action).toBe('reconcile_provider')
    const again = await t.go()
    expectResult(again, 'unresolved', 0)
    expect(await t.sends()).toEqual([`${RUN}/a1`])
  })

  it('no lookup at all, not fenced: the same', async () => {
    const t = await setup({ run: SEND.alwaysLost })
    expectResult(await t.go(), 'unresolved', 1)
    expect(await t.sends()).toHaveLength(1)
  })

  it('fenced: one re-send of the same attempt, with the same idempotency key', async () => {
    const t = await setup({ run: SEND.lostOnce, fenced: true })
    const result = await t.go()
    expectResult(result, 'submitted', 2)
    expect(await t.sends()).toEqual([`${RUN}/a1`, `${RUN}/a1`])
    expect(await t.ledger()).toEqual([
      'admitted - -',
      'dispatched 1 not_submitted',
      'dispatched 1 ambiguous',
      'dispatched 1 not_submitted',
      'dispatched 1 submitted'
    ])
  })

  it('fenced but never answered: two sends per attempt in all, across steps', async () => {
    const t = await setup({ run: SEND.alwaysLost, fenced: true })
    const first = await t.go()
    expectResult(first, 'unresolved', 2)
    expect(first.message).toMatch(/unknown outcome too/)
    const second = await t.go()
    expectResult(second, 'unresolved', 0)
    expect(await t.sends()).toEqual([`${RUN}/a1`, `${RUN}/a1`])
  })

  it('a crash after the intent (not_submitted, nothing else): reconciled, never sent blind', async () => {
    const t = await setup({ run: SEND.ok, lookup: LOOKUP.unknown })
    const { ledger_ref, chain } = await readRun(t.store, NS, { by: 'run_id', run_id: RUN })
    await appendRecord(
      t.store,
      {
        ledger_ref,
        state: 'dispatched',
        fields: {
          provider: { driver: 'command', submission_state: 'not_submitted', external_ids: {} }
        },
        occurred_at: '2026-11-30T08:00:00Z',
        trigger: 'issue',
        actor: null,
        writer: writerOf('501')
      },
      chain
    )
    expectResult(await t.go(), 'unresolved', 0)
    expect(await t.sends()).toEqual([])
  })
})

describe('a lost race is re-read and re-planned within the step', () => {
  it('a cancel landing between the read and the intent: nothing sent, nothing more written', async () => {
    const t = await setup({ run: SEND.ok })
    // Another writer (an operator's cancel) appends just before this step's first write.
    let raced = false
    const store = Object.create(t.store) as typeof t.store
    store.advanceRef = async (...args: Parameters<typeof t.store.advanceRef>) => {
      if (!raced) {
        raced = true
        const { chain } = await readRun(t.store, NS, { by: 'run_id', run_id: RUN })
        await appendRecord(
          t.store,
          {
            ledger_ref: ledgerRef(NS, RUN),
            state: 'cancelled',
            fields: { note: 'cancelled by an operator' },
            occurred_at: '2026-11-30T08:00:00Z',
            trigger: 'operator',
            actor: null,
            writer: writerOf('900')
          },
          chain
        )
      }
      return t.store.advanceRef(...args)
    }
    const result = await dispatch(
      {
        namespace: NS,
        dispatch_key: LABELED_KEY,
        writer: writerOf('501'),
        driver: {
          kind: 'command',
          run: SEND.ok,
          lookup: '',
          fenced: false,
          timeoutSeconds: 20,
          cwd: t.dir,
          env: { ...process.env, PROVIDER: t.provider },
          outStream: quiet()
        }
      },
      { store, clock: { now: () => new Date('2026-11-30T08:00:00Z') } }
    )
    expect(raced).toBe(true)
    expectResult(result, 'nothing', 0)
    expect(await t.sends()).toEqual([])
    expect(await t.ledger()).toEqual(['admitted - -', 'cancelled - -'])
  })
})

describe('ownership (docs/design/writers.md)', () => {
  it('selected from the event by another workflow run: nothing sent, nothing written', async () => {
    const t = await setup({ run: SEND.ok })
    const before = await refsUnder(t.dir)
    const result = await t.go('502')
    expectResult(result, 'not_owner', 0)
    expect(await refsUnder(t.dir)).toEqual(before)
    expect(await t.sends()).toEqual([])
    expect(ledgerRef(NS, RUN)).toBe(result.ledger_ref)
  })

  it('selected deliberately (run-id / dispatch-key): any workflow run may act', async () => {
    const t = await setup({ run: SEND.ok })
    expectResult(await t.go(null), 'submitted', 1)
  })
})

describe('bounds hold for any provider behaviour', () => {
  it('every script combination sends at most twice per step and per attempt', async () => {
    const runs = [SEND.ok, SEND.acceptedThenLost, SEND.alwaysLost, SEND.refuseRetryable]
    const lookups = ['', LOOKUP.byFile, LOOKUP.unknown]
    for (const run of runs)
      for (const lookup of lookups)
        for (const fenced of [false, true]) {
          const t = await setup({ run, lookup, fenced })
          const result = await t.go()
          expect(result.sends).toBeLessThanOrEqual(2)
          const perAttempt = new Map<string, number>()
          for (const key of await t.sends()) perAttempt.set(key, (perAttempt.get(key) ?? 0) + 1)
          for (const count of perAttempt.values()) expect(count).toBeLessThanOrEqual(2)
          await writeFile(join(t.provider, 'done'), '')
        }
  })
})
