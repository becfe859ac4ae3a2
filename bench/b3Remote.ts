/**
 * B3: admission through the remote store (remote: origin) over the smart-HTTP test server.
 * Two clones stand for two job machines. Each round a winner admits a new key from clone A
 * and a loser (another workflow run) admits the same key from clone B; the server counts
 * the HTTP requests of each. A plain `git push` of one ref from clone A is timed beside them.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { expectOk, git, gitShim, prepareStep, runStep, timed } from './lib/proc.ts'
import { subcommand } from './b2Processes.ts'
import type { Context, PartResult } from './lib/part.ts'
import { cloneOf, remoteStoreStatus, startGitHttpServer, type GitHttpServer } from './lib/remote.ts'
import { median, ms, ratio, summarize, table } from './lib/stats.ts'

interface Requests {
  total: number
  infoRefs: number
  pushes: number
  fetches: number
}

export async function b3(ctx: Context): Promise<PartResult> {
  const remote = await remoteStoreStatus()
  if (!remote.usable) {
    return {
      id: 'B3',
      title: 'remote admission',
      markdown: `not measured: remote store missing (${remote.reason})`,
      goals: [
        { goal: 'B3 winner 1 push; loser ≤ 1 push + 1 fetch', measured: 'not measured', met: null }
      ],
      data: { notMeasured: remote.reason }
    }
  }
  const server = await startGitHttpServer()
  try {
    const a = await cloneOf(server)
    const b = await cloneOf(server)
    const c = await cloneOf(server)
    // A commit on the server for the plain pushes to point at.
    git(a, [
      '-c',
      'user.name=b',
      '-c',
      'user.email=b@e',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'base'
    ])
    const base = git(a, ['rev-parse', 'HEAD']).trim()
    const pushed = await timed('git', ['push', '-q', 'origin', 'HEAD:refs/heads/main'], { cwd: a })
    if (pushed.code !== 0) throw new Error(`B3 setup push: ${pushed.stderr}`)

    const rounds = ctx.quick ? 8 : 20
    const stamp = Date.now().toString(36)
    const times = {
      winner: [] as number[],
      loser: [] as number[],
      loserNoop: [] as number[],
      push: [] as number[]
    }
    const requests = {
      winner: [] as Requests[],
      loser: [] as Requests[],
      loserNoop: [] as Requests[],
      push: [] as Requests[]
    }
    // What would make the loser's fetch one round trip: no negotiation (it has nothing the
    // server needs to know about; entries are tiny), injected through git's env config.
    const noop = {
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'fetch.negotiationAlgorithm',
      GIT_CONFIG_VALUE_0: 'noop'
    }
    const counted = async <T>(
      server: GitHttpServer,
      what: keyof typeof requests,
      fn: () => Promise<T>
    ) => {
      server.resetCounts()
      const value = await fn()
      requests[what].push(server.counts())
      return value
    }
    const pair = async (round: number) => {
      const key = `bench/b3/${stamp}/${round}`
      const win = await prepareStep({
        workspace: a,
        runId: 3000 + round,
        with: { 'dispatch-key': key, remote: 'origin' }
      })
      const lose = await prepareStep({
        workspace: b,
        runId: 3500 + round,
        with: { 'dispatch-key': key, remote: 'origin' }
      })
      const w = await counted(server, 'winner', () => runStep(win, a))
      expectOk('B3 winner', w, o => o.created === 'true' && o.store === 'origin')
      const l = await counted(server, 'loser', () => runStep(lose, b))
      const lost = (o: Record<string, string>) =>
        o.created === 'false' && o.owner === 'false' && o.run_id === w.outputs.run_id
      expectOk('B3 loser', l, lost)
      const third = await prepareStep({
        workspace: c,
        runId: 3700 + round,
        with: { 'dispatch-key': key, remote: 'origin' },
        env: noop
      })
      const n = await counted(server, 'loserNoop', () => runStep(third, c))
      expectOk('B3 loser (noop negotiation)', n, lost)
      times.winner.push(w.ms)
      times.loser.push(l.ms)
      times.loserNoop.push(n.ms)
    }
    const push = async (round: number) => {
      const r = await counted(server, 'push', () =>
        timed('git', ['push', '-q', 'origin', `${base}:refs/bench/b3/${stamp}/${round}`], {
          cwd: a
        })
      )
      if (r.code !== 0) throw new Error(`B3 plain push: ${r.stderr}`)
      times.push.push(r.ms)
    }
    // Warm-up, then interleaved rounds (the order flips every round).
    await pair(-1)
    await push(-1)
    for (const list of [...Object.values(times), ...Object.values(requests)]) list.length = 0
    ctx.log(`B3: ${rounds} interleaved rounds over smart HTTP`)
    for (let round = 0; round < rounds; round++) {
      if (round % 2) {
        await push(round)
        await pair(round)
      } else {
        await pair(round)
        await push(round)
      }
    }
    const s = {
      winner: summarize(times.winner),
      loser: summarize(times.loser),
      loserNoop: summarize(times.loserNoop),
      push: summarize(times.push)
    }
    const commands = await gitCommands(server, a, b, stamp)
    const req = (what: keyof typeof requests, field: keyof Requests) => {
      const values = requests[what].map(r => r[field])
      const lo = Math.min(...values)
      const hi = Math.max(...values)
      return lo === hi ? String(lo) : `${median(values)} (${lo}–${hi})`
    }
    const row = (name: string, what: keyof typeof requests) => [
      name,
      req(what, 'total'),
      req(what, 'infoRefs'),
      req(what, 'pushes'),
      req(what, 'fetches'),
      ms(s[what].median),
      ms(s[what].p90),
      ratio(s[what].median / s.push.median)
    ]
    const maxOf = (what: keyof typeof requests, field: keyof Requests) =>
      Math.max(...requests[what].map(r => r[field]))
    const winnerOk = maxOf('winner', 'pushes') === 1 && maxOf('winner', 'fetches') === 0
    // A push the server's leases refuse is decided on the client (no receive-pack POST); a
    // protocol v2 fetch is an ls-refs POST plus one fetch POST per negotiation round, so
    // "one fetch" is one `git fetch` of at most 2 POSTs.
    const loserOk =
      commands.loser.filter(c => c === 'push').length <= 1 &&
      commands.loser.filter(c => c === 'fetch').length <= 1 &&
      maxOf('loser', 'pushes') <= 1 &&
      maxOf('loser', 'fetches') <= 2
    return {
      id: 'B3',
      title: `remote admission over smart HTTP (${rounds} rounds)`,
      markdown: [
        table(
          [
            'B3 (remote: origin)',
            'HTTP requests',
            'info/refs GETs',
            'receive-pack POSTs',
            'upload-pack POSTs',
            'median ms',
            'p90 ms',
            'vs plain push'
          ],
          [
            row('winner (first arrival)', 'winner'),
            row('loser (same key, another run, another clone)', 'loser'),
            row(
              'loser, noop negotiation forced again through GIT_CONFIG (a check: now the default)',
              'loserNoop'
            ),
            row('plain `git push` of one ref', 'push')
          ]
        ),
        '',
        `git processes (counted once, by the PATH shim): winner ${commands.winner.join(', ')}; ` +
          `loser ${commands.loser.join(', ')}.`
      ].join('\n'),
      goals: [
        {
          goal: 'B3 winner: one push (and no fetch)',
          measured: `${req('winner', 'pushes')} push, ${req('winner', 'fetches')} fetch POSTs`,
          met: winnerOk
        },
        {
          goal: 'B3 loser: ≤ 1 push and ≤ 1 fetch',
          measured:
            `git: ${commands.loser.filter(c => c === 'push').length} push, ` +
            `${commands.loser.filter(c => c === 'fetch').length} fetch; HTTP: ` +
            `${req('loser', 'pushes')} receive-pack, ${req('loser', 'fetches')} upload-pack POSTs`,
          met: loserOk
        }
      ],
      data: { rounds, summary: s, raw: times, requests, gitCommands: commands }
    }
  } finally {
    await server.close()
  }
}

/** One more winner/loser pair through the PATH shim: which git commands each runs. */
async function gitCommands(server: GitHttpServer, a: string, b: string, stamp: string) {
  const shim = await gitShim()
  const key = `bench/b3/${stamp}/shim`
  const out: Record<'winner' | 'loser', string[]> = { winner: [], loser: [] }
  for (const [role, workspace, runId] of [
    ['winner', a, 3900],
    ['loser', b, 3901]
  ] as const) {
    const step = await prepareStep(
      { workspace, runId, with: { 'dispatch-key': key, remote: 'origin' } },
      shim.dir
    )
    await writeFile(shim.log, '')
    const result = await runStep(step, workspace)
    expectOk(`B3 ${role} (shim)`, result)
    out[role] = (await readFile(shim.log, 'utf8')).split('\n').filter(Boolean).map(subcommand)
  }
  void server
  return out
}
