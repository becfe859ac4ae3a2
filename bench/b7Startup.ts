/**
 * B7: start-up, per action. Each action's entry (`node dist/<command>.js`, its manifest's
 * runs.main) failing fast on an invalid `namespace` input: it loads its first chunk, reads and
 * validates its inputs, reports the error through @actions/core and exits 1 (no git, no
 * command chunk). Against `node -e 0` and a bundle of @actions/core alone that reads an input
 * and sets an output; also the preview action on an unadmitted key in an empty repository
 * (loads the preview chunk and reads the store). Each action's bundle size is the bytes its
 * entry loads at start and the bytes it may load in all (every chunk its command's imports
 * can reach, read from the bundle's own chunk loads).
 */
import { readFile, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { ACTIONS } from '../scripts/runner.ts'
import {
  BUNDLE,
  dirSize,
  makeRepo,
  nccBuild,
  prepareStep,
  PROJECT_ROOT,
  runStep,
  timed,
  type Step
} from './lib/proc.ts'
import type { Context, PartResult } from './lib/part.ts'
import { bytes, interleave, ms, signed, summarize, table, type Summary } from './lib/stats.ts'

const COMMANDS = ['admit', ...ACTIONS] as const
/** The issue's goal: each action's start-up over the @actions/core-only bundle. */
const GOAL_MS = 20

export async function b7(ctx: Context): Promise<PartResult> {
  const coreOnly = await nccBuild('core-only', join(PROJECT_ROOT, 'bench', 'floor', 'coreOnly.ts'))
  const repo = await makeRepo('b7')
  const invalid: Record<string, Step> = {}
  for (const command of COMMANDS)
    invalid[command] = await prepareStep({
      workspace: repo,
      ...(command === 'admit' ? {} : { action: command }),
      with: { namespace: 'bogus', remote: 'none' }
    })
  const preview = await prepareStep({
    workspace: repo,
    action: 'preview',
    with: { 'dispatch-key': 'bench/b7/never-admitted', remote: 'none' }
  })
  const core = await prepareStep({ workspace: repo, with: {} })

  const check = async (what: string, expectCode: number, run: () => ReturnType<typeof runStep>) => {
    const result = await run()
    if (result.code !== expectCode)
      throw new Error(
        `B7 ${what}: exit ${result.code}, expected ${expectCode}: ${result.stdout}${result.stderr}`
      )
    if (expectCode === 1 && !result.stdout.includes('namespace'))
      throw new Error(`B7 ${what} did not fail on its namespace input: ${result.stdout}`)
    return result.ms
  }
  const variants: Record<string, () => Promise<number>> = {
    nodeE0: async () => (await timed(process.execPath, ['-e', '0'])).ms,
    coreOnly: () => check('core-only', 0, () => runStep(core, repo, coreOnly)),
    previewRead: () => check('preview', 0, () => runStep(preview, repo))
  }
  for (const command of COMMANDS)
    variants[command] = () =>
      check(`${command} (invalid namespace)`, 1, () => runStep(invalid[command] as Step, repo))
  // One warm-up each.
  for (const run of Object.values(variants)) await run()

  const rounds = ctx.quick ? 10 : 30
  ctx.log(`B7: ${rounds} interleaved rounds of ${Object.keys(variants).length} variants`)
  const times = await interleave(rounds, variants)
  const s: Record<string, Summary> = Object.fromEntries(
    Object.entries(times).map(([name, values]) => [name, summarize(values)])
  )
  const floor = (s.coreOnly as Summary).median
  const loads = await chunkLoads()
  const perAction = await Promise.all(
    COMMANDS.map(async command => {
      const entry = join(dirname(BUNDLE), `${command}.js`)
      const first = (await stat(entry)).size + (await stat(BUNDLE)).size
      let all = first
      for (const chunk of reachable(loads, command)) all += (await stat(chunkFile(chunk))).size
      const x = s[command] as Summary
      return { command, median: x.median, p90: x.p90, added: x.median - floor, first, all }
    })
  )
  const worst = Math.max(...perAction.map(a => a.added))
  const row = (name: string, x: Summary) => [
    name,
    ms(x.median),
    ms(x.p90),
    signed(x.median - floor)
  ]
  const markdown = [
    table(
      ['B7 start-up', 'median ms', 'p90 ms', 'vs core-only bundle (ms)'],
      [
        row('`node -e 0`', s.nodeE0 as Summary),
        row('@actions/core-only bundle (getInput + setOutput)', s.coreOnly as Summary),
        row(
          'dist/preview.js, unadmitted key, empty repo (loads its chunk, reads the store)',
          s.previewRead as Summary
        )
      ]
    ),
    '',
    table(
      [
        'action: invalid `namespace`',
        'median ms',
        'p90 ms',
        'vs core-only bundle (ms)',
        'loaded at start',
        'may load in all'
      ],
      perAction.map(a => [
        `dist/${a.command}.js`,
        ms(a.median),
        ms(a.p90),
        signed(a.added),
        bytes(a.first),
        bytes(a.all)
      ])
    ),
    '',
    table(
      ['bundle', 'size'],
      [
        ['dist/ total (all chunks + licenses + the CLI)', bytes(await dirSize(dirname(BUNDLE)))],
        ['dist/index.js (every action’s first chunk)', bytes((await stat(BUNDLE)).size)],
        ['@actions/core-only bundle', bytes((await stat(coreOnly)).size)]
      ]
    )
  ].join('\n')
  return {
    id: 'B7',
    title: `start-up per action (${rounds} rounds)`,
    markdown,
    goals: [
      {
        goal: `B7 each action adds ≤ ${GOAL_MS} ms over an @actions/core-only bundle`,
        measured: `worst ${ms(worst)} ms (${perAction.map(a => `${a.command} ${ms(a.added)}`).join(', ')})`,
        met: worst <= GOAL_MS
      }
    ],
    data: { rounds, perAction, summary: s, raw: times }
  }
}

const chunkFile = (id: string) => join(dirname(BUNDLE), `${id}.index.js`)

/**
 * The chunks each piece of the bundle loads (`__nccwpck_require__.e(<id>)`, webpack's chunk
 * load): per command, the loads on its line of the steps table; 'common', every other load
 * of the first chunk (the store, the gateway, the summary: each action's); and per chunk file,
 * the loads inside it.
 */
async function chunkLoads(): Promise<Map<string, string[]>> {
  const ids = (text: string) =>
    [...text.matchAll(/__nccwpck_require__\.e\((\d+)\)/g)].map(m => m[1] as string)
  const loads = new Map<string, string[]>()
  const add = (key: string, found: string[]) =>
    loads.set(key, [...(loads.get(key) ?? []), ...found])
  for (const line of (await readFile(BUNDLE, 'utf8')).split('\n')) {
    const found = ids(line)
    if (found.length === 0) continue
    const command = /^\s+(\w+): async \(\) =>/.exec(line)?.[1]
    add(command && (COMMANDS as readonly string[]).includes(command) ? command : 'common', found)
  }
  const seen = new Set<string>()
  const visit = async (id: string) => {
    if (seen.has(id)) return
    seen.add(id)
    const found = ids(await readFile(chunkFile(id), 'utf8'))
    loads.set(`chunk ${id}`, found)
    for (const next of found) await visit(next)
  }
  for (const found of [...loads.values()]) for (const id of found) await visit(id)
  return loads
}

/** Every chunk a command's entry can load: its own, the common ones, and theirs. */
function reachable(loads: Map<string, string[]>, command: string): Set<string> {
  const out = new Set<string>()
  const walk = (ids: readonly string[]) => {
    for (const id of ids)
      if (!out.has(id)) {
        out.add(id)
        walk(loads.get(`chunk ${id}`) ?? [])
      }
  }
  walk([...(loads.get(command) ?? []), ...(loads.get('common') ?? [])])
  return out
}
