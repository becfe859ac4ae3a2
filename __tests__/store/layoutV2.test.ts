/**
 * Layout v2 (docs/design/storage.md): the refs stay few whatever the history, admission keeps
 * its guarantees on a shared bucket, archived chains read, verify and go on exactly as live
 * ones, and a namespace of layout v1 is refused. Real git throughout: a local repository, and
 * bare remotes over file:// and smart HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { admit } from '../../src/commands/admit.js'
import { readRun } from '../../src/commands/readRun.js'
import { appendRecord, type AppendRequest } from '../../src/commands/record.js'
import { scanRuns } from '../../src/commands/scan.js'
import { systemClock } from '../../src/commands/deps.js'
import { digestOf, sha256Hex } from '../../src/core/canonical.js'
import { CorruptEntry, IllegalTransition, LostRace, StoreError } from '../../src/core/errors.js'
import { bucketOf } from '../../src/core/index/layout.js'
import { planRecovery } from '../../src/core/planRecovery.js'
import { viewChain } from '../../src/commands/runView.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { admissionRef, ledgerRef } from '../../src/core/refs.js'
import type { State } from '../../src/core/states.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { BUCKET_TRIES } from '../../src/store/index/indexedStore.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import type { Store } from '../../src/store/store.js'
import {
  bothTransports,
  makeBareRemote,
  startGitHttpServer,
  type GitHttpServer
} from '../../testkit/gitHttpServer.js'
import { keysInBuckets } from '../../testkit/layout.js'
import { firstRecord } from '../../testkit/fixtures.js'
import {
  cleanupRepos,
  entryAt,
  git,
  makeRepo,
  physicalRefs,
  refsUnder,
  setLogical
} from '../support/repo.js'

const NS = 'refs/dispatch-ledger'
const DIGEST = digestOf({ scheme: 'v1', n: 19 })

const first = (runId: string, key: string): LedgerRecord =>
  firstRecord({ run_id: runId, dispatch_key: key, request_digest: DIGEST })

function request(
  runId: string,
  state: State,
  note: string,
  at = '2026-11-29T12:01:00Z'
): AppendRequest {
  return {
    ledger_ref: ledgerRef(NS, runId),
    state,
    fields: { note },
    occurred_at: at,
    trigger: 'system',
    actor: null,
    writer: null
  }
}

async function clone(url: string): Promise<string> {
  const dir = await makeRepo()
  await git(dir, 'remote', 'add', 'origin', url)
  return dir
}

const chainOf = async (store: Store, runId: string) =>
  (await readRun(store, NS, { by: 'run_id', run_id: runId })).chain

/** The refs git holds under the namespace, by kind: index, archive, runs, operations. */
async function refKinds(dir: string): Promise<Record<string, number>> {
  const kinds: Record<string, number> = {}
  for (const ref of Object.keys(await physicalRefs(dir))) {
    const kind = ref.slice(NS.length + 1).split('/')[0] as string
    kinds[kind] = (kinds[kind] ?? 0) + 1
  }
  return kinds
}

afterAll(cleanupRepos)

let server: GitHttpServer
beforeAll(async () => {
  server = await startGitHttpServer()
})
afterAll(async () => server.close())

describe.each(bothTransports(() => server))(
  'one bucket, many writers, over %s',
  (_name, makeRemote) => {
    it('16 distinct keys forced into one bucket: all admitted, none claimed twice, none lost', async () => {
      const remote = await makeRemote()
      const bare = remote.bare
      for (const ref of Object.keys(await physicalRefs(bare, 'refs/')))
        await git(bare, 'update-ref', '-d', ref)
      const keys = await keysInBuckets(['3f'], { count: 16, prefix: 'same-bucket' })
      const results = await Promise.all(
        keys.map(async (key, i) =>
          admit(new RemoteStore(new Git(await clone(remote.url)), 'origin'), {
            namespace: NS,
            first_record: first(`run-${i}`, key)
          })
        )
      )
      expect(results.map(r => [r.created, r.owner])).toEqual(keys.map(() => [true, true]))
      const held = await refsUnder(bare)
      for (const [i, key] of keys.entries()) {
        expect(held[admissionRef(NS, key)]).toBeDefined()
        expect(held[ledgerRef(NS, `run-${i}`)]).toBeDefined()
      }
      // One index ref holds all sixteen admissions.
      expect((await refKinds(bare)).index).toBe(1)
    }, 300_000)

    it('16 arrivals of one key: one owner, one ledger', async () => {
      const remote = await makeRemote()
      const bare = remote.bare
      for (const ref of Object.keys(await physicalRefs(bare, 'refs/')))
        await git(bare, 'update-ref', '-d', ref)
      const results = await Promise.all(
        Array.from({ length: 16 }, async (_, i) =>
          admit(new RemoteStore(new Git(await clone(remote.url)), 'origin'), {
            namespace: NS,
            first_record: first(`arrival-${i}`, 'one-key')
          })
        )
      )
      expect(results.filter(r => r.created)).toHaveLength(1)
      const owner = results.find(r => r.created)?.admission.run_id
      expect(new Set(results.map(r => r.admission.run_id))).toEqual(new Set([owner]))
      const runs = Object.keys(await refsUnder(bare)).filter(ref => ref.includes('/runs/'))
      expect(runs).toEqual([ledgerRef(NS, owner as string)])
    }, 300_000)
  }
)

