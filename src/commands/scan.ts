import { DispatchLedgerError, InvalidInput, OrphanRun } from '../core/errors.js'
import type { RecoveryPlan } from '../core/planRecovery.js'
import type { RecoveredRunState } from '../core/reconstruct.js'
import type { Writer } from '../core/record.js'
import { admissionsPrefix, runsPrefix } from '../core/refs.js'
import type { Memo, StoreReader } from '../store/store.js'
import type { CommandDeps } from './deps.js'
import { admissionOfRun, listerOf, type GenerationEntry } from './generations.js'
import { viewChain } from './runView.js'
import { checkChainNames } from './storedNames.js'
import {
  recordObservations,
  watchRun,
  type ObservationOptions,
  type ObservedRun,
  type Watched
} from './observe.js'

/**
 * Scan archives the idle chains it meets (docs/design/storage.md#archived-chains), so a
 * repository whose buckets are seldom written still keeps few refs. It is housekeeping: a
 * store that refuses the write (a read-only token, contention) leaves the chains live, which
 * every reader reads the same, and the scan goes on.
 */
async function archiveIdle(store: CommandDeps['store'], namespace: string): Promise<void> {
  try {
    await store.archiveIdle?.(namespace)
  } catch (error) {
    if (!(error instanceof DispatchLedgerError)) throw error
  }
}

export interface ScanOptions {
  readonly namespace: string
}

/** The workflow run that wrote a run's newest record (null outside Actions): where to look. */
interface LastWriter {
  readonly writer: Writer | null
}

export type ScannedRun =
  | ({
      readonly ledger_ref: string
      readonly state: RecoveredRunState
      readonly plan: RecoveryPlan
    } & LastWriter)
  /** A ledger no admission admits: it verifies, but nothing may act on it, so it has no plan. */
  | ({
      readonly ledger_ref: string
      readonly state: RecoveredRunState
      readonly orphan: string
    } & LastWriter)
  | { readonly ledger_ref: string; readonly error: string }

/**
 * Every run in the namespace, each reconstructed and planned; the runs and the admissions are
 * listed, and every chain and admission read, in one session. A ledger that
 * does not verify is listed with its error rather than hidden, and a ledger that no admission
 * admits (an orphan) is listed as one, with no next action; neither stops the sweep from
 * planning the others.
 */
export async function scanRuns(
  { namespace }: ScanOptions,
  { store }: CommandDeps
): Promise<ScannedRun[]> {
  await archiveIdle(store, namespace)
  return store.read(async reader => {
    // The reader's own listing, where it has one: the listings and every chain and admission
    // then go through one session, a constant number of processes however many runs.
    const lister = listerOf(store, reader)
    const list = (prefix: string) => lister.listRefs(prefix)
    const refs = await list(runsPrefix(namespace))
    // Listed only when a run's generation 1 is not its own (a later generation, an orphan):
    // most runs are admitted by name, and the listing reads every key's tree.
    let listing: Promise<string[]> | null = null
    const admissions = () =>
      (listing ??= list(admissionsPrefix(namespace)).then(all => all.map(entry => entry.ref)))
    const derive = async (ref: string): Promise<Derived> => {
      try {
        const chain = await reader.readChain(ref)
        if (!chain) return { run: null, admitted: null } // deleted since it was listed
        checkChainNames(namespace, ref, chain)
        const view = viewChain(chain)
        const writer = chain[chain.length - 1]?.value.writer ?? null
        let admitted: GenerationEntry
        try {
          const { run_id, dispatch_key } = view.state
          admitted = await admissionOfRun(
            store,
            reader,
            { namespace, run_id, dispatch_key },
            admissions
          )
        } catch (error) {
          if (!(error instanceof OrphanRun)) throw error
          return {
            run: { ledger_ref: ref, state: view.state, orphan: error.message, writer },
            admitted: null
          }
        }
        return { run: { ledger_ref: ref, ...view, writer }, admitted }
      } catch (error) {
        if (!(error instanceof DispatchLedgerError)) throw error
        return { run: { ledger_ref: ref, error: error.message }, admitted: null }
      }
    }
    const memo = store.memo && reader.chainId && reader.admissionId ? store.memo : null
    const scanned = await inOrder(
      refs.map(r => r.ref),
      SCAN_WIDTH,
      memo
        ? ref => remembered(ref, { memo, reader: reader as IdReader }, derive)
        : async ref => (await derive(ref)).run
    )
    return scanned.filter((run): run is ScannedRun => run !== null)
  })
}

type IdReader = Required<Pick<StoreReader, 'chainId' | 'admissionId'>>

/** What the memo keeps of a planned run: the view, and the admission it was checked against. */
interface RememberedRun {
  readonly state: RecoveredRunState
  readonly plan: RecoveryPlan
  readonly writer: Writer | null
  readonly admission_ref: string
  readonly admission_id: string
}

