import { ADMISSION_SCHEMA, type Admission } from '../core/admission.js'
import { admissionCommit, recordCommit } from '../core/entry.js'
import { AdmissionConflict, InvalidInput, LostRace, StoreError } from '../core/errors.js'
import {
  generationRef,
  type DuplicateReason,
  type GenerationRunIds,
  type Reuse
} from '../core/generation.js'
import { RecordSchema, type LedgerRecord } from '../core/record.js'
import { admissionRef, ledgerRef } from '../core/refs.js'
import { entryLocation } from '../core/index/location.js'
import { INITIAL_STATES, isTerminal } from '../core/states.js'
import { parseOrThrow } from '../core/validate.js'
import type { RefAdvance, Store, StoredEntry } from '../store/store.js'
import { actorFrom, triggerFor } from '../core/dispatchKey.js'
import { newRecord } from '../core/newRecord.js'
import { InitialStateSchema } from '../core/states.js'
import { occurrenceTime } from '../core/occurrence.js'
import { timestampOf } from '../core/time.js'
import {
  resolveDispatch,
  type DispatchTarget,
  type DispatchTargetOptions
} from './dispatchTarget.js'
import { assessGenerations, type Assessment } from './generations.js'
import { coordinatorCancelled, decideReceiver } from './receiver.js'
import { WRITE_TRIES } from '../core/chain/definition.js'
import { appendRecord } from './record.js'
import { coordinatorOf } from '../core/receiver.js'
import { findControlCharacter } from '../core/text.js'
import type { CommandDeps } from './deps.js'
import { checkReuse } from './preview.js'
import { viewRun, type RunView } from './runView.js'

export type { DuplicateReason }

export interface AdmitOptions extends DispatchTargetOptions {
  /** admitted (default) or proposed. */
  readonly initial_state?: string
  /** docs/design/generations.md: after-terminal (default), after-cancelled or never (validated here). */
  readonly reuse?: string
  /** Records written with the first in the same write (one-step dispatch's intent). */
  readonly follow?: AdmitRequest['follow']
  /**
   * Other chains' appends made in the same write as a first arrival (recover's observation of
   * a receiver), decided again (`refresh`) after one of those chains moved.
   */
  readonly advances?: (refresh: boolean) => Promise<readonly RefAdvance[]>
}

export interface AdmitOutcome {
  readonly target: DispatchTarget
  /**
   * Set when this is a receiver whose coordinator run was cancelled: it does no work and
   * answers owner=false. `written`: the admission was made before the cancel was seen.
   */
  readonly stopped: { readonly coordinator_run_id: string; readonly written: boolean } | null
  /** What admission returned; null when the key is admitted with another request. */
  readonly result: AdmitResult | null
  /** Set when the key is admitted with another request digest: nothing was written. */
  readonly conflict: AdmissionConflict | null
  /** Our run verified and planned, when we own the returned run; null otherwise. */
  readonly view: RunView | null
}

/**
 * `command: admit`: derive the dispatch from the event (or the given key), build the first
 * record, and admit it (docs/design/storage.md#admission). A conflict is a result, not a throw, so the caller decides
 * whether it fails the step.
 */
export async function admitCommand(
  options: AdmitOptions,
  /** `runUrl`: a receiver's confirmation links the workflow run that admitted it. */
  deps: CommandDeps<'runUrl'>
): Promise<AdmitOutcome> {
  const { store, clock } = deps
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
    occurred_at: timestampOf(clock.now()),
    trigger: triggerFor(options.event.name),
    actor: actorFrom(options.event.payload),
    writer: options.writer,
    dispatch_key: target.dispatch_key,
    request_digest: target.request_digest
  })
  const reuse = checkReuse(options.reuse)
  const coordinator = options.dispatch_key ? null : receiverOf(options.event)
  const stopped = (written: boolean) => ({
    target,
    result: null,
    conflict: null,
    view: null,
    stopped: { coordinator_run_id: coordinator?.run_id as string, written }
  })
  for (let tries = 1; ; tries++) {
    const decided = coordinator
      ? await decideReceiver(store, {
          namespace: options.namespace,
          coordinator,
          dispatch_key: target.dispatch_key,
          receiver_run_id: target.run_id,
          writer: options.writer,
          actor: first.actor,
          clock,
          runUrl: deps.github?.runUrl ?? null,
          refresh: tries > 1
        })
      : null
    if (decided?.kind === 'cancelled') return stopped(false)
    try {
      const result = await admit(store, {
        namespace: options.namespace,
        first_record: first,
        reuse,
        occurred_at: occurrenceTime(options.event.name, options.event.payload),
        // The default run id gets a -g<N> suffix per generation; a given one is kept as given.
        generation_run_ids: options.run_id ? 'as_given' : 'suffixed',
        follow: options.follow,
        advances: [
          ...(decided?.kind === 'confirm' ? [decided.advance] : []),
          ...((await options.advances?.(tries > 1)) ?? [])
        ]
      })
      // No confirmation was written, so no compare-and-set fenced a cancel: one that landed
      // while this receiver was admitting still stops it, and its own run is closed so that
      // nothing lists it as work to do.
      if (
        coordinator &&
        decided?.kind === 'nothing' &&
        result.created &&
        (await coordinatorCancelled(store, options.namespace, coordinator.run_id))
      ) {
        await closeStoppedReceiver(deps, result, options, coordinator.run_id)
        return stopped(true)
      }
      const view = result.owner ? viewRun(result.chain) : null
      return { target, result, conflict: null, view, stopped: null }
    } catch (error) {
      // The coordinator's ledger moved (its own answer, or a cancel): read it and decide again.
      if (error instanceof AdvanceLost && tries < WRITE_TRIES) continue
      if (!(error instanceof AdmissionConflict)) throw error
      return { target, result: null, conflict: error, view: null, stopped: null }
    }
  }
}

