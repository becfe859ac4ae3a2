/**
 * A coordinator and its fenced receiver, as the workflow driver makes them
 * (docs/design/dispatch.md#the-receiver-confirms-itself): the coordinator admits a labeled event
 * and records the intent of attempt 1 naming its receiver key; the receiver's workflow_dispatch
 * run admits that key and confirms itself in the coordinator's ledger in the same write.
 */
import { admitCommand } from '../../src/commands/admit.js'
import { recordCommand } from '../../src/commands/record.js'
import { deriveDispatch } from '../../src/core/dispatchKey.js'
import type { Store } from '../../src/store/store.js'
import { ADMITTED, arrive, NS, T0, writer } from './generations.js'

export const RECEIVER_RUN = 4242

export const receiverEvent = (coordinator: string) => ({
  name: 'workflow_dispatch',
  payload: {
    repository: { id: 123456789 },
    workflow: '.github/workflows/agent.yml',
    inputs: { issue: '42', dispatch_key: `${coordinator}/a1` }
  }
})

export const receiverKey = (coordinator: string) => {
  const event = receiverEvent(coordinator)
  return deriveDispatch({ eventName: event.name, payload: event.payload }).dispatch_key
}

export const receive = (store: Store, coordinator: string) =>
  admitCommand(
    {
      namespace: NS,
      event: receiverEvent(coordinator),
      writer: writer(RECEIVER_RUN)
    },
    {
      store,
      clock: { now: () => ADMITTED },
      github: { runUrl: (id: string) => `https://github.com/octo-org/octo-repo/actions/runs/${id}` }
    }
  )

/** What the coordinator's own steps record, by run id (as its dispatch step would). */
export async function coordinatorRecords(
  store: Store,
  runId: string,
  state: 'dispatched',
  provider: Record<string, unknown>
) {
  await recordCommand(
    {
      namespace: NS,
      run_id: runId,
      state,
      fields: { provider },
      event: { name: 'issues', payload: {} },
      writer: writer(501)
    },
    { store, clock: { now: () => ADMITTED } }
  )
}

/** A coordinator that admitted and recorded the intent of attempt 1 to this receiver. */
export async function dispatchedCoordinator(store: () => Store): Promise<string> {
  const runId = (await arrive(store(), 501, T0)).admission.run_id
  await coordinatorRecords(store(), runId, 'dispatched', {
    driver: 'workflow',
    submission_state: 'not_submitted',
    external_ids: { receiver_key: receiverKey(runId) }
  })
  return runId
}
