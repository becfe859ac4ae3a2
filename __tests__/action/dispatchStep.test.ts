/**
 * The dispatch and recover steps in-process (src/main.ts with @actions/core replaced):
 * inputs mapped to the commands, clear errors that write nothing, the command driver through
 * the step, and event text kept inert in the summary.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import { readdir } from 'node:fs/promises'
import { withAction, type ActionRun } from '../../scripts/runner.js'
import { exampleEvent } from '../support/events.js'
import * as core from '../support/fakeCore.js'
import { cleanupRepos, makeRepo, refsUnder } from '../support/repo.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../src/main.js')
const { inProcess } = await import('../support/inProcess.js')
const step = inProcess(run)

afterAll(cleanupRepos)

async function labeled(workspace: string, extra: Partial<ActionRun> = {}) {
  const event = await exampleEvent('issues-labeled.json')
  // No line break: a key with a control character is refused outright (docs/design/writers.md).
  ;(event.label as { name: string }).name = 'agent:run $(touch pwned) <img src=x> # Approved'
  return step({ workspace, eventName: 'issues', event, runId: 501, ...extra })
}

async function admitted() {
  const repo = await makeRepo()
  expect((await labeled(repo)).failures).toEqual([])
  return { repo, refs: await refsUnder(repo) }
}

describe('dispatch: bad input gets a clear error and writes nothing', () => {
  it.each<[string, Record<string, string>, RegExp]>([
    [
      'no driver',
      { action: 'dispatch' },
      /needs the driver input \(workflow or command\)|workflow \(GitHub/
    ],
    [
      'an unknown driver',
      { action: 'dispatch', driver: 'lambda' },
      /The driver input must be workflow or command, not "lambda"\./
    ],
    [
      'driver command without run',
      { action: 'dispatch', driver: 'command' },
      /needs the run input/
    ],
    [
      'driver workflow without workflow',
      { action: 'dispatch', driver: 'workflow', token: 't' },
      /needs the workflow input/
    ],
    [
      'a numeric workflow id',
      { action: 'dispatch', driver: 'workflow', workflow: '161335', token: 't' },
      /not a workflow file/
    ],
    [
      'inputs that set dispatch_key',
      {
        action: 'dispatch',
        driver: 'workflow',
        workflow: 'agent.yml',
        token: 't',
        inputs: '{"dispatch_key":"x"}'
      },
      /may not set dispatch_key/
    ],
    [
      'inputs that are not strings',
      {
        action: 'dispatch',
        driver: 'workflow',
        workflow: 'agent.yml',
        token: 't',
        inputs: '{"n":1}'
      },
      /JSON object of strings/
    ],
    [
      'a bad timeout',
      { action: 'dispatch', driver: 'command', run: 'true', 'timeout-seconds': '0' },
      /timeout-seconds input must be a whole number of seconds/
    ]
  ])('%s', async (_name, withInputs, message) => {
    const { repo, refs } = await admitted()
    const result = await labeled(repo, {
      ...withAction(withInputs),
      env: { GITHUB_REPOSITORY: 'o/r' }
    })
    expect(result.failures.join('\n')).toMatch(message)
    expect(await refsUnder(repo)).toEqual(refs)
  })
})

describe('dispatch through the step with the command driver', () => {
  it('sends once, reports the outputs, keeps event text inert', async () => {
    const { repo } = await admitted()
    const result = await labeled(repo, {
      action: 'dispatch',
      with: {
        driver: 'command',
        run: 'echo "{\\"job\\":\\"j-1\\"}"'
      }
    })
    expect(result.failures).toEqual([])
    expect(result.outputs).toMatchObject({
      owner: 'true',
      sent: 'true',
      submission_state: 'submitted',
      external_ids: '{"job":"j-1"}',
      recovery_action: 'observe_provider'
    })
    expect(result.summary).not.toMatch(/<img/)
    expect(await readdir(repo)).not.toContain('pwned')
    // Called again (a later step, a re-run): nothing sent.
    const again = await labeled(repo, {
      action: 'dispatch',
      with: { driver: 'command', run: 'exit 99' }
    })
    expect(again.failures).toEqual([])
    expect(again.outputs).toMatchObject({ sent: 'false', submission_state: 'submitted' })
  })

  it('another workflow run: owner=false, sent=false, success', async () => {
    const { repo, refs } = await admitted()
    const result = await labeled(repo, {
      runId: 502,
      action: 'dispatch',
      with: { driver: 'command', run: 'touch sent-by-502' }
    })
    expect(result.failures).toEqual([])
    expect(result.outputs).toMatchObject({ owner: 'false', sent: 'false', recovery_action: 'none' })
    expect(await readdir(repo)).not.toContain('sent-by-502')
    expect(await refsUnder(repo)).toEqual(refs)
  })

  it('an unresolved attempt fails the step for an operator, and says so', async () => {
    const { repo } = await admitted()
    const result = await labeled(repo, {
      action: 'dispatch',
      with: { driver: 'command', run: 'exit 1' }
    })
    expect(result.failures.join('\n')).toMatch(/An operator must resolve it/)
    expect(result.outputs).toMatchObject({
      sent: 'true',
      submission_state: 'ambiguous',
      recovery_action: 'reconcile_provider'
    })
  })
})

describe('recover: bad input', () => {
  it('on another event: a clear error, nothing written', async () => {
    const { repo, refs } = await admitted()
    const result = await labeled(repo, {
      action: 'recover',
      with: { token: 't' },
      env: { GITHUB_REPOSITORY: 'o/r' }
    })
    expect(result.failures.join('\n')).toMatch(/runs on the workflow_run event/)
    expect(await refsUnder(repo)).toEqual(refs)
  })

  it('a bad max-attempts: a clear error', async () => {
    const repo = await makeRepo()
    const result = await step({
      workspace: repo,
      eventName: 'workflow_run',
      event: await exampleEvent('workflow_run-failure.json'),
      action: 'recover',
      with: { 'max-attempts': 'many' }
    })
    expect(result.failures.join('\n')).toMatch(
      /max-attempts input must be a whole number from 1 to 99/
    )
    expect(await refsUnder(repo)).toEqual({})
  })
})