describe('archived chains read, verify and go on as live ones', () => {
  it('a run that ends leaves no ref of its own, plans the same and refuses appends as before', async () => {
    const dir = await makeRepo()
    const store = new LocalStore(new Git(dir))
    await admit(store, { namespace: NS, first_record: first('ends', 'k-ends') })
    const live = await chainOf(store, 'ends')
    await appendRecord(store, request('ends', 'cancelled', 'stop'), live)
    // No ref of its own: the head is an index entry, reachable from the archive ref.
    expect(Object.keys(await physicalRefs(dir)).some(ref => ref.includes('/runs/'))).toBe(false)
    expect((await refKinds(dir)).archive).toBe(1)
    const archived = await chainOf(new LocalStore(new Git(dir)), 'ends')
    expect(archived.map(e => e.value.state)).toEqual(['admitted', 'cancelled'])
    const head = archived[archived.length - 1]?.oid as string
    await git(
      dir,
      'merge-base',
      '--is-ancestor',
      head,
      `${NS}/archive/${bucketOf(sha256Hex('ends'))}`
    )
    // The same plan as the live chain's would be: the archived records fold to the same state.
    const view = viewChain(archived)
    expect(view.plan).toEqual(planRecovery(view.state))
    expect(view.state.state).toBe('cancelled')
    await expect(
      appendRecord(store, request('ends', 'dispatched', 'late'), archived)
    ).rejects.toBeInstanceOf(IllegalTransition)
    await git(dir, 'fsck', '--strict', '--no-dangling')
  })

  it('archive-after 0: a run that never ends is archived, found by scan, and revived by an append', async () => {
    const dir = await makeRepo()
    const store = new LocalStore(new Git(dir), { archiveAfterSeconds: 0 })
    await admit(store, { namespace: NS, first_record: first('idle', 'k-idle') })
    expect(Object.keys(await physicalRefs(dir)).some(ref => ref.includes('/runs/'))).toBe(false)
    const scanned = await scanRuns({ namespace: NS }, { store, clock: systemClock })
    expect(scanned.map(r => r.ledger_ref)).toEqual([ledgerRef(NS, 'idle')])
    // With archive-after 1h the next append revives it: its own ref again, the index entry gone.
    const reviving = new LocalStore(new Git(dir))
    await appendRecord(
      reviving,
      request('idle', 'dispatched', 'go'),
      await chainOf(reviving, 'idle')
    )
    expect((await physicalRefs(dir))[ledgerRef(NS, 'idle')]).toBeDefined()
    expect((await chainOf(reviving, 'idle')).map(e => e.value.state)).toEqual([
      'admitted',
      'dispatched'
    ])
  })

  it('two appends racing to revive one archived run: one wins, the other loses as a stale append', async () => {
    const remote = await makeBareRemote()
    const writer = new RemoteStore(new Git(await clone(remote.url)), 'origin', {
      archiveAfterSeconds: 0
    })
    await admit(writer, { namespace: NS, first_record: first('race', 'k-race') })
    const [a, b] = [
      new RemoteStore(new Git(await clone(remote.url)), 'origin'),
      new RemoteStore(new Git(await clone(remote.url)), 'origin')
    ]
    const [chainA, chainB] = [await chainOf(a, 'race'), await chainOf(b, 'race')]
    const results = await Promise.allSettled([
      appendRecord(a, request('race', 'dispatched', 'a'), chainA),
      appendRecord(b, request('race', 'dispatched', 'b'), chainB)
    ])
    expect(results.filter(r => r.status === 'fulfilled')).toHaveLength(1)
    expect(
      (results.find(r => r.status === 'rejected') as PromiseRejectedResult).reason
    ).toBeInstanceOf(LostRace)
    const after = await chainOf(new RemoteStore(new Git(await clone(remote.url)), 'origin'), 'race')
    expect(after).toHaveLength(2)
  })

  it('a chain idle past archive-after is archived by the next write to its bucket', async () => {
    const dir = await makeRepo()
    // Records dated 2026-11-29: long idle by the clock below.
    const store = new LocalStore(new Git(dir), {
      now: () => Date.parse('2026-12-01T00:00:00Z') / 1000
    })
    await admit(store, { namespace: NS, first_record: first('sleeper', 'k-sleeper') })
    expect((await physicalRefs(dir))[ledgerRef(NS, 'sleeper')]).toBeDefined()
    // Any key whose bucket is the sleeper's ledger's bucket makes the write that archives it.
    const [neighbour] = await keysInBuckets([bucketOf(sha256Hex('sleeper'))], {
      count: 1,
      prefix: 'nb'
    })
    await admit(store, { namespace: NS, first_record: first('neighbour', neighbour as string) })
    expect((await physicalRefs(dir))[ledgerRef(NS, 'sleeper')]).toBeUndefined()
    expect((await chainOf(store, 'sleeper')).map(e => e.value.state)).toEqual(['admitted'])
  })

  it('a corrupted archived record fails closed, naming the run', async () => {
    const dir = await makeRepo()
    const store = new LocalStore(new Git(dir), { archiveAfterSeconds: 0 })
    await admit(store, { namespace: NS, first_record: first('bad', 'k-bad') })
    const chain = await chainOf(store, 'bad')
    await appendRecord(store, request('bad', 'dispatched', 'x'), chain)
    // Rewrite the archived head's record 1 beneath it: a commit whose JSON is not a record.
    const forged = (
      await git(
        dir,
        'commit-tree',
        '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
        '-m',
        'dispatch-ledger record 1 admitted\n\n{"schema":"nope"}'
      )
    ).trim()
    await setLogical(dir, ledgerRef(NS, 'bad'), forged)
    const error = await chainOf(new LocalStore(new Git(dir)), 'bad').catch(e => e as Error)
    expect(error).toBeInstanceOf(CorruptEntry)
    expect((error as CorruptEntry).ref).toBe(ledgerRef(NS, 'bad'))
  })
})

