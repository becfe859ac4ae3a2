/**
 * A run is writable only through its admission (issue 17, defect 3). A ledger written under
 * `runs/` by hand — with no admission for its key, or with its key admitted to another run —
 * is an orphan: record, dispatch, operate and plan fail closed naming it and write nothing,
 * dispatch sends nothing, and scan lists it with no next action. That recover does not count it
 * is in recover.test.ts.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { admit } from '../../src/commands/admit.js'
import { dispatch } from '../../src/commands/dispatch.js'
import type { DriverOptions } from '../../src/commands/dispatchDriver.js'
import { operate } from '../../src/commands/operate.js'
import { planCommand } from '../../src/commands/plan.js'
import { recordCommand } from '../../src/commands/record.js'
import { scanRuns } from '../../src/commands/scan.js'
import { recordCommit } from '../../src/core/entry.js'
import { ledgerRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { commentEvent } from '../support/operator.js'
import {
  chainByHand,
  firstOf,
  KEY,
  laterGeneration,
  NS,
  ORPHAN,
  orphanIn,
  OWNER,
  type Situation
} from '../support/orphans.js'
import { cleanupRepos, makeRepo, makeTempDir, refsUnder, setLogical } from '../support/repo.js'
import { systemClock } from '../../src/commands/deps.js'

const WRITER = { github_run_id: '777', run_attempt: 1, workflow_ref: '' }
const SCHEDULE = { name: 'schedule', payload: {} }

afterAll(cleanupRepos)

const SITUATIONS: Array<[Situation, RegExp]> = [
  ['no admission', /has no admission/],
  ['key admitted by another run', /admitted to another run: "owner-run"/],
  ['no generation admits it', /"owner-run" \(generation 1\).*"owner-run-g2" \(generation 2\)/]
]

/** The orphan error: names the ledger ref and the key, says why and what to do. */
function expectOrphanError(error: unknown, ledger: string, why: RegExp) {
  expect(error).toMatchObject({ code: 'orphan_run' })
  const message = (error as Error).message
  expect(message).toContain(ledger)
  expect(message).toContain(JSON.stringify(KEY))
  expect(message).toMatch(why)
  expect(message).toMatch(/Nothing was written/)
  expect(message).toMatch(/git update-ref -d/)
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the step to fail closed, but it succeeded')
    },
    (error: unknown) => error
  )

const quiet = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done()
    }
  })

/** A command driver whose `run` leaves a marker file behind: it ran iff the file exists. */
async function markingDriver(dir: string) {
  const provider = await makeTempDir()
  const driver: DriverOptions = {
    kind: 'command',
    run: 'touch "$PROVIDER/ran"; echo "{\\"job\\":\\"job-1\\"}"',
    lookup: '',
    fenced: false,
    timeoutSeconds: 20,
    cwd: dir,
    env: { ...process.env, PROVIDER: provider },
    outStream: quiet()
  }
  return { driver, ran: () => existsSync(join(provider, 'ran')) }
}

function dispatchByRunId(store: LocalStore, driver: DriverOptions, run_id: string) {
  return dispatch(
    {
      namespace: NS,
      run_id,
      event: { name: 'workflow_dispatch', payload: {} },
      writer: WRITER,
      driver
    },
    { store, clock: { now: () => new Date('2026-11-30T08:00:00Z') } }
  )
}

const POLICY = {
  operators: 'OWNER,MEMBER,COLLABORATOR',
  permission: 'write',
  bots: ''
}

function operateOn(store: LocalStore, body: string) {
  return operate(
    {
      eventName: 'issue_comment',
      payload: commentEvent(body),
      namespace: NS,
      prefix: '/ledger',
      policy: POLICY,
      reply: true,
      writer: WRITER
    },
    { store, clock: systemClock, github: null }
  )
}

