/**
 * A receiver whose workflow run ends before its admit step (startup_failure, cancelled while
 * queued, a step that fails first, or a workflow with no admit step at all) never confirms
 * itself, so the coordinator's attempt names it only as a candidate (the dispatch answer's
 * run id). Every observer reads its conclusion through that run id and fails the attempt
 * (docs/design/lifecycle.md#a-receiver-that-never-admits): the sweep, a later event's
 * on-demand look-up, and recover on that run's workflow_run. In-process against real git and
 * the fake GitHub API, whose dispatched runs GitHub's side is set for (no receiver runs).
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { systemClock } from '../../src/commands/deps.js'
import { dispatch } from '../../src/commands/dispatch.js'
import { readRun } from '../../src/commands/readRun.js'
import { recover } from '../../src/commands/recover.js'
import { viewChain } from '../../src/commands/runView.js'
import { sweepRuns } from '../../src/commands/scan.js'
import { GitHubGateway } from '../../src/github/gateway.js'
import type { Store } from '../../src/store/store.js'
import type { FakeGitHub } from '../../testkit/fakeGitHub/client.ts'
import { exampleEvent } from '../support/events.js'
import { fakesPerTest } from '../support/fakeGitHub.ts'
import { labeled, local, NS, T0, writer } from '../support/generations.js'
import { cleanupRepos } from '../support/repo.js'

afterAll(cleanupRepos)

const fake = fakesPerTest()

const gateway = (gh: FakeGitHub) =>
  new GitHubGateway({
    token: gh.token,
    apiUrl: gh.url,
    serverUrl: 'https://github.com',
    repository: `${gh.repo.owner}/${gh.repo.name}`,
    timeoutSeconds: 10
  })

/** A time after GitHub (the fake) last changed any run: when the label is added again. */
const later = () => new Date(Date.now() + 60_000).toISOString()

/**
 * The coordinator's one-step dispatch of the labeled issue to agent.yml, its attempt accepted
 * (the answer names workflow run `candidate`) and no receiver admitted; GitHub's record of that
 * run is then what `runs` sets.
 */
async function sentUnconfirmed() {
  const gh = await fake()
  const { dir, store } = await local()
  const deps = () => ({ store: store(), clock: systemClock, github: gateway(gh) })
  const go = async (run: number, updatedAt: string) =>
    dispatch(
      {
        namespace: NS,
        event: { name: 'issues', payload: await labeled(updatedAt) },
        writer: writer(run),
        driver: {
          kind: 'workflow',
          workflow: 'agent.yml',
          ref: 'refs/heads/main',
          timeoutSeconds: 10,
          cwd: dir,
          env: { GITHUB_REPOSITORY_ID: '123456789' }
        }
      },
      deps()
    )
  const first = await go(501, T0)
  expect(first).toMatchObject({ outcome: 'submitted', sends: 1 })
  const candidate = first.external_ids['candidate_run_ids'] as string
  expect(first.external_ids['receiver_confirmed']).toBe('false')
  expect(candidate).toMatch(/^[1-9][0-9]*$/)
  const ledger = async () => {
    const found = await readRun(store(), NS, { by: 'run_id', run_id: first.state.run_id })
    return { chain: found.chain, ...viewChain(found.chain) }
  }
  const sweep = () =>
    sweepRuns(
      { namespace: NS, observe: true, onSuccess: 'decide', writer: writer(700), actor: null },
      deps()
    )
  const dispatches = async () => (await gh.state()).dispatches.length
  return { gh, store, deps, go, candidate, ledger, sweep, dispatches }
}

