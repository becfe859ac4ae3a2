/**
 * How a run ends when its work ends (docs/design/lifecycle.md): the observers' one write. Given
 * what GitHub said of receivers' workflow runs, it reads each coordinator's run and its
 * receiver's own run at the arbiter, decides the records (core/observation.ts) and returns them
 * as compare-and-set appends for ONE atomic write: recover puts them in the same write as its
 * delivery's admission, scan's sweep and a later event's on-demand look write them alone. A
 * lost compare-and-set is read and decided again; a run another observer already ended
 * yields no append, so every observer after the first writes nothing.
 */
import { WRITE_TRIES } from '../core/chain/definition.js'
import { recordCommit } from '../core/entry.js'
import { LostRace } from '../core/errors.js'
import { nextRunRecord } from '../core/nextRunRecord.js'
import {
  awaitedReceiver,
  classifyReceiver,
  coordinatorRecords,
  lookupConcludedAt,
  lookupRecords,
  observedAt,
  receiverRecord,
  receiverRunOf,
  unconfirmedReceiver,
  watchedRuns,
  type OnSuccess,
  type ReceiverRun
} from '../core/observation.js'
import type { Actor, LedgerRecord, Writer } from '../core/record.js'
import { RUN_CHAIN, type RecoveredRunState } from '../core/reconstruct.js'
import { admissionRef } from '../core/refs.js'
import { isTerminal } from '../core/states.js'
import { timestampOf } from '../core/time.js'
import type { RefAdvance, Store, StoreReader, StoredEntry } from '../store/store.js'
import type { CommandDeps } from './deps.js'
import { verifiedState } from './runView.js'
import { checkChainNames } from './storedNames.js'

/** What GitHub said of one receiver, and the runs it concerns. */
export interface Sighting {
  /** The receiver's workflow run (for an attempt no receiver admitted, its newest run). */
  readonly run: ReceiverRun
  /**
   * The other runs an unconfirmed attempt was sent as, as looked up: it fails only once every
   * one has concluded (core/observation.ts).
   */
  readonly others?: readonly ReceiverRun[]
  /** The coordinator's ledger that waits on it, if any. */
  readonly coordinator_ref?: string
  /** The receiver's own ledger, when known; else found through the coordinator's receiver key. */
  readonly receiver_ref?: string
}

/** Where a test may kill an observer: its records decided and written as objects, not pushed. */
export type ObservationBoundary = 'after-observation-read'

export interface ObservationOptions {
  readonly namespace: string
  readonly onBoundary?: (boundary: ObservationBoundary) => void
  readonly onSuccess: OnSuccess
  /** Who writes (the observer's workflow run), and the actor of the event it runs on. */
  readonly writer: Writer | null
  readonly actor: Actor | null
}

/** One run an observation ends or fails, for outputs and the summary. */
export interface ObservedRun {
  readonly run_id: string
  readonly ledger_ref: string
  /** The state the observation leaves it in. */
  readonly state: LedgerRecord['state']
  readonly receiver_url: string
}

export interface PlannedObservation {
  readonly advances: readonly RefAdvance[]
  readonly observed: readonly ObservedRun[]
}

/**
 * The appends the sightings call for, read at the arbiter (`refresh` after a lost write): for
 * each, the coordinator's records and the receiver's own end. Empty when every run is already
 * past what was seen.
 */
export async function planObservations(
  store: Store,
  sightings: readonly Sighting[],
  options: ObservationOptions & { readonly refresh: boolean }
): Promise<PlannedObservation> {
  const advances: RefAdvance[] = []
  const observed: ObservedRun[] = []
  const seen = new Set<string>()
  await store.read(async reader => {
    for (const sighting of sightings) {
      const at = timestampOf(observedAt(sighting.run) ?? new Date())
      const append = async (
        ref: string,
        decide: (state: RecoveredRunState) => Drafts | Promise<Drafts>
      ) => {
        if (seen.has(ref)) return null
        const chain = await readRun(reader, options, ref)
        if (chain === null) return null
        const state = verifiedState(chain)
        const drafts = await decide(state)
        if (drafts.length === 0) return state
        seen.add(ref)
        const advance = await appendAll(store, chain, state, drafts, { ...options, at })
        advances.push({ ref, ...advance })
        observed.push({
          run_id: state.run_id,
          ledger_ref: ref,
          state: advance.last.state,
          receiver_url: sighting.run.html_url
        })
        return state
      }
      let receiverRef = sighting.receiver_ref ?? null
      if (sighting.coordinator_ref) {
        const runs = [sighting.run, ...(sighting.others ?? [])]
        const state = await append(sighting.coordinator_ref, async s =>
          coordinatorRecords(s, runs, {
            onSuccess: options.onSuccess,
            receiverAdmitted: await receiverAdmitted(reader, options.namespace, s)
          })
        )
        receiverRef ??= state ? await receiverLedger(reader, options.namespace, state) : null
      }
      if (receiverRef) await append(receiverRef, s => single(receiverRecord(s, sighting.run)))
    }
  })
  return { advances, observed }
}

