/**
 * `/ledger resolve-effect` as a command (plain values): the only way out of `unknown`.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { systemClock } from '../../src/commands/deps.js'
import { effect } from '../../src/commands/effect.js'
import { operate } from '../../src/commands/operate.js'
import { Git } from '../../src/store/git.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import { parseEffectAnswer, resolveEffect } from '../../src/commands/resolveEffect.js'
import { InvalidInput } from '../../src/core/errors.js'
import { start, type FakeGitHub } from '../../testkit/fakeGitHub/client.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { NS, workspace } from '../support/effects.js'
import { gatewayFor, marked, RELEASE_OP, releaseDeps, releaseRequest } from '../support/releases.js'
import { commentEvent } from '../support/operator.js'
import { cleanupRepos } from '../support/repo.js'

afterAll(cleanupRepos)

describe('parseEffectAnswer', () => {
  it.each([
    [['committed', '123'], { kind: 'committed', release_id: '123' }],
    [['not-committed'], { kind: 'not_committed' }]
  ])('%j', (args, answer) => expect(parseEffectAnswer(args)).toEqual(answer))
  it.each([[[]], [['committed']], [['committed', 'abc']], [['not-committed', 'x']], [['yes']]])(
    '%j is refused with the grammar',
    args => {
      expect(() => parseEffectAnswer(args)).toThrow(InvalidInput)
      expect(() => parseEffectAnswer(args)).toThrow(/committed <release id>.*not-committed/)
    }
  )
})

describe('resolveEffect against an unknown draft', () => {
  let gh: FakeGitHub
  let origin: Awaited<ReturnType<typeof makeBareRemote>>
  let dir: string
  let head: string
  beforeEach(async () => {
    ;[gh, origin] = await Promise.all([start(), makeBareRemote()])
    ;({ dir, head } = await workspace(origin.url))
    await gh.fault('createRelease', { kind: 'late-commit', answer: 'error', commitAfterMs: 1200 })
    const held = await effect(releaseRequest(head, { draft: true }), releaseDeps(dir, gh))
    expect(held.state).toBe('unknown')
  })
  afterEach(async () => {
    await gh.stop()
    await origin.cleanup()
  })
  const resolve = (answer: Parameters<typeof resolveEffect>[0]['answer'], by = 'octocat') =>
    resolveEffect(
      { namespace: NS, operation_id: RELEASE_OP, answer, by, writer: null },
      releaseDeps(dir, gh)
    )

  it('committed <id>: applied once; effect then reports it and sends nothing', async () => {
    const [draft] = await marked(gh)
    const id = String(draft!.id)
    const applied = await resolve({ kind: 'committed', release_id: id })
    expect(applied).toMatchObject({ outcome: 'applied', state: 'terminal_committed' })
    expect(applied.chain.at(-1)!.value.resolution).toEqual({ answer: 'committed', by: 'octocat' })
    const again = await resolve({ kind: 'committed', release_id: id }, 'hubot')
    expect(again).toMatchObject({ outcome: 'duplicate' })
    expect(again.chain).toHaveLength(applied.chain.length)
    const other = await resolve({ kind: 'not_committed' })
    expect(other).toMatchObject({ outcome: 'conflict' })
    expect(other.chain).toHaveLength(applied.chain.length)
    await gh.resetCounts()
    const after = await effect(releaseRequest(head, { draft: true }), releaseDeps(dir, gh))
    expect(after).toMatchObject({ ok: true, sent: false, release_id: id })
    expect(await gh.count('createRelease')).toBe(0)
  })

  it('not-committed: the operation ends terminal_no_commit by an operator, never by time', async () => {
    const applied = await resolve({ kind: 'not_committed' })
    expect(applied).toMatchObject({ outcome: 'applied', state: 'terminal_no_commit' })
    await gh.resetCounts()
    const after = await effect(releaseRequest(head, { draft: true }), releaseDeps(dir, gh))
    expect(after).toMatchObject({ ok: false, next: 'not_committed', sent: false })
    expect(await gh.count('createRelease')).toBe(0)
  })

  it('a release id that does not exist is rejected and nothing is written', async () => {
    const rejected = await resolve({ kind: 'committed', release_id: '999' })
    expect(rejected).toMatchObject({ outcome: 'rejected', state: 'unknown' })
  })

  /**
   * An operator's comment through `command: operate`, as the operator workflow runs it: with
   * the job's token, so its author (alice, a member with write) is checked on the fake too.
   */
  const say = async (body: string) => {
    await gh.configure({ users: { alice: { id: 501, permission: 'write' } } })
    return operate(
      {
        eventName: 'issue_comment',
        payload: commentEvent(body),
        namespace: NS,
        prefix: '/ledger',
        policy: { operators: 'MEMBER', permission: 'write', bots: '' },
        reply: false,
        writer: null
      },
      {
        store: new RemoteStore(new Git(dir), 'origin'),
        clock: systemClock,
        github: gatewayFor(gh)
      }
    )
  }

  it('through `command: operate`: the comment settles it once, a second answer conflicts', async () => {
    const [draft] = await marked(gh)
    const applied = await say(`/ledger resolve-effect ${RELEASE_OP} committed ${draft!.id}`)
    expect(applied).toMatchObject({
      verb: 'resolve-effect',
      outcome: 'applied',
      settled_outcome: 'terminal_committed'
    })
    const other = await say(`/ledger resolve-effect ${RELEASE_OP} not-committed`)
    expect(other).toMatchObject({ outcome: 'conflict', settled_outcome: 'terminal_committed' })
    const unknownId = await say(`/ledger resolve-effect ${RELEASE_OP} committed 999`)
    expect(unknownId.outcome).toBe('conflict')
    await gh.resetCounts()
    const after = await effect(releaseRequest(head, { draft: true }), releaseDeps(dir, gh))
    expect(after).toMatchObject({ ok: true, sent: false, release_id: String(draft!.id) })
    expect(await gh.count('createRelease')).toBe(0)
  })

  it('through `command: operate`: a release id that does not exist writes nothing', async () => {
    const refused = await say(`/ledger resolve-effect ${RELEASE_OP} committed 999`)
    expect(refused).toMatchObject({ outcome: 'noop', settled_outcome: 'unknown' })
    const held = await effect(releaseRequest(head, { draft: true }), releaseDeps(dir, gh))
    expect(held.state).toBe('unknown')
  })

  it('an operation that does not exist is rejected', async () => {
    const missing = await resolveEffect(
      {
        namespace: NS,
        operation_id: 'no-such-op',
        answer: { kind: 'not_committed' },
        by: 'o',
        writer: null
      },
      releaseDeps(dir, gh)
    )
    expect(missing).toMatchObject({ outcome: 'rejected', state: null })
  })
})
