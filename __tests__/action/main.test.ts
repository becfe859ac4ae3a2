/**
 * Issue 8's defects that show at the action's surface, each through the adapter in-process
 * (src/main.ts with @actions/core replaced): summaries that cannot be injected into, outputs
 * that describe the run as it is now, keys and run ids without control characters, stored
 * payloads never silently changed, and error messages whose suggested fix works.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import * as core from '../support/fakeCore.js'
import { cleanupRepos, makeRepo, refsUnder } from '../support/repo.js'
import { withAction } from '../../scripts/runner.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../src/main.js')
const { inProcess, labeledIssue } = await import('../support/inProcess.js')
const step = inProcess(run)

afterAll(cleanupRepos)

async function admitted(runId = 501) {
  const repo = await makeRepo()
  const admit = await labeledIssue(step, repo, { runId })
  return { repo, runId: admit.outputs.run_id as string }
}

/** A step of a sweep or operator workflow naming the run (scheduled: no event to derive from). */
function named(workspace: string, inputs: Record<string, string>) {
  return step({ workspace, eventName: 'schedule', event: {}, runId: 9000, ...withAction(inputs) })
}

const INJECTION = 'ik\n\n# Approved by security team\n\n[Click to approve](https://evil.example)'
const SUBMITTED = (ids: Record<string, string>) =>
  JSON.stringify({ provider: { driver: 'd', submission_state: 'submitted', external_ids: ids } })

