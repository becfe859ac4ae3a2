/**
 * B4G (B4's generations case, docs/design/generations.md): the bundled action admitting a key that already has 10
 * ended generations (it lists 10 admission refs, reads and verifies 10 admissions and the
 * newest ledger, then creates generation 11) against a key with 1 (creates generation 2).
 * Every round uses fresh keys, filled beforehand through the project's own commands in-process
 * (admit an issues event, record cancelled, ten times over), so both variants do the same work
 * except for the generations they read. Local store; the remote's listing is one prefix fetch
 * either way (see the tests), so only the local column is measured here.
 */
import { expectOk, makeRepo, prepareStep, runStep } from './lib/proc.ts'
import type { Context, PartResult } from './lib/part.ts'
import { allowProjectSources } from './lib/src.ts'
import { interleave, ms, ratio, summarize, table } from './lib/stats.ts'

const GENERATIONS = [1, 10] as const

export async function b4g(ctx: Context): Promise<PartResult> {
  allowProjectSources()
  const { Git } = await import('../src/store/git.ts')
  const { LocalStore } = await import('../src/store/localStore.ts')
  const { admitCommand } = await import('../src/commands/admit.ts')
  const { recordCommand } = await import('../src/commands/record.ts')
  const repo = await makeRepo('b4g')
  const rounds = ctx.quick ? 8 : 20
  const stamp = Date.now().toString(36)
  const keyOf = (generations: number, round: number) => `bench/b4g/${stamp}/${generations}/${round}`
  const payload = (updatedAt: string) => ({
    action: 'labeled',
    issue: { number: 42, updated_at: updatedAt },
    label: { name: 'agent:run' },
    repository: { id: 123456789 },
    sender: { login: 'octocat', id: 1 }
  })

  ctx.log(`B4G: filling ${rounds} keys with 1 generation and ${rounds} with 10`)
  const store = new LocalStore(new Git(repo))
  let workflowRun = 100000
  const started = Date.UTC(2026, 0, 1)
  for (let round = 0; round < rounds; round++)
    for (const generations of GENERATIONS)
      for (let g = 0; g < generations; g++) {
        const at = (seconds: number) => new Date(started + (g * 60 + seconds) * 1000)
        const writer = { github_run_id: String(workflowRun++), run_attempt: 1, workflow_ref: '' }
        const outcome = await admitCommand(
          {
            namespace: 'refs/dispatch-ledger',
            event: { name: 'issues', payload: payload(at(0).toISOString()) },
            dispatch_key: keyOf(generations, round),
            writer
          },
          { store, clock: { now: () => at(1) } }
        )
        if (!outcome.result?.created || outcome.result.admission.generation !== g + 1)
          throw new Error(
            `B4G fill: generation ${g + 1} of ${keyOf(generations, round)} not created`
          )
        await recordCommand(
          {
            namespace: 'refs/dispatch-ledger',
            run_id: outcome.result.admission.run_id,
            state: 'cancelled',
            event: { name: 'workflow_dispatch', payload: {} },
            writer
          },
          { store, clock: { now: () => at(30) } }
        )
      }

  const warm = await prepareStep({
    workspace: repo,
    eventName: 'issues',
    event: payload(new Date().toISOString()),
    with: { 'dispatch-key': `bench/b4g/${stamp}/warm`, remote: 'none' }
  })
  expectOk('B4G warm-up', await runStep(warm, repo))

  ctx.log(`B4G: ${rounds} interleaved rounds`)
  const variants: Record<string, (round: number) => Promise<number>> = {}
  for (const generations of GENERATIONS)
    variants[`generations/${generations}`] = async round => {
      const step = await prepareStep({
        workspace: repo,
        eventName: 'issues',
        event: payload(new Date().toISOString()),
        runId: 6000 + round,
        with: { 'dispatch-key': keyOf(generations, round), remote: 'none' }
      })
      const result = await runStep(step, repo)
      expectOk(
        'B4G admit',
        result,
        o => o.created === 'true' && o.generation === String(generations + 1)
      )
      return result.ms
    }
  const times = await interleave(rounds, variants)
  const summary = Object.fromEntries(
    Object.entries(times).map(([name, values]) => [name, summarize(values)])
  )
  const med = (n: number) => summary[`generations/${n}`]?.median ?? NaN
  const worst = med(10) / med(1)
  return {
    id: 'B4G',
    title: `admitting the next generation of a key with 10 generations vs 1 (${rounds} rounds)`,
    markdown: table(
      ['existing generations (all ended)', 'creates', 'action median ms', 'min–p90 ms', 'vs 1'],
      GENERATIONS.map(n => {
        const s = summary[`generations/${n}`]
        return [
          String(n),
          `generation ${n + 1}`,
          ms(med(n)),
          s ? `${ms(s.min)}–${ms(s.p90)}` : '',
          ratio(med(n) / med(1))
        ]
      })
    ),
    goals: [
      { goal: 'B4G flat: 10 generations ≤ 1.1× of 1', measured: ratio(worst), met: worst <= 1.1 }
    ],
    data: { rounds, summary, raw: times }
  }
}