/** The shape a kept view must have to be used at all (the memo is a file on disk). */
function isRemembered(value: unknown): value is RememberedRun {
  const kept = value as Partial<RememberedRun> | null | undefined
  return (
    typeof kept?.state === 'object' &&
    kept.state !== null &&
    typeof kept.plan === 'object' &&
    kept.plan !== null &&
    typeof kept.admission_ref === 'string' &&
    typeof kept.admission_id === 'string'
  )
}

/** A run as scan derives it, and the admission that admitted it (null: none did). */
interface Derived {
  readonly run: ScannedRun | null
  readonly admitted: GenerationEntry | null
}

/**
 * A run derived, or what was derived before from the same bytes (Store.memo). A planned run
 * depends only on its chain and, when its key's generation 1 admits it, on that admission: the
 * memo's key names the chain's id, and the admission's id is compared before the view is used.
 * Anything else — an orphan, a later generation, a run that does not verify — is derived again
 * every time, and so is a run whose ids moved while it was read.
 */
async function remembered(
  ref: string,
  { memo, reader }: { memo: Memo; reader: IdReader },
  derive: (ref: string) => Promise<Derived>
): Promise<ScannedRun | null> {
  const chain = await reader.chainId(ref)
  if (chain === null) return (await derive(ref)).run
  // The ref names its namespace and its bucket, so with the chain's id it names the bytes.
  const key = `${ref} ${chain}`
  const kept = memo.get(key)
  if (isRemembered(kept) && (await reader.admissionId(kept.admission_ref)) === kept.admission_id)
    return { ledger_ref: ref, state: kept.state, plan: kept.plan, writer: kept.writer }
  const { run, admitted } = await derive(ref)
  if (!run || !('plan' in run) || admitted?.generation !== 1) return run
  const admission = await reader.admissionId(admitted.ref)
  if (admission !== null && (await reader.chainId(ref)) === chain)
    memo.set(key, {
      state: run.state,
      plan: run.plan,
      writer: run.writer,
      admission_ref: admitted.ref,
      admission_id: admission
    } satisfies RememberedRun)
  return run
}

/**
 * How many runs scan reads at once: their object requests then reach the session's one
 * `git cat-file --batch` together (one write, answered in one stream) instead of one round trip
 * each. The store serialises any fetch a read triggers.
 */
export const SCAN_WIDTH = 64

/** fn over items, at most `width` at a time, the answers in the items' order. */
async function inOrder<T, R>(
  items: readonly T[],
  width: number,
  fn: (item: T) => Promise<R>
): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      out[index] = await fn(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker))
  return out
}

export interface SweepOptions extends ScanOptions, Omit<ObservationOptions, 'namespace'> {
  /** Look up every run waiting on a receiver and record the concluded ones (one write). */
  readonly observe: boolean
}

export interface SweepResult {
  /** The runs as they are after the sweep's write. */
  readonly runs: ScannedRun[]
  /** The runs the sweep recorded a conclusion on. */
  readonly observed: readonly ObservedRun[]
  /** Receivers that could not be read (GitHub's answer), each naming its run; nothing guessed. */
  readonly unknown: readonly string[]
  /**
   * REST requests made: one per run waiting on a confirmed receiver, one per candidate run of
   * an attempt no receiver has admitted (usually one).
   */
  readonly lookups: number
}

/** How many receivers the sweep looks up at once. */
const LOOKUP_WIDTH = 8

/**
 * `scan` with observe (docs/design/lifecycle.md#the-sweep): every run at observe_provider whose
 * receiver is known — confirmed, or the runs an unconfirmed attempt was sent as — is looked up
 * with one REST read each, and every concluded one is recorded in ONE atomic write for the
 * whole sweep; a sweep that finds nothing concluded writes nothing.
 */
export async function sweepRuns(
  options: SweepOptions,
  deps: CommandDeps<'getWorkflowRun' | 'runUrl' | 'hasToken'>
): Promise<SweepResult> {
  const runs = await scanRuns(options, deps)
  if (!options.observe) return { runs, observed: [], unknown: [], lookups: 0 }
  const github = deps.github
  if (!github?.hasToken)
    throw new InvalidInput(
      'scan with observe: true needs a token (the token input, default the job token) with ' +
        '`permissions: actions: read`, to look the receivers up.'
    )
  const waiting = runs.flatMap(run =>
    'plan' in run && run.plan.action === 'observe_provider' ? [run] : []
  )
  const watched = await inOrder(waiting, LOOKUP_WIDTH, w => watchRun(github, w.state, w.ledger_ref))
  const unknown: string[] = []
  let lookups = 0
  const sightings = waiting.flatMap((w, i) => {
    const answer = watched[i] as Watched | null
    if (answer === null) return []
    lookups += answer.lookups
    if (answer.kind === 'unknown') {
      unknown.push(`${w.ledger_ref}: ${answer.reason}`)
      return []
    }
    return answer.kind === 'concluded' ? [answer.sighting] : []
  })
  const base = { unknown, lookups }
  if (sightings.length === 0) return { runs, observed: [], ...base }
  const observed = await recordObservations(deps.store, sightings, options)
  return { runs: observed.length > 0 ? await scanRuns(options, deps) : runs, observed, ...base }
}
