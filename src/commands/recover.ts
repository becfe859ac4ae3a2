/**
 * `command: recover` (docs/design/recovery.md), on `workflow_run` `completed` for a coordinator workflow.
 * It admits the delivery's own key first, so a duplicated delivery recovers once; then, when
 * the coordinator failed and one of the runs it admitted can be carried on by the coordinator,
 * it asks GitHub to re-run the coordinator's failed jobs (bounded by max-attempts). The re-run
 * keeps GITHUB_RUN_ID: its admit replays and its dispatch reconciles. Its own run, admitted
 * only to deduplicate deliveries, is then closed as `cancelled` with a note.
 */
import type { RecoveryAction } from '../core/planRecovery.js'
import { actorFrom, triggerFor } from '../core/dispatchKey.js'
import { InvalidInput } from '../core/errors.js'
import type { LedgerRecord, Writer } from '../core/record.js'
import {
  admittedBy,
  classifyRerun,
  decideRecover,
  type RecoverDecision
} from '../core/recoverDecision.js'
import type { State } from '../core/states.js'
import type { StoredEntry } from '../store/store.js'
import { admitCommand } from './admit.js'
import type { CommandDeps } from './deps.js'
import type { WorkflowEvent } from './dispatchTarget.js'
import { appendRecord } from './record.js'
import { scanRuns, type ScannedRun } from './scan.js'
import {
  planObservations,
  type ObservationBoundary,
  type ObservedRun,
  type Sighting
} from './observe.js'
import {
  receiverRunOf,
  watchedRuns,
  type OnSuccess,
  type ReceiverRun
} from '../core/observation.js'
import { isReceiverKey } from '../core/receiver.js'
import { nextRunRecord } from '../core/nextRunRecord.js'
import { verifiedState } from './runView.js'
import { timestampOf } from '../core/time.js'

export interface WorkflowRunFacts {
  /** workflow_run.id: the coordinator's (or the receiver's) GITHUB_RUN_ID. */
  readonly id: number
  readonly run_attempt: number
  readonly conclusion: string | null
  /** The run as an observer reads it: status, conclusion, URL and completion time. */
  readonly run: ReceiverRun | null
}

export interface RecoverOptions {
  readonly namespace: string
  /** The workflow_run event: its v1 key deduplicates deliveries. */
  readonly event: WorkflowEvent
  /** This recovery run's id; by default gh-<GITHUB_RUN_ID>-…. */
  readonly run_id?: string
  readonly writer: Writer | null
  readonly maxAttempts: number
  /** What a successful receiver records on its coordinator's run (docs/design/lifecycle.md). */
  readonly onSuccess?: OnSuccess
  readonly onBoundary?: (boundary: ObservationBoundary) => void
}

/** What recover calls on the gateway: it re-runs the coordinator's failed jobs. */
export type RecoverDeps = CommandDeps<'hasToken' | 'where' | 'rerunFailedJobs' | 'runUrl'>

export interface RecoveredRunReport {
  readonly run_id: string
  readonly state: State
  readonly plan: RecoveryAction
  /** What recover did for it. */
  readonly done: string
}

export interface RecoverResult {
  /** The delivery's key (v1/workflow_run/…). */
  readonly dispatch_key: string
  readonly workflow_run: WorkflowRunFacts
  /** This delivery was already recovered (another delivery, or this run before). */
  readonly duplicate: boolean
  /** This workflow run owns the delivery's run. */
  readonly owner: boolean
  readonly owner_run_id: string
  readonly runs: readonly RecoveredRunReport[]
  readonly decision: RecoverDecision | null
  readonly rerun_requested: boolean
  /** The runs this delivery recorded a receiver's conclusion on (a receiver's workflow_run). */
  readonly observed: readonly ObservedRun[]
  /** Set when the step must fail: the message says what to do. */
  readonly failure: string | null
  readonly message: string
}

