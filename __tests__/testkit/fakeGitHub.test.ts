/**
 * Tests of the fake GitHub API itself (docs/development.md#the-fake-github-api): each fault mode does what it says (commit
 * counted or not, connection dropped, a late commit visible only after the answer), requests
 * are counted per route, runs move queued → completed, and a committed dispatch starts one
 * receiver — the bundled action in its own clone of the origin — whose admission is real.
 * Every answer the fakes gave is checked against GitHub's description at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { ROUTES, type FakeGitHub, type Fault } from '../../testkit/fakeGitHub/client.ts'
import { fakesPerTest } from '../support/fakeGitHub.ts'
import {
  makeBareRemote,
  startGitHttpServer,
  type GitHttpServer
} from '../../testkit/gitHttpServer.js'
import { cleanupRepos, git, refsUnder } from '../support/repo.js'
import { existsSync } from 'node:fs'
import { admissionRef } from '../../src/core/refs.js'

const REPO = '/repos/octo-org/octo-repo'
const DISPATCHES = `${REPO}/actions/workflows/receiver.yml/dispatches`
const RECEIVER_KEY = (key: string) =>
  `v1/workflow_dispatch/123456789/.github%2Fworkflows%2Freceiver.yml/${key}`

/** A fake for one test: the shared one, reset, unless the test needs its own options. */
const fake = fakesPerTest()
afterAll(cleanupRepos)

const dispatch = (gh: FakeGitHub, inputs: Record<string, string> = {}, timeoutMs?: number) =>
  gh.request('POST', DISPATCHES, { body: { ref: 'main', inputs }, timeoutMs })

