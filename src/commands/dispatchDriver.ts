/**
 * The driver `command: dispatch` sends with (docs/design/dispatch.md#what-dispatch-does),
 * built from plain values: the driver input and its settings. The workflow driver calls the one
 * GitHub gateway and reads the receiver's admission through this layer's own reads (with the
 * name checks every command applies).
 */
import type { Writable } from 'node:stream'
import { InvalidInput } from '../core/errors.js'
import { parseJsonInput } from '../core/validate.js'
import { CommandDriver } from '../providers/command.js'
import type { Driver } from '../providers/driver.js'
import { WorkflowDriver, workflowFile } from '../providers/workflow.js'
import type { CommandDeps } from './deps.js'
import type { WorkflowEvent } from './dispatchTarget.js'
import { findReceiver } from './receiver.js'

/** The driver's settings, as the action's inputs give them. */
export interface DriverOptions {
  /** The driver input: workflow or command. */
  readonly kind: string
  /** driver workflow: the receiver workflow file, by name or path. */
  readonly workflow?: string
  /** driver workflow: the ref to dispatch on; GITHUB_REF when empty. */
  readonly ref?: string
  /** driver workflow: the receiver's inputs, a JSON object of strings (empty: none). */
  readonly inputs?: string
  /** driver command: the shell command that sends the work. */
  readonly run?: string
  /** driver command: the shell command that finds it again; empty: it cannot be looked up. */
  readonly lookup?: string
  /** driver command: the provider deduplicates by DISPATCH_IDEMPOTENCY_KEY. */
  readonly fenced?: boolean
  /** The bound on the driver command, in seconds. */
  readonly timeoutSeconds: number
  /** driver command: its working directory (the checkout). */
  readonly cwd: string
  /** The step's environment: GITHUB_REF, GITHUB_REPOSITORY_ID; the driver command's own. */
  readonly env: NodeJS.ProcessEnv
  /** driver command: where its output goes (the job log by default). */
  readonly outStream?: Writable
}

/** What the workflow driver calls on the gateway. */
export type DriverGitHub = 'hasToken' | 'repositoryName' | 'runUrl' | 'dispatchWorkflow'

export interface DriverContext {
  readonly namespace: string
  /** The event of this workflow run: its repository.id when GITHUB_REPOSITORY_ID is unset. */
  readonly event?: WorkflowEvent | undefined
}

export function buildDriver(
  options: DriverOptions,
  context: DriverContext,
  deps: CommandDeps<DriverGitHub>
): Driver {
  if (options.kind === 'command') return commandDriver(options)
  if (options.kind !== 'workflow')
    throw new InvalidInput(
      'command: dispatch needs the driver input: workflow (GitHub workflow_dispatch to a fenced ' +
        'receiver) or command (your own shell command).'
    )
  return workflowDriver(options, context, deps)
}

function commandDriver(options: DriverOptions): Driver {
  if (!options.run)
    throw new InvalidInput(
      'driver: command needs the run input: the shell command that sends the work (it gets ' +
        'DISPATCH_KEY, DISPATCH_RUN_ID, DISPATCH_ATTEMPT and DISPATCH_IDEMPOTENCY_KEY in its environment).'
    )
  return new CommandDriver({
    run: options.run,
    lookup: options.lookup ?? '',
    fenced: options.fenced ?? false,
    timeoutSeconds: options.timeoutSeconds,
    cwd: options.cwd,
    env: options.env,
    ...(options.outStream ? { outStream: options.outStream } : {})
  })
}

function workflowDriver(
  options: DriverOptions,
  context: DriverContext,
  { store, github }: CommandDeps<DriverGitHub>
): Driver {
  if (!options.workflow)
    throw new InvalidInput(
      'driver: workflow needs the workflow input: the receiver workflow file, for example receiver.yml.'
    )
  const file = workflowFile(options.workflow)
  const workflowInputs = parseWorkflowInputs(options.inputs ?? '')
  if (!github?.hasToken)
    throw new InvalidInput(
      'driver: workflow needs a token (the token input, default the job token) with `permissions: actions: write`.'
    )
  // Checked here: a repository that is not owner/name fails before anything is written.
  void github.repositoryName
  const ref = options.ref || options.env.GITHUB_REF || ''
  if (!ref) throw new InvalidInput('Set the ref input (or GITHUB_REF): the ref to dispatch on.')
  const namespace = context.namespace
  return new WorkflowDriver({
    api: github,
    workflow: file,
    ref,
    inputs: workflowInputs,
    repositoryId: repositoryId(options.env, context.event),
    findReceiver: key => findReceiver(store, namespace, key),
    runUrl: github.runUrl as (id: string) => string
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
function repositoryId(env: NodeJS.ProcessEnv, event: WorkflowEvent | undefined): number {
  const fromEnv = Number(env.GITHUB_REPOSITORY_ID)
  if (Number.isSafeInteger(fromEnv) && fromEnv > 0) return fromEnv
  const payload = event?.payload as { repository?: { id?: unknown } } | undefined
  const fromEvent = payload?.repository?.id
  if (typeof fromEvent === 'number' && Number.isSafeInteger(fromEvent) && fromEvent > 0)
    return fromEvent
  throw new InvalidInput(
    'The repository id is unknown (GITHUB_REPOSITORY_ID is not set and the event has no ' +
      'repository.id); it is part of the receiver key. Run inside a workflow.'
  )
}
