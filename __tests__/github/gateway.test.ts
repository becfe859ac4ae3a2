/**
 * The gateway's hot path (src/github/rest.ts: a dispatch, a re-run, a workflow run's lookup
 * with the platform's fetch) against the fake GitHub API over HTTP, beside the octokit path a
 * proxied runner takes: under every fault mode of the dispatch POST, both send one request
 * and are classified alike, and neither lets the token reach what it returns.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { expandRoute, proxyConfigured } from '../../src/github/rest.js'
import { GitHubGateway } from '../../src/github/gateway.js'
import { classifyWorkflowDispatch, type HttpObservation } from '../../src/core/send/outcome.js'
import { classifyReceiver } from '../../src/core/observation.js'
import { start, type FakeGitHub, type Fault } from '../../testkit/fakeGitHub/client.ts'
import { responseViolations } from '../../testkit/fakeGitHub/openapiCheck.ts'

let gh: FakeGitHub
beforeAll(async () => {
  gh = await start()
})
afterEach(async () => {
  await gh.settled(30000)
  expect(responseViolations(await gh.exchanges())).toEqual([])
  await gh.reset()
})
afterAll(async () => {
  await gh?.stop()
})

const PATHS = [
  ['fetch', false],
  ['octokit (a proxy is configured)', true]
] as const

function gateway(proxied: boolean, options: { timeoutSeconds?: number } = {}): GitHubGateway {
  return new GitHubGateway({
    token: gh.token,
    apiUrl: gh.env.GITHUB_API_URL,
    repository: gh.env.GITHUB_REPOSITORY,
    timeoutSeconds: options.timeoutSeconds ?? 10,
    proxied
  })
}

const dispatch = (g: GitHubGateway): Promise<HttpObservation> =>
  g.dispatchWorkflow({ workflow: 'agent.yml', ref: 'main', inputs: { dispatch_key: 'k' } })

const FAULTS: Array<[string, Fault | null, string]> = [
  ['no fault', null, 'submitted'],
  ['commit, then 500', { kind: 'commit-then-error' }, 'ambiguous'],
  ['commit, then the connection drops', { kind: 'commit-then-drop' }, 'ambiguous'],
  ['429 without commit', { kind: 'error', status: 429 }, 'ambiguous'],
  [
    'late commit after a hang',
    { kind: 'late-commit', answer: 'hang', hangMaxMs: 4000 },
    'ambiguous'
  ],
  ['a refusal (422)', { kind: 'refuse', status: 422 }, 'refused'],
  ['a refusal (403)', { kind: 'refuse', status: 403 }, 'refused']
]

describe('the dispatch POST under every fault mode, by fetch and by octokit', () => {
  it.each(
    FAULTS.flatMap(([name, fault, kind]) =>
      PATHS.map(([path, proxied]) => [name, path, kind, fault, proxied] as const)
    )
  )('%s (%s): one request, classified %s', async (_name, _path, kind, fault, proxied) => {
    if (fault) await gh.fault('dispatch', fault)
    const answer = await dispatch(gateway(proxied, { timeoutSeconds: 1 }))
    expect(classifyWorkflowDispatch(answer).kind).toBe(kind)
    expect(await gh.count('dispatch')).toBe(1)
    expect(JSON.stringify(answer)).not.toContain(gh.token)
  })

  it.each(PATHS)('the run details of a 200 come back as ids (%s)', async (_path, proxied) => {
    const outcome = classifyWorkflowDispatch(await dispatch(gateway(proxied)))
    expect(outcome).toMatchObject({ kind: 'submitted' })
    const ids = (outcome as { external_ids: Record<string, string> }).external_ids
    expect(ids.workflow_run_id).toMatch(/^\d+$/)
    expect((await gh.state()).dispatches).toHaveLength(1)
  })

  it.each(PATHS)('a token echoed in an error body is scrubbed (%s)', async (_path, proxied) => {
    await gh.fault('dispatch', { kind: 'error', status: 500, echoToken: true })
    const answer = await dispatch(gateway(proxied))
    expect('status' in answer && answer.status).toBe(500)
    expect(JSON.stringify(answer)).not.toContain(gh.token)
    expect(JSON.stringify(answer)).toContain('***')
  })

  it('both paths observe the same answer for the same request', async () => {
    const byFetch = await gateway(false).getWorkflowRun('999999')
    const byOctokit = await gateway(true).getWorkflowRun('999999')
    expect(byFetch).toEqual(byOctokit)
    expect('status' in byFetch && byFetch.status).toBe(404)
  })
})

describe("a workflow run's lookup", () => {
  it.each(PATHS)('a concluded run reads as concluded (%s)', async (_path, proxied) => {
    const run = await gh.addRun({ status: 'completed', conclusion: 'success' })
    const answer = await gateway(proxied).getWorkflowRun(String(run.id))
    expect('status' in answer && answer.status).toBe(200)
    const body = (answer as { body: { status: string; conclusion: string | null } }).body
    expect(classifyReceiver(body)).toEqual({ kind: 'succeeded' })
  })
})

describe('expandRoute', () => {
  it('fills path parameters as single encoded segments, the rest is the JSON body of a POST', () => {
    expect(
      expandRoute(
        'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
        { owner: 'o', repo: 'r', workflow_id: 'a b/../c.yml', ref: 'main', inputs: { x: '1' } },
        'http://h:1/api/'
      )
    ).toEqual({
      method: 'POST',
      url: 'http://h:1/api/repos/o/r/actions/workflows/a%20b%2F..%2Fc.yml/dispatches',
      body: JSON.stringify({ ref: 'main', inputs: { x: '1' } })
    })
  })

  it('the rest of a GET is its query, and no body is sent', () => {
    expect(
      expandRoute(
        'GET /repos/{owner}/{repo}/actions/runs/{run_id}',
        { owner: 'o', repo: 'r', run_id: 5, per_page: 1 },
        'https://api.github.com'
      )
    ).toEqual({
      method: 'GET',
      url: 'https://api.github.com/repos/o/r/actions/runs/5?per_page=1',
      body: undefined
    })
  })

  it('a missing path parameter is an error, not a request to a wrong URL', () => {
    expect(() => expandRoute('GET /repos/{owner}/{repo}', { owner: 'o' }, 'https://x')).toThrow(
      /repo is missing/
    )
  })
})

describe('proxyConfigured: when the gateway leaves fetch for octokit', () => {
  it.each(['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'])('%s set', name => {
    expect(proxyConfigured({ [name]: 'http://proxy:3128' })).toBe(true)
  })
  it('none set, or set empty (as a runner passes an unset variable)', () => {
    expect(proxyConfigured({})).toBe(false)
    expect(proxyConfigured({ HTTPS_PROXY: '', NO_PROXY: 'localhost' })).toBe(false)
  })
})
