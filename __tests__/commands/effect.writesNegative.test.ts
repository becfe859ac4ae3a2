/**
 * NEGATIVE CONTROL for docs/design/effects.md#agent-writes. The same command with one row of the
 * decision table changed — "a lookup found nothing, so nothing was created: send again" — is
 * caught under a create that commits late, after the lookup: two comments, two issues carry
 * the operation's marker. The real table (effect.writes.test.ts) ends `unknown` with exactly
 * one. A pull request cannot show it: GitHub's fence refuses the second open one.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, jest } from '@jest/globals'
import * as actual from '../../src/core/effect/decide.js'
import type { EffectContext } from '../../src/core/effect/decide.js'
import type { LookupOutcome } from '../../src/core/send/outcome.js'
import { MAX_SENDS_PER_STEP } from '../../src/core/send/protocol.js'

jest.unstable_mockModule('../../src/core/effect/decide.js', () => ({
  ...actual,
  afterLookup: (ctx: EffectContext, lookup: LookupOutcome) =>
    lookup.kind === 'unknown' && ctx.sendsThisStep < MAX_SENDS_PER_STEP
      ? { next: 'send', record: null, reason: 'BROKEN: not found, so not created' }
      : actual.afterLookup(ctx, lookup)
}))

const { start } = await import('../../testkit/fakeGitHub/client.js')
const { makeBareRemote } = await import('../../testkit/gitHttpServer.js')
const { workspace } = await import('../support/effects.js')
const { cleanupRepos } = await import('../support/repo.js')
const { KINDS, marked, runWrite, writeRequest } = await import('../support/writes.js')

let gh: Awaited<ReturnType<typeof start>>
let origin: Awaited<ReturnType<typeof makeBareRemote>>
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
})
afterEach(async () => origin.cleanup())

it.each(['comment', 'issue'] as const)(
  '%s: "not found → not created" makes two under a late commit',
  async kind => {
    const { dir } = await workspace(origin.url)
    await gh.fault(KINDS[kind].create, {
      kind: 'late-commit',
      answer: 'error',
      commitAfterMs: 1500
    })
    const outcome = await runWrite(dir, gh, kind)
    // The broken variant even reports success...
    expect(outcome).toMatchObject({ ok: true, state: 'terminal_committed' })
    // ...while GitHub now holds two for one operation.
    expect(await marked(gh, kind, writeRequest(kind).operation_id)).toHaveLength(2)
    expect(await gh.count(KINDS[kind].create)).toBe(2)
  }
)

it('a pull request cannot show it: GitHub refuses the second open one', async () => {
  const { dir } = await workspace(origin.url)
  await gh.fault('createPull', { kind: 'late-commit', answer: 'error', commitAfterMs: 300 })
  await runWrite(dir, gh, 'pull-request')
  expect(await marked(gh, 'pull-request', writeRequest('pull-request').operation_id)).toHaveLength(
    1
  )
})