describe('fault modes on the dispatch POST (no receiver)', () => {
  const cases: [string, Fault, { answer: number | 'rejects'; runs: number }][] = [
    ['ok', { kind: 'ok' }, { answer: 204, runs: 1 }],
    ['commit then 500', { kind: 'commit-then-error' }, { answer: 500, runs: 1 }],
    ['commit then 502', { kind: 'commit-then-error', status: 502 }, { answer: 502, runs: 1 }],
    ['commit then drop', { kind: 'commit-then-drop' }, { answer: 'rejects', runs: 1 }],
    ['500 without commit', { kind: 'error' }, { answer: 500, runs: 0 }],
    ['429 without commit', { kind: 'error', status: 429 }, { answer: 429, runs: 0 }],
    ['refuse 403', { kind: 'refuse', status: 403 }, { answer: 403, runs: 0 }],
    ['refuse 404', { kind: 'refuse', status: 404 }, { answer: 404, runs: 0 }],
    ['refuse 422', { kind: 'refuse', status: 422 }, { answer: 422, runs: 0 }],
    ['two runs for one dispatch', { kind: 'duplicate' }, { answer: 204, runs: 2 }]
  ]
  it.each(cases)('%s', async (_name, f, expected) => {
    const gh = await fake()
    await gh.fault('dispatch', f)
    const reply = dispatch(gh).then(r => r.status)
    if (expected.answer === 'rejects') await expect(reply).rejects.toThrow(/socket hang up/)
    else expect(await reply).toBe(expected.answer)
    const state = await gh.settled()
    expect(state.runs).toHaveLength(expected.runs)
    expect(state.dispatches).toHaveLength(expected.runs)
    const [exchange] = await gh.exchanges()
    expect(exchange).toMatchObject({
      route: ROUTES.dispatch,
      fault: f.kind,
      committed: expected.runs > 0,
      outcome: expected.answer === 'rejects' ? 'dropped' : expected.answer
    })
    // The next request has no fault queued: answered normally, one more run.
    expect((await dispatch(gh)).status).toBe(204)
    expect((await gh.settled()).runs).toHaveLength(expected.runs + 1)
    expect(await gh.count('dispatch')).toBe(2)
  })

  it.each([
    ['an error', { answer: 'error' }, 500],
    ['a dropped connection', { answer: 'drop' }, 'rejects'],
    ['no answer until the client gives up', { answer: 'hang' }, 'rejects']
  ] as const)(
    'late commit after %s: nothing at answer time, the run after',
    async (_n, how, expected) => {
      const gh = await fake()
      await gh.fault('dispatch', { kind: 'late-commit', ...how, commitAfterMs: 400 })
      const reply = dispatch(gh, {}, 500).then(r => r.status)
      if (expected === 'rejects')
        await expect(reply).rejects.toThrow(/socket hang up|no answer within/)
      else expect(await reply).toBe(expected)
      // The client has its answer: nothing is committed yet.
      const now = await gh.state()
      expect(now.runs).toHaveLength(0)
      expect(now.pending).toBeGreaterThan(0)
      const later = await gh.settled()
      expect(later.runs).toHaveLength(1)
      const [exchange] = await gh.exchanges()
      expect(exchange).toMatchObject({ committed: true, fault: 'late-commit' })
      expect(exchange?.outcome).toBe(
        how.answer === 'error' ? 500 : how.answer === 'drop' ? 'dropped' : 'hung'
      )
    }
  )

  it('a delay answers later and commits', async () => {
    const gh = await fake()
    await gh.fault('dispatch', { kind: 'delay', ms: 300 })
    const t0 = Date.now()
    expect((await dispatch(gh)).status).toBe(204)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290)
    expect((await gh.state()).runs).toHaveLength(1)
  })

  it('faults queue per route and are consumed in order', async () => {
    const gh = await fake()
    await gh.fault('dispatch', { kind: 'error', status: 503 }, { kind: 'refuse', status: 403 })
    await gh.fault('getRepo', { kind: 'error' })
    expect((await dispatch(gh)).status).toBe(503)
    expect((await gh.request('GET', REPO)).status).toBe(500)
    expect((await dispatch(gh)).status).toBe(403)
    expect((await dispatch(gh)).status).toBe(204)
    expect((await gh.request('GET', REPO)).status).toBe(200)
    expect(await gh.counts()).toEqual({ [ROUTES.dispatch]: 3, [ROUTES.getRepo]: 2 })
    await gh.resetCounts()
    expect(await gh.count('dispatch')).toBe(0)
    await gh.fault('dispatch', { kind: 'error' })
    await gh.clearFaults()
    expect((await dispatch(gh)).status).toBe(204)
  })

  it('reset: a fresh state, faults and counts cleared, run ids never reused', async () => {
    const gh = await fake()
    const details = { body: { ref: 'main', return_run_details: true } }
    const first = await gh.request('POST', DISPATCHES, details)
    await gh.fault('dispatch', { kind: 'error' })
    await gh.reset()
    expect(await gh.state()).toMatchObject({ runs: [], dispatches: [], pending: 0 })
    expect(await gh.counts()).toEqual({})
    expect(await gh.exchanges()).toEqual([])
    const second = await gh.request('POST', DISPATCHES, details)
    expect(second.status).toBe(200)
    const id = (r: { body: unknown }) => (r.body as { workflow_run_id: number }).workflow_run_id
    expect(id(second)).toBeGreaterThan(id(first))
  })

  it('return_run_details answers 200 with the run it made; the run is GitHub-shaped', async () => {
    const gh = await fake()
    const reply = await gh.request('POST', DISPATCHES, {
      body: { ref: 'main', inputs: { a: 'b' }, return_run_details: true }
    })
    expect(reply.status).toBe(200)
    const { workflow_run_id, run_url, html_url } = reply.body as Record<string, string>
    const run = (await gh.request('GET', `${REPO}/actions/runs/${workflow_run_id}`)).body
    expect(run).toMatchObject({
      id: workflow_run_id,
      url: run_url,
      html_url,
      run_attempt: 1,
      event: 'workflow_dispatch',
      path: '.github/workflows/receiver.yml',
      head_branch: 'main',
      status: 'completed',
      conclusion: 'success'
    })
  })
})

