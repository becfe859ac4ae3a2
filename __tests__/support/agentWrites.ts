/**
 * examples/workflows/agent-writes.yml's story (docs/recipes.md, "Agent writes exactly once"),
 * run by the local workflow runner against a real origin and the fake GitHub API: the first
 * attempt's pull request answer is lost after GitHub made it, and the job is killed before its
 * comment; the event is delivered again; the run is re-run twice. One branch, one pull request,
 * one comment.
 */
import { expect } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { markersIn } from '../../src/core/effect/artifacts.js'
import type { TestOrigin } from '../../scripts/workflow/origin.js'
import type { WorkflowRun } from '../../scripts/workflow/run.js'
import { git } from './repo.js'
import { example, newRunId, scenario } from './workflowScenario.js'

const FILE = 'agent-writes.yml'

/** The effect steps' outputs of one run (branch, pull request, comment), or {} when skipped. */
function writes(run: WorkflowRun): Array<Record<string, string>> {
  return run.jobs.agent!.steps.slice(3).map(step => step.outputs)
}

export async function agentWritesHappyPath(
  origin: TestOrigin,
  labeled: Record<string, unknown>
): Promise<void> {
  const api = origin.api!
  const s = await scenario(origin, {
    file: example(FILE),
    content: await readFile(example(FILE), 'utf8'),
    labeled
  })
  const ours = async (what: 'pulls' | 'comments') =>
    (await api.settled())[what].filter(w =>
      markersIn(w.body).some(m => m.id.startsWith(`gh-${runId}-`))
    )
  const runId = newRunId()
  await api.resetCounts()

  // Attempt 1: GitHub makes the pull request but its answer is lost; the job is then killed
  // before the comment step (index 5: checkout, admit, agent, branch, pull request, comment).
  await api.fault('createPull', { kind: 'commit-then-drop' })
  const first = await s.deliver({
    runId,
    beforeStep: at => (at.index === 5 ? 'kill' : undefined)
  })
  expect(first.conclusion).toBe('failure')
  expect(
    writes(first)
      .slice(0, 2)
      .map(o => [o.operation_state, o.sent])
  ).toEqual([
    ['terminal_committed', 'true'],
    ['terminal_committed', 'true']
  ])
  expect(await ours('pulls')).toHaveLength(1)
  expect(await ours('comments')).toHaveLength(0)

  // The same event delivered again: another workflow run, not the owner, writes nothing.
  const redelivered = await s.deliver()
  expect(redelivered.conclusion).toBe('success')
  expect(redelivered.jobs.agent!.steps[1]!.outputs.owner).toBe('false')
  expect(writes(redelivered).every(o => Object.keys(o).length === 0)).toBe(true)

  // Attempt 2 re-runs the failed job: the branch and the pull request are found recorded and
  // sent no more; the comment is sent once, naming the pull request.
  const second = await s.deliver({ runId, runAttempt: 2, rerunOf: first })
  expect(second.conclusion).toBe('success')
  const [branch, pr, comment] = writes(second)
  expect([branch!.sent, pr!.sent, comment!.sent]).toEqual(['false', 'false', 'true'])
  // Attempt 3, a re-run of every job: nothing is sent.
  const third = await s.deliver({ runId, runAttempt: 3 })
  expect(third.conclusion).toBe('success')
  expect(writes(third).map(o => o.sent)).toEqual(['false', 'false', 'false'])

  const [pull] = await ours('pulls')
  const comments = await ours('comments')
  expect(comments).toHaveLength(1)
  expect(comments[0]!.body).toContain(`I opened ${pull!.html_url} for this issue.`)
  expect(pr!.url).toBe(pull!.html_url)
  expect(await api.count('createPull')).toBe(1)
  expect(await api.count('createComment')).toBe(1)
  // The branch is the agent's commit, made once; the agent itself ran in each attempt only.
  const heads = await git(
    origin.bareDir,
    'for-each-ref',
    '--format=%(objectname)',
    'refs/heads/agent/'
  )
  expect(heads.trim()).toBe(branch!.id)
  expect(await s.starts()).toEqual([1, 2, 3].map(() => `commit-agent ${s.number}`))
}