async function closeStoppedReceiver(
  { store, clock }: CommandDeps,
  result: AdmitResult,
  options: AdmitOptions,
  coordinator_run_id: string
): Promise<void> {
  await appendRecord(
    store,
    {
      ledger_ref: result.admission.ledger_ref,
      state: 'cancelled',
      fields: {
        note: `coordinator run ${coordinator_run_id} was cancelled: this receiver did no work`
      },
      occurred_at: timestampOf(clock.now()),
      trigger: 'system',
      actor: null,
      writer: options.writer
    },
    result.chain ?? []
  )
}

/** The coordinator a workflow_dispatch event names in `inputs.dispatch_key`, if any. */
function receiverOf(event: DispatchTargetOptions['event']) {
  if (event.name !== 'workflow_dispatch') return null
  const inputs = (event.payload as { inputs?: { dispatch_key?: unknown } } | null)?.inputs
  const named = coordinatorOf(inputs?.dispatch_key)
  if (named === null || findControlCharacter(named.run_id) !== null) return null
  return named
}

export interface AdmitRequest {
  readonly namespace: string
  /**
   * Records that follow the first one in the SAME create-only write, built from the chain as
   * it starts (one-step dispatch: its intent). Not used when the run already exists.
   */
  readonly follow?: (chain: readonly StoredEntry<LedgerRecord>[]) => LedgerRecord[]
  /**
   * Other chains moved compare-and-set in the same write as a first arrival (a receiver
   * confirming itself in its coordinator's ledger, an observer's records); AdvanceLost when
   * one of them had moved.
   */
  readonly advances?: readonly RefAdvance[]
  /** Generation 1's first record; a later generation's is this one with its own run id. */
  readonly first_record: LedgerRecord
  /** admitted_at; the first record's occurred_at when not given. */
  readonly admitted_at?: string
  /** docs/design/generations.md: which ended generations may be followed by a new one (after-terminal default). */
  readonly reuse?: Reuse
  /** When the asking event happened; null or absent: it never opens a new generation. */
  readonly occurred_at?: string | null
  /** How a generation's run id follows from the first record's (as_given by default). */
  readonly generation_run_ids?: GenerationRunIds
}

/** Why admit returned what it did. */
export type AdmitReason =
  | 'first_arrival'
  | 'new_generation'
  /** This run's own generation (a re-run or an exact replay). */
  | 'replay'
  | DuplicateReason

export interface AdmitResult {
  readonly admission: Admission
  readonly admission_ref: string
  /** The ref holding the returned admission: admission_ref for generation 1, else `.g<N>`. */
  readonly generation_ref: string
  readonly created: boolean
  readonly recorded: boolean
  /** The returned run is the one we asked to admit. */
  readonly owner: boolean
  /** Our run's ledger, oldest first; null when it is missing or the run is not ours (unread). */
  readonly chain: StoredEntry<LedgerRecord>[] | null
  readonly reason: AdmitReason
}

/** Rounds of "read, decide, create" when a race for the next generation is lost. */
const GENERATION_TRIES = 3

/**
 * docs/design/storage.md#admission, docs/design/generations.md. Optimistic: write generation 1's entries and try the create-only
 * transaction first (two git processes for a first arrival); only a refused create lists the
 * key's generations and decides: this run's own generation is replayed; otherwise the newest
 * generation answers as a duplicate, or (its run ended before the event happened) generation
 * N+1 is created, create-only in one transaction exactly like generation 1.
 */
