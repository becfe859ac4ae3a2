/**
 * B4L: B4's remote admission through an authenticated ledger repository (docs/design/ledger-repository.md),
 * at 10³ and 10⁵ admitted keys, side by side with the same admission to a plain `origin` over
 * smart HTTP with no auth, at the same sizes.
 *
 * Both arbiters hold the same fill (`lib/fill.ts`, as B4: each key's admission in its index
 * bucket, every run archived, half ended) and are served by the same kind of server from this
 * process (`git http-backend` behind `node:http`): the origins by `startGitHttpServer`, one per
 * size, with no auth; the ledger repositories by one `startGitHost` (HTTP Basic, the password a
 * token, 401/403/404 as GitHub answers), `octo-org/ledger-<size>`, each written only by its token.
 *
 * Each admission is the bundled admit action as the runner runs it, a first arrival of a fresh
 * key, starting from nothing of ours, as a job does: `remote: origin` in a fresh clone of its
 * origin (actions/checkout), or `ledger-repository` + `ledger-token` with GITHUB_SERVER_URL at the
 * host, in an empty workspace (a ledger-repository step needs no checkout) and a fresh
 * RUNNER_TEMP (so a fresh cache repository). The four variants are interleaved (`interleave`);
 * then a few more of each run with GIT_TRACE2_EVENT, so that where the time goes can be read per
 * git command.
 */
import { join } from 'node:path'
import { bareWithAdmissions, fillAdmissions } from './lib/fill.ts'
import { OWNER, startGitHost, type GitHost } from './lib/host.ts'
import type { Context, PartResult } from './lib/part.ts'
import { expectOk, prepareStep, runStep, tempDir, type StepRun } from './lib/proc.ts'
import { cloneOf, remoteStoreStatus, startGitHttpServer, type GitHttpServer } from './lib/remote.ts'
import { interleave, median, ms, ratio, signed, summarize, table } from './lib/stats.ts'
import { coveredMs, gitProfile } from './lib/trace2.ts'

const SIZES = [1000, 100000] as const
const STORES = ['origin', 'ledger'] as const
type StoreName = (typeof STORES)[number]
const TOKEN = 'ghs_benchLedgerAppToken0001'
const ledgerName = (size: number) => `${OWNER}/ledger-${size}`

const LABEL: Record<StoreName, string> = {
  origin: '`remote: origin`, smart HTTP, no auth (fresh clone)',
  ledger: '`ledger-repository`, smart HTTP + token (no checkout)'
}

interface Admission {
  readonly run: StepRun
  readonly requests: { infoRefs: number; fetches: number; pushes: number; unauthorized: number }
}

