/**
 * B4: admission, append and archive against the number of keys already admitted, in layout v2
 * (docs/design/storage.md). Each store holds 10³, 10⁴ or 10⁵ admitted keys, half of them with
 * ended runs and the others with idle ones, every run archived (`lib/fill.ts`): 256 index refs
 * and 256 archive refs, however many keys.
 *
 * Each round, at every size, is one run's life through the bundled action: admit a fresh key
 * (first arrival), append `dispatched` to its live run, then append `cancelled`, the terminal
 * append that archives the run in the same write (its ref deleted, its head recorded in its
 * bucket and kept reachable by the bucket's archive ref). Rounds interleave the sizes.
 *
 * Local (`remote: none`): the three steps in one repository, with a bare 2-ref create
 * transaction (outside the namespace) beside them for git's own ref cost. Remote (`remote:
 * origin`, smart HTTP, `lib/remote.ts`): one server per size over a bare repository filled the
 * same way; every step runs in a fresh clone, as each job starts from actions/checkout with no
 * dispatch-ledger refs or objects, so each step fetches the buckets it needs in full. A plain
 * one-ref `git push` beside them shows what any push to that repository costs.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { expectOk, git, prepareStep, runStep, tempDir, timed, type Step } from './lib/proc.ts'
import { bareWithAdmissions, fillAdmissions, type Filled } from './lib/fill.ts'
import type { Context, PartResult } from './lib/part.ts'
import { bytes, interleave, median, ms, ratio, signed, summarize, table } from './lib/stats.ts'
import { cloneOf, remoteStoreStatus, startGitHttpServer, type GitHttpServer } from './lib/remote.ts'
import { coveredMs, gitProfile } from './lib/trace2.ts'

const SIZES = [1000, 10000, 100000] as const
const STEPS = ['admit', 'append', 'archive'] as const
type StepName = (typeof STEPS)[number]

const DISPATCHED = JSON.stringify({
  provider: { driver: 'fake', submission_state: 'submitted', external_ids: { job: 'b4' } }
})

interface Life {
  readonly ms: Record<StepName, number>
  /** HTTP requests per step (remote only). */
  readonly requests?: Record<StepName, { fetches: number; pushes: number; infoRefs: number }>
}

/**
 * One run's life: admit, append dispatched, append cancelled (archives). `workspace` gives the
 * repository of each step (the same one locally, a fresh clone remotely); not timed.
 */
async function life(
  what: string,
  key: string,
  runId: number,
  remote: 'none' | 'origin',
  workspace: (step: StepName) => Promise<string>,
  server?: GitHttpServer
): Promise<Life> {
  const times = {} as Record<StepName, number>
  const requests = {} as NonNullable<Life['requests']>
  let ledgerRun = ''
  for (const name of STEPS) {
    const dir = await workspace(name)
    const step: Step = await prepareStep(
      name === 'admit'
        ? { workspace: dir, runId, with: { 'dispatch-key': key, remote } }
        : {
            workspace: dir,
            runId,
            action: 'record',
            with: {
              'run-id': ledgerRun,
              state: name === 'append' ? 'dispatched' : 'cancelled',
              ...(name === 'append' ? { record: DISPATCHED } : {}),
              remote
            }
          }
    )
    server?.resetCounts()
    const result = await runStep(step, dir)
    if (name === 'admit') {
      expectOk(`${what} admit`, result, o => o.created === 'true')
      ledgerRun = result.outputs.run_id as string
    } else expectOk(`${what} ${name}`, result, o => o.recorded === 'true')
    times[name] = result.ms
    if (server) {
      const c = server.counts()
      requests[name] = { fetches: c.fetches, pushes: c.pushes, infoRefs: c.infoRefs }
    }
  }
  return { ms: times, ...(server ? { requests } : {}) }
}

/**
 * What a fresh clone's fetch of one index bucket brings (its commit has no parent, so it is
 * the bucket's whole tree): objects, and the size of a pack of them made by the server's git.
 * Median over 8 buckets spread over the 256.
 */
function bucketFetch(bare: string): { objects: number; bytes: number } {
  const samples = ['00', '20', '40', '60', '80', 'a0', 'c0', 'e0'].map(hh => {
    const ref = `refs/dispatch-ledger/index/${hh}`
    const objects = git(bare, ['rev-list', '--objects', ref]).split('\n').filter(Boolean).length
    const pack = execFileSync('git', ['pack-objects', '--revs', '--stdout', '-q'], {
      cwd: bare,
      input: `${ref}\n`,
      maxBuffer: 1 << 28
    })
    return { objects, bytes: pack.length }
  })
  return { objects: median(samples.map(s => s.objects)), bytes: median(samples.map(s => s.bytes)) }
}

