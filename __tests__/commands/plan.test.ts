/**
 * `command: plan` against real git: it selects a run (by run id, by dispatch key, or from the
 * event), verifies its chain and plans the one safe next action, writing nothing, except to
 * record the receiver of a workflow-driver attempt once a receiver has admitted it.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { admitCommand } from '../../src/commands/admit.js'
import { planCommand } from '../../src/commands/plan.js'
import { readRun } from '../../src/commands/readRun.js'
import { recordCommand } from '../../src/commands/record.js'
import { DispatchLedgerError, StoreError } from '../../src/core/errors.js'
import { ledgerRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import type { Store } from '../../src/store/store.js'
import { LABELED_KEY } from '../support/events.js'
import {
  ADMITTED,
  arrive,
  labeled,
  local,
  NS,
  runIdOf,
  T0,
  writer
} from '../support/generations.js'
import { breakChain } from '../support/orphans.js'
import { cleanupRepos, refsUnder } from '../support/repo.js'
import { systemClock } from '../../src/commands/deps.js'

afterAll(cleanupRepos)

const RUN = runIdOf(501)
const LEDGER = ledgerRef(NS, RUN)
const NOW = new Date('2026-11-29T12:30:00Z')

/** A repository where workflow run 501 admitted the labeled issue (plan: dispatch). */
async function admitted() {
  const repo = await local()
  await arrive(repo.store(), 501, T0)
  return repo
}

/** What plan is told so that it may record a receiver: who writes, and when. */
const CONFIRM = {
  writer: writer(501, 2),
  actor: null,
  now: () => NOW,
  runUrl: (id: string) => `https://github.com/octo-org/octo-repo/actions/runs/${id}`
}

/** Plans RUN by its id (as a recovery or operator job names it), recording a receiver if told. */
const planRun = (store: Store, confirm?: typeof CONFIRM) =>
  planCommand(
    {
      namespace: NS,
      run_id: RUN,
      writer: null,
      ...(confirm ? { confirm: { writer: confirm.writer } } : {})
    },
    {
      store,
      clock: { now: confirm?.now ?? (() => new Date()) },
      github: confirm ? { runUrl: confirm.runUrl } : null
    }
  )