describe('contention', () => {
  it('a bucket another key moves before every try: the write fails naming contention, claiming nothing', async () => {
    const dir = await makeRepo()
    const [mine, ...others] = await keysInBuckets(['5e'], {
      count: BUCKET_TRIES + 1,
      prefix: 'busy'
    })
    const rival = new LocalStore(new Git(dir))
    const store = new LocalStore(new Git(dir))
    const apply = store.refs.apply.bind(store.refs)
    let moved = 0
    // Another key lands in the same bucket between each plan and its transaction.
    store.refs.apply = async changes => {
      await admit(rival, {
        namespace: NS,
        first_record: first(`rival-${moved}`, others[moved] as string)
      })
      moved++
      return apply(changes)
    }
    const error = await admit(store, {
      namespace: NS,
      first_record: first('mine', mine as string)
    }).catch(e => e as Error)
    expect(error).toBeInstanceOf(StoreError)
    expect((error as Error).message).toMatch(/contention/)
    expect(moved).toBe(BUCKET_TRIES)
    const held = await refsUnder(dir)
    expect(held[admissionRef(NS, mine as string)]).toBeUndefined()
    expect(held[ledgerRef(NS, 'mine')]).toBeUndefined()
    expect(Object.keys(held).filter(ref => ref.includes('/admissions/'))).toHaveLength(BUCKET_TRIES)
  }, 120_000)
})

