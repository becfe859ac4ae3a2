/**
 * docs/troubleshooting.md's "Errors, by what the step says": every entry is keyed by a text a
 * step prints. Each is produced here by making that mistake in a published workflow, run by
 * the local workflow runner against a test origin and the fake GitHub API, and the entry's
 * fix then makes the next run pass. An entry without a mistake here, or a mistake whose error
 * no longer contains its entry's text, fails.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/runner.js'
import { completed, runDispatchedReceivers } from '../../scripts/workflow/actingGitHub.js'
import { WorkflowError } from '../../scripts/workflow/errors.js'
import { startOrigin, type TestOrigin } from '../../scripts/workflow/origin.js'
import { runWorkflow, stepLog, type WorkflowRun } from '../../scripts/workflow/run.js'
import { ROUTES } from '../../testkit/fakeGitHub/routes.js'
import { cleanupRepos, git, makeTempDir } from '../support/repo.js'

const PAGE = join(PROJECT_ROOT, 'docs/troubleshooting.md')
const LEDGER = 'octo-org/dispatch-ledger-state'
const example = (name: string) => readFile(join(PROJECT_ROOT, 'examples/workflows', name), 'utf8')

let origin: TestOrigin
let labeled: Record<string, unknown>
let runIds = 8100
let issues = 8100

beforeAll(async () => {
  origin = await startOrigin({
    seedDir: join(PROJECT_ROOT, 'scripts/workflow/fixtures'),
    fakeApi: { receiver: { mode: 'external' } },
    ledgerRepository: LEDGER
  })
  labeled = JSON.parse(
    await readFile(join(PROJECT_ROOT, 'examples/events/issues-labeled.json'), 'utf8')
  ) as Record<string, unknown>
})
afterAll(async () => {
  await origin.close()
  await cleanupRepos()
})

/**
 * The texts the page's error entries are keyed by: each code span of its `### \`…\``
 * headings (an entry for two texts names both, `### \`one\` or \`other\``).
 */
