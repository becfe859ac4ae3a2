/**
 * The command line's warm status (docs/cli.md#what-a-warm-status-reuses): scan through the
 * snapshot store with a memo answers exactly what a scan without one answers — on an intact
 * namespace, and after every change a writer of the repository can make, tampering included —
 * while a second scan of an unchanged namespace derives no chain again. Against real git: a
 * repository read as the arbiter through its path, as `dispatch-ledger status --remote PATH`
 * reads it.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { recordCommand } from '../../src/commands/record.js'
import { scanRuns, type ScannedRun } from '../../src/commands/scan.js'
import { canonicalJson } from '../../src/core/canonical.js'
import { admissionCommit, encodeCommit } from '../../src/core/entry.js'
import { entryLocation } from '../../src/core/index/location.js'
import { admissionRef, ledgerRef } from '../../src/core/refs.js'
import type { LayoutOptions } from '../../src/store/index/indexedStore.js'
import { openSnapshotStore } from '../../src/store/snapshotStore.js'
import type { Store, StoreReader } from '../../src/store/store.js'
import { arbiter, type Arbiter } from '../support/arbiter.js'
import { LABELED_KEY } from '../support/events.js'
import { admitByName, arrive, end, NS, READDED, runIdOf } from '../support/generations.js'
import {
  cleanupRepos,
  entryAt,
  git,
  headOf,
  makeTempDir,
  setLogical,
  writeObject
} from '../support/repo.js'

afterAll(cleanupRepos)

const ARCHIVE_NOW: LayoutOptions = { archiveAfterSeconds: 0 }
const CLOCK = { now: () => new Date('2026-11-29T12:00:05Z') }
const ADM = admissionRef(NS, LABELED_KEY)

async function dispatched(store: Store, runId: string): Promise<void> {
  await recordCommand(
    {
      namespace: NS,
      run_id: runId,
      state: 'dispatched',
      fields: { provider: { driver: 'fake', submission_state: 'submitted', external_ids: {} } },
      event: { name: 'workflow_dispatch', payload: {} },
      writer: null
    },
    { store, clock: { now: () => new Date('2026-11-29T12:01:00Z') } }
  )
}

const ORPHANED = admissionRef(NS, 'v1/memo/orphan')

/**
 * A namespace with a run of each kind: live, archived, ended, a later generation, an orphan.
 * Answers the blob the orphan's admission was, for putting it back.
 */
async function varied(a: Arbiter): Promise<string> {
  await arrive(await a.open(), 501, undefined) // generation 1 of LABELED_KEY, live
  await end(await a.open(), runIdOf(501)) // ended and archived
  await arrive(await a.open(), 502, READDED, { now: new Date(READDED) }) // generation 2, live
  await admitByName(await a.open(ARCHIVE_NOW), 'v1/memo/archived', 'run-archived')
  await dispatched(await a.open(ARCHIVE_NOW), 'run-archived') // archived at once
  await admitByName(await a.open(), 'v1/memo/live', 'run-live')
  await dispatched(await a.open(), 'run-live')
  await admitByName(await a.open(), 'v1/memo/orphan', 'run-orphan')
  const admission = (await git(a.dir, 'rev-parse', entryLocation(ORPHANED))).trim()
  await setLogical(a.dir, ORPHANED, null) // its admission removed
  return admission
}

interface Scan {
  readonly runs: ScannedRun[]
  /** How many chains the scan read (derived), as its readers were asked. */
  readonly chainsRead: number
}

/** A snapshot store of the arbiter at a.dir, with a cache of its own (and a memo when asked). */
async function scanned(
  a: Arbiter,
  options: { readonly cache?: string; readonly memo?: boolean } = {}
): Promise<Scan> {
  const store = await openSnapshotStore({
    repositoryPath: a.dir,
    remote: a.dir,
    namespace: NS,
    env: { ...process.env, RUNNER_TEMP: options.cache ?? (await makeTempDir()) },
    memo: options.memo ? { fingerprint: 'this test' } : null
  })
  let chainsRead = 0
  const counting: Store = Object.assign(Object.create(store) as Store, {
    read: <T>(fn: (reader: StoreReader) => Promise<T>) =>
      store.read(reader =>
        fn({
          ...reader,
          readChain: ((...args: unknown[]) => {
            chainsRead++
            return (reader.readChain as (...a: unknown[]) => unknown)(...args)
          }) as StoreReader['readChain']
        })
      )
  })
  const runs = await scanRuns({ namespace: NS }, { store: counting, clock: CLOCK })
  store.memo?.persist()
  return { runs, chainsRead }
}