export async function recover(options: RecoverOptions, deps: RecoverDeps): Promise<RecoverResult> {
  const github = deps.github
  if (!github?.hasToken)
    throw new InvalidInput(
      'command: recover needs a token (the token input, default the job token). Recording a ' +
        "receiver's end needs only `permissions: contents: write`; re-running a coordinator's " +
        'failed jobs needs `actions: write` too.'
    )
  // Checked before the ledger is read: recover cannot go on without the repository.
  github.where()
  if (options.event.name !== 'workflow_run')
    throw new InvalidInput(
      'command: recover runs on the workflow_run event (types: [completed]) of the coordinator ' +
        `workflow, not on ${JSON.stringify(options.event.name)}.`
    )
  const wr = workflowRunFacts(options.event.payload)
  // One scan serves both: a receiver's delivery is recorded, a coordinator's may be re-run.
  const scanned = await scanRuns({ namespace: options.namespace }, deps)
  const finished = finishedReceiver(scanned, wr)
  if (finished) return observeReceiver(options, deps, wr, finished)
  const admitted = await admitCommand(
    {
      namespace: options.namespace,
      event: options.event,
      run_id: options.run_id,
      writer: options.writer
    },
    deps
  )
  const result = admitted.result
  const base = {
    dispatch_key: admitted.target.dispatch_key,
    workflow_run: wr,
    owner: result?.owner ?? false,
    owner_run_id: result?.admission.run_id ?? admitted.conflict?.stored.run_id ?? ''
  }
  const chain = result?.owner ? result.chain : null
  const head = chain?.[chain.length - 1]?.value
  if (!result || !chain || head?.state !== 'admitted') return duplicateDelivery(base)

  const open = openRunsOf(scanned, wr.id)
  const decision = decideRecover({
    conclusion: wr.conclusion,
    run_attempt: wr.run_attempt,
    max_attempts: options.maxAttempts,
    plans: open.map(run => run.plan.action)
  })
  const delivery: Delivery = {
    outcome: {
      ...base,
      duplicate: false,
      decision,
      rerun_requested: false,
      failure: null,
      observed: []
    },
    ledger_ref: result.admission.ledger_ref,
    chain,
    open
  }
  if (decision.rerun) return requestRerun(options, { ...deps, github }, delivery, decision)
  await close(options, deps, delivery, `recover: ${decision.reason}`)
  return { ...delivery.outcome, message: decision.reason, runs: reports(open, 'nothing') }
}

type RecoverBase = Pick<RecoverResult, 'dispatch_key' | 'workflow_run' | 'owner' | 'owner_run_id'>

/** Another delivery, or this run before, already recovered it: nothing is done twice. */
function duplicateDelivery(base: RecoverBase): RecoverResult {
  return {
    ...base,
    duplicate: true,
    runs: [],
    decision: null,
    rerun_requested: false,
    observed: [],
    failure: null,
    message: base.owner
      ? 'This workflow run already recovered this delivery; nothing is done twice.'
      : `Run ${base.owner_run_id} already handles this workflow_run delivery (a duplicate delivery); nothing is done twice.`
  }
}

type OpenRun = Extract<ScannedRun, { plan: unknown }>

/** The coordinator's runs that are not over; an orphan has no plan, so a re-run could not act on it. */
function openRunsOf(scanned: readonly ScannedRun[], coordinator: number): OpenRun[] {
  return scanned.flatMap(run =>
    'plan' in run &&
    !run.state.terminal &&
    admittedBy(String(coordinator), run.state.run_id) &&
    // A receiver's own run is never re-run: its conclusion is recorded (observeReceiver).
    !isReceiverKey(run.state.dispatch_key)
      ? [run]
      : []
  )
}

/** The delivery's own run, admitted by this workflow run, and what recover found for it. */
interface Delivery {
  readonly outcome: Omit<RecoverResult, 'runs' | 'message'>
  readonly ledger_ref: string
  readonly chain: StoredEntry<LedgerRecord>[]
  readonly open: readonly OpenRun[]
}

/** Asks GitHub once to re-run the coordinator's failed jobs, and says what it answered. */
async function requestRerun(
  options: RecoverOptions,
  deps: RecoverDeps & { readonly github: NonNullable<RecoverDeps['github']> },
  delivery: Delivery,
  decision: RecoverDecision
): Promise<RecoverResult> {
  const { outcome, open } = delivery
  const answer = classifyRerun(await deps.github.rerunFailedJobs(outcome.workflow_run.id))
  if (answer.kind === 'requested') {
    await close(options, deps, delivery, `recover: ${decision.reason}`)
    return {
      ...outcome,
      message: decision.reason,
      runs: reports(open, 're-run of the coordinator requested'),
      rerun_requested: true
    }
  }
  const failed = {
    ...outcome,
    runs: reports(open, 'nothing'),
    failure: answer.message,
    message: `${decision.reason} ${answer.message}`
  }
  // Forbidden or unknown: this run stays open, so a re-run of recovery can try again.
  if (answer.kind === 'refused') await close(options, deps, delivery, `recover: ${failed.message}`)
  return failed
}

/** What recover did for each open run of the coordinator. */
function reports(open: readonly OpenRun[], done: string): RecoveredRunReport[] {
  return open.map(run => ({
    run_id: run.state.run_id,
    state: run.state.state,
    plan: run.plan.action,
    done
  }))
}

/** The derivation already checked id and run_attempt (positive integers). */
function workflowRunFacts(payload: unknown): WorkflowRunFacts {
  const wr = (payload as { workflow_run: Record<string, unknown> }).workflow_run
  return {
    id: wr['id'] as number,
    run_attempt: wr['run_attempt'] as number,
    conclusion: typeof wr['conclusion'] === 'string' ? wr['conclusion'] : null,
    run: receiverRunOf(wr, '')
  }
}

/** Closes the delivery's own run, so `scan` never lists it. */
async function close(
  options: RecoverOptions,
  { store, clock }: CommandDeps,
  { ledger_ref, chain }: Pick<Delivery, 'ledger_ref' | 'chain'>,
  note: string
): Promise<void> {
  await appendRecord(
    store,
    {
      ledger_ref,
      state: 'cancelled',
      fields: { note: note.length > 4096 ? `${note.slice(0, 4093)}...` : note },
      occurred_at: timestampOf(clock.now()),
      trigger: triggerFor(options.event.name),
      actor: actorFrom(options.event.payload),
      writer: options.writer
    },
    chain
  )
}

