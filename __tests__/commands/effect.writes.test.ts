/**
 * docs/design/effects.md#agent-writes: `effect` kinds pull-request, comment and issue through
 * the fake GitHub API (its own process, real HTTP, GitHub's shapes and its 422 for a second open
 * pull request), each with its operation chain at a bare git origin. One table of kinds, one
 * fake for the file: every row runs for every kind, with what differs by kind (a pull request
 * is fenced by GitHub; a comment or an issue is not) in the expectation.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { effect } from '../../src/commands/effect.js'
import { resolveEffect } from '../../src/commands/resolveEffect.js'
import { bodyWithMarker } from '../../src/core/effect/artifacts.js'
import { InvalidInput } from '../../src/core/errors.js'
import type { EffectCommandOptions } from '../../src/core/effect/request.js'
import { start, type FakeGitHub } from '../../testkit/fakeGitHub/client.js'
import { requestViolations, responseViolations } from '../../testkit/fakeGitHub/openapiCheck.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { cloneOf, NS, workspace } from '../support/effects.js'
import { cleanupRepos, refsUnder } from '../support/repo.js'
import {
  BODY,
  KINDS,
  LATER,
  marked,
  RUN_ID,
  runWrite,
  writeDeps,
  writeRequest,
  WRITE_KINDS,
  type WriteKind
} from '../support/writes.js'

let gh: FakeGitHub
let origin: Awaited<ReturnType<typeof makeBareRemote>>
let dir: string
beforeAll(async () => {
  gh = await start()
})
afterAll(async () => {
  await gh.stop()
  await cleanupRepos()
})
beforeEach(async () => {
  await gh.reset()
  origin = await makeBareRemote()
  ;({ dir } = await workspace(origin.url))
})
afterEach(async () => {
  // Every request the product sent, and every answer, as GitHub's description says.
  const exchanges = await gh.exchanges()
  expect(requestViolations(exchanges)).toEqual([])
  expect(responseViolations(exchanges)).toEqual([])
  await origin.cleanup()
})

const opId = (kind: WriteKind): string => writeRequest(kind).operation_id
/** Per kind, one row per field of the request the intent binds: another value of that field. */
const OTHER_INTENTS: Record<WriteKind, Array<[string, Partial<EffectCommandOptions>]>> = {
  'pull-request': [
    ['head', { head: 'agent/elsewhere' }],
    ['base', { base: 'develop' }],
    ['title', { title: 'Fix #7 differently' }],
    ['body', { body: 'Another text' }],
    ['draft flag', { draft: true }]
  ],
  comment: [
    ['issue number', { issue_number: '8' }],
    ['body', { body: 'Another text' }]
  ],
  issue: [
    ['title', { title: 'Another follow-up' }],
    ['body', { body: 'Another text' }],
    ['set of labels', { labels: 'agent' }]
  ]
}
const creates = (kind: WriteKind) => gh.count(KINDS[kind].create)
const states = (outcome: { chain: Array<{ value: { state: string } }> }) =>
  outcome.chain.map(e => e.value.state)