type Samples = Record<string, number[]>

/** Interleaves one life per size (and a second variant per size) and files each step's time. */
async function rounds(
  count: number,
  sizes: readonly number[],
  lifeAt: (size: number, round: number) => Promise<Life>,
  extra: { name: string; run: (size: number, round: number) => Promise<number> },
  lives: Array<{ size: number; life: Life }>
): Promise<Samples> {
  const samples: Samples = {}
  const file = (name: string, value: number) => (samples[name] ??= []).push(value)
  const variants: Record<string, (round: number) => Promise<number>> = {}
  for (const size of sizes) {
    variants[`life/${size}`] = async round => {
      const l = await lifeAt(size, round)
      lives.push({ size, life: l })
      for (const step of STEPS) file(`${step}/${size}`, l.ms[step])
      return STEPS.reduce((sum, step) => sum + l.ms[step], 0)
    }
    variants[`${extra.name}/${size}`] = async round => {
      const value = await extra.run(size, round)
      file(`${extra.name}/${size}`, value)
      return value
    }
  }
  await interleave(count, variants)
  return samples
}

export async function b4(ctx: Context): Promise<PartResult> {
  const stamp = Date.now().toString(36)
  const stores: Array<{ size: number; repo: string; filled: Filled }> = []
  for (const size of SIZES) {
    ctx.log(`B4: a local store with ${size} admitted keys (layout v2)`)
    const repo = await tempDir(`b4-${size}`)
    git(repo, ['init', '-q', '-b', 'main'])
    const filled = await fillAdmissions(repo, size)
    ctx.log(
      `B4: filled in ${filled.seconds.toFixed(1)} s (${filled.objects} objects, ` +
        `${bytes(filled.packBytes)} pack${filled.cached ? ', cached' : ''})`
    )
    stores.push({ size, repo, filled })
  }
  const repoOf = (size: number) => stores.find(s => s.size === size)?.repo as string
  for (const { size, repo } of stores)
    await life('B4 warm-up', `bench/b4/${stamp}/warm/${size}`, 4999, 'none', async () => repo)

  const count = ctx.quick ? 6 : 15
  ctx.log(`B4: ${count} interleaved local rounds`)
  const localLives: Array<{ size: number; life: Life }> = []
  const local = await rounds(
    count,
    SIZES,
    (size, round) =>
      life('B4 local', `bench/b4/${stamp}/local/${size}/${round}`, 4000 + round, 'none', async () =>
        repoOf(size)
      ),
    {
      name: 'updateRef',
      run: async (size, round) => {
        const ref = (kind: string) => `refs/bench/b4/${kind}/${randomBytes(20).toString('hex')}`
        const base = stores.find(s => s.size === size)?.filled.base as string
        const tx = `start\ncreate ${ref('a')} ${base}\ncreate ${ref('b')} ${base}\nprepare\ncommit\n`
        const result = await timed('git', ['update-ref', '--stdin'], {
          cwd: repoOf(size),
          input: tx
        })
        if (result.code !== 0) throw new Error(`B4 update-ref (round ${round}): ${result.stderr}`)
        return result.ms
      }
    },
    localLives
  )
  const buckets = Object.fromEntries(SIZES.map(size => [size, bucketFetch(repoOf(size))]))
  const bucketCell = (size: number) => {
    const b = buckets[size]
    return b ? `${Math.round(b.objects).toLocaleString('en')} objects, ${bytes(b.bytes)} pack` : '–'
  }
  const remote = await remoteStoreStatus()
  const remoteLives: Array<{ size: number; life: Life }> = []
  const remoteRun = remote.usable ? await remoteColumn(ctx, remoteLives) : null
  const remoteSamples = remoteRun?.samples ?? null

  const med = (samples: Samples | null, name: string) => median(samples?.[name] ?? [])
  const vs = (samples: Samples | null, name: string, size: number) =>
    med(samples, `${name}/${size}`) / med(samples, `${name}/1000`)
  const cell = (samples: Samples | null, name: string, size: number) =>
    `${ms(med(samples, `${name}/${size}`))} (${ratio(vs(samples, name, size))})`
  const localTable = table(
    [
      'B4 local: admitted keys',
      'admit ms (vs 10³)',
      'append ms (vs 10³)',
      'archive ms (vs 10³)',
      'bare 2-ref create ms (vs 10³)',
      'refs in the repository',
      'fill'
    ],
    stores.map(({ size, repo, filled }) => [
      size.toLocaleString('en'),
      cell(local, 'admit', size),
      cell(local, 'append', size),
      cell(local, 'archive', size),
      cell(local, 'updateRef', size),
      git(repo, ['for-each-ref', '--format=x', 'refs/dispatch-ledger/'])
        .split('\n')
        .filter(Boolean)
        .length.toLocaleString('en'),
      `${filled.objects.toLocaleString('en')} objects, ${bytes(filled.packBytes)}, ${filled.seconds.toFixed(1)} s${filled.cached ? ' (cached pack)' : ''}`
    ])
  )
  const requestsOf = (size: number, step: StepName) => {
    const seen = new Set(
      remoteLives
        .filter(l => l.size === size)
        .map(l => l.life.requests?.[step])
        .map(r => (r ? `${r.infoRefs}/${r.fetches}/${r.pushes}` : '–'))
    )
    return [...seen].join(', ')
  }
  const remoteTable = remoteSamples
    ? table(
        [
          'B4 remote: admitted keys',
          'admit ms (vs 10³)',
          'append ms (vs 10³)',
          'archive ms (vs 10³)',
          'plain `git push` ms (vs 10³)',
          'one bucket as a fresh fetch gets it',
          'HTTP GET info/refs / upload-pack / receive-pack POSTs: admit; append; archive'
        ],
        SIZES.map(size => [
          size.toLocaleString('en'),
          cell(remoteSamples, 'admit', size),
          cell(remoteSamples, 'append', size),
          cell(remoteSamples, 'archive', size),
          cell(remoteSamples, 'push', size),
          bucketCell(size),
          STEPS.map(step => requestsOf(size, step)).join('; ')
        ])
      )
    : `Remote: not measured (${remote.reason}).`
  const localWorst = vs(local, 'admit', 100000)
  const remoteWorst = vs(remoteSamples, 'admit', 100000)
  const ratios = (samples: Samples | null) =>
    Object.fromEntries(
      STEPS.flatMap(step => SIZES.map(size => [`${step}/${size}`, vs(samples, step, size)]))
    )
  return {
    id: 'B4',
    title: `admission, append and archive vs admitted keys, layout v2 (${count} rounds local, ${remoteCount(ctx)} remote)`,
    markdown: [
      localTable,
      '',
      remoteTable,
      '',
      ...(remoteRun ? [tracedTable(remoteRun.traced), ''] : []),
      'Each round is one run per size: admit a fresh key, append `dispatched`, append ' +
        '`cancelled` (terminal: archives the run in the same write). Filled keys: half ended, half ' +
        'idle, every run archived. Remote steps each run in a fresh clone (a job from ' +
        'actions/checkout). A bucket\u2019s size is what a fresh fetch of its index tip brings ' +
        '(`git rev-list --objects`, and a `git pack-objects --revs` of it; median of 8 ' +
        'buckets): an admission fetches its key\u2019s bucket and its ledger\u2019s.'
    ].join('\n'),
    goals: [
      {
        goal: 'B4 local flat: 10⁵ ≤ 1.2× of 10³',
        measured: ratio(localWorst),
        met: localWorst <= 1.2
      },
      {
        goal: 'B4 remote: admission at 10⁵ ≤ 1.5× of 10³',
        measured: remoteSamples ? ratio(remoteWorst) : 'not measured: remote store missing',
        met: remoteSamples ? remoteWorst <= 1.5 : null
      }
    ],
    data: {
      rounds: count,
      fill: Object.fromEntries(stores.map(s => [s.size, s.filled])),
      buckets,
      local: {
        summary: Object.fromEntries(Object.entries(local).map(([n, v]) => [n, summarize(v)])),
        ratios: ratios(local),
        raw: local
      },
      remote: remoteSamples
        ? {
            summary: Object.fromEntries(
              Object.entries(remoteSamples).map(([n, v]) => [n, summarize(v)])
            ),
            ratios: ratios(remoteSamples),
            raw: remoteSamples,
            lives: remoteLives,
            traced: remoteRun?.traced
          }
        : remote.reason
    }
  }
}

