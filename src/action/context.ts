import type { WorkflowEvent } from '../commands/dispatchTarget.js'
import type { Writer } from '../core/record.js'
import type { GitHubGateway } from '../github/gateway.js'
import type { Store } from '../store/store.js'

/** What every step gets besides its inputs: the event, the store, who is writing, GitHub. */
export interface StepContext {
  readonly event: WorkflowEvent
  readonly store: Store
  /** This workflow run as a record's writer (docs/design/storage.md); null outside Actions. */
  readonly writer: Writer | null
  /** The step's environment (GITHUB_API_URL, GITHUB_REPOSITORY, … for dispatch and recover). */
  readonly env: NodeJS.ProcessEnv
  /** The one GitHub gateway, built by src/main.ts; it calls nothing until a step does. */
  readonly github: GitHubGateway
}
