/**
 * The second half of `npm run demo`: the killed-coordinator story of issue 9, end to end with
 * the bundled action, a bare origin and the fake GitHub API (a local process; every receiver
 * it starts is the bundled action admitting its own workflow_dispatch event in its own clone).
 *
 *   1. The coordinator (workflow run A) admits the labeled issue and dispatches agent.yml; it
 *      is killed (SIGKILL) after GitHub answered, before the answer was recorded.
 *   2. The same label arrives again (workflow run B), which would have dispatched again.
 *   3. The recovery workflow runs on workflow_run (A failed) and re-runs A's failed jobs.
 *   4. A's re-run replays its admission and reconciles: the receiver is found, nothing sent.
 * It counts the provider's runs at the end: one.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { start } from '../testkit/fakeGitHub/client.ts'
import { PROJECT_ROOT, runAction, withAction, type ActionResult } from './runner.ts'

export async function killedCoordinatorStory(): Promise<number> {
  const scratch = await mkdtemp(join(tmpdir(), 'dispatch-ledger-demo-'))
  const originDir = join(scratch, 'origin.git')
  execFileSync('git', ['init', '-q', '--bare', originDir])
  const gh = await start({ origin: pathToFileURL(originDir).href })
  try {
    const load = async (name: string) =>
      JSON.parse(await readFile(join(PROJECT_ROOT, 'examples/events', name), 'utf8')) as Record<
        string,
        unknown
      >
    const labeled = await load('issues-labeled.json')
    const coordinatorRun = await gh.addRun({ workflow: 'issue-labeled.yml', event: 'issues' })
    const runA = Number(coordinatorRun.id)

    const job = async (name: string) => {
      const dir = join(scratch, name)
      execFileSync('git', ['init', '-q', dir])
      execFileSync('git', ['-C', dir, 'remote', 'add', 'origin', pathToFileURL(originDir).href])
      return dir
    }
    const env = { ...gh.env, GITHUB_TOKEN: gh.token, GITHUB_REF: 'refs/heads/main' }
    const dispatchWith = {
      action: 'dispatch',
      driver: 'workflow',
      workflow: 'agent.yml',
      inputs: '{"issue": "42"}'
    }
    const step = (
      workspace: string,
      runId: number,
      withInputs: Record<string, string>,
      extra: {
        attempt?: number
        env?: Record<string, string>
        eventName?: string
        event?: unknown
      } = {}
    ) =>
      runAction({
        workspace,
        eventName: extra.eventName ?? 'issues',
        event: extra.event ?? labeled,
        runId,
        runAttempt: extra.attempt ?? 1,
        ...withAction(withInputs),
        env: { ...env, ...extra.env }
      })

    console.log('\n== The killed coordinator (issue 9), against the fake GitHub API ==\n')
    const a1 = await job('coordinator-attempt-1')
    show(`A. coordinator, workflow run ${runA}: admit`, await step(a1, runA, {}))
    show(
      `A. coordinator: dispatch agent.yml — killed after GitHub answered, before the answer was recorded`,
      await step(a1, runA, dispatchWith, {
        env: { DISPATCH_LEDGER_TEST_KILL_AT: 'after-send' }
      })
    )
    await gh.settled()
    console.log(`   provider runs so far: ${(await gh.state()).runs.length - 1}\n`)

    const b = await job('second-delivery')
    const runB = runA + 1000
    show(`B. the same label again, workflow run ${runB}: admit`, await step(b, runB, {}))
    show(`B. dispatch (it would have sent again)`, await step(b, runB, dispatchWith))

    const workflowRun = await load('workflow_run-failure.json')
    Object.assign(workflowRun['workflow_run'] as object, { id: runA, run_attempt: 1 })
    const r = await job('recovery')
    show(
      `R. recovery workflow on workflow_run (run ${runA} failed): recover`,
      await step(
        r,
        runA + 2000,
        { action: 'recover' },
        { eventName: 'workflow_run', event: workflowRun }
      )
    )

    const a2 = await job('coordinator-attempt-2')
    show(
      `A. re-run of workflow run ${runA} (attempt 2): admit`,
      await step(a2, runA, {}, { attempt: 2 })
    )
    show(`A. re-run: dispatch`, await step(a2, runA, dispatchWith, { attempt: 2 }))

    const state = await gh.settled()
    const working = state.receivers.filter(receiver => receiver.working).length
    const providerRuns = state.runs.filter(run => run.id !== coordinatorRun.id).length
    console.log(
      `dispatch POSTs: ${await gh.count('dispatch')} · re-run requests: ${await gh.count('rerunFailedJobs')} · ` +
        `provider runs: ${providerRuns} · receivers that did the work: ${working}`
    )
    return providerRuns
  } finally {
    await gh.stop()
    await rm(scratch, { recursive: true, force: true })
  }
}

function show(title: string, result: ActionResult): void {
  const o = result.outputs
  const pick = (names: string[]) =>
    names
      .filter(name => o[name] !== undefined && o[name] !== '')
      .map(name => `${name}=${o[name]}`)
      .join(' ')
  console.log(title)
  if (result.signal) console.log(`   killed (${result.signal}); the ledger holds the intent only`)
  else if (result.code !== 0) console.log(`   step failed: ${result.errors.join(' ')}`)
  else
    console.log(
      `   ${pick(['created', 'owner', 'sent', 'submission_state', 'workflow_run_id', 'rerun_requested', 'recovery_action'])}`
    )
  console.log('')
}