describe('authorization and the token', () => {
  it('no authorization header → 401; an unknown token → 401 when tokens are configured', async () => {
    const gh = await fake({ tokens: { 'tok-a': 'alice' } })
    const none = await gh.request('GET', REPO, { token: null })
    expect(none).toMatchObject({ status: 401, body: { message: 'Requires authentication' } })
    expect((await gh.request('GET', REPO, { token: 'other' })).status).toBe(401)
    expect((await gh.request('GET', REPO, { token: 'tok-a' })).status).toBe(200)
    expect((await gh.state()).runs).toHaveLength(0)
  })

  it('the token is never echoed or kept, except by the echoToken fault', async () => {
    const gh = await fake()
    const token = 'ghs_secretValue123'
    await gh.fault('dispatch', { kind: 'refuse', status: 403 }, { kind: 'error', echoToken: true })
    const plain = await gh.request('POST', DISPATCHES, { body: { ref: 'main' }, token })
    const echoed = await gh.request('POST', DISPATCHES, { body: { ref: 'main' }, token })
    expect(JSON.stringify(plain.body)).not.toContain(token)
    expect(JSON.stringify(echoed.body)).toContain(token)
    // What the fake keeps (and prints: nothing) never holds the header.
    const kept = JSON.stringify([await gh.state(), await gh.counts()])
    const exchanges = await gh.exchanges()
    expect(kept).not.toContain(token)
    expect(JSON.stringify(exchanges[0])).not.toContain(token)
  })

  it('another repository is 404', async () => {
    const gh = await fake()
    const reply = await gh.request(
      'POST',
      '/repos/someone/else/actions/workflows/receiver.yml/dispatches',
      {
        body: { ref: 'main' }
      }
    )
    expect(reply.status).toBe(404)
    expect((await gh.state()).runs).toHaveLength(0)
  })
})

describe('dispatch validation as GitHub does it', () => {
  it('missing ref → 422; unknown workflow → 404; undeclared input → 422; no trigger → 422', async () => {
    const gh = await fake({
      workflows: {
        'receiver.yml': { inputs: ['dispatch_key'] },
        'nightly.yml': { dispatchable: false }
      }
    })
    expect((await gh.request('POST', DISPATCHES, { body: {} })).status).toBe(422)
    expect(
      (
        await gh.request('POST', `${REPO}/actions/workflows/missing.yml/dispatches`, {
          body: { ref: 'main' }
        })
      ).status
    ).toBe(404)
    expect((await dispatch(gh, { other: 'x' })).status).toBe(422)
    expect(
      (
        await gh.request('POST', `${REPO}/actions/workflows/nightly.yml/dispatches`, {
          body: { ref: 'main' }
        })
      ).status
    ).toBe(422)
    expect((await dispatch(gh, { dispatch_key: 'x' })).status).toBe(204)
    expect((await gh.state()).runs).toHaveLength(1)
  })

  it('a route refusal stays a refusal under commit-then-error: nothing is made', async () => {
    const gh = await fake()
    await gh.fault('dispatch', { kind: 'commit-then-error' })
    expect((await gh.request('POST', DISPATCHES, { body: {} })).status).toBe(500)
    expect((await gh.settled()).runs).toHaveLength(0)
  })
})

