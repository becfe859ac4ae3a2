/**
 * `npm run demo`: the bundled action, run as the runner runs it, on a labeled issue in a
 * scratch repository — a first arrival, a re-run, the same label from a second person in
 * another workflow run, and a changed request. Then the killed coordinator of issue 9
 * (scripts/demoKilledCoordinator.ts): one provider run however the coordinator dies.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { killedCoordinatorStory } from './demoKilledCoordinator.ts'
import { PROJECT_ROOT, runAction, type ActionResult } from './runner.ts'

const scratch = await mkdtemp(join(tmpdir(), 'dispatch-ledger-demo-'))
try {
  execFileSync('git', ['init', '-q', scratch])
  const event = JSON.parse(
    await readFile(join(PROJECT_ROOT, 'examples/events/issues-labeled.json'), 'utf8')
  ) as Record<string, unknown>
  const secondPerson = { ...event, sender: { login: 'hubot', id: 2 } }

  console.log(`scratch repository: ${scratch}`)
  console.log(
    'event: issues labeled "agent:run" on issue #42 (examples/events/issues-labeled.json)\n'
  )

  const steps: Array<[string, Parameters<typeof runAction>[0]]> = [
    ['1. first arrival (workflow run 501)', { workspace: scratch, event, runId: 501 }],
    [
      '2. re-run of workflow run 501 (attempt 2)',
      { workspace: scratch, event, runId: 501, runAttempt: 2 }
    ],
    [
      '3. same label, second person, workflow run 502',
      { workspace: scratch, event: secondPerson, runId: 502 }
    ],
    [
      '4. changed request under the same key, workflow run 503',
      { workspace: scratch, event, runId: 503, with: { request: '{"model":"large"}' } }
    ]
  ]
  for (const [title, run] of steps) {
    // The scratch repository has no origin: the local store, chosen explicitly (inside
    // Actions remote: auto without an origin refuses to decide).
    const result = await runAction({
      eventName: 'issues',
      ...run,
      with: { remote: 'none', ...run.with }
    })
    console.log(title)
    console.log(describe(result))
  }
  const refs = execFileSync(
    'git',
    ['for-each-ref', '--format=%(refname)', 'refs/dispatch-ledger'],
    {
      cwd: scratch
    }
  ).toString()
  console.log(`refs in the scratch repository afterwards:\n${refs.replace(/^/gm, '  ')}`)
} finally {
  await rm(scratch, { recursive: true, force: true })
}

const providerRuns = await killedCoordinatorStory()
if (providerRuns !== 1) {
  console.error(`expected exactly one provider run, found ${providerRuns}`)
  process.exitCode = 1
}

function describe(result: ActionResult): string {
  const o = result.outputs
  const lines =
    result.code === 0
      ? [
          `created=${o.created} owner=${o.owner} recorded=${o.recorded} run_id=${o.run_id}`,
          `state=${o.state} recovery_action=${o.recovery_action}`
        ]
      : [
          `step failed (exit ${result.code}): ${result.errors.join(' ')}`,
          `conflict=${o.conflict} run_id=${o.run_id}`
        ]
  return lines.map(line => `   ${line}`).join('\n') + '\n'
}
