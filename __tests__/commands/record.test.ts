import { afterAll, describe, expect, it } from '@jest/globals'
import { admit } from '../../src/commands/admit.js'
import { readRun } from '../../src/commands/readRun.js'
import { appendRecord, type AppendRequest } from '../../src/commands/record.js'
import { scanRuns } from '../../src/commands/scan.js'
import { recordCommit } from '../../src/core/entry.js'
import {
  BrokenChain,
  IllegalTransition,
  InputConflict,
  InvalidInput,
  LostRace
} from '../../src/core/errors.js'
import type { LedgerRecord, RecordInput } from '../../src/core/record.js'
import { ledgerRef } from '../../src/core/refs.js'
import type { State } from '../../src/core/states.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { cleanupRepos, git, makeRepo, refsUnder, setLogical, headOf } from '../support/repo.js'
import { DISPATCH_KEY, makeRecord, RUN_ID } from '../../testkit/fixtures.js'
import { systemClock } from '../../src/commands/deps.js'

const NS = 'refs/dispatch-ledger'
const LEDGER = ledgerRef(NS, RUN_ID)

afterAll(cleanupRepos)

async function admitted(): Promise<{ dir: string; store: LocalStore }> {
  const dir = await makeRepo()
  const store = new LocalStore(new Git(dir))
  await admit(store, { namespace: NS, first_record: makeRecord() })
  return { dir, store }
}

function request(state: State, fields: RecordInput = {}): AppendRequest {
  return {
    ledger_ref: LEDGER,
    state,
    fields,
    occurred_at: '2026-11-29T13:00:00Z',
    trigger: 'system',
    actor: null,
    writer: null
  }
}

async function append(store: LocalStore, state: State, fields: RecordInput = {}) {
  const { chain } = await readRun(store, NS, { by: 'run_id', run_id: RUN_ID })
  return appendRecord(store, request(state, fields), chain)
}

const NOT_SUBMITTED = {
  driver: 'fake',
  submission_state: 'not_submitted' as const,
  external_ids: {}
}
const SUBMITTED = {
  driver: 'fake',
  submission_state: 'submitted' as const,
  external_ids: { job: 'j1' }
}