describe('workflow runs', () => {
  it('lists newest first, filters as GitHub does, pages with a Link header', async () => {
    const gh = await fake()
    for (let i = 0; i < 3; i++) await dispatch(gh)
    const failed = await gh.addRun({
      workflow: 'coordinator.yml',
      event: 'issues',
      conclusion: 'failure'
    })
    const list = async (q: string) =>
      (await gh.request('GET', `${REPO}/actions/runs${q}`)).body as {
        total_count: number
        workflow_runs: { id: number }[]
      }
    const all = await list('')
    expect(all.total_count).toBe(4)
    expect(all.workflow_runs.map(r => r.id)).toEqual(
      [...all.workflow_runs.map(r => r.id)].sort((a, b) => b - a)
    )
    expect((await list('?event=issues')).workflow_runs.map(r => r.id)).toEqual([failed.id])
    expect((await list('?status=failure')).total_count).toBe(1)
    expect((await list('?status=completed')).total_count).toBe(4)
    expect((await list('?branch=nope')).total_count).toBe(0)
    expect((await list('?created=>=2000-01-01')).total_count).toBe(4)
    expect((await list('?created=<2000-01-01')).total_count).toBe(0)
    const paged = await gh.request('GET', `${REPO}/actions/runs?per_page=3&page=2`)
    expect((paged.body as { workflow_runs: unknown[] }).workflow_runs).toHaveLength(1)
    expect(paged.headers.link).toContain('rel="first"')
    const scoped = await gh.request('GET', `${REPO}/actions/workflows/coordinator.yml/runs`)
    expect((scoped.body as { total_count: number }).total_count).toBe(1)
  })

  it('rerun-failed-jobs: failed and completed only, next attempt, at most 50 attempts, 30 days', async () => {
    const gh = await fake()
    const rerun = (id: number | bigint) =>
      gh.request('POST', `${REPO}/actions/runs/${String(id)}/rerun-failed-jobs`)
    const run = await gh.addRun({ conclusion: 'failure' })
    expect((await rerun(run.id)).status).toBe(201)
    expect((await gh.request('GET', `${REPO}/actions/runs/${run.id}`)).body).toMatchObject({
      run_attempt: 2,
      status: 'queued',
      conclusion: null
    })
    expect((await rerun(run.id)).status).toBe(403) // not completed
    await gh.setRun(run.id, { status: 'completed', conclusion: 'success' })
    expect((await rerun(run.id)).status).toBe(403) // nothing failed
    await gh.setRun(run.id, { conclusion: 'cancelled', run_attempt: 50 })
    expect((await rerun(run.id)).status).toBe(403)
    const old = await gh.addRun({ conclusion: 'timed_out', created_at: '2020-01-01T00:00:00Z' })
    expect((await rerun(old.id)).status).toBe(403)
    expect((await rerun(12345)).status).toBe(404)
    expect((await gh.state()).reruns).toEqual([{ run_id: run.id, run_attempt: 2 }])
  })
})