describe('text safety in the job summary (defect 3)', () => {
  it('an input_key and a failure code cannot add a heading, a link or an image', async () => {
    const { repo, runId } = await admitted()
    const intent = await named(repo, {
      action: 'record',
      'run-id': runId,
      state: 'dispatched',
      record: JSON.stringify({ input_key: INJECTION })
    })
    expect(intent.failures).toEqual([])
    const failed = await named(repo, {
      action: 'record',
      'run-id': runId,
      state: 'attempt_failed',
      record: JSON.stringify({
        failure: {
          code: '\n\n![x](https://evil.example/x.png)',
          classification: 'provider',
          retryable: false
        }
      })
    })
    expect(failed.failures).toEqual([])
    for (const summary of [intent.summary, failed.summary]) {
      expect(summary).not.toMatch(/^\s*#+ Approved/m)
      expect(summary).not.toMatch(/\[Click to approve\]\(/)
      expect(summary).not.toMatch(/!\[x\]\(/)
      // Every line of the summary is markup the action wrote, not a value's line.
      for (const line of summary.split('\n')) expect(line).not.toMatch(/^(# |\[|!\[)/)
    }
    expect(intent.summary).toContain(
      'ik⏎⏎&#35; Approved by security team⏎⏎&#91;Click to approve&#93;'
    )
  })
})

describe('outputs describe the run as it is now (defect 4)', () => {
  it('a duplicate record after the run ended reports the ended run, duplicate=true', async () => {
    const { repo, runId } = await admitted()
    const payload = {
      action: 'record',
      'run-id': runId,
      state: 'dispatched',
      record: '{"input_key":"k2"}'
    }
    expect((await named(repo, payload)).outputs.sequence).toBe('2')
    await named(repo, { action: 'record', 'run-id': runId, state: 'cancelled' })
    const again = await named(repo, payload)
    expect(again.failures).toEqual([])
    expect(again.outputs).toMatchObject({
      duplicate: 'true',
      recorded: 'false',
      state: 'cancelled',
      terminal: 'true',
      sequence: '3',
      recovery_action: 'none'
    })
    expect(again.summary).toContain('already recorded at sequence 2')
    expect(again.summary).toContain('now at sequence 3 (cancelled)')
  })
})

describe('control characters in names (defect 6)', () => {
  it.each([
    ['SOH', '\u0001'],
    ['TAB', '\t'],
    ['LF', '\n'],
    ['DEL', '\u007f'],
    ['U+0085', '\u0085'],
    ['U+2028', '\u2028']
  ])('a dispatch-key with %s is refused and nothing is admitted', async (_, c) => {
    const repo = await makeRepo()
    const result = await labeledIssue(step, repo, {
      runId: 1,
      with: { 'dispatch-key': `deploy${c}1` }
    })
    expect(result.failures.join('\n')).toMatch(
      /^The dispatch-key input contains the control character/
    )
    expect(await refsUnder(repo)).toEqual({})
  })

  it('a run-id with a line break is refused', async () => {
    const repo = await makeRepo()
    const result = await labeledIssue(step, repo, { with: { 'run-id': 'run\n# heading' } })
    expect(result.failures.join('\n')).toMatch(
      /^The run-id input "run\\n# heading" is not a valid run id/
    )
    expect(await refsUnder(repo)).toEqual({})
  })
})

describe('stored payloads are never silently changed (defect 7)', () => {
  it('external_ids named __proto__ are refused, not dropped', async () => {
    const { repo, runId } = await admitted()
    const before = await refsUnder(repo)
    const result = await named(repo, {
      action: 'record',
      'run-id': runId,
      state: 'dispatched',
      record:
        '{"provider":{"driver":"d","submission_state":"submitted","external_ids":{"__proto__":"x"}}}'
    })
    expect(result.failures.join('\n')).toMatch(/provider\.external_ids.*__proto__/)
    expect(await refsUnder(repo)).toEqual(before)
  })

  it('a repeated input_key whose payload leaves a field out is a conflict, not a duplicate', async () => {
    const { repo, runId } = await admitted()
    const first = await named(repo, {
      action: 'record',
      'run-id': runId,
      state: 'dispatched',
      record: JSON.stringify({ ...JSON.parse(SUBMITTED({ job: 'j1' })), input_key: 'submit' })
    })
    expect(first.failures).toEqual([])
    const before = await refsUnder(repo)
    const bare = await named(repo, {
      action: 'record',
      'run-id': runId,
      state: 'dispatched',
      record: '{"input_key":"submit"}'
    })
    expect(bare.failures.join('\n')).toMatch(
      /already recorded at sequence 2 with a different provider/
    )
    expect(await refsUnder(repo)).toEqual(before)
  })
})

describe('error messages whose fix works (defect 8)', () => {
  it('a record that is not JSON suggests an example that is itself accepted', async () => {
    const { repo, runId } = await admitted()
    const bad = await named(repo, {
      action: 'record',
      'run-id': runId,
      state: 'dispatched',
      record: '{bad'
    })
    const message = bad.failures.join('\n')
    expect(message).toMatch(/^The record input is not valid JSON/)
    const example = /for example record: '(.+)'\./.exec(message)?.[1]
    expect(example).toBeDefined()
    const good = await named(repo, {
      action: 'record',
      'run-id': runId,
      state: 'dispatched',
      record: example as string
    })
    expect(good.failures).toEqual([])
  })

  it('an invalid record names the input once and the field', async () => {
    const { repo, runId } = await admitted()
    const bad = await named(repo, {
      action: 'record',
      'run-id': runId,
      state: 'dispatched',
      record: '{"provider":{"driver":"d","submission_state":"maybe","external_ids":{}}}'
    })
    const message = bad.failures.join('\n')
    expect(message).toMatch(/^The record input is invalid: provider\.submission_state: /)
    expect(message.match(/record input/g)).toHaveLength(1)
  })
})

describe('retention-days at the surface', () => {
  it.each(['30', '89', '1'])(
    'retention-days %s is refused with the reason, and nothing is written',
    async days => {
      const repo = await makeRepo()
      const ran = await labeledIssue(step, repo, {
        runId: 601,
        ...withAction({ 'retention-days': days })
      })
      expect(ran.failures.join('\n')).toMatch(
        new RegExp(`retention-days\` input ${days} is refused: GitHub re-runs a workflow up to 30`)
      )
      expect(await refsUnder(repo)).toEqual({})
    }
  )

  it('retention-days 90 is accepted: the key is admitted', async () => {
    const repo = await makeRepo()
    const ran = await labeledIssue(step, repo, {
      runId: 602,
      ...withAction({ 'retention-days': '90' })
    })
    expect(ran.failures).toEqual([])
    expect(ran.outputs.created).toBe('true')
  })
})
