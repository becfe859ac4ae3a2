/**
 * verify (docs/design/writers.md#what-a-writer-of-the-repository-can-still-do): an intact
 * namespace — live, archived, revived, generation and operation chains — has no problem; each
 * tampering a writer of the repository can make is one problem, named where it is; verify
 * never writes; and its git processes do not grow with the number of runs. Against real git:
 * the local store, and a bare origin over file:// and smart HTTP.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { operationJournal, prepared, following } from '../../src/commands/operationJournal.js'
import { recordCommand } from '../../src/commands/record.js'
import { verifyNamespace, type VerifyReport } from '../../src/commands/verify.js'
import { intentDigest } from '../../src/core/effect/operation.js'
import { entryLocation } from '../../src/core/index/location.js'
import { admissionRef, keyHash, ledgerRef } from '../../src/core/refs.js'
import { encodeIndexEntry } from '../../src/core/index/entry.js'
import { bucketOf, indexRef } from '../../src/core/index/layout.js'
import { editIndex } from '../../testkit/layout.js'
import { sha256Hex } from '../../src/core/canonical.js'
import { Git } from '../../src/store/git.js'
import type { LayoutOptions } from '../../src/store/index/indexedStore.js'
import { LocalStore } from '../../src/store/localStore.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import { arbiter, closeServers, type Arbiter, type Transport } from '../support/arbiter.js'
import type { Store } from '../../src/store/store.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { LABELED_KEY } from '../support/events.js'
import { admitByName, arrive, end, NS, READDED, runIdOf } from '../support/generations.js'
import { makeIntent, OP_ID } from '../support/operations.js'
import {
  cleanupRepos,
  entryAt,
  git,
  headOf,
  makeRepo,
  setLogical,
  writeObject
} from '../support/repo.js'

afterAll(cleanupRepos)

afterAll(closeServers)

const ARCHIVE_NOW: LayoutOptions = { archiveAfterSeconds: 0 }
const ADM = admissionRef(NS, LABELED_KEY)
const KEY_HASH = keyHash(LABELED_KEY)
const BUCKET = indexRef(NS, bucketOf(KEY_HASH))
const RUN = ledgerRef(NS, runIdOf(501))
const CLOCK = { now: () => new Date('2026-11-29T12:00:05Z') }

async function step(store: Store, runId: string, state: string, fields: unknown = {}) {
  await recordCommand(
    {
      namespace: NS,
      run_id: runId,
      state,
      fields,
      event: { name: 'workflow_dispatch', payload: {} },
      writer: null
    },
    { store, clock: { now: () => new Date('2026-11-29T12:01:00Z') } }
  )
}

const NOT_SUBMITTED = {
  provider: { driver: 'fake', submission_state: 'not_submitted', external_ids: {} }
}
const SUBMITTED = { provider: { driver: 'fake', submission_state: 'submitted', external_ids: {} } }

/**
 * A run archived twice and revived (admission and first append with archive-after 0, then an
 * append with 1h): its archive keeps two older heads its live chain contains.
 */
async function revivedRun(a: Arbiter, runId = 'run-revived'): Promise<string> {
  await admitByName(await a.open(ARCHIVE_NOW), `v1/revived/${runId}`, runId)
  await step(await a.open(ARCHIVE_NOW), runId, 'dispatched', NOT_SUBMITTED)
  await step(await a.open(), runId, 'dispatched', SUBMITTED)
  return ledgerRef(NS, runId)
}

/** An effect's operation: prepared while live, then a send recorded and archived at once. */
async function operation(a: Arbiter): Promise<void> {
  const by = { writer: null, clock: CLOCK }
  const intent = makeIntent('release')
  const live = operationJournal(await a.open(), NS, OP_ID)
  await live.create(
    prepared(by, { operation_id: OP_ID, intent, intent_digest: intentDigest(intent) })
  )
  const archived = operationJournal(await a.open(ARCHIVE_NOW), NS, OP_ID)
  await archived.reload()
  await archived.append(following(archived, by, { state: 'may_have_been_sent', send: 1 }))
}

/** Every ref the arbiter holds, with what it points at and any symbolic target. */
function refsAt(dir: string): string {
  return execFileSync('git', ['for-each-ref', '--format=%(refname) %(objectname) %(symref)'], {
    cwd: dir
  }).toString()
}

async function verified(a: Arbiter): Promise<VerifyReport> {
  return verifyNamespace({ namespace: NS }, { store: await a.open() })
}

const TRANSPORTS: Transport[] = ['local', 'file://', 'smart HTTP']

