/**
 * An A/B of two bundles of the action on B1's first arrival, with git's own trace: where each
 * run's time goes (before its first git process, the git phase, after it) and each git
 * process's own time (GIT_TRACE2_EVENT, lib/trace2.ts), beside the floor that validates with
 * zod/mini. Interleaved rounds, medians. Not a part of `npm run bench`:
 *
 *   git archive <rev> dist | tar -x -C /tmp/before   # the bundle to compare against
 *   node bench/abAdmit.ts /tmp/before/dist [rounds]  # through npm's PATH (Node 24)
 */
import { join, resolve } from 'node:path'
import { tmpdir } from 'node:os'
import { writeFile } from 'node:fs/promises'
import { expectOk, makeRepo, nccBuild, prepareStep, PROJECT_ROOT, runStep } from './lib/proc.ts'
import { gitProfile } from './lib/trace2.ts'
import { interleave, summarize } from './lib/stats.ts'

interface Phases {
  readonly firstGit: number[]
  readonly gitEnd: number[]
  readonly perCommand: Map<string, number[]>
}

const [beforeDir, roundsText] = process.argv.slice(2)
if (!beforeDir) throw new Error('usage: node bench/abAdmit.ts <dist directory to compare> [rounds]')
const rounds = Number(roundsText ?? 30)
const repo = await makeRepo('ab-admit')
const stamp = Date.now().toString(36)
const mains = {
  before: join(resolve(beforeDir), 'admit.js'),
  after: join(PROJECT_ROOT, 'dist', 'admit.js'),
  floorSchemas: await nccBuild(
    'floor-schemas',
    join(PROJECT_ROOT, 'bench', 'floor', 'floorSchemas.ts')
  )
}
type Variant = keyof typeof mains
const phases = new Map<Variant, Phases>()

function variant(name: Variant) {
  return async (round: number): Promise<number> => {
    const trace = join(tmpdir(), `ab-admit-${stamp}-${name}-${round}.json`)
    await writeFile(trace, '')
    // Each variant under a namespace of its own: the floor writes layout v1 refs.
    const step = await prepareStep({
      workspace: repo,
      runId: 7000 + round,
      with: {
        'dispatch-key': `ab/${stamp}/${name}/${round}`,
        remote: 'none',
        namespace: `refs/ab-${name}`
      }
    })
    step.env.GIT_TRACE2_EVENT = trace
    const spawned = Date.now()
    const result = await runStep(step, repo, mains[name])
    expectOk(name, result, o => o.created === 'true')
    const processes = await gitProfile(trace, spawned)
    const seen: Phases = phases.get(name) ?? { firstGit: [], gitEnd: [], perCommand: new Map() }
    phases.set(name, seen)
    seen.firstGit.push(processes[0]?.at ?? 0)
    seen.gitEnd.push(Math.max(...processes.map(p => p.at + p.ms)))
    for (const p of processes)
      seen.perCommand.set(p.command, [...(seen.perCommand.get(p.command) ?? []), p.ms])
    return result.ms
  }
}

const times = await interleave(rounds, {
  before: variant('before'),
  after: variant('after'),
  floorSchemas: variant('floorSchemas')
})
const median = (xs: readonly number[]) => summarize([...xs]).median
console.log('| variant | total | first git starts at | git phase | after git | per git process |')
console.log('| --- | --- | --- | --- | --- | --- |')
for (const name of Object.keys(mains) as Variant[]) {
  const seen = phases.get(name) as Phases
  const total = median(times[name])
  const start = median(seen.firstGit)
  const end = median(seen.gitEnd)
  const each = [...seen.perCommand].map(([c, v]) => `${c} ${median(v).toFixed(1)}`).join(', ')
  console.log(
    `| ${name} | ${total.toFixed(0)} | ${start.toFixed(0)} | ${(end - start).toFixed(0)} | ${(total - end).toFixed(0)} | ${each} |`
  )
}
const ratio = (a: Variant, b: Variant) => (median(times[a]) / median(times[b])).toFixed(2)
console.log(
  `after/before ${ratio('after', 'before')}×, after/floorSchemas ${ratio('after', 'floorSchemas')}×, before/floorSchemas ${ratio('before', 'floorSchemas')}×`
)
