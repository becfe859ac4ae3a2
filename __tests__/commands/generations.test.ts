/**
 * docs/design/generations.md through the commands against real git: a key's run ends, then the original event is
 * redelivered (a duplicate) or the label is re-added (a new request: generation 2). Locally
 * and through a smart-HTTP origin.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { admitCommand } from '../../src/commands/admit.js'
import { planCommand } from '../../src/commands/plan.js'
import { recordCommand } from '../../src/commands/record.js'
import { ADMISSION_SCHEMA } from '../../src/core/admission.js'
import { keyHash, admissionRef, ledgerRef } from '../../src/core/refs.js'
import { admissionCommit } from '../../src/core/entry.js'
import { CorruptEntry } from '../../src/core/errors.js'
import { entryLocation } from '../../src/core/index/location.js'
import { Git } from '../../src/store/git.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import type { Store } from '../../src/store/store.js'
import { exampleEvent, LABELED_KEY } from '../support/events.js'
import {
  arrive,
  end,
  labeled,
  local,
  NS,
  READDED,
  runIdOf,
  T0,
  ENDED,
  ADMITTED,
  ARCHIVE_AFTER,
  writer
} from '../support/generations.js'
import {
  makeBareRemote,
  startGitHttpServer,
  type GitHttpServer
} from '../../testkit/gitHttpServer.js'
import { runAction, withAction } from '../../scripts/runner.js'
import {
  cleanupRepos,
  entryAt,
  git,
  makeRepo,
  physicalRefs,
  refsUnder,
  setLogical,
  headOf
} from '../support/repo.js'
import { systemClock } from '../../src/commands/deps.js'

const ADM = admissionRef(NS, LABELED_KEY)

afterAll(cleanupRepos)

describe.each(ARCHIVE_AFTER)('generations in a local store, %s', (_name, layout) => {
  it('a redelivery of the original event after the run ended is a duplicate of generation 1, writing nothing', async () => {
    const { dir, store } = await local(layout)
    expect(await arrive(store(), 501, T0)).toMatchObject({ created: true, reason: 'first_arrival' })
    await end(store(), runIdOf(501))
    const before = await refsUnder(dir)
    const dup = await arrive(store(), 502, T0)
    expect(dup).toMatchObject({
      created: false,
      recorded: false,
      owner: false,
      reason: 'not_after_end'
    })
    expect(dup.admission).toMatchObject({ run_id: runIdOf(501), generation: 1 })
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('16 concurrent arrivals of the re-add open exactly one generation 2', async () => {
    const { dir, store } = await local(layout)
    await arrive(store(), 501, T0)
    await end(store(), runIdOf(501))
    // Each arrival its own store and git processes, racing on the same repository's refs.
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => arrive(store(), 800 + i, READDED))
    )
    const created = results.filter(r => r.created)
    expect(created).toHaveLength(1)
    const winner = created[0]?.admission.run_id as string
    for (const r of results) expect(r.admission).toMatchObject({ generation: 2, run_id: winner })
    expect(results.filter(r => r.owner)).toHaveLength(1)
    const refs = Object.keys(await refsUnder(dir))
    expect(refs.filter(ref => ref.includes('/admissions/')).sort()).toEqual([ADM, `${ADM}.g2`])
    expect(refs.filter(ref => ref.includes('/runs/')).sort()).toEqual(
      [ledgerRef(NS, runIdOf(501)), ledgerRef(NS, winner)].sort()
    )
  })

  it('the same label re-added after the run ended opens generation 2 with its own ledger', async () => {
    const { dir, store } = await local(layout)
    await arrive(store(), 501, T0)
    await end(store(), runIdOf(501))
    const gen1 = await refsUnder(dir)
    const again = await arrive(store(), 503, READDED, { now: new Date('2026-11-29T12:20:03Z') })
    expect(again).toMatchObject({
      created: true,
      recorded: true,
      owner: true,
      reason: 'new_generation'
    })
    expect(again.generation_ref).toBe(`${ADM}.g2`)
    const refs = await refsUnder(dir)
    // Generation 1 untouched; exactly two new refs: the .g2 admission and its own ledger.
    for (const [ref, oid] of Object.entries(gen1)) expect(refs[ref]).toBe(oid)
    expect(
      Object.keys(refs)
        .filter(ref => !(ref in gen1))
        .sort()
    ).toEqual([`${ADM}.g2`, ledgerRef(NS, runIdOf(503, 2))].sort())
    expect(await entryAt(dir, `${ADM}.g2`)).toMatchObject({
      schema: ADMISSION_SCHEMA,
      dispatch_key: LABELED_KEY,
      run_id: runIdOf(503, 2),
      ledger_ref: ledgerRef(NS, runIdOf(503, 2)),
      generation: 2,
      previous_run_id: runIdOf(501)
    })
    expect(await entryAt(dir, ledgerRef(NS, runIdOf(503, 2)))).toMatchObject({
      run_id: runIdOf(503, 2),
      ledger_sequence: 1,
      state: 'admitted'
    })
    // plan and record by dispatch key act on the newest generation.
    const plan = await planCommand(
      { namespace: NS, dispatch_key: LABELED_KEY, writer: null },
      { store: store(), clock: systemClock }
    )
    expect(plan).toMatchObject({ generation: 2, ledger_ref: ledgerRef(NS, runIdOf(503, 2)) })
    expect(plan.view.plan.action).toBe('dispatch')
    const recorded = await recordCommand(
      {
        namespace: NS,
        dispatch_key: LABELED_KEY,
        state: 'cancelled',
        event: { name: 'workflow_dispatch', payload: {} },
        writer: null
      },
      { store: store(), clock: { now: () => ENDED } }
    )
    expect(recorded.view.state.run_id).toBe(runIdOf(503, 2))
    expect(refs[ledgerRef(NS, runIdOf(501))]).toBe(
      (await refsUnder(dir))[ledgerRef(NS, runIdOf(501))]
    )
  })

  it('while generation N has not ended, any arrival is a duplicate of N', async () => {
    const { dir, store } = await local(layout)
    await arrive(store(), 501, T0)
    // Generation 1 running: even an event from after it began is a duplicate.
    expect(await arrive(store(), 502, READDED)).toMatchObject({
      created: false,
      owner: false,
      reason: 'not_terminal',
      admission: { generation: 1, run_id: runIdOf(501) }
    })
    await end(store(), runIdOf(501))
    await arrive(store(), 503, READDED)
    const before = await refsUnder(dir)
    // Generation 2 running: a yet later re-add, or the old event, is a duplicate of 2.
    for (const [run, at] of [
      [504, '2026-11-29T13:00:00Z'],
      [505, T0]
    ] as const)
      expect(await arrive(store(), run, at)).toMatchObject({
        created: false,
        owner: false,
        admission: { generation: 2, run_id: runIdOf(503, 2) }
      })
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('reuse: never, and after-cancelled after decided, open no generation; after-cancelled after cancelled does', async () => {
    const { dir, store } = await local(layout)
    await arrive(store(), 501, T0)
    await end(store(), runIdOf(501), 'decided')
    const before = await refsUnder(dir)
    expect(await arrive(store(), 503, READDED, { reuse: 'never' })).toMatchObject({
      created: false,
      reason: 'reuse_never'
    })
    expect(await arrive(store(), 504, READDED, { reuse: 'after-cancelled' })).toMatchObject({
      created: false,
      reason: 'not_cancelled'
    })
    expect(await refsUnder(dir)).toEqual(before)
    // The default opens generation 2 after decided; then after-cancelled follows a cancel.
    expect(await arrive(store(), 505, READDED)).toMatchObject({
      created: true,
      admission: { generation: 2 }
    })
    await end(store(), runIdOf(505, 2))
    expect(
      await arrive(store(), 506, '2026-11-29T12:30:00Z', { reuse: 'after-cancelled' })
    ).toMatchObject({
      created: true,
      admission: { generation: 3, previous_run_id: runIdOf(505, 2) }
    })
    await expect(arrive(store(), 507, READDED, { reuse: 'sometimes' })).rejects.toThrow(
      /reuse.*after-terminal, after-cancelled, never/
    )
  })

  it('events without an occurrence time never open a generation', async () => {
    const { dir, store } = await local(layout)
    const dispatch = {
      name: 'workflow_dispatch',
      payload: await exampleEvent('workflow_dispatch.json')
    }
    const once = (run: number) =>
      admitCommand(
        { namespace: NS, event: dispatch, writer: writer(run) },
        { store: store(), clock: { now: () => ADMITTED } }
      )
    const first = (await once(501)).result
    await end(store(), first?.admission.run_id as string)
    const before = await refsUnder(dir)
    expect((await once(502)).result).toMatchObject({ created: false, reason: 'no_occurrence_time' })
    // An issues event whose payload lost its updated_at is treated the same way.
    await arrive(store(), 601, T0, { dispatch_key: 'custom-key' })
    await end(store(), `gh-601-${keyHash('custom-key').slice(0, 12)}`)
    expect(await arrive(store(), 602, undefined, { dispatch_key: 'custom-key' })).toMatchObject({
      created: false,
      reason: 'no_occurrence_time'
    })
    const after = await refsUnder(dir)
    expect(Object.keys(after).filter(ref => !(ref in before)).length).toBe(2) // custom-key's gen 1
  })

  it("a re-run of generation 1's workflow run replays generation 1, even after generation 2 exists", async () => {
    const { dir, store } = await local(layout)
    await arrive(store(), 501, T0)
    await end(store(), runIdOf(501))
    await arrive(store(), 503, READDED)
    const before = await refsUnder(dir)
    // Re-runs keep GITHUB_RUN_ID and the original payload, and raise the attempt.
    const rerun1 = await arrive(store(), 501, T0, {
      attempt: 2,
      now: new Date('2026-11-29T14:00:00Z')
    })
    expect(rerun1).toMatchObject({ created: false, recorded: false, owner: true, reason: 'replay' })
    expect(rerun1.admission).toMatchObject({ generation: 1, run_id: runIdOf(501) })
    expect(rerun1.chain?.at(-1)?.value.state).toBe('cancelled')
    const rerun2 = await arrive(store(), 503, READDED, { attempt: 2 })
    expect(rerun2).toMatchObject({ owner: true, reason: 'replay', admission: { generation: 2 } })
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('a step selecting the run from the event goes on with its own generation, else the newest', async () => {
    const { store } = await local(layout)
    await arrive(store(), 501, T0)
    await end(store(), runIdOf(501))
    await arrive(store(), 503, READDED)
    const fromEvent = async (run: number, at: string) =>
      planCommand(
        {
          namespace: NS,
          event: { name: 'issues', payload: await labeled(at) },
          writer: writer(run, 2)
        },
        { store: store(), clock: systemClock }
      )
    expect(await fromEvent(501, T0)).toMatchObject({
      generation: 1,
      owner: true,
      selected_by: 'event'
    })
    expect(await fromEvent(503, READDED)).toMatchObject({ generation: 2, owner: true })
    expect(await fromEvent(777, READDED)).toMatchObject({ generation: 2, owner: false })
    // Named by dispatch key it is always the newest, whoever asks.
    const byKey = await planCommand(
      { namespace: NS, dispatch_key: LABELED_KEY, writer: writer(501, 2) },
      { store: store(), clock: systemClock }
    )
    expect(byKey).toMatchObject({ generation: 2, selected_by: 'dispatch_key' })
  })

  it('a changed request is compared within its generation only', async () => {
    const { store } = await local(layout)
    await arrive(store(), 501, T0)
    await end(store(), runIdOf(501))
    const next = await arrive(store(), 503, READDED, { request: { model: 'large' } })
    expect(next).toMatchObject({ created: true, admission: { generation: 2 } })
    expect(next.admission.request_digest).not.toBe(
      (await arrive(store(), 501, T0, { attempt: 2 })).admission.request_digest
    )
    // Within generation 2, a different request is a conflict, as in generation 1.
    const conflict = await admitCommand(
      {
        namespace: NS,
        event: { name: 'issues', payload: await labeled(READDED) },
        writer: writer(504)
      },
      { store: store(), clock: { now: () => ADMITTED } }
    )
    expect(conflict.conflict?.stored.run_id).toBe(runIdOf(503, 2))
  })

  it('an admission written before generations (v0.1) is generation 1', async () => {
    const { dir, store } = await local(layout)
    // The v0.1 shape, written as v0.1 wrote it: no generation, no previous_run_id.
    const s = store()
    const result = await arrive(s, 501, T0)
    const v01 = { ...result.admission } as Record<string, unknown>
    delete v01.generation
    delete v01.previous_run_id
    const [oid] = await s.writeEntries([admissionCommit(v01 as never)])
    await setLogical(dir, ADM, oid as string)
    await end(store(), runIdOf(501))
    const next = await arrive(store(), 503, READDED)
    expect(next).toMatchObject({
      created: true,
      admission: { generation: 2, previous_run_id: runIdOf(501) }
    })
    const plan = await planCommand(
      { namespace: NS, dispatch_key: LABELED_KEY, writer: null },
      { store: store(), clock: systemClock }
    )
    expect(plan.generation).toBe(2)
  })
})

describe('a broken generation listing fails closed, naming the ref, writing nothing', () => {
  async function threeGenerations() {
    const { dir, store } = await local()
    await arrive(store(), 501, T0)
    await end(store(), runIdOf(501))
    await arrive(store(), 503, READDED)
    await end(store(), runIdOf(503, 2))
    await arrive(store(), 504, '2026-11-29T12:40:00Z')
    await end(store(), runIdOf(504, 3))
    return { dir, store }
  }

  async function expectFailsClosed(dir: string, store: () => Store, ref: string, words: RegExp) {
    const before = await refsUnder(dir)
    for (const attempt of [
      () => arrive(store(), 601, '2026-11-29T15:00:00Z'),
      () =>
        planCommand(
          { namespace: NS, dispatch_key: LABELED_KEY, writer: null },
          { store: store(), clock: systemClock }
        )
    ]) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e
      )
      expect(error).toBeInstanceOf(CorruptEntry)
      // Named where it really is: the generation's path in its bucket, or (a write reading the
      // key whole) the key's directory there.
      const where = (error as CorruptEntry).where
      expect([entryLocation(ref), entryLocation(ADM).replace(/\/1$/, '')]).toContain(where)
      expect((error as Error).message).toContain(`git cat-file -p ${where}`)
      expect((error as Error).message).toMatch(words)
    }
    expect(await refsUnder(dir)).toEqual(before)
  }

  it('a gap: .g2 missing while .g3 is present', async () => {
    const { dir, store } = await threeGenerations()
    await setLogical(dir, `${ADM}.g2`, null)
    await expectFailsClosed(dir, store, `${ADM}.g3`, /generation 2 .*is missing/)
  })

  it('a previous_run_id that is not the run before it', async () => {
    const { dir, store } = await threeGenerations()
    const g3 = (await entryAt(dir, `${ADM}.g3`)) as Record<string, unknown>
    const [oid] = await store().writeEntries([
      admissionCommit({ ...(g3 as object), previous_run_id: runIdOf(501) } as never)
    ])
    await setLogical(dir, `${ADM}.g3`, oid as string)
    await expectFailsClosed(dir, store, `${ADM}.g3`, /previous_run_id is "gh-501-/)
  })

  it('a generation whose ledger_ref leads outside the namespace (docs/design/writers.md on a .g<N> ref)', async () => {
    const { dir, store } = await threeGenerations()
    const g3 = (await entryAt(dir, `${ADM}.g3`)) as Record<string, unknown>
    const evil = `refs/heads/evil/runs/${'0'.repeat(64)}`
    await setLogical(dir, evil, ledgerRef(NS, runIdOf(504, 3)))
    const [oid] = await store().writeEntries([
      admissionCommit({ ...(g3 as object), ledger_ref: evil } as never)
    ])
    await setLogical(dir, `${ADM}.g3`, oid as string)
    await expectFailsClosed(dir, store, `${ADM}.g3`, /is not the ledger of its run/)
    // Nothing was written through it: the branch still points where it did.
    expect((await git(dir, 'rev-parse', evil)).trim()).toBe(
      await headOf(dir, ledgerRef(NS, runIdOf(504, 3)))
    )
  })

  it('a name we never write beside the admission', async () => {
    const { dir, store } = await threeGenerations()
    await setLogical(dir, `${ADM}.g04`, `${ADM}.g3`)
    await expectFailsClosed(dir, store, `${ADM}.g04`, /not a generation/)
  })
})

describe('generations through a smart-HTTP origin', () => {
  let server: GitHttpServer
  beforeAll(async () => {
    server = await startGitHttpServer()
  })
  afterAll(async () => server.close())

  /** A fresh clone for each workflow job: the origin is the only shared state. */
  const job = async () => {
    const dir = await makeRepo()
    await git(dir, 'remote', 'add', 'origin', server.url)
    return new RemoteStore(new Git(dir), 'origin') as Store
  }

  it('redelivery → duplicate of generation 1 with no push; re-add → generation 2; 8 racing re-adds → one', async () => {
    await arrive(await job(), 501, T0)
    await end(await job(), runIdOf(501))
    const ended = await refsUnder(server.bareDir)

    server.resetCounts()
    const dup = await arrive(await job(), 502, T0)
    expect(dup).toMatchObject({ created: false, owner: false, reason: 'not_after_end' })
    expect(await refsUnder(server.bareDir)).toEqual(ended)
    // The optimistic create is refused on the client (the ref is advertised): no POST at all.
    expect(server.counts().pushes).toBe(0)

    // 8 clones racing through HTTP (the 16-way race runs locally above; each clone here costs
    // a fetch and a push through git http-backend, slow on a loaded 2-core machine).
    const jobs = await Promise.all(Array.from({ length: 8 }, () => job()))
    const results = await Promise.all(jobs.map((store, i) => arrive(store, 700 + i, READDED)))
    const created = results.filter(r => r.created)
    expect(created).toHaveLength(1)
    const winner = created[0]?.admission.run_id
    expect(winner).toMatch(/-g2$/)
    for (const result of results)
      expect(result.admission).toMatchObject({ generation: 2, run_id: winner })
    const held = Object.keys(await refsUnder(server.bareDir))
    expect(held.filter(ref => ref.includes('/admissions/')).sort()).toEqual([ADM, `${ADM}.g2`])
    expect(held.filter(ref => ref.includes('/runs/'))).toHaveLength(2)
  }, 240_000)
})

