/**
 * B10: the quick start, run the way a busy repository runs it, and the refs it leaves behind
 * (the bound of docs/design/storage.md, "Refs (layout v2)"). Not in the default run (minutes, not seconds): select it
 * with `npm run bench -- --only=B10`.
 *
 * Each pass starts ONE test origin (scripts/workflow/origin.ts: a bare repository over smart
 * HTTP behind the permission gate, with the fake GitHub API, its own receivers external) and
 * delivers N `issues` `labeled` events to the quick start's coordinator
 * (examples/workflows/issue-labeled.yml) through the local workflow runner, one after another,
 * each a new workflow run. What the coordinator dispatched starts the quick start's receiver
 * (examples/workflows/agent.yml) as GitHub would (actingGitHub.ts). Every 10th event is a
 * redelivery of an earlier one (a new run, the same issue): it must write no ref, dispatch
 * nothing and start no receiver.
 *
 * Two passes: `archive-after: 0` (added to the `with:` of every dispatch-ledger step of both
 * files, so every write archives what it wrote) and the files as published (`archive-after`
 * empty: the default `1h`, so every chain of the pass is still within the window and keeps
 * its ref). After each pass the origin's refs are counted by family and checked against the
 * bound: index + archive refs ≤ 512, live chain refs ≤ chains written within archive-after,
 * no layout-v1 `admissions/` refs, every admitted key exactly once in the index trees, every
 * chain either live or archived (never both, never neither), every archived head reachable
 * from the archive refs (so `git gc` keeps it), and `git fsck --strict` clean.
 * A broken bound fails the bench (exit 1).
 */
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { promisify } from 'node:util'
import { parse, stringify } from 'yaml'
import { allowJsonImports } from '../scripts/workflow/jsonImports.ts'
import type { WorkflowRun } from '../scripts/workflow/run.ts'
import type { Context, Goal, PartResult } from './lib/part.ts'
import { PROJECT_ROOT, tempDir } from './lib/proc.ts'
import { median, ms, summarize, table } from './lib/stats.ts'

const exec = promisify(execFile)

const NS = 'refs/dispatch-ledger'
const FIXTURES = join(PROJECT_ROOT, 'scripts/workflow/fixtures')
const COORDINATOR = join(PROJECT_ROOT, 'examples/workflows/issue-labeled.yml')
const RECEIVER = join(PROJECT_ROOT, 'examples/workflows/agent.yml')
const EVENT = join(PROJECT_ROOT, 'examples/events/issues-labeled.json')
/** Index refs at most: 256 `index/<hh>` + 256 `archive/<hh>` (docs/design/storage.md). */
const INDEX_BOUND = 512
const EVENTS = 300
const QUICK_EVENTS = 30
/** The default pass shrinks to this many events when one event takes longer than… */
const SLOW_EVENTS = 60
const SLOW_MS = 3000
/** Coordinator run ids: GitHub's are distinct per run; the fake API's own start at 3·10¹⁰. */
const FIRST_RUN_ID = 70001

interface PassConfig {
  readonly name: string
  /** the `archive-after` input; empty: the files as published (default 1h) */
  readonly archiveAfter: string
  readonly windowMs: number
  readonly events: number
}

interface Families {
  index: number
  archive: number
  runs: number
  operations: number
  admissions: number
  other: number
  outside: number
}

interface PassFigures {
  readonly name: string
  readonly archiveAfter: string
  readonly events: number
  readonly redeliveries: number
  readonly wallSeconds: number
  readonly perEventMs: ReturnType<typeof summarize>
  /** pushes that reached the origin per first arrival (coordinator + receiver), and per redelivery */
  readonly pushes: { readonly event: readonly number[]; readonly redelivery: readonly number[] }
  /** median ms of the first and the last quarter of the events: does an event cost more late? */
  readonly quarters: readonly [number, number]
  /** every event's ms, in order (raw figures for the JSON) */
  readonly eventMs: readonly number[]
  readonly loadBefore: string
  readonly loadAfter: string
  readonly families: Families
  readonly chainsWritten: number
  readonly chainsInWindow: number
  readonly archivedChains: number
  readonly keysAdmitted: number
  readonly keysInIndex: number
  readonly dispatches: number
  readonly receivers: number
  readonly work: number
  readonly fsck: { code: number; dangling: number; problems: string[] }
  readonly problems: string[]
}

const load = () =>
  loadavg()
    .map(x => x.toFixed(2))
    .join(' ')

