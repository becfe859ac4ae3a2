/**
 * `command: recover` (SPEC §11), on `workflow_run` `completed` for a coordinator workflow.
 * It admits the delivery's own key first, so a duplicated delivery recovers once; then, when
 * the coordinator failed and one of the runs it admitted can be carried on by the coordinator,
 * it asks GitHub to re-run the coordinator's failed jobs (bounded by max-attempts). The re-run
 * keeps GITHUB_RUN_ID: its admit replays and its dispatch reconciles. Its own run, admitted
 * only to deduplicate deliveries, is then closed as `cancelled` with a note.
 */
import type { DerivedDispatch } from '../core/dispatchKey.js'
import { newRecord } from '../core/newRecord.js'
import type { RecoveryAction } from '../core/planRecovery.js'
import type { Actor, LedgerRecord, Trigger } from '../core/record.js'
import {
  admittedBy,
  classifyRerun,
  decideRecover,
  type RecoverDecision
} from '../core/recoverDecision.js'
import type { HttpObservation } from '../core/sendOutcome.js'
import type { State } from '../core/states.js'
import type { Store, StoredEntry } from '../store/store.js'
import { admit } from './admit.js'
import { appendRecord } from './record.js'
import { scanRuns } from './scan.js'

export interface WorkflowRunFacts {
  /** workflow_run.id: the coordinator's GITHUB_RUN_ID. */
  readonly id: number
  readonly run_attempt: number
  readonly conclusion: string | null
}

export interface RecoverOptions {
  readonly store: Store
  readonly namespace: string
  /** The delivery's key and digest (scheme v1, workflow_run). */
  readonly delivery: DerivedDispatch
  /** This recovery run's id (gh-<GITHUB_RUN_ID>-…). */
  readonly run_id: string
  readonly workflowRun: WorkflowRunFacts
  readonly maxAttempts: number
  readonly api: { rerunFailedJobs(runId: number): Promise<HttpObservation> }
  readonly trigger: Trigger
  readonly actor: Actor | null
  readonly now: () => string
}

export interface RecoveredRunReport {
  readonly run_id: string
  readonly state: State
  readonly plan: RecoveryAction
  /** What recover did for it. */
  readonly done: string
}

export interface RecoverResult {
  /** This delivery was already recovered (another delivery, or this run before). */
  readonly duplicate: boolean
  readonly owner_run_id: string
  readonly runs: readonly RecoveredRunReport[]
  readonly decision: RecoverDecision | null
  readonly rerun_requested: boolean
  /** Set when the step must fail: the message says what to do. */
  readonly failure: string | null
  readonly message: string
}

export async function recover(options: RecoverOptions): Promise<RecoverResult> {
  const admitted = await admitDelivery(options)
  const ownerRunId = admitted.admission.run_id
  const head = admitted.chain?.[admitted.chain.length - 1]?.value
  if (!admitted.owner || !admitted.chain || head?.state !== 'admitted')
    return {
      duplicate: true,
      owner_run_id: ownerRunId,
      runs: [],
      decision: null,
      rerun_requested: false,
      failure: null,
      message: admitted.owner
        ? 'This workflow run already recovered this delivery; nothing is done twice.'
        : `Run ${ownerRunId} already handles this workflow_run delivery (a duplicate delivery); nothing is done twice.`
    }

  const wr = options.workflowRun
  const open = (await scanRuns(options.store, options.namespace)).flatMap(scanned =>
    'state' in scanned && !scanned.state.terminal && admittedBy(String(wr.id), scanned.state.run_id)
      ? [scanned]
      : []
  )
  const decision = decideRecover({
    conclusion: wr.conclusion,
    run_attempt: wr.run_attempt,
    max_attempts: options.maxAttempts,
    plans: open.map(run => run.plan.action)
  })
  let rerun_requested = false
  let done = decision.rerun ? 're-run of the coordinator requested' : 'nothing'
  let failure: string | null = null
  let message = decision.reason
  if (decision.rerun) {
    const answer = classifyRerun(await options.api.rerunFailedJobs(wr.id))
    if (answer.kind === 'requested') rerun_requested = true
    else {
      done = 'nothing'
      message = `${decision.reason} ${answer.message}`
      failure = answer.message
      // Forbidden or unknown: keep this run open, so a re-run of recovery can try again.
      if (answer.kind !== 'refused')
        return result(ownerRunId, open, decision, false, failure, message, done)
    }
  }
  await close(options, admitted.admission.ledger_ref, admitted.chain, `recover: ${message}`)
  return result(ownerRunId, open, decision, rerun_requested, failure, message, done)
}

function result(
  owner_run_id: string,
  open: ReadonlyArray<{
    state: { run_id: string; state: State }
    plan: { action: RecoveryAction }
  }>,
  decision: RecoverDecision,
  rerun_requested: boolean,
  failure: string | null,
  message: string,
  done: string
): RecoverResult {
  return {
    duplicate: false,
    owner_run_id,
    runs: open.map(run => ({
      run_id: run.state.run_id,
      state: run.state.state,
      plan: run.plan.action,
      done
    })),
    decision,
    rerun_requested,
    failure,
    message
  }
}

async function admitDelivery(options: RecoverOptions) {
  const first = newRecord({
    run_id: options.run_id,
    ledger_sequence: 1,
    previous_record_digest: null,
    state: 'admitted',
    occurred_at: options.now(),
    trigger: options.trigger,
    actor: options.actor,
    dispatch_key: options.delivery.dispatch_key,
    request_digest: options.delivery.request_digest
  })
  return admit(options.store, { namespace: options.namespace, first_record: first })
}

/** Closes the delivery's own run, so `scan` never lists it. */
async function close(
  options: RecoverOptions,
  ledger_ref: string,
  chain: StoredEntry<LedgerRecord>[],
  note: string
): Promise<void> {
  await appendRecord(
    options.store,
    {
      ledger_ref,
      state: 'cancelled',
      fields: { note: note.length > 4096 ? `${note.slice(0, 4093)}...` : note },
      occurred_at: options.now(),
      trigger: options.trigger,
      actor: options.actor
    },
    chain
  )
}
