import { afterAll, describe, expect, it } from '@jest/globals'
import { cleanupRepos, git, makeRepo, refsUnder, headOf } from '../support/repo.js'
import { runAction, withAction, type ActionRun } from '../../scripts/runner.js'
import { exampleEvent } from '../support/events.js'

afterAll(cleanupRepos)

const event = () => exampleEvent('issues-labeled.json')

/**
 * These repositories have no origin: the local store, chosen explicitly (inside Actions
 * `remote: auto` without an origin refuses, as a local store decides nothing between runs).
 */
const LOCAL = { remote: 'none' }

/** A recovery or sweep workflow: scheduled, no event to derive from. */
function scheduled(
  workspace: string,
  inputs: Record<string, string>,
  extra: Partial<ActionRun> = {}
) {
  return runAction({
    workspace,
    eventName: 'schedule',
    event: { schedule: '*/5 * * * *' },
    runId: 9000,
    ...withAction({ ...LOCAL, ...inputs }),
    ...extra
  })
}

describe('record, plan and scan through the bundled action', () => {
  it('drives a run through the dispatch protocol, planning at each step', async () => {
    const repo = await makeRepo()
    const admitted = await runAction({
      workspace: repo,
      eventName: 'issues',
      event: await event(),
      runId: 1,
      with: LOCAL
    })
    const runId = admitted.outputs.run_id as string
    const key = admitted.outputs.dispatch_key as string

    const intent = await scheduled(repo, {
      action: 'record',
      'run-id': runId,
      state: 'dispatched',
      record: '{"provider":{"driver":"fake","submission_state":"not_submitted","external_ids":{}}}'
    })
    expect(intent.code).toBe(0)
    expect(intent.outputs).toMatchObject({
      sequence: '2',
      state: 'dispatched',
      terminal: 'false',
      recorded: 'true',
      duplicate: 'false',
      recovery_action: 'reconcile_provider',
      blind_resubmission_forbidden: 'true',
      attempt: '1'
    })
    expect(intent.summary).toContain('```mermaid')
    expect(intent.summary).toContain('admitted --> dispatched : 2')

    const plan = await scheduled(repo, { action: 'plan', 'dispatch-key': key })
    expect(plan.code).toBe(0)
    expect(plan.outputs).toMatchObject({
      run_id: runId,
      state: 'dispatched',
      sequence: '2',
      recovery_action: 'reconcile_provider'
    })

    const submitted = await scheduled(repo, {
      action: 'record',
      'dispatch-key': key,
      state: 'dispatched',
      record:
        '{"provider":{"driver":"fake","submission_state":"submitted","external_ids":{"job":"j-1"}},"input_key":"submit-1"}'
    })
    expect(submitted.outputs).toMatchObject({ sequence: '3', recovery_action: 'observe_provider' })
    const replayed = await scheduled(repo, {
      action: 'record',
      'dispatch-key': key,
      state: 'dispatched',
      record:
        '{"provider":{"driver":"fake","submission_state":"submitted","external_ids":{"job":"j-1"}},"input_key":"submit-1"}'
    })
    expect(replayed.outputs).toMatchObject({ sequence: '3', duplicate: 'true', recorded: 'false' })

    const scan = await scheduled(repo, { action: 'scan' })
    expect(scan.code).toBe(0)
    const runs = JSON.parse(scan.outputs.runs as string)
    expect(runs).toEqual([
      expect.objectContaining({
        run_id: runId,
        state: 'dispatched',
        recovery_action: 'observe_provider'
      })
    ])

    // A re-run of the killed coordinator learns its next action from admit alone.
    const rerun = await runAction({
      workspace: repo,
      eventName: 'issues',
      event: await event(),
      runId: 1,
      runAttempt: 2,
      with: LOCAL
    })
    expect(rerun.outputs).toMatchObject({
      created: 'false',
      owner: 'true',
      state: 'dispatched',
      recovery_action: 'observe_provider'
    })

    const cancelled = await scheduled(repo, {
      action: 'record',
      'run-id': runId,
      state: 'cancelled'
    })
    expect(cancelled.outputs).toMatchObject({ terminal: 'true', recovery_action: 'none' })
    const empty = await scheduled(repo, { action: 'scan' })
    expect(JSON.parse(empty.outputs.runs as string)).toEqual([])
  })

  describe('bad input: a clear error and nothing written', () => {
    async function setup() {
      const repo = await makeRepo()
      const admitted = await runAction({
        workspace: repo,
        eventName: 'issues',
        event: await event(),
        runId: 1,
        with: LOCAL
      })
      return { repo, runId: admitted.outputs.run_id as string, before: await refsUnder(repo) }
    }
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      [
        'an illegal transition',
        { state: 'decided' },
        /Cannot append ledger record 2.*Nothing was written/
      ],
      [
        'record that is not JSON',
        { state: 'cancelled', record: '{note:' },
        /record input is not valid JSON/
      ],
      [
        'an unknown field',
        { state: 'cancelled', record: '{"surprise":1}' },
        /record input is invalid.*surprise/i
      ],
      [
        'a true authority flag',
        { state: 'cancelled', record: '{"authority":{"dispatch":true}}' },
        /may not set authority/
      ],
      ['an unknown state', { state: 'launched' }, /The state input must be .*, not "launched"/],
      ['an unknown run', { state: 'cancelled', 'run-id': 'nope' }, /There is no run "nope"/]
    ]
    it.each(cases)('%s', async (_name, inputs, message) => {
      const { repo, runId, before } = await setup()
      const result = await scheduled(repo, { action: 'record', 'run-id': runId, ...inputs })
      expect(result.code).toBe(1)
      expect(result.errors.join('\n')).toMatch(message)
      expect(await refsUnder(repo)).toEqual(before)
    })

    it('a record after a terminal state', async () => {
      const { repo, runId } = await setup()
      await scheduled(repo, { action: 'record', 'run-id': runId, state: 'cancelled' })
      const before = await refsUnder(repo)
      const result = await scheduled(repo, {
        action: 'record',
        'run-id': runId,
        state: 'dispatched'
      })
      expect(result.code).toBe(1)
      expect(result.errors.join('\n')).toMatch(/terminal/)
      expect(await refsUnder(repo)).toEqual(before)
    })

    it('a broken chain: plan fails and names the sequence', async () => {
      const { repo, runId, before } = await setup()
      const ledger = Object.keys(before).find(ref => ref.includes('/runs/')) as string
      // Replace the ledger head with a record whose run id is not the run's.
      await scheduled(repo, { action: 'record', 'run-id': runId, state: 'dispatched' })
      const body = (await git(repo, 'cat-file', 'commit', await headOf(repo, ledger))).replace(
        `"run_id":"${runId}"`,
        '"run_id":"forged"'
      )
      const { execFileSync } = await import('node:child_process')
      const forged = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], {
        cwd: repo,
        input: body
      })
        .toString()
        .trim()
      await git(repo, 'update-ref', ledger, forged)
      const plan = await scheduled(repo, { action: 'plan', 'run-id': 'forged' })
      expect(plan.code).toBe(1)
      const byKey = await scheduled(repo, {
        action: 'plan',
        'dispatch-key': 'v1/issues/123456789/42/labeled/agent:run'
      })
      expect(byKey.code).toBe(1)
      expect(byKey.errors.join('\n')).toMatch(/broken at sequence 2/)
    })
  })
})
