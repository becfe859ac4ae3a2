/**
 * `command: operate` through the bundled action against the fake GitHub API (docs/design/operators.md, docs/development.md#the-fake-github-api):
 * the permission API, reactions, the reply and cancelling the provider's workflow run, with
 * real octokit over HTTP. Nothing here mocks octokit.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import { runAction } from '../../scripts/runner.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { start, type FakeGitHub } from '../../testkit/fakeGitHub/client.ts'
import { responseViolations } from '../../testkit/fakeGitHub/openapiCheck.ts'
import { startGitHttpServer, type GitHttpServer } from '../../testkit/gitHttpServer.js'
import { commentEvent, NS, runIn, type CommentOptions } from '../support/operator.js'
import { cleanupRepos, git, makeRepo, makeTempDir, refsUnder } from '../support/repo.js'

const RUN = 'gh-501-f282f34c55fc'

let gh: FakeGitHub
beforeAll(async () => {
  gh = await start({
    users: {
      alice: { id: 501, permission: 'write' },
      reader: { id: 502, permission: 'read' },
      triager: { id: 503, permission: 'triage' },
      maintainer: { id: 504, permission: 'maintain' },
      'helper[bot]': { id: 505, type: 'Bot', permission: 'admin' }
    }
  })
})
afterEach(async () => {
  expect(responseViolations(await gh.exchanges())).toEqual([])
  await gh.reset()
})
afterAll(async () => {
  await gh.stop()
  await cleanupRepos()
})

/** An origin (bare, or served over smart HTTP) holding RUN in `situation`, and a clone. */
async function checkout(
  situation: string,
  options: { http?: GitHttpServer; workflowRunId?: number } = {}
) {
  const bare = options.http?.bareDir ?? (await makeRepo({ bare: true }))
  const seed = await makeRepo()
  const ledger = await runIn(new LocalStore(new Git(seed)), RUN, situation, options)
  await git(seed, 'push', '-q', bare, `+${NS}/*:${NS}/*`)
  const workspace = join(await makeTempDir(), 'ws')
  await git(seed, 'clone', '-q', options.http?.url ?? bare, workspace)
  return { bare, ledger, workspace }
}

function operateIn(
  workspace: string,
  body: string,
  comment: CommentOptions = {},
  with_: Record<string, string> = {}
) {
  const event = commentEvent(body, comment)
  return {
    event,
    result: runAction({
      workspace,
      eventName: 'issue_comment',
      event,
      runId: 700,
      env: { ...gh.env },
      action: 'operate',
      with: { remote: 'origin', token: gh.token, ...with_ }
    })
  }
}

describe('authorization through the permission API', () => {
  it.each([
    ['alice', 'write', 'applied'],
    ['maintainer', 'maintain', 'applied'],
    ['triager', 'triage', 'rejected'],
    ['reader', 'read', 'rejected'],
    ['stranger', 'none', 'rejected']
  ])('%s (%s) → %s', async (login, _level, outcome) => {
    const { bare, ledger, workspace } = await checkout('awaiting')
    const before = await refsUnder(bare)
    const { event, result } = operateIn(workspace, `/ledger approve ${RUN}`, { login })
    const run = await result
    expect(run.code).toBe(0)
    expect(run.outputs.outcome).toBe(outcome)
    expect(await gh.count('getPermission')).toBe(1)
    const state = await gh.state()
    expect(state.reactions.map(r => [r.comment_id, r.content])).toEqual([
      [event.comment.id, outcome === 'applied' ? '+1' : '-1']
    ])
    expect(state.comments).toHaveLength(1)
    if (outcome === 'applied') {
      expect((await refsUnder(bare))[ledger]).not.toBe(before[ledger])
      expect(state.comments[0]?.body).toContain('done')
    } else {
      expect(await refsUnder(bare)).toEqual(before) // nothing written
      expect(run.outputs.recorded).toBe('false')
      expect(state.comments[0]?.body).toMatch(/refused/)
      expect(state.comments[0]?.body).toMatch(/operating needs at least write/)
    }
  })

  it('a bot is refused without asking the API, unless named in operator-bots', async () => {
    const { bare, workspace } = await checkout('awaiting')
    const before = await refsUnder(bare)
    const bot = { login: 'helper[bot]', type: 'Bot', association: 'NONE' }
    const refused = await operateIn(workspace, `/ledger approve ${RUN}`, bot).result
    expect(refused.outputs.outcome).toBe('rejected')
    expect(await gh.count('getPermission')).toBe(0)
    expect((await gh.state()).reactions.map(r => r.content)).toEqual(['-1'])
    expect(await refsUnder(bare)).toEqual(before)
    const named = await operateIn(workspace, `/ledger approve ${RUN}`, bot, {
      'operator-bots': 'helper[bot]'
    }).result
    expect(named.outputs.outcome).toBe('applied')
  })

  it('a permission API failure refuses (fail closed)', async () => {
    const { bare, workspace } = await checkout('awaiting')
    const before = await refsUnder(bare)
    await gh.fault('getPermission', { kind: 'error' })
    const run = await operateIn(workspace, `/ledger approve ${RUN}`).result
    expect(run.outputs.outcome).toBe('rejected')
    expect(await refsUnder(bare)).toEqual(before)
  })
})

