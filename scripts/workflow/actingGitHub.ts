/**
 * What GitHub itself does between workflow runs, for tests that run our published workflows
 * through the local workflow runner (scripts/workflow/) against the fake GitHub API:
 *
 * - a dispatch the fake committed starts the receiver workflow (the example file, run by the
 *   runner as a `workflow_dispatch` run with the fake's run id), one run per committed run —
 *   so a duplicate dispatch really starts the receiver twice;
 * - a coordinator run is registered with the fake (so `rerun-failed-jobs` can find it), and
 *   its end becomes a `workflow_run` `completed` event for the recovery workflow;
 * - a re-run the fake accepted runs the coordinator's failed jobs again (same run id, next
 *   attempt);
 * - a finished run's `workflow_run` `completed` event starts every workflow of the repository
 *   whose triggers take it (the quick start's observer, agent-ended.yml, after agent.yml).
 *
 * The fake's own receivers must be external (`fakeApi: { receiver: { mode: 'external' } }`):
 * here the receiver is the published workflow file, not a stand-in, and GitHub's record of its
 * run follows it — queued from the dispatch, in progress while the runner runs it, completed
 * with its conclusion when it ends — so an observer never reads a run as concluded before its
 * receiver ran.
 */
import { readFile } from 'node:fs/promises'
import { dispatchEvent, type ReceiverRun } from '../../testkit/fakeGitHub/receiver.ts'
import { loadWorkflowModel } from './model.ts'
import type { TestOrigin } from './origin.ts'
import { runWorkflow, triggers, type WorkflowRun, type WorkflowRunOptions } from './run.ts'

type Common = Pick<WorkflowRunOptions, 'machineEnv' | 'log'>

/** Runs the receiver workflow once for every dispatched run not yet in `started`. */
export async function runDispatchedReceivers(
  origin: TestOrigin,
  options: Common & {
    file: string
    content?: string
    started: Set<number>
    /** only the dispatches this test made (the fake is shared by the file's scenarios) */
    mine: (inputs: Record<string, unknown>) => boolean
  }
): Promise<WorkflowRun[]> {
  const api = origin.api
  if (!api) throw new Error('start the origin with fakeApi to dispatch')
  const state = await api.settled()
  const pending = state.dispatches.filter(
    d => !options.started.has(d.run_id) && options.mine(d.inputs)
  )
  for (const d of pending) options.started.add(d.run_id)
  return Promise.all(
    pending.map(dispatch => {
      const run = state.runs.find(r => r.id === dispatch.run_id)
      const event = dispatchEvent({
        config: { repo: state.repo },
        inputs: dispatch.inputs,
        ref: dispatch.ref,
        workflowPath: run?.path ?? `.github/workflows/${dispatch.workflow}`,
        sender: { login: 'github-actions[bot]', id: 41898282, type: 'Bot' }
      } as unknown as ReceiverRun)
      return (async () => {
        await api.setRun(dispatch.run_id, { status: 'in_progress', conclusion: null })
        const ran = await runWorkflow({
          file: options.file,
          content: options.content,
          eventName: 'workflow_dispatch',
          event,
          origin,
          runId: dispatch.run_id,
          machineEnv: options.machineEnv,
          log: options.log
        })
        await api.setRun(dispatch.run_id, { status: 'completed', conclusion: conclusionOf(ran) })
        return ran
      })()
    })
  )
}

/** The conclusion GitHub gives a finished run (a run none of whose jobs ran is skipped). */
function conclusionOf(run: WorkflowRun): string {
  return run.conclusion === 'not_triggered' ? 'skipped' : run.conclusion
}

/** A coordinator run GitHub knows about (so it can be re-run); returns its run id. */
export async function registerRun(
  origin: TestOrigin,
  init: { workflowFile: string; event: string }
): Promise<number> {
  const run = await origin.api!.addRun({
    workflow: init.workflowFile,
    event: init.event,
    status: 'in_progress',
    conclusion: null
  })
  return Number(run.id)
}

/** Records a finished coordinator attempt with the fake, and returns its workflow_run event. */
export async function completed(
  origin: TestOrigin,
  run: WorkflowRun,
  base: Record<string, unknown> & { name: string }
): Promise<Record<string, unknown>> {
  const stored = await origin.api!.setRun(run.runId, {
    status: 'completed',
    conclusion: conclusionOf(run),
    run_attempt: run.runAttempt
  })
  // The workflow's name: is what `on: workflow_run: workflows:` matches.
  const { name, ...rest } = base
  return {
    ...rest,
    action: 'completed',
    workflow_run: { ...stored, name },
    workflow: { id: stored.workflow_id, name, path: stored.path }
  }
}

/** The attempts the fake accepted re-runs for (rerun-failed-jobs answered 201). */
export async function acceptedReruns(origin: TestOrigin, runId: number): Promise<number[]> {
  const state = await origin.api!.state()
  return state.reruns.filter(r => r.run_id === runId).map(r => r.run_attempt)
}

/**
 * What a finished run's `workflow_run` `completed` event starts, as GitHub starts it: each of
 * the repository's workflow files (`files`) whose triggers take the event (its `workflows:`
 * names the finished run's workflow, `name`) runs once, with a run id the fake hands out.
 * The finished run is recorded with the fake first (its conclusion and attempt).
 */
export async function runWorkflowRunListeners(
  origin: TestOrigin,
  options: Common & {
    finished: WorkflowRun
    /** the finished run's workflow: its `name:` (GitHub uses the file's path without one) */
    name: string
    files: readonly string[]
    /** the fields the event carries beside the run (repository, sender) */
    base: Record<string, unknown>
  }
): Promise<Array<{ file: string; run: WorkflowRun }>> {
  const event = await completed(origin, options.finished, { ...options.base, name: options.name })
  const started: Array<{ file: string; run: WorkflowRun }> = []
  for (const file of options.files) {
    const content = await readFile(file, 'utf8')
    if (!content.includes('workflow_run')) continue
    const model = await loadWorkflowModel(file, content)
    if (!triggers(model, 'workflow_run', event)) continue
    const runId = await registerRun(origin, {
      workflowFile: file.split('/').at(-1) as string,
      event: 'workflow_run'
    })
    options.log?.(
      `\n${file.split('/').at(-1)} on the workflow_run of run ${options.finished.runId} (${options.name}):`
    )
    const run = await runWorkflow({
      file,
      content,
      eventName: 'workflow_run',
      event,
      origin,
      runId,
      machineEnv: options.machineEnv,
      log: options.log
    })
    started.push({ file, run })
  }
  return started
}
