/**
 * The fake GitHub API's operator routes (permission, reactions, comments, cancel) and release
 * routes (GitHub's one-published-release-per-tag fence, drafts without one, tags created by a
 * release, tag protection), and the receiver mode that runs a test's own command.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { protectTags, type FakeGitHub } from '../../testkit/fakeGitHub/client.ts'
import { fakesPerTest } from '../support/fakeGitHub.ts'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { cleanupRepos, git, makeRepo } from '../support/repo.js'

const REPO = '/repos/octo-org/octo-repo'
const RELEASES = `${REPO}/releases`

/** A fake for one test: the shared one, reset, unless the test needs its own options. */
const fake = fakesPerTest()
afterAll(cleanupRepos)

type Body = Record<string, unknown>
const idOf = (reply: { body: unknown }) => (reply.body as { id: number }).id

describe('operator routes', () => {
  it('collaborator permission: configured roles, legacy permission names, unknown users none', async () => {
    const gh = await fake({
      users: {
        alice: { permission: 'admin' },
        mia: { permission: 'maintain' },
        tom: { permission: 'triage' },
        wes: { permission: 'write' }
      }
    })
    const ask = async (login: string) =>
      (await gh.request('GET', `${REPO}/collaborators/${login}/permission`)).body as Body
    expect(await ask('alice')).toMatchObject({ permission: 'admin', role_name: 'admin' })
    expect(await ask('mia')).toMatchObject({ permission: 'write', role_name: 'maintain' })
    expect(await ask('tom')).toMatchObject({ permission: 'read', role_name: 'triage' })
    expect(await ask('wes')).toMatchObject({
      permission: 'write',
      user: { login: 'wes', permissions: { push: true, maintain: false } }
    })
    expect(await ask('stranger')).toMatchObject({ permission: 'none', role_name: 'none' })
    await gh.configure({ users: { stranger: { permission: 'write' } } })
    expect(await ask('stranger')).toMatchObject({ permission: 'write' })
  })

  it('comments are made by the token’s user; reactions: 201 new, 200 the same again, 422 unknown', async () => {
    const gh = await fake({ tokens: { 'tok-bot': 'ledger-bot[bot]', 'tok-amy': 'amy' } })
    const seeded = await gh.addComment({
      issue_number: 7,
      body: '/ledger approve gh-1-abc',
      user: 'amy',
      author_association: 'MEMBER'
    })
    expect(seeded).toMatchObject({ body: '/ledger approve gh-1-abc', author_association: 'MEMBER' })
    const react = (content: string, token = 'tok-bot') =>
      gh.request('POST', `${REPO}/issues/comments/${seeded.id}/reactions`, {
        body: { content },
        token
      })
    const first = await react('+1')
    expect(first.status).toBe(201)
    const again = await react('+1')
    expect(again.status).toBe(200)
    expect(idOf(again)).toBe(idOf(first))
    expect((await react('confused')).status).toBe(201)
    expect((await react('+1', 'tok-amy')).status).toBe(201)
    expect((await react('thumbs-up')).status).toBe(422)
    const reply = await gh.request('POST', `${REPO}/issues/7/comments`, {
      body: { body: 'applied' },
      token: 'tok-bot'
    })
    expect(reply.status).toBe(201)
    expect(reply.body).toMatchObject({
      body: 'applied',
      user: { login: 'ledger-bot[bot]', type: 'Bot' }
    })
    const state = await gh.state()
    expect(state.reactions.map(r => [r.comment_id, r.content, r.user?.login])).toEqual([
      [seeded.id, '+1', 'ledger-bot[bot]'],
      [seeded.id, 'confused', 'ledger-bot[bot]'],
      [seeded.id, '+1', 'amy']
    ])
    expect(state.comments.map(c => c.body)).toEqual(['/ledger approve gh-1-abc', 'applied'])
  })

  it('cancel: 202 for a run not completed, 409 once completed, 404 unknown; faults decide the commit', async () => {
    const gh = await fake()
    const cancel = (id: number | bigint) =>
      gh.request('POST', `${REPO}/actions/runs/${String(id)}/cancel`)
    const run = await gh.addRun({ status: 'in_progress', conclusion: null })
    await gh.fault('cancelRun', { kind: 'error' }, { kind: 'commit-then-error' })
    expect((await cancel(run.id)).status).toBe(500)
    expect((await gh.state()).runs[0]).toMatchObject({ status: 'in_progress' })
    expect((await cancel(run.id)).status).toBe(500)
    expect((await gh.state()).runs[0]).toMatchObject({
      status: 'completed',
      conclusion: 'cancelled'
    })
    expect((await cancel(run.id)).status).toBe(409)
    expect((await cancel(5)).status).toBe(404)
    const other = await gh.addRun({ status: 'queued', conclusion: null })
    expect((await cancel(other.id)).status).toBe(202)
    expect((await gh.state()).cancels).toEqual([
      { run_id: run.id, status: 202 },
      { run_id: run.id, status: 409 },
      { run_id: other.id, status: 202 }
    ])
    expect(await gh.count('cancelRun')).toBe(5)
  })
})

