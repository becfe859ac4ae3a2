/**
 * `command: recover` in-process against real git, asking the fake GitHub API for the re-run.
 * A coordinator workflow run failed with runs it admitted still open: recover finds those
 * runs (its own run ids, gh-<id>-…, and no others), asks once for a re-run of the failed jobs
 * (bounded by max-attempts), and closes the run it admitted for the delivery as `cancelled`.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { readRun } from '../../src/commands/readRun.js'
import { recover } from '../../src/commands/recover.js'
import { GitHubGateway } from '../../src/github/gateway.js'
import type { Store } from '../../src/store/store.js'
import type { FakeGitHub } from '../../testkit/fakeGitHub/client.ts'
import { exampleEvent } from '../support/events.js'
import { fakesPerTest } from '../support/fakeGitHub.ts'
import { arrive, end, local, NS, runIdOf, T0 } from '../support/generations.js'
import { orphanIn } from '../support/orphans.js'
import { cleanupRepos, refsUnder } from '../support/repo.js'

afterAll(cleanupRepos)

const fake = fakesPerTest()
const NOW = new Date('2026-11-30T08:00:00Z')
/** The repository a stand-in for the gateway names (the fake's own, where there is one). */
const REPOSITORY = { owner: 'octo-org', repo: 'octo-repo' }

/** The workflow run of the recovery workflow that handles a delivery. */
const recoveryWriter = (run: number) => ({
  github_run_id: String(run),
  run_attempt: 1,
  workflow_ref: 'octo-org/octo-repo/.github/workflows/recover.yml@refs/heads/main'
})

/**
 * A coordinator workflow run that failed (at GitHub, on the fake) after admitting the labeled
 * issue (plan: dispatch) and a run it then ended; another coordinator's run is open too.
 */
async function failedCoordinator() {
  const gh = await fake()
  const run = await gh.addRun({ workflow: 'agent.yml', event: 'issues', conclusion: 'failure' })
  const id = Number(run.id)
  const { dir, store } = await local()
  await arrive(store(), id, T0)
  const ended = await arrive(store(), id, T0, { dispatch_key: 'v1/test/ended' })
  await end(store(), ended.admission.run_id)
  const other = await arrive(store(), 77, T0, { dispatch_key: 'v1/test/another-coordinator' })
  return { gh, id, dir, store, open: runIdOf(id), other: other.admission.run_id }
}

interface Delivery {
  readonly conclusion?: string
  readonly attempt?: number
  readonly recoveryRun?: number
  readonly maxAttempts?: number
}

/** One recovery workflow run for the workflow_run `completed` delivery of coordinator `id`. */
async function deliver(store: Store, gh: FakeGitHub, id: number, options: Delivery = {}) {
  const payload = await exampleEvent('workflow_run-failure.json')
  Object.assign(payload.workflow_run as object, {
    id,
    run_attempt: options.attempt ?? 1,
    conclusion: options.conclusion ?? 'failure'
  })
  return recover(
    {
      namespace: NS,
      event: { name: 'workflow_run', payload },
      writer: recoveryWriter(options.recoveryRun ?? 900),
      maxAttempts: options.maxAttempts ?? 3
    },
    {
      store,
      clock: { now: () => NOW },
      github: new GitHubGateway({
        token: gh.token,
        apiUrl: gh.url,
        repository: `${gh.repo.owner}/${gh.repo.name}`,
        timeoutSeconds: 10
      })
    }
  )
}

/** The states and notes of the run recover admitted for its delivery. */
async function ownRun(store: Store, runId: string) {
  const { chain } = await readRun(store, NS, { by: 'run_id', run_id: runId })
  return chain.map(entry => ({ state: entry.value.state, note: entry.value.note }))
}

