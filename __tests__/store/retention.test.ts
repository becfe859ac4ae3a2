/**
 * Retention (docs/design/storage.md#retention): with `retention-days` set, a key whose newest
 * generation ended more than that many days ago is dropped at its bucket's next write, its
 * archived runs with it (no longer reachable from any ref), and a later event for the key is a
 * new run. Without it (the default, 0) nothing is ever dropped. And scan archives the idle
 * chains it meets. Real git: a local repository, and a bare remote over file://.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { admit } from '../../src/commands/admit.js'
import { systemClock } from '../../src/commands/deps.js'
import { readRun } from '../../src/commands/readRun.js'
import { appendRecord, type AppendRequest } from '../../src/commands/record.js'
import { scanRuns } from '../../src/commands/scan.js'
import { digestOf, sha256Hex } from '../../src/core/canonical.js'
import { bucketOf } from '../../src/core/index/layout.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { admissionRef, keyHash, ledgerRef } from '../../src/core/refs.js'
import type { State } from '../../src/core/states.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import type { Store } from '../../src/store/store.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { keysInBuckets } from '../../testkit/layout.js'
import { firstRecord } from '../../testkit/fixtures.js'
import { LABELED_KEY } from '../support/events.js'
import { arrive, end, READDED, T0 as T_LABEL } from '../support/generations.js'
import { cleanupRepos, git, makeRepo, physicalRefs } from '../support/repo.js'

const NS = 'refs/dispatch-ledger'
const DIGEST = digestOf({ scheme: 'v1', n: 16 })
const DAY = 86400
const T0 = Date.parse('2026-11-29T12:00:00Z') / 1000

afterAll(cleanupRepos)

const first = (runId: string, key: string, at = '2026-11-29T12:00:00Z'): LedgerRecord =>
  firstRecord({ run_id: runId, dispatch_key: key, request_digest: DIGEST, occurred_at: at })

function request(runId: string, state: State, at = '2026-11-29T12:01:00Z'): AppendRequest {
  return {
    ledger_ref: ledgerRef(NS, runId),
    state,
    fields: { note: state },
    occurred_at: at,
    trigger: 'system',
    actor: null,
    writer: null
  }
}

/** A clock the test moves: the store reads it for archive and retention times. */
function clock(start = T0) {
  let now = start
  return { now: () => now, set: (t: number) => (now = t) }
}

const chainOf = async (store: Store, runId: string) =>
  (await readRun(store, NS, { by: 'run_id', run_id: runId })).chain

/** Admits a key's run and ends it (cancelled): archived, and marked ended next to the key. */
async function admitAndEnd(store: Store, runId: string, key: string): Promise<string> {
  await admit(store, { namespace: NS, first_record: first(runId, key) })
  await appendRecord(store, request(runId, 'cancelled'), await chainOf(store, runId))
  const chain = await chainOf(store, runId)
  return chain[chain.length - 1]?.oid as string
}

/** The paths of one bucket's index tree. */
async function indexPaths(dir: string, hash: string): Promise<string[]> {
  const out = await git(dir, 'ls-tree', '-r', '--name-only', `${NS}/index/${bucketOf(hash)}`)
  return out.split('\n').filter(Boolean)
}

/** Whether `oid` is reachable from the run's bucket's archive ref. */
async function archived(dir: string, runId: string, oid: string): Promise<boolean> {
  const ref = `${NS}/archive/${bucketOf(sha256Hex(runId))}`
  const answer = await new Git(dir).run(['merge-base', '--is-ancestor', oid, ref])
  return answer.code === 0
}