describe('scan through the snapshot with a memo', () => {
  it('answers what a scan without it answers, and a second scan of the same bytes reads no planned chain again', async () => {
    const a = await arbiter('local')
    await varied(a)
    const fresh = await scanned(a)
    const cache = await makeTempDir()
    const first = await scanned(a, { cache, memo: true })
    const second = await scanned(a, { cache, memo: true })
    expect(fresh.runs.length).toBe(5)
    expect(first.runs).toEqual(fresh.runs)
    expect(second.runs).toEqual(fresh.runs)
    expect(first.chainsRead).toBe(fresh.chainsRead)
    // Derived again: the orphan, and generation 2 (admitted by a later generation than 1).
    const again = fresh.runs.filter(
      run => 'orphan' in run || ('state' in run && run.state.run_id === runIdOf(502, 2))
    )
    expect(again).toHaveLength(2)
    expect(second.chainsRead).toBe(again.length)
  })

  it("derives a kept run again when its key's directory changes, though what it answers does not", async () => {
    const a = await arbiter('local')
    await varied(a)
    const cache = await makeTempDir()
    const before = await scanned(a, { cache, memo: true })
    const warm = await scanned(a, { cache, memo: true })
    // An entry for a generation 2 of run-live's key: generation 1 still admits run-live.
    const key = admissionRef(NS, 'v1/memo/live')
    await setLogical(a.dir, `${key}.g2`, writeObject(a.dir, 'blob', 'not read by the run'))
    const after = await scanned(a, { cache, memo: true })
    expect(after.runs).toEqual(before.runs)
    expect(after.chainsRead).toBe(warm.chainsRead + 1)
  })

  const CHANGES: Array<{ name: string; change(a: Arbiter, removed: string): Promise<void> }> = [
    {
      name: 'a record appended',
      change: async a => dispatched(await a.open(), 'run-live')
    },
    {
      name: 'an archived run revived by an append',
      change: async a => dispatched(await a.open(), 'run-archived')
    },
    {
      name: 'a forged admission naming another run (the chain unchanged)',
      async change(a) {
        const own = (await entryAt(a.dir, ADM)) as Record<string, unknown>
        const forged = { ...own, run_id: 'run-b', ledger_ref: ledgerRef(NS, 'run-b') }
        const bytes = encodeCommit({
          ...admissionCommit(forged as never),
          json: canonicalJson(forged)
        })
        await setLogical(a.dir, ADM, writeObject(a.dir, 'commit', bytes))
      }
    },
    {
      name: 'an admission removed (its run now an orphan)',
      change: a => setLogical(a.dir, admissionRef(NS, 'v1/memo/live'), null)
    },
    {
      name: 'a garbage admission',
      change: async a =>
        setLogical(a.dir, admissionRef(NS, 'v1/memo/live'), writeObject(a.dir, 'blob', 'garbage'))
    },
    {
      name: 'a live ledger ref rewound to its first record',
      async change(a) {
        const ref = ledgerRef(NS, 'run-live')
        const first = (await git(a.dir, 'rev-list', '--max-parents=0', ref)).trim()
        await git(a.dir, 'update-ref', ref, first)
      }
    },
    {
      name: 'a live ledger ref moved to a commit that is not a record',
      async change(a) {
        const main = (await git(a.dir, 'rev-parse', 'refs/heads/main')).trim()
        await git(a.dir, 'update-ref', ledgerRef(NS, 'run-live'), main)
      }
    },
    {
      name: "an archived run's index entry pointed at its first record",
      async change(a) {
        const ref = ledgerRef(NS, 'run-archived')
        const head = await headOf(a.dir, ref)
        const first = (await git(a.dir, 'rev-list', '--max-parents=0', head)).trim()
        await setLogical(a.dir, ref, first)
      }
    },
    {
      name: 'a live ledger ref deleted',
      change: a => git(a.dir, 'update-ref', '-d', ledgerRef(NS, 'run-live')).then(() => {})
    },
    {
      name: "the orphan's admission put back as it was",
      change: (a, removed) => setLogical(a.dir, ORPHANED, removed)
    }
  ]

  it.each(CHANGES)(
    'after $name, a scan with the memo answers what a fresh scan answers',
    async ({ change }) => {
      const a = await arbiter('local')
      const removed = await varied(a)
      const cache = await makeTempDir()
      const before = await scanned(a, { cache, memo: true })
      await change(a, removed)
      const fresh = await scanned(a)
      expect(fresh.runs).not.toEqual(before.runs) // the change shows
      expect((await scanned(a, { cache, memo: true })).runs).toEqual(fresh.runs)
    }
  )
})