describe('recover after a failed coordinator', () => {
  it("plans only the coordinator's open runs and asks GitHub once to re-run its failed jobs", async () => {
    const { gh, id, store, open } = await failedCoordinator()
    const result = await deliver(store(), gh, id)
    expect(result).toMatchObject({
      duplicate: false,
      owner: true,
      rerun_requested: true,
      failure: null,
      decision: { rerun: true }
    })
    // The ended run and the other coordinator's open run are not among them.
    expect(result.runs).toEqual([
      {
        run_id: open,
        state: 'admitted',
        plan: 'dispatch',
        done: 're-run of the coordinator requested'
      }
    ])
    expect((await gh.state()).reruns).toEqual([{ run_id: id, run_attempt: 2 }])
  })

  it('closes its own run as cancelled with a note, so scan never lists it as work', async () => {
    const { gh, id, store } = await failedCoordinator()
    const result = await deliver(store(), gh, id)
    expect(result.dispatch_key).toMatch(/^v1\/workflow_run\//)
    expect(await ownRun(store(), result.owner_run_id)).toEqual([
      { state: 'admitted', note: null },
      { state: 'cancelled', note: `recover: ${result.message}` }
    ])
  })

  it('a duplicate delivery, or a re-run of the recovery workflow, recovers once', async () => {
    const { gh, dir, id, store } = await failedCoordinator()
    const first = await deliver(store(), gh, id, { recoveryRun: 900 })
    expect(first.rerun_requested).toBe(true)
    const after = await refsUnder(dir)
    const again = await deliver(store(), gh, id, { recoveryRun: 901 })
    expect(again).toMatchObject({
      duplicate: true,
      owner: false,
      owner_run_id: first.owner_run_id,
      rerun_requested: false,
      runs: []
    })
    expect(again.message).toMatch(/duplicate delivery/)
    const rerun = await deliver(store(), gh, id, { recoveryRun: 900 })
    expect(rerun).toMatchObject({ duplicate: true, owner: true, rerun_requested: false })
    expect(await gh.count('rerunFailedJobs')).toBe(1)
    expect(await refsUnder(dir)).toEqual(after)
  })

  it.each([
    ['attempt 3 of max-attempts 3', { attempt: 3 }, 'max_attempts'],
    ['attempt 2 of max-attempts 2', { attempt: 2, maxAttempts: 2 }, 'max_attempts'],
    ['a coordinator that succeeded', { conclusion: 'success' }, 'not_failed']
  ] as const)('nothing is re-run: %s', async (_name, options, why) => {
    const { gh, id, store, open } = await failedCoordinator()
    const result = await deliver(store(), gh, id, options)
    expect(result).toMatchObject({ rerun_requested: false, decision: { rerun: false, why } })
    expect(result.runs).toEqual([
      { run_id: open, state: 'admitted', plan: 'dispatch', done: 'nothing' }
    ])
    expect(await gh.count('rerunFailedJobs')).toBe(0)
    expect((await ownRun(store(), result.owner_run_id)).map(r => r.state)).toEqual([
      'admitted',
      'cancelled'
    ])
  })

  it('attempt 2 of max-attempts 3 is re-run', async () => {
    const { gh, id, store } = await failedCoordinator()
    await gh.setRun(id, { run_attempt: 2 })
    const result = await deliver(store(), gh, id, { attempt: 2 })
    expect(result.rerun_requested).toBe(true)
    expect((await gh.state()).reruns).toEqual([{ run_id: id, run_attempt: 3 }])
  })

  it('a re-run GitHub forbids fails the step and leaves its own run open for a re-run', async () => {
    const { gh, id, store } = await failedCoordinator()
    await gh.fault('rerunFailedJobs', { kind: 'refuse', status: 403 })
    const refused = await deliver(store(), gh, id)
    expect(refused).toMatchObject({ rerun_requested: false, duplicate: false })
    expect(refused.failure).toMatch(/permissions: actions: write/)
    expect(refused.runs.map(run => run.done)).toEqual(['nothing'])
    expect((await ownRun(store(), refused.owner_run_id)).map(r => r.state)).toEqual(['admitted'])
    // Permissions fixed, the same recovery run again: now it asks, and closes its run.
    await gh.clearFaults()
    const again = await deliver(store(), gh, id)
    expect(again).toMatchObject({ duplicate: false, rerun_requested: true })
    expect((await ownRun(store(), again.owner_run_id)).map(r => r.state)).toEqual([
      'admitted',
      'cancelled'
    ])
  })

  it('runs only on workflow_run', async () => {
    const { store } = await local()
    await expect(
      recover(
        {
          namespace: NS,
          event: { name: 'schedule', payload: {} },
          writer: recoveryWriter(900),
          maxAttempts: 3
        },
        {
          store: store(),
          clock: { now: () => NOW },
          github: {
            hasToken: true,
            runUrl: null,
            where: () => REPOSITORY,
            rerunFailedJobs: () => Promise.reject(new Error('must not be called'))
          }
        }
      )
    ).rejects.toThrow(/runs on the workflow_run event/)
  })
})

describe('recover and an orphan among the coordinator’s runs', () => {
  it('does not count the orphan as an open run, so it asks for no re-run for it', async () => {
    const payload = await exampleEvent('workflow_run-failure.json')
    const id = (payload.workflow_run as { id: number }).id
    const { dir, store, ledger } = await orphanIn('no admission', `gh-${id}-0123456789ab`)
    const held = (await refsUnder(dir))[ledger]
    const reruns: number[] = []
    const result = await recover(
      {
        namespace: NS,
        event: { name: 'workflow_run', payload },
        writer: { github_run_id: '900', run_attempt: 1, workflow_ref: '' },
        maxAttempts: 3
      },
      {
        store,
        clock: { now: () => new Date('2026-11-30T08:00:00Z') },
        github: {
          hasToken: true,
          runUrl: null,
          where: () => REPOSITORY,
          rerunFailedJobs: async runId => {
            reruns.push(runId)
            return { status: 201, body: null }
          }
        }
      }
    )
    expect(reruns).toEqual([])
    expect(result).toMatchObject({ rerun_requested: false, decision: { why: 'no_runs' } })
    expect((await refsUnder(dir))[ledger]).toBe(held)
  })
})
