import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { admit } from '../../src/commands/admit.js'
import { readRun } from '../../src/commands/readRun.js'
import { appendRecord } from '../../src/commands/record.js'
import { digestOf } from '../../src/core/canonical.js'
import { admissionCommit } from '../../src/core/entry.js'
import { AdmissionConflict, LostRace, StoreError } from '../../src/core/errors.js'
import { newRecord } from '../../src/core/newRecord.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { admissionRef, ledgerRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import { PROJECT_ROOT, runAction } from '../../scripts/runner.js'
import {
  makeBareRemote,
  startGitHttpServer,
  type GitHttpServer
} from '../../testkit/gitHttpServer.js'
import {
  cleanupRepos,
  git,
  makeRepo,
  refsUnder,
  physicalRefs,
  setLogical,
  entryAt,
  headOf
} from '../support/repo.js'
import { ALL_BUCKETS, fillIndex, keysInBuckets } from '../../testkit/layout.js'

const NS = 'refs/dispatch-ledger'
const KEY = 'v1/issues/123456789/42/labeled/agent:run'
const DIGEST = digestOf({ scheme: 'v1', n: 42 })
const ADMISSION = admissionRef(NS, KEY)

afterAll(cleanupRepos)

function first(runId: string, digest = DIGEST): LedgerRecord {
  return newRecord({
    run_id: runId,
    ledger_sequence: 1,
    previous_record_digest: null,
    state: 'admitted',
    occurred_at: '2026-11-29T12:00:00Z',
    trigger: 'issue',
    actor: null,
    writer: null,
    dispatch_key: KEY,
    request_digest: digest
  })
}

/** A fresh clone (its own workflow job) with origin pointing at url. */
async function clone(url: string): Promise<string> {
  const dir = await makeRepo()
  await git(dir, 'remote', 'add', 'origin', url)
  return dir
}

const storeIn = (dir: string) => new RemoteStore(new Git(dir), 'origin')

let server: GitHttpServer
beforeAll(async () => {
  server = await startGitHttpServer()
})
afterAll(async () => server.close())

async function remoteRefs(bare: string) {
  return refsUnder(bare)
}

