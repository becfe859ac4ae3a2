import { recover } from '../commands/recover.js'
import { actorFrom, deriveDispatch, triggerFor } from '../core/dispatchKey.js'
import { InvalidInput } from '../core/errors.js'
import { nowTimestamp } from '../core/newRecord.js'
import { GitHubApi } from '../drivers/githubApi.js'
import type { Store } from '../store/store.js'
import { defaultRunId } from './dispatch.js'
import type { LoadedEvent } from './event.js'
import type { Inputs } from './inputs.js'
import { flag, type StepReport } from './report.js'

/** SPEC §11: on workflow_run completed, re-run a killed coordinator when its ledger allows. */
export async function recoverStep(
  inputs: Inputs,
  event: LoadedEvent,
  store: Store,
  env: NodeJS.ProcessEnv
): Promise<StepReport> {
  if (event.name !== 'workflow_run')
    throw new InvalidInput(
      `command: recover runs on the workflow_run event (types: [completed]) of the coordinator ` +
        `workflow, not on ${JSON.stringify(event.name)}.`
    )
  const delivery = deriveDispatch({ eventName: 'workflow_run', payload: event.payload })
  const wr = (event.payload as { workflow_run: Record<string, unknown> }).workflow_run
  if (!inputs.token)
    throw new InvalidInput(
      'command: recover needs a token (the token input, default the job token) with ' +
        '`permissions: actions: write`, to re-run the coordinator.'
    )
  const repository = env.GITHUB_REPOSITORY ?? ''
  if (!/^[^/]+\/[^/]+$/.test(repository))
    throw new InvalidInput('GITHUB_REPOSITORY (owner/name) is not set: run inside a workflow.')
  const ownRunId = inputs.runId || defaultRunId(delivery.dispatch_key, env)
  const result = await recover({
    store,
    namespace: inputs.namespace,
    delivery,
    run_id: ownRunId,
    workflowRun: {
      id: wr['id'] as number,
      run_attempt: wr['run_attempt'] as number,
      conclusion: typeof wr['conclusion'] === 'string' ? wr['conclusion'] : null
    },
    maxAttempts: Number(inputs.maxAttempts),
    api: new GitHubApi({
      token: inputs.token,
      baseUrl: env.GITHUB_API_URL || 'https://api.github.com',
      repository,
      timeoutSeconds: Number(inputs.timeoutSeconds)
    }),
    trigger: triggerFor(event.name),
    actor: actorFrom(event.payload),
    now: () => nowTimestamp()
  })
  return {
    outputs: {
      dispatch_key: delivery.dispatch_key,
      request_digest: delivery.request_digest,
      run_id: result.owner_run_id,
      owner: flag(result.owner_run_id === ownRunId),
      duplicate: flag(result.duplicate),
      runs: JSON.stringify(result.runs),
      rerun_requested: flag(result.rerun_requested),
      recovery_reason: result.message,
      store: store.name
    },
    summary: {
      title: `dispatch-ledger: recover — ${result.rerun_requested ? 're-run requested' : result.duplicate ? 'already recovered' : 'nothing re-run'}`,
      meaning: result.message,
      rows: [
        ['workflow run', String(wr['id'])],
        ['its attempt', String(wr['run_attempt'])],
        ['conclusion', String(wr['conclusion'] ?? '')],
        ['max attempts', inputs.maxAttempts],
        ...result.runs.map(run => [run.run_id, `${run.state}: ${run.plan} — ${run.done}`] as const),
        ['store', store.name]
      ]
    },
    failure: result.failure ?? undefined
  }
}
