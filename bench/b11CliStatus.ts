/**
 * B11: `dispatch-ledger status` (docs/cli.md) over a namespace of 10² and 10⁴ admitted keys,
 * filled as B4 fills them (`lib/fill.ts`: each key's admission in its index bucket, every run
 * archived, half of them ended), read from a bare origin through its path, as a person's clone
 * reads its origin. The committed bundle dist/cli/index.js runs as its bin does. Each size has
 * a cache repository of its own (its own XDG_CACHE_HOME): the first status brings every object (cold), the
 * next ones only what changed (warm, the usual case at a laptop), and reuse the views the
 * first one derived (docs/cli.md#what-a-warm-status-reuses). Beside them, in the same rounds, a
 * warm status at 10⁴ whose memo is removed before it runs: what the memo saves. Top-level git
 * processes are counted from git's own trace2 events. Goals: warm status at 10⁴ ≤ 1 s; the
 * same number of git processes at 10² and 10⁴.
 */
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT, tempDir, timed } from './lib/proc.ts'
import { bareWithAdmissions } from './lib/fill.ts'
import { MEMO_FILE } from '../src/store/cacheNames.ts'
import type { Context, PartResult } from './lib/part.ts'
import { interleave, ms, ratio, summarize, table } from './lib/stats.ts'

const CLI = join(PROJECT_ROOT, 'dist', 'cli', 'index.js')
const SIZES = [100, 10000] as const

interface Size {
  readonly keys: number
  readonly origin: string
  readonly env: NodeJS.ProcessEnv
}

async function status(size: Size, extra: NodeJS.ProcessEnv = {}) {
  const run = await timed(process.execPath, [CLI, 'status', '--json', '--remote', size.origin], {
    cwd: size.origin,
    env: { ...size.env, ...extra }
  })
  if (run.code !== 0) throw new Error(`B11 status at ${size.keys}: ${run.stderr}`)
  return { ms: run.ms, runs: (JSON.parse(run.stdout) as { runs: unknown[] }).runs.length }
}

/** Top-level git processes of one status (a trace2 sid without a parent's). */
async function gitProcesses(size: Size): Promise<number> {
  const trace = join(await tempDir(`b11-trace-${size.keys}`), 'trace.json')
  await status(size, { GIT_TRACE2_EVENT: trace })
  return (await readFile(trace, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line) as { event: string; sid: string })
    .filter(e => e.event === 'start' && !e.sid.includes('/')).length
}

/** Removes the size's memo (the file docs/cli.md names), so that its next status derives every view. */
async function forget(size: Size): Promise<void> {
  const root = join(size.env.XDG_CACHE_HOME as string, 'dispatch-ledger')
  for (const cache of await readdir(root)) await rm(join(root, cache, MEMO_FILE), { force: true })
}

export async function b11(ctx: Context): Promise<PartResult> {
  const sizes: Size[] = []
  for (const keys of SIZES) {
    ctx.log(`B11: filling ${keys} keys`)
    const { dir } = await bareWithAdmissions(keys)
    const cache = await tempDir(`b11-cache-${keys}`)
    sizes.push({ keys, origin: dir, env: { ...process.env, XDG_CACHE_HOME: cache, NO_COLOR: '1' } })
  }
  const cold = await Promise.all(sizes.map(async s => ({ keys: s.keys, ...(await status(s)) })))
  const processes = []
  for (const s of sizes) processes.push(await gitProcesses(s))
  const rounds = ctx.quick ? 5 : 15
  ctx.log(`B11: ${rounds} interleaved rounds`)
  const large10k = sizes[1] as Size
  const times = await interleave(rounds, {
    small: async () => (await status(sizes[0] as Size)).ms,
    large: async () => (await status(large10k)).ms,
    // The memo is removed before, and this status writes it again: the next `large` is warm.
    unremembered: async () => {
      await forget(large10k)
      return (await status(large10k)).ms
    }
  })
  const small = summarize(times.small)
  const large = summarize(times.large)
  const unremembered = summarize(times.unremembered)
  const [p100, p10k] = processes as [number, number]
  const markdown = [
    table(
      [
        'keys',
        'open runs listed',
        'cold (first) status',
        'warm status, median (min–p90)',
        'git processes'
      ],
      [
        [
          String(SIZES[0]),
          String(cold[0]?.runs),
          ms(cold[0]?.ms ?? 0),
          `${ms(small.median)} (${ms(small.min)}–${ms(small.p90)})`,
          String(p100)
        ],
        [
          String(SIZES[1]),
          String(cold[1]?.runs),
          ms(cold[1]?.ms ?? 0),
          `${ms(large.median)} (${ms(large.min)}–${ms(large.p90)})`,
          String(p10k)
        ]
      ]
    ),
    '',
    `Warm 10⁴ / 10²: ${ratio(large.median / small.median)}. Warm 10⁴ with its memo removed ` +
      `first (every view derived again, as before the memo), in the same rounds: ` +
      `${ms(unremembered.median)} (${ms(unremembered.min)}–${ms(unremembered.p90)}), ` +
      `${ratio(unremembered.median / large.median)} the warm one.`
  ].join('\n')
  return {
    id: 'B11',
    title: 'dispatch-ledger status over 10² and 10⁴ runs',
    markdown,
    goals: [
      {
        goal: 'B11 warm status at 10⁴ ≤ 1 s',
        measured: ms(large.median),
        met: large.median <= 1000
      },
      {
        goal: 'B11 git processes equal at 10² and 10⁴',
        measured: `${p100} vs ${p10k}`,
        met: p100 === p10k
      }
    ],
    data: {
      cold,
      processes,
      small: times.small,
      large: times.large,
      unremembered: times.unremembered
    }
  }
}