describe.each(TRANSPORTS)('verify over %s', transport => {
  it('an intact namespace (live, archived, revived, generation and operation chains) has no problem, and verify writes nothing', async () => {
    const a = await arbiter(transport)
    await arrive(await a.open(), 501, undefined) // generation 1, live
    await end(await a.open(), runIdOf(501)) // ended: archived, the key's end marker
    await arrive(await a.open(), 502, READDED, { now: new Date(READDED) }) // generation 2, live
    await admitByName(await a.open(ARCHIVE_NOW), 'v1/other/key', 'run-b') // archived at once
    await end(await a.open(), 'run-b') // ended: its key's end marker
    await revivedRun(a)
    await operation(a)
    const before = refsAt(a.dir)
    const report = await verified(a)
    expect(report.problems).toEqual([])
    expect(report.unverified).toBeUndefined()
    expect(report.counts).toMatchObject({
      keys: 3,
      admissions: 4,
      runs: 4,
      operations: 1,
      end_markers: 1
    })
    // The ended run's head, run-b's two, the revived run's two and the operation's send.
    expect(report.counts.archived_heads).toBe(6)
    expect(refsAt(a.dir)).toBe(before)
  })

  const ROWS: Array<{
    name: string
    tamper(a: Arbiter): Promise<void>
    where: string
    says: RegExp
    /** What else the report says (the rest verified, or why it could not be). */
    also?: (report: VerifyReport) => void
  }> = [
    {
      name: 'a deleted live ledger ref',
      async tamper(a) {
        await arrive(await a.open(), 501, undefined)
        await git(a.dir, 'update-ref', '-d', RUN)
      },
      where: entryLocation(ADM),
      says: /the ledger it names .* does not exist/
    },
    {
      name: 'a live ledger ref rewound behind the head its archive holds',
      async tamper(a) {
        const ref = await revivedRun(a)
        const first = (await git(a.dir, 'rev-list', '--max-parents=0', ref)).trim()
        await git(a.dir, 'update-ref', ref, first)
      },
      where: ledgerRef(NS, 'run-revived'),
      says: /behind the head its archive holds/
    },
    {
      name: 'a symbolic ref under the namespace',
      async tamper(a) {
        await git(a.dir, 'symbolic-ref', `${NS}/runs/${sha256Hex('ghost')}`, 'refs/heads/main')
      },
      where: `${NS}/runs/${sha256Hex('ghost')}`,
      // What is true of one made on the server: a client cannot see it before it writes.
      says: /symbolic ref \(to refs\/heads\/main\).* one made on the server .* may have been written through: the writing commands do not ask the server which refs are symbolic/
    },
    {
      name: 'an orphan ledger (its admission removed)',
      async tamper(a) {
        await setLogical(a.dir, ADM, null)
      },
      where: RUN,
      says: /is an orphan/
    },
    {
      name: 'a forged admission naming another run',
      async tamper(a) {
        const own = (await entryAt(a.dir, ADM)) as Record<string, unknown>
        const forged = { ...own, run_id: 'run-b', ledger_ref: ledgerRef(NS, 'run-b') }
        const { admissionCommit, encodeCommit } = await import('../../src/core/entry.js')
        const { canonicalJson } = await import('../../src/core/canonical.js')
        const bytes = encodeCommit({
          ...admissionCommit(forged as never),
          json: canonicalJson(forged)
        })
        await setLogical(a.dir, ADM, writeObject(a.dir, 'commit', bytes))
      },
      where: entryLocation(ADM),
      says: /is a run of another dispatch key/
    },
    {
      name: 'a garbage admission',
      async tamper(a) {
        await setLogical(a.dir, ADM, writeObject(a.dir, 'blob', 'garbage'))
      },
      where: entryLocation(ADM),
      says: /not an admission commit/
    },
    {
      name: "an end marker that records another head than its key's ledger ends at",
      async tamper(a) {
        await end(await a.open(), runIdOf(501))
        const first = (await git(a.dir, 'rev-list', '--max-parents=0', await headOf(a.dir, RUN)))
          .trim()
          .split('\n')[0] as string
        const marker = encodeIndexEntry({ ref: RUN, head: first, ended: true, written_at: 1 })
        await editIndex(a.dir, BUCKET, new Map([[`ended/${KEY_HASH}`, Buffer.from(marker)]]))
      },
      where: `${BUCKET}:ended/${KEY_HASH}`,
      says: /records the end at [0-9a-f]{40}, but the ledger .* ends at/
    },
    {
      name: 'a ref of layout v1',
      async tamper(a) {
        const main = (await git(a.dir, 'rev-parse', 'refs/heads/main')).trim()
        await git(a.dir, 'update-ref', `${NS}/admissions/${'e'.repeat(64)}`, main)
      },
      where: `${NS}/admissions/${'e'.repeat(64)}`,
      says: /layout v1/,
      also: report => expect(report.unverified).toMatch(/holds refs of layout v1/)
    },
    {
      name: 'a name no writer makes',
      async tamper(a) {
        const main = (await git(a.dir, 'rev-parse', 'refs/heads/main')).trim()
        await git(a.dir, 'update-ref', `${NS}/stray/thing`, main)
      },
      where: `${NS}/stray/thing`,
      says: /not a name dispatch-ledger writes/,
      also: report => expect(report.counts).toMatchObject({ runs: 2, admissions: 2 })
    }
  ]

  it.each(ROWS)('$name: one problem, named where it is', async row => {
    const a = await arbiter(transport)
    // Every row starts from an intact namespace of two keys (the second one's run is run-b).
    await arrive(await a.open(), 501, undefined)
    await admitByName(await a.open(), 'v1/other/key', 'run-b')
    expect((await verified(a)).problems).toEqual([])
    await row.tamper(a)
    const before = refsAt(a.dir)
    const report = await verified(a)
    expect(report.problems).toEqual([
      { where: row.where, problem: expect.stringMatching(row.says) }
    ])
    row.also?.(report)
    expect(refsAt(a.dir)).toBe(before)
  })
})

