/**
 * Admit in a receiver whose coordinator was cancelled (docs/design/dispatch.md#a-cancelled-coordinator-stops-late-receivers):
 * a workflow_dispatch whose inputs.dispatch_key is `<coordinator run id>/a<n>` writes nothing
 * when that run is cancelled, and a cancel that lands while it admits still stops it.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { admitCommand } from '../../src/commands/admit.js'
import { readRun } from '../../src/commands/readRun.js'
import type { Store } from '../../src/store/store.js'
import { ADMITTED, arrive, end, local, NS, T0, writer } from '../support/generations.js'
import { cleanupRepos, refsUnder } from '../support/repo.js'

afterAll(cleanupRepos)

const RECEIVER_RUN = 4242

/** The receiver's workflow_dispatch event for attempt 1 of `coordinator`. */
const receiverEvent = (coordinator: string) => ({
  name: 'workflow_dispatch',
  payload: {
    repository: { id: 123456789 },
    workflow: '.github/workflows/agent.yml',
    inputs: { issue: '42', dispatch_key: `${coordinator}/a1` }
  }
})

const receive = (store: Store, coordinator: string) =>
  admitCommand(
    { namespace: NS, event: receiverEvent(coordinator), writer: writer(RECEIVER_RUN) },
    { store, clock: { now: () => ADMITTED } }
  )

describe('a receiver of a cancelled coordinator does no work', () => {
  it('negative control: its coordinator is live, so it admits and owns its key', async () => {
    const { store } = await local()
    const coordinator = (await arrive(store(), 501, T0)).admission.run_id
    const outcome = await receive(store(), coordinator)
    expect(outcome.stopped).toBeNull()
    expect(outcome.result).toMatchObject({ created: true, owner: true })
  })

  it('cancelled before it admits: owner=false and nothing written', async () => {
    const { dir, store } = await local()
    const coordinator = (await arrive(store(), 501, T0)).admission.run_id
    await end(store(), coordinator, 'cancelled')
    const before = await refsUnder(dir)
    const outcome = await receive(store(), coordinator)
    expect(outcome.stopped).toEqual({ coordinator_run_id: coordinator, written: false })
    expect(outcome.result).toBeNull()
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('cancelled while it admits: owner=false, and its own run is closed cancelled', async () => {
    const { store } = await local()
    const coordinator = (await arrive(store(), 501, T0)).admission.run_id
    // The store cancels the coordinator right after the receiver's create lands, as an
    // operator's cancel racing the admission would.
    const racing = store()
    const createRefs = racing.createRefs.bind(racing)
    racing.createRefs = async updates => {
      const outcome = await createRefs(updates)
      await end(store(), coordinator, 'cancelled')
      return outcome
    }
    const outcome = await receive(racing, coordinator)
    expect(outcome.stopped).toEqual({ coordinator_run_id: coordinator, written: true })
    const own = await readRun(store(), NS, {
      by: 'dispatch_key',
      dispatch_key: outcome.target.dispatch_key
    })
    expect(own.chain.map(entry => entry.value.state)).toEqual(['admitted', 'cancelled'])
    expect(own.chain.at(-1)?.value.note).toContain(`coordinator run ${coordinator} was cancelled`)
  })
})
