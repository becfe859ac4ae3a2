import { dispatch, type DispatchBoundary, type DispatchResult } from '../commands/dispatch.js'
import { actorFrom, triggerFor } from '../core/dispatchKey.js'
import { InvalidInput } from '../core/errors.js'
import { timestampOf } from '../core/time.js'
import { parseJsonInput } from '../core/validate.js'
import { CommandDriver } from '../providers/command.js'
import type { Driver } from '../providers/driver.js'
import { WorkflowDriver, workflowFile } from '../providers/workflow.js'
import type { Store } from '../store/store.js'
import type { WorkflowEvent } from '../commands/dispatchTarget.js'
import { findReceiver } from '../commands/receiver.js'
import { runUrlFor } from '../github/repository.js'
import type { StepContext } from './context.js'
import type { Inputs } from './inputs.js'
import { ledgerMarkdown } from './ledgerSummary.js'
import { flag, type StepReport } from './report.js'
import { notOwnedOutputs, runIdentityOutputs, runOutputs, runRows } from './runReport.js'

/** docs/design/dispatch.md: select the run, plan it, act on the plan with the configured driver. */
export async function dispatchStep(inputs: Inputs, context: StepContext): Promise<StepReport> {
  const { event, store, env } = context
  const driver = buildDriver(inputs, context)
  const result = await dispatch({
    store,
    choice: {
      namespace: inputs.namespace,
      run_id: inputs.runId,
      dispatch_key: inputs.dispatchKey,
      event,
      writer: context.writer
    },
    driver,
    trigger: triggerFor(event.name),
    actor: actorFrom(event.payload),
    writer: context.writer,
    now: () => timestampOf(new Date()),
    onBoundary: failpoint(env)
  })
  return report(result, store, driver)
}

function report(result: DispatchResult, store: Store, driver: Driver): StepReport {
  const { state } = result
  const ids = result.external_ids
  const identity = runIdentityOutputs(state, result.ledger_ref, store.name)
  const dispatchOutputs = {
    sent: flag(result.sends > 0),
    submission_state: result.submission_state ?? '',
    external_ids: JSON.stringify(ids),
    // Set only once a receiver admitted: a run a send returned is a candidate until then.
    workflow_run_id: ids['workflow_run_id'] ?? '',
    workflow_run_url: ids['html_url'] ?? ''
  }
  if (result.outcome === 'not_owner')
    return {
      outputs: {
        ...identity,
        ...notOwnedOutputs(state.run_id),
        owner: 'false',
        sent: 'false',
        submission_state: '',
        external_ids: '{}',
        workflow_run_id: '',
        workflow_run_url: '',
        receiver_confirmed: ''
      },
      summary: {
        title: 'dispatch-ledger: dispatch — not this workflow run’s',
        meaning: result.message,
        rows: [
          ['run id', state.run_id],
          ['store', store.name]
        ]
      }
    }
  const view = { state, plan: result.plan }
  const failure =
    result.outcome === 'failed' || result.outcome === 'unresolved' ? result.message : undefined
  return {
    outputs: { ...identity, owner: flag(result.owner), ...runOutputs(view), ...dispatchOutputs },
    summary: {
      title: `dispatch-ledger: dispatch — ${result.outcome}`,
      meaning: result.message,
      rows: [
        ['run id', state.run_id],
        ['driver', driver.name],
        ['requests sent by this step', String(result.sends)],
        ['attempt', result.attempt === null ? '' : String(result.attempt)],
        ['submission', result.submission_state ?? ''],
        ...Object.entries(ids).map(([name, value]) => [`external id ${name}`, value] as const),
        ['store', store.name],
        ...runRows(view)
      ],
      extra: ledgerMarkdown(result.chain, state.terminal)
    },
    failure
  }
}