describe('reactions and the reply', () => {
  it('duplicate +1, conflict confused, reply false posts no comment', async () => {
    const { workspace } = await checkout('awaiting')
    await operateIn(workspace, `/ledger deny ${RUN} not now`).result
    const again = operateIn(workspace, `/ledger deny ${RUN}`, {}, { reply: 'false' })
    expect((await again.result).outputs).toMatchObject({
      outcome: 'duplicate',
      settled_outcome: 'rejected'
    })
    const approve = operateIn(workspace, `/ledger approve ${RUN}`)
    expect((await approve.result).outputs).toMatchObject({
      outcome: 'conflict',
      settled_outcome: 'rejected'
    })
    const state = await gh.state()
    expect(state.reactions.map(r => [r.comment_id, r.content])).toEqual([
      [expect.any(Number), '+1'],
      [again.event.comment.id, '+1'],
      [approve.event.comment.id, 'confused']
    ])
    expect(state.comments).toHaveLength(2) // the duplicate asked for no reply
    expect(state.comments[1]?.body).toMatch(/conflict/)
  })

  // docs/design/operators.md "one reply comment": a redelivered comment (same id, same URL) was answered when
  // it was first executed; another comment with the same answer is a new comment and answered.
  it('a redelivered comment gets its reaction again but no second reply', async () => {
    const { workspace } = await checkout('awaiting')
    const first = operateIn(workspace, `/ledger approve ${RUN}`)
    expect((await first.result).outputs.outcome).toBe('applied')
    const again = await operateIn(workspace, `/ledger approve ${RUN}`, {
      id: first.event.comment.id
    }).result
    expect(again.outputs).toMatchObject({ outcome: 'duplicate', settled_outcome: 'approved' })
    expect(again.summary).toContain('this comment was answered when it was first executed')
    expect((await gh.state()).comments).toHaveLength(1)
    // Negative control: a second person's comment with the same answer gets its own reply.
    const other = operateIn(workspace, `/ledger approve ${RUN}`, { login: 'maintainer' })
    expect((await other.result).outputs.outcome).toBe('duplicate')
    const state = await gh.state()
    expect(state.comments).toHaveLength(2)
    // GitHub keeps one reaction per user and content: the redelivery's POST finds it.
    expect(await gh.count('createReaction')).toBe(3)
    expect(state.reactions.map(r => [r.comment_id, r.content])).toEqual([
      [first.event.comment.id, '+1'],
      [other.event.comment.id, '+1']
    ])
  })

  it('comments that are not commands get no reaction and no reply', async () => {
    const { workspace } = await checkout('awaiting')
    const run = await operateIn(workspace, 'Thanks, looks good!').result
    expect(run.outputs).toMatchObject({ outcome: 'noop', verb: '' })
    expect(await gh.counts()).toEqual({})
  })

  it('the reply shows comment text only inside code spans', async () => {
    const { workspace } = await checkout('awaiting')
    const hostile = '@octo-org/admins<img/src=x>[x](https://e.example)`'
    await operateIn(workspace, `/ledger approve ${hostile}`).result
    const [reply] = (await gh.state()).comments
    expect(reply?.body).toContain('There is no run')
    // Every occurrence of the hostile text sits between the fences of one code span.
    expect(reply?.body).not.toMatch(/(^|[^`] )@octo-org/m)
    expect(reply?.body).toContain('`` ')
    for (const line of (reply?.body ?? '').split('\n').filter(l => l.includes('<img')))
      expect(line).toMatch(/``[^`].*<img.*[^`]``/)
  })
})

describe('cancel always stops the provider run', () => {
  let http: GitHttpServer
  beforeAll(async () => {
    http = await startGitHttpServer()
  })
  afterAll(async () => http.close())
  afterEach(() => http.refuseWrites(false))

  it('origin refuses writes (403): the workflow run is still cancelled, outcome unrecorded', async () => {
    const provider = await gh.addRun({ status: 'in_progress', conclusion: null })
    const { bare, ledger, workspace } = await checkout('dispatched_submitted', {
      http,
      workflowRunId: Number(provider.id)
    })
    const before = await refsUnder(bare)
    http.refuseWrites(true)
    const run = await operateIn(workspace, `/ledger cancel ${RUN} stop it`).result
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ verb: 'cancel', outcome: 'unrecorded', recorded: 'false' })
    expect(run.stdout).toMatch(/::warning::.*NOT recorded in the ledger/)
    expect(run.stdout).toMatch(/contents: write/)
    const state = await gh.state()
    expect(state.cancels).toEqual([{ run_id: provider.id, status: 202 }])
    expect(state.runs.find(r => r.id === provider.id)?.conclusion).toBe('cancelled')
    expect(state.reactions.map(r => r.content)).toEqual(['confused'])
    expect(state.comments[0]?.body).toMatch(/could not be written \(unrecorded\)/)
    expect(await refsUnder(bare)).toEqual(before)
    expect(before[ledger]).toBeDefined()
  })

  it('negative control: origin accepting writes → applied, cancelled record and provider cancel', async () => {
    const provider = await gh.addRun({ status: 'in_progress', conclusion: null })
    const { workspace } = await checkout('dispatched_submitted', {
      http,
      workflowRunId: Number(provider.id)
    })
    const run = await operateIn(workspace, `/ledger cancel ${RUN}`).result
    expect(run.outputs).toMatchObject({
      outcome: 'applied',
      state: 'cancelled',
      settled_outcome: 'cancelled'
    })
    expect((await gh.state()).cancels).toEqual([{ run_id: provider.id, status: 202 }])
    // A second cancel is a duplicate, and asks the provider again (409: already finished).
    const again = await operateIn(workspace, `/ledger cancel ${RUN}`, { login: 'alice' }).result
    expect(again.outputs.outcome).toBe('duplicate')
    expect((await gh.state()).cancels.map(c => c.status)).toEqual([202, 409])
  })
})