describe('verify in a clone a writer used', () => {
  /** Two run ids whose ledgers share a bucket, so that they share its archive ref. */
  function sameBucket(): [string, string] {
    const seen = new Map<string, string>()
    for (let i = 0; ; i++) {
      const runId = `run-shared-${i}`
      const bucket = sha256Hex(runId).slice(0, 2)
      const other = seen.get(bucket)
      if (other) return [other, runId]
      seen.set(bucket, runId)
    }
  }

  it('reads the archives whole though that writer fetched their tips shallow', async () => {
    const a = await arbiter('file://')
    const [first, second] = sameBucket()
    await admitByName(await a.open(ARCHIVE_NOW), `v1/shallow/${first}`, first)
    // This writer extends the archive another job wrote: it fetched that tip shallow.
    const writer = await a.open(ARCHIVE_NOW)
    await admitByName(writer, `v1/shallow/${second}`, second)
    const clone = (writer as RemoteStore).git.cwd
    expect((await git(clone, 'rev-parse', '--is-shallow-repository')).trim()).toBe('true')
    const report = await verifyNamespace({ namespace: NS }, { store: writer })
    expect(report.problems).toEqual([])
    expect(report.counts).toMatchObject({ runs: 2, archived_heads: 2 })
  })
})

describe('the cost of verify', () => {
  /** A local repository holding `count` runs, every other one archived. */
  async function holding(count: number): Promise<string> {
    const dir = await makeRepo()
    for (let i = 0; i < count; i++)
      await admitByName(
        new LocalStore(new Git(dir), i % 2 === 0 ? ARCHIVE_NOW : {}),
        `v1/cost/${i}`,
        `run-${i}`
      )
    return dir
  }

  async function processes(open: () => Promise<{ store: Store; git: Git }>) {
    const { store, git: g } = await open()
    const report = await verifyNamespace({ namespace: NS }, { store })
    expect(report.problems).toEqual([])
    return { spawned: g.spawned, runs: report.counts.runs }
  }

  it('is the same number of git processes for 10 and 100 runs, locally and over file://', async () => {
    const small = await holding(10)
    const large = await holding(100)
    const local = (dir: string) => async () => {
      const g = new Git(dir)
      return { store: new LocalStore(g) as Store, git: g }
    }
    const remote = (dir: string) => async () => {
      const bare = await makeBareRemote()
      await git(dir, 'push', '-q', bare.url, `${NS}/*:${NS}/*`)
      const clone = await makeRepo()
      await git(clone, 'remote', 'add', 'origin', bare.url)
      const g = new Git(clone)
      return { store: new RemoteStore(g, 'origin') as Store, git: g }
    }
    for (const via of [local, remote]) {
      const ten = await processes(via(small))
      const hundred = await processes(via(large))
      expect([ten.runs, hundred.runs]).toEqual([10, 100])
      expect(hundred.spawned).toBe(ten.spawned)
      expect(ten.spawned).toBeLessThanOrEqual(12)
    }
  }, 120_000)
})
