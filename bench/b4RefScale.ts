/**
 * B4: admission time against the number of admissions already in the store. Each store is
 * filled quickly: one `git update-ref --stdin` of N `create` lines (random key hashes, all
 * pointing at one commit), then `git pack-refs --all`, as a long-lived repository would be.
 * The local column is the bundled action's first-arrival admission (whole process), with a
 * bare two-ref create transaction beside it to separate git's own cost; rounds interleave
 * the sizes. The remote column needs the remote store (B3's prerequisite).
 */
import { randomBytes } from 'node:crypto'
import { expectOk, git, prepareStep, runStep, tempDir, timed } from './lib/proc.ts'
import { fillAdmissions } from './lib/fill.ts'
import type { Context, PartResult } from './lib/part.ts'
import { interleave, median, ms, ratio, summarize, table } from './lib/stats.ts'
import { cloneOf, remoteStoreStatus, startGitHttpServer, type GitHttpServer } from './lib/remote.ts'
import { bareWithAdmissions } from './lib/fill.ts'

export async function b4(ctx: Context): Promise<PartResult> {
  const sizes = [1000, 10000, 100000]
  const stores: Array<{ size: number; repo: string; base: string; setupMs: number }> = []
  for (const size of sizes) {
    ctx.log(`B4: creating a store with ${size} admissions`)
    const started = performance.now()
    const repo = await tempDir(`b4-${size}`)
    git(repo, ['init', '-q', '-b', 'main'])
    const base = fillAdmissions(repo, size)
    stores.push({ size, repo, base, setupMs: performance.now() - started })
  }
  const stamp = Date.now().toString(36)
  const rounds = ctx.quick ? 8 : 20
  for (const store of stores) {
    const step = await prepareStep({
      workspace: store.repo,
      with: { 'dispatch-key': `bench/b4/${stamp}/warm`, remote: 'none' }
    })
    expectOk('B4 warm-up', await runStep(step, store.repo))
  }
  ctx.log(`B4: ${rounds} interleaved rounds`)
  const variants: Record<string, (round: number) => Promise<number>> = {}
  for (const store of stores) {
    variants[`action/${store.size}`] = async round => {
      const step = await prepareStep({
        workspace: store.repo,
        runId: 4000 + round,
        with: { 'dispatch-key': `bench/b4/${stamp}/${round}`, remote: 'none' }
      })
      const result = await runStep(step, store.repo)
      expectOk('B4 admit', result, o => o.created === 'true')
      return result.ms
    }
    variants[`updateRef/${store.size}`] = async round => {
      const ref = (kind: string) =>
        `refs/dispatch-ledger/${kind}/${randomBytes(32).toString('hex')}`
      const tx = `start\ncreate ${ref('admissions')} ${store.base}\ncreate ${ref('runs')} ${store.base}\nprepare\ncommit\n`
      const result = await timed('git', ['update-ref', '--stdin'], { cwd: store.repo, input: tx })
      if (result.code !== 0) throw new Error(`B4 update-ref (round ${round}): ${result.stderr}`)
      return result.ms
    }
  }
  const times = await interleave(rounds, variants)
  const summary = Object.fromEntries(
    Object.entries(times).map(([name, values]) => [name, summarize(values)])
  )
  const med = (name: string) => summary[name]?.median ?? NaN
  const remote = await remoteStoreStatus()
  const remoteTimes = remote.usable ? await remoteColumn(ctx, sizes) : null
  const rmed = (name: string) => (remoteTimes ? median(remoteTimes[name] ?? []) : NaN)
  const rows = stores.map(({ size }) => [
    size.toLocaleString('en'),
    ms(med(`action/${size}`)),
    ratio(med(`action/${size}`) / med('action/1000')),
    ms(med(`updateRef/${size}`)),
    ratio(med(`updateRef/${size}`) / med('updateRef/1000')),
    ...(remoteTimes
      ? [
          ms(rmed(`action/${size}`)),
          ratio(rmed(`action/${size}`) / rmed('action/1000')),
          ms(rmed(`push/${size}`)),
          ratio(rmed(`push/${size}`) / rmed('push/1000'))
        ]
      : ['not measured: remote store missing', '', '', ''])
  ])
  const worst = med('action/100000') / med('action/1000')
  const remoteWorst = rmed('action/100000') / rmed('action/1000')
  return {
    id: 'B4',
    title: `admission vs existing admissions (${rounds} rounds)`,
    markdown: table(
      [
        'B4 existing admissions (packed)',
        'local: action median ms',
        'vs 10³',
        'bare 2-ref create ms',
        'vs 10³',
        'remote: action median ms',
        'vs 10³',
        'plain `git push` ms',
        'vs 10³'
      ],
      rows
    ),
    goals: [
      { goal: 'B4 local flat: 10⁵ ≤ 1.2× of 10³', measured: ratio(worst), met: worst <= 1.2 },
      {
        goal: 'B4 remote flat (10⁵ ≤ 1.2× of 10³; no goal was set, reported)',
        measured: remoteTimes ? ratio(remoteWorst) : 'not measured: remote store missing',
        met: remoteTimes ? remoteWorst <= 1.2 : null
      }
    ],
    data: {
      rounds,
      setupMs: Object.fromEntries(stores.map(s => [s.size, s.setupMs])),
      summary,
      raw: times,
      remote: remote.reason,
      remoteRaw: remoteTimes
    }
  }
}

/**
 * The same admission through the remote store: one smart-HTTP server per size, its bare
 * repository filled like the local stores, a fresh clone as the job's checkout. A plain
 * one-ref `git push` beside it shows what git's own push costs at that size (a push
 * advertises every ref of the remote: protocol v0, which git 2.39 still uses for push).
 */
async function remoteColumn(
  ctx: Context,
  sizes: readonly number[]
): Promise<Record<string, number[]>> {
  const servers: Array<{ size: number; server: GitHttpServer; clone: string; base: string }> = []
  try {
    for (const size of sizes) {
      ctx.log(`B4: creating a remote with ${size} admissions`)
      const { dir, base } = await bareWithAdmissions(size)
      const server = await startGitHttpServer({ bareDir: dir })
      servers.push({ size, server, clone: await cloneOf(server), base })
    }
    const stamp = Date.now().toString(36)
    const rounds = ctx.quick ? 5 : 10
    const variants: Record<string, (round: number) => Promise<number>> = {}
    for (const { size, clone, base } of servers) {
      variants[`action/${size}`] = async round => {
        const step = await prepareStep({
          workspace: clone,
          runId: 4500 + round,
          with: { 'dispatch-key': `bench/b4r/${stamp}/${round}`, remote: 'origin' }
        })
        const result = await runStep(step, clone)
        expectOk('B4 remote admit', result, o => o.created === 'true' && o.store === 'origin')
        return result.ms
      }
      variants[`push/${size}`] = async round => {
        const result = await timed(
          'git',
          ['push', '-q', 'origin', `${base}:refs/bench/b4/${stamp}/${round}`],
          {
            cwd: clone
          }
        )
        if (result.code !== 0) throw new Error(`B4 remote push: ${result.stderr}`)
        return result.ms
      }
    }
    ctx.log(`B4: ${rounds} interleaved remote rounds`)
    await variants[`action/${sizes[0]}`]?.(-1)
    return await interleave(rounds, variants)
  } finally {
    await Promise.all(servers.map(s => s.server.close()))
  }
}