describe('generations through a file:// origin with archive-after 0', () => {
  it('every chain archived: a redelivery stays a duplicate and a re-add opens generation 2, the end read from the archived run', async () => {
    const remote = await makeBareRemote()
    /** A fresh job's checkout; archive-after 0, so no run ever keeps a ref of its own. */
    const job = async () => {
      const dir = await makeRepo()
      await git(dir, 'remote', 'add', 'origin', remote.url)
      return new RemoteStore(new Git(dir), 'origin', { archiveAfterSeconds: 0 }) as Store
    }
    await arrive(await job(), 501, T0)
    await end(await job(), runIdOf(501))
    const ended = await refsUnder(remote.dir)
    // The redelivery has only the archived chain to learn when generation 1 ended.
    expect(await arrive(await job(), 502, T0)).toMatchObject({
      created: false,
      owner: false,
      reason: 'not_after_end',
      admission: { generation: 1, run_id: runIdOf(501) }
    })
    expect(await refsUnder(remote.dir)).toEqual(ended)
    expect(await arrive(await job(), 503, READDED)).toMatchObject({
      created: true,
      owner: true,
      reason: 'new_generation',
      admission: { generation: 2, previous_run_id: runIdOf(501) }
    })
    const physical = Object.keys(await physicalRefs(remote.dir))
    expect(physical.filter(ref => ref.includes('/runs/'))).toEqual([])
    expect(Object.keys(await refsUnder(remote.dir)).filter(ref => ref.includes('/runs/'))).toEqual(
      [ledgerRef(NS, runIdOf(501)), ledgerRef(NS, runIdOf(503, 2))].sort()
    )
  }, 120_000)
})

