/**
 * docs/design/effects.md `kind: release` through the fake GitHub API (its own process, real HTTP, GitHub's
 * shapes) with every fault mode of §14, and the git origin for the release's tag.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { effect } from '../../src/commands/effect.js'
import { protectTags, start, type FakeGitHub } from '../../testkit/fakeGitHub/client.js'
import { requestViolations, responseViolations } from '../../testkit/fakeGitHub/openapiCheck.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { cloneOf, held, tagCount, tagRequest, workspace } from '../support/effects.js'
import { marked, RELEASE_OP, releaseDeps, releaseRequest } from '../support/releases.js'
import { cleanupRepos, git } from '../support/repo.js'

let gh: FakeGitHub
let origin: Awaited<ReturnType<typeof makeBareRemote>>
let dir: string
let head: string
// One fake for the file, reset between tests; it knows the origin's directory, so it would
// create a missing tag for a published release as GitHub does (the product must never let it).
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
  await gh.configure({ originDir: origin.dir })
  ;({ dir, head } = await workspace(origin.url))
})
afterEach(async () => {
  // Every request the product sent, and every answer, as GitHub's description says.
  const exchanges = await gh.exchanges()
  expect(requestViolations(exchanges)).toEqual([])
  expect(responseViolations(exchanges)).toEqual([])
  expect((await gh.state()).tagsCreatedByReleases).toEqual([])
  await origin.cleanup()
})

const run = async (options: { draft?: boolean; name?: string; in?: string } = {}) =>
  effect(
    releaseRequest(head, options),
    releaseDeps(options.in ?? (await cloneOf(origin.url, dir)), gh)
  )

describe('published release', () => {
  it('creates the tag through the tag protocol, then one release read back as ours', async () => {
    const outcome = await run({ in: dir })
    expect(outcome).toMatchObject({ ok: true, sent: true, state: 'terminal_committed' })
    expect(outcome.tag_operation).toMatchObject({ ok: true, operation_id: `${RELEASE_OP}/tag` })
    expect(await tagCount(origin.dir)).toBe(1)
    expect((await held(origin.dir, tagRequest(head, { id: `${RELEASE_OP}/tag` }))).state).toBe(
      'terminal_committed'
    )
    const ours = await marked(gh)
    expect(ours).toHaveLength(1)
    expect(String(ours[0]!.id)).toBe(outcome.release_id)
    expect(ours[0]!.body).toContain(`<!-- dispatch-ledger operation: ${RELEASE_OP} intent: sha256:`)
    expect(outcome.chain.map(e => e.value.state)).toEqual([
      'prepared',
      'may_have_been_sent',
      'observed',
      'terminal_committed'
    ])
  })

  it('an exact repeat after terminal_committed sends nothing', async () => {
    await run({ in: dir })
    await gh.resetCounts()
    expect(await run()).toMatchObject({ ok: true, sent: false })
    expect(await gh.count('createRelease')).toBe(0)
  })

  it('the same operation id with another intent is refused and nothing is sent', async () => {
    await run({ in: dir })
    await gh.resetCounts()
    expect(await run({ name: 'renamed' })).toMatchObject({
      ok: false,
      next: 'refuse_intent',
      sent: false
    })
    expect(await gh.count('createRelease')).toBe(0)
  })

  it.each([
    // [fault, creates sent: 1 = found by tag, 2 = re-sent under the fence]
    ['commit then 500', { kind: 'commit-then-error', status: 500 }, 1],
    ['commit then a dropped connection', { kind: 'commit-then-drop' }, 1],
    ['a late commit after a 500', { kind: 'late-commit', answer: 'error', commitAfterMs: 300 }, 2],
    ['a late commit after a drop', { kind: 'late-commit', answer: 'drop', commitAfterMs: 300 }, 2],
    ['500 without a commit', { kind: 'error', status: 502 }, 2]
  ] as const)('%s → exactly one published release with our marker', async (_n, fault, sends) => {
    await gh.fault('createRelease', fault)
    const outcome = await run({ in: dir })
    expect(outcome).toMatchObject({ ok: true, state: 'terminal_committed' })
    const ours = await marked(gh)
    expect(ours).toHaveLength(1)
    expect(ours.filter(r => !r.draft)).toHaveLength(1)
    expect(String(ours[0]!.id)).toBe(outcome.release_id)
    expect(await gh.count('createRelease')).toBe(sends)
    expect(outcome.chain.filter(e => e.value.state === 'may_have_been_sent')).toHaveLength(sends)
  })

  it('a create that hangs past the timeout and commits late → one published release', async () => {
    await gh.fault('createRelease', { kind: 'late-commit', answer: 'hang', commitAfterMs: 200 })
    // A 1 s bound on each request: the hung create is abandoned (ambiguous), then looked up.
    const outcome = await effect(releaseRequest(head), releaseDeps(dir, gh, 1000))
    expect(outcome).toMatchObject({ ok: true, state: 'terminal_committed' })
    expect(
      outcome.chain.filter(e => e.value.state === 'may_have_been_sent').length
    ).toBeLessThanOrEqual(2)
    expect(await marked(gh)).toHaveLength(1)
  })

  it("another actor's published release on the tag → conflict, nothing of ours created", async () => {
    await git(dir, 'push', '-q', 'origin', `${head}:refs/heads/main`)
    await gh.addRelease({ tag_name: 'v1.2.3', body: 'made by hand', draft: false })
    const outcome = await run({ in: dir })
    expect(outcome).toMatchObject({ ok: false, next: 'conflict', state: 'conflict' })
    expect(await marked(gh)).toHaveLength(0)
    await gh.resetCounts()
    expect(await run()).toMatchObject({ next: 'conflict', sent: false })
    expect(await gh.count('createRelease')).toBe(0)
  })

  it('the tag exists on another commit → conflict before anything is sent', async () => {
    await git(dir, 'commit', '-q', '--allow-empty', '-m', 'later')
    await git(dir, 'tag', '-a', '-m', 'by hand', 'v1.2.3')
    await git(dir, 'push', '-q', 'origin', 'refs/tags/v1.2.3')
    const outcome = await run({ in: dir })
    expect(outcome).toMatchObject({ ok: false, next: 'conflict', state: 'conflict', sent: false })
    expect(outcome.reason).toMatch(/exists on [0-9a-f]{40}, not on the target/)
    expect(await gh.count('createRelease')).toBe(0)
  })

  // An annotated tag on the origin is read through its peeled line (ls-remote gives that line
  // only when asked for it), else the tag object's id passes for the commit: a conflict.
  it.each([
    ['lightweight', [] as string[]],
    ['annotated', ['-a', '-m', 'by hand']]
  ])(
    'the tag already exists on the target (%s, made by hand): the release uses it',
    async (_kind, how) => {
      await git(dir, 'tag', ...how, 'v1.2.3', head)
      await git(dir, 'push', '-q', 'origin', 'refs/tags/v1.2.3')
      const outcome = await run({ in: dir })
      expect(outcome).toMatchObject({ ok: true, tag_operation: null })
      expect(await marked(gh)).toHaveLength(1)
    }
  )

  it('a protected tag (ruleset GH013): the tag is refused, no release is sent', async () => {
    await protectTags(origin.dir, ['v*'])
    const outcome = await run({ in: dir })
    expect(outcome).toMatchObject({ ok: false, next: 'stop', state: 'prepared', sent: false })
    expect(outcome.tag_operation).toMatchObject({ state: 'prepared', next: 'stop' })
    expect(outcome.reason).toMatch(/could not be created.*nothing was sent/)
    expect(await gh.count('createRelease')).toBe(0)
    expect(await tagCount(origin.dir)).toBe(0)
  })

  it('a definite refusal (403) of the only send ends terminal_no_commit', async () => {
    await gh.fault('createRelease', { kind: 'refuse', status: 403 })
    const outcome = await run({ in: dir })
    expect(outcome).toMatchObject({ ok: false, state: 'terminal_no_commit', next: 'not_committed' })
    expect(await marked(gh)).toHaveLength(0)
  })
})

describe('draft release', () => {
  it('created (201) → read back → committed', async () => {
    expect(await run({ in: dir, draft: true })).toMatchObject({
      ok: true,
      state: 'terminal_committed'
    })
    expect(await marked(gh)).toHaveLength(1)
  })

  it.each([
    ['commit then 500', { kind: 'commit-then-error', status: 500 }],
    ['commit then a dropped connection', { kind: 'commit-then-drop' }]
  ] as const)('%s → found by listing every release (drafts too) → committed', async (_n, fault) => {
    await gh.fault('createRelease', fault)
    expect(await run({ in: dir, draft: true })).toMatchObject({
      ok: true,
      state: 'terminal_committed'
    })
    expect(await marked(gh)).toHaveLength(1)
    expect(await gh.count('createRelease')).toBe(1)
  })

  it('a late commit that cannot be found → unknown; every later effect refused; no second draft', async () => {
    await gh.fault('createRelease', { kind: 'late-commit', answer: 'error', commitAfterMs: 1500 })
    const outcome = await run({ in: dir, draft: true })
    expect(outcome).toMatchObject({ ok: false, state: 'unknown', next: 'unknown', sent: true })
    expect(await gh.count('createRelease')).toBe(1)
    // The late commit lands: one draft, ours. Time passing changes nothing in the journal.
    expect(await marked(gh)).toHaveLength(1)
    await gh.resetCounts()
    for (let i = 0; i < 2; i++)
      expect(await run({ draft: true })).toMatchObject({
        ok: false,
        next: 'refuse_unknown',
        sent: false
      })
    expect(await gh.count('createRelease')).toBe(0)
  })

  it('several drafts carrying our marker → conflict', async () => {
    const request = releaseRequest(head, { draft: true })
    await gh.fault('createRelease', { kind: 'commit-then-error', status: 500 })
    // Someone copied our body (marker and all) into another draft.
    const body = (await import('../../src/core/effect/artifacts.js')).bodyWithMarker(
      request.release_body,
      RELEASE_OP,
      (await import('../../src/core/effect/operation.js')).intentDigest(request.intent)
    )
    await gh.addRelease({ tag_name: 'v1.2.3', body, draft: true })
    expect(await run({ in: dir, draft: true })).toMatchObject({ ok: false, state: 'conflict' })
  })
})