export async function b4l(ctx: Context): Promise<PartResult> {
  const remote = await remoteStoreStatus()
  if (!remote.usable)
    return {
      id: 'B4L',
      title: 'remote admission through a ledger repository',
      markdown: `Not measured (${remote.reason}).`,
      goals: [],
      data: remote.reason
    }
  const origins = new Map<number, GitHttpServer>()
  let host: GitHost | undefined
  try {
    host = await startGitHost({
      repositories: Object.fromEntries(
        SIZES.map(size => [ledgerName(size), { tokens: { [TOKEN]: 'write' as const } }])
      )
    })
    for (const size of SIZES) {
      ctx.log(`B4L: an origin and a ledger repository with ${size} admitted keys (layout v2)`)
      const { dir } = await bareWithAdmissions(size)
      origins.set(size, await startGitHttpServer({ bareDir: dir }))
      await fillAdmissions(host.bareDir(ledgerName(size)), size)
    }
    const stamp = Date.now().toString(36)
    const admit = (store: StoreName, size: number, round: number, env = {}) =>
      admission(host as GitHost, origins.get(size) as GitHttpServer, store, size, {
        key: `bench/b4l/${stamp}/${store}/${size}/${round}`,
        runId: 4700 + round,
        env
      })

    for (const store of STORES) for (const size of SIZES) await admit(store, size, -1)
    const count = ctx.quick ? 4 : 15
    ctx.log(`B4L: ${count} interleaved rounds of ${STORES.length * SIZES.length} admissions`)
    const requests: Record<string, Set<string>> = {}
    const variants: Record<string, (round: number) => Promise<number>> = {}
    for (const store of STORES)
      for (const size of SIZES)
        variants[`${store}/${size}`] = async round => {
          const a = await admit(store, size, round)
          const r = a.requests
          ;(requests[`${store}/${size}`] ??= new Set()).add(
            `${r.infoRefs}/${r.fetches}/${r.pushes}${store === 'ledger' ? `, ${r.unauthorized} refused` : ''}`
          )
          return a.run.ms
        }
    const samples = await interleave(count, variants)
    const traced = await trace(ctx, (store, size, round, env) =>
      admit(store, size, 100 + round, env)
    )

    const med = (name: string) => median(samples[name] ?? [])
    const scale = med('ledger/100000') / med('ledger/1000')
    const originScale = med('origin/100000') / med('origin/1000')
    const auth = (size: number) => med(`ledger/${size}`) / med(`origin/${size}`)
    const rows = STORES.flatMap(store =>
      SIZES.map(size => {
        const s = summarize(samples[`${store}/${size}`] ?? [])
        return [
          LABEL[store],
          size.toLocaleString('en'),
          ms(s.median),
          `${ms(s.min)}–${ms(s.p90)}`,
          ratio(med(`${store}/${size}`) / med(`${store}/1000`)),
          ratio(med(`${store}/${size}`) / med(`origin/${size}`)),
          [...(requests[`${store}/${size}`] ?? [])].join('; ')
        ]
      })
    )
    return {
      id: 'B4L',
      title: `remote admission through an authenticated ledger repository vs origin (${count} rounds)`,
      markdown: [
        table(
          [
            'B4L store',
            'admitted keys',
            'admit median ms',
            'min–p90 ms',
            'vs 10³ (same store)',
            'vs origin (same size)',
            'HTTP GET info/refs / upload-pack / receive-pack POSTs'
          ],
          rows
        ),
        '',
        tracedTable(traced),
        '',
        'Each admission is a first arrival of a fresh key through the bundled admit action; ' +
          'origin steps run in a fresh clone of their origin, ledger-repository steps in an empty ' +
          'workspace with a fresh RUNNER_TEMP (a fresh cache repository), so both start from ' +
          `nothing of ours. Origin at 10⁵ is ${ratio(originScale)} its 10³ in this run.`
      ].join('\n'),
      goals: [
        {
          goal: 'B4L ledger repository: admission at 10⁵ ≤ 1.5× of 10³',
          measured: ratio(scale),
          met: scale <= 1.5
        },
        ...SIZES.map(size => ({
          goal: `B4L ledger repository (token) ≤ 1.1× origin (no auth), admission at ${size === 1000 ? '10³' : '10⁵'}`,
          measured: ratio(auth(size)),
          met: auth(size) <= 1.1
        }))
      ],
      data: {
        rounds: count,
        summary: Object.fromEntries(Object.entries(samples).map(([n, v]) => [n, summarize(v)])),
        raw: samples,
        requests: Object.fromEntries(Object.entries(requests).map(([n, v]) => [n, [...v]])),
        traced
      }
    }
  } finally {
    await Promise.all([...origins.values()].map(s => s.close()))
    await host?.close()
  }
}