describe('plan selects, verifies and plans a run, writing nothing', () => {
  it('by run id, by dispatch key and from the event, each saying how it chose', async () => {
    const { dir, store } = await admitted()
    const before = await refsUnder(dir)
    const byRunId = await planRun(store())
    expect(byRunId).toMatchObject({
      selected_by: 'run_id',
      owner: false,
      generation: 1,
      ledger_ref: LEDGER,
      confirm_warning: null
    })
    expect(byRunId.view.state).toMatchObject({ run_id: RUN, state: 'admitted', terminal: false })
    expect(byRunId.view.plan.action).toBe('dispatch')
    const byKey = await planCommand(
      { namespace: NS, dispatch_key: LABELED_KEY, writer: null },
      { store: store(), clock: systemClock }
    )
    expect(byKey).toMatchObject({ selected_by: 'dispatch_key', ledger_ref: LEDGER })
    const fromEvent = (run: number) =>
      labeled(T0).then(payload =>
        planCommand(
          { namespace: NS, event: { name: 'issues', payload }, writer: writer(run) },
          { store: store(), clock: systemClock }
        )
      )
    expect(await fromEvent(501)).toMatchObject({
      selected_by: 'event',
      owner: true,
      ledger_ref: LEDGER
    })
    expect(await fromEvent(502)).toMatchObject({ selected_by: 'event', owner: false })
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('a run id and a dispatch key that disagree are refused', async () => {
    const { store } = await admitted()
    await expect(
      planCommand(
        { namespace: NS, run_id: RUN, dispatch_key: 'v1/test/another-key', writer: null },
        { store: store(), clock: systemClock }
      )
    ).rejects.toThrow(/belongs to dispatch key/)
  })

  it('a plain run gets no write even when plan may record a receiver', async () => {
    const { dir, store } = await admitted()
    const before = await refsUnder(dir)
    const planned = await planRun(store(), CONFIRM)
    expect(planned).toMatchObject({ confirm_warning: null })
    expect(planned.chain).toHaveLength(1)
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('fails closed on a chain that does not verify, writing nothing', async () => {
    const { dir, store } = await admitted()
    await breakChain(store(), LEDGER)
    const before = await refsUnder(dir)
    const error = await planRun(store(), CONFIRM)
      .then(() => null)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DispatchLedgerError)
    expect((error as Error).message).toMatch(/previous_record_digest/)
    expect(await refsUnder(dir)).toEqual(before)
  })
})

describe('plan records the receiver of an accepted workflow-driver attempt', () => {
  const RECEIVER_KEY = `v1/workflow_dispatch/123456789/.github%2Fworkflows%2Freceiver.yml/${RUN}/a1`
  const RECEIVER_RUN = 4242

  /** Run 501 sent attempt 1 through the workflow driver; GitHub accepted it (run 31337). */
  async function accepted() {
    const repo = await admitted()
    const ids = [
      { receiver_key: RECEIVER_KEY },
      { receiver_key: RECEIVER_KEY, receiver_confirmed: 'false', candidate_run_ids: '31337' }
    ]
    for (const [index, external_ids] of ids.entries())
      await recordCommand(
        {
          namespace: NS,
          run_id: RUN,
          state: 'dispatched',
          fields: {
            provider: {
              driver: 'workflow',
              submission_state: index === 0 ? 'not_submitted' : 'submitted',
              external_ids
            }
          },
          event: { name: 'issues', payload: await labeled(T0) },
          writer: writer(501)
        },
        { store: repo.store(), clock: { now: () => ADMITTED } }
      )
    return repo
  }

  /** The receiver's workflow run RECEIVER_RUN admits its key (it writes the first record). */
  async function receiverAdmits(store: Store) {
    const outcome = await admitCommand(
      {
        namespace: NS,
        event: { name: 'workflow_dispatch', payload: {} },
        dispatch_key: RECEIVER_KEY,
        writer: writer(RECEIVER_RUN)
      },
      { store, clock: { now: () => ADMITTED } }
    )
    return outcome.result?.admission.run_id as string
  }

  const chainOf = async (store: Store) =>
    (await readRun(store, NS, { by: 'run_id', run_id: RUN })).chain.map(entry => entry.value)

  it('appends one submission update naming the run that wrote the receiver admission', async () => {
    const { store } = await accepted()
    const receiverRunId = await receiverAdmits(store())
    const before = await chainOf(store())
    const planned = await planRun(store(), CONFIRM)
    expect(planned.confirm_warning).toBeNull()
    const after = await chainOf(store())
    expect(after).toHaveLength(before.length + 1)
    expect(after.at(-1)).toMatchObject({
      state: 'dispatched',
      trigger: 'provider_observation',
      writer: CONFIRM.writer,
      attempt: { number: 1 },
      provider: {
        driver: 'workflow',
        submission_state: 'submitted',
        external_ids: {
          receiver_run_id: receiverRunId,
          receiver_confirmed: 'true',
          workflow_run_id: String(RECEIVER_RUN),
          html_url: CONFIRM.runUrl(String(RECEIVER_RUN))
        }
      }
    })
    // What plan returns is the run as it is now, and a second plan has nothing to confirm.
    expect(planned.chain.map(entry => entry.value)).toEqual(after)
    expect(planned.view.state.sequence).toBe(after.length)
    await planRun(store(), CONFIRM)
    expect(await chainOf(store())).toEqual(after)
  })

  it('appends nothing while no receiver has admitted, or when plan is not asked to confirm', async () => {
    const { dir, store } = await accepted()
    const before = await refsUnder(dir)
    const planned = await planRun(store(), CONFIRM)
    expect(planned.confirm_warning).toBeNull()
    expect(await refsUnder(dir)).toEqual(before)
    await receiverAdmits(store())
    const admittedRefs = await refsUnder(dir)
    await planRun(store())
    expect(await refsUnder(dir)).toEqual(admittedRefs)
  })

  it('when the append fails, the plan still returns, with confirm_warning saying so', async () => {
    const { dir, store } = await accepted()
    await receiverAdmits(store())
    const before = await refsUnder(dir)
    const refusing = new RefusingStore(new Git(dir))
    const planned = await planRun(refusing, CONFIRM)
    expect(planned.confirm_warning).toMatch(/could not be recorded now \(.*writes are refused/)
    expect(planned.view.state.state).toBe('dispatched')
    expect(planned.view.plan.action).toBe('observe_provider')
    expect(await refsUnder(dir)).toEqual(before)
  })
})

/** A store that reads but whose ref updates are refused (a read-only token, a rejected push). */
class RefusingStore extends LocalStore {
  override advanceRef(): Promise<'advanced' | 'lost'> {
    return Promise.reject(new StoreError('writes are refused by this store'))
  }
}
