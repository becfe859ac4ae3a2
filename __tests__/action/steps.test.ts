/**
 * The action's adapter in-process (src/main.ts and src/action/*), with @actions/core replaced
 * as the official template does: editing a step and running this file tests the source, not a
 * stale bundle. Every step runs against a real repository.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import * as core from '../support/fakeCore.js'
import { cleanupRepos, entryAt, makeRepo, refsUnder } from '../support/repo.js'
import { LABELED_KEY, exampleEvent } from '../support/events.js'
import type { LedgerRecord } from '../../src/core/record.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../src/main.js')
const { inProcess, labeledIssue } = await import('../support/inProcess.js')
const step = inProcess(run)

afterAll(cleanupRepos)

describe('admit', () => {
  it('admits once, replays for a re-run, and tells another workflow run it is not the owner', async () => {
    const repo = await makeRepo()
    const first = await labeledIssue(step, repo, { runId: 501 })
    expect(first.failures).toEqual([])
    expect(first.outputs).toMatchObject({
      created: 'true',
      owner: 'true',
      dispatch_key: LABELED_KEY,
      state: 'admitted',
      recovery_action: 'dispatch'
    })
    expect(first.summary).toContain('admitted the dispatch')
    const rerun = await labeledIssue(step, repo, { runId: 501, runAttempt: 2 })
    expect(rerun.outputs).toMatchObject({ created: 'false', owner: 'true' })
    const other = await labeledIssue(step, repo, { runId: 502 })
    expect(other.outputs).toMatchObject({
      created: 'false',
      owner: 'false',
      run_id: first.outputs.run_id,
      recovery_action: 'none'
    })
  })

  it("a non-owner's summary links the owning workflow run, on the server the runner names, escaped", async () => {
    const repo = await makeRepo()
    const first = await labeledIssue(step, repo, { runId: 501 })
    expect(first.summary).not.toContain('Owning workflow run')
    const other = await labeledIssue(step, repo, { runId: 502 })
    expect(other.outputs.owner).toBe('false')
    expect(other.summary).toContain(
      `<p>Owning workflow run: <a href="https://github.com/octo-org/octo-repo/actions/runs/501">workflow run 501</a> (run id <code>${first.outputs.run_id}</code>).</p>`
    )
    const enterprise = await labeledIssue(step, repo, {
      runId: 503,
      env: { GITHUB_SERVER_URL: 'https://ghe.example.com' }
    })
    expect(enterprise.summary).toContain(
      'href="https://ghe.example.com/octo-org/octo-repo/actions/runs/501"'
    )
    // A server URL that would break out of the attribute is escaped like every other value.
    const hostile = await labeledIssue(step, repo, {
      runId: 504,
      env: { GITHUB_SERVER_URL: 'https://x"><img>' }
    })
    expect(hostile.summary).not.toMatch(/x"><img>|<img/)
    expect(hostile.summary).toContain('href="https://x&#34;&#62;&#60;img&#62;/octo-org/')
  })

  it('a run id that names no workflow run (given by hand), or no repository, links nothing', async () => {
    const { owningRunLink } = await import('../../src/action/admitStep.js')
    const url = (id: string) => `https://github.com/o/r/actions/runs/${id}`
    expect(owningRunLink('release-v1', url)).toBeUndefined()
    expect(owningRunLink('gh-501-f282f34c55fc', null)).toBeUndefined()
    expect(owningRunLink('gh-501-f282f34c55fc', url)).toContain(
      'href="https://github.com/o/r/actions/runs/501"'
    )
  })

  it('writes the writer of the first record from the runner environment (docs/design/writers.md)', async () => {
    const repo = await makeRepo()
    const admitted = await labeledIssue(step, repo, { runId: 501, runAttempt: 3 })
    const record = (await entryAt(repo, admitted.outputs.ledger_ref as string)) as {
      writer: unknown
    }
    expect(record.writer).toEqual({
      github_run_id: '501',
      run_attempt: 3,
      workflow_ref: 'octo-org/octo-repo/.github/workflows/ledger.yml@refs/heads/main'
    })
  })

  it('a conflict fails the step by default and names the input to change', async () => {
    const repo = await makeRepo()
    await labeledIssue(step, repo, { runId: 501 })
    const changed = await labeledIssue(step, repo, {
      runId: 502,
      with: { request: '{"model":"large"}' }
    })
    expect(changed.outputs.conflict).toBe('true')
    expect(changed.failures.join('\n')).toMatch(/already admitted.*on-conflict input to output/)
  })

  it('input errors name the action input, not the command field', async () => {
    const repo = await makeRepo()
    const bad = await labeledIssue(step, repo, {
      runId: 501,
      with: { 'initial-state': 'dispatched' }
    })
    expect(bad.failures.join('\n')).toMatch(/^The initial-state input must be admitted or proposed/)
    expect(await refsUnder(repo)).toEqual({})
  })
})

describe('admit in a receiver (a workflow_dispatch whose inputs carry dispatch_key)', () => {
  const receiverEvent = async () => ({
    ...(await exampleEvent('workflow_dispatch.json')),
    inputs: { issue: '42', dispatch_key: 'gh-501-0123456789ab/a1' }
  })
  const receive = async (repo: string, runId: number) =>
    step({ workspace: repo, eventName: 'workflow_dispatch', event: await receiverEvent(), runId })

  it('tells the owner to run the work, and keeps the machine outputs as they are', async () => {
    const repo = await makeRepo()
    const owner = await receive(repo, 601)
    expect(owner.failures).toEqual([])
    // Workflows test these values in if: expressions; they are the same for every admit.
    expect(owner.outputs).toMatchObject({
      owner: 'true',
      created: 'true',
      state: 'admitted',
      recovery_action: 'dispatch',
      authority_required: 'dispatch'
    })
    expect(owner.outputs.recovery_reason).toMatch(
      /^This workflow run received this dispatch .*: run the work/
    )
    expect(owner.outputs.recovery_reason).not.toMatch(/dispatch gate|call the provider/)
    expect(owner.summary).toMatch(/Run the work\./)
    expect(owner.summary).not.toMatch(/Dispatch the work|dispatch gate/)
    expect(owner.summary).toMatch(/next action.*run the work/)

    const duplicate = await receive(repo, 602)
    expect(duplicate.outputs).toMatchObject({ owner: 'false', recovery_action: 'none' })
    expect(duplicate.summary).toMatch(/Do not run the work/)
    expect(duplicate.summary).not.toMatch(/Do not dispatch/)
  })

  it('an event without dispatch_key is a request to dispatch, and says so', async () => {
    const repo = await makeRepo()
    const coordinator = await step({
      workspace: repo,
      eventName: 'workflow_dispatch',
      event: await exampleEvent('workflow_dispatch.json'),
      runId: 603
    })
    expect(coordinator.summary).toMatch(/Dispatch the work\./)
    expect(coordinator.outputs.recovery_reason).toMatch(/dispatch gate/)
  })
})

describe('preview', () => {
  it('says what admit would do and writes nothing', async () => {
    const repo = await makeRepo()
    const before = await labeledIssue(step, repo, { runId: 9, action: 'preview' })
    expect(before.failures).toEqual([])
    expect(before.outputs).toMatchObject({ recovery_action: 'admit', owner: 'false' })
    expect(await refsUnder(repo)).toEqual({})
    await labeledIssue(step, repo, { runId: 9 })
    const replay = await labeledIssue(step, repo, { runId: 9, action: 'preview' })
    expect(replay.outputs).toMatchObject({ owner: 'true', state: 'admitted' })
    expect(replay.summary).toContain('exact replay')
  })
})

describe('record and plan', () => {
  it('a workflow run that does not own the run selected from the event cannot record (docs/design/writers.md)', async () => {
    const repo = await makeRepo()
    const owner = await labeledIssue(step, repo, { runId: 501 })
    const before = await refsUnder(repo)
    const intruder = await labeledIssue(step, repo, {
      runId: 502,
      action: 'record',
      with: { state: 'cancelled' }
    })
    expect(intruder.failures.join('\n')).toMatch(
      new RegExp(
        `does not own run ${owner.outputs.run_id}.*admitted by workflow run 501.*run-id input`
      )
    )
    expect(await refsUnder(repo)).toEqual(before)

    // The owner (a later step of run 501) may; so may anyone naming the run deliberately.
    const own = await labeledIssue(step, repo, {
      runId: 501,
      action: 'record',
      with: { state: 'dispatched' }
    })
    expect(own.failures).toEqual([])
    expect(own.outputs).toMatchObject({ owner: 'true', sequence: '2', recorded: 'true' })
    const deliberate = await labeledIssue(step, repo, {
      runId: 777,
      action: 'record',
      with: { 'run-id': owner.outputs.run_id as string, state: 'cancelled' }
    })
    expect(deliberate.failures).toEqual([])
    expect(deliberate.outputs).toMatchObject({ owner: 'false', state: 'cancelled' })
    const cancelled = (await entryAt(repo, owner.outputs.ledger_ref as string)) as {
      writer: { github_run_id: string }
    }
    expect(cancelled.writer.github_run_id).toBe('777')
  })

  it('plan reports the run, its owner flag and the ledger', async () => {
    const repo = await makeRepo()
    const admitted = await labeledIssue(step, repo, { runId: 501 })
    const plan = await step({
      workspace: repo,
      eventName: 'schedule',
      event: {},
      runId: 9000,
      action: 'plan',
      with: { 'dispatch-key': LABELED_KEY }
    })
    expect(plan.failures).toEqual([])
    expect(plan.outputs).toMatchObject({
      run_id: admitted.outputs.run_id,
      owner: 'false',
      state: 'admitted',
      recovery_action: 'dispatch'
    })
    expect(plan.summary).toContain('#### Ledger')
  })
})

describe('scan', () => {
  it('lists the open runs', async () => {
    const repo = await makeRepo()
    const admitted = await labeledIssue(step, repo, { runId: 501 })
    const scan = await step({
      workspace: repo,
      eventName: 'schedule',
      event: {},
      action: 'scan'
    })
    expect(scan.failures).toEqual([])
    const runs = JSON.parse(scan.outputs.runs as string) as Array<{ run_id: string }>
    expect(runs.map(r => r.run_id)).toEqual([admitted.outputs.run_id])
    expect(scan.summary).toContain(
      '1 run in refs/dispatch-ledger; 1 not terminal; 0 orphans (no admission admits them: nothing acts on them); 0 do not verify.'
    )
    expect(scan.summary).not.toMatch(/\b1 runs\b/)
    // Listed as `dispatch-ledger status` lists it: key, age and the writer's workflow run.
    expect(scan.summary).toContain(
      '| run id | dispatch key | state | seq | next action | gate | age | workflow run |'
    )
    expect(scan.summary).toMatch(
      new RegExp(
        `\\| ${admitted.outputs.run_id} \\| ${LABELED_KEY} \\| admitted \\| 1 \\| dispatch \\| dispatch \\| \\d+[smhd] ago \\| https://[^ ]+/actions/runs/501 \\|`
      )
    )
  })

  it('lists a ledger that no admission admits as an orphan, with no next action', async () => {
    const repo = await makeRepo()
    const admitted = await labeledIssue(step, repo, { runId: 501 })
    // The admitted run's chain, copied by hand under another run id's ledger: record 1 is
    // rewritten for that run, so it verifies, but no admission names it.
    const { LocalStore } = await import('../../src/store/localStore.js')
    const { Git } = await import('../../src/store/git.js')
    const { recordCommit } = await import('../../src/core/entry.js')
    const { ledgerRef } = await import('../../src/core/refs.js')
    const first = (await entryAt(repo, admitted.outputs.ledger_ref as string)) as LedgerRecord
    const store = new LocalStore(new Git(repo))
    const [oid] = await store.writeEntries([recordCommit({ ...first, run_id: 'orphan' }, null)])
    await store.createRefs([
      { ref: ledgerRef('refs/dispatch-ledger', 'orphan'), oid: oid as string }
    ])
    const scan = await step({
      workspace: repo,
      eventName: 'schedule',
      event: {},
      action: 'scan'
    })
    expect(scan.failures).toEqual([])
    const runs = JSON.parse(scan.outputs.runs as string) as Array<Record<string, unknown>>
    const byId = new Map(runs.map(r => [r.run_id, r]))
    expect(byId.get(admitted.outputs.run_id)).toMatchObject({ recovery_action: 'dispatch' })
    expect(byId.get('orphan')).not.toHaveProperty('recovery_action')
    expect(byId.get('orphan')?.orphan).toMatch(/is admitted to another run/)
    expect(scan.summary).toContain(`| orphan | ${LABELED_KEY} | orphan (admitted) | 1 | none | |`)
    expect(scan.summary).toContain(
      '2 runs in refs/dispatch-ledger; 1 not terminal; 1 orphan (no admission admits it: nothing acts on it); 0 do not verify.'
    )
    expect(scan.warnings.join('\n')).toMatch(/Run "orphan" .* is an orphan/)
  })
})
