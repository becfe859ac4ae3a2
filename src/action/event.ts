import { readFile } from 'node:fs/promises'
import type { WorkflowEvent } from '../commands/dispatchTarget.js'
import { InvalidInput } from '../commands/reporting.js'

export interface LoadEventOptions {
  /** The step cannot go on without the event (its key is derived from it). */
  readonly required: boolean
}

/**
 * The triggering event as the runner gives it. A path that is set but unreadable or not
 * JSON is an error; no path at all is allowed only when the caller does not need the event.
 */
export async function loadEvent(
  env: NodeJS.ProcessEnv,
  options: LoadEventOptions
): Promise<WorkflowEvent> {
  const name = env.GITHUB_EVENT_NAME ?? ''
  const path = env.GITHUB_EVENT_PATH ?? ''
  if (!path) {
    if (options.required)
      throw new InvalidInput(
        'GITHUB_EVENT_PATH is not set, so there is no event to derive a dispatch key from. ' +
          'Run inside a workflow, or set the dispatch-key input.'
      )
    return { name, payload: {} }
  }
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new InvalidInput(
      `The event file ${path} (GITHUB_EVENT_PATH) cannot be read: ${(error as Error).message}. ` +
        'The runner writes it for every job; check that no step removed it.'
    )
  }
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch (error) {
    throw new InvalidInput(
      `The event file ${path} (GITHUB_EVENT_PATH) is not valid JSON: ${(error as Error).message}.`
    )
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new InvalidInput(
      `The event file ${path} (GITHUB_EVENT_PATH) does not hold a JSON object.`
    )
  return { name, payload }
}