describe('receivers', () => {
  let server: GitHttpServer
  beforeAll(async () => {
    server = await startGitHttpServer()
  })
  afterAll(async () => server.close())

  it('a committed dispatch starts one receiver in its own clone, admitting through the HTTP origin', async () => {
    const gh = await fake({ origin: server.url })
    const reply = await gh.request('POST', DISPATCHES, {
      body: { ref: 'main', inputs: { dispatch_key: 'run-a/a1' }, return_run_details: true }
    })
    const runId = (reply.body as { workflow_run_id: number }).workflow_run_id
    const queued = await gh.state()
    expect(queued.runs[0]?.status).not.toBe('completed')
    const working = await gh.working()
    expect(working).toHaveLength(1)
    const [receiver] = working
    expect(receiver).toMatchObject({
      run_id: runId,
      run_attempt: 1,
      mode: 'fenced',
      status: 'finished',
      admit: { code: 0, owner: 'true', created: 'true', dispatch_key: RECEIVER_KEY('run-a/a1') }
    })
    expect(receiver?.admit?.run_id).toMatch(new RegExp(`^gh-${runId}-[0-9a-f]{12}$`))
    // Its clone was its own (not the test's, not the origin) and is gone now.
    expect(receiver?.workspace).not.toBe(server.bareDir)
    expect(existsSync(receiver?.workspace as string)).toBe(false)
    // The admission is at the origin: real arbitration, not a local ref.
    const refs = await refsUnder(server.bareDir)
    expect(Object.keys(refs)).toContain(
      admissionRef('refs/dispatch-ledger', RECEIVER_KEY('run-a/a1'))
    )
    expect((await gh.state()).runs[0]).toMatchObject({ status: 'completed', conclusion: 'success' })
  })

  it('two runs for one dispatch: two receivers, two clones, exactly one works (file:// origin)', async () => {
    const remote = await makeBareRemote()
    try {
      const gh = await fake({ origin: remote.url })
      await gh.fault('dispatch', { kind: 'duplicate' })
      await dispatch(gh, { dispatch_key: 'run-b/a1' })
      const state = await gh.settled()
      expect(state.receivers).toHaveLength(2)
      expect(new Set(state.receivers.map(r => r.run_id)).size).toBe(2)
      expect(new Set(state.receivers.map(r => r.workspace)).size).toBe(2)
      expect(state.receivers.filter(r => r.working)).toHaveLength(1)
      const loser = state.receivers.find(r => !r.working)
      expect(loser?.admit).toMatchObject({ code: 0, owner: 'false', created: 'false' })
      expect(Object.keys(await refsUnder(remote.dir))).toHaveLength(2) // one admission, one ledger
    } finally {
      await remote.cleanup()
    }
  })

  it('negative control: unfenced receivers both work', async () => {
    const remote = await makeBareRemote()
    try {
      const gh = await fake({ origin: remote.url, receiver: { mode: 'unfenced' } })
      await gh.fault('dispatch', { kind: 'duplicate' })
      await dispatch(gh, { dispatch_key: 'run-c/a1' })
      expect(await gh.working()).toHaveLength(2)
      expect(await refsUnder(remote.dir)).toEqual({})
    } finally {
      await remote.cleanup()
    }
  })

  it('no receiver for an uncommitted dispatch; a late commit starts it only after the answer', async () => {
    const remote = await makeBareRemote()
    try {
      const gh = await fake({ origin: remote.url })
      await gh.fault(
        'dispatch',
        { kind: 'error' },
        { kind: 'late-commit', answer: 'error', commitAfterMs: 300 }
      )
      expect((await dispatch(gh, { dispatch_key: 'run-d/a1' })).status).toBe(500)
      expect((await dispatch(gh, { dispatch_key: 'run-d/a1' })).status).toBe(500)
      expect((await gh.state()).receivers).toHaveLength(0)
      const working = await gh.working()
      expect(working).toHaveLength(1)
      expect((await gh.state()).receivers).toHaveLength(1)
    } finally {
      await remote.cleanup()
    }
  })

  it('a re-run of a failed dispatched run starts its receiver again as attempt 2', async () => {
    const remote = await makeBareRemote()
    try {
      const gh = await fake({ origin: remote.url })
      const reply = await gh.request('POST', DISPATCHES, {
        body: { ref: 'main', inputs: { dispatch_key: 'run-e/a1' }, return_run_details: true }
      })
      const runId = (reply.body as { workflow_run_id: number }).workflow_run_id
      await gh.settled()
      await gh.setRun(runId, { conclusion: 'failure' })
      expect(
        (await gh.request('POST', `${REPO}/actions/runs/${runId}/rerun-failed-jobs`)).status
      ).toBe(201)
      const state = await gh.settled()
      expect(
        state.receivers.map(r => [r.run_id, r.run_attempt, r.admit?.owner, r.admit?.created])
      ).toEqual([
        [runId, 1, 'true', 'true'],
        [runId, 2, 'true', 'false'] // the re-run replays its own admission
      ])
    } finally {
      await remote.cleanup()
    }
  })

  it('without an origin a fenced receiver records why it could not run', async () => {
    const gh = await fake({ receiver: { mode: 'fenced' } })
    await dispatch(gh)
    const state = await gh.settled()
    expect(state.receivers[0]).toMatchObject({
      working: false,
      error: expect.stringContaining('no origin')
    })
    expect(state.runs[0]).toMatchObject({ status: 'completed', conclusion: 'failure' })
  })

  it('receiver inputs reach the admit step (another namespace)', async () => {
    const remote = await makeBareRemote()
    try {
      const gh = await fake({
        origin: remote.url,
        receiver: { with: { namespace: 'refs/receiver-ns' } }
      })
      await dispatch(gh, { dispatch_key: 'run-f/a1' })
      expect(await gh.working()).toHaveLength(1)
      expect(Object.keys(await refsUnder(remote.dir, 'refs/receiver-ns'))).toHaveLength(2)
      expect(await git(remote.dir, 'for-each-ref', 'refs/dispatch-ledger')).toBe('')
    } finally {
      await remote.cleanup()
    }
  })
})