describe('releases', () => {
  const create = (gh: FakeGitHub, body: Body) => gh.request('POST', RELEASES, { body })

  it('a second published release for one tag is 422 already_exists; drafts have no fence', async () => {
    const gh = await fake()
    expect((await create(gh, { tag_name: 'v1', body: 'ours' })).status).toBe(201)
    const second = await create(gh, { tag_name: 'v1', body: 'again' })
    expect(second).toMatchObject({
      status: 422,
      body: {
        message: 'Validation Failed',
        errors: [{ resource: 'Release', code: 'already_exists', field: 'tag_name' }]
      }
    })
    expect((await create(gh, { tag_name: 'v2', draft: true })).status).toBe(201)
    expect((await create(gh, { tag_name: 'v2', draft: true })).status).toBe(201)
    // Drafts do not hold the tag: one published release still may, and then only one.
    expect((await create(gh, { tag_name: 'v2' })).status).toBe(201)
    expect((await create(gh, { tag_name: 'v2' })).status).toBe(422)
    const releases = (await gh.state()).releases
    expect(releases.map(r => [r.tag_name, r.draft])).toEqual([
      ['v1', false],
      ['v2', true],
      ['v2', true],
      ['v2', false]
    ])
    expect(releases.filter(r => r.draft).every(r => r.published_at === null)).toBe(true)
  })

  it('lookups: by tag published only, by id drafts too, the list holds drafts, newest first', async () => {
    const gh = await fake()
    const draft = await create(gh, { tag_name: 'v3', draft: true, body: 'marker' })
    expect((await gh.request('GET', `${RELEASES}/tags/v3`)).status).toBe(404)
    expect((await gh.request('GET', `${RELEASES}/${idOf(draft)}`)).body).toMatchObject({
      draft: true,
      body: 'marker'
    })
    const published = await create(gh, { tag_name: 'v3' })
    expect(idOf(await gh.request('GET', `${RELEASES}/tags/v3`))).toBe(idOf(published))
    const list = (await gh.request('GET', RELEASES)).body as Body[]
    expect(list.map(r => r.id)).toEqual([idOf(published), idOf(draft)])
    const page = await gh.request('GET', `${RELEASES}?per_page=1&page=1`)
    expect(page.headers.link).toContain('rel="next"')
    expect((await gh.request('GET', `${RELEASES}/77`)).status).toBe(404)
  })

  it('faults: a committed create answered 500 exists; the re-send meets the fence', async () => {
    const gh = await fake()
    await gh.fault('createRelease', { kind: 'commit-then-error' })
    expect((await create(gh, { tag_name: 'v4' })).status).toBe(500)
    expect((await create(gh, { tag_name: 'v4' })).status).toBe(422)
    await gh.fault('createRelease', { kind: 'commit-then-drop' })
    await expect(create(gh, { tag_name: 'v5' })).rejects.toThrow(/socket hang up/)
    expect((await gh.request('GET', `${RELEASES}/tags/v5`)).status).toBe(200)
    expect((await gh.state()).releases).toHaveLength(2)
  })

  it('a late published commit is judged at commit time: the fence refuses it after another', async () => {
    const gh = await fake()
    await gh.fault('createRelease', { kind: 'late-commit', answer: 'error', commitAfterMs: 500 })
    expect((await create(gh, { tag_name: 'v6', body: 'first' })).status).toBe(500)
    expect((await gh.request('GET', `${RELEASES}/tags/v6`)).status).toBe(404)
    // "Not found, so not created": send again. The fence keeps one published release anyway.
    expect((await create(gh, { tag_name: 'v6', body: 'second' })).status).toBe(201)
    const state = await gh.settled()
    expect(state.releases.map(r => r.body)).toEqual(['second'])
    const [late] = await gh.exchanges()
    expect(late).toMatchObject({ committed: true, outcome: 500 })
  })

  it('negative control: a draft re-sent after "not found" under a late commit makes two drafts', async () => {
    const gh = await fake()
    await gh.fault('createRelease', { kind: 'late-commit', answer: 'drop', commitAfterMs: 300 })
    await expect(create(gh, { tag_name: 'v7', draft: true })).rejects.toThrow(/socket hang up/)
    const seen = (await gh.request('GET', RELEASES)).body as Body[]
    expect(seen).toHaveLength(0)
    expect((await create(gh, { tag_name: 'v7', draft: true })).status).toBe(201)
    expect((await gh.settled()).releases.filter(r => r.tag_name === 'v7')).toHaveLength(2)
  })

  it('another actor’s release is there for lookups and for the fence', async () => {
    const gh = await fake()
    const theirs = await gh.addRelease({ tag_name: 'v8', body: 'not ours', author: 'mallory' })
    expect(theirs).toMatchObject({ tag_name: 'v8', author: { login: 'mallory' }, draft: false })
    expect((await create(gh, { tag_name: 'v8' })).status).toBe(422)
    expect((await gh.request('GET', `${RELEASES}/tags/v8`)).body).toMatchObject({
      body: 'not ours'
    })
    expect(await gh.count('createRelease')).toBe(1) // addRelease is not an API request
  })

  it('with the origin on disk: a missing tag is created on the target, protected or unknown refused', async () => {
    const remote = await makeBareRemote()
    try {
      const work = await makeRepo()
      await git(work, 'commit', '-q', '--allow-empty', '-m', 'c1')
      await git(work, 'tag', 'v10')
      await git(work, 'push', '-q', remote.url, 'main', 'v10')
      const main = (await git(work, 'rev-parse', 'HEAD')).trim()
      await protectTags(remote.dir, ['locked-*'])
      const gh = await fake({ originDir: remote.dir })
      expect((await create(gh, { tag_name: 'v10' })).status).toBe(201)
      expect((await create(gh, { tag_name: 'v11', draft: true })).status).toBe(201)
      expect((await create(gh, { tag_name: 'v12', target_commitish: 'main' })).status).toBe(201)
      expect((await create(gh, { tag_name: 'locked-1' })).body).toMatchObject({
        errors: [{ code: 'custom', field: 'tag_name' }]
      })
      expect((await create(gh, { tag_name: 'v13', target_commitish: 'nope' })).body).toMatchObject({
        errors: [{ code: 'invalid', field: 'target_commitish' }]
      })
      expect((await create(gh, { tag_name: 'bad..name' })).status).toBe(422)
      expect((await gh.state()).tagsCreatedByReleases).toEqual(['v12'])
      expect((await git(remote.dir, 'rev-parse', 'refs/tags/v12')).trim()).toBe(main)
      expect(await git(remote.dir, 'tag', '--list')).toBe('v10\nv12\n')
    } finally {
      await remote.cleanup()
    }
  })

  it('tag protection refuses a push that creates a matching tag, with GitHub’s ruleset message', async () => {
    const remote = await makeBareRemote()
    try {
      await protectTags(remote.dir, ['v*'])
      const work = await makeRepo()
      await git(work, 'commit', '-q', '--allow-empty', '-m', 'c1')
      await git(work, 'tag', 'v1')
      await git(work, 'tag', 'other')
      await git(work, 'push', '-q', remote.url, 'main', 'other')
      const refused = git(work, 'push', remote.url, 'v1')
      await expect(refused).rejects.toThrow(
        /GH013: Repository rule violations found for refs\/tags\/v1/
      )
      expect(await git(remote.dir, 'tag', '--list')).toBe('other\n')
    } finally {
      await remote.cleanup()
    }
  })
})

