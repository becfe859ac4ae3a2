import { ADMISSION_SCHEMA, type Admission } from '../core/admission.js'
import { admissionCommit, recordCommit } from '../core/entry.js'
import { AdmissionConflict, CorruptEntry, InvalidInput, StoreError } from '../core/errors.js'
import { RecordSchema, type LedgerRecord } from '../core/record.js'
import { admissionRef, ledgerRef } from '../core/refs.js'
import { INITIAL_STATES } from '../core/states.js'
import { parseOrThrow } from '../core/validate.js'
import type { Store, StoredEntry } from '../store/store.js'
import { actorFrom, triggerFor } from '../core/dispatchKey.js'
import { newRecord } from '../core/newRecord.js'
import { InitialStateSchema } from '../core/states.js'
import { timestampOf } from '../core/time.js'
import {
  resolveDispatch,
  type DispatchTarget,
  type DispatchTargetOptions
} from './dispatchTarget.js'
import { viewRun, type RunView } from './runView.js'

export interface AdmitOptions extends DispatchTargetOptions {
  /** admitted (default) or proposed. */
  readonly initial_state?: string
  /** The clock; now when not given. */
  readonly now?: Date
}

export interface AdmitOutcome {
  readonly target: DispatchTarget
  /** What admission returned; null when the key is admitted with another request. */
  readonly result: AdmitResult | null
  /** Set when the key is admitted with another request digest: nothing was written. */
  readonly conflict: AdmissionConflict | null
  /** Our run verified and planned, when we own the returned run; null otherwise. */
  readonly view: RunView | null
}

/**
 * `command: admit`: derive the dispatch from the event (or the given key), build the first
 * record, and admit it (SPEC §4). A conflict is a result, not a throw, so the caller decides
 * whether it fails the step.
 */
export async function admitCommand(store: Store, options: AdmitOptions): Promise<AdmitOutcome> {
  const target = resolveDispatch(options)
  const initial = InitialStateSchema.safeParse(options.initial_state ?? 'admitted')
  if (!initial.success)
    throw new InvalidInput(
      `The \`initial_state\` must be admitted or proposed, not ${JSON.stringify(options.initial_state)}.`
    )
  const first = newRecord({
    run_id: target.run_id,
    ledger_sequence: 1,
    previous_record_digest: null,
    state: initial.data,
    occurred_at: timestampOf(options.now ?? new Date()),
    trigger: triggerFor(options.event.name),
    actor: actorFrom(options.event.payload),
    writer: options.writer,
    dispatch_key: target.dispatch_key,
    request_digest: target.request_digest
  })
  try {
    const result = await admit(store, { namespace: options.namespace, first_record: first })
    return { target, result, conflict: null, view: result.owner ? viewRun(result.chain) : null }
  } catch (error) {
    if (!(error instanceof AdmissionConflict)) throw error
    return { target, result: null, conflict: error, view: null }
  }
}

export interface AdmitRequest {
  readonly namespace: string
  readonly first_record: LedgerRecord
  /** admitted_at; the first record's occurred_at when not given. */
  readonly admitted_at?: string
}

export interface AdmitResult {
  readonly admission: Admission
  readonly admission_ref: string
  readonly created: boolean
  readonly recorded: boolean
  /** The returned run is the one we asked to admit. */
  readonly owner: boolean
  /** Our run's ledger, oldest first; null when it is missing or the run is not ours (unread). */
  readonly chain: StoredEntry<LedgerRecord>[] | null
}

/**
 * SPEC §4. Optimistic: write the two entries and try the create-only transaction first
 * (two git processes for a first arrival); only a refused create reads what is there.
 */