const remoteCount = (ctx: Context) => (ctx.quick ? 4 : 10)

/**
 * The same lives through the remote store: one smart-HTTP server per size over a bare
 * repository filled like the local stores, a fresh clone for every step. A plain one-ref
 * `git push` beside them (protocol v0: the server first advertises every ref it holds).
 */
async function remoteColumn(
  ctx: Context,
  lives: Array<{ size: number; life: Life }>
): Promise<{ samples: Samples; traced: Traced }> {
  const servers: Array<{ size: number; server: GitHttpServer; clone: string; base: string }> = []
  try {
    for (const size of SIZES) {
      ctx.log(`B4: a remote with ${size} admitted keys (layout v2)`)
      const { dir, base } = await bareWithAdmissions(size)
      const server = await startGitHttpServer({ bareDir: dir })
      servers.push({ size, server, clone: await cloneOf(server), base })
    }
    const at = (size: number) => servers.find(s => s.size === size) as (typeof servers)[number]
    const stamp = Date.now().toString(36)
    const lifeAt = (size: number, round: number) => {
      const { server } = at(size)
      return life(
        'B4 remote',
        `bench/b4r/${stamp}/${size}/${round}`,
        4500 + round,
        'origin',
        () => cloneOf(server),
        server
      )
    }
    for (const { size } of servers) await lifeAt(size, -1)
    const count = remoteCount(ctx)
    ctx.log(`B4: ${count} interleaved remote rounds`)
    const started = performance.now()
    const samples = await rounds(
      count,
      SIZES,
      lifeAt,
      {
        name: 'push',
        run: async (size, round) => {
          const { clone, base } = at(size)
          const result = await timed(
            'git',
            ['push', '-q', 'origin', `${base}:refs/bench/b4/${stamp}/${round}`],
            { cwd: clone }
          )
          if (result.code !== 0) throw new Error(`B4 remote push: ${result.stderr}`)
          return result.ms
        }
      },
      lives
    )
    ctx.log(`B4: remote rounds took ${((performance.now() - started) / 1000).toFixed(0)} s`)
    const traced = await traceAdmissions(ctx, (size: number) => at(size).server, stamp)
    return { samples, traced }
  } finally {
    await Promise.all(servers.map(s => s.server.close()))
  }
}

