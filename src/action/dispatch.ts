import { deriveDispatch, type DerivedDispatch } from '../core/dispatchKey.js'
import { InvalidInput } from '../core/errors.js'
import { keyHash } from '../core/refs.js'
import { parseJsonInput } from '../core/validate.js'
import type { Inputs } from './inputs.js'
import type { LoadedEvent } from './event.js'

/** The dispatch this step is about: key, digest and the run id it would admit. */
export interface StepDispatch extends DerivedDispatch {
  readonly run_id: string
}

export function resolveDispatch(
  inputs: Inputs,
  event: LoadedEvent,
  env: NodeJS.ProcessEnv
): StepDispatch {
  const request = inputs.request ? parseJsonInput(inputs.request, 'request') : undefined
  const derived = deriveDispatch({
    eventName: event.name,
    payload: event.payload,
    dispatchKey: inputs.dispatchKey || undefined,
    request
  })
  return { ...derived, run_id: inputs.runId || defaultRunId(derived.dispatch_key, env) }
}

/**
 * SPEC §7: gh-<GITHUB_RUN_ID>-<12 hex of sha256(key)>. A re-run keeps GITHUB_RUN_ID, so it
 * replays its own run; another workflow run gets another id and finds the first one's.
 */
export function defaultRunId(dispatchKey: string, env: NodeJS.ProcessEnv): string {
  const runId = env.GITHUB_RUN_ID ?? ''
  if (!/^\d+$/.test(runId))
    throw new InvalidInput(
      'GITHUB_RUN_ID is not set, so there is no default run id. Run inside a workflow, ' +
        'or set the run-id input.'
    )
  return `gh-${runId}-${keyHash(dispatchKey).slice(0, 12)}`
}
