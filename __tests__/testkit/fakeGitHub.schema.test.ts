/**
 * The fake GitHub API speaks GitHub's published description: every route it serves is a path
 * and method of `@octokit/openapi` (api.github.com), and every answer it gives — successes,
 * GitHub's own refusals and the fault answers — validates against that route's response schema.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { start, ROUTES, type FakeGitHub } from '../../testkit/fakeGitHub/client.ts'
import {
  description,
  operationFor,
  requestViolations,
  responseViolations
} from '../../testkit/fakeGitHub/openapiCheck.ts'
import type { Exchange } from '../../testkit/fakeGitHub/types.ts'

const REPO = '/repos/octo-org/octo-repo'

describe('routes', () => {
  it('every route the fake serves is in the api.github.com description', () => {
    const missing = Object.values(ROUTES).filter(key => operationFor(key) === undefined)
    expect(missing).toEqual([])
    expect(description().doc.info.version).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it('the dispatch route documents return_run_details and its 200 answer', () => {
    const op = operationFor(ROUTES.dispatch) as unknown as {
      requestBody: { content: { 'application/json': { schema: { properties: object } } } }
      responses: Record<string, unknown>
    }
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties)).toContain(
      'return_run_details'
    )
    expect(Object.keys(op.responses).sort()).toEqual(['200', '204'])
  })
})

describe('every answer validates against its response schema', () => {
  let gh: FakeGitHub
  beforeAll(async () => {
    gh = await start({ users: { alice: { permission: 'maintain' }, bob: { permission: 'read' } } })
  })
  afterAll(async () => gh.stop())

  it('successes, refusals and fault answers on every route', async () => {
    const call = gh.request
    const dispatches = `${REPO}/actions/workflows/deploy.yml/dispatches`
    // dispatch: 204, 200 with run details, GitHub's 422 and 404, fault answers
    expect((await call('POST', dispatches, { body: { ref: 'main' } })).status).toBe(204)
    const details = await call('POST', dispatches, {
      body: { ref: 'main', inputs: { dispatch_key: 'k' }, return_run_details: true }
    })
    expect(details.status).toBe(200)
    expect((await call('POST', dispatches, { body: {} })).status).toBe(422)
    expect(
      (await call('POST', `${REPO}/actions/workflows/123/dispatches`, { body: { ref: 'main' } }))
        .status
    ).toBe(404)
    expect((await call('POST', dispatches, { body: { ref: 'main' }, token: null })).status).toBe(
      401
    )
    expect(
      (
        await call('POST', '/repos/other/repo/actions/workflows/deploy.yml/dispatches', {
          body: { ref: 'main' }
        })
      ).status
    ).toBe(404)
    await gh.fault(
      'dispatch',
      { kind: 'commit-then-error' },
      { kind: 'error', status: 503 },
      { kind: 'refuse', status: 403 },
      { kind: 'refuse', status: 422 },
      { kind: 'error', status: 429 },
      { kind: 'duplicate' }
    )
    for (const status of [500, 503, 403, 422, 429, 204])
      expect((await call('POST', dispatches, { body: { ref: 'main' } })).status).toBe(status)

    // runs
    const runId = (details.body as { workflow_run_id: number }).workflow_run_id
    expect((await call('GET', `${REPO}/actions/runs/${runId}`)).status).toBe(200)
    expect((await call('GET', `${REPO}/actions/runs/999`)).status).toBe(404)
    const page = await call('GET', `${REPO}/actions/runs?per_page=2&event=workflow_dispatch`)
    expect(page.status).toBe(200)
    expect(page.headers.link).toContain('rel="next"')
    expect(
      (await call('GET', `${REPO}/actions/workflows/deploy.yml/runs?status=success`)).status
    ).toBe(200)
    const failed = await gh.addRun({ workflow: 'coordinator.yml', conclusion: 'failure' })
    expect((await call('POST', `${REPO}/actions/runs/${failed.id}/rerun-failed-jobs`)).status).toBe(
      201
    )
    // now queued again: GitHub refuses a second re-run of a run that is not completed
    expect((await call('POST', `${REPO}/actions/runs/${failed.id}/rerun-failed-jobs`)).status).toBe(
      403
    )
    expect((await call('POST', `${REPO}/actions/runs/${failed.id}/cancel`)).status).toBe(202)
    expect((await call('POST', `${REPO}/actions/runs/${failed.id}/cancel`)).status).toBe(409)
    expect((await call('GET', REPO)).status).toBe(200)

    // operator routes
    for (const user of ['alice', 'bob', 'nobody'])
      expect((await call('GET', `${REPO}/collaborators/${user}/permission`)).status).toBe(200)
    const comment = await call('POST', `${REPO}/issues/42/comments`, { body: { body: 'hello' } })
    expect(comment.status).toBe(201)
    expect((await call('POST', `${REPO}/issues/42/comments`, { body: {} })).status).toBe(422)
    const reactions = `${REPO}/issues/comments/${(comment.body as { id: number }).id}/reactions`
    expect((await call('POST', reactions, { body: { content: '+1' } })).status).toBe(201)
    expect((await call('POST', reactions, { body: { content: '+1' } })).status).toBe(200)
    expect((await call('POST', reactions, { body: { content: 'thumbs' } })).status).toBe(422)

    // releases: published, the fence, drafts, lookups
    const releases = `${REPO}/releases`
    const v1 = await call('POST', releases, { body: { tag_name: 'v1', name: 'one', body: 'b' } })
    expect(v1.status).toBe(201)
    expect((await call('POST', releases, { body: { tag_name: 'v1' } })).status).toBe(422)
    expect((await call('POST', releases, { body: { tag_name: 'v2', draft: true } })).status).toBe(
      201
    )
    expect((await call('POST', releases, { body: {} })).status).toBe(422)
    expect((await call('GET', `${releases}?per_page=1`)).status).toBe(200)
    expect((await call('GET', `${releases}/tags/v1`)).status).toBe(200)
    expect((await call('GET', `${releases}/tags/v2`)).status).toBe(404)
    expect((await call('GET', `${releases}/${(v1.body as { id: number }).id}`)).status).toBe(200)
    expect((await call('GET', `${releases}/1`)).status).toBe(404)
    await gh.fault('createRelease', { kind: 'refuse', status: 404, echoToken: true })
    expect((await call('POST', releases, { body: { tag_name: 'v3' } })).status).toBe(404)

    // writes: pull requests and GitHub's fence on a second open one, issues (which list pull
    // requests too), an issue's comments; each listing paginated
    const pulls = `${REPO}/pulls`
    const pr = { head: 'agent/one', base: 'main', title: 'One', body: 'b', draft: true }
    expect((await call('POST', pulls, { body: pr })).status).toBe(201)
    const second = await call('POST', pulls, { body: { ...pr, title: 'Two' } })
    expect(second.status).toBe(422)
    expect((second.body as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({
        code: 'custom',
        message: 'A pull request already exists for octo-org:agent/one.'
      })
    ])
    expect((await call('POST', pulls, { body: { head: 'x' } })).status).toBe(422)
    await gh.addPull({ head: 'agent/two', base: 'main', state: 'closed' })
    const byHead = await call('GET', `${pulls}?head=octo-org:agent/one&base=main&state=all`)
    expect((byHead.body as unknown[]).length).toBe(1)
    // A bare branch does not filter (only owner:branch does); the default is open ones.
    expect((await call('GET', `${pulls}?head=agent/two`)).body as unknown[]).toHaveLength(1)
    expect((await call('GET', `${pulls}?state=all&per_page=1`)).headers.link).toContain('next')
    const issues = `${REPO}/issues`
    const issue = { title: 'Bug', body: 'b', labels: ['bug'] }
    expect((await call('POST', issues, { body: issue })).status).toBe(201)
    expect((await call('POST', issues, { body: { body: 'no title' } })).status).toBe(422)
    const listed = await call('GET', `${issues}?state=all&per_page=2`)
    expect(listed.headers.link).toContain('rel="next"')
    expect((await call('GET', `${issues}?state=all`)).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ pull_request: expect.any(Object) })])
    )
    const comments = `${REPO}/issues/42/comments`
    expect((await call('GET', `${comments}?since=2000-01-01T00:00:00Z&per_page=1`)).status).toBe(
      200
    )
    expect((await call('GET', `${comments}?since=2999-01-01T00:00:00Z`)).body).toEqual([])

    await gh.settled()
    const exchanges = await gh.exchanges()
    // Every route was answered with a success at least once, so every success schema was used.
    const succeeded = new Set(
      exchanges.filter(e => typeof e.outcome === 'number' && e.outcome < 300).map(e => e.route)
    )
    expect(Object.values(ROUTES).filter(key => !succeeded.has(key))).toEqual([])
    expect(responseViolations(exchanges)).toEqual([])
  })
})

describe('the check can fail', () => {
  const exchange = (over: Partial<Exchange>): Exchange => ({
    seq: 1,
    route: ROUTES.getRun,
    name: 'getRun',
    method: 'GET',
    path: '/x',
    fault: 'ok',
    outcome: 200,
    committed: false,
    requestBody: undefined,
    ...over
  })

  it('reports a run without its id, a release id as a string, an undocumented success, a body on 204', async () => {
    const gh = await start()
    try {
      const ok = await gh.request('POST', `${REPO}/actions/workflows/a.yml/dispatches`, {
        body: { ref: 'main', return_run_details: true }
      })
      const run = (
        await gh.request(
          'GET',
          `${REPO}/actions/runs/${(ok.body as { workflow_run_id: number }).workflow_run_id}`
        )
      ).body as Record<string, unknown>
      const release = (await gh.request('POST', `${REPO}/releases`, { body: { tag_name: 'v9' } }))
        .body as Record<string, unknown>
      expect(responseViolations([exchange({ responseBody: run })])).toEqual([])
      const noId = { ...run }
      delete noId.id
      const problems = responseViolations([
        exchange({ seq: 1, responseBody: noId }),
        exchange({
          seq: 2,
          route: ROUTES.getRelease,
          responseBody: { ...release, id: String(release.id) }
        }),
        exchange({ seq: 3, outcome: 202, responseBody: run }),
        exchange({ seq: 4, route: ROUTES.dispatch, outcome: 204, responseBody: {} }),
        exchange({ seq: 5, route: ROUTES.dispatch, outcome: 500, responseBody: { message: 5 } })
      ])
      expect(problems.map(p => [p.seq, p.problem])).toEqual([
        [1, expect.stringContaining("must have required property 'id'")],
        [2, expect.stringContaining('/id must be integer')],
        [3, expect.stringContaining('documents no 202')],
        [4, 'a body where none is documented'],
        [5, expect.stringContaining('/message must be string')]
      ])
    } finally {
      await gh.stop()
    }
  })
})

describe('request bodies against the description', () => {
  it('what a client sends is checked: valid bodies pass, a missing ref or tag, a bad reaction fail', async () => {
    const gh = await start()
    try {
      const send = (path: string, body?: unknown) => gh.request('POST', `${REPO}${path}`, { body })
      await send('/actions/workflows/a.yml/dispatches', {
        ref: 'main',
        inputs: { dispatch_key: 'k' },
        return_run_details: true
      })
      await send('/releases', { tag_name: 'v1', name: 'one', body: 'b', draft: true })
      await send('/issues/1/comments', { body: 'hi' })
      await send('/pulls', { head: 'a', base: 'main', title: 't', body: 'b', draft: false })
      await send('/issues', { title: 't', body: 'b', labels: ['x'] })
      await send('/issues/comments/5/reactions', { content: 'eyes' })
      await send('/actions/runs/1/cancel')
      expect(requestViolations(await gh.exchanges())).toEqual([])
      await gh.reset()
      await gh.fault('dispatch', { kind: 'ok' })
      await send('/actions/workflows/a.yml/dispatches', { inputs: {} })
      await send('/releases', { name: 'no tag', draft: 'yes' })
      await send('/issues/comments/5/reactions', { content: 'thumbs' })
      await send('/actions/runs/1/cancel', { reason: 'x' })
      await send('/issues/1/comments')
      await gh.request('GET', `${REPO}/nothing`)
      expect((await requestViolations(await gh.exchanges())).map(v => [v.seq, v.problem])).toEqual([
        [1, expect.stringContaining("must have required property 'ref'")],
        [2, expect.stringMatching(/required property 'tag_name'.*draft must be boolean/)],
        [3, expect.stringContaining('must be equal to one of the allowed values')],
        [4, 'a body where none is documented'],
        [5, 'no body where one is required'],
        [6, expect.stringContaining('is no route of the fake')]
      ])
    } finally {
      await gh.stop()
    }
  })
})