async function gitOut(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await exec('git', args, { cwd, maxBuffer: 256 * 1024 * 1024 })
  return stdout
}

/** `archive-after: <value>` on every dispatch-ledger step (`uses: octo-org/dispatch-ledger…`) of a workflow file. */
function withArchiveAfter(text: string, value: string): string {
  const workflow = parse(text) as {
    jobs: Record<string, { steps: Array<{ uses?: string; with?: Record<string, string> }> }>
  }
  for (const job of Object.values(workflow.jobs))
    for (const step of job.steps)
      if (/^(\.\/|octo-org\/dispatch-ledger)/.test(step.uses ?? ''))
        step.with = { ...step.with, 'archive-after': value }
  return stringify(workflow)
}

/** The step outputs of a run's dispatch-ledger steps, in order (checkout and run: left out). */
function ledgerSteps(run: WorkflowRun): Array<Record<string, string>> {
  return Object.values(run.jobs)
    .flatMap(job => job.steps)
    .filter(
      step =>
        step.id.startsWith('__octo-org_dispatch-ledger') || 'dispatch_key_hash' in step.outputs
    )
    .map(step => step.outputs)
}

function failure(what: string, run: WorkflowRun): Error {
  const steps = Object.values(run.jobs)
    .flatMap(job => job.steps)
    .map(s => `${s.name}: ${s.outcome} ${s.errors.join(' ')} ${s.stderr.slice(-400)}`)
  return new Error(`${what}: ${run.conclusion}\n${steps.join('\n')}`)
}

/** Every ref of the origin, `<oid> <name>` lines sorted: what a redelivery must not change. */
async function refSnapshot(bareDir: string): Promise<string> {
  return gitOut(bareDir, ['for-each-ref', '--format=%(objectname) %(refname)'])
}

function countFamilies(refs: string[]): Families {
  const families: Families = {
    index: 0,
    archive: 0,
    runs: 0,
    operations: 0,
    admissions: 0,
    other: 0,
    outside: 0
  }
  for (const ref of refs) {
    if (!ref.startsWith(`${NS}/`)) {
      families.outside++
      continue
    }
    const family = ref.slice(NS.length + 1).split('/')[0] as string
    if (family in families && family !== 'other' && family !== 'outside')
      families[family as keyof Families]++
    else families.other++
  }
  return families
}