type Drafts = ReturnType<typeof coordinatorRecords>

function single(draft: Drafts[number] | null): Drafts {
  return draft ? [draft] : []
}

async function readRun(
  reader: StoreReader,
  options: ObservationOptions & { readonly refresh: boolean },
  ref: string
): Promise<StoredEntry<LedgerRecord>[] | null> {
  const chain = await reader.readChain(ref, RUN_CHAIN, { refresh: options.refresh })
  if (chain === null || chain.length === 0) return null
  checkChainNames(options.namespace, ref, chain)
  return chain
}

/** The receiver's own ledger, through the admission of the key the coordinator recorded. */
async function receiverLedger(
  reader: StoreReader,
  namespace: string,
  state: RecoveredRunState
): Promise<string | null> {
  const key = awaitedOrLast(state)
  if (!key) return null
  const admission = await reader.readAdmission(admissionRef(namespace, key))
  return admission?.value.ledger_ref ?? null
}

/**
 * For an attempt no receiver has confirmed: whether its receiver key was admitted all the same
 * (then the attempt is never failed for want of a confirmation). Not read otherwise.
 */
async function receiverAdmitted(
  reader: StoreReader,
  namespace: string,
  state: RecoveredRunState
): Promise<boolean> {
  const unconfirmed = unconfirmedReceiver(state)
  if (unconfirmed === null) return false
  return (await reader.readAdmission(admissionRef(namespace, unconfirmed.receiver_key))) !== null
}

/** The receiver key of the attempt observed (read before the observation moved the state). */
function awaitedOrLast(state: RecoveredRunState): string | null {
  const awaited = awaitedReceiver(state)
  if (awaited) return awaited.receiver_key
  const current = state.attempts.find(a => a.number === state.current_attempt)
  return current?.external_ids['receiver_key'] ?? null
}

/** The drafts appended one after another as commits on the chain's head; not yet visible. */
async function appendAll(
  store: Store,
  chain: readonly StoredEntry<LedgerRecord>[],
  state: RecoveredRunState,
  drafts: Drafts,
  options: ObservationOptions & { readonly at: string }
): Promise<{ next: string; expected: string; ended: boolean; key: string; last: LedgerRecord }> {
  const expected = (chain[chain.length - 1] as StoredEntry<LedgerRecord>).oid
  let entries = [...chain]
  let current = state
  let last: LedgerRecord | null = null
  for (const draft of drafts) {
    const next = nextRunRecord(entries, current, {
      state: draft.state,
      fields: draft.fields,
      occurred_at: options.at,
      trigger: 'provider_observation',
      actor: options.actor,
      writer: options.writer
    })
    if ('duplicate' in next) continue
    const parent = (entries[entries.length - 1] as StoredEntry<LedgerRecord>).oid
    const [oid] = (await store.writeEntries([recordCommit(next.record, parent)])) as [string]
    entries = [...entries, { oid, value: next.record }]
    current = verifiedState(entries)
    last = next.record
  }
  const head = entries[entries.length - 1] as StoredEntry<LedgerRecord>
  const record = last ?? head.value
  return {
    next: head.oid,
    expected,
    ended: isTerminal(record.state),
    key: state.dispatch_key,
    last: record
  }
}

/**
 * The sightings' records in one atomic write of their own (scan's sweep, an on-demand look):
 * planned, written, and on a lost compare-and-set planned again from what won, at most
 * WRITE_TRIES times. Returns what it recorded (empty: nothing was left to record).
 */
export async function recordObservations(
  store: Store,
  sightings: readonly Sighting[],
  options: ObservationOptions
): Promise<readonly ObservedRun[]> {
  for (let tries = 1; ; tries++) {
    const plan = await planObservations(store, sightings, { ...options, refresh: tries > 1 })
    if (plan.advances.length === 0) return []
    options.onBoundary?.('after-observation-read')
    if ((await store.createRefs([], { advances: plan.advances })) !== 'lost') return plan.observed
    if (tries >= WRITE_TRIES)
      throw new LostRace(
        `Other writers moved the observed runs each of the ${WRITE_TRIES} times this step wrote ` +
          'their conclusions, so nothing was written. Run it again: it reads and decides anew.'
      )
  }
}