/** Per traced size: each git process of the admission (by its position) → ms per sample. */
type Traced = Record<
  number,
  { total: number[]; node: number[]; processes: Record<string, number[]> }
>

const TRACED = [1000, 100000] as const

/**
 * Where the remote admission's growth goes: a few more admissions at 10³ and 10⁵ (fresh
 * clones, interleaved) run with GIT_TRACE2_EVENT, each git process's time filed by its position
 * in the step (`1 fetch`, `2 cat-file`, …), and the time no git process covers (Node).
 */
async function traceAdmissions(
  ctx: Context,
  serverOf: (size: number) => GitHttpServer,
  stamp: string
): Promise<Traced> {
  const count = ctx.quick ? 2 : 5
  ctx.log(`B4: ${count} traced remote admissions at 10³ and 10⁵`)
  const traced: Traced = {}
  for (let round = 0; round < count; round++)
    for (const size of round % 2 ? [...TRACED].reverse() : TRACED) {
      const dir = await cloneOf(serverOf(size))
      const file = join(await tempDir('b4-trace2'), 'events.json')
      const step = await prepareStep({
        workspace: dir,
        runId: 4900 + round,
        with: { 'dispatch-key': `bench/b4t/${stamp}/${size}/${round}`, remote: 'origin' },
        env: { GIT_TRACE2_EVENT: file }
      })
      const spawned = Date.now()
      const result = await runStep(step, dir)
      expectOk('B4 traced admit', result, o => o.created === 'true')
      const profile = await gitProfile(file, spawned)
      const t = (traced[size] ??= { total: [], node: [], processes: {} })
      t.total.push(result.ms)
      t.node.push(result.ms - coveredMs(profile))
      profile.forEach((p, i) => (t.processes[`${i + 1} ${p.command}`] ??= []).push(p.ms))
    }
  return traced
}

function tracedTable(traced: Traced): string {
  const [small, large] = TRACED
  const names = [
    ...new Set(TRACED.flatMap(size => Object.keys(traced[size]?.processes ?? {})))
  ].sort((a, b) => parseInt(a) - parseInt(b))
  const row = (name: string, pick: (size: number) => number[] | undefined) => {
    const a = median(pick(small) ?? [])
    const b = median(pick(large) ?? [])
    return [name, ms(a), ms(b), signed(b - a)]
  }
  return table(
    ['B4 remote admission, traced (median ms)', '10³', '10⁵', '10⁵ − 10³'],
    [
      row('the whole step', size => traced[size]?.total),
      ...names.map(name => row(`git ${name}`, size => traced[size]?.processes[name])),
      row('Node alone (no git process running)', size => traced[size]?.node)
    ]
  )
}