export async function admit(store: Store, request: AdmitRequest): Promise<AdmitResult> {
  const first = checkFirstRecord(request.first_record)
  const { dispatch_key } = first.idempotency
  const admission_ref = admissionRef(request.namespace, dispatch_key)
  const admission = admissionFor(request, first, { generation: 1, previous_run_id: null })
  const refs = { admission_ref, generation_ref: admission_ref }
  const created = await tryCreate(store, refs, { admission, first, request })
  if (created) return { ...created, reason: 'first_arrival' }

  for (let round = 1; ; round++) {
    const outcome = await admitExisting(store, request, first, { refresh: round > 1 })
    if (outcome) return outcome
    if (round >= GENERATION_TRIES)
      throw new LostRace(
        `Another arrival created generation after generation of ${admission_ref} while this ` +
          `one was deciding (${GENERATION_TRIES} rounds); nothing was written. Run admit again.`
      )
  }
}

/**
 * The chain advanced in the same write as an admission had moved: nothing was written. The
 * caller re-reads that chain and decides again.
 */
export class AdvanceLost extends LostRace {}

/**
 * Writes the entries (the admission, the first record and those that follow it) and creates
 * both refs in one create-only transaction, with the request's advance if any; null if any
 * ref exists.
 */
async function tryCreate(
  store: Store,
  refs: { readonly admission_ref: string; readonly generation_ref: string },
  entries: {
    readonly admission: Admission
    readonly first: LedgerRecord
    readonly request: AdmitRequest
  }
): Promise<Omit<AdmitResult, 'reason'> | null> {
  const { admission, first, request } = entries
  const [admissionOid, recordOid] = (await store.writeEntries([
    admissionCommit(admission),
    recordCommit(first, null)
  ])) as [string, string]
  const chain: StoredEntry<LedgerRecord>[] = [{ oid: recordOid, value: first }]
  for (const record of request.follow?.(chain) ?? []) {
    const parent = (chain[chain.length - 1] as StoredEntry<LedgerRecord>).oid
    const [oid] = (await store.writeEntries([recordCommit(record, parent)])) as [string]
    chain.push({ oid, value: record })
  }
  const last = chain[chain.length - 1] as StoredEntry<LedgerRecord>
  // A run whose first write already ends it (recover's delivery, closed in the same write) is
  // archived at once, its key's end recorded, as any ending append would be.
  const creates = [
    { ref: refs.generation_ref, oid: admissionOid },
    {
      ref: admission.ledger_ref,
      oid: last.oid,
      ended: isTerminal(last.value.state),
      key: admission.dispatch_key
    }
  ]
  const advances = request.advances ?? []
  const outcome =
    advances.length > 0
      ? await store.createRefs(creates, { advances })
      : await store.createRefs(creates)
  if (outcome === 'lost')
    throw new AdvanceLost(
      `Another writer moved ${advances.map(a => a.ref).join(' or ')} while this admission was written; nothing was written.`
    )
  if (outcome !== 'created') return null
  return { admission, ...refs, created: true, recorded: true, owner: true, chain }
}

/**
 * One round over an admitted key: list its generations, read what the decision needs, and
 * replay, answer as a duplicate, or try to create the next generation (null: that race was lost).
 */
async function admitExisting(
  store: Store,
  request: AdmitRequest,
  first: LedgerRecord,
  options: { readonly refresh: boolean }
): Promise<AdmitResult | null> {
  const found = await assessGenerations(store, {
    namespace: request.namespace,
    dispatch_key: first.idempotency.dispatch_key,
    run_id: first.run_id,
    generation_run_ids: request.generation_run_ids ?? 'as_given',
    reuse: request.reuse ?? 'after-terminal',
    occurred_at: request.occurred_at ?? null,
    refresh: options.refresh
  })
  switch (found.kind) {
    case 'absent':
      throw await ledgerWithoutAdmission(
        store,
        request.namespace,
        first.run_id,
        found.admission_ref
      )
    case 'replay':
      return replay(store, first, found)
    case 'duplicate':
      return duplicateOf(first, found)
    case 'create':
      return createNext(store, request, first, found)
  }
}

type Found<K extends Assessment['kind']> = Extract<Assessment, { kind: K }>

/**
 * The create was refused but the key has no admission: our ledger exists on its own — said
 * only when the store shows it does (docs/design/writers.md#say-what-is-true).
 */
