import type { WorkflowEvent } from '../commands/dispatchTarget.js'
import type { Writer } from '../core/record.js'
import type { Store } from '../store/store.js'

/** What every step gets besides its inputs: the event, the store and who is writing. */
export interface StepContext {
  readonly event: WorkflowEvent
  readonly store: Store
  /** SPEC §9: this workflow run as a record's writer; null outside Actions. */
  readonly writer: Writer | null
  /** The step's environment (GITHUB_API_URL, GITHUB_REPOSITORY, … for dispatch and recover). */
  readonly env: NodeJS.ProcessEnv
}
