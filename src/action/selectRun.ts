import type { RunSelector } from '../commands/readRun.js'
import { deriveDispatch } from '../core/dispatchKey.js'
import { InvalidInput } from '../core/errors.js'
import type { LoadedEvent } from './event.js'
import type { Inputs } from './inputs.js'

/**
 * record and plan act on a run named by run-id or by dispatch-key, so sweeps and recovery
 * workflows (schedule, workflow_run) never need the triggering event; with neither, the
 * key is derived from the event as admit derives it.
 */
export function selectRun(inputs: Inputs, event: LoadedEvent): RunSelector {
  if (inputs.runId) return { by: 'run_id', run_id: inputs.runId }
  if (inputs.dispatchKey) return { by: 'dispatch_key', dispatch_key: inputs.dispatchKey }
  if (!event.name)
    throw new InvalidInput(`command: ${inputs.command} needs the run-id or the dispatch-key input.`)
  const derived = deriveDispatch({ eventName: event.name, payload: event.payload })
  return { by: 'dispatch_key', dispatch_key: derived.dispatch_key }
}

/** With both inputs given, the run must be the one the key admitted. */
export function checkSelectedKey(inputs: Inputs, dispatchKey: string): void {
  if (inputs.runId && inputs.dispatchKey && inputs.dispatchKey !== dispatchKey)
    throw new InvalidInput(
      `Run ${JSON.stringify(inputs.runId)} belongs to dispatch key ${JSON.stringify(dispatchKey)}, ` +
        `not ${JSON.stringify(inputs.dispatchKey)}. Give one of run-id and dispatch-key, or both matching.`
    )
}