export async function admit(store: Store, request: AdmitRequest): Promise<AdmitResult> {
  const first = checkFirstRecord(request.first_record)
  const { dispatch_key, request_digest } = first.idempotency
  const run_id = first.run_id
  const admission_ref = admissionRef(request.namespace, dispatch_key)
  const admission: Admission = {
    schema: ADMISSION_SCHEMA,
    dispatch_key,
    request_digest,
    run_id,
    ledger_ref: ledgerRef(request.namespace, run_id),
    admitted_at: request.admitted_at ?? first.occurred_at
  }
  const [admissionOid, recordOid] = (await store.writeEntries([
    admissionCommit(admission),
    recordCommit(first, null)
  ])) as [string, string]

  const outcome = await store.createRefs([
    { ref: admission_ref, oid: admissionOid },
    { ref: admission.ledger_ref, oid: recordOid }
  ])
  if (outcome === 'created') {
    const chain = [{ oid: recordOid, value: first }]
    return { admission, admission_ref, created: true, recorded: true, owner: true, chain }
  }

  const found = await readAdmitted(store, admission_ref, run_id)
  if (!found.admission) {
    // The create was refused but there is no admission: our ledger ref exists on its own.
    throw new StoreError(
      `The run id ${JSON.stringify(run_id)} already has a ledger at ${admission.ledger_ref} ` +
        `but no admission at ${admission_ref}. Run ids must be unique per dispatch; ` +
        'give a different `run_id`, or inspect the ledger by hand.'
    )
  }
  const stored = found.admission.value
  if (stored.dispatch_key !== dispatch_key)
    throw new CorruptEntry(admission_ref, 'it holds a different dispatch key than its ref names')
  if (stored.ledger_ref !== ledgerRef(request.namespace, stored.run_id))
    throw new CorruptEntry(admission_ref, 'its ledger_ref does not match its run_id')
  if (stored.request_digest !== request_digest) {
    throw new AdmissionConflict(
      `The dispatch key ${JSON.stringify(dispatch_key)} is already admitted for run ` +
        `${stored.run_id} with request ${stored.request_digest}, but this request is ` +
        `${request_digest}. Nothing was written. A changed request needs a new dispatch key; ` +
        'set `on_conflict` to output to handle this in the workflow instead of failing.',
      { run_id: stored.run_id, request_digest: stored.request_digest }
    )
  }
  const base = { admission: stored, admission_ref, created: false }
  if (stored.run_id !== run_id) {
    // Another run owns the key: its ledger is neither read nor ever completed by us.
    return { ...base, recorded: false, owner: false, chain: null }
  }
  if (found.chain) return { ...base, recorded: false, owner: true, chain: found.chain }

  // Our admission without its ledger (a crash of a non-atomic writer, or a hand edit):
  // write the first record, create-only, so racing replays write it once.
  const completed = await store.createRefs([{ ref: stored.ledger_ref, oid: recordOid }])
  if (completed === 'created')
    return { ...base, recorded: true, owner: true, chain: [{ oid: recordOid, value: first }] }
  const again = await store.read(reader => reader.readChain(stored.ledger_ref))
  return { ...base, recorded: false, owner: true, chain: again }
}

/**
 * The stored admission and, when the run is ours, its chain, in one read session. Another
 * run's chain is not ours to act on, so it is not read (a remote store saves a fetch).
 */
async function readAdmitted(store: Store, admission_ref: string, run_id: string) {
  return store.read(async reader => {
    const admission = await reader.readAdmission(admission_ref)
    const ours = admission?.value.run_id === run_id
    const chain = ours ? await reader.readChain(admission.value.ledger_ref) : null
    return { admission, chain }
  })
}

/** SPEC §4: an invalid first record is rejected before any ref is written. */
export function checkFirstRecord(record: LedgerRecord): LedgerRecord {
  const parsed = parseOrThrow(RecordSchema, record, 'The first record')
  if (parsed.ledger_sequence !== 1)
    throw new InvalidInput(
      `The first record must have ledger_sequence 1, not ${parsed.ledger_sequence}.`
    )
  if (parsed.previous_record_digest !== null)
    throw new InvalidInput('The first record must have previous_record_digest null.')
  if (!(INITIAL_STATES as readonly string[]).includes(parsed.state))
    throw new InvalidInput(
      `A run must start in state ${INITIAL_STATES.join(' or ')}, not ${parsed.state}. ` +
        'Set the `initial_state` to admitted or proposed.'
    )
  return parsed
}
