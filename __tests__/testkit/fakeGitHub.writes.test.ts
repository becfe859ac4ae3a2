/**
 * The fake GitHub API's pull request, issue and comment-listing routes behave as GitHub does
 * where `effect` depends on it: the 422 for a second open pull request (judged when a create
 * commits, so a late commit meets it too), the listings' filters and pages, and with the
 * origin known, a missing head or no commits between the branches refused.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { fakesPerTest } from '../support/fakeGitHub.ts'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { cleanupRepos, git, makeRepo } from '../support/repo.js'

const REPO = '/repos/octo-org/octo-repo'
const fake = fakesPerTest()
afterAll(cleanupRepos)

type Item = { number: number; state: string; body: string | null; pull_request?: unknown }
const PR = { head: 'agent/one', base: 'main', title: 'One' }

describe('pull requests', () => {
  it('a second open one for a head and base is 422 custom; a closed one fences nothing', async () => {
    const gh = await fake()
    const pulls = `${REPO}/pulls`
    expect((await gh.request('POST', pulls, { body: PR })).status).toBe(201)
    const second = await gh.request('POST', pulls, { body: PR })
    expect(second).toMatchObject({
      status: 422,
      body: {
        message: 'Validation Failed',
        errors: [
          {
            resource: 'PullRequest',
            code: 'custom',
            message: 'A pull request already exists for octo-org:agent/one.'
          }
        ]
      }
    })
    // Into another base, or from a head whose only pull request is closed: accepted.
    expect((await gh.request('POST', pulls, { body: { ...PR, base: 'dev' } })).status).toBe(201)
    await gh.addPull({ head: 'agent/two', base: 'main', state: 'closed' })
    expect(
      (await gh.request('POST', pulls, { body: { ...PR, head: 'octo-org:agent/two' } })).status
    ).toBe(201)
  })

  it('a create that commits late meets the fence as it is when it commits', async () => {
    const gh = await fake()
    await gh.fault('createPull', { kind: 'late-commit', answer: 'error', commitAfterMs: 500 })
    expect((await gh.request('POST', `${REPO}/pulls`, { body: PR })).status).toBe(500)
    expect((await gh.request('POST', `${REPO}/pulls`, { body: PR })).status).toBe(201)
    const state = await gh.settled()
    expect(state.pulls).toHaveLength(1)
  })

  it('GET ?head= filters only as <owner>:<branch>; state defaults to open; base filters', async () => {
    const gh = await fake()
    await gh.addPull({ head: 'a', base: 'main' })
    await gh.addPull({ head: 'b', base: 'main', state: 'closed' })
    await gh.addPull({ head: 'a', base: 'dev' })
    const list = async (query: string) =>
      ((await gh.request('GET', `${REPO}/pulls?${query}`)).body as Item[]).length
    expect(await list('')).toBe(2)
    expect(await list('state=all')).toBe(3)
    expect(await list('head=b&state=all')).toBe(3)
    expect(await list('head=octo-org:b&state=all')).toBe(1)
    expect(await list('head=octo-org:a&base=main')).toBe(1)
  })

  it('with the origin known: a missing head, or no commits between the branches, is a 422', async () => {
    const origin = await makeBareRemote()
    const gh = await fake({ originDir: origin.dir })
    const work = await makeRepo()
    await git(work, 'commit', '-q', '--allow-empty', '-m', 'base')
    await git(work, 'push', '-q', origin.url, 'HEAD:refs/heads/main', 'HEAD:refs/heads/same')
    await git(work, 'commit', '-q', '--allow-empty', '-m', 'work')
    await git(work, 'push', '-q', origin.url, 'HEAD:refs/heads/agent/one')
    const create = (head: string) => gh.request('POST', `${REPO}/pulls`, { body: { ...PR, head } })
    expect(await create('missing')).toMatchObject({
      status: 422,
      body: { errors: [{ field: 'head', code: 'invalid' }] }
    })
    expect(await create('same')).toMatchObject({
      status: 422,
      body: { errors: [{ code: 'custom', message: 'No commits between main and same' }] }
    })
    expect((await create('agent/one')).status).toBe(201)
    await origin.cleanup()
  })
})

describe('issues and comments', () => {
  it('the issue list defaults to open, includes pull requests, and `since` is updated-since', async () => {
    const gh = await fake()
    await gh.addIssue({ title: 'open' })
    await gh.addIssue({ title: 'closed', state: 'closed' })
    await gh.addPull({ head: 'a', base: 'main' })
    const list = async (query: string) =>
      (await gh.request('GET', `${REPO}/issues?${query}`)).body as Item[]
    expect((await list('')).map(i => i.state)).toEqual(['open', 'open'])
    expect(await list('state=all')).toHaveLength(3)
    expect((await list('state=all')).filter(i => i.pull_request)).toHaveLength(1)
    expect(await list('state=all&since=2999-01-01T00:00:00Z')).toEqual([])
    expect(await list('state=all&since=2000-01-01T00:00:00Z')).toHaveLength(3)
  })

  it('issue numbers and pull request numbers share one sequence', async () => {
    const gh = await fake()
    const issue = await gh.request('POST', `${REPO}/issues`, { body: { title: 'x' } })
    const pull = await gh.request('POST', `${REPO}/pulls`, { body: PR })
    expect((pull.body as Item).number).toBe((issue.body as Item).number + 1)
  })

  it("an issue's comments: oldest first, every page linked, `since` filtering", async () => {
    const gh = await fake()
    for (let i = 0; i < 5; i++) await gh.addComment({ issue_number: 3, body: `c${i}`, user: 'u' })
    await gh.addComment({ issue_number: 4, body: 'elsewhere', user: 'u' })
    const first = await gh.request('GET', `${REPO}/issues/3/comments?per_page=2`)
    expect((first.body as Item[]).map(c => c.body)).toEqual(['c0', 'c1'])
    expect(first.headers.link).toMatch(/page=2>; rel="next".*page=3>; rel="last"/)
    const last = await gh.request('GET', `${REPO}/issues/3/comments?per_page=2&page=3`)
    expect((last.body as Item[]).map(c => c.body)).toEqual(['c4'])
    expect(
      (await gh.request('GET', `${REPO}/issues/3/comments?since=2999-01-01T00:00:00Z`)).body
    ).toEqual([])
  })
})
