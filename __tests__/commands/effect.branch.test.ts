/**
 * docs/design/effects.md#agent-writes `kind: branch`: a new branch at a commit, by the tag
 * protocol — the branch (create-only) and the operation's `terminal_committed` record in one
 * atomic push to a bare origin (over smart HTTP, so an answer can be lost after the server
 * committed). Ours is the branch at our target commit; another commit is a conflict.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { effect } from '../../src/commands/effect.js'
import { effectRequestFrom, type EffectCommandOptions } from '../../src/core/effect/request.js'
import { InvalidInput } from '../../src/core/errors.js'
import { startGitHttpServer, type GitHttpServer } from '../../testkit/gitHttpServer.js'
import {
  cloneOf,
  KillingGit,
  NS,
  slowHook,
  stepWriter,
  storeFor,
  workspace
} from '../support/effects.js'
import { cleanupRepos, git, refsUnder } from '../support/repo.js'

afterAll(cleanupRepos)

const BRANCH = 'agent/issue-7'
let server: GitHttpServer
let dir: string
let head: string
beforeEach(async () => {
  server = await startGitHttpServer()
  ;({ dir, head } = await workspace(server.url))
})
afterEach(async () => server.close())

const request = (over: Partial<EffectCommandOptions> = {}) =>
  effectRequestFrom({
    namespace: NS,
    kind: 'branch',
    tag: '',
    target: head,
    default_target: '',
    message: '',
    release_name: '',
    release_body: '',
    draft: false,
    prerelease: false,
    branch: BRANCH,
    operation_id: '',
    run_id: 'gh-501-f282f34c55fc',
    repository_id: '123456789',
    writer: null,
    ...over
  })
const run = async (from?: string, over: Partial<EffectCommandOptions> = {}) =>
  effect(request(over), storeFor(from ?? (await cloneOf(server.url, dir))))
const branchAt = async (): Promise<string | null> =>
  (
    await git(server.bareDir, 'for-each-ref', '--format=%(objectname)', `refs/heads/${BRANCH}`)
  ).trim() || null

describe('kind: branch', () => {
  it('one atomic push makes the branch and its committed record; a repeat pushes nothing', async () => {
    const outcome = await run(dir)
    expect(outcome).toMatchObject({ ok: true, sent: true, state: 'terminal_committed', id: head })
    expect(outcome.operation_id).toBe(`gh-501-f282f34c55fc/branch/${BRANCH}`)
    expect(outcome.chain.map(e => e.value.state)).toEqual(['prepared', 'terminal_committed'])
    expect(await branchAt()).toBe(head)
    server.resetCounts()
    expect(await run()).toMatchObject({ ok: true, sent: false, id: head })
    expect(server.counts().pushes).toBe(0)
  })

  it('the answer lost after the server committed → the lookup adopts it, no second push', async () => {
    await run(dir, { branch: 'warm-up', operation_id: 'warm-up' })
    server.dropAfterPush(1)
    const pushes = server.counts().pushes
    const outcome = await run()
    expect(outcome).toMatchObject({ ok: true, state: 'terminal_committed' })
    expect(await branchAt()).toBe(head)
    expect(server.counts().pushes - pushes).toBe(2) // the prepared record, then the atomic push
  })

  it.each([
    ['killed before the push reached the server: the next step pushes again, once', 'spawn'],
    ['killed while the server was mid-push: the next step adopts it or pushes it once', 'hook']
  ] as const)('%s', async (_n, when) => {
    const marker = await slowHook(server.bareDir)
    // Push 1 writes the prepared record; push 2 is the atomic branch push.
    const killing = new KillingGit(dir, { push: 2, when, marker })
    await expect(effect(request(), storeFor(dir, { git: killing }))).rejects.toThrow(/killed/)
    await new Promise(resolve => setTimeout(resolve, 1500))
    const rerun = await run()
    expect(rerun).toMatchObject({ ok: true, state: 'terminal_committed', id: head })
    // Mid-push, the server may finish the push or drop it with its client: either way, one.
    if (when === 'spawn') expect(rerun.sent).toBe(true)
    expect(await branchAt()).toBe(head)
  })

  it('the branch exists on another commit → conflict; it is left as it was', async () => {
    await git(dir, 'commit', '-q', '--allow-empty', '-m', 'theirs')
    const theirs = (await git(dir, 'rev-parse', 'HEAD')).trim()
    await git(dir, 'push', '-q', 'origin', `${theirs}:refs/heads/${BRANCH}`)
    const outcome = await run()
    // The create-only push was refused (the branch exists): nothing of this step's was sent.
    expect(outcome).toMatchObject({ ok: false, next: 'conflict', state: 'conflict', sent: false })
    expect(await branchAt()).toBe(theirs)
    expect(await run()).toMatchObject({ next: 'conflict', sent: false })
  })

  it('the same operation id at another commit fails before anything is pushed', async () => {
    await run(dir)
    await git(dir, 'commit', '-q', '--allow-empty', '-m', 'later')
    const later = (await git(dir, 'rev-parse', 'HEAD')).trim()
    server.resetCounts()
    expect(await run(dir, { target: later })).toMatchObject({ next: 'refuse_intent', sent: false })
    expect(server.counts().pushes).toBe(0)
    expect(await branchAt()).toBe(head)
  })

  it('16 concurrent steps for one operation: one branch, one step sent it, every step reports it', async () => {
    const clones = await Promise.all(Array.from({ length: 16 }, () => cloneOf(server.url, dir)))
    server.resetCounts()
    // Each step a workflow run of its own, as concurrent deliveries are.
    const outcomes = await Promise.all(
      clones.map((clone, i) => effect(request({ writer: stepWriter(i) }), storeFor(clone)))
    )
    expect(outcomes.every(o => o.ok && o.id === head)).toBe(true)
    // Only the push that made the branch was sent; a push whose lease was refused (the record
    // moved, or the branch exists) made nothing and says so.
    expect(outcomes.filter(o => o.sent)).toHaveLength(1)
    // Each step pushes at most its prepared record and one branch push: none is repeated.
    const { pushes } = server.counts()
    expect(pushes).toBeGreaterThanOrEqual(2)
    expect(pushes).toBeLessThanOrEqual(2 * clones.length)
    expect(await branchAt()).toBe(head)
    expect(Object.keys(await refsUnder(server.bareDir, 'refs/heads/'))).toEqual([
      `refs/heads/${BRANCH}`
    ])
  })

  it.each([['HEAD'], ['refs/heads/x'], ['tags/v1'], ['-x'], ['a..b'], ['']])(
    'the branch name %j is refused before anything is written',
    async name => {
      expect(() => request({ branch: name })).toThrow(InvalidInput)
      expect(await refsUnder(server.bareDir, 'refs/')).toEqual({})
    }
  )
})