function buildDriver(inputs: Inputs, context: StepContext): Driver {
  const { event, store, env, github } = context
  const timeoutSeconds = Number(inputs.timeoutSeconds)
  if (inputs.driver === 'command') {
    if (!inputs.run)
      throw new InvalidInput(
        'driver: command needs the run input: the shell command that sends the work (it gets ' +
          'DISPATCH_KEY, DISPATCH_RUN_ID, DISPATCH_ATTEMPT and DISPATCH_IDEMPOTENCY_KEY in its environment).'
      )
    return new CommandDriver({
      run: inputs.run,
      lookup: inputs.lookup,
      fenced: inputs.fenced === 'true',
      timeoutSeconds,
      cwd: inputs.repositoryPath || env.GITHUB_WORKSPACE || process.cwd(),
      env
    })
  }
  if (inputs.driver !== 'workflow')
    throw new InvalidInput(
      'command: dispatch needs the driver input: workflow (GitHub workflow_dispatch to a fenced ' +
        'receiver) or command (your own shell command).'
    )
  if (!inputs.workflow)
    throw new InvalidInput(
      'driver: workflow needs the workflow input: the receiver workflow file, for example receiver.yml.'
    )
  const file = workflowFile(inputs.workflow)
  const workflowInputs = parseWorkflowInputs(inputs.inputs)
  if (!github.hasToken)
    throw new InvalidInput(
      'driver: workflow needs a token (the token input, default the job token) with `permissions: actions: write`.'
    )
  const repository = github.repositoryName
  const ref = inputs.ref || env.GITHUB_REF || ''
  if (!ref) throw new InvalidInput('Set the ref input (or GITHUB_REF): the ref to dispatch on.')
  const namespace = inputs.namespace
  return new WorkflowDriver({
    api: github,
    workflow: file,
    ref,
    inputs: workflowInputs,
    repositoryId: repositoryId(env, event),
    findReceiver: key => findReceiver(store, namespace, key),
    runUrl: runUrlFor(env, repository)
  })
}

function parseWorkflowInputs(text: string): Record<string, string> {
  if (!text) return {}
  const value = parseJsonInput(text, 'inputs')
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !Object.values(value).every(v => typeof v === 'string')
  )
    throw new InvalidInput(
      'The inputs input must be a JSON object of strings, for example {"issue": "42"}: ' +
        'workflow_dispatch inputs are strings.'
    )
  if (Object.hasOwn(value, 'dispatch_key'))
    throw new InvalidInput(
      'The inputs input may not set dispatch_key: the action sets it to <run id>/a<attempt>, ' +
        'the key the receiver admits. Remove it.'
    )
  return { ...(value as Record<string, string>) }
}

/** The id the receiver's event carries as repository.id. */
function repositoryId(env: NodeJS.ProcessEnv, event: WorkflowEvent): number {
  const fromEnv = Number(env.GITHUB_REPOSITORY_ID)
  if (Number.isSafeInteger(fromEnv) && fromEnv > 0) return fromEnv
  const payload = event.payload as { repository?: { id?: unknown } }
  const fromEvent = payload.repository?.id
  if (typeof fromEvent === 'number' && Number.isSafeInteger(fromEvent) && fromEvent > 0)
    return fromEvent
  throw new InvalidInput(
    'The repository id is unknown (GITHUB_REPOSITORY_ID is not set and the event has no ' +
      'repository.id); it is part of the receiver key. Run inside a workflow.'
  )
}

/**
 * A fault-injection point for the crash tests: DISPATCH_LEDGER_TEST_KILL_AT names a step
 * boundary at which the process kills itself with SIGKILL, as a lost runner would. Unset in
 * real use; it can only stop this step's own process.
 */
function failpoint(env: NodeJS.ProcessEnv): ((boundary: DispatchBoundary) => void) | undefined {
  const at = env.DISPATCH_LEDGER_TEST_KILL_AT
  if (!at) return undefined
  return boundary => {
    if (boundary === at) process.kill(process.pid, 'SIGKILL')
  }
}
