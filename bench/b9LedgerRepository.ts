/**
 * B9L: B9 when the ledger lives in a ledger repository of its own (docs/design/ledger-repository.md).
 * A developer pushes one new commit of a branch to the code repository, whose workflows admit
 * through `ledger-repository` (10⁵ admitted keys there, filled as B4 and B9 fill: `lib/fill.ts`),
 * against the same push to a repository that never used dispatch-ledger. Both are repositories of
 * one GitHub-like host (`startGitHost`: HTTP Basic, a token per repository), reached over smart
 * HTTP with the developer's token, and over file:// as B9 does.
 *
 * The code repository is used for real before the pushes: a few admissions through the bundled
 * action, each from a fresh clone of it with `ledger-repository` and `ledger-token` set. The part
 * then checks what makes the goal reachable: the code repository holds no ref under the
 * namespace and its host saw no request from those steps, while the ledger repository holds the
 * 512 refs of layout v2 plus the new runs.
 *
 * Beside them, a second repository that never used dispatch-ledger (an A/A control: two
 * repositories alike, so their ratio is what this machine's noise makes of a 2 % goal), and for
 * contrast one holding the same project and the same 10⁵ keys in itself (the ledger in the code
 * repository, B9's layout v2 row). The developer's clone is of the project's own working
 * repository, so no measured repository shares pack files with it. Every push is interleaved
 * with the others (`interleave`: each variant once per round, the order rotating).
 */
import { pathToFileURL } from 'node:url'
import {
  project,
  receivePackAdvertisement,
  TRANSPORTS,
  unrelatedPushes,
  type Transport
} from './b9UnrelatedPush.ts'
import { fillAdmissions, NAMESPACE } from './lib/fill.ts'
import { OWNER, refCounts, startGitHost, tokenEnv, tokenHeader, type GitHost } from './lib/host.ts'
import type { Context, PartResult } from './lib/part.ts'
import { expectOk, git, prepareStep, runStep, tempDir, timed } from './lib/proc.ts'
import { bytes, ms, ratio, summarize, table } from './lib/stats.ts'

const KEYS = 100000
/** The goal of issue 25: the code repository carries nothing of ours. */
const GOAL = 1.02
const ADMISSIONS = 3

const LEDGER = `${OWNER}/dispatch-ledger-state`
const REPOSITORY: Record<Target, string> = {
  none: `${OWNER}/plain`,
  again: `${OWNER}/plain-again`,
  ledger: `${OWNER}/octo-repo`,
  inRepo: `${OWNER}/in-repo`
}
const TARGETS = ['none', 'ledger', 'again', 'inRepo'] as const
type Target = (typeof TARGETS)[number]

const LABEL: Record<Target, string> = {
  none: 'never used dispatch-ledger',
  again: 'A/A control: never used dispatch-ledger either',
  ledger: `uses dispatch-ledger, its ledger (${KEYS.toLocaleString('en')} keys) in ${LEDGER}`,
  inRepo: `contrast: its own ledger, ${KEYS.toLocaleString('en')} keys in itself (layout v2)`
}

const DEVELOPER_TOKEN = 'ghp_benchDeveloperToken0001'
const LEDGER_TOKEN = 'ghs_benchLedgerAppToken0001'