async function ledgerWithoutAdmission(
  store: Store,
  namespace: string,
  run_id: string,
  admission_ref: string
): Promise<StoreError> {
  const ledger = ledgerRef(namespace, run_id)
  const held = await store.read(reader => reader.readChain(ledger))
  if (held === null)
    return new StoreError(
      `The store refused to admit ${admission_ref} for run ${JSON.stringify(run_id)}, yet it ` +
        `holds neither that admission nor the ledger ${ledger}: another writer may have changed ` +
        `the key meanwhile. Nothing was written or claimed; re-run the step. If it repeats, ` +
        `look at the key's entry with \`git cat-file -p ${entryLocation(admission_ref)}\`.`
    )
  return new StoreError(
    `The run id ${JSON.stringify(run_id)} already has a ledger at ${ledger} ` +
      `but no admission at ${admission_ref}. Run ids must be unique per dispatch; ` +
      'give a different `run_id`, or inspect the ledger by hand.'
  )
}

/** This run's own generation: returned as it is, its first record written if it is missing. */
async function replay(
  store: Store,
  first: LedgerRecord,
  found: Found<'replay'>
): Promise<AdmitResult> {
  const own = found.entry
  checkDigest(own.admission, first.idempotency.request_digest, own.ref)
  const result = {
    admission_ref: found.admission_ref,
    created: false,
    admission: own.admission,
    generation_ref: own.ref,
    owner: true
  }
  if (found.chain) return { ...result, recorded: false, chain: found.chain, reason: 'replay' }
  const ownFirst = { ...first, run_id: own.admission.run_id }
  const completed = await completeLedger(store, own.admission, ownFirst)
  return { ...result, ...completed, reason: 'replay' }
}

/** The newest generation answers; the request digest is compared within it only. */
function duplicateOf(first: LedgerRecord, found: Found<'duplicate'>): AdmitResult {
  checkDigest(found.entry.admission, first.idempotency.request_digest, found.entry.ref)
  return {
    admission_ref: found.admission_ref,
    created: false,
    admission: found.entry.admission,
    generation_ref: found.entry.ref,
    recorded: false,
    owner: false,
    chain: null,
    reason: found.reason
  }
}

/** Generation N+1, create-only in one transaction exactly like generation 1; null if lost. */
async function createNext(
  store: Store,
  request: AdmitRequest,
  first: LedgerRecord,
  found: Found<'create'>
): Promise<AdmitResult | null> {
  const nextFirst = checkFirstRecord({ ...first, run_id: found.run_id })
  const next = admissionFor(request, nextFirst, {
    generation: found.generation,
    previous_run_id: found.previous.admission.run_id
  })
  const refs = {
    admission_ref: found.admission_ref,
    generation_ref: generationRef(found.admission_ref, found.generation)
  }
  const created = await tryCreate(store, refs, { admission: next, first: nextFirst, request })
  return created ? { ...created, reason: 'new_generation' } : null
}

function admissionFor(
  request: AdmitRequest,
  first: LedgerRecord,
  place: { readonly generation: number; readonly previous_run_id: string | null }
): Admission {
  return {
    schema: ADMISSION_SCHEMA,
    dispatch_key: first.idempotency.dispatch_key,
    request_digest: first.idempotency.request_digest,
    run_id: first.run_id,
    ledger_ref: ledgerRef(request.namespace, first.run_id),
    admitted_at: request.admitted_at ?? first.occurred_at,
    ...place
  }
}

function checkDigest(stored: Admission, request_digest: string, ref: string): void {
  if (stored.request_digest === request_digest) return
  const generation = stored.generation > 1 ? ` (generation ${stored.generation}, ${ref})` : ''
  throw new AdmissionConflict(
    `The dispatch key ${JSON.stringify(stored.dispatch_key)} is already admitted for run ` +
      `${stored.run_id}${generation} with request ${stored.request_digest}, but this request is ` +
      `${request_digest}. Nothing was written. A changed request needs a new dispatch key ` +
      '(or, once that run has ended, a new event); set `on_conflict` to output to handle ' +
      'this in the workflow instead of failing.',
    { run_id: stored.run_id, request_digest: stored.request_digest }
  )
}

/**
 * Our admission without its ledger (a crash of a non-atomic writer, or a hand edit): write
 * the first record, create-only, so racing replays write it once.
 */
async function completeLedger(
  store: Store,
  admission: Admission,
  first: LedgerRecord
): Promise<{ recorded: boolean; chain: StoredEntry<LedgerRecord>[] | null }> {
  const [recordOid] = (await store.writeEntries([recordCommit(first, null)])) as [string]
  const completed = await store.createRefs([{ ref: admission.ledger_ref, oid: recordOid }])
  if (completed === 'created') return { recorded: true, chain: [{ oid: recordOid, value: first }] }
  const again = await store.read(reader => reader.readChain(admission.ledger_ref))
  return { recorded: false, chain: again }
}

/** docs/design/storage.md#admission: an invalid first record is rejected before any ref is written. */
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
