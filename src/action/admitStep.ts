import {
  admitCommand,
  type AdmitOutcome,
  type AdmitResult,
  type DuplicateReason
} from '../commands/admit.js'
import type { DispatchTarget, WorkflowEvent } from '../commands/dispatchTarget.js'
import { inertText, ledgerRef } from '../commands/reporting.js'
import type { StepContext } from './context.js'
import { jsonInput, type Inputs } from './inputs.js'
import { flag, type StepReport } from './report.js'
import { notOwnedOutputs, runOutputs, runRows } from './runReport.js'

/** `command: admit`: inputs to admitCommand; its outcome to outputs and a summary. */
export async function admitStep(inputs: Inputs, context: StepContext): Promise<StepReport> {
  const outcome = await admitCommand(
    {
      namespace: inputs.namespace,
      event: context.event,
      dispatch_key: inputs.dispatchKey,
      request: jsonInput(inputs.request, 'request'),
      run_id: inputs.runId,
      initial_state: inputs.initialState,
      reuse: inputs.reuse,
      writer: context.writer
    },
    context
  )
  if (outcome.stopped) return stoppedReport(outcome, context.store.name)
  return outcome.conflict
    ? conflictReport(inputs, outcome, context.store.name)
    : admittedReport(
        outcome,
        context.store.name,
        isReceiver(context.event),
        context.github?.runUrl ?? null
      )
}

/**
 * A link to the workflow run that owns a run, for a person reading a non-owner's summary:
 * run ids this action makes are `gh-<GITHUB_RUN_ID>-…`, and the run's address is formed as
 * GitHub forms it (GITHUB_SERVER_URL, GITHUB_REPOSITORY). Nothing when either is unknown or
 * the run id was given by hand; every value is escaped as the summary's other values are.
 */
export function owningRunLink(
  runId: string,
  runUrl: ((workflowRunId: string) => string) | null
): string | undefined {
  const workflowRunId = /^gh-(\d+)-/.exec(runId)?.[1]
  if (workflowRunId === undefined || runUrl === null) return undefined
  const url = runUrl(workflowRunId)
  if (!/^https?:\/\/[^\s]+$/.test(url)) return undefined
  return `<p>Owning workflow run: <a href="${inertText(url)}">${inertText(`workflow run ${workflowRunId}`)}</a> (run id <code>${inertText(runId)}</code>).</p>`
}

/**
 * A receiver is the workflow run a dispatch started: a workflow_dispatch whose inputs carry
 * the dispatch_key the dispatcher set. Its admit is the fence before the work, so its text
 * tells it to run the work, never to dispatch it again.
 */
function isReceiver(event: WorkflowEvent): boolean {
  if (event.name !== 'workflow_dispatch') return false
  const inputs = (event.payload as { inputs?: { dispatch_key?: unknown } } | null)?.inputs
  return typeof inputs?.dispatch_key === 'string' && inputs.dispatch_key !== ''
}

const RECEIVER_NEXT = 'run the work'
const RECEIVER_WHY =
  "This workflow run received this dispatch and owns it: run the work now (gate it on owner == 'true'). Nothing is to be dispatched from here; for a receiver, recovery_action=dispatch means only that the work has not started yet."

/**
 * The receiver's words for a plan that says dispatch. The outputs' values are left as they
 * are (workflows test them in if: expressions); only the text a person reads changes.
 */
function forReceiver(
  outputs: Record<string, string>,
  rows: Array<[string, string]>
): { outputs: Record<string, string>; rows: Array<[string, string]> } {
  if (outputs.recovery_action !== 'dispatch') return { outputs, rows }
  return {
    outputs: { ...outputs, recovery_reason: RECEIVER_WHY },
    rows: rows.map(([field, value]): [string, string] =>
      field === 'next action'
        ? [field, `${RECEIVER_NEXT} (recovery_action=${value})`]
        : field === 'why'
          ? [field, RECEIVER_WHY]
          : [field, value]
    )
  }
}

/** A receiver whose coordinator was cancelled: it must not work (owner=false). */
function stoppedReport(outcome: AdmitOutcome, store: string): StepReport {
  const { target } = outcome
  const stopped = outcome.stopped as NonNullable<AdmitOutcome['stopped']>
  const meaning =
    `The coordinator run ${stopped.coordinator_run_id} that dispatched this workflow was ` +
    'cancelled' +
    (stopped.written ? ' while this run was admitting' : ', so nothing was admitted') +
    '. Do not run the work: owner is false.'
  return {
    outputs: {
      ...keyOutputs(target, store),
      ...notOwnedOutputs(target.run_id),
      run_id: stopped.written ? target.run_id : '',
      owner: 'false',
      created: flag(stopped.written),
      recorded: flag(stopped.written),
      ledger_ref: stopped.written ? target.ledger_ref : '',
      conflict: 'false',
      recovery_reason: meaning
    },
    summary: {
      title: 'dispatch-ledger: admit — coordinator cancelled',
      meaning,
      rows: [
        ['dispatch key', target.dispatch_key],
        ['coordinator run id', stopped.coordinator_run_id],
        ['owner', 'false'],
        ['store', store]
      ]
    }
  }
}