async function runPass(ctx: Context, config: PassConfig): Promise<PassFigures> {
  const { startOrigin } = await import('../scripts/workflow/origin.ts')
  const { runWorkflow } = await import('../scripts/workflow/run.ts')
  const { runDispatchedReceivers } = await import('../scripts/workflow/actingGitHub.ts')
  const scratch = await tempDir('b10')
  const agentLog = join(scratch, 'agent.log')
  await writeFile(agentLog, '')
  const machineEnv = { AGENT_LOG: agentLog }
  const published = {
    coordinator: await readFile(COORDINATOR, 'utf8'),
    receiver: await readFile(RECEIVER, 'utf8')
  }
  const content =
    config.archiveAfter === ''
      ? published
      : {
          coordinator: withArchiveAfter(published.coordinator, config.archiveAfter),
          receiver: withArchiveAfter(published.receiver, config.archiveAfter)
        }
  const labeled = JSON.parse(await readFile(EVENT, 'utf8')) as Record<string, unknown>
  const origin = await startOrigin({
    seedDir: FIXTURES,
    fakeApi: { receiver: { mode: 'external' } }
  })
  const problems: string[] = []
  const issues: number[] = []
  const admittedKeys = new Set<string>()
  /** chain (its logical ledger ref) → when its last write was over (epoch ms) */
  const chains = new Map<string, number>()
  const started = new Set<number>()
  const perEvent: number[] = []
  const pushes = { event: [] as number[], redelivery: [] as number[] }
  let redeliveries = 0
  let receiverRuns = 0
  const loadBefore = load()
  const passStart = performance.now()
  try {
    for (let i = 0; i < config.events; i++) {
      // Every 10th event redelivers an earlier issue (spread over the ones so far).
      const redelivery = (i + 1) % 10 === 0 && issues.length > 0
      const issue = redelivery ? (issues[(i * 7) % issues.length] as number) : 1000 + issues.length
      if (!redelivery) issues.push(issue)
      const event = { ...labeled, issue: { ...(labeled.issue as object), number: issue } }
      const before = redelivery ? await refSnapshot(origin.bareDir) : ''
      const pushesBefore = origin.server.counts().pushes
      const t0 = performance.now()
      const run = await runWorkflow({
        file: COORDINATOR,
        content: content.coordinator,
        event,
        origin,
        runId: FIRST_RUN_ID + i,
        machineEnv
      })
      if (run.conclusion !== 'success') throw failure(`coordinator for issue ${issue}`, run)
      // The quick start is one step (dispatch admits itself, with admit's outputs); two steps
      // (admit, then dispatch) are read the same way.
      const steps = ledgerSteps(run) as Array<Record<string, string>>
      const admit = steps[0] as Record<string, string>
      const dispatch = steps.at(-1) as Record<string, string>
      const receivers = await runDispatchedReceivers(origin, {
        file: RECEIVER,
        content: content.receiver,
        started,
        mine: () => true,
        machineEnv
      })
      perEvent.push(performance.now() - t0)
      const pushed = origin.server.counts().pushes - pushesBefore
      ;(redelivery ? pushes.redelivery : pushes.event).push(pushed)
      if (redelivery ? pushed > 0 : pushed > 3)
        problems.push(`issue ${issue} (run ${run.runId}): ${pushed} pushes reached the origin`)
      const now = Date.now()
      receiverRuns += receivers.length
      if (redelivery) {
        redeliveries++
        const after = await refSnapshot(origin.bareDir)
        if (admit.created !== 'false' || admit.owner !== 'false' || dispatch.sent === 'true')
          problems.push(
            `redelivery of issue ${issue} (run ${run.runId}): created=${admit.created} owner=${admit.owner} sent=${dispatch.sent}`
          )
        if (receivers.length > 0)
          problems.push(`redelivery of issue ${issue} started ${receivers.length} receiver(s)`)
        if (after !== before)
          problems.push(`redelivery of issue ${issue} changed the origin's refs`)
      } else {
        if (admit.created !== 'true' || admit.owner !== 'true' || dispatch.sent !== 'true')
          problems.push(
            `issue ${issue}: created=${admit.created} owner=${admit.owner} sent=${dispatch.sent}`
          )
        admittedKeys.add(admit.dispatch_key_hash as string)
        chains.set(admit.ledger_ref as string, now)
        if (receivers.length !== 1)
          problems.push(`issue ${issue}: ${receivers.length} receivers started, not 1`)
      }
      for (const receiver of receivers) {
        if (receiver.conclusion !== 'success') throw failure(`receiver ${receiver.runId}`, receiver)
        const [own] = ledgerSteps(receiver) as [Record<string, string>]
        if (own.created !== 'true' || own.owner !== 'true')
          problems.push(`receiver ${receiver.runId}: created=${own.created} owner=${own.owner}`)
        admittedKeys.add(own.dispatch_key_hash as string)
        chains.set(own.ledger_ref as string, now)
      }
      if ((i + 1) % 25 === 0 || i === 0)
        ctx.log(
          `B10 ${config.name}: ${i + 1}/${config.events} events, last ${ms(perEvent.at(-1) as number)} ms`
        )
    }
    const wallSeconds = (performance.now() - passStart) / 1000
    const loadAfter = load()
    const countedAt = Date.now()
    const state = await origin.api!.settled()
    const work = (await readFile(agentLog, 'utf8')).split('\n').filter(Boolean).length

    const refs = (await gitOut(origin.bareDir, ['for-each-ref', '--format=%(refname)']))
      .split('\n')
      .filter(Boolean)
    const families = countFamilies(refs)
    const live = new Set(refs.filter(r => /\/(runs|operations)\/[0-9a-f]{64}$/.test(r)))

    // What the index trees hold: keys/<h>/<generation> per admission, runs|operations/<h> per
    // archived chain. Each bucket's entries must sit in their own bucket.
    const keyEntries = new Map<string, number>()
    const archived = new Set<string>()
    const heads: Array<{ path: string; head: string }> = []
    for (const ref of refs.filter(r => r.startsWith(`${NS}/index/`))) {
      const bucket = ref.slice(`${NS}/index/`.length)
      const paths = (await gitOut(origin.bareDir, ['ls-tree', '-r', '--name-only', ref]))
        .split('\n')
        .filter(Boolean)
      for (const path of paths) {
        const [family, hash, generation] = path.split('/') as [string, string, string?]
        if (!hash?.startsWith(bucket)) problems.push(`${ref} holds ${path}, not of its bucket`)
        if (family === 'keys') {
          if (generation !== '1') problems.push(`${ref} holds generation ${generation} of ${hash}`)
          keyEntries.set(hash, (keyEntries.get(hash) ?? 0) + 1)
        } else if (family === 'runs' || family === 'operations') {
          archived.add(`${NS}/${family}/${hash}`)
          const text = await gitOut(origin.bareDir, ['cat-file', 'blob', `${ref}:${path}`])
          heads.push({ path: `${ref}:${path}`, head: (JSON.parse(text) as { head: string }).head })
        } else problems.push(`${ref} holds an unexpected entry ${path}`)
      }
    }
    // An index entry names its chain's head in a blob, which git does not follow: only the
    // archive refs keep those heads from `git gc` (docs/design/storage.md, "Archived chains"), and fsck cannot see
    // a head that is missing from them. Every archived head must be reachable from them.
    const kept = new Set(
      (await gitOut(origin.bareDir, ['rev-list', `--glob=${NS}/archive/*`]))
        .split('\n')
        .filter(Boolean)
    )
    for (const { path, head } of heads)
      if (!kept.has(head)) problems.push(`${path} names head ${head}, not kept by an archive ref`)
    for (const hash of admittedKeys)
      if (keyEntries.get(hash) !== 1)
        problems.push(`key ${hash} is in the index ${keyEntries.get(hash) ?? 0} times, not once`)
    for (const hash of keyEntries.keys())
      if (!admittedKeys.has(hash)) problems.push(`the index holds a key nobody admitted: ${hash}`)
    for (const chain of chains.keys())
      if (live.has(chain) === archived.has(chain))
        problems.push(
          `chain ${chain} is ${live.has(chain) ? 'both live and archived' : 'neither live nor archived'}`
        )

    // Invariant 1: one ref per chain written within archive-after (a chain's last write is
    // taken as the end of the run that made it: later than the write, so never stricter).
    const chainsInWindow = [...chains.values()].filter(
      at => countedAt - at < config.windowMs
    ).length
    if (families.index + families.archive > INDEX_BOUND)
      problems.push(`index + archive refs: ${families.index + families.archive} > ${INDEX_BOUND}`)
    if (families.runs + families.operations > chainsInWindow)
      problems.push(
        `live chain refs: ${families.runs + families.operations} > ${chainsInWindow} chains written within archive-after`
      )
    if (families.admissions > 0) problems.push(`${families.admissions} layout-v1 admissions/ refs`)
    if (families.other > 0) problems.push(`${families.other} other refs under ${NS}`)
    const distinct = issues.length
    if (state.dispatches.length !== distinct)
      problems.push(`${state.dispatches.length} dispatches for ${distinct} issues`)
    if (work !== distinct) problems.push(`${work} receivers worked for ${distinct} issues`)

    let fsck: PassFigures['fsck']
    try {
      const { stdout, stderr } = await exec('git', ['fsck', '--strict'], {
        cwd: origin.bareDir,
        maxBuffer: 64 * 1024 * 1024
      })
      const lines = `${stdout}${stderr}`.split('\n').filter(Boolean)
      fsck = {
        code: 0,
        dangling: lines.filter(l => l.startsWith('dangling ')).length,
        problems: lines.filter(l => !l.startsWith('dangling '))
      }
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string }
      fsck = {
        code: e.code ?? -1,
        dangling: 0,
        problems: `${e.stdout ?? ''}${e.stderr ?? ''}`.split('\n').filter(Boolean)
      }
    }
    if (fsck.code !== 0 || fsck.problems.length > 0)
      problems.push(`git fsck --strict: exit ${fsck.code}; ${fsck.problems.slice(0, 5).join('; ')}`)

    return {
      name: config.name,
      archiveAfter: config.archiveAfter === '' ? '1h (default)' : config.archiveAfter,
      events: config.events,
      redeliveries,
      wallSeconds,
      perEventMs: summarize(perEvent),
      pushes,
      quarters: [
        median(perEvent.slice(0, Math.ceil(perEvent.length / 4))),
        median(perEvent.slice(-Math.ceil(perEvent.length / 4)))
      ],
      eventMs: perEvent,
      loadBefore,
      loadAfter,
      families,
      chainsWritten: chains.size,
      chainsInWindow,
      archivedChains: archived.size,
      keysAdmitted: admittedKeys.size,
      keysInIndex: [...keyEntries.values()].reduce((a, b) => a + b, 0),
      dispatches: state.dispatches.length,
      receivers: receiverRuns,
      work,
      fsck,
      problems
    }
  } finally {
    await origin.close()
  }
}