describe('a receiver that ends before it admits', () => {
  it('startup_failure: a relabel records attempt_failed itself and sends attempt 2 once', async () => {
    const { gh, go, candidate, ledger, dispatches } = await sentUnconfirmed()
    await gh.setRun(Number(candidate), { status: 'completed', conclusion: 'startup_failure' })
    // A redelivery of the first event looks the run up, records the failure, and stays a
    // duplicate (it happened before the failure): nothing sent, and it says why.
    const redelivered = await go(502, T0)
    expect(redelivered.sends).toBe(0)
    expect(redelivered.message).toMatch(/attempt failed; this event did not happen after/)
    const failed = await ledger()
    expect(failed.state.state).toBe('attempt_failed')
    expect(failed.state.last_failure).toMatchObject({
      code: 'receiver_startup_failure',
      retryable: true
    })
    expect(failed.plan.action).toBe('retry_attempt')
    // The label added again, delivered twice at once: attempt 2 is sent once.
    const again = later()
    const retries = await Promise.all([go(503, again), go(504, again)])
    expect(retries.map(r => r.sends).sort()).toEqual([0, 1])
    expect((await ledger()).state.current_attempt).toBe(2)
    expect(await dispatches()).toBe(2)
  })

  it('cancelled while queued: the sweep records attempt_failed once; a relabel sends attempt 2 once', async () => {
    const { gh, go, candidate, ledger, sweep, dispatches } = await sentUnconfirmed()
    await gh.setRun(Number(candidate), { status: 'completed', conclusion: 'cancelled' })
    const swept = await sweep()
    expect(swept.lookups).toBe(1)
    expect(swept.observed).toMatchObject([{ state: 'attempt_failed' }])
    expect((await ledger()).state.last_failure).toMatchObject({
      code: 'receiver_cancelled',
      retryable: true
    })
    const second = await sweep()
    expect(second.observed).toEqual([])
    expect((await ledger()).chain.filter(e => e.value.state === 'attempt_failed')).toHaveLength(1)
    const again = later()
    const retries = await Promise.all([go(503, again), go(504, again)])
    expect(retries.map(r => r.sends).sort()).toEqual([0, 1])
    expect(await dispatches()).toBe(2)
  })

  it('concluded success with no receiver admitting: receiver_unconfirmed, retryable', async () => {
    const { gh, candidate, ledger, sweep } = await sentUnconfirmed()
    await gh.setRun(Number(candidate), { status: 'completed', conclusion: 'success' })
    await sweep()
    const { state } = await ledger()
    expect(state.state).toBe('attempt_failed')
    expect(state.last_failure).toMatchObject({ code: 'receiver_unconfirmed', retryable: true })
  })

  it('still queued: nothing recorded, and a relabel is a duplicate naming the run', async () => {
    const { gh, go, candidate, ledger, sweep, dispatches } = await sentUnconfirmed()
    await gh.setRun(Number(candidate), { status: 'queued', conclusion: null })
    expect((await sweep()).observed).toEqual([])
    const relabel = await go(503, later())
    expect(relabel.outcome).toBe('nothing')
    expect(relabel.message).toContain(`/actions/runs/${candidate} has not admitted yet`)
    expect((await ledger()).state.state).toBe('dispatched')
    expect(await dispatches()).toBe(1)
  })

  it("recover on that run's workflow_run (completed, failure) records attempt_failed in its one write", async () => {
    const { gh, store, candidate, ledger } = await sentUnconfirmed()
    const run = await gh.setRun(Number(candidate), { status: 'completed', conclusion: 'failure' })
    const payload = await exampleEvent('workflow_run-failure.json')
    Object.assign(payload.workflow_run as object, {
      id: Number(candidate),
      run_attempt: 1,
      status: 'completed',
      conclusion: 'failure',
      html_url: run.html_url,
      updated_at: run.updated_at,
      name: 'agent'
    })
    const deliver = (recoveryRun: number) =>
      recover(
        {
          namespace: NS,
          event: { name: 'workflow_run', payload },
          writer: writer(recoveryRun),
          maxAttempts: 3
        },
        { store: store() as Store, clock: systemClock, github: gateway(gh) }
      )
    const first = await deliver(900)
    expect(first.observed).toMatchObject([{ state: 'attempt_failed' }])
    expect(first.rerun_requested).toBe(false)
    expect((await ledger()).state.last_failure).toMatchObject({
      code: 'receiver_failure',
      retryable: true
    })
    // A second delivery of the same event writes nothing more; nothing is re-run.
    const second = await deliver(901)
    expect(second.duplicate).toBe(true)
    expect((await ledger()).chain.filter(e => e.value.state === 'attempt_failed')).toHaveLength(1)
    expect((await gh.state()).reruns).toEqual([])
  })
})