function keyOutputs(target: DispatchTarget, store: string): Record<string, string> {
  return {
    dispatch_key: target.dispatch_key,
    dispatch_key_hash: target.dispatch_key_hash,
    request_digest: target.request_digest,
    admission_ref: target.admission_ref,
    store
  }
}

function admittedReport(
  outcome: AdmitOutcome,
  store: string,
  receiver: boolean,
  runUrl: ((workflowRunId: string) => string) | null
): StepReport {
  const { target, view } = outcome
  const result = outcome.result as NonNullable<AdmitOutcome['result']>
  const runId = result.admission.run_id
  const plain = {
    outputs: result.owner ? runOutputs(view) : notOwnedOutputs(runId),
    rows: result.owner ? runRows(view) : []
  }
  const run = receiver && result.owner ? forReceiver(plain.outputs, plain.rows) : plain
  const meaning = admitMeaning(result, view?.plan.action ?? 'none', receiver)
  return {
    outputs: {
      ...keyOutputs(target, store),
      run_id: runId,
      owner: flag(result.owner),
      created: flag(result.created),
      recorded: flag(result.recorded),
      ledger_ref: result.admission.ledger_ref,
      conflict: 'false',
      generation: String(result.admission.generation),
      ...run.outputs
    },
    summary: {
      title: 'dispatch-ledger: admit',
      meaning,
      rows: [
        ['dispatch key', target.dispatch_key],
        ['request digest', target.request_digest],
        ['run id', runId],
        ['generation', String(result.admission.generation)],
        ['created', flag(result.created)],
        ['owner', flag(result.owner)],
        ['store', store],
        ...run.rows
      ],
      ...(result.owner ? {} : { extra: owningRunLink(runId, runUrl) })
    }
  }
}

function conflictReport(inputs: Inputs, outcome: AdmitOutcome, store: string): StepReport {
  const { target } = outcome
  const conflict = outcome.conflict as NonNullable<AdmitOutcome['conflict']>
  return {
    outputs: {
      ...keyOutputs(target, store),
      run_id: conflict.stored.run_id,
      owner: flag(conflict.stored.run_id === target.run_id),
      created: 'false',
      recorded: 'false',
      ledger_ref: ledgerRef(inputs.namespace, conflict.stored.run_id),
      conflict: 'true'
    },
    summary: {
      title: 'dispatch-ledger: admit — conflict',
      meaning: conflict.message,
      rows: [
        ['dispatch key', target.dispatch_key],
        ['this request', target.request_digest],
        ['admitted request', conflict.stored.request_digest],
        ['admitted run id', conflict.stored.run_id],
        ['store', store]
      ]
    },
    failure: inputs.onConflict === 'fail' ? conflict.message : undefined
  }
}

/** Why a duplicate stayed one (docs/design/generations.md), in the words a workflow author needs. */
const DUPLICATE_BECAUSE: Readonly<Record<DuplicateReason, string>> = {
  not_terminal: 'its run has not ended, so every arrival is a duplicate of it',
  reuse_never: 'reuse is never, so an ended run is never followed by a new one',
  not_cancelled: 'reuse is after-cancelled and that run did not end cancelled',
  no_occurrence_time:
    'this event carries no occurrence time (only issues, pull_request and issue_comment do), so it cannot be told from a late duplicate; set a new dispatch-key to run again',
  not_after_end: 'this event happened before that run ended (a redelivery or a late duplicate)'
}

function admitMeaning(result: AdmitResult, next: string, receiver: boolean): string {
  const generation = result.admission.generation
  const which = generation > 1 ? ` (generation ${generation})` : ''
  // A receiver runs the work it received; anyone else dispatches it.
  const work = receiver ? 'Run the work.' : 'Dispatch the work.'
  const nextAction = receiver && next === 'dispatch' ? RECEIVER_NEXT : next
  switch (result.reason) {
    case 'first_arrival':
      return `This workflow run admitted the dispatch: it is the one run for this key. ${work}`
    case 'new_generation':
      return `The key's previous run (${result.admission.previous_run_id}) had ended before this event happened, so this is a new request: this workflow run admitted generation ${generation}. ${work}`
    case 'replay':
      return `This workflow run already admitted this dispatch${which} (a re-run or an exact replay); nothing new was admitted. Go on with the next action: ${nextAction}.`
    default:
      return `Another workflow run admitted this dispatch first (run ${result.admission.run_id}${which}); this is a duplicate because ${DUPLICATE_BECAUSE[result.reason]}. ${receiver ? 'Do not run the work' : 'Do not dispatch'}: the work belongs to that run.`
  }
}
