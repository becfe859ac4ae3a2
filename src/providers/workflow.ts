/**
 * Driver `workflow` (docs/design/dispatch.md#workflow-driver): GitHub `workflow_dispatch` to a
 * fenced receiver. The receiver admits its own event first (key
 * `v1/workflow_dispatch/<repo id>/<workflow>/<dispatch_key>`) and works only when it owns that
 * key, so a second run for one dispatch does nothing. The coordinator derives the receiver's
 * key with the receiver's own derivation (core/dispatchKey) and finds the receiver's admission
 * at the arbiter to learn whether the dispatch arrived.
 */
import { deriveDispatch } from '../core/dispatchKey.js'
import { InvalidInput } from '../core/errors.js'
import {
  candidateIds,
  confirmedIds,
  RECEIVER_KEY,
  type AdmittedReceiver
} from '../core/receiver.js'
import {
  classifyWorkflowDispatch,
  type LookupOutcome,
  type SendOutcome
} from '../core/send/outcome.js'
import type { AttemptCall, Driver } from './driver.js'
import type { GitHubApi } from '../core/send/ports.js'

export interface WorkflowDriverOptions {
  readonly api: Pick<GitHubApi, 'dispatchWorkflow'>
  /** The `workflow` input: a file in .github/workflows, by name or path. */
  readonly workflow: string
  readonly ref: string
  /** The `inputs` input, without dispatch_key (the driver adds it). */
  readonly inputs: Readonly<Record<string, string>>
  /** The repository id the receiver's event carries (GITHUB_REPOSITORY_ID). */
  readonly repositoryId: number
  /** Reads, at the arbiter, the receiver that admitted a key; null when none has yet. */
  readonly findReceiver: (dispatchKey: string) => Promise<AdmittedReceiver | null>
  /** A workflow run's web address, for the confirmed receiver. */
  readonly runUrl: (workflowRunId: string) => string
}

export class WorkflowDriver implements Driver {
  readonly name = 'workflow'
  /** The receiver admits before it works: a second run for one dispatch does nothing. */
  readonly fenced = true
  /** The ledger record is appended apart from the dispatch. */
  readonly commitsWithRecord = false
  private readonly file: string

  constructor(private readonly options: WorkflowDriverOptions) {
    this.file = workflowFile(options.workflow)
  }

  /** What the receiver's `inputs.dispatch_key` is for an attempt. */
  inputsFor(call: AttemptCall): Record<string, string> {
    return { ...this.options.inputs, dispatch_key: call.idempotency_key }
  }

  /** The key the receiver derives from its workflow_dispatch event, by its own rule. */
  receiverKey(call: AttemptCall): string {
    return deriveDispatch({
      eventName: 'workflow_dispatch',
      payload: {
        repository: { id: this.options.repositoryId },
        workflow: `.github/workflows/${this.file}`,
        inputs: this.inputsFor(call)
      }
    }).dispatch_key
  }

  intentIds(call: AttemptCall): Record<string, string> {
    return { [RECEIVER_KEY]: this.receiverKey(call) }
  }

  /**
   * The run an accepted send returns is only a candidate: another run of the same attempt may
   * win the receiver admission, so the ledger names the receiver once one has admitted.
   */
  async send(call: AttemptCall, recorded: Readonly<Record<string, string>>): Promise<SendOutcome> {
    const answer = await this.options.api.dispatchWorkflow({
      workflow: this.file,
      ref: this.options.ref,
      inputs: this.inputsFor(call)
    })
    const outcome = classifyWorkflowDispatch(answer)
    if (outcome.kind !== 'submitted') return outcome
    return { kind: 'submitted', external_ids: candidateIds(recorded, outcome.external_ids) }
  }

  /** Found when a receiver admitted the attempt's key: it is the run that works. */
  async lookup(
    call: AttemptCall,
    recorded: Readonly<Record<string, string>>
  ): Promise<LookupOutcome> {
    const key = recorded[RECEIVER_KEY] ?? this.receiverKey(call)
    const receiver = await this.options.findReceiver(key)
    if (receiver === null)
      return {
        kind: 'unknown',
        reason: `no receiver has admitted ${key} yet (it may still be queued)`
      }
    return { kind: 'found', external_ids: confirmedIds(receiver, this.options.runUrl) }
  }
}

/** `receiver.yml` or `.github/workflows/receiver.yml` → `receiver.yml`. */
export function workflowFile(workflow: string): string {
  const file = workflow.startsWith('.github/workflows/')
    ? workflow.slice('.github/workflows/'.length)
    : workflow
  if (!/^[A-Za-z0-9_.-]+\.ya?ml$/.test(file) || file.startsWith('.'))
    throw new InvalidInput(
      `The workflow input ${JSON.stringify(workflow)} is not a workflow file. Name a file in ` +
        '.github/workflows, for example workflow: receiver.yml (the receiver key is derived ' +
        'from its path, so a numeric workflow id cannot be used).'
    )
  return file
}
