/**
 * B7: start-up. The admit action (`node dist/admit.js`, which imports the shared bundle
 * dist/index.js) failing fast on an invalid `namespace` input (it loads the entry chunk,
 * validates inputs with zod, reports the error through @actions/core and exits 1: no git, no
 * command chunk; before one action per command this was an invalid `command` input) against
 * `node -e 0` and against a bundle of @actions/core alone that reads an input and sets an
 * output. Also the preview action on an unadmitted key in an empty repository (loads the
 * preview chunk and reads the store), and the bundle sizes.
 */
import { stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import {
  BUNDLE,
  dirSize,
  makeRepo,
  nccBuild,
  prepareStep,
  PROJECT_ROOT,
  runStep,
  timed
} from './lib/proc.ts'
import type { Context, PartResult } from './lib/part.ts'
import { bytes, interleave, ms, signed, summarize, table } from './lib/stats.ts'

export async function b7(ctx: Context): Promise<PartResult> {
  const coreOnly = await nccBuild('core-only', join(PROJECT_ROOT, 'bench', 'floor', 'coreOnly.ts'))
  const repo = await makeRepo('b7')
  const invalid = await prepareStep({
    workspace: repo,
    with: { 'dispatch-key': 'bench/b7/invalid', namespace: 'bogus', remote: 'none' }
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
    return result.ms
  }
  // One warm-up each.
  await check('invalid', 1, () => runStep(invalid, repo))
  await check('preview', 0, () => runStep(preview, repo))
  await check('core-only', 0, () => runStep(core, repo, coreOnly))

  const rounds = ctx.quick ? 10 : 30
  ctx.log(`B7: ${rounds} interleaved rounds`)
  const times = await interleave(rounds, {
    nodeE0: async () => (await timed(process.execPath, ['-e', '0'])).ms,
    coreOnly: () => check('core-only', 0, () => runStep(core, repo, coreOnly)),
    invalid: () => check('invalid', 1, () => runStep(invalid, repo)),
    preview: () => check('preview', 0, () => runStep(preview, repo))
  })
  const s = {
    nodeE0: summarize(times.nodeE0),
    coreOnly: summarize(times.coreOnly),
    invalid: summarize(times.invalid),
    preview: summarize(times.preview)
  }
  const added = s.invalid.median - s.coreOnly.median
  const sizes = {
    distTotal: await dirSize(dirname(BUNDLE)),
    indexJs: (await stat(BUNDLE)).size,
    coreOnly: (await stat(coreOnly)).size
  }
  const row = (name: string, x: (typeof s)['nodeE0']) => [
    name,
    ms(x.median),
    ms(x.p90),
    signed(x.median - s.coreOnly.median)
  ]
  const markdown = [
    table(
      ['B7 start-up', 'median ms', 'p90 ms', 'vs core-only bundle (ms)'],
      [
        row('`node -e 0`', s.nodeE0),
        row('@actions/core-only bundle (getInput + setOutput)', s.coreOnly),
        row('dist/admit.js, invalid `namespace` (fails after loading)', s.invalid),
        row('dist/preview.js (the preview action), unadmitted key, empty repo', s.preview)
      ]
    ),
    '',
    table(
      ['bundle', 'size'],
      [
        ['dist/ total (all chunks + licenses)', bytes(sizes.distTotal)],
        ['dist/index.js', bytes(sizes.indexJs)],
        ['@actions/core-only bundle', bytes(sizes.coreOnly)]
      ]
    )
  ].join('\n')
  return {
    id: 'B7',
    title: `start-up (${rounds} rounds)`,
    markdown,
    goals: [
      {
        goal: 'B7 bundle adds ≤ 40 ms over an @actions/core-only bundle',
        measured: `${ms(added)} ms`,
        met: added <= 40
      }
    ],
    data: { rounds, added, sizes, summary: s, raw: times }
  }
}
