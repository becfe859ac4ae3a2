/**
 * B9: what dispatch-ledger costs everyone else. A developer pushes one new commit of a branch
 * (`git push <url> <commit>:refs/heads/dev-<transport>`, a fast-forward) to a bare repository
 * holding 10⁵ admitted keys in layout v2 (`lib/fill.ts`: every run archived, half of them
 * ended), against the same push to the same project holding no dispatch-ledger refs at all,
 * over smart HTTP (the test server, `git http-backend`) and over file://.
 *
 * Every push first receives the remote's ref advertisement: receive-pack speaks protocol v0,
 * which lists every ref the repository has (docs/design/storage.md). Its size is printed for
 * each repository: the bytes of `GET info/refs?service=git-receive-pack` (what a push over
 * HTTP reads first) and of `git ls-remote` (protocol v2, every ref), with the ref counts.
 *
 * For contrast, the OLD layout (v1, refused by the product now): the same project with 10⁵
 * plain refs under refs/dispatch-ledger/admissions/ (`fillV1Refs`), which is what v0.1 made
 * every push to the repository carry.
 *
 * All three repositories get the same project (a main branch of a few commits) and, each
 * round, the same new commit; the pushes are interleaved (`interleave`: every variant once per
 * round, the order rotating).
 */
import { writeFile } from 'node:fs/promises'
import http from 'node:http'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { fillAdmissions, fillV1Refs } from './lib/fill.ts'
import type { Context, PartResult } from './lib/part.ts'
import { git, tempDir, timed } from './lib/proc.ts'
import { startGitHttpServer, type GitHttpServer } from './lib/remote.ts'
import { bytes, interleave, ms, ratio, summarize, table, type Summary } from './lib/stats.ts'

const KEYS = 100000
const TARGETS = ['none', 'budget', 'v2', 'v1'] as const
type Target = (typeof TARGETS)[number]
export const TRANSPORTS = ['http', 'file'] as const
export type Transport = (typeof TRANSPORTS)[number]

const LABEL: Record<Target, string> = {
  none: 'no dispatch-ledger refs',
  budget: '512 refs of one empty commit each (the ref budget alone)',
  v2: `${KEYS.toLocaleString('en')} admitted keys, layout v2`,
  v1: `OLD layout v1: ${KEYS.toLocaleString('en')} refs under refs/dispatch-ledger/admissions/`
}

/** A small project: 40 files in 4 directories, 5 commits on main. */
export async function project(): Promise<string> {
  const dir = await tempDir('b9-project')
  git(dir, ['init', '-q', '-b', 'main'])
  for (let commit = 0; commit < 5; commit++) {
    for (let f = 0; f < 40; f++)
      await writeFile(
        join(dir, `${['src', 'docs', 'lib', 'test'][f % 4]}-${f}.txt`),
        `file ${f}, revision ${commit}\n${'some content line\n'.repeat(20 + f)}`
      )
    git(dir, ['add', '-A'])
    git(dir, ['commit', '-q', '-m', `project commit ${commit}`])
  }
  return dir
}

/**
 * The ref budget of layout v2 alone: `index/<hh>` and `archive/<hh>` for all 256 buckets, each
 * at a commit of its own with no history and the empty tree (one `git fast-import`). What a push
 * to it costs over none is what 512 refs cost, whatever they hold.
 */
function budgetRefs(dir: string): void {
  const stream: string[] = []
  for (const family of ['index', 'archive'])
    for (let i = 0; i < 256; i++) {
      const message = `${family} ${i}`
      stream.push(
        `commit refs/dispatch-ledger/${family}/${i.toString(16).padStart(2, '0')}`,
        'committer bench <bench@example.com> 1764590400 +0000',
        `data ${Buffer.byteLength(message)}`,
        message,
        'deleteall',
        ''
      )
    }
  git(dir, ['fast-import', '--quiet'], `${stream.join('\n')}\n`)
}

/**
 * GET <url>/info/refs?service=git-receive-pack: the advertisement a push over HTTP reads (with
 * `headers`, for example an Authorization a host requires).
 */