describe('a stale bucket read must lose, over file://', () => {
  /**
   * Writer A plans its admission from the bucket as it read it; before its push goes out,
   * other jobs admit another key of that bucket and (in the first case) A's own key, each
   * push completing first. A's push then carries a lease on a tip that is gone: it must be
   * refused, and what A answers is decided again from the new tip.
   */
  async function staleWriter(url: string, rivals: ReadonlyArray<[string, string]>) {
    const store = new RemoteStore(new Git(await clone(url)), 'origin')
    const apply = store.refs.apply.bind(store.refs)
    const outcomes: string[] = []
    store.refs.apply = async changes => {
      if (outcomes.length === 0)
        for (const [runId, key] of rivals)
          expect(
            await admit(new RemoteStore(new Git(await clone(url)), 'origin'), {
              namespace: NS,
              first_record: first(runId, key)
            })
          ).toMatchObject({ created: true })
      const outcome = await apply(changes)
      outcomes.push(outcome)
      return outcome
    }
    return { store, outcomes }
  }

  it('the same key admitted meanwhile: the stale push is refused and A answers exists, not owner', async () => {
    const remote = await makeBareRemote()
    const [mine, other] = (await keysInBuckets(['c4'], { count: 2, prefix: 'stale' })) as [
      string,
      string
    ]
    const { store, outcomes } = await staleWriter(remote.url, [
      ['other-key', other],
      ['same-key', mine]
    ])
    const result = await admit(store, { namespace: NS, first_record: first('stale', mine) })
    expect(outcomes).toEqual(['stale'])
    expect(result).toMatchObject({ created: false, recorded: false, owner: false })
    expect(result.admission.run_id).toBe('same-key')
    const held = await refsUnder(remote.dir)
    expect(Object.keys(held).sort()).toEqual(
      [
        admissionRef(NS, mine),
        admissionRef(NS, other),
        ledgerRef(NS, 'same-key'),
        ledgerRef(NS, 'other-key')
      ].sort()
    )
    expect(await entryAt(remote.dir, admissionRef(NS, mine))).toMatchObject({ run_id: 'same-key' })
  })

  it('only other keys moved the bucket: A plans again from the new tip and lands, losing none', async () => {
    const remote = await makeBareRemote()
    const [mine, other, third] = (await keysInBuckets(['c4'], {
      count: 3,
      prefix: 'stale'
    })) as [string, string, string]
    const { store, outcomes } = await staleWriter(remote.url, [
      ['other-key', other],
      ['third-key', third]
    ])
    const result = await admit(store, { namespace: NS, first_record: first('mine', mine) })
    expect(outcomes).toEqual(['stale', 'applied'])
    expect(result).toMatchObject({ created: true, owner: true })
    const held = await refsUnder(remote.dir)
    for (const [runId, key] of [
      ['mine', mine],
      ['other-key', other],
      ['third-key', third]
    ] as const) {
      expect(await entryAt(remote.dir, admissionRef(NS, key))).toMatchObject({ run_id: runId })
      expect(held[ledgerRef(NS, runId)]).toBeDefined()
    }
    expect((await refKinds(remote.dir)).index).toBe(1)
  })
})

describe('a plan that keeps needing buckets', () => {
  it('stops after a bound, naming the write, and writes nothing', async () => {
    const dir = await makeRepo()
    const store = new LocalStore(new Git(dir))
    let asked = 0
    // A backend that never holds the bucket a plan needs: each round asks for it again.
    store.refs.has = () => {
      asked++
      return false
    }
    const error = await admit(store, {
      namespace: NS,
      first_record: first('never', 'k-never')
    }).catch(e => e as Error)
    expect(error).toBeInstanceOf(StoreError)
    expect((error as Error).message).toMatch(/kept needing index buckets .* nothing was written/)
    expect(asked).toBe(8)
    expect(await refsUnder(dir)).toEqual({})
  })
})

describe('bounded refs', () => {
  it('120 admissions that never end, with archive-after 0, leave only index and archive refs', async () => {
    const dir = await makeRepo()
    const store = new LocalStore(new Git(dir), { archiveAfterSeconds: 0 })
    for (let i = 0; i < 120; i++)
      await admit(store, { namespace: NS, first_record: first(`r${i}`, `key-${i}`) })
    const kinds = await refKinds(dir)
    expect(Object.keys(kinds).sort()).toEqual(['archive', 'index'])
    expect((kinds.index ?? 0) + (kinds.archive ?? 0)).toBeLessThanOrEqual(512)
    expect(Object.keys(await refsUnder(dir)).filter(r => r.includes('/admissions/'))).toHaveLength(
      120
    )
  })
})

describe('one layout at a time', () => {
  it('a namespace holding layout v1 refs is refused, naming it, and nothing is written', async () => {
    const dir = await makeRepo()
    const oid = (
      await git(dir, 'commit-tree', '4b825dc642cb6eb9a060e54bf8d69288fbee4904', '-m', 'v1')
    ).trim()
    await git(dir, 'update-ref', `${NS}/admissions/${'a'.repeat(64)}`, oid)
    const before = await physicalRefs(dir)
    const error = await admit(new LocalStore(new Git(dir)), {
      namespace: NS,
      first_record: first('v2', 'k-v2')
    }).catch(e => e as Error)
    expect(error).toBeInstanceOf(StoreError)
    expect((error as Error).message).toMatch(/holds refs of layout v1/)
    expect(await physicalRefs(dir)).toEqual(before)
  })
})
