/**
 * The GitHub calls the workflow driver and recover make. The one gateway in src/github/
 * implements them; this is the small interface they depend on.
 */
import type { HttpObservation } from '../core/send/outcome.js'
import type { WorkflowDispatch } from '../github/gateway.js'

export type { WorkflowDispatch }

export interface GitHubApi {
  dispatchWorkflow(dispatch: WorkflowDispatch): Promise<HttpObservation>
  rerunFailedJobs(runId: number): Promise<HttpObservation>
}
