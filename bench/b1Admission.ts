/**
 * B1: whole-process admission in the local store. The bundled action (dist/index.js with
 * the runner's environment, remote: none, a new dispatch-key each run so each is a first
 * arrival) against a floor bundle that does the same two-object, one-transaction admission
 * with nothing else, against the same floor validating its two objects with the action's own
 * zod/mini schemas (what the prescribed validator alone costs), and against a bare
 * `git update-ref` of one ref. Interleaved rounds.
 */
import { join } from 'node:path'
import {
  expectOk,
  git,
  makeRepo,
  nccBuild,
  prepareStep,
  PROJECT_ROOT,
  runStep,
  timed
} from './lib/proc.ts'
import type { Context, PartResult } from './lib/part.ts'
import { interleave, ms, ratio, summarize, table } from './lib/stats.ts'

export async function b1(ctx: Context): Promise<PartResult> {
  const floor = await nccBuild('floor', join(PROJECT_ROOT, 'bench', 'floor', 'floor.ts'))
  const floorSchemas = await nccBuild(
    'floor-schemas',
    join(PROJECT_ROOT, 'bench', 'floor', 'floorSchemas.ts')
  )
  const rounds = ctx.quick ? 10 : 30
  const repo = await makeRepo('b1')
  const base = git(repo, ['rev-parse', 'HEAD']).trim()
  const stamp = Date.now().toString(36)
  // The floors write layout v1 refs (`<ns>/admissions/<h>`), which make the action refuse
  // its namespace: they write under a namespace of their own in the same repository.
  const step = (variant: string, round: number) =>
    prepareStep({
      workspace: repo,
      runId: 7000 + round,
      with: {
        'dispatch-key': `bench/b1/${stamp}/${variant}/${round}`,
        remote: 'none',
        ...(variant === 'action' || variant === 'warm-action'
          ? {}
          : { namespace: 'refs/bench-floor' })
      }
    })
  // Warm the page cache and the filesystem once for each variant.
  expectOk('action warm-up', await runStep(await step('warm-action', 0), repo))
  expectOk('floor warm-up', await runStep(await step('warm-floor', 0), repo, floor))
  expectOk(
    'floor+schemas warm-up',
    await runStep(await step('warm-schemas', 0), repo, floorSchemas)
  )

  ctx.log(`B1: ${rounds} interleaved rounds of action, floor, floor+schemas, update-ref`)
  const times = await interleave(rounds, {
    action: async round => {
      const s = await step('action', round)
      const r = await runStep(s, repo)
      expectOk('action admit', r, o => o.created === 'true' && o.owner === 'true')
      return r.ms
    },
    floor: async round => {
      const s = await step('floor', round)
      const r = await runStep(s, repo, floor)
      expectOk('floor admit', r, o => o.created === 'true')
      return r.ms
    },
    floorSchemas: async round => {
      const s = await step('schemas', round)
      const r = await runStep(s, repo, floorSchemas)
      expectOk('floor+schemas admit', r, o => o.created === 'true')
      return r.ms
    },
    updateRef: async round => {
      const r = await timed('git', ['update-ref', `refs/bench/b1/${stamp}/${round}`, base, ''], {
        cwd: repo
      })
      if (r.code !== 0) throw new Error(`git update-ref failed: ${r.stderr}`)
      return r.ms
    }
  })
  const action = summarize(times.action)
  const floorS = summarize(times.floor)
  const schemas = summarize(times.floorSchemas)
  const plain = summarize(times.updateRef)
  const r = action.median / floorS.median
  const markdown = table(
    ['B1 first arrival, local', 'median ms', 'p90 ms', 'min ms', 'vs floor'],
    [
      ['action (node dist/index.js)', ms(action.median), ms(action.p90), ms(action.min), ratio(r)],
      [
        'floor (bundled minimal action)',
        ms(floorS.median),
        ms(floorS.p90),
        ms(floorS.min),
        ratio(1)
      ],
      [
        'floor + zod/mini validation of its 2 objects',
        ms(schemas.median),
        ms(schemas.p90),
        ms(schemas.min),
        ratio(schemas.median / floorS.median)
      ],
      [
        'plain `git update-ref` (1 ref)',
        ms(plain.median),
        ms(plain.p90),
        ms(plain.min),
        ratio(plain.median / floorS.median)
      ]
    ]
  )
  return {
    id: 'B1',
    title: `whole-process admission, local (${rounds} rounds)`,
    markdown,
    // The goal in force (issue 37): the action against the floor that also validates what it
    // writes with zod/mini, the validator the stack prescribes; the plain floor is beside it.
    goals: [
      {
        goal: 'B1 action / floor + zod/mini ≤ 1.15×',
        measured: `${ratio(action.median / schemas.median)} (plain floor ${ratio(r)})`,
        met: action.median / schemas.median <= 1.15
      }
    ],
    data: {
      rounds,
      ratio: r,
      schemasRatio: schemas.median / floorS.median,
      summary: { action, floor: floorS, floorSchemas: schemas, updateRef: plain },
      raw: times
    }
  }
}