describe('retention-days', () => {
  it('a key ended more than N days ago: gone to readers, dropped by the next write, and its next event is a new run', async () => {
    const dir = await makeRepo()
    const time = clock()
    const store = new LocalStore(new Git(dir), { retentionDays: 90, now: time.now })
    const head = await admitAndEnd(store, 'old-1', 'k-old')
    // The key's bucket records the end next to the key.
    expect(await indexPaths(dir, keyHash('k-old'))).toContain(`ended/${keyHash('k-old')}`)
    expect(await archived(dir, 'old-1', head)).toBe(true)

    time.set(T0 + 91 * DAY)
    // Another key that ended 60 days ago stays.
    await admitAndEnd(store, 'young', 'k-young')
    time.set(T0 + 151 * DAY)
    // Readers already see k-old gone, though no write has dropped it from its bucket yet.
    expect(await store.listRefs(admissionRef(NS, 'k-old'))).toEqual([])
    expect(await indexPaths(dir, keyHash('k-old'))).toContain(`keys/${keyHash('k-old')}/1`)
    // k-old ended 151 days ago, k-young 60: the next event of k-old is a new run.
    const again = await admit(store, {
      namespace: NS,
      first_record: first('old-2', 'k-old', '2027-04-29T12:00:00Z')
    })
    expect(again).toMatchObject({ created: true, owner: true })
    expect(again.admission).toMatchObject({ run_id: 'old-2', generation: 1, previous_run_id: null })
    // The old run's entry is gone, and its archive ref no longer reaches it.
    expect(await indexPaths(dir, sha256Hex('old-1'))).not.toContain(`runs/${sha256Hex('old-1')}`)
    expect(await archived(dir, 'old-1', head)).toBe(false)
    await expect(chainOf(store, 'old-1')).rejects.toThrow()
    // Unreachable: git's own garbage collection removes it, and what stays verifies.
    await git(dir, 'gc', '--quiet', '--prune=now')
    expect((await new Git(dir).run(['cat-file', '-e', head])).code).not.toBe(0)
    await git(dir, 'fsck', '--strict', '--no-dangling')
    expect((await chainOf(store, 'young')).map(e => e.value.state)).toEqual([
      'admitted',
      'cancelled'
    ])
  })

  it('without retention-days (0, forever) the same key, 151 days later, is a duplicate of its run', async () => {
    const dir = await makeRepo()
    const time = clock()
    const store = new LocalStore(new Git(dir), { now: time.now })
    const head = await admitAndEnd(store, 'kept', 'k-kept')
    time.set(T0 + 151 * DAY)
    const again = await admit(store, { namespace: NS, first_record: first('kept-2', 'k-kept') })
    expect(again).toMatchObject({ created: false })
    expect(again.admission.run_id).toBe('kept')
    expect(await archived(dir, 'kept', head)).toBe(true)
  })

  it('the drop happens at any write of the key bucket, and a generation still open keeps its key', async () => {
    const dir = await makeRepo()
    const time = clock()
    const store = new LocalStore(new Git(dir), { retentionDays: 90, now: time.now })
    await admitAndEnd(store, 'gone', 'k-gone')
    // The labeled issue ended once, then a later event opened generation 2, which has not ended.
    const g1 = await arrive(store, 601, T_LABEL)
    await end(store, g1.admission.run_id)
    expect(await indexPaths(dir, keyHash(LABELED_KEY))).toContain(`ended/${keyHash(LABELED_KEY)}`)
    const g2 = await arrive(store, 602, READDED)
    expect(g2).toMatchObject({ created: true, admission: { generation: 2 } })
    expect(await indexPaths(dir, keyHash(LABELED_KEY))).not.toContain(
      `ended/${keyHash(LABELED_KEY)}`
    )

    time.set(T0 + 91 * DAY)
    const [neighbour] = await keysInBuckets([bucketOf(keyHash('k-gone'))], {
      count: 1,
      prefix: 'nb'
    })
    await admit(store, { namespace: NS, first_record: first('nb', neighbour as string) })
    expect(
      (await indexPaths(dir, keyHash('k-gone'))).filter(p => p.includes(keyHash('k-gone')))
    ).toEqual([])
    const dup = await arrive(store, 603, READDED)
    expect(dup).toMatchObject({ created: false })
    expect(dup.admission.run_id).toBe(g2.admission.run_id)
  })

  it('over a remote: a fresh clone drops the key and its runs in one push, and the origin verifies', async () => {
    const remote = await makeBareRemote()
    const cloneAt = async () => {
      const dir = await makeRepo()
      await git(dir, 'remote', 'add', 'origin', remote.url)
      return dir
    }
    const time = clock()
    const a = new RemoteStore(new Git(await cloneAt()), 'origin', {
      retentionDays: 90,
      now: time.now
    })
    const head = await admitAndEnd(a, 'remote-1', 'k-remote')
    time.set(T0 + 91 * DAY)
    const b = new RemoteStore(new Git(await cloneAt()), 'origin', {
      retentionDays: 90,
      now: time.now
    })
    const again = await admit(b, {
      namespace: NS,
      first_record: first('remote-2', 'k-remote', '2027-03-01T12:00:00Z')
    })
    expect(again).toMatchObject({ created: true, admission: { generation: 1 } })
    expect(await archived(remote.dir, 'remote-1', head)).toBe(false)
    await git(remote.dir, 'fsck', '--strict', '--no-dangling')
  })
})

