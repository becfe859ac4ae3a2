/**
 * NEGATIVE CONTROL for docs/design/effects.md's draft rule. The same command with one row of the decision
 * table changed — "a lookup found nothing, so nothing was created: send again" — is caught
 * under the late-commit fault: two drafts carry the operation's marker. The real table (in
 * effect.release.test.ts) ends `unknown` with exactly one.
 */
import { afterAll, afterEach, beforeEach, expect, it, jest } from '@jest/globals'
import * as actual from '../../src/core/effect/decide.js'
import type { EffectContext } from '../../src/core/effect/decide.js'
import type { LookupOutcome } from '../../src/core/send/outcome.js'
import { MAX_SENDS_PER_STEP } from '../../src/core/send/protocol.js'

// A draft's lookup that finds nothing answers `unknown` (no fence): the broken row sends again.
jest.unstable_mockModule('../../src/core/effect/decide.js', () => ({
  ...actual,
  afterLookup: (ctx: EffectContext, lookup: LookupOutcome) =>
    lookup.kind === 'unknown' && ctx.sendsThisStep < MAX_SENDS_PER_STEP
      ? { next: 'send', record: null, reason: 'BROKEN: not found, so not created' }
      : actual.afterLookup(ctx, lookup)
}))

const { effect } = await import('../../src/commands/effect.js')
const { start } = await import('../../testkit/fakeGitHub/client.js')
const { makeBareRemote } = await import('../../testkit/gitHttpServer.js')
const { workspace } = await import('../support/effects.js')
const { marked, releaseDeps, releaseRequest } = await import('../support/releases.js')
const { cleanupRepos } = await import('../support/repo.js')

afterAll(cleanupRepos)
let gh: Awaited<ReturnType<typeof start>>
let origin: Awaited<ReturnType<typeof makeBareRemote>>
beforeEach(async () => {
  ;[gh, origin] = await Promise.all([start(), makeBareRemote()])
})
afterEach(async () => {
  await gh.stop()
  await origin.cleanup()
})

it('"not found → not created" makes two drafts under a late commit', async () => {
  const { dir, head } = await workspace(origin.url)
  await gh.fault('createRelease', { kind: 'late-commit', answer: 'error', commitAfterMs: 1500 })
  const outcome = await effect(releaseRequest(head, { draft: true }), releaseDeps(dir, gh))
  // The broken variant even reports success...
  expect(outcome).toMatchObject({ ok: true, state: 'terminal_committed' })
  // ...while GitHub now holds two drafts for one operation.
  expect(await marked(gh)).toHaveLength(2)
  expect(await gh.count('createRelease')).toBe(2)
})

it('published releases cannot show it: GitHub refuses the second one', async () => {
  const { dir, head } = await workspace(origin.url)
  await gh.fault('createRelease', { kind: 'late-commit', answer: 'error', commitAfterMs: 300 })
  await effect(releaseRequest(head), releaseDeps(dir, gh))
  expect(await marked(gh)).toHaveLength(1)
})
