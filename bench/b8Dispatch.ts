/**
 * B8: one `command: dispatch` step in its one-step form (no admit step before it: it admits the
 * event with its intent; driver workflow, happy path) against the fake GitHub API
 * and the smart-HTTP origin: git processes, pushes and API requests per dispatch, and its wall
 * time against a floor made by hand that follows the protocol a safe dispatch must: one
 * `git fetch` of the bucket's tip (the admission is a compare-and-set on it), one atomic push
 * of the admission and the intent leased on that tip, a `curl` POST of the same dispatch to
 * the same fake API, and a plain push of the answer (the intent must be durable before the
 * POST, so two pushes is the floor). Beside them, a Node floor (bench/floor/
 * dispatchFloor.ts): the smallest JavaScript action that makes the same four requests — it
 * starts Node, loads @actions/core, fetches, pushes, POSTs with node:http, pushes — run as a
 * process exactly like the action. Its distance to the shell floor is what any action on this stack
 * pays before doing its own work. Receivers are off: only the step is measured.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { start } from '../testkit/fakeGitHub/client.ts'
import { subcommand } from './b2Processes.ts'
import type { Context, PartResult } from './lib/part.ts'
import {
  expectOk,
  git,
  gitShim,
  nccBuild,
  prepareStep,
  PROJECT_ROOT,
  runStep,
  tempDir,
  timed
} from './lib/proc.ts'
import { cloneOf, startGitHttpServer } from './lib/remote.ts'
import { coveredMs, gitProfile, type GitProcess } from './lib/trace2.ts'
import { interleave, ms, ratio, signed, summarize, table } from './lib/stats.ts'

export async function b8(ctx: Context): Promise<PartResult> {
  const nodeFloor = await nccBuild(
    'dispatch-floor',
    join(PROJECT_ROOT, 'bench', 'floor', 'dispatchFloor.ts')
  )
  const server = await startGitHttpServer()
  const gh = await start({ receiver: { mode: 'off' } })
  try {
    const stamp = Date.now().toString(36)
    const floorClone = await cloneOf(server)
    const commit = (message: string) => {
      git(floorClone, ['commit', '-q', '--allow-empty', '-m', message])
      return git(floorClone, ['rev-parse', 'HEAD']).trim()
    }
    const base = commit('b8 floor base')
    const admission = commit('b8 floor admission')
    const one = commit('b8 floor intent')
    const two = commit('b8 floor outcome')
    // Each floor run admits into a bucket of its own, made beforehand at the base commit: its
    // fetch finds a tip, and its leased push moves it from there.
    const bucketOf = (floor: string, round: number) =>
      `refs/bench/b8/${stamp}/bucket/${floor}/${round}`
    const rounds = ctx.quick ? 5 : 12
    // Spawned, not run synchronously: the origin's HTTP server answers from this process.
    const made = await timed(
      'git',
      [
        'push',
        '-q',
        'origin',
        ...[-1, ...Array.from({ length: rounds }, (_, i) => i), 99].flatMap(round =>
          ['shell', 'node'].map(floor => `${base}:${bucketOf(floor, round)}`)
        )
      ],
      { cwd: floorClone }
    )
    if (made.code !== 0) throw new Error(`B8: making the floors' buckets failed: ${made.stderr}`)
    const env = { ...gh.env, GITHUB_TOKEN: gh.token, GITHUB_REF: 'refs/heads/main' }
    const url = `${gh.url}/repos/octo-org/octo-repo/actions/workflows/receiver.yml/dispatches`

    const labeled = JSON.parse(
      await readFile(join(PROJECT_ROOT, 'examples', 'events', 'issues-labeled.json'), 'utf8')
    ) as Record<string, unknown>
    let issues = 0
    /**
     * A one-step dispatch of a fresh event (a new issue number, so a new key) in a fresh clone:
     * the step admits it with its intent in one push, POSTs, and pushes the answer.
     */
    const prepared = async (
      round: number | string,
      shim?: string,
      dispatchEnv: Record<string, string> = {}
    ) => {
      const workspace = await cloneOf(server)
      const runId = 8000 + (typeof round === 'number' ? round : 999)
      const issue = { ...(labeled.issue as object), number: 80000 + issues++ }
      const step = await prepareStep(
        {
          workspace,
          runId,
          action: 'dispatch',
          eventName: 'issues',
          event: { ...labeled, issue },
          with: {
            remote: 'origin',
            driver: 'workflow',
            workflow: 'receiver.yml',
            inputs: '{"issue":"42"}'
          },
          env: { ...env, ...dispatchEnv }
        },
        shim
      )
      return { workspace, step }
    }

    const counts: Array<{ pushes: number; fetches: number; posts: number }> = []
    const dispatchOnce = async (round: number, dispatchEnv: Record<string, string> = {}) => {
      const { workspace, step } = await prepared(round, undefined, dispatchEnv)
      server.resetCounts()
      await gh.resetCounts()
      const result = await runStep(step, workspace)
      expectOk(
        'B8 dispatch',
        result,
        o => o.submission_state === 'submitted' && o.sent === 'true' && o.created === 'true'
      )
      const http = server.counts()
      counts.push({ pushes: http.pushes, fetches: http.fetches, posts: await gh.count('dispatch') })
      return result.ms
    }
    const floorOnce = async (round: number) => {
      const ref = `refs/bench/b8/${stamp}/${round}`
      const body = JSON.stringify({
        ref: 'main',
        inputs: { issue: '42', dispatch_key: `floor/${round}` },
        return_run_details: true
      })
      const bucket = bucketOf('shell', round)
      const script =
        `git fetch -q origin ${bucket} && tip=$(cut -c1-40 .git/FETCH_HEAD) && ` +
        `git push -q --atomic --force-with-lease=${bucket}:$tip origin ${admission}:${bucket} ${one}:${ref} && ` +
        `curl -sf -o /dev/null -X POST -H "authorization: Bearer $TOKEN" ` +
        `-H 'content-type: application/json' --data "$BODY" "$URL" && ` +
        `git push -q origin ${two}:${ref}`
      const r = await timed('sh', ['-c', script], {
        cwd: floorClone,
        env: { ...process.env, TOKEN: gh.token, BODY: body, URL: url }
      })
      if (r.code !== 0) throw new Error(`B8 floor failed: ${r.stderr}`)
      return r.ms
    }
    const nodeCounts: Array<{ pushes: number; fetches: number; posts: number }> = []
    const nodeFloorOnce = async (round: number, traceEnv: Record<string, string> = {}) => {
      // The same four requests as the shell floor, from a bundled action with the runner's
      // environment (inputs as INPUT_* variables, the token from the `token` input's default:
      // the dispatch action's manifest declares it, since the root action is admit only).
      const step = await prepareStep({
        workspace: floorClone,
        action: 'dispatch',
        runId: 8500 + round,
        env: {
          ...env,
          'INPUT_BUCKET-REF': bucketOf('node', round),
          'INPUT_ADMISSION-OID': admission,
          'INPUT_LEDGER-REF': `refs/bench/b8/${stamp}/node/${round}`,
          'INPUT_INTENT-OID': one,
          'INPUT_OUTCOME-OID': two,
          'INPUT_DISPATCH-URL': url,
          'INPUT_DISPATCH-BODY': JSON.stringify({
            ref: 'main',
            inputs: { issue: '42', dispatch_key: `node-floor/${round}` },
            return_run_details: true
          }),
          ...traceEnv
        }
      })
      server.resetCounts()
      await gh.resetCounts()
      const result = await runStep(step, floorClone, nodeFloor)
      expectOk('B8 Node floor', result, o => o.status === '200')
      const http = server.counts()
      const c = { pushes: http.pushes, fetches: http.fetches, posts: await gh.count('dispatch') }
      if (c.pushes !== 2 || c.fetches < 1 || c.posts !== 1)
        throw new Error(`B8 Node floor made the wrong requests: ${JSON.stringify(c)}`)
      nodeCounts.push(c)
      return result.ms
    }

    /**
     * The same step on octokit's path, which the gateway takes when a proxy is configured: a
     * proxy that NO_PROXY bypasses for the local fake API, so the requests are the same and
     * only the client differs (what the platform's fetch saves the dispatch step).
     */
    const PROXIED = {
      HTTPS_PROXY: 'http://127.0.0.1:9',
      HTTP_PROXY: 'http://127.0.0.1:9',
      NO_PROXY: '127.0.0.1,localhost'
    }
    const octokitOnce = (round: number) => dispatchOnce(round, PROXIED)

    await dispatchOnce(-1)
    await octokitOnce(-1)
    await floorOnce(-1)
    await nodeFloorOnce(-1)
    counts.length = 0
    nodeCounts.length = 0
    ctx.log(`B8: ${rounds} interleaved rounds`)
    const times = await interleave(rounds, {
      dispatch: dispatchOnce,
      octokit: octokitOnce,
      floor: floorOnce,
      nodeFloor: nodeFloorOnce
    })
    const s = {
      dispatch: summarize(times.dispatch),
      octokit: summarize(times.octokit),
      floor: summarize(times.floor),
      nodeFloor: summarize(times.nodeFloor)
    }

    // The git commands of one more dispatch, through the PATH shim.
    const shim = await gitShim()
    const shimmed = await prepared('shim', shim.dir)
    await writeFile(shim.log, '')
    expectOk('B8 dispatch (shim)', await runStep(shimmed.step, shimmed.workspace))
    const commands = (await readFile(shim.log, 'utf8')).split('\n').filter(Boolean).map(subcommand)

    // Where one more dispatch spends its time: every git process it starts, from git's own
    // trace2 events (start time and elapsed time of each top-level process; no shim).
    const traceFile = join(await tempDir('b8-trace2'), 'events.json')
    const traced = await prepared('trace2', undefined, { GIT_TRACE2_EVENT: traceFile })
    const spawnedAt = Date.now()
    const tracedRun = await runStep(traced.step, traced.workspace)
    expectOk('B8 dispatch (trace2)', tracedRun)
    const profile = await gitProfile(traceFile, spawnedAt)
    const gitMs = coveredMs(profile)
    // The Node floor traced the same way: what any action on this stack spends before its
    // first git process, and its two pushes, beside the dispatch's.
    const floorTraceFile = join(await tempDir('b8-floor-trace2'), 'events.json')
    const floorSpawnedAt = Date.now()
    const floorMs = await nodeFloorOnce(99, { GIT_TRACE2_EVENT: floorTraceFile })
    const floorProfile = await gitProfile(floorTraceFile, floorSpawnedAt)
    const phases = (total: number, processes: readonly GitProcess[]) => {
      const first = processes[0]?.at ?? 0
      const pushes = processes.filter(p => p.command === 'push').reduce((a, p) => a + p.ms, 0)
      const covered = coveredMs(processes)
      return [
        ms(total),
        ms(first),
        String(processes.length),
        ms(covered),
        ms(pushes),
        ms(total - first - covered)
      ]
    }

    const max = (field: 'pushes' | 'fetches' | 'posts') => Math.max(...counts.map(c => c[field]))
    const min = (field: 'pushes' | 'fetches' | 'posts') => Math.min(...counts.map(c => c[field]))
    const range = (field: 'pushes' | 'fetches' | 'posts') =>
      min(field) === max(field) ? String(max(field)) : `${min(field)}–${max(field)}`
    const nodeRange = (field: 'fetches') => {
      const values = nodeCounts.map(c => c[field])
      const lo = Math.min(...values)
      const hi = Math.max(...values)
      return lo === hi ? String(hi) : `${lo}–${hi}`
    }
    const r = s.dispatch.median / s.floor.median
    const nodeR = s.nodeFloor.median / s.floor.median
    const overNode = s.dispatch.median / s.nodeFloor.median
    const conclusion =
      nodeR > 1.3
        ? `A JavaScript action that only starts, loads @actions/core and makes the floor's four ` +
          `requests takes ${ratio(nodeR)} the floor (medians): the ≤ 1.3× goal is below what any ` +
          `action on this stack can reach.`
        : `The Node floor (starts, loads @actions/core, makes the floor's four requests) takes ` +
          `${ratio(nodeR)} the floor (medians).`
    return {
      id: 'B8',
      title: `one dispatch step, driver workflow, happy path (${rounds} rounds)`,
      markdown: [
        table(
          [
            'B8',
            'median ms',
            'p90 ms',
            'vs floor',
            'receive-pack POSTs',
            'upload-pack POSTs',
            'API POSTs'
          ],
          [
            [
              '`command: dispatch`, one step (read, admission with intent, POST, outcome)',
              ms(s.dispatch.median),
              ms(s.dispatch.p90),
              ratio(r),
              range('pushes'),
              range('fetches'),
              range('posts')
            ],
            [
              'the same step on octokit (a proxy configured, bypassed for the fake API)',
              ms(s.octokit.median),
              ms(s.octokit.p90),
              ratio(s.octokit.median / s.floor.median),
              range('pushes'),
              range('fetches'),
              range('posts')
            ],
            [
              'floor: `git fetch` of the bucket, atomic `git push` (admission + intent), `curl` POST, `git push`',
              ms(s.floor.median),
              ms(s.floor.p90),
              '1.00',
              '2',
              nodeRange('fetches'),
              '1'
            ],
            [
              'Node floor: bundled `@actions/core` action, the same fetch and atomic push, `node:http` POST, `git push`',
              ms(s.nodeFloor.median),
              ms(s.nodeFloor.p90),
              ratio(nodeR),
              '2',
              nodeRange('fetches'),
              '1'
            ]
          ]
        ),
        '',
        conclusion,
        '',
        `Dispatch vs the Node floor (the action's own cost over the smallest action making the ` +
          `same requests): ${ratio(overNode)} (${signed(s.dispatch.median - s.nodeFloor.median)} ms, medians). ` +
          `On octokit's path the same step takes ${ratio(s.octokit.median / s.nodeFloor.median)} ` +
          `the Node floor (${signed(s.octokit.median - s.dispatch.median)} ms over fetch's).`,
        '',
        `git processes of one dispatch (PATH shim): ${commands.length} — ${commands.join(', ')}.`,
        '',
        `One more dispatch traced with \`GIT_TRACE2_EVENT\`: ${ms(tracedRun.ms)} ms in all, of ` +
          `which its ${profile.length} git processes cover ${ms(gitMs)} ms (\`cat-file --batch\` ` +
          `readers stay open while other commands run); the other ${ms(tracedRun.ms - gitMs)} ms ` +
          `are Node alone: start-up, modules, reading and planning, the API POST.`,
        '',
        table(
          ['git process', 'from ms', 'to ms', 'ms', 'what'],
          profile.map(p => [p.command, ms(p.at), ms(p.at + p.ms), ms(p.ms), p.what])
        ),
        '',
        'The same phases of one traced Node floor run beside it (ms from the spawn; "after" is ' +
          'Node between and after git processes: planning, the POST, exit):',
        '',
        table(
          [
            'traced run',
            'total',
            'first git at',
            'git processes',
            'git covers',
            'of it pushes',
            'after'
          ],
          [
            ['dispatch (one step)', ...phases(tracedRun.ms, profile)],
            ['Node floor', ...phases(floorMs, floorProfile)]
          ]
        )
      ].join('\n'),
      goals: [
        {
          goal: 'B8 happy path: 2 pushes and 1 POST',
          measured: `${range('pushes')} pushes, ${range('posts')} POST`,
          met:
            max('pushes') === 2 && min('pushes') === 2 && max('posts') === 1 && min('posts') === 1
        },
        {
          goal: 'B8 dispatch ≤ 1.3× the Node floor',
          measured: ratio(overNode),
          met: overNode <= 1.3
        }
      ],
      data: {
        rounds,
        summary: s,
        raw: times,
        ratios: { dispatchVsFloor: r, nodeFloorVsFloor: nodeR, dispatchVsNodeFloor: overNode },
        counts,
        nodeFloorCounts: nodeCounts,
        gitCommands: commands,
        trace2: { ms: tracedRun.ms, gitMs, processes: profile },
        floorTrace2: { ms: floorMs, processes: floorProfile }
      }
    }
  } finally {
    await gh.stop()
    await server.close()
  }
}
