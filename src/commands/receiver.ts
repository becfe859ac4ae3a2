/**
 * Reading the receiver side of the workflow driver at the arbiter
 * (docs/design/dispatch.md#the-recorded-receiver): who admitted an attempt's receiver key, and
 * whether a coordinator was cancelled before its receiver started.
 */
import { recordCommit } from '../core/entry.js'
import { nextRunRecord, type RunRecordRequest } from '../core/nextRunRecord.js'
import {
  attemptToConfirm,
  confirmedIds,
  isConfirmed,
  RECEIVER_KEY,
  type AdmittedReceiver
} from '../core/receiver.js'
import type { Actor, LedgerRecord, Writer } from '../core/record.js'
import { RUN_CHAIN, type RecoveredAttempt } from '../core/reconstruct.js'
import { admissionRef, ledgerRef } from '../core/refs.js'
import { timestampOf } from '../core/time.js'
import type { RefAdvance, Store, StoredEntry } from '../store/store.js'
import type { Clock } from './deps.js'
import { admissionOfRun } from './generations.js'
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
    { ledger_ref, ...confirmation(attempt, receiver, options) },
    chain
  )
  return appended.chain
}

/**
 * The submission update that names an attempt's receiver: what a plan step appends after the
 * fact, and what the receiver writes with its own admission (decideReceiver).
 */
function confirmation(
  attempt: RecoveredAttempt,
  receiver: AdmittedReceiver,
  by: Pick<ConfirmOptions, 'writer' | 'actor' | 'clock' | 'runUrl'>
): RunRecordRequest {
  return {
    state: 'dispatched',
    fields: {
      provider: {
        driver: attempt.driver ?? 'workflow',
        submission_state: 'submitted',
        external_ids: confirmedIds(receiver, by.runUrl)
      }
    },
    occurred_at: timestampOf(by.clock.now()),
    trigger: 'provider_observation',
    actor: by.actor,
    writer: by.writer
  }
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

/**
 * What a receiver's admission does to its coordinator's ledger
 * (docs/design/dispatch.md#the-receiver-confirms-itself), decided from one read of it:
 * `unknown` when there is no such run in this namespace (a dispatch key chosen by hand: admit
 * as any other), `cancelled` (write nothing, do no work), `confirm` with the submission update
 * naming this receiver — written in the same atomic write as the admission, compare-and-set
 * on the head read — or `nothing` when the coordinator's current attempt is not this one or
 * is already confirmed. A coordinator ledger that does not verify fails closed (throws).
 */
export type ReceiverDecision =
  | { readonly kind: 'unknown' | 'cancelled' | 'nothing' }
  | { readonly kind: 'confirm'; readonly advance: RefAdvance }

export interface ReceiverOf {
  readonly namespace: string
  /** The coordinator attempt the receiver's key names. */
  readonly coordinator: { readonly run_id: string; readonly attempt: number }
  /** The receiver's own dispatch key and run id, and who it is (the confirmation's writer). */
  readonly dispatch_key: string
  readonly receiver_run_id: string
  readonly writer: Writer | null
  readonly actor: Actor | null
  readonly clock: Clock
  readonly runUrl: ((id: string) => string) | null
  /** Read the arbiter again (after a lost compare-and-set). */
  readonly refresh: boolean
}

export async function decideReceiver(store: Store, of: ReceiverOf): Promise<ReceiverDecision> {
  const ref = ledgerRef(of.namespace, of.coordinator.run_id)
  // The chain and its admission in one session (one reader).
  const read = await store.read(async reader => {
    const chain = await reader.readChain(ref, RUN_CHAIN, { refresh: of.refresh })
    if (chain === null || chain.length === 0) return null
    checkChainNames(of.namespace, ref, chain)
    const state = verifiedState(chain)
    // A run is written only through its admission: an orphan coordinator fails closed here.
    if (state.state !== 'cancelled')
      await admissionOfRun(store, reader, {
        namespace: of.namespace,
        run_id: state.run_id,
        dispatch_key: state.dispatch_key
      })
    return { chain, state }
  })
  if (read === null) return { kind: 'unknown' }
  const { chain, state } = read
  if (state.state === 'cancelled') return { kind: 'cancelled' }
  const attempt = state.attempts.find(a => a.number === of.coordinator.attempt)
  if (
    state.state !== 'dispatched' ||
    state.current_attempt !== of.coordinator.attempt ||
    attempt === undefined ||
    attempt.external_ids[RECEIVER_KEY] !== of.dispatch_key ||
    isConfirmed(attempt)
  )
    return { kind: 'nothing' }
  // It names only this receiver and the workflow run writing it: its writer's own id.
  const receiver = {
    receiver_run_id: of.receiver_run_id,
    workflow_run_id: of.writer?.github_run_id ?? null
  }
  const next = nextRunRecord(chain, state, confirmation(attempt, receiver, of))
  if ('duplicate' in next) return { kind: 'nothing' }
  const head = (chain[chain.length - 1] as StoredEntry<LedgerRecord>).oid
  const [oid] = (await store.writeEntries([recordCommit(next.record, head)])) as [string]
  return { kind: 'confirm', advance: { ref, next: oid, expected: head } }
}