/**
 * A command driver's lookup reported how the work ended (core/observation.ts lookupRecords):
 * its records on the run, in one write of their own, dated by its `concluded_at` (else `now`);
 * a lost compare-and-set is read and decided again. Returns what it recorded, or null when
 * nothing was left to record.
 */
export async function recordLookupEnd(
  store: Store,
  ledger_ref: string,
  found: Readonly<Record<string, string>>,
  options: ObservationOptions & { readonly now: Date }
): Promise<ObservedRun | null> {
  const at = timestampOf(lookupConcludedAt(found, options.now) ?? options.now)
  for (let tries = 1; ; tries++) {
    const chain = await store.read(reader =>
      readRun(reader, { ...options, refresh: tries > 1 }, ledger_ref)
    )
    if (chain === null) return null
    const state = verifiedState(chain)
    const drafts = lookupRecords(state, found, options)
    if (drafts.length === 0) return null
    const advance = await appendAll(store, chain, state, drafts, { ...options, at })
    options.onBoundary?.('after-observation-read')
    const written = await store.createRefs([], { advances: [{ ref: ledger_ref, ...advance }] })
    if (written !== 'lost')
      return { run_id: state.run_id, ledger_ref, state: advance.last.state, receiver_url: '' }
    if (tries >= WRITE_TRIES)
      throw new LostRace(
        `Other writers moved run ${state.run_id} each of the ${WRITE_TRIES} times this step ` +
          'wrote what its lookup reported, so nothing was written. Run it again: it reads and decides anew.'
      )
  }
}

/** What looking a receiver up at GitHub gave: its run, or why it could not be read. */
export type Looked = { readonly run: ReceiverRun } | { readonly unknown: string }

/** One REST read of a receiver's workflow run (GET …/actions/runs/{id}). */
export async function lookReceiverUp(
  github: Pick<
    NonNullable<CommandDeps<'getWorkflowRun' | 'runUrl'>['github']>,
    'getWorkflowRun' | 'runUrl'
  >,
  workflowRunId: string
): Promise<Looked> {
  const answer = await github.getWorkflowRun(workflowRunId)
  if ('error' in answer) return { unknown: `no answer from the API (${answer.error})` }
  if (answer.status !== 200)
    return {
      unknown:
        `GitHub answered HTTP ${answer.status} for workflow run ${workflowRunId}` +
        (answer.status === 403 || answer.status === 404
          ? ' (the job needs `permissions: actions: read`)'
          : '')
    }
  const fallback = github.runUrl?.(workflowRunId) ?? ''
  const run = receiverRunOf(answer.body, fallback)
  return run && run.id === workflowRunId
    ? { run }
    : { unknown: `GitHub's answer for workflow run ${workflowRunId} is not a workflow run` }
}

/** What looking up the workflow runs a run waits on gave (docs/design/lifecycle.md). */
export type Watched =
  /** Every run looked at has concluded: the sighting to record (it may record nothing). */
  | { readonly kind: 'concluded'; readonly sighting: Sighting; readonly lookups: number }
  /** A run still works (or has not admitted yet): a later event is a duplicate of it. */
  | {
      readonly kind: 'working'
      readonly run: ReceiverRun
      readonly confirmed: boolean
      readonly lookups: number
    }
  /** GitHub's answer could not be read: nothing is guessed. */
  | { readonly kind: 'unknown'; readonly reason: string; readonly lookups: number }

/**
 * One REST read per workflow run the coordinator's run waits on (core/observation.ts
 * watchedRuns): its confirmed receiver, or every run its unconfirmed attempt was sent as. Null
 * when it waits on none (not at observe_provider, or a send GitHub answered without a run id).
 */
export async function watchRun(
  github: Parameters<typeof lookReceiverUp>[0],
  state: RecoveredRunState,
  ledger_ref: string
): Promise<Watched | null> {
  const ids = watchedRuns(state)
  if (ids.length === 0) return null
  const confirmed = awaitedReceiver(state) !== null
  const runs: ReceiverRun[] = []
  for (const id of ids) {
    const looked = await lookReceiverUp(github, id)
    const lookups = runs.length + 1
    if ('unknown' in looked) return { kind: 'unknown', reason: looked.unknown, lookups }
    if (!concluded(looked.run)) return { kind: 'working', run: looked.run, confirmed, lookups }
    runs.push(looked.run)
  }
  const newest = runs[runs.length - 1] as ReceiverRun
  return {
    kind: 'concluded',
    sighting: { run: newest, others: runs.slice(0, -1), coordinator_ref: ledger_ref },
    lookups: runs.length
  }
}

/** Whether GitHub's answer says the receiver's work is over (anything but still working). */
export function concluded(run: ReceiverRun): boolean {
  return classifyReceiver(run).kind !== 'working'
}