describe('the rebuilt archive', () => {
  it('keeps exactly the heads its bucket still holds, in narrow commits every push can parse cheaply', async () => {
    const dir = await makeRepo()
    const time = clock()
    const store = new LocalStore(new Git(dir), {
      retentionDays: 90,
      archiveAfterSeconds: 0,
      now: time.now
    })
    // Run ids chosen so that every run sits in one bucket: 20 that stay, one that is dropped.
    const runIds = await keysInBuckets(['a7'], { count: 21, prefix: 'run' })
    const dropped = runIds[0] as string
    const droppedHead = await admitAndEnd(store, dropped, 'k-dropped')
    const kept: string[] = []
    for (const [i, runId] of runIds.slice(1).entries()) {
      await admit(store, { namespace: NS, first_record: first(runId, `k-kept-${i}`) })
      kept.push(((await chainOf(store, runId)).at(-1) as { oid: string }).oid)
    }
    time.set(T0 + 91 * DAY)
    // Any write of the dropped key's bucket drops it, and rebuilds the runs' archive ref.
    await admit(store, {
      namespace: NS,
      first_record: first('later', 'k-dropped', '2027-03-01T00:00:00Z')
    })
    expect(await archived(dir, dropped, droppedHead)).toBe(false)
    for (const [i, head] of kept.entries())
      expect([runIds[i + 1], await archived(dir, runIds[i + 1] as string, head)]).toEqual([
        runIds[i + 1],
        true
      ])
    const ref = `${NS}/archive/a7`
    const wide = await git(dir, 'rev-list', '--min-parents=18', ref)
    expect(wide.trim()).toBe('')
    await git(dir, 'fsck', '--strict', '--no-dangling')
  })
})

describe('scan archives the idle chains it meets', () => {
  it('a run idle past archive-after loses its own ref to a scan, and is still scanned and planned', async () => {
    const dir = await makeRepo()
    const time = clock(Date.parse('2026-11-29T12:00:30Z') / 1000)
    const store = new LocalStore(new Git(dir), { now: time.now })
    await admit(store, { namespace: NS, first_record: first('sleeper', 'k-sleeper') })
    expect((await physicalRefs(dir))[ledgerRef(NS, 'sleeper')]).toBeDefined()
    // Within archive-after (1h) scan leaves it live.
    await scanRuns({ namespace: NS }, { store, clock: systemClock })
    expect((await physicalRefs(dir))[ledgerRef(NS, 'sleeper')]).toBeDefined()
    time.set(time.now() + 2 * 3600)
    const scanned = await scanRuns({ namespace: NS }, { store, clock: systemClock })
    expect((await physicalRefs(dir))[ledgerRef(NS, 'sleeper')]).toBeUndefined()
    expect(scanned.map(r => r.ledger_ref)).toEqual([ledgerRef(NS, 'sleeper')])
    expect(scanned[0]).toHaveProperty('plan')
  })
})
