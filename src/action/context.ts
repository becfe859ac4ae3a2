import type { ActionDeps } from '../commands/deps.js'
import type { WorkflowEvent, Writer } from '../commands/dispatchTarget.js'

/**
 * What every step gets besides its inputs: the event, who is writing, and the commands' deps
 * (the store, the clock, the one GitHub gateway, built by src/main.ts), which a step hands to
 * its command as they are.
 */
export interface StepContext extends ActionDeps {
  readonly event: WorkflowEvent
  /** This workflow run as a record's writer (docs/design/storage.md); null outside Actions. */
  readonly writer: Writer | null
  /** The step's environment (GITHUB_SHA, GITHUB_REPOSITORY_ID, … for dispatch and effect). */
  readonly env: NodeJS.ProcessEnv
}