export async function b9l(ctx: Context): Promise<PartResult> {
  const source = await project()
  const host: GitHost = await startGitHost({
    repositories: {
      ...Object.fromEntries(
        TARGETS.map(t => [REPOSITORY[t], { tokens: { [DEVELOPER_TOKEN]: 'write' as const } }])
      ),
      [LEDGER]: { tokens: { [LEDGER_TOKEN]: 'write' } }
    }
  })
  try {
    const developer = await tokenEnv(host, DEVELOPER_TOKEN)
    for (const target of TARGETS)
      git(source, ['push', '-q', host.bareDir(REPOSITORY[target]), 'main'])
    ctx.log(`B9L: ${LEDGER} and ${REPOSITORY.inRepo} with ${KEYS} admitted keys (layout v2)`)
    const ledgerBare = host.bareDir(LEDGER)
    await fillAdmissions(ledgerBare, KEYS)
    // A ledger repository has no branch: the action never writes one there.
    git(ledgerBare, ['update-ref', '-d', 'refs/heads/main'])
    await fillAdmissions(host.bareDir(REPOSITORY.inRepo), KEYS)
    for (const target of TARGETS) git(host.bareDir(REPOSITORY[target]), ['pack-refs', '--all'])
    git(ledgerBare, ['pack-refs', '--all'])

    const used = await useCodeRepository(ctx, host, developer)

    const rounds = ctx.quick ? 8 : 100
    const { summary, med, ratioOf, figures } = await unrelatedPushes(ctx, {
      part: 'B9L',
      from: source,
      rounds,
      targets: TARGETS,
      baseline: 'none',
      env: developer,
      urlOf: (target, transport) =>
        transport === 'http'
          ? host.repoUrl(REPOSITORY[target])
          : pathToFileURL(host.bareDir(REPOSITORY[target])).href
    })

    const authorization = await tokenHeader(DEVELOPER_TOKEN)
    const adverts = {} as Record<Target | 'ledgerRepository', Advert>
    for (const target of [...TARGETS, 'ledgerRepository'] as const) {
      const name = target === 'ledgerRepository' ? LEDGER : REPOSITORY[target]
      const env = target === 'ledgerRepository' ? await tokenEnv(host, LEDGER_TOKEN) : developer
      // Asynchronously: the host answers from this same process.
      const listing = await timed('git', ['ls-remote', host.repoUrl(name)], { env })
      if (listing.code !== 0) throw new Error(`B9L ls-remote ${name}: ${listing.stderr}`)
      adverts[target] = {
        ...refCounts(host.bareDir(name), NAMESPACE),
        receivePack: await receivePackAdvertisement(host.repoUrl(name), {
          authorization:
            target === 'ledgerRepository' ? await tokenHeader(LEDGER_TOKEN) : authorization
        }),
        lsRemote: Buffer.byteLength(listing.stdout)
      }
    }

    const rows = TRANSPORTS.flatMap(transport =>
      TARGETS.map(target => {
        const s = summary[`${transport}/${target}`]
        return [
          transport === 'http' ? 'smart HTTP (token)' : 'file://',
          `${REPOSITORY[target]}: ${LABEL[target]}`,
          ms(med(`${transport}/${target}`)),
          s ? `${ms(s.min)}–${ms(s.p90)}` : '',
          ratio(ratioOf(transport, target))
        ]
      })
    )
    const advertRows = [...TARGETS, 'ledgerRepository' as const].map(target => {
      const a = adverts[target]
      return [
        target === 'ledgerRepository' ? `${LEDGER} (the ledger repository)` : REPOSITORY[target],
        a.refs.toLocaleString('en'),
        a.namespaceRefs.toLocaleString('en'),
        bytes(a.receivePack),
        bytes(a.lsRemote)
      ]
    })
    const goal = (transport: Transport) => {
      const r = ratioOf(transport, 'ledger')
      return {
        goal: `B9L unrelated push over ${transport === 'http' ? 'smart HTTP' : 'file://'}, ledger in a ledger repository (10⁵ keys): ≤ ${GOAL}× none`,
        measured: `${ratio(r)} (A/A control ${ratio(ratioOf(transport, 'again'))})`,
        met: r <= GOAL
      }
    }
    return {
      id: 'B9L',
      title: `a developer's unrelated push when the ledger has a repository of its own (${rounds} rounds)`,
      markdown: [
        table(
          ['B9L transport', 'code repository', 'push median ms', 'min–p90 ms', 'vs none'],
          rows
        ),
        '',
        table(
          [
            'B9L repository',
            'refs (all)',
            'of them under refs/dispatch-ledger/',
            'push advertisement (GET info/refs, receive-pack)',
            '`git ls-remote` output'
          ],
          advertRows
        ),
        '',
        `Before the pushes, ${ADMISSIONS} admissions through the bundled action ran from fresh ` +
          `clones of ${REPOSITORY.ledger} with \`ledger-repository: ${LEDGER}\` ` +
          `(median ${ms(used.medianMs)} ms): they made ${used.codeRequests} requests to the code ` +
          `repository and ${used.ledgerRequests.pushes} pushes to the ledger repository. Each ` +
          'round the developer commits one change and pushes it to every repository over both ' +
          'transports (a fast-forward of its branch `dev-<transport>`), with its token in an ' +
          'extraheader over HTTP; the six pushes of a round are interleaved.'
      ].join('\n'),
      goals: [goal('http'), goal('file')],
      data: {
        keys: KEYS,
        ...figures,
        advertisements: adverts,
        used
      }
    }
  } finally {
    await host.close()
  }
}

interface Advert {
  readonly refs: number
  readonly namespaceRefs: number
  readonly receivePack: number
  readonly lsRemote: number
}

/**
 * The code repository's workflows at work: ADMISSIONS admissions through the bundled action, each
 * in a fresh clone of it (actions/checkout with the developer's token) with the ledger inputs.
 * Throws unless each was decided by the ledger repository, the code repository saw no request
 * from the steps and holds no ref under the namespace.
 */
async function useCodeRepository(
  ctx: Context,
  host: GitHost,
  developer: NodeJS.ProcessEnv
): Promise<{
  medianMs: number
  codeRequests: number
  ledgerRequests: ReturnType<GitHost['counts']>
}> {
  ctx.log(`B9L: ${ADMISSIONS} admissions from ${REPOSITORY.ledger} into ${LEDGER}`)
  const code = REPOSITORY.ledger
  const stamp = Date.now().toString(36)
  const times: number[] = []
  let codeRequests = 0
  const ledgerBefore = host.counts(LEDGER).pushes
  for (let i = 0; i < ADMISSIONS; i++) {
    const workspace = await tempDir('b9l-checkout')
    const clone = await timed('git', ['clone', '-q', host.repoUrl(code), '.'], {
      cwd: workspace,
      env: developer
    })
    if (clone.code !== 0) throw new Error(`B9L clone of ${code}: ${clone.stderr}`)
    const before = host.counts(code).total
    const step = await prepareStep({
      workspace,
      runId: 9100 + i,
      with: {
        'dispatch-key': `bench/b9l/${stamp}/${i}`,
        'ledger-repository': LEDGER,
        'ledger-token': LEDGER_TOKEN
      },
      env: { GITHUB_SERVER_URL: host.serverUrl }
    })
    const result = await runStep(step, workspace)
    expectOk('B9L admission through the ledger repository', result, o => o.created === 'true')
    if (result.outputs.store !== LEDGER)
      throw new Error(`B9L admission decided by ${result.outputs.store}, not ${LEDGER}`)
    codeRequests += host.counts(code).total - before
    times.push(result.ms)
  }
  const held = refCounts(host.bareDir(code), NAMESPACE).namespaceRefs
  if (held !== 0 || codeRequests !== 0)
    throw new Error(
      `B9L: the code repository holds ${held} refs under ${NAMESPACE}/ and got ${codeRequests} requests from the steps`
    )
  const counts = host.counts(LEDGER)
  return {
    medianMs: summarize(times).median,
    codeRequests,
    ledgerRequests: { ...counts, pushes: counts.pushes - ledgerBefore }
  }
}