export function receivePackAdvertisement(
  url: string,
  headers: http.OutgoingHttpHeaders = {}
): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/info/refs?service=git-receive-pack`, { headers }, response => {
        let length = 0
        response.on('data', (chunk: Buffer) => (length += chunk.length))
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(length)
            : reject(new Error(`info/refs answered ${response.statusCode}`))
        )
      })
      .on('error', reject)
  })
}

/**
 * The developer's pushes, `rounds` interleaved rounds: each round commits one change in the
 * developer's clone (of `from`, a repository holding the project) and pushes it to every target over both transports, a fast-forward of
 * its branch `dev-<transport>` (`env`: the pushes' environment, for a token). Each variant's
 * first push creates its branch (more than one commit) and is not measured.
 */
export async function unrelatedPushes<T extends string>(
  ctx: Context,
  options: {
    part: string
    from: string
    rounds: number
    targets: readonly T[]
    /** the repository without dispatch-ledger the others are compared with */
    baseline: T
    urlOf: (target: T, transport: Transport) => string
    env?: NodeJS.ProcessEnv
  }
): Promise<{
  summary: Record<string, Summary>
  med: (name: string) => number
  /** median of target over median of the baseline, over one transport */
  ratioOf: (transport: Transport, target: T) => number
  /** the raw figures for the part's data: rounds, summaries, samples, every ratioOf */
  figures: {
    rounds: number
    summary: Record<string, Summary>
    raw: Record<string, number[]>
    ratios: Record<string, number>
  }
}> {
  const { part, rounds, targets, baseline, urlOf, env } = options
  const dev = await tempDir(`${part.toLowerCase()}-dev`)
  git(dev, ['clone', '-q', options.from, '.'])
  const commits = new Map<number, string>()
  const commitFor = async (round: number): Promise<string> => {
    const known = commits.get(round)
    if (known) return known
    await writeFile(join(dev, 'src-0.txt'), `change of round ${round}\n`)
    git(dev, ['commit', '-q', '-am', `developer change ${round}`])
    const tip = git(dev, ['rev-parse', 'HEAD']).trim()
    commits.set(round, tip)
    return tip
  }
  const push = async (target: T, transport: Transport, round: number) => {
    const commit = await commitFor(round)
    const result = await timed(
      'git',
      ['push', '-q', urlOf(target, transport), `${commit}:refs/heads/dev-${transport}`],
      { cwd: dev, ...(env ? { env } : {}) }
    )
    if (result.code !== 0)
      throw new Error(`${part} push to ${target} over ${transport}: ${result.stderr}`)
    return result.ms
  }
  for (const transport of TRANSPORTS)
    for (const target of targets) await push(target, transport, -1)
  ctx.log(`${part}: ${rounds} interleaved rounds of ${targets.length * TRANSPORTS.length} pushes`)
  const variants = {} as Record<string, (round: number) => Promise<number>>
  for (const transport of TRANSPORTS)
    for (const target of targets)
      variants[`${transport}/${target}`] = round => push(target, transport, round)
  const times = await interleave(rounds, variants)
  const summary = Object.fromEntries(
    Object.entries(times).map(([name, values]) => [name, summarize(values)])
  )
  const med = (name: string) => summary[name]?.median ?? NaN
  const ratioOf = (transport: Transport, target: T) =>
    med(`${transport}/${target}`) / med(`${transport}/${baseline}`)
  const ratios = Object.fromEntries(
    TRANSPORTS.flatMap(t => targets.map(target => [`${t}/${target}`, ratioOf(t, target)]))
  )
  return { summary, med, ratioOf, figures: { rounds, summary, raw: times, ratios } }
}

export async function b9(ctx: Context): Promise<PartResult> {
  const source = await project()
  const bares = {} as Record<Target, { dir: string; server: GitHttpServer; fillSeconds: number }>
  try {
    for (const target of TARGETS) {
      ctx.log(`B9: a bare repository with ${LABEL[target]}`)
      const started = performance.now()
      const dir = join(await tempDir(`b9-${target}`), 'repo.git')
      git(source, ['init', '-q', '--bare', '-b', 'main', dir])
      git(source, ['push', '-q', dir, 'main'])
      if (target === 'budget') budgetRefs(dir)
      if (target === 'v2') await fillAdmissions(dir, KEYS)
      if (target === 'v1') await fillV1Refs(dir, KEYS)
      git(dir, ['pack-refs', '--all'])
      const server = await startGitHttpServer({ bareDir: dir })
      bares[target] = { dir, server, fillSeconds: (performance.now() - started) / 1000 }
    }
    const urlOf = (target: Target, transport: Transport) =>
      transport === 'http' ? bares[target].server.url : pathToFileURL(bares[target].dir).href

    const rounds = ctx.quick ? 6 : 20
    const { summary, med, ratioOf, figures } = await unrelatedPushes(ctx, {
      part: 'B9',
      from: bares.none.dir,
      rounds,
      targets: TARGETS,
      baseline: 'none',
      urlOf
    })

    const adverts = {} as Record<
      Target,
      { receivePack: number; lsRemote: number; refs: number; namespaceRefs: number }
    >
    for (const target of TARGETS) {
      // Asynchronously: the server answers from this same process.
      const listing = await timed('git', ['ls-remote', bares[target].server.url])
      if (listing.code !== 0) throw new Error(`B9 ls-remote: ${listing.stderr}`)
      const listed = listing.stdout
      adverts[target] = {
        receivePack: await receivePackAdvertisement(bares[target].server.url),
        lsRemote: Buffer.byteLength(listed),
        refs: listed.split('\n').filter(Boolean).length,
        namespaceRefs: listed.split('\n').filter(line => line.includes('refs/dispatch-ledger/'))
          .length
      }
    }

    const rows = TRANSPORTS.flatMap(transport =>
      TARGETS.map(target => {
        const s = summary[`${transport}/${target}`]
        return [
          transport === 'http' ? 'smart HTTP' : 'file://',
          LABEL[target],
          ms(med(`${transport}/${target}`)),
          s ? `${ms(s.min)}–${ms(s.p90)}` : '',
          ratio(ratioOf(transport, target))
        ]
      })
    )
    const advertTable = table(
      [
        'B9 repository',
        'refs (all)',
        'of them under refs/dispatch-ledger/',
        'push advertisement (GET info/refs, receive-pack)',
        '`git ls-remote` output'
      ],
      TARGETS.map(target => [
        LABEL[target],
        adverts[target].refs.toLocaleString('en'),
        adverts[target].namespaceRefs.toLocaleString('en'),
        bytes(adverts[target].receivePack),
        bytes(adverts[target].lsRemote)
      ])
    )
    const goal = (transport: Transport) => {
      const r = ratioOf(transport, 'v2')
      return {
        goal: `B9 unrelated push over ${transport === 'http' ? 'smart HTTP' : 'file://'}: 10⁵ keys (layout v2) ≤ 1.1× none`,
        measured: ratio(r),
        met: r <= 1.1
      }
    }
    return {
      id: 'B9',
      title: `a developer's unrelated one-commit push (${rounds} rounds)`,
      markdown: [
        table(['B9 transport', 'repository', 'push median ms', 'min–p90 ms', 'vs none'], rows),
        '',
        advertTable,
        '',
        TRANSPORTS.map(
          t =>
            `Over ${t === 'http' ? 'smart HTTP' : 'file://'} the 512-ref budget alone costs ` +
            `${ratio(ratioOf(t, 'budget'))} of none, and 10⁵ keys in layout v2 cost ` +
            `${ratio(ratioOf(t, 'v2') / ratioOf(t, 'budget'))} of the budget alone.`
        ).join(' '),
        '',
        'Each round the developer commits one change and pushes it to every repository over both ' +
          'transports (a fast-forward of its branch `dev-<transport>`); the rows of one transport ' +
          'are interleaved with each other and with the other transport. The v1 rows are the ' +
          'old layout, for contrast only: the product refuses a namespace holding such refs.'
      ].join('\n'),
      goals: [goal('http'), goal('file')],
      data: {
        keys: KEYS,
        ...figures,
        advertisements: adverts,
        fillSeconds: Object.fromEntries(TARGETS.map(t => [t, bares[t].fillSeconds]))
      }
    }
  } finally {
    await Promise.all(Object.values(bares).map(b => b.server.close()))
  }
}
