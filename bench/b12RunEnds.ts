/**
 * B12: what a run's end costs (docs/design/lifecycle.md). Through the local workflow runner, on
 * one test origin (smart HTTP behind the permission gate, the fake GitHub API with its own
 * receivers external: the runner runs agent.yml), as B10 runs the quick start:
 *
 * - pushes per quick-start event WITH its observer: the coordinator
 *   (examples/workflows/issue-labeled.yml), the receiver it dispatched (agent.yml, started as
 *   GitHub would) and the observer on the receiver's workflow_run (agent-ended.yml), counted by
 *   the git server (POSTs to git-receive-pack); goal ≤ 4;
 * - pushes and REST requests per sweep (`scan` with `observe: true`) over N runs waiting on
 *   their receivers of which half concluded: goal 1 push whatever N, ≤ 1 REST read per run.
 *
 * Counts, not times: they do not move with the machine's load.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { allowJsonImports } from '../scripts/workflow/jsonImports.ts'
import type { WorkflowRun } from '../scripts/workflow/run.ts'
import type { Context, PartResult } from './lib/part.ts'
import { PROJECT_ROOT, tempDir } from './lib/proc.ts'
import { table } from './lib/stats.ts'

const FIXTURES = join(PROJECT_ROOT, 'scripts/workflow/fixtures')
const example = (name: string) => join(PROJECT_ROOT, 'examples/workflows', name)
const GET_RUN = 'GET /repos/{owner}/{repo}/actions/runs/{run_id}'
const EVENTS = 5
const SWEEPS = [4, 20]

const SWEEP = `name: sweep
on: workflow_dispatch
permissions:
  contents: write
  actions: read
jobs:
  sweep:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
      - uses: octo-org/dispatch-ledger/scan@v0
        with:
          observe: true
`

export async function b12(ctx: Context): Promise<PartResult> {
  allowJsonImports()
  const { startOrigin } = await import('../scripts/workflow/origin.ts')
  const { runWorkflow } = await import('../scripts/workflow/run.ts')
  const { runDispatchedReceivers, completed } = await import('../scripts/workflow/actingGitHub.ts')
  const text = {
    coordinator: await readFile(example('issue-labeled.yml'), 'utf8'),
    receiver: await readFile(example('agent.yml'), 'utf8'),
    observer: await readFile(example('agent-ended.yml'), 'utf8')
  }
  const labeled = JSON.parse(
    await readFile(join(PROJECT_ROOT, 'examples/events/issues-labeled.json'), 'utf8')
  ) as Record<string, unknown>
  // The receiver's stand-in for the work writes one line per run here (scripts/workflow/fixtures).
  const machineEnv = { AGENT_LOG: join(await tempDir('b12'), 'agent.log') }
  const origin = await startOrigin({
    seedDir: FIXTURES,
    fakeApi: { receiver: { mode: 'external' } }
  })
  const api = origin.api!
  let issue = 9000
  let runId = 90001
  const started = new Set<number>()
  const pushes = () => origin.server.counts().pushes
  const gets = async () => (await api.counts())[GET_RUN] ?? 0
  const context = { repository: labeled.repository, sender: labeled.sender }
  const ok = (run: WorkflowRun, what: string) => {
    if (run.conclusion !== 'success') throw new Error(`${what}: ${run.conclusion}`)
    return run
  }
  /** One event of the quick start through its coordinator and receiver; returns the receiver. */
  const event = async (): Promise<WorkflowRun> => {
    const number = issue++
    const payload = { ...labeled, issue: { ...(labeled.issue as object), number } }
    ok(
      await runWorkflow({
        file: example('issue-labeled.yml'),
        content: text.coordinator,
        event: payload,
        origin,
        runId: runId++,
        machineEnv
      }),
      'coordinator'
    )
    const [receiver] = await runDispatchedReceivers(origin, {
      file: example('agent.yml'),
      content: text.receiver,
      started,
      mine: inputs => inputs.issue === String(number),
      machineEnv
    })
    return ok(receiver as WorkflowRun, 'receiver')
  }
  try {
    const perEvent: number[] = []
    for (let i = 0; i < EVENTS; i++) {
      ctx.log(`B12 event ${i + 1}/${EVENTS}`)
      const before = pushes()
      const receiver = await event()
      const wr = await completed(origin, receiver, { name: 'agent', ...context })
      ok(
        await runWorkflow({
          file: example('agent-ended.yml'),
          content: text.observer,
          eventName: 'workflow_run',
          event: wr,
          origin,
          runId: runId++
        }),
        'observer'
      )
      perEvent.push(pushes() - before)
    }
    const sweeps: Array<{ n: number; pushes: number; gets: number; again: number }> = []
    for (const n of SWEEPS) {
      ctx.log(`B12 sweep over ${n} runs`)
      const receivers: WorkflowRun[] = []
      for (let i = 0; i < n; i++) receivers.push(await event())
      for (const [i, receiver] of receivers.entries())
        if (i < n / 2) await completed(origin, receiver, { name: 'agent', ...context })
        else await api.setRun(receiver.runId, { status: 'in_progress', conclusion: null })
      const sweep = () =>
        runWorkflow({
          file: example('issue-labeled.yml'),
          content: SWEEP,
          eventName: 'workflow_dispatch',
          event: {
            inputs: {},
            ref: 'refs/heads/main',
            workflow: '.github/workflows/sweep.yml',
            ...context
          },
          origin,
          runId: runId++
        })
      const [p0, g0] = [pushes(), await gets()]
      ok(await sweep(), 'sweep')
      const [p1, g1] = [pushes(), await gets()]
      ok(await sweep(), 'second sweep')
      sweeps.push({ n, pushes: p1 - p0, gets: g1 - g0, again: pushes() - p1 })
      // The still-running half ends too, so the next sweep's runs are its own.
      for (const [i, receiver] of receivers.entries())
        if (i >= n / 2) await completed(origin, receiver, { name: 'agent', ...context })
      ok(await sweep(), 'closing sweep')
    }
    const maxEvent = Math.max(...perEvent)
    const markdown = [
      table(
        ['figure', 'measured'],
        [
          [
            'pushes per quick-start event with its observer (each of ' + EVENTS + ')',
            perEvent.join(', ')
          ],
          ...sweeps.map(s => [
            `sweep over ${s.n} waiting runs, ${s.n / 2} concluded: pushes / REST reads / pushes of a second sweep`,
            `${s.pushes} / ${s.gets} / ${s.again}`
          ])
        ]
      )
    ].join('\n')
    return {
      id: 'B12',
      title: "a run's end: pushes per event with its observer, per sweep",
      markdown,
      goals: [
        {
          goal: 'pushes per quick-start event with observer ≤ 4',
          measured: String(maxEvent),
          met: maxEvent <= 4
        },
        {
          goal: 'pushes per sweep = 1, whatever N',
          measured: sweeps.map(s => `${s.n}: ${s.pushes}`).join(', '),
          met: sweeps.every(s => s.pushes === 1 && s.again === 0)
        },
        {
          goal: 'REST reads per sweep ≤ 1 per run waiting on its receiver',
          measured: sweeps.map(s => `${s.n}: ${s.gets}`).join(', '),
          met: sweeps.every(s => s.gets <= s.n)
        }
      ],
      data: { perEvent, sweeps },
      failOnMiss: true
    }
  } finally {
    await origin.close()
  }
}
