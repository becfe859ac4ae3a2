/**
 * The operate step in-process (src/main.ts and src/action/operateStep.ts), with @actions/core
 * replaced as the official template does, against a real repository. No token: the
 * association decides and nothing is posted (the API side is in operateApi.test.ts).
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import * as core from '../support/fakeCore.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { commentEvent, runIn, type CommentOptions } from '../support/operator.js'
import { cleanupRepos, entryAt, makeRepo, refsUnder } from '../support/repo.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../src/main.js')
const { inProcess } = await import('../support/inProcess.js')
const step = inProcess(run)

afterAll(cleanupRepos)

const RUN = 'gh-501-f282f34c55fc'

async function awaiting() {
  const repo = await makeRepo()
  const ledger = await runIn(new LocalStore(new Git(repo)), RUN, 'awaiting')
  return { repo, ledger }
}

function operate(
  workspace: string,
  body: string,
  options: { comment?: CommentOptions; with?: Record<string, string> } = {}
) {
  return step({
    workspace,
    eventName: 'issue_comment',
    event: commentEvent(body, options.comment),
    runId: 700,
    runAttempt: 2,
    action: 'operate',
    with: { ...options.with }
  })
}

describe('operate step', () => {
  it('maps the outcome to outputs, records the writer, and shows comment text only as text', async () => {
    const { repo, ledger } = await awaiting()
    const result = await operate(repo, `/ledger approve ${RUN} ok <b>bold</b>`)
    expect(result.failures).toEqual([])
    expect(result.outputs).toMatchObject({
      verb: 'approve',
      outcome: 'applied',
      settled_outcome: 'approved',
      recorded: 'true',
      run_id: RUN,
      state: 'decided',
      terminal: 'true',
      recovery_action: 'none',
      ledger_ref: ledger
    })
    const record = (await entryAt(repo, ledger)) as Record<string, unknown>
    expect(record).toMatchObject({
      trigger: 'operator',
      note: 'ok <b>bold</b>',
      writer: { github_run_id: '700', run_attempt: 2 }
    })
    expect(result.summary).toContain('operate')
    expect(result.summary).not.toContain('<b>')
  })

  it('an edited comment is noted in the summary and never executed', async () => {
    const { repo } = await awaiting()
    const before = await refsUnder(repo)
    const result = await operate(repo, `/ledger approve ${RUN}`, { comment: { action: 'edited' } })
    expect(result.failures).toEqual([])
    expect(result.outputs).toMatchObject({ verb: 'approve', outcome: 'noop', recorded: 'false' })
    expect(result.summary).toContain('edited comment is never executed')
    expect(await refsUnder(repo)).toEqual(before)
  })

  it.each([
    [{ prefix: '/led ger' }, /prefix input is invalid/],
    [{ operators: 'OWNER,ADMINS' }, /operators input holds "ADMINS"/],
    [{ 'operator-permission': 'none' }, /operator-permission input/],
    [{ reply: 'maybe' }, /The reply input must be true or false, not "maybe"/]
  ])('bad input %j fails naming the input, writing nothing', async (inputs, message) => {
    const { repo } = await awaiting()
    const before = await refsUnder(repo)
    const result = await operate(repo, `/ledger approve ${RUN}`, { with: inputs })
    expect(result.failures.join('\n')).toMatch(message)
    expect(await refsUnder(repo)).toEqual(before)
  })

  it('runs only on issue_comment', async () => {
    const { repo } = await awaiting()
    const result = await step({
      workspace: repo,
      eventName: 'issues',
      event: {},
      action: 'operate'
    })
    expect(result.failures.join('\n')).toMatch(/runs on issue_comment events, not "issues"/)
  })
})