export async function b10(ctx: Context): Promise<PartResult> {
  // Before the workflow runner's modules load (runPass imports them).
  allowJsonImports()
  // B10_EVENTS: a shorter pass to try the part (it is the count of both passes).
  const events = Number(process.env.B10_EVENTS) || (ctx.quick ? QUICK_EVENTS : EVENTS)
  const passes: PassFigures[] = []
  passes.push(
    await runPass(ctx, { name: 'archive-after 0', archiveAfter: '0', windowMs: 0, events })
  )
  // A full pass of the default as well only while an event takes at most SLOW_MS (the brief
  // of issue 19's bench: 300 of both when the machine allows it, said so when it does not).
  const slow = (passes[0] as PassFigures).perEventMs.median > SLOW_MS
  passes.push(
    await runPass(ctx, {
      name: 'default 1h',
      archiveAfter: '',
      windowMs: 3600_000,
      events: slow && events > SLOW_EVENTS ? SLOW_EVENTS : events
    })
  )

  const rows = passes.map(p => [
    p.archiveAfter,
    `${p.events} (${p.redeliveries} redelivered)`,
    `${p.wallSeconds.toFixed(0)} s`,
    `${ms(p.perEventMs.median)} / ${ms(p.perEventMs.p90)}`,
    `${Math.max(...p.pushes.event)} / ${Math.max(0, ...p.pushes.redelivery)}`,
    `${ms(p.quarters[0])} → ${ms(p.quarters[1])}`,
    String(p.families.index),
    String(p.families.archive),
    String(p.families.runs),
    String(p.families.operations),
    String(p.families.admissions),
    String(p.families.other),
    `${p.families.index + p.families.archive} ≤ ${INDEX_BOUND}`,
    `${p.families.runs + p.families.operations} ≤ ${p.chainsInWindow}`,
    `${p.keysInIndex} / ${p.keysAdmitted}`,
    String(p.archivedChains),
    `${p.dispatches} / ${p.receivers} / ${p.work}`,
    p.fsck.code === 0 && p.fsck.problems.length === 0
      ? `clean (${p.fsck.dangling} dangling)`
      : `**exit ${p.fsck.code}**`,
    `${p.loadBefore} → ${p.loadAfter}`
  ])
  const markdown = [
    table(
      [
        'archive-after',
        'events',
        'wall',
        'ms/event p50 / p90',
        'pushes per event / redelivery (max)',
        'p50 first → last quarter',
        'index/',
        'archive/',
        'runs/',
        'operations/',
        'admissions/',
        'other',
        'index+archive',
        'live chains ≤ written in window',
        'keys in index / admitted',
        'archived chains',
        'dispatches / receivers / work',
        'fsck --strict',
        'load 1/5/15 min'
      ],
      rows
    ),
    '',
    'One origin per pass; an event is one coordinator run plus the receivers it started. ' +
      `Outside ${NS}: ${passes.map(p => p.families.outside).join(' / ')} ref(s) (main).`,
    ...(passes[1]!.events < passes[0]!.events
      ? [
          '',
          `The default pass ran ${passes[1]!.events} events, not ${passes[0]!.events}: an event took ${ms(passes[0]!.perEventMs.median)} ms (median) in the first pass, over ${SLOW_MS} ms.`
        ]
      : []),
    ...passes.flatMap(p =>
      p.problems.length > 0
        ? [
            '',
            `**${p.name}: ${p.problems.length} problem(s)**:`,
            ...p.problems.slice(0, 20).map(x => `- ${x}`)
          ]
        : []
    )
  ].join('\n')
  const goals: Goal[] = passes.flatMap(p => [
    {
      goal: `B10 ${p.name}: index + archive refs ≤ ${INDEX_BOUND}`,
      measured: String(p.families.index + p.families.archive),
      met: p.families.index + p.families.archive <= INDEX_BOUND
    },
    {
      goal: `B10 ${p.name}: live chain refs ≤ chains written within archive-after`,
      measured: `${p.families.runs + p.families.operations} ≤ ${p.chainsInWindow}`,
      met: p.families.runs + p.families.operations <= p.chainsInWindow
    },
    {
      goal: `B10 ${p.name}: every check (keys once, chains live xor archived, archived heads kept, redeliveries write nothing, no admissions/, fsck)`,
      measured: p.problems.length === 0 ? 'all hold' : `${p.problems.length} problem(s)`,
      met: p.problems.length === 0
    }
  ])
  return {
    id: 'B10',
    title: `the quick start, ${passes.map(p => p.events).join(' and ')} events on one origin per pass`,
    markdown,
    goals,
    failOnMiss: true,
    data: passes
  }
}