describe('an explicit run id is kept across generations', () => {
  it('a run id already used by a generation replays it rather than opening another', async () => {
    const { store } = await local()
    const base = await arrive(store(), 501, T0, { run_id: 'chosen' })
    expect(base.admission.run_id).toBe('chosen')
    await end(store(), 'chosen')
    expect(await arrive(store(), 503, READDED, { run_id: 'chosen' })).toMatchObject({
      created: false,
      owner: true,
      reason: 'replay'
    })
    expect(await arrive(store(), 503, READDED, { run_id: 'chosen-again' })).toMatchObject({
      created: true,
      admission: { generation: 2, run_id: 'chosen-again', previous_run_id: 'chosen' }
    })
  })
})

describe('through the bundled action (dist/), as the runner starts it', () => {
  it('reuse input and generation output: redelivery stays generation 1, a re-add opens 2, reuse: never does not', async () => {
    const workspace = await makeRepo()
    const step = (runId: number, event: unknown, extra: Record<string, string> = {}) =>
      runAction({
        workspace,
        eventName: 'issues',
        event,
        runId,
        ...withAction({ remote: 'none', ...extra })
      })
    const first = await step(501, await labeled(T0))
    expect(first.outputs).toMatchObject({ created: 'true', generation: '1', run_id: runIdOf(501) })
    const ended = await step(
      9999,
      {},
      { action: 'record', 'run-id': runIdOf(501), state: 'cancelled' }
    )
    expect(ended.code).toBe(0)
    // The cancel was recorded now (the real clock): the re-add happens after it.
    const later = new Date(Date.now() + 2000).toISOString().replace(/\.\d{3}Z$/, 'Z')

    const redelivered = await step(502, await labeled(T0))
    expect(redelivered.outputs).toMatchObject({ created: 'false', owner: 'false', generation: '1' })
    expect(redelivered.summary).toContain('before that run ended')

    const never = await step(503, await labeled(later), { reuse: 'never' })
    expect(never.outputs).toMatchObject({ created: 'false', generation: '1' })

    const readded = await step(504, await labeled(later))
    expect(readded.code).toBe(0)
    expect(readded.outputs).toMatchObject({
      created: 'true',
      owner: 'true',
      generation: '2',
      run_id: runIdOf(504, 2),
      recovery_action: 'dispatch'
    })

    const bad = await step(505, await labeled(later), { reuse: 'always' })
    expect(bad.code).not.toBe(0)
    expect(bad.errors.join('\n')).toMatch(
      /reuse input must be after-terminal, after-cancelled or never, not /
    )
  }, 240_000)
})
