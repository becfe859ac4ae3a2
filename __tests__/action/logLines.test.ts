/**
 * The action's log lines are inert (docs/design/writers.md#text-safety): a warning or a failure
 * that quotes a forged field's name (a schema library's message) or a run id with a
 * bidirectional control reaches the workflow log as escapes, each one line. In-process, with
 * @actions/core replaced, on a real repository.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import * as core from '../support/fakeCore.js'
import { ledgerRef } from '../../src/core/refs.js'
import { withAction } from '../../scripts/runner.js'
import { exampleEvent } from '../support/events.js'
import { activeIn, FIELD, FIELD_BIDI, forgeHeadFields, LABEL } from '../support/inert.js'
import { cleanupRepos, makeRepo } from '../support/repo.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../src/main.js')
const { inProcess, labeledIssue } = await import('../support/inProcess.js')
const step = inProcess(run)

afterAll(cleanupRepos)

const NS = 'refs/dispatch-ledger'

function named(workspace: string, inputs: Record<string, string>) {
  return step({ workspace, eventName: 'schedule', event: {}, runId: 9000, ...withAction(inputs) })
}

/** Every line the action logged, none of which may hold a character a log would act on. */
function expectInert(lines: readonly string[]) {
  expect(lines.length).toBeGreaterThan(0)
  for (const line of lines) expect(activeIn(line, { lineBreak: 'active' })).toBeNull()
}

describe('log lines that quote stored text', () => {
  it('a forged field name in a run: scan warns and plan fails, escaped', async () => {
    const repo = await makeRepo()
    const event = await exampleEvent('issues-labeled.json')
    ;(event.label as Record<string, unknown>).name = LABEL
    const admitted = await labeledIssue(step, repo, { runId: 501, event })
    expect(admitted.failures).toEqual([])
    const runId = admitted.outputs.run_id as string
    await forgeHeadFields(repo, ledgerRef(NS, runId), { [FIELD]: 1, [FIELD_BIDI]: 2 })

    const scan = await named(repo, { action: 'scan' })
    expectInert(scan.warnings)
    expectInert(scan.infos)
    expect(scan.warnings.join('\n')).toContain('x\\u001b]0;PWNED\\u0007\\u001b[2Jy')
    expect(scan.warnings.join('\n')).toContain('y\\u202e\\u0085z')

    const plan = await named(repo, { action: 'plan', 'run-id': runId })
    expectInert(plan.failures)
    expect(plan.failures.join('\n')).toContain('x\\u001b]0;PWNED\\u0007\\u001b[2Jy')
    expect(activeIn(plan.summary, { lineBreak: 'layout' })).toBeNull()
  })

  it('a run id with a right-to-left override fails escaped', async () => {
    const repo = await makeRepo()
    const plan = await named(repo, { action: 'plan', 'run-id': `gh-1\u202e${LABEL}` })
    expectInert(plan.failures)
    expect(plan.failures.join('\n')).toContain('gh-1\\u202eagent\\u202erun')
  })
})

describe('the line that says what the step did', () => {
  it("is its summary's meaning, led by its title, one inert line, on a green step too", async () => {
    const repo = await makeRepo()
    const admitted = await labeledIssue(step, repo, { runId: 501 })
    expect(admitted.failures).toEqual([])
    expectInert(admitted.infos)
    expect(admitted.infos).toHaveLength(1)
    const [, title, meaning] = /^<h3>(.+)<\/h3>\n<p>(.+)<\/p>$/m.exec(admitted.summary) ?? []
    const text = (html: string) =>
      html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    expect(admitted.infos[0]).toBe(`${text(title!)}: ${text(meaning!)}`)
    // Led by the title: never a line the runner would take for a workflow command.
    expect(admitted.infos[0]).toMatch(/^dispatch-ledger: admit: /)
  })
})