describe('append by compare-and-set (docs/design/states.md) against a real repository', () => {
  it('appends a chain whose commits are parent-linked and fills in attempts', async () => {
    const { dir, store } = await admitted()
    const first = await append(store, 'dispatched', { provider: NOT_SUBMITTED })
    expect(first.record.value).toMatchObject({
      ledger_sequence: 2,
      attempt: { number: 1, reason: 'initial' }
    })
    const second = await append(store, 'dispatched', { provider: SUBMITTED })
    expect(second.record.value).toMatchObject({ ledger_sequence: 3, attempt: { number: 1 } })
    const parents = (await git(dir, 'log', '--format=%H %P', await headOf(dir, LEDGER)))
      .trim()
      .split('\n')
    expect(parents).toHaveLength(3)
    expect(parents[0]).toBe(`${second.record.oid} ${first.record.oid}`)
    const found = await readRun(store, NS, { by: 'dispatch_key', dispatch_key: DISPATCH_KEY })
    expect(found.chain.map(e => e.value.state)).toEqual(['admitted', 'dispatched', 'dispatched'])
    await git(dir, 'fsck', '--strict', '--no-dangling')
  })

  it('a writer that read a stale head loses, and writes nothing', async () => {
    const { dir, store } = await admitted()
    const { chain: stale } = await readRun(store, NS, { by: 'run_id', run_id: RUN_ID })
    await append(store, 'dispatched', { provider: NOT_SUBMITTED })
    const before = await refsUnder(dir)
    await expect(appendRecord(store, request('cancelled'), stale)).rejects.toBeInstanceOf(LostRace)
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('two appenders racing on one head: exactly one wins, the chain has no fork', async () => {
    const { dir, store } = await admitted()
    const { chain } = await readRun(store, NS, { by: 'run_id', run_id: RUN_ID })
    const results = await Promise.allSettled([
      appendRecord(
        new LocalStore(new Git(dir)),
        request('dispatched', { provider: NOT_SUBMITTED }),
        chain
      ),
      appendRecord(new LocalStore(new Git(dir)), request('cancelled'), chain)
    ])
    expect(results.filter(r => r.status === 'fulfilled')).toHaveLength(1)
    const lost = results.find(r => r.status === 'rejected') as PromiseRejectedResult
    expect(lost.reason).toBeInstanceOf(LostRace)
    expect((await git(dir, 'rev-list', '--count', await headOf(dir, LEDGER))).trim()).toBe('2')
  })

  it('a repeated input_key with the same payload is a duplicate: nothing written, even after a terminal state', async () => {
    const { dir, store } = await admitted()
    const original = await append(store, 'cancelled', { input_key: 'op-1', note: 'stop' })
    const before = await refsUnder(dir)
    const again = await append(store, 'cancelled', { input_key: 'op-1', note: 'stop' })
    expect(again.duplicate).toBe(true)
    expect(again.record.oid).toBe(original.record.oid)
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('a repeated input_key with a different payload is a conflict: nothing written', async () => {
    const { dir, store } = await admitted()
    await append(store, 'dispatched', { input_key: 'op-1', provider: NOT_SUBMITTED })
    const before = await refsUnder(dir)
    await expect(
      append(store, 'dispatched', { input_key: 'op-1', provider: SUBMITTED })
    ).rejects.toBeInstanceOf(InputConflict)
    await expect(append(store, 'cancelled', { input_key: 'op-1' })).rejects.toThrow(
      /different state/
    )
    expect(await refsUnder(dir)).toEqual(before)
  })

  it.each<[string, State, RecordInput]>([
    ['an illegal transition', 'decided', { decision: { outcome: 'approved', by: 'a' } }],
    ['a record after a terminal state', 'dispatched', {}]
  ])('%s is refused before anything is written', async (name, state, fields) => {
    const { dir, store } = await admitted()
    if (name.includes('terminal')) await append(store, 'cancelled')
    const before = await refsUnder(dir)
    await expect(append(store, state, fields)).rejects.toBeInstanceOf(IllegalTransition)
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('an unknown run is a clear error', async () => {
    const dir = await makeRepo()
    const store = new LocalStore(new Git(dir))
    await expect(readRun(store, NS, { by: 'run_id', run_id: 'nope' })).rejects.toThrow(
      /There is no run "nope"/
    )
    await expect(
      readRun(store, NS, { by: 'dispatch_key', dispatch_key: 'k' })
    ).rejects.toBeInstanceOf(InvalidInput)
  })

  it('a broken chain fails the append and the read, naming the sequence', async () => {
    const { dir, store } = await admitted()
    await append(store, 'dispatched', { provider: NOT_SUBMITTED })
    // Hand-write record 3 with a wrong previous digest on top of the real head.
    const head = await headOf(dir, LEDGER)
    const forged: LedgerRecord = makeRecord({
      ledger_sequence: 3,
      previous_record_digest: `sha256:${'0'.repeat(64)}`,
      state: 'cancelled'
    })
    const [oid] = await store.writeEntries([recordCommit(forged, head)])
    await setLogical(dir, LEDGER, oid as string)
    const { chain } = await readRun(store, NS, { by: 'run_id', run_id: RUN_ID })
    const attempt = appendRecord(store, request('cancelled'), chain)
    await expect(attempt).rejects.toBeInstanceOf(BrokenChain)
    await expect(appendRecord(store, request('cancelled'), chain)).rejects.toThrow(/sequence 3/)
    const scanned = await scanRuns({ namespace: NS }, { store, clock: systemClock })
    expect(scanned).toHaveLength(1)
    expect(scanned[0]).toMatchObject({
      ledger_ref: LEDGER,
      error: expect.stringMatching(/sequence 3/)
    })
  })
})