/**
 * The runs a finished receiver's workflow_run concerns (docs/design/lifecycle.md#who-observes):
 * the coordinators' runs whose current attempt names this workflow run as the receiver that
 * works — or, while no receiver has admitted the attempt, as a run a dispatch answer named (a
 * receiver that died before its admit step; the attempt fails when it was the attempt's only
 * run, and otherwise the sweep or the next event reads the others) — and the receiver's own run (admitted by this workflow run under a receiver key). null
 * when this workflow run is no receiver: then the delivery is a coordinator's, handled as
 * before. A receiver whose runs were all recorded already (by the sweep, or the next event) is
 * still a receiver: its delivery writes its admission and close, and nothing more.
 */
function finishedReceiver(scanned: readonly ScannedRun[], wr: WorkflowRunFacts): Sighting[] | null {
  if (wr.run === null || wr.conclusion === null) return null
  const run = wr.run
  const id = String(wr.id)
  const planned = scanned.flatMap(r => ('plan' in r ? [r] : []))
  const own = planned.filter(
    r => admittedBy(id, r.state.run_id) && isReceiverKey(r.state.dispatch_key)
  )
  const coordinators = planned.filter(r => !r.state.terminal && watchedRuns(r.state).includes(id))
  if (coordinators.length === 0 && own.length === 0) return null
  return [
    ...coordinators.map(c => ({ run, coordinator_ref: c.ledger_ref })),
    ...own.filter(r => !r.state.terminal).map(r => ({ run, receiver_ref: r.ledger_ref }))
  ]
}

/**
 * A receiver's workflow_run: the delivery's admission, the records on the coordinator's run and
 * on the receiver's own run, and the delivery's own close — ONE write. A second delivery finds
 * its key admitted and writes nothing; an observer that wrote first leaves nothing to append,
 * and only the delivery's admission and close are written. Nothing is re-run: a failed
 * receiver is recorded, and a later event, `/ledger retry` or dispatch tries again.
 */
async function observeReceiver(
  options: RecoverOptions,
  deps: RecoverDeps,
  wr: WorkflowRunFacts,
  sightings: readonly Sighting[]
): Promise<RecoverResult> {
  let observed: readonly ObservedRun[] = []
  const observation = {
    namespace: options.namespace,
    onSuccess: options.onSuccess ?? 'decide',
    writer: options.writer,
    actor: actorFrom(options.event.payload)
  }
  const admitted = await admitCommand(
    {
      namespace: options.namespace,
      event: options.event,
      run_id: options.run_id,
      writer: options.writer,
      follow: chain => [closeRecord(options, deps, chain, observedNote(wr, observed))],
      advances: async refresh => {
        const plan = await planObservations(deps.store, sightings, { ...observation, refresh })
        observed = plan.observed
        options.onBoundary?.('after-observation-read')
        return plan.advances
      }
    },
    deps
  )
  const result = admitted.result
  const base = {
    dispatch_key: admitted.target.dispatch_key,
    workflow_run: wr,
    owner: result?.owner ?? false,
    owner_run_id: result?.admission.run_id ?? admitted.conflict?.stored.run_id ?? ''
  }
  if (!result?.created) return duplicateDelivery(base)
  return {
    ...base,
    duplicate: false,
    runs: observed.map(o => ({ run_id: o.run_id, state: o.state, plan: 'none', done: 'recorded' })),
    decision: null,
    rerun_requested: false,
    failure: null,
    observed,
    message: observedNote(wr, observed)
  }
}

/** What the delivery did, as its close note and the step's message. */
function observedNote(wr: WorkflowRunFacts, observed: readonly ObservedRun[]): string {
  const what = `recover: the receiver's workflow run ${wr.id} concluded ${String(wr.conclusion)}`
  if (observed.length === 0)
    return `${what}; its runs were already recorded, nothing more was written.`
  const runs = observed.map(o => `${o.run_id} → ${o.state}`).join(', ')
  return `${what}; recorded ${runs}. Nothing was re-run.`
}

/** The delivery's own close, in the same write as its admission (built after its first record). */
function closeRecord(
  options: RecoverOptions,
  { clock }: CommandDeps,
  chain: readonly StoredEntry<LedgerRecord>[],
  note: string
): LedgerRecord {
  const next = nextRunRecord(chain, verifiedState(chain), {
    state: 'cancelled',
    fields: { note: note.length > 4096 ? `${note.slice(0, 4093)}...` : note },
    occurred_at: timestampOf(clock.now()),
    trigger: triggerFor(options.event.name),
    actor: actorFrom(options.event.payload),
    writer: options.writer
  })
  if ('duplicate' in next) throw new Error('a new run already holds its close')
  return next.record
}