async function keyedTexts(): Promise<string[]> {
  const page = await readFile(PAGE, 'utf8')
  const section = page.slice(page.indexOf('## Errors, by what the step says'))
  const end = section.indexOf('\n## ', 1)
  const headings = [...(end === -1 ? section : section.slice(0, end)).matchAll(/^### (.+)$/gm)]
  return headings.flatMap(([, heading]) =>
    [...(heading as string).matchAll(/(`+) ?(.+?) ?\1(?!`)/g)].map(m => m[2] as string)
  )
}

interface Mistake {
  /** what the step printed for the mistake (its errors, outputs and summary) */
  made(): Promise<string>
  /** the run with the entry's fix */
  fixed(): Promise<WorkflowRun>
}

function deliver(
  content: string,
  options: { event?: Record<string, unknown>; eventName?: string; issue?: number } = {}
) {
  const issue = { ...(labeled.issue as object), number: options.issue ?? issues++ }
  return makeTempDir().then(dir =>
    runWorkflow({
      file: 'workflow.yml',
      content,
      event: options.event ?? { ...labeled, issue },
      eventName: options.eventName,
      origin,
      runId: runIds++,
      machineEnv: { AGENT_LOG: join(dir, 'agent.log') }
    })
  )
}

/** What a run's log shows: each step's log lines and errors (not its outputs or summary). */
function logged(run: WorkflowRun): string {
  return Object.values(run.jobs)
    .flatMap(job => job.steps)
    .flatMap(stepLog)
    .join('\n')
}

const quickStart = () => example('issue-labeled.yml')

function changed(text: string, from: string | RegExp, to: string): string {
  const out = text.replace(from, to)
  if (out === text) throw new Error(`the workflow has no ${String(from)} to change`)
  return out
}

const FORK_WORKFLOW = [
  'name: pull request',
  'on: [pull_request, pull_request_target]',
  'permissions:',
  '  contents: write',
  'jobs:',
  '  admit:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - uses: actions/checkout@v5',
  '      - uses: octo-org/dispatch-ledger@v0',
  '        with:',
  '          dispatch-key: pr/${{ github.event.pull_request.number }}'
].join('\n')

function forkEvent(number: number): Record<string, unknown> {
  return {
    action: 'opened',
    number,
    pull_request: {
      number,
      head: { ref: 'patch', repo: { full_name: 'someone/octo-repo', fork: true } },
      base: { ref: 'main', repo: { full_name: `${origin.owner}/${origin.name}` } }
    },
    repository: { id: origin.id, name: origin.name, full_name: `${origin.owner}/${origin.name}` },
    sender: { login: 'someone' }
  }
}

/** The issue whose receiver a mistake left to conclude, for its fix's next event. */
let pending: number | undefined

const api = () => origin.api!

/**
 * The issue's receiver, the published agent.yml run for its dispatch: it admits and works; with
 * `working` GitHub still shows its workflow run in progress (a job not yet ended).
 */
async function receiverOf(issue: number, options: { working: boolean }): Promise<WorkflowRun> {
  const dispatched = (await api().state()).dispatches.filter(d => d.inputs.issue === String(issue))
  expect(dispatched).toHaveLength(1)
  // The fake leaves a dispatched run queued (its receivers are external): here the receiver
  // runs, and GitHub shows its run completed, or still in progress (a later job to come).
  const [receiver] = await runDispatchedReceivers(origin, {
    file: join(PROJECT_ROOT, 'examples/workflows/agent.yml'),
    started: new Set(),
    mine: inputs => inputs.issue === String(issue),
    machineEnv: { AGENT_LOG: join(await makeTempDir(), 'agent.log') }
  })
  expect(receiver?.conclusion).toBe('success')
  if (options.working)
    await api().setRun(dispatched[0]!.run_id, { status: 'in_progress', conclusion: null })
  return receiver!
}

/** The origin's ledger refs and their tips: unchanged when a step pushed nothing. */
const ledgerRefs = () =>
  git(origin.bareDir, 'for-each-ref', '--format=%(refname) %(objectname)', 'refs/dispatch-ledger/')

const MISTAKES: Record<string, Mistake> = {
  'asked this job for credentials and it has none': {
    made: async () =>
      logged(
        await deliver(
          changed(
            await quickStart(),
            '      - uses: actions/checkout@v5\n',
            '      - uses: actions/checkout@v5\n        with:\n          persist-credentials: false\n'
          )
        )
      ),
    fixed: async () => deliver(await quickStart())
  },
  'Give the workflow `permissions: contents: write`': {
    made: async () =>
      logged(await deliver(changed(await quickStart(), 'contents: write', 'contents: read'))),
    fixed: async () => deliver(await quickStart())
  },
  'a fork cannot grant `contents: write`': {
    made: async () =>
      logged(await deliver(FORK_WORKFLOW, { event: forkEvent(71), eventName: 'pull_request' })),
    // The base repository's own event for the same pull request has a write token.
    fixed: async () =>
      deliver(FORK_WORKFLOW, { event: forkEvent(72), eventName: 'pull_request_target' })
  },
  'Unexpected input(s)': {
    made: async () => {
      const error = await deliver(
        changed(await quickStart(), 'workflow: agent.yml', 'workflw: agent.yml')
      ).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WorkflowError)
      return (error as Error).message
    },
    fixed: async () => deliver(await quickStart())
  },
  'GitHub answers 404 both for a repository that does not exist and for one the token cannot see': {
    made: async () =>
      logged(
        await deliver(
          changed(
            await example('ledger-issue-labeled.yml'),
            new RegExp(`ledger-repository: ${LEDGER}$`, 'gm'),
            'ledger-repository: octo-org/dispatch-ledger-stat'
          )
        )
      ),
    fixed: async () => deliver(await example('ledger-issue-labeled.yml'))
  },
  // A redelivery while another workflow run admitted the event and has not dispatched it yet
  // (its dispatch step still to come: here a two-step coordinator that only admits).
  'belongs to another workflow run; this one sends nothing': {
    made: async () => {
      const issue = issues++
      const admitOnly = changed(
        await quickStart(),
        /- uses: octo-org\/dispatch-ledger\/dispatch@v0[\s\S]*$/,
        '- uses: octo-org/dispatch-ledger@v0\n'
      )
      expect((await deliver(admitOnly, { issue })).conclusion).toBe('success')
      const again = await deliver(await quickStart(), { issue })
      // Green, and it sent nothing.
      expect(again.conclusion).toBe('success')
      expect(again.jobs.dispatch!.steps[1]!.outputs).toMatchObject({
        owner: 'false',
        sent: 'false'
      })
      return logged(again)
    },
    // Nothing to fix: the owner's run is the one that works.
    fixed: async () => deliver(await quickStart())
  },
  // The usual case: a redelivery while the run's receiver (admitted) still works.
  'is a duplicate of it; nothing was sent': {
    made: async () => {
      const issue = issues++
      expect((await deliver(await quickStart(), { issue })).conclusion).toBe('success')
      const receiver = await receiverOf(issue, { working: true })
      await api().resetCounts()
      const before = await ledgerRefs()
      const again = await deliver(await quickStart(), { issue })
      expect(again.conclusion).toBe('success')
      expect(again.jobs.dispatch!.steps[1]!.outputs).toMatchObject({
        owner: 'false',
        sent: 'false'
      })
      // No push and one REST read, the receiver's run (docs/troubleshooting.md's costs).
      expect(await ledgerRefs()).toBe(before)
      expect(await api().counts()).toEqual({ [ROUTES.getRun]: 1 })
      const log = logged(again)
      expect(log).toContain(`Run ${again.jobs.dispatch!.steps[1]!.outputs.run_id} is still working`)
      // The receiver concludes: the next event meets the run as it is.
      await api().setRun(receiver.runId, { status: 'completed', conclusion: 'success' })
      pending = issue
      return log
    },
    fixed: async () => deliver(await quickStart(), { issue: pending })
  },
  // A redelivery after the run ended (its receiver concluded; the event records that first).
  'does not open its next generation': {
    made: async () => {
      const issue = issues++
      expect((await deliver(await quickStart(), { issue })).conclusion).toBe('success')
      await receiverOf(issue, { working: false })
      const again = await deliver(await quickStart(), { issue })
      expect(again.conclusion).toBe('success')
      expect(again.jobs.dispatch!.steps[1]!.outputs).toMatchObject({
        owner: 'false',
        sent: 'false'
      })
      return logged(again)
    },
    // A new event (another issue labeled) is a run of its own.
    fixed: async () => deliver(await quickStart())
  }
}

describe('docs/troubleshooting.md: each error entry', () => {
  it('has a mistake here that makes it, and every mistake here has its entry', async () => {
    const keys = await keyedTexts()
    expect(keys.length).toBeGreaterThanOrEqual(6)
    expect([...keys].sort()).toEqual(Object.keys(MISTAKES).sort())
  })

  it.each(Object.keys(MISTAKES))('%s: the mistake prints it, the fix passes', async key => {
    const mistake = MISTAKES[key] as Mistake
    expect(await mistake.made()).toContain(key)
    const fixed = await mistake.fixed()
    expect(fixed.conclusion).toBe('success')
  })
})

describe('docs/troubleshooting.md: what each step costs', () => {
  // On an origin of its own, whose namespace holds no run yet: what the observer reads grows
  // with the runs the namespace holds (the page says so), and the suite's other runs are there.
  let shared: TestOrigin
  beforeAll(async () => {
    shared = origin
    origin = await startOrigin({
      seedDir: join(PROJECT_ROOT, 'scripts/workflow/fixtures'),
      fakeApi: { receiver: { mode: 'off' } }
    })
  })
  afterAll(async () => {
    await origin.close()
    origin = shared
  })

  /**
   * What a workflow run of one ledger step cost, less its checkout's clone: the git commands
   * that read the origin (fetch, ls-remote: one info/refs GET each), its pushes, and the
   * requests the GitHub API answered.
   */
  async function cost(run: () => Promise<WorkflowRun>) {
    await api().resetCounts()
    origin.server.resetCounts()
    expect((await run()).conclusion).toBe('success')
    const requests = origin.server.requests
    return {
      reads: requests.filter(r => r.method === 'GET' && r.service === 'git-upload-pack').length - 1,
      pushes: origin.server.counts().pushes,
      api: await api().counts()
    }
  }
  const none = {}

  it('one quick-start event: 3 pushes and the dispatch, 4 with the observer; a redelivery no push, one REST read while the receiver works', async () => {
    const issue = issues++
    expect(await cost(async () => deliver(await quickStart(), { issue }))).toEqual({
      reads: 1,
      pushes: 2,
      api: { [ROUTES.dispatch]: 1 }
    })
    let receiver: WorkflowRun | undefined
    expect(await cost(async () => (receiver = await receiverOf(issue, { working: true })))).toEqual(
      { reads: 3, pushes: 1, api: none }
    )
    expect(await cost(async () => deliver(await quickStart(), { issue }))).toEqual({
      reads: 2,
      pushes: 0,
      api: { [ROUTES.getRun]: 1 }
    })
    // The observer (agent-ended.yml): recover on the receiver's workflow_run, which carries
    // the receiver's run, so it asks the API nothing.
    const ended = await completed(origin, receiver!, {
      name: 'agent',
      repository: labeled.repository,
      sender: labeled.sender
    })
    const observer = async () =>
      runWorkflow({
        file: join(PROJECT_ROOT, 'examples/workflows/agent-ended.yml'),
        eventName: 'workflow_run',
        event: ended,
        origin,
        runId: runIds++
      })
    expect(await cost(observer)).toEqual({ reads: 3, pushes: 1, api: none })
    // After the end: a redelivery reads the archived run too, and writes nothing.
    expect(await cost(async () => deliver(await quickStart(), { issue }))).toEqual({
      reads: 3,
      pushes: 0,
      api: none
    })
  })
})
