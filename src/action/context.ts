import type { CommandDeps } from '../commands/deps.js'
import type { WorkflowEvent } from '../commands/dispatchTarget.js'
import type { Writer } from '../core/record.js'
import type { GitHubGateway } from '../github/gateway.js'

/**
 * What every step gets besides its inputs: the event, who is writing, and the commands' deps
 * (the store, the clock, GitHub), which a step hands to its command as they are.
 */
export interface StepContext extends CommandDeps<keyof GitHubGateway> {
  readonly event: WorkflowEvent
  /** This workflow run as a record's writer (docs/design/storage.md); null outside Actions. */
  readonly writer: Writer | null
  /** The step's environment (GITHUB_SHA, GITHUB_REPOSITORY_ID, … for dispatch and effect). */
  readonly env: NodeJS.ProcessEnv
  /** The one GitHub gateway, built by src/main.ts; it calls nothing until a command does. */
  readonly github: GitHubGateway
}