describe.each([
  [
    'smart HTTP',
    async () => ({
      url: server.url,
      bare: server.bareDir,
      reset: async () => resetBare(server.bareDir)
    })
  ],
  [
    'file://',
    async () => {
      const remote = await makeBareRemote()
      return { url: remote.url, bare: remote.dir, reset: async () => resetBare(remote.dir) }
    }
  ]
])(
  'every row of docs/design/storage.md#admission through the remote over %s',
  (_name, makeRemote) => {
    let url: string
    let bare: string
    let reset: () => Promise<void>
    beforeAll(async () => {
      ;({ url, bare, reset } = await makeRemote())
    })

    it('first arrival: created on the remote, local refs follow', async () => {
      await reset()
      const dir = await clone(url)
      const result = await admit(storeIn(dir), { namespace: NS, first_record: first('run-a') })
      expect(result).toMatchObject({ created: true, recorded: true, owner: true })
      const held = await remoteRefs(bare)
      expect(Object.keys(held).sort()).toEqual([ADMISSION, ledgerRef(NS, 'run-a')].sort())
      expect(await refsUnder(dir)).toEqual(held)
      await git(bare, 'fsck', '--strict', '--no-dangling')
    })

    it('exact replay from another clone: nothing written', async () => {
      await reset()
      await admit(storeIn(await clone(url)), { namespace: NS, first_record: first('run-a') })
      const before = await remoteRefs(bare)
      const dir = await clone(url)
      const replay = await admit(storeIn(dir), { namespace: NS, first_record: first('run-a') })
      expect(replay).toMatchObject({ created: false, recorded: false, owner: true })
      expect(replay.chain?.map(e => e.value.state)).toEqual(['admitted'])
      expect(await remoteRefs(bare)).toEqual(before)
      expect(await refsUnder(dir)).toEqual(before)
    })

    it('duplicate from another run: the first run, no second ledger', async () => {
      await reset()
      await admit(storeIn(await clone(url)), { namespace: NS, first_record: first('run-a') })
      const before = await remoteRefs(bare)
      const dup = await admit(storeIn(await clone(url)), {
        namespace: NS,
        first_record: first('run-b')
      })
      expect(dup).toMatchObject({ created: false, owner: false })
      expect(dup.admission.run_id).toBe('run-a')
      expect(await remoteRefs(bare)).toEqual(before)
    })

    it('same key, different digest: conflict, nothing written', async () => {
      await reset()
      await admit(storeIn(await clone(url)), { namespace: NS, first_record: first('run-a') })
      const before = await remoteRefs(bare)
      await expect(
        admit(storeIn(await clone(url)), {
          namespace: NS,
          first_record: first('run-b', digestOf('other'))
        })
      ).rejects.toBeInstanceOf(AdmissionConflict)
      expect(await remoteRefs(bare)).toEqual(before)
    })

    it('admission without ledger: the same run completes it, another run never does', async () => {
      await reset()
      const writer = await clone(url)
      const store = storeIn(writer)
      const admission = {
        schema: 'dispatch-ledger/admission/v1' as const,
        dispatch_key: KEY,
        request_digest: DIGEST,
        run_id: 'run-a',
        ledger_ref: ledgerRef(NS, 'run-a'),
        admitted_at: '2026-11-29T11:00:00Z'
      }
      const [oid] = await store.writeEntries([admissionCommit(admission)])
      // An admission with no ledger, as a crash of an older writer or a hand edit leaves it.
      await git(writer, 'push', 'origin', `${oid}:refs/scratch/admission`)
      await setLogical(bare, ADMISSION, oid as string)
      // Another run is never handed a run id whose chain it cannot verify: it fails closed.
      const other = admit(storeIn(await clone(url)), {
        namespace: NS,
        first_record: first('run-b')
      })
      await expect(other).rejects.toThrow(
        /admits run "run-a", but the ledger it names .* does not exist/
      )
      expect(Object.keys(await remoteRefs(bare))).toEqual([ADMISSION])
      const same = await admit(storeIn(await clone(url)), {
        namespace: NS,
        first_record: first('run-a')
      })
      expect(same).toMatchObject({ created: false, recorded: true, owner: true })
      expect(Object.keys(await remoteRefs(bare)).sort()).toEqual(
        [ADMISSION, ledgerRef(NS, 'run-a')].sort()
      )
    })

    it('two appenders racing from two clones: one wins, the other lost the race, no fork', async () => {
      await reset()
      await admit(storeIn(await clone(url)), { namespace: NS, first_record: first('run-a') })
      const [a, b] = [storeIn(await clone(url)), storeIn(await clone(url))]
      const selector = { by: 'run_id' as const, run_id: 'run-a' }
      const [chainA, chainB] = [
        (await readRun(a, NS, selector)).chain,
        (await readRun(b, NS, selector)).chain
      ]
      const base = {
        ledger_ref: ledgerRef(NS, 'run-a'),
        occurred_at: '2026-11-29T12:01:00Z',
        trigger: 'system' as const,
        actor: null,
        writer: null
      }
      const results = await Promise.allSettled([
        appendRecord(a, { ...base, state: 'dispatched', fields: { note: 'a' } }, chainA),
        appendRecord(b, { ...base, state: 'cancelled', fields: { note: 'b' } }, chainB)
      ])
      expect(results.filter(r => r.status === 'fulfilled')).toHaveLength(1)
      const reason = (results.find(r => r.status === 'rejected') as PromiseRejectedResult).reason
      expect(String(reason)).toMatch(/Another writer appended/)
      expect(reason).toBeInstanceOf(LostRace)
      expect(
        (await git(bare, 'rev-list', '--count', await headOf(bare, ledgerRef(NS, 'run-a')))).trim()
      ).toBe('2')
    })
  }
)

async function resetBare(bare: string): Promise<void> {
  const refs = Object.keys(await physicalRefs(bare))
  for (const ref of refs) await git(bare, 'update-ref', '-d', ref)
}

