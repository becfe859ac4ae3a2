/**
 * `npm run bench` (add `-- --quick` for fewer iterations, `-- --only=B1,B7` for some parts).
 * Prints one markdown report on stdout (progress on stderr) and writes the raw figures to
 * bench/results/bench-<time>.json and bench/results/latest.json. B1 runs first and again
 * last, so every report shows how much the same measurement moved within one run.
 * Parts in OPT_IN (B10: minutes of whole workflow runs) run only when `--only` names them.
 * Exits 1 when a part that checks a bound (`failOnMiss`) misses a goal. `-- --list` loads every
 * part (each module and what it imports) and prints their ids, measuring nothing: the tests run
 * it, so a part that cannot load fails CI rather than the next person's `npm run bench`.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { b1 } from './b1Admission.ts'
import { b2 } from './b2Processes.ts'
import { b3 } from './b3Remote.ts'
import { b4 } from './b4RefScale.ts'
import { b4g } from './b4Generations.ts'
import { b4l } from './b4LedgerRepository.ts'
import { b5 } from './b5Contention.ts'
import { b6 } from './b6Reconstruct.ts'
import { b7 } from './b7Startup.ts'
import { b8 } from './b8Dispatch.ts'
import { b9 } from './b9UnrelatedPush.ts'
import { b9l } from './b9LedgerRepository.ts'
import { b10 } from './b10QuickStart.ts'
import { b11 } from './b11CliStatus.ts'
import { b12 } from './b12RunEnds.ts'
import type { Context, Part, PartResult } from './lib/part.ts'
import { cleanup, RESULTS } from './lib/proc.ts'
import { table } from './lib/stats.ts'

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const only = args
  .find(arg => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .toUpperCase()
  .split(',')

const started = new Date()
const ctx: Context = {
  quick,
  log: message =>
    process.stderr.write(`[${((Date.now() - started.getTime()) / 1000).toFixed(0)}s] ${message}\n`)
}

const environment = {
  date: started.toISOString(),
  nproc: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  loadavg: loadavg()
    .map(x => x.toFixed(2))
    .join(' '),
  node: process.version,
  git: execFileSync('git', ['--version']).toString().trim(),
  quick
}

const plan: Array<[string, Part]> = [
  ['B1', b1],
  ['B2', b2],
  ['B3', b3],
  ['B4', b4],
  ['B4L', b4l],
  ['B4G', b4g],
  ['B5', b5],
  ['B6', b6],
  ['B7', b7],
  ['B8', b8],
  ['B9', b9],
  ['B9L', b9l],
  ['B10', b10],
  ['B11', b11],
  ['B12', b12],
  ['B1', b1] // again, last: the noise within one run
]
/** Too slow for every run (B10: 300 quick-start workflow runs per pass, tens of minutes). */
const OPT_IN = new Set(['B10'])

if (args.includes('--list')) {
  const ids = [...new Set(plan.map(([id]) => id))]
  process.stdout.write(`${ids.map(id => `${id}${OPT_IN.has(id) ? ' (opt-in)' : ''}`).join('\n')}\n`)
  process.exit(0)
}

const results: PartResult[] = []
try {
  for (const [id, part] of plan) {
    if (only ? !only.includes(id) : OPT_IN.has(id)) continue
    ctx.log(`${id} …`)
    const result = await part(ctx)
    const again = results.some(r => r.id === id)
    results.push(again ? { ...result, id: `${id} (again, last)` } : result)
  }
} finally {
  await cleanup()
}

const finished = new Date()
const lines = [
  `# dispatch-ledger benchmarks${quick ? ' (quick)' : ''}`,
  '',
  `${environment.date} · nproc ${environment.nproc} · ${environment.cpu} · load ${environment.loadavg} at start · node ${environment.node} · ${environment.git} · ${((finished.getTime() - started.getTime()) / 1000).toFixed(0)} s`,
  ''
]
for (const result of results)
  lines.push(`## ${result.id}: ${result.title}`, '', result.markdown, '')
lines.push(
  '## Goals',
  '',
  table(
    ['goal', 'measured', 'met'],
    results.flatMap(result =>
      result.goals.map(goal => [
        result.id.includes('again') ? `${goal.goal} (again)` : goal.goal,
        goal.measured,
        goal.met === null ? 'not measured' : goal.met ? 'yes' : '**no**'
      ])
    )
  ),
  ''
)
const report = lines.join('\n')
process.stdout.write(report)

await mkdir(RESULTS, { recursive: true })
const json = JSON.stringify({ environment, finished: finished.toISOString(), results }, null, 2)
const name = `bench-${environment.date.replace(/[:.]/g, '-')}.json`
await writeFile(join(RESULTS, name), json)
await writeFile(join(RESULTS, 'latest.json'), json)
await writeFile(join(RESULTS, 'latest.md'), report)
ctx.log(`raw figures: bench/results/${name}`)
const broken = results.filter(r => r.failOnMiss && r.goals.some(goal => goal.met === false))
if (broken.length > 0) {
  ctx.log(`bound broken: ${broken.map(r => r.id).join(', ')} (see the report)`)
  process.exitCode = 1
}
