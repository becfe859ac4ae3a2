/**
 * A ledger built by the bundled actions, as the runner runs them, at a bare origin: every kind
 * of run the command line shows (docs/cli.md). Each step runs in the same clone with
 * `remote: origin`, so the origin is the arbiter, as in a workflow.
 */
import { runAction, type ActionResult, type ActionRun } from '../../scripts/runner.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { workspace } from './effects.js'
import { exampleEvent } from './events.js'

export interface BuiltLedger {
  readonly origin: { dir: string; url: string; cleanup(): Promise<void> }
  /** The clone the steps ran in (origin → the bare repository). */
  readonly clone: string
  /** Run ids by what they are. */
  readonly runs: {
    readonly observing: string
    readonly ended: string
    readonly waiting: string
    readonly archived: string
    readonly generation1: string
    readonly generation2: string
  }
  /** The event file (issues labeled) whose key has two generations. */
  readonly labeled: Record<string, unknown>
  /** Every step's result, in the order they ran. */
  readonly steps: readonly ActionResult[]
}

export interface LedgerOptions {
  /** The arbiter (default: a bare repository behind a file:// URL). */
  readonly origin?: BuiltLedger['origin']
  /** Added to every step's environment. */
  readonly env?: Record<string, string>
}

const DISPATCHED = JSON.stringify({
  provider: { driver: 'fake', submission_state: 'submitted', external_ids: { job: 'j-1' } }
})
const REFUSED = JSON.stringify({
  attempt: { number: 1, reason: 'initial' },
  failure: { code: 'forbidden', classification: 'configuration', retryable: false }
})

export async function buildLedger(options: LedgerOptions = {}): Promise<BuiltLedger> {
  const steps: ActionResult[] = []
  const ok = async (run: ActionRun): Promise<ActionResult> => {
    const result = await runAction(run)
    steps.push(result)
    if (result.code !== 0)
      throw new Error(`${run.action ?? 'admit'} failed: ${result.stderr}\n${result.stdout}`)
    return result
  }
  const origin = options.origin ?? (await makeBareRemote())
  const { dir, head } = await workspace(origin.url)
  const base = {
    workspace: dir,
    env: { GITHUB_SHA: head, GITHUB_REPOSITORY_ID: '123456789', ...options.env }
  }
  const admit = async (key: string, runId: number, extra: Record<string, string> = {}) =>
    (
      await ok({
        ...base,
        eventName: 'workflow_dispatch',
        event: await exampleEvent('workflow_dispatch.json'),
        runId,
        with: { 'dispatch-key': key, remote: 'origin', ...extra }
      })
    ).outputs.run_id as string
  const record = (
    runId: string,
    state: string,
    json?: string,
    extra: Record<string, string> = {}
  ) =>
    ok({
      ...base,
      action: 'record',
      runId: 900,
      with: {
        'run-id': runId,
        state,
        ...(json ? { record: json } : {}),
        remote: 'origin',
        ...extra
      }
    })

  const observing = await admit('cli/observing', 501)
  await record(observing, 'dispatched', DISPATCHED)
  const ended = await admit('cli/ended', 502)
  await record(ended, 'cancelled')
  const waiting = await admit('cli/waiting', 503)
  await record(waiting, 'dispatched', DISPATCHED)
  await record(waiting, 'attempt_failed', REFUSED)
  const archived = await admit('cli/archived', 504, { 'archive-after': '0' })

  // Generations: the label's run ends, then the label is added again after that.
  const labeled = await exampleEvent('issues-labeled.json')
  const first = await ok({
    ...base,
    eventName: 'issues',
    event: labeled,
    runId: 505,
    with: { remote: 'origin' }
  })
  const generation1 = first.outputs.run_id as string
  await record(generation1, 'cancelled')
  const again = {
    ...labeled,
    issue: { ...(labeled.issue as object), updated_at: '2099-01-01T00:00:00Z' }
  }
  const second = await ok({
    ...base,
    eventName: 'issues',
    event: again,
    runId: 506,
    with: { remote: 'origin' }
  })
  if (second.outputs.generation !== '2')
    throw new Error(`no generation 2: ${JSON.stringify(second.outputs)}`)

  // An operation: effect's tag, once.
  await ok({
    ...base,
    eventName: 'push',
    event: { repository: { id: 123456789 } },
    runId: 507,
    action: 'effect',
    with: { remote: 'origin', 'run-id': observing, kind: 'tag', tag: 'v1.0.0', message: 'Release' }
  })
  return {
    origin,
    clone: dir,
    runs: {
      observing,
      ended,
      waiting,
      archived,
      generation1,
      generation2: second.outputs.run_id as string
    },
    labeled: again,
    steps
  }
}