describe('the origin as arbiter over smart HTTP, through the bundled action', () => {
  const event = async () =>
    JSON.parse(await readFile(join(PROJECT_ROOT, 'examples/events/issues-labeled.json'), 'utf8'))

  it('16 concurrent workflow runs in 16 clones: one created, one run on the remote', async () => {
    await resetBare(server.bareDir)
    const clones = await Promise.all(Array.from({ length: 16 }, () => clone(server.url)))
    const payload = await event()
    const results = await Promise.all(
      clones.map((workspace, i) =>
        runAction({ workspace, eventName: 'issues', event: payload, runId: 3000 + i })
      )
    )
    for (const result of results) expect(result.code).toBe(0)
    expect(results.every(r => r.outputs.store === 'origin')).toBe(true)
    expect(results.filter(r => r.outputs.created === 'true')).toHaveLength(1)
    expect(new Set(results.map(r => r.outputs.run_id)).size).toBe(1)
    const held = Object.keys(await refsUnder(server.bareDir))
    expect(held.filter(r => r.includes('/admissions/'))).toHaveLength(1)
    expect(held.filter(r => r.includes('/runs/'))).toHaveLength(1)
  })

  it('a connection dropped after a completed push is attributed by object id: created once', async () => {
    await resetBare(server.bareDir)
    const dir = await clone(server.url)
    server.dropAfterPush(1)
    const result = await admit(storeIn(dir), { namespace: NS, first_record: first('run-a') })
    expect(result.created).toBe(true)
    const held = await refsUnder(server.bareDir)
    expect(held[ADMISSION]).toBe((await refsUnder(dir))[ADMISSION])
    // Another clone replaying the same run finds it, and nothing is created twice.
    const replay = await admit(storeIn(await clone(server.url)), {
      namespace: NS,
      first_record: first('run-a')
    })
    expect(replay).toMatchObject({ created: false, owner: true })
    expect(await refsUnder(server.bareDir)).toEqual(held)
  })

  it('a dropped append is attributed too', async () => {
    await resetBare(server.bareDir)
    const dir = await clone(server.url)
    const store = storeIn(dir)
    await admit(store, { namespace: NS, first_record: first('run-a') })
    const { chain } = await readRun(store, NS, { by: 'run_id', run_id: 'run-a' })
    server.dropAfterPush(1)
    const base = {
      ledger_ref: ledgerRef(NS, 'run-a'),
      occurred_at: '2026-11-29T12:01:00Z',
      trigger: 'system' as const,
      actor: null,
      writer: null
    }
    const appended = await appendRecord(store, { ...base, state: 'cancelled', fields: {} }, chain)
    expect((await refsUnder(server.bareDir))[ledgerRef(NS, 'run-a')]).toBe(appended.record.oid)
  })

  it('push processes killed mid-way: no step reports created without its object on the remote', async () => {
    await resetBare(server.bareDir)
    const payload = await event()
    const reports: Array<{ created: string | undefined; run: string | undefined }> = []
    for (let i = 0; i < 6; i++) {
      const workspace = await clone(server.url)
      const killed = await runAction({
        workspace,
        eventName: 'issues',
        event: payload,
        runId: 4000,
        killAfterMs: 150 + i * 40,
        killGroup: true
      })
      reports.push({ created: killed.outputs.created, run: killed.outputs.run_id })
    }
    // A re-run after all those kills settles it.
    const settled = await runAction({
      workspace: await clone(server.url),
      eventName: 'issues',
      event: payload,
      runId: 4000
    })
    expect(settled.code).toBe(0)
    expect(settled.outputs.owner).toBe('true')
    const held = await refsUnder(server.bareDir)
    expect(Object.keys(held)).toHaveLength(2)
    const created = [
      ...reports,
      { created: settled.outputs.created, run: settled.outputs.run_id }
    ].filter(r => r.created === 'true')
    expect(created.length).toBeLessThanOrEqual(1)
    // Whoever reported created did so having seen its admission on the remote.
    const admission = (await entryAt(server.bareDir, ADMISSION)) as { run_id: string }
    for (const report of created) expect(admission.run_id).toBe(report.run)
  })

  it('403 on push: the step fails naming the permission, and claims nothing', async () => {
    await resetBare(server.bareDir)
    server.refuseWrites(true)
    try {
      const result = await runAction({
        workspace: await clone(server.url),
        eventName: 'issues',
        event: await event(),
        runId: 5000
      })
      expect(result.code).toBe(1)
      expect(result.errors.join('\n')).toMatch(/permissions: contents: write/)
      expect(result.outputs.created).toBeUndefined()
      expect(await refsUnder(server.bareDir)).toEqual({})
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/ghp_|x-access-token:[^*]/)
    } finally {
      server.refuseWrites(false)
    }
  })

  it('credentials in the remote URL and the token input never reach the log', async () => {
    await resetBare(server.bareDir)
    const secret = 'ghs_SECRETtoken1234567890'
    const url = server.url.replace('http://', `http://x-access-token:${secret}@`)
    const workspace = await clone(url)
    const payload = await event()
    // Admitted while writes are allowed; then the dispatch step (which takes a token) is refused.
    expect(
      (await runAction({ workspace, eventName: 'issues', event: payload, runId: 5001 })).code
    ).toBe(0)
    server.refuseWrites(true)
    try {
      const result = await runAction({
        action: 'dispatch',
        workspace,
        eventName: 'issues',
        event: payload,
        runId: 5001,
        with: { token: secret, driver: 'command', run: 'true' }
      })
      expect(result.code).toBe(1)
      // The runner masks what add-mask names; nothing else may carry the secret.
      expect(result.stdout).toContain(`::add-mask::${secret}`)
      const unmasked = `${result.stdout.replace(`::add-mask::${secret}`, '')}${result.stderr}${result.summary}`
      expect(unmasked).not.toContain(secret)
    } finally {
      server.refuseWrites(false)
    }
  })

  it('ACT=true and remote: none never touch the remote', async () => {
    await resetBare(server.bareDir)
    const payload = await event()
    server.resetCounts()
    const act = await runAction({
      workspace: await clone(server.url),
      eventName: 'issues',
      event: payload,
      runId: 6000,
      env: { ACT: 'true' }
    })
    const none = await runAction({
      workspace: await clone(server.url),
      eventName: 'issues',
      event: payload,
      runId: 6001,
      with: { remote: 'none' }
    })
    expect([act.outputs.store, none.outputs.store]).toEqual(['local', 'local'])
    expect([act.outputs.created, none.outputs.created]).toEqual(['true', 'true'])
    expect(server.counts().total).toBe(0)
  })

  it('a remote holding 10,000 unrelated admissions: an admission fetches only its own buckets, with as many requests', async () => {
    // Layout v2: every bucket exists in both remotes (one key each in the sparse one, about 40
    // in the crowded one), so the only difference is how many keys the buckets hold.
    const empty = await startGitHttpServer()
    const crowded = await startGitHttpServer()
    try {
      for (const [srv, count] of [
        [empty, 0],
        [crowded, 10_000]
      ] as const) {
        const seed = await clone(srv.url)
        const [oid] = await storeIn(seed).writeEntries([
          admissionCommit({
            schema: 'dispatch-ledger/admission/v1',
            dispatch_key: 'seed',
            request_digest: DIGEST,
            run_id: 'seed',
            ledger_ref: ledgerRef(NS, 'seed'),
            admitted_at: '2026-11-29T10:00:00Z'
          })
        ])
        const text = Buffer.from(await git(seed, 'cat-file', 'commit', oid as string))
        const sparse = await keysInBuckets(ALL_BUCKETS, { count: 1, prefix: 'sparse' })
        await fillIndex(srv.bareDir, NS, {
          count: sparse.length,
          admission: text,
          key: i => sparse[i] as string
        })
        if (count > 0)
          await fillIndex(srv.bareDir, NS, {
            count,
            admission: text,
            key: i => `key-${digestOf(i)}`
          })
        await git(srv.bareDir, 'pack-refs', '--all')
      }

      const counts: Record<
        string,
        { total: number; fetches: number; pushes: number; refs: number }
      > = {}
      for (const [name, srv] of [
        ['empty', empty],
        ['crowded', crowded]
      ] as const) {
        for (const [role, runId] of [
          ['winner', 'run-a'],
          ['loser', 'run-b']
        ] as const) {
          const dir = await clone(srv.url)
          srv.resetCounts()
          await admit(storeIn(dir), { namespace: NS, first_record: first(runId) })
          const c = srv.counts()
          counts[`${name} ${role}`] = {
            total: c.total,
            fetches: c.fetches,
            pushes: c.pushes,
            // Refs as git holds them: the key's index bucket, and the winner's live ledger.
            refs: Object.keys(await physicalRefs(dir, 'refs/')).length
          }
        }
      }
      expect(counts['crowded winner']).toEqual(counts['empty winner'])
      expect(counts['crowded loser']).toEqual(counts['empty loser'])
      // The key's bucket, the bucket of its ledger's name, and the live ledger.
      expect(counts['crowded winner']?.refs).toBe(3)
      // The loser fetches the key's bucket it lost in and the bucket its ledger's name would
      // take (both in its one fetch); its own ledger never existed. It then reads the winner's
      // ledger and that ledger's bucket: an admission is handed out only once the chain it
      // names is verified (docs/design/writers.md#every-entry-whole).
      expect(counts['crowded loser']?.refs).toBe(4)
      expect(counts['empty winner']?.pushes).toBe(1)
    } finally {
      await empty.close()
      await crowded.close()
    }
  })
})

describe('remote selection', () => {
  it('a named remote that does not exist is a clear error', async () => {
    const dir = await makeRepo()
    const result = await runAction({
      workspace: dir,
      eventName: 'issues',
      event: {},
      with: { remote: 'upstream', 'dispatch-key': 'k' }
    })
    expect(result.code).toBe(1)
    expect(result.errors.join('\n')).toMatch(/no remote named upstream/)
  })

  it('StoreError is what an unreachable remote gives', async () => {
    const dir = await clone('http://127.0.0.1:9/nothing.git')
    await expect(
      admit(storeIn(dir), { namespace: NS, first_record: first('run-a') })
    ).rejects.toBeInstanceOf(StoreError)
    expect(await refsUnder(dir)).toEqual({})
  })
})