/** One first-arrival admission through the bundled action; throws unless it was created. */
async function admission(
  host: GitHost,
  origin: GitHttpServer,
  store: StoreName,
  size: number,
  run: { key: string; runId: number; env: NodeJS.ProcessEnv }
): Promise<Admission> {
  const name = ledgerName(size)
  const workspace = store === 'origin' ? await cloneOf(origin) : await tempDir('b4l-empty')
  const step = await prepareStep({
    workspace,
    runId: run.runId,
    with:
      store === 'origin'
        ? { 'dispatch-key': run.key, remote: 'origin' }
        : { 'dispatch-key': run.key, 'ledger-repository': name, 'ledger-token': TOKEN },
    env: { ...(store === 'ledger' ? { GITHUB_SERVER_URL: host.serverUrl } : {}), ...run.env }
  })
  origin.resetCounts()
  host.resetCounts()
  const result = await runStep(step, workspace)
  expectOk(`B4L ${store} admission at ${size}`, result, o => o.created === 'true')
  const expected = store === 'origin' ? 'origin' : name
  if (result.outputs.store !== expected)
    throw new Error(`B4L ${store} admission decided by ${result.outputs.store}, not ${expected}`)
  const c = store === 'origin' ? { ...origin.counts(), unauthorized: 0 } : host.counts(name)
  return {
    run: result,
    requests: {
      infoRefs: c.infoRefs,
      fetches: c.fetches,
      pushes: c.pushes,
      unauthorized: c.unauthorized
    }
  }
}

/**
 * Per variant (`ledger/100000`): the whole step, Node alone, and per git command (`fetch ×2`:
 * two fetches in the step) the sum of its processes' durations.
 */
type Traced = Record<
  string,
  { total: number[]; node: number[]; processes: Record<string, number[]> }
>

/** A few more admissions of every variant, interleaved, with GIT_TRACE2_EVENT. */
async function trace(
  ctx: Context,
  admit: (
    store: StoreName,
    size: number,
    round: number,
    env: NodeJS.ProcessEnv
  ) => Promise<Admission>
): Promise<Traced> {
  const count = ctx.quick ? 2 : 5
  ctx.log(`B4L: ${count} traced rounds`)
  const traced: Traced = {}
  const names = STORES.flatMap(store => SIZES.map(size => ({ store, size })))
  for (let round = 0; round < count; round++)
    for (let i = 0; i < names.length; i++) {
      const { store, size } = names[(round + i) % names.length] as (typeof names)[number]
      const file = join(await tempDir('b4l-trace2'), 'events.json')
      const spawned = Date.now()
      const a = await admit(store, size, round, { GIT_TRACE2_EVENT: file })
      const profile = await gitProfile(file, spawned)
      const t = (traced[`${store}/${size}`] ??= { total: [], node: [], processes: {} })
      t.total.push(a.run.ms)
      t.node.push(a.run.ms - coveredMs(profile))
      const byCommand = new Map<string, { n: number; ms: number }>()
      for (const p of profile) {
        const c = byCommand.get(p.command) ?? { n: 0, ms: 0 }
        byCommand.set(p.command, { n: c.n + 1, ms: c.ms + p.ms })
      }
      for (const [command, c] of byCommand) (t.processes[`${command} ×${c.n}`] ??= []).push(c.ms)
    }
  return traced
}

function tracedTable(traced: Traced): string {
  const columns = STORES.flatMap(store => SIZES.map(size => `${store}/${size}`))
  const names = [...new Set(columns.flatMap(c => Object.keys(traced[c]?.processes ?? {})))].sort()
  const row = (label: string, pick: (column: string) => number[] | undefined) => {
    const values = columns.map(c => median(pick(c) ?? []))
    const [o3, o5, l3, l5] = values as [number, number, number, number]
    return [label, ...values.map(ms), signed(l3 - o3), signed(l5 - o5)]
  }
  return table(
    [
      'B4L admission, traced (median ms)',
      'origin 10³',
      'origin 10⁵',
      'ledger 10³',
      'ledger 10⁵',
      'ledger − origin, 10³',
      'ledger − origin, 10⁵'
    ],
    [
      row('the whole step', c => traced[c]?.total),
      ...names.map(name => row(`git ${name} (sum)`, c => traced[c]?.processes[name])),
      row('Node alone (no git process running)', c => traced[c]?.node)
    ]
  )
}