describe.each(SITUATIONS)('an orphan ledger (%s)', (situation, why) => {
  it('record by run-id fails closed naming it and writes nothing', async () => {
    const { dir, store, ledger } = await orphanIn(situation)
    const before = await refsUnder(dir, 'refs')
    const error = await failure(
      recordCommand(
        { namespace: NS, run_id: ORPHAN, state: 'cancelled', event: SCHEDULE, writer: WRITER },
        { store, clock: systemClock }
      )
    )
    expectOrphanError(error, ledger, why)
    expect(await refsUnder(dir, 'refs')).toEqual(before)
  })

  it('dispatch by run-id fails closed: the driver never runs, no ref moves', async () => {
    const { dir, store, ledger } = await orphanIn(situation)
    const { driver, ran } = await markingDriver(dir)
    const before = await refsUnder(dir, 'refs')
    expectOrphanError(await failure(dispatchByRunId(store, driver, ORPHAN)), ledger, why)
    expect(ran()).toBe(false)
    expect(await refsUnder(dir, 'refs')).toEqual(before)
  })

  it('operate on it fails the step and writes nothing', async () => {
    const { dir, store, ledger } = await orphanIn(situation)
    const before = await refsUnder(dir, 'refs')
    expectOrphanError(await failure(operateOn(store, `/ledger cancel ${ORPHAN}`)), ledger, why)
    expect(await refsUnder(dir, 'refs')).toEqual(before)
  })

  it('plan by run-id fails closed naming it (an orphan has no next action)', async () => {
    const { store, ledger } = await orphanIn(situation)
    expectOrphanError(
      await failure(
        planCommand(
          { namespace: NS, run_id: ORPHAN, writer: WRITER },
          { store, clock: systemClock }
        )
      ),
      ledger,
      why
    )
  })

  it('scan lists it as an orphan with no next action, next to the runs that are admitted', async () => {
    const { store, ledger } = await orphanIn(situation)
    const runs = await scanRuns({ namespace: NS }, { store, clock: systemClock })
    const orphan = runs.find(run => run.ledger_ref === ledger)
    expect(orphan).toEqual({
      ledger_ref: ledger,
      state: expect.objectContaining({ run_id: ORPHAN, state: 'admitted' }),
      orphan: expect.stringMatching(why),
      // The newest record's writer (none: written outside Actions).
      writer: null
    })
    expect(orphan).not.toHaveProperty('plan')
    const others = runs.filter(run => run.ledger_ref !== ledger)
    expect(others.every(run => 'plan' in run)).toBe(true)
  })
})

describe('an admission whose ledger holds a run of another key', () => {
  it('record by the admitted key fails closed naming the ledger; by run-id it is an orphan', async () => {
    const dir = await makeRepo()
    const store = new LocalStore(new Git(dir))
    await admit(store, { namespace: NS, first_record: firstOf(OWNER) })
    // Replaced by hand: the same run id, but record 1 names another key.
    const ledger = ledgerRef(NS, OWNER)
    const [oid] = await store.writeEntries([recordCommit(firstOf(OWNER, 'v1/test/other'), null)])
    await setLogical(dir, ledger, oid as string)
    const before = await refsUnder(dir, 'refs')
    const record = (choice: { dispatch_key: string } | { run_id: string }) =>
      recordCommand(
        { namespace: NS, ...choice, state: 'cancelled', event: SCHEDULE, writer: WRITER },
        { store, clock: systemClock }
      )
    const byKey = await failure(record({ dispatch_key: KEY }))
    expect(byKey).toMatchObject({ code: 'corrupt_entry', ref: ledger })
    expect((byKey as Error).message).toMatch(/record 1 is for dispatch key "v1\/test\/other"/)
    expect(await failure(record({ run_id: OWNER }))).toMatchObject({
      code: 'orphan_run',
      dispatch_key: 'v1/test/other'
    })
    expect(await refsUnder(dir, 'refs')).toEqual(before)
  })
})

describe('runs with their admission still work (negative control)', () => {
  it('an admitted run: record and dispatch by run-id write, and the driver runs', async () => {
    const dir = await makeRepo()
    const store = new LocalStore(new Git(dir))
    await admit(store, { namespace: NS, first_record: firstOf(OWNER) })
    const { driver, ran } = await markingDriver(dir)
    const sent = await dispatchByRunId(store, driver, OWNER)
    expect(sent).toMatchObject({ outcome: 'submitted', sends: 1 })
    expect(ran()).toBe(true)
    const plan = await planCommand(
      { namespace: NS, run_id: OWNER, writer: WRITER },
      { store, clock: systemClock }
    )
    expect(plan.generation).toBe(1)
    const recorded = await recordCommand(
      { namespace: NS, run_id: OWNER, state: 'cancelled', event: SCHEDULE, writer: WRITER },
      { store, clock: systemClock }
    )
    expect(recorded.view.state.state).toBe('cancelled')
  })

  it('a later generation’s run, admitted by its .g<N> ref, is writable by run-id', async () => {
    const dir = await makeRepo()
    const store = new LocalStore(new Git(dir))
    await admit(store, { namespace: NS, first_record: firstOf(OWNER) })
    await chainByHand(store, [firstOf('owner-run-g2')])
    await laterGeneration(dir, store, 2, 'owner-run-g2', OWNER)
    const plan = await planCommand(
      { namespace: NS, run_id: 'owner-run-g2', writer: WRITER },
      { store, clock: systemClock }
    )
    expect(plan).toMatchObject({ generation: 2, admission: { run_id: 'owner-run-g2' } })
    const recorded = await recordCommand(
      {
        namespace: NS,
        run_id: 'owner-run-g2',
        state: 'cancelled',
        event: SCHEDULE,
        writer: WRITER
      },
      { store, clock: systemClock }
    )
    expect(recorded.view.state.state).toBe('cancelled')
  })
})
