/**
 * B5: N processes (different GITHUB_RUN_IDs) admit one dispatch key at the same moment.
 * All N are spawned in one tick; the wall time is from the first spawn to the last exit.
 * Every round checks the guarantee: exactly one created=true, and all agree on the run id.
 */
import { performance } from 'node:perf_hooks'
import { makeRepo, prepareStep, runStep, type StepRun } from './lib/proc.ts'
import type { Context, PartResult } from './lib/part.ts'
import { median, ms, quantile, table } from './lib/stats.ts'

export async function b5(ctx: Context): Promise<PartResult> {
  const plan: Array<[number, number]> = ctx.quick
    ? [
        [2, 3],
        [8, 2],
        [32, 1]
      ]
    : [
        [2, 10],
        [8, 5],
        [32, 3]
      ]
  const repo = await makeRepo('b5')
  const stamp = Date.now().toString(36)
  const rows: string[][] = []
  const data: unknown[] = []
  let allAgree = true
  for (const [n, rounds] of plan) {
    ctx.log(`B5: ${rounds} rounds of ${n} concurrent admissions`)
    const walls: number[] = []
    const perProcess: number[] = []
    const checks: string[] = []
    for (let round = 0; round < rounds; round++) {
      const key = `bench/b5/${stamp}/${n}/${round}`
      const steps = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          prepareStep({
            workspace: repo,
            runId: 9000 + i,
            with: { 'dispatch-key': key, remote: 'none' }
          })
        )
      )
      const started = performance.now()
      const results: StepRun[] = await Promise.all(steps.map(step => runStep(step, repo)))
      walls.push(performance.now() - started)
      perProcess.push(...results.map(r => r.ms))
      const failed = results.filter(r => r.code !== 0).length
      const created = results.filter(r => r.outputs.created === 'true').length
      const ids = new Set(results.map(r => r.outputs.run_id))
      const owners = results.filter(r => r.outputs.owner === 'true').length
      const ok = failed === 0 && created === 1 && ids.size === 1 && owners === 1
      if (!ok) {
        allAgree = false
        const sample = results.find(r => r.code !== 0)
        checks.push(
          `round ${round}: ${failed} failed, ${created} created, ${ids.size} run ids, ${owners} owners` +
            (sample
              ? ` — ${sample.stdout.split('\n').find(l => l.startsWith('::error::')) ?? sample.stderr.slice(0, 300)}`
              : '')
        )
      }
    }
    rows.push([
      String(n),
      String(rounds),
      ms(median(walls)),
      ms(quantile(perProcess, 0.5)),
      ms(quantile(perProcess, 0.99)),
      checks.length === 0 ? `yes (${rounds}/${rounds} rounds)` : `**NO**: ${checks.join('; ')}`
    ])
    data.push({ n, rounds, walls, perProcess, problems: checks })
  }
  return {
    id: 'B5',
    title: 'contention: N processes admit one key at once',
    markdown: table(
      [
        'B5 processes',
        'rounds',
        'wall ms (median)',
        'p50 ms / process',
        'p99 ms / process',
        'one created, one run id, one owner'
      ],
      rows
    ),
    goals: [
      {
        goal: 'B5 all agree (one created, same run_id)',
        measured: allAgree ? 'yes' : 'no',
        met: allAgree
      }
    ],
    data
  }
}