describe("receiver mode 'command'", () => {
  it('runs the test’s receiver with the job environment; its result file says whether it worked', async () => {
    const remote = await makeBareRemote()
    try {
      // Works only on its first attempt: the record must follow what the command reports.
      const script = [
        "const fs = require('node:fs')",
        'const e = process.env',
        "const event = JSON.parse(fs.readFileSync(e.GITHUB_EVENT_PATH, 'utf8'))",
        'const seen = { run: e.GITHUB_RUN_ID, attempt: e.GITHUB_RUN_ATTEMPT, cwd: process.cwd(),',
        '  workspace: e.GITHUB_WORKSPACE, origin: e.FAKE_GITHUB_ORIGIN, workflow: event.workflow,',
        '  key: event.inputs.dispatch_key, repo: event.repository.full_name, api: e.GITHUB_API_URL,',
        '  files: fs.readdirSync(process.cwd()).length }',
        'console.log(JSON.stringify(seen))',
        "fs.writeFileSync(e.FAKE_GITHUB_RECEIVER_RESULT, JSON.stringify({ working: e.GITHUB_RUN_ATTEMPT === '1' }))"
      ].join('\n')
      const gh = await fake({
        origin: remote.url,
        receiver: { mode: 'command', command: [process.execPath, '-e', script] }
      })
      const reply = await gh.request('POST', `${REPO}/actions/workflows/recv.yml/dispatches`, {
        body: { ref: 'main', inputs: { dispatch_key: 'k/a1' }, return_run_details: true }
      })
      const runId = (reply.body as { workflow_run_id: number }).workflow_run_id
      const [receiver] = await gh.working()
      const seen = JSON.parse(receiver?.command?.stdout ?? '{}') as Body
      expect(seen).toEqual({
        run: String(runId),
        attempt: '1',
        cwd: receiver?.workspace,
        workspace: receiver?.workspace,
        origin: remote.url,
        workflow: '.github/workflows/recv.yml',
        key: 'k/a1',
        repo: 'octo-org/octo-repo',
        api: gh.url,
        files: 0
      })
      await gh.setRun(runId, { conclusion: 'failure' })
      await gh.request('POST', `${REPO}/actions/runs/${runId}/rerun-failed-jobs`)
      const state = await gh.settled()
      expect(state.receivers.map(r => [r.run_attempt, r.working])).toEqual([
        [1, true],
        [2, false]
      ])
    } finally {
      await remote.cleanup()
    }
  })
})
