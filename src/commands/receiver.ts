/**
 * Reading the receiver side of the workflow driver at the arbiter
 * (docs/design/dispatch.md#the-recorded-receiver): who admitted an attempt's receiver key, and
 * whether a coordinator was cancelled before its receiver started.
 */
import {
  attemptToConfirm,
  confirmedIds,
  RECEIVER_KEY,
  type AdmittedReceiver
} from '../core/receiver.js'
import type { Actor, LedgerRecord, Writer } from '../core/record.js'
import { admissionRef, ledgerRef } from '../core/refs.js'
import { timestampOf } from '../core/time.js'
import type { Store, StoredEntry } from '../store/store.js'
import type { Clock } from './deps.js'
import { appendRecord } from './record.js'
import { verifiedState } from './runView.js'
import { checkAdmissionNames, checkChainNames } from './storedNames.js'

/**
 * The receiver that admitted `key`, or null when none has yet: one read of its admission and
 * its ledger. The workflow run is the writer of the receiver's first record (the run that won
 * the admission), not a run id parsed from a name a caller could choose.
 */
export async function findReceiver(
  store: Store,
  namespace: string,
  key: string
): Promise<AdmittedReceiver | null> {
  return store.read(async reader => {
    const ref = admissionRef(namespace, key)
    const found = await reader.readAdmission(ref)
    if (found === null) return null
    const admission = checkAdmissionNames(namespace, ref, found.value)
    const chain = await reader.readChain(admission.ledger_ref)
    if (chain !== null) checkChainNames(namespace, admission.ledger_ref, chain)
    const writer = chain?.[0]?.value.writer ?? null
    return { receiver_run_id: admission.run_id, workflow_run_id: writer?.github_run_id ?? null }
  })
}

export interface ConfirmOptions {
  readonly namespace: string
  readonly writer: Writer | null
  readonly actor: Actor | null
  readonly clock: Clock
  /** Builds a workflow run's web address; null when the repository is unknown. */
  readonly runUrl: ((id: string) => string) | null
}

/**
 * When the run's current attempt was accepted but its receiver not yet confirmed, looks the
 * receiver admission up and, when a receiver has admitted, appends the submission update that
 * names it. Returns the chain as it is now (unchanged when there is nothing to confirm).
 */
export async function confirmReceiver(
  store: Store,
  ledger_ref: string,
  chain: StoredEntry<LedgerRecord>[],
  options: ConfirmOptions
): Promise<StoredEntry<LedgerRecord>[]> {
  const attempt = attemptToConfirm(verifiedState(chain))
  if (attempt === null) return chain
  const key = attempt.external_ids[RECEIVER_KEY] as string
  const receiver = await findReceiver(store, options.namespace, key)
  if (receiver === null) return chain
  const appended = await appendRecord(
    store,
    {
      ledger_ref,
      state: 'dispatched',
      fields: {
        provider: {
          driver: attempt.driver ?? 'workflow',
          submission_state: 'submitted',
          external_ids: confirmedIds(receiver, options.runUrl)
        }
      },
      occurred_at: timestampOf(options.clock.now()),
      trigger: 'provider_observation',
      actor: options.actor,
      writer: options.writer
    },
    chain
  )
  return appended.chain
}

/**
 * Whether the coordinator run a receiver's key names has been cancelled: a run GitHub starts
 * after its coordinator was cancelled must do no work. False when there is no such run in this
 * namespace (the dispatch key was chosen by hand). A coordinator ledger that does not verify
 * fails closed (throws), so a receiver never works on a broken premise.
 */
export async function coordinatorCancelled(
  store: Store,
  namespace: string,
  run_id: string
): Promise<boolean> {
  const ref = ledgerRef(namespace, run_id)
  const chain = await store.read(reader => reader.readChain(ref))
  if (chain === null || chain.length === 0) return false
  checkChainNames(namespace, ref, chain)
  return verifiedState(chain).state === 'cancelled'
}