describe.each(WRITE_KINDS)('kind %s', kind => {
  it('happy path: one request, committed, outputs set; a repeat sends nothing and reports it', async () => {
    const outcome = await runWrite(dir, gh, kind)
    expect(outcome).toMatchObject({ ok: true, sent: true, state: 'terminal_committed' })
    expect(states(outcome)).toEqual([
      'prepared',
      'may_have_been_sent',
      'observed',
      'terminal_committed'
    ])
    expect(await creates(kind)).toBe(1)
    const [made] = await marked(gh, kind, opId(kind))
    expect(made?.body).toBe(bodyWithMarker(BODY, opId(kind), outcome.chain[0]!.value.intent_digest))
    // Every other field the intent binds is what GitHub was asked for.
    const held = await gh.settled()
    if (kind === 'pull-request')
      expect(held.pulls).toEqual([
        expect.objectContaining({
          title: 'Fix #7',
          draft: false,
          head: expect.objectContaining({ ref: 'agent/issue-7', label: 'octo-org:agent/issue-7' }),
          base: expect.objectContaining({ ref: 'main' })
        })
      ])
    if (kind === 'comment')
      expect(held.comments).toEqual([
        expect.objectContaining({ issue_url: expect.stringMatching(/\/issues\/7$/) })
      ])
    if (kind === 'issue') {
      expect(held.issues).toEqual([expect.objectContaining({ title: 'Follow-up from #7' })])
      const labels = held.issues[0]!.labels.map(l => (typeof l === 'string' ? l : l.name))
      expect(labels.sort()).toEqual(['agent', 'bug'])
    }
    expect(outcome.id).toMatch(/^[0-9]+$/)
    expect(outcome.url).toMatch(/^https:\/\/github\.com\/octo-org\/octo-repo\//)
    if (kind === 'comment') expect(outcome.number).toBeNull()
    else expect(outcome.number).toBeGreaterThan(0)

    await gh.resetCounts()
    const again = await runWrite(await cloneOf(origin.url, dir), gh, kind)
    expect(again).toMatchObject({ ok: true, sent: false, id: outcome.id, url: outcome.url })
    expect(await creates(kind)).toBe(0)
    expect(await marked(gh, kind, opId(kind))).toHaveLength(1)
  })

  it.each([
    ['commit then a dropped connection', { kind: 'commit-then-drop' }],
    ['commit then 500', { kind: 'commit-then-error', status: 500 }]
  ] as const)('%s → committed by lookup, no second request', async (_n, fault) => {
    await gh.fault(KINDS[kind].create, fault)
    const outcome = await runWrite(dir, gh, kind)
    expect(outcome).toMatchObject({ ok: true, state: 'terminal_committed' })
    expect(await creates(kind)).toBe(1)
    expect(await marked(gh, kind, opId(kind))).toHaveLength(1)
    expect(outcome.chain.at(-1)!.value.observation).toMatch(/carry our marker/)
  })

  it('the answer lost and nothing committed → a pull request is sent again once; a comment or an issue is unknown and refused until resolved', async () => {
    await gh.fault(KINDS[kind].create, { kind: 'error', status: 502 })
    const outcome = await runWrite(dir, gh, kind)
    if (KINDS[kind].fenced) {
      expect(outcome).toMatchObject({ ok: true, state: 'terminal_committed' })
      expect(await creates(kind)).toBe(2)
      expect(await marked(gh, kind, opId(kind))).toHaveLength(1)
      return
    }
    expect(outcome).toMatchObject({ ok: false, state: 'unknown', next: 'unknown', sent: true })
    expect(await creates(kind)).toBe(1)
    await gh.resetCounts()
    for (let i = 0; i < 2; i++)
      expect(await runWrite(dir, gh, kind)).toMatchObject({
        ok: false,
        next: 'refuse_unknown',
        sent: false
      })
    expect(await creates(kind)).toBe(0)
    // The operator's answer settles it, as for a draft: the next effect reports it, sends nothing.
    const settled = await resolveEffect(
      {
        namespace: NS,
        operation_id: opId(kind),
        answer: { kind: 'not_committed' },
        by: 'octocat',
        writer: null
      },
      writeDeps(dir, gh)
    )
    expect(settled).toMatchObject({ outcome: 'applied', state: 'terminal_no_commit' })
    expect(await runWrite(dir, gh, kind)).toMatchObject({ next: 'not_committed', sent: false })
    expect(await creates(kind)).toBe(0)
  })

  it('a create that commits late, after the lookup → never two', async () => {
    await gh.fault(KINDS[kind].create, {
      kind: 'late-commit',
      answer: 'error',
      commitAfterMs: 1500
    })
    const outcome = await runWrite(dir, gh, kind)
    if (KINDS[kind].fenced) {
      // Sent again (nothing found), and GitHub's fence refuses whichever of the two comes second.
      expect(outcome).toMatchObject({ ok: true, state: 'terminal_committed' })
      expect(await creates(kind)).toBe(2)
    } else {
      expect(outcome).toMatchObject({ ok: false, state: 'unknown', sent: true })
      expect(await creates(kind)).toBe(1)
    }
    // The late commit lands: exactly one, ours. Time passing changes nothing in the journal.
    expect(await marked(gh, kind, opId(kind))).toHaveLength(1)
    if (!KINDS[kind].fenced)
      expect(await runWrite(dir, gh, kind)).toMatchObject({ next: 'refuse_unknown', sent: false })
  })

  it.each(OTHER_INTENTS[kind])(
    'the same operation id with another %s fails before anything is sent',
    async (_field, other) => {
      await runWrite(dir, gh, kind)
      await gh.resetCounts()
      expect(await runWrite(dir, gh, kind, { ...other, operation_id: opId(kind) })).toMatchObject({
        ok: false,
        next: 'refuse_intent',
        sent: false
      })
      expect(await creates(kind)).toBe(0)
    }
  )

  it("a body already carrying another operation's marker is refused; nothing is written", async () => {
    const foreign = bodyWithMarker('copied', 'gh-9-abc/comment/1', `sha256:${'a'.repeat(64)}`)
    expect(() => writeRequest(kind, { body: foreign })).toThrow(InvalidInput)
    expect(() => writeRequest(kind, { body: foreign })).toThrow(/already carries the marker/)
    // A request built by hand is checked the same way by the command.
    const request = { ...writeRequest(kind), body: foreign }
    await expect(effect(request, writeDeps(dir, gh))).rejects.toThrow(/body_digest|marker/)
    expect(await refsUnder(origin.dir, 'refs/')).toEqual({})
    expect(await creates(kind)).toBe(0)
  })

  it('16 concurrent steps for one operation → one request', async () => {
    const clones = await Promise.all(Array.from({ length: 16 }, () => cloneOf(origin.url, dir)))
    // The create takes a while to answer, and the other 15 arrive while it is on its way: they
    // must not look it up and conclude (a pull request would be sent again; a comment or an
    // issue held unknown), but follow the step that sent it.
    await gh.fault(KINDS[kind].create, { kind: 'delay', ms: 2000 })
    const first = runWrite(clones[0]!, gh, kind)
    while ((await creates(kind)) === 0) await new Promise(done => setTimeout(done, 20))
    const outcomes = await Promise.all([
      first,
      ...clones.slice(1).map(clone => runWrite(clone, gh, kind))
    ])
    expect(await creates(kind)).toBe(1)
    expect(await marked(gh, kind, opId(kind))).toHaveLength(1)
    expect(outcomes.filter(o => o.sent)).toHaveLength(1)
    // Every step follows the one that sent and reports the same write.
    expect(new Set(outcomes.map(o => o.id))).toEqual(new Set([outcomes.find(o => o.sent)!.id]))
    expect(outcomes.every(o => o.ok)).toBe(true)
  })
})

describe('kind-specific behaviour', () => {
  it("another's open pull request on the head and base → conflict; a closed one is no fence", async () => {
    await gh.addPull({ head: 'agent/issue-7', base: 'main', body: 'by hand', state: 'closed' })
    expect(await runWrite(dir, gh, 'pull-request')).toMatchObject({ ok: true })
    await gh.reset()
    const other = await cloneOf(origin.url, dir)
    await gh.addPull({ head: 'agent/issue-7', base: 'main', body: 'by hand' })
    const outcome = await runWrite(other, gh, 'pull-request', { operation_id: `${RUN_ID}/pr2` })
    // The create is refused by GitHub's fence; the lookup finds another's open one.
    expect(outcome).toMatchObject({ ok: false, next: 'conflict', state: 'conflict' })
    expect(await gh.count('createPull')).toBe(1)
    await gh.resetCounts()
    expect(
      await runWrite(other, gh, 'pull-request', { operation_id: `${RUN_ID}/pr2` })
    ).toMatchObject({ next: 'conflict', sent: false })
    expect(await gh.count('createPull')).toBe(0)
  })

  it('an issue is found on a later page, among pull requests, with the runner’s clock 55 minutes ahead of GitHub’s', async () => {
    // 150 issues and pull requests, all inside the lookup's window: the runner's clock is ahead,
    // but by less than the hour the lookup allows, so the noise made a moment before the intent
    // is listed too and the lookup reads every page (100 a page). GitHub's times are in whole
    // seconds: a clock exactly an hour ahead would leave the noise out whenever a second passed.
    const ahead = { now: () => new Date(Date.now() + 55 * 60_000) }
    for (let i = 0; i < 75; i++) {
      await gh.addIssue({ title: `noise ${i}` })
      await gh.addPull({ head: `noise/${i}`, base: 'main' })
    }
    await gh.fault('createIssue', { kind: 'commit-then-drop' })
    const outcome = await runWrite(dir, gh, 'issue', {}, { clock: ahead })
    expect(outcome).toMatchObject({ ok: true, state: 'terminal_committed' })
    expect(await gh.count('listIssues')).toBeGreaterThanOrEqual(2)
  })

  it('an issue of ours closed before the next step looks is still found (every state is listed)', async () => {
    // The step dies right after GitHub made the issue; a maintainer closes it at once.
    const deps = writeDeps(dir, gh)
    const gateway = deps.github!
    const dying = {
      ...deps,
      github: {
        hasToken: true,
        timeoutMs: gateway.timeoutMs,
        where: () => gateway.where(),
        releases: () => gateway.releases(),
        writes: () => ({
          ...gateway.writes(),
          owner: gateway.writes().owner,
          createIssue: async (request: {
            title: string
            body: string
            labels: readonly string[]
          }) => {
            await gh.addIssue({ ...request, labels: [...request.labels], state: 'closed' })
            throw new Error('killed after the create')
          }
        })
      }
    }
    await expect(effect(writeRequest('issue'), dying)).rejects.toThrow(/killed/)
    const next = await runWrite(dir, gh, 'issue', {}, { clock: LATER })
    expect(next).toMatchObject({ ok: true, sent: false, state: 'terminal_committed' })
    expect(await gh.count('createIssue')).toBe(0)
  })

  it('a definite refusal (422, the issue does not take comments) ends terminal_no_commit', async () => {
    await gh.fault('createComment', { kind: 'refuse', status: 422 })
    const outcome = await runWrite(dir, gh, 'comment')
    expect(outcome).toMatchObject({ ok: false, state: 'terminal_no_commit' })
    expect(await gh.count('createComment')).toBe(1)
  })

  it('a pull request refused by GitHub for another reason (422) is a definite refusal', async () => {
    await gh.fault('createPull', {
      kind: 'refuse',
      status: 422,
      message: 'No commits between main and agent/issue-7'
    })
    const outcome = await runWrite(dir, gh, 'pull-request')
    expect(outcome).toMatchObject({ ok: false, state: 'terminal_no_commit' })
    expect(await gh.count('createPull')).toBe(1)
  })

  it('unknown → resolve-effect committed <id> adopts the one that landed', async () => {
    await gh.fault('createComment', { kind: 'late-commit', answer: 'error', commitAfterMs: 1000 })
    expect(await runWrite(dir, gh, 'comment')).toMatchObject({ state: 'unknown' })
    const state = await gh.settled()
    const landed = state.comments[0]!
    const applied = await resolveEffect(
      {
        namespace: NS,
        operation_id: opId('comment'),
        answer: { kind: 'committed', release_id: String(landed.id) },
        by: 'octocat',
        writer: null
      },
      writeDeps(dir, gh)
    )
    expect(applied).toMatchObject({ outcome: 'applied', state: 'terminal_committed' })
    const after = await runWrite(dir, gh, 'comment')
    expect(after).toMatchObject({
      ok: true,
      sent: false,
      id: String(landed.id),
      url: landed.html_url
    })
  })
})
