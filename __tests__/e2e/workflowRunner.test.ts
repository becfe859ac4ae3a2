/**
 * The local workflow runner itself (scripts/workflow/): its `if:` decisions against GitHub's
 * documented status functions and @actions/expressions, its refusal of anything outside its
 * subset, and permissions enforced at the credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Evaluator, Lexer, Parser, data } from '@actions/expressions'
import { truthy } from '@actions/expressions/result'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/runner.js'
import { WorkflowError } from '../../scripts/workflow/errors.js'
import { API_ROUTES } from '../../scripts/workflow/permissions.js'
import { ROUTES } from '../../testkit/fakeGitHub/routes.js'
import { loadWorkflowModel } from '../../scripts/workflow/model.js'
import { startOrigin, type TestOrigin } from '../../scripts/workflow/origin.js'
import { runWorkflow, summaryText, type StepHookAnswer } from '../../scripts/workflow/run.js'
import { cleanupRepos, makeTempDir, refsUnder } from '../support/repo.js'

let origin: TestOrigin
let event: Record<string, unknown>
let runIds = 7000
const LEDGER_REPOSITORY = 'octo-org/dispatch-ledger-state'

beforeAll(async () => {
  origin = await startOrigin({
    seedDir: join(PROJECT_ROOT, 'scripts/workflow/fixtures'),
    fakeApi: { receiver: { mode: 'off' } }
  })
  event = JSON.parse(
    await readFile(join(PROJECT_ROOT, 'examples/events/issues-labeled.json'), 'utf8')
  ) as Record<string, unknown>
})
afterAll(async () => {
  await origin.close()
  await cleanupRepos()
})

function run(content: string, options: Partial<Parameters<typeof runWorkflow>[0]> = {}) {
  return runWorkflow({ file: 'test.yml', content, event, origin, runId: runIds++, ...options })
}

type JobStatus = 'success' | 'failure' | 'cancelled'

/**
 * GitHub's documented answers ("Status check functions"): an `if:` without a status function
 * is `success() && (…)`; after a failed step only failure()/always() steps run; after a
 * cancellation only always()/cancelled() ones.
 */
const STATUS_TABLE: Array<[string, Record<JobStatus, boolean>]> = [
  ['success()', { success: true, failure: false, cancelled: false }],
  ['failure()', { success: false, failure: true, cancelled: false }],
  ['always()', { success: true, failure: true, cancelled: true }],
  ['cancelled()', { success: false, failure: false, cancelled: true }],
  ['!cancelled()', { success: true, failure: true, cancelled: false }],
  ['success() || failure()', { success: true, failure: true, cancelled: false }],
  ["steps.first.outcome == 'failure'", { success: false, failure: false, cancelled: false }],
  [
    "failure() && steps.first.outcome == 'failure'",
    { success: false, failure: true, cancelled: false }
  ],
  [
    "always() && steps.first.conclusion != 'skipped'",
    { success: true, failure: true, cancelled: true }
  ],
  ['${{ failure() }}', { success: false, failure: true, cancelled: false }],
  ['true', { success: true, failure: false, cancelled: false }]
]

function tableWorkflow(): string {
  const steps = STATUS_TABLE.map(
    ([expression], i) =>
      `      - id: s${i}\n        if: ${JSON.stringify(expression)}\n        run: echo ran`
  )
  return [
    'on: issues',
    'jobs:',
    '  table:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - id: first',
    '        env:',
    "          FAIL: ${{ github.event.label.name == 'fail' }}",
    '        run: test "$FAIL" != true',
    ...steps
  ].join('\n')
}

/** The same condition evaluated by @actions/expressions alone, with the documented functions. */
function reference(condition: string, status: JobStatus, firstOutcome: string): boolean {
  const fn = (name: string, value: boolean) =>
    [name, { name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(value) }] as const
  const functions = new Map([
    fn('success', status === 'success'),
    fn('failure', status === 'failure'),
    fn('cancelled', status === 'cancelled'),
    fn('always', true)
  ])
  const tree = new Parser(
    new Lexer(condition).lex().tokens,
    ['steps'],
    [...functions.values()]
  ).parse()
  const steps = JSON.parse(
    JSON.stringify({ first: { outcome: firstOutcome, conclusion: firstOutcome, outputs: {} } }),
    data.reviver
  ) as data.ExpressionData
  return truthy(
    new Evaluator(tree, new data.Dictionary({ key: 'steps', value: steps }), functions).evaluate()
  )
}

describe('if: and the status functions', () => {
  it.each<JobStatus>(['success', 'failure', 'cancelled'])(
    'after a job status of %s, the runner runs exactly the steps GitHub documents, and agrees with @actions/expressions',
    async status => {
      const content = tableWorkflow()
      const model = await loadWorkflowModel('table.yml', content)
      const conditions = model.jobs[0]!.steps.slice(1).map(s => s.if)
      const labelled = { ...event, label: { name: status === 'failure' ? 'fail' : 'ok' } }
      const result = await run(content, {
        event: labelled,
        beforeStep: ({ index }): StepHookAnswer =>
          status === 'cancelled' && index === 1 ? 'cancel' : undefined
      })
      const steps = result.jobs.table!.steps
      expect(steps[0]!.outcome).toBe(status === 'failure' ? 'failure' : 'success')
      const ran = steps.slice(1).map(s => s.outcome !== 'skipped')
      const documented = STATUS_TABLE.map(([, expected]) => expected[status])
      const engine = conditions.map(c => reference(c, status, steps[0]!.outcome))
      expect(ran).toEqual(documented)
      expect(engine).toEqual(documented)
      expect(result.jobs.table!.result).toBe(status)
    }
  )
})

describe('jobs, outputs and the step files', () => {
  it('runs jobs in needs order with their outputs, skips after a failure unless always(), and keeps outcome apart from conclusion', async () => {
    const content = `on: issues
env:
  FROM_WORKFLOW: w
jobs:
  last:
    needs: [first, broken]
    if: always()
    runs-on: x
    steps:
      - id: report
        env:
          GREETING: \${{ needs.first.outputs.greeting }}
          BROKEN: \${{ needs.broken.result }}
        run: echo "line=$GREETING/$BROKEN" >> "$GITHUB_OUTPUT"
  first:
    runs-on: x
    outputs:
      greeting: \${{ steps.say.outputs.greeting }}
    steps:
      - run: echo "SHARED=from-env-file" >> "$GITHUB_ENV"
      - id: say
        run: echo "greeting=$SHARED-$FROM_WORKFLOW" >> "$GITHUB_OUTPUT"
  broken:
    needs: first
    runs-on: x
    steps:
      - id: soft
        continue-on-error: true
        run: exit 3
      - id: check
        env:
          OUTCOME: \${{ steps.soft.outcome }}/\${{ steps.soft.conclusion }}
        run: echo "seen=$OUTCOME" >> "$GITHUB_OUTPUT"
      - run: exit 1
      - id: after
        run: echo never
  skipped:
    needs: broken
    runs-on: x
    steps:
      - run: echo never
`
    const result = await run(content)
    expect(Object.keys(result.jobs)).toEqual(['first', 'broken', 'last', 'skipped'])
    expect(result.jobs.first!.outputs).toEqual({ greeting: 'from-env-file-w' })
    const broken = result.jobs.broken!
    expect(broken.steps.map(s => [s.id, s.outcome, s.conclusion])).toEqual([
      ['soft', 'failure', 'success'],
      ['check', 'success', 'success'],
      ['__run', 'failure', 'failure'],
      ['after', 'skipped', 'skipped']
    ])
    expect(broken.steps[1]!.outputs).toEqual({ seen: 'failure/success' })
    expect(broken.result).toBe('failure')
    expect(result.jobs.skipped!.result).toBe('skipped')
    expect(result.jobs.last!.steps[0]!.outputs).toEqual({ line: 'from-env-file-w/failure' })
    expect(result.conclusion).toBe('failure')
  })

  it('runs only for the events and activity types of on:', async () => {
    const content =
      'on:\n  issues:\n    types: [opened]\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: echo\n'
    const result = await run(content)
    expect(result).toMatchObject({ triggered: false, conclusion: 'not_triggered', jobs: {} })
    const opened = await run(content, { event: { ...event, action: 'opened' } })
    expect(opened.conclusion).toBe('success')
  })
})

describe('npm run workflow', () => {
  const cli = (...args: string[]) =>
    new Promise<{ code: number | null; out: string }>(done => {
      const child = spawn(
        process.execPath,
        [join(PROJECT_ROOT, 'scripts/workflow/cli.ts'), ...args],
        {
          cwd: PROJECT_ROOT
        }
      )
      let out = ''
      child.stdout.on('data', chunk => (out += chunk))
      child.stderr.on('data', chunk => (out += chunk))
      child.on('close', code => done({ code, out }))
    })

  it('runs the quick start and its receiver under plain Node and prints every step with its outputs', async () => {
    const { code, out } = await cli(
      'examples/workflows/issue-labeled.yml',
      '--event',
      'examples/events/issues-labeled.json',
      '--fake-api',
      '--receiver',
      'examples/workflows/agent.yml'
    )
    expect(out).toMatch(
      /dispatch › octo-org\/dispatch-ledger\/dispatch@v0 \[__octo-org_dispatch-ledger\]: success\n(.*\n)*\s+created=true\n(.*\n)*\s+sent=true/
    )
    expect(out).toMatch(
      /work › octo-org\/dispatch-ledger@v0 \[ledger\]: success\n(.*\n)*\s+owner=true/
    )
    expect(out).toContain('conclusion: success')
    expect(out).toContain('provider calls (fixtures start-agent, run-agent): 1')
    // The receiver's end starts its observer (agent-ended.yml), which ends both runs.
    expect(out).toMatch(
      /agent-ended\.yml on the workflow_run of run \d+ \(agent\):\n(.*\n)*observe › octo-org\/dispatch-ledger\/recover@v0 \[[^\]]+\]: success\n(.*\n)*\s+runs=\[\{"run_id":"gh-501-[0-9a-f]+","state":"decided",.*\{"run_id":"gh-\d+-[0-9a-f]+","state":"decided"/
    )
    expect(out).not.toMatch(/ghs_/)
    expect(code).toBe(0)
  })

  it('--ledger-repository: the ledger quick start and its receiver, every ref in the ledger repository, the App token masked', async () => {
    const args = [
      '--event',
      'examples/events/issues-labeled.json',
      '--fake-api',
      '--receiver',
      'examples/workflows/ledger-agent.yml'
    ]
    const file = 'examples/workflows/ledger-issue-labeled.yml'
    const { code, out } = await cli(file, ...args, '--ledger-repository', LEDGER_REPOSITORY)
    expect(out).toMatch(
      /dispatch › octo-org\/dispatch-ledger\/dispatch@v0 \[dispatch\]: success\n(.*\n)*\s+sent=true/
    )
    expect(out).toMatch(/^\s+token=\*\*\*$/m)
    expect(out).toContain('provider calls (fixtures start-agent, run-agent): 1')
    expect(out).toMatch(/refs under refs\/dispatch-ledger: ledger repository [1-9]\d*, origin 0/)
    // The ledger receiver's end starts its observer (ledger-agent-ended.yml), which ends both
    // runs in the ledger repository.
    expect(out).toMatch(
      /ledger-agent-ended\.yml on the workflow_run of run \d+ \(agent \(ledger repository\)\):\n(.*\n)*observe › octo-org\/dispatch-ledger\/recover@v0 \[[^\]]+\]: success\n(.*\n)*\s+runs=\[\{"run_id":"gh-501-[0-9a-f]+","state":"decided",.*\{"run_id":"gh-\d+-[0-9a-f]+","state":"decided"/
    )
    expect(out).not.toMatch(/no workflow beside it runs on the workflow_run/)
    expect(out).not.toMatch(/ghs_/)
    expect(code).toBe(0)
    // Without the flag there is no App to mint the token: refused before anything runs.
    const without = await cli(file, ...args)
    expect(without.out).toMatch(
      /asks for a GitHub App's token and this run has no App: give --ledger-repository/
    )
    expect(without.code).toBe(2)
  }, 120_000)

  it('a receiver no workflow beside it observes: the runner says nothing records its end', async () => {
    const dir = await makeTempDir()
    for (const name of ['issue-labeled.yml', 'agent.yml'])
      await writeFile(
        join(dir, name),
        await readFile(join(PROJECT_ROOT, 'examples/workflows', name), 'utf8')
      )
    const { code, out } = await cli(
      join(dir, 'issue-labeled.yml'),
      '--event',
      'examples/events/issues-labeled.json',
      '--fake-api',
      '--receiver',
      join(dir, 'agent.yml')
    )
    expect(out).toMatch(/no workflow beside it runs on the workflow_run of \S*agent\.yml \(agent\)/)
    expect(out).not.toMatch(/agent-ended\.yml on the workflow_run/)
    expect(code).toBe(0)
  }, 120_000)

  it('names an unsupported construct and exits 2', async () => {
    const dir = await makeTempDir()
    const file = join(dir, 'matrix.yml')
    await writeFile(
      file,
      'on: issues\njobs:\n  a:\n    runs-on: x\n    strategy:\n      matrix:\n        v: [1]\n    steps:\n      - run: echo\n'
    )
    const { code, out } = await cli(file, '--event', 'examples/events/issues-labeled.json')
    expect(out).toMatch(/error: jobs\.a\.strategy \(line 5\) is outside this runner's subset/)
    expect(code).toBe(2)
  })
})

/**
 * The runner tells what GitHub would tell (each through the CLI as a process, exit code and
 * message asserted): it refuses what GitHub would not run, shows each step's job summary,
 * answers 404 for a workflow file the repository does not have, keeps an origin across runs
 * with --origin, and says plainly when a run needs an API it does not have.
 */
describe('npm run workflow tells the truth', () => {
  const cli = (...args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>(done => {
      const child = spawn(
        process.execPath,
        [join(PROJECT_ROOT, 'scripts/workflow/cli.ts'), ...args],
        { cwd: PROJECT_ROOT, env: { ...process.env, GITHUB_API_URL: '' } }
      )
      let out = ''
      let err = ''
      child.stdout.on('data', chunk => (out += chunk))
      child.stderr.on('data', chunk => (err += chunk))
      child.on('close', code => done({ code, out, err }))
    })
  const NO_STACK = /^\s+at |node:internal|Node\.js v\d/m

  it('refuses an event none of the triggers takes, naming them, before anything starts', async () => {
    const push = await cli(
      'examples/workflows/issue-labeled.yml',
      '--event',
      'examples/events/push.json',
      '--fake-api'
    )
    expect(push.err).toMatch(
      /^error: examples\/workflows\/issue-labeled\.yml does not run on push: its triggers are issues \(types: labeled\)/
    )
    expect(push.out).toBe('')
    expect(push.code).toBe(2)
    // An activity type the filter leaves out is no trigger either (GitHub starts no run).
    const opened = await cli(
      'examples/workflows/issue-labeled.yml',
      '--event',
      'examples/events/issues-opened.json',
      '--fake-api'
    )
    expect(opened.err).toMatch(
      /does not run on issues \(action opened\): its triggers are issues \(types: labeled\)/
    )
    expect(opened.code).toBe(2)
  }, 60_000)

  it('refuses an input the action does not declare before any step runs, naming the step and its inputs', async () => {
    const dir = await makeTempDir()
    const file = join(dir, 'typo.yml')
    const marker = join(dir, 'ran')
    await writeFile(
      file,
      [
        'on: issues',
        'jobs:',
        '  d:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        `      - run: touch ${marker}`,
        '      - uses: actions/checkout@v5',
        '      - uses: ./dispatch',
        '        with:',
        '          driver: workflow',
        '          workflw: agent.yml',
        ''
      ].join('\n')
    )
    const ran = await cli(file, '--event', 'examples/events/issues-labeled.json', '--fake-api')
    expect(ran.err).toMatch(
      /^error: jobs\.d\.steps\[2\] \(\.\/dispatch\): Unexpected input\(s\) 'workflw', valid inputs are \['dispatch-key', 'request', 'run-id', 'reuse', 'on-success', 'driver', 'workflow', .*, 'timeout-seconds'\] \(dispatch\/action\.yml\)$/m
    )
    expect(ran.err).not.toMatch(NO_STACK)
    expect(ran.out).toBe('')
    expect(existsSync(marker)).toBe(false)
    expect(ran.code).toBe(2)
  }, 60_000)

  it("prints each step's job summary as text under the step: operate's example says why it was rejected", async () => {
    const ran = await cli(
      'examples/workflows/operate.yml',
      '--event',
      'examples/events/issue_comment-ledger-approve.json',
      '--fake-api'
    )
    expect(ran.out).toMatch(
      /operate › octo-org\/dispatch-ledger\/operate@v0 \[op\]: success\n(\s{4}\S.*\n)*\s{4}summary:\n\s{6}### dispatch-ledger: operate — approve rejected\n\s{6}octocat has none permission on the repository; operating needs at least write\. Nothing was written\.\n\s{6}verb: approve\n/
    )
    expect(ran.out).not.toMatch(/<\/?(h3|p|table|tr|td|code)>/)
    expect(ran.code).toBe(0)
  }, 60_000)

  it('the fake API answers 404 for a dispatch to a workflow file the repository does not have', async () => {
    const dir = await makeTempDir()
    const file = join(dir, 'typo.yml')
    const quickStart = await readFile(
      join(PROJECT_ROOT, 'examples/workflows/issue-labeled.yml'),
      'utf8'
    )
    await writeFile(file, quickStart.replace('workflow: agent.yml', 'workflow: agnet.yml'))
    const ran = await cli(file, '--event', 'examples/events/issues-labeled.json', '--fake-api')
    expect(ran.out).toMatch(
      /dispatch › octo-org\/dispatch-ledger\/dispatch@v0 \[__octo-org_dispatch-ledger\]: failure\n(.*\n)*\s+error: The dispatch was refused with HTTP 404/
    )
    expect(ran.out).toContain('dispatched runs: 0')
    expect(ran.code).toBe(1)
  }, 60_000)

  it('--origin keeps one origin across runs: a coordinator, a second arrival, then an operator cancel', async () => {
    const dir = await makeTempDir()
    const kept = join(dir, 'origin.git')
    const args = ['--event', 'examples/events/issues-labeled.json', '--fake-api', '--origin', kept]
    const first = await cli('examples/workflows/issue-labeled.yml', ...args, '--run-id', '501')
    expect(first.out).toMatch(/bare repository .*origin\.git, kept\)/)
    expect(first.out).toMatch(/^\s+sent=true$/m)
    expect(first.code).toBe(0)
    const again = await cli('examples/workflows/issue-labeled.yml', ...args, '--run-id', '502')
    expect(again.out).toMatch(/^\s+owner=false$/m)
    expect(again.out).toMatch(/^\s+run_id=gh-501-/m)
    expect(again.out).toMatch(/^\s+sent=false$/m)
    const approve = JSON.parse(
      await readFile(
        join(PROJECT_ROOT, 'examples/events/issue_comment-ledger-approve.json'),
        'utf8'
      )
    ) as { comment: { body: string } }
    const runId = /gh-501-[0-9a-f]+/.exec(first.out)![0]
    approve.comment.body = `/ledger cancel ${runId} not needed`
    const cancelEvent = join(dir, 'issue_comment-cancel.json')
    await writeFile(cancelEvent, JSON.stringify(approve))
    const cancel = await cli(
      'examples/workflows/operate.yml',
      '--event',
      cancelEvent,
      '--fake-api',
      '--origin',
      kept,
      '--run-id',
      '503',
      '--collaborator',
      'octocat=write'
    )
    expect(cancel.out).toMatch(/^\s+outcome=applied$/m)
    expect(cancel.out).toMatch(/^\s+state=cancelled$/m)
  }, 120_000)

  it('a step that calls the API, with no --fake-api and no GITHUB_API_URL, is a one-line error before anything runs', async () => {
    const ran = await cli(
      'examples/workflows/issue-labeled.yml',
      '--event',
      'examples/events/issues-labeled.json'
    )
    expect(ran.err).toBe(
      'error: jobs.dispatch.steps[1] (octo-org/dispatch-ledger/dispatch@v0) calls the GitHub API and this run has none: give --fake-api (the fake GitHub API of the tests) or set GITHUB_API_URL\n'
    )
    expect(ran.out).toBe('')
    expect(ran.code).toBe(2)
  }, 60_000)
})

describe('anything outside the subset is a clear error naming the construct', () => {
  const job = (extra: string, step = '      - run: touch "$RUNNER_TEMP/../ran"') =>
    `on: issues\njobs:\n  a:\n    runs-on: ubuntu-latest\n${extra}    steps:\n${step}\n`
  const cases: Array<[string, string, RegExp]> = [
    [
      'matrix',
      job('    strategy:\n      matrix:\n        x: [1, 2]\n'),
      /jobs\.a\.strategy .*outside this runner's subset/
    ],
    ['container', job('    container: node:24\n'), /jobs\.a\.container/],
    ['services', job('    services:\n      db:\n        image: postgres\n'), /jobs\.a\.services/],
    ['job timeout', job('    timeout-minutes: 5\n'), /jobs\.a\.timeout-minutes/],
    ['concurrency', 'concurrency: x\n' + job(''), /test\.yml\.concurrency/],
    ['defaults', 'defaults:\n  run:\n    shell: bash\n' + job(''), /test\.yml\.defaults/],
    [
      'reusable workflow',
      'on: issues\njobs:\n  a:\n    uses: o/r/.github/workflows/x.yml@v1\n',
      /jobs\.a\.uses/
    ],
    [
      'another action',
      job('', '      - uses: actions/setup-node@v4'),
      /steps\[0\]\.uses: actions\/setup-node@v4 is outside/
    ],
    [
      'checkout input',
      job('', '      - uses: actions/checkout@v5\n        with:\n          submodules: true'),
      /with\.submodules: actions\/checkout input outside/
    ],
    ['shell', job('', '      - run: echo\n        shell: pwsh'), /steps\[0\]\.shell: only bash/],
    [
      'step timeout',
      job('', '      - run: echo\n        timeout-minutes: 1'),
      /steps\[0\]\.timeout-minutes/
    ],
    [
      'expression in run',
      job('', '      - run: echo "${{ github.event.issue.title }}"'),
      /steps\[0\]\.run contains \$\{\{ \}\}: pass values to scripts through env:/
    ],
    [
      'branch filter',
      'on:\n  push:\n    branches: [main]\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: echo\n',
      /on\.push\.branches/
    ]
  ]
  it.each(cases)('%s', async (_name, content, message) => {
    const error = await run(content).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WorkflowError)
    expect((error as Error).message).toMatch(message)
    expect((error as Error).message).toMatch(/outside this runner's subset|only bash|pass values/)
  })

  it('a context or function the runner does not provide fails the run where it is used, naming both', async () => {
    for (const [expression, name] of [
      ['matrix.TARGET', /matrix/],
      ["hashFiles('x')", /hashFiles/]
    ] as const) {
      const content = job('', `      - env:\n          X: \${{ ${expression} }}\n        run: echo`)
      const error = await run(content).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WorkflowError)
      expect((error as Error).message).toMatch(/jobs\.a\.steps\[0\]\.env\.X: cannot evaluate/)
      expect((error as Error).message).toMatch(name)
    }
  })

  it('the published workflows say uses: as users copy them (the published form, never ./)', async () => {
    const { readdir } = await import('node:fs/promises')
    const dir = join(PROJECT_ROOT, 'examples/workflows')
    const uses: string[] = []
    for (const name of await readdir(dir)) {
      const model = await loadWorkflowModel(name, await readFile(join(dir, name), 'utf8'))
      uses.push(...model.jobs.flatMap(j => j.steps.flatMap(s => (s.uses ? [s.uses] : []))))
    }
    const ours = uses.filter(u => !u.startsWith('actions/'))
    expect(ours.length).toBeGreaterThan(5)
    for (const one of ours) expect(one).toMatch(/^octo-org\/dispatch-ledger(\/[a-z]+)?@v0$/)
  })

  it('checks the whole file before running anything', async () => {
    const dir = await makeTempDir()
    const marker = join(dir, 'ran')
    const content = job('', `      - run: touch "$MARKER"\n      - uses: actions/cache@v4`)
    await expect(run(content, { machineEnv: { MARKER: marker } })).rejects.toThrow(
      /actions\/cache@v4/
    )
    expect(existsSync(marker)).toBe(false)
    // …and the same file without the unsupported step does run (so the check above can fail).
    await run(job('', `      - run: touch "$MARKER"`), { machineEnv: { MARKER: marker } })
    expect(existsSync(marker)).toBe(true)
  })
})

describe('permissions are enforced at the credentials', () => {
  const quickStart = join(PROJECT_ROOT, 'examples/workflows/issue-labeled.yml')

  it('the quick start with contents: read fails at its first write, names the permission and writes nothing', async () => {
    const content = (await readFile(quickStart, 'utf8')).replace(
      'contents: write',
      'contents: read'
    )
    const dir = await makeTempDir()
    const log = join(dir, 'agent.log')
    const issue = { ...(event.issue as object), number: 9001 }
    const refused = origin.gate.refused.length
    const result = await run(content, {
      event: { ...event, issue },
      machineEnv: { AGENT_LOG: log }
    })
    const steps = result.jobs.dispatch!.steps
    expect(steps[0]!.outcome).toBe('success') // checkout only reads
    expect(steps[1]!.outcome).toBe('failure')
    expect(steps[1]!.errors.join('\n')).toMatch(/permissions: contents: write/)
    // The quick start is one step: nothing is left to skip.
    expect(steps).toHaveLength(2)
    expect(result.conclusion).toBe('failure')
    expect(origin.gate.refused.slice(refused).map(r => r.status)).toContain(403)
    expect(existsSync(log)).toBe(false)
    const key = `v1/issues/${origin.id}/9001/labeled/agent:run`
    const admission = `refs/dispatch-ledger/admissions/${createHash('sha256').update(key).digest('hex')}`
    expect(await refsUnder(origin.bareDir)).not.toHaveProperty([admission])
  })

  it('without permissions: anywhere, the restricted default (contents: read) cannot push; permissive can', async () => {
    const content = (await readFile(quickStart, 'utf8')).replace(/^permissions:\n( .*\n)+/m, '')
    expect(content).not.toMatch(/permissions/)
    const dir = await makeTempDir()
    const issue = { ...(event.issue as object), number: 9002 }
    const restricted = await run(content, {
      event: { ...event, issue },
      machineEnv: { AGENT_LOG: join(dir, 'a') }
    })
    expect(restricted.jobs.dispatch!.steps[1]!.outcome).toBe('failure')
    const permissive = await run(content, {
      event: { ...event, issue },
      machineEnv: { AGENT_LOG: join(dir, 'b') },
      defaultPermissions: 'permissive'
    })
    expect(permissive.conclusion).toBe('success')
  })

  it('the quick start without actions: write admits with its intent, then gets 403 naming the permission and sends nothing', async () => {
    const original = await readFile(quickStart, 'utf8')
    const content = original.replace(/^ {2}actions: write.*\n/m, '')
    expect(content).not.toBe(original)
    const issue = { ...(event.issue as object), number: 9003 }
    await origin.api!.resetCounts()
    const result = await run(content, { event: { ...event, issue } })
    const [checkout, dispatch] = result.jobs.dispatch!.steps
    expect([checkout!.outcome, dispatch!.outcome]).toEqual(['success', 'failure'])
    expect(dispatch!.outputs.created).toBe('true')
    expect(dispatch!.errors.join('\n')).toMatch(/actions: write/)
    // The run now waits for an operator: the step says how to go on, verb and permission.
    expect(dispatch!.outputs.recovery_action).toBe('await_operator')
    const runId = dispatch!.outputs.run_id!
    for (const text of [dispatch!.outputs.recovery_reason, summaryText(dispatch!.summary)])
      expect(text).toContain(
        `grant \`actions: write\` to the workflow (\`permissions: actions: write\`, or a token that has it), then comment \`/ledger retry ${runId}\``
      )
    expect(origin.gate.refused.at(-1)).toMatchObject({ status: 403, needed: 'actions: write' })
    expect(await origin.api!.count('dispatch')).toBe(0)
  })

  it('a checkout with permissions: {} cannot even clone', async () => {
    const content = job('    permissions: {}\n', '      - uses: actions/checkout@v5')
    const result = await run(content)
    expect(result.jobs.a!.steps[0]!.outcome).toBe('failure')
    expect(result.jobs.a!.steps[0]!.errors.join('')).toMatch(/403|Authentication|could not read/i)
  })

  it('an API call needs the scope GitHub documents: a dispatch without actions: write gets 403 and reaches nothing', async () => {
    const api = origin.api!
    const dispatch = (level: string) =>
      job(
        `    permissions:\n      actions: ${level}\n`,
        [
          '      - env:',
          '          TOKEN: ${{ github.token }}',
          '        run: |',
          '          curl -sf -X POST -H "Authorization: Bearer $TOKEN" -d \'{"ref":"main"}\' \\',
          '            "$GITHUB_API_URL/repos/$GITHUB_REPOSITORY/actions/workflows/receiver.yml/dispatches"'
        ].join('\n')
      )
    await api.resetCounts()
    const read = await run(dispatch('read'))
    expect(read.jobs.a!.steps[0]!.outcome).toBe('failure')
    expect(await api.count('dispatch')).toBe(0)
    expect(origin.gate.refused.at(-1)).toMatchObject({ status: 403, needed: 'actions: write' })
    const write = await run(dispatch('write'))
    expect(write.jobs.a!.steps[0]!.outcome).toBe('success')
    expect(await api.count('dispatch')).toBe(1)
  })

  it('the gate knows the scope of every route the fake GitHub API serves', () => {
    for (const key of Object.values(ROUTES)) {
      const [method, template] = key.split(' ') as [string, string]
      const path = template
        .replace('{owner}/{repo}', 'octo-org/octo-repo')
        .replace(/\{[a-z_]+_id\}|\{issue_number\}/g, '7')
        .replace(/\{[a-z_]+\}/g, 'x')
      expect({ key, rule: API_ROUTES.some(r => r.method === method && r.path.test(path)) }).toEqual(
        {
          key,
          rule: true
        }
      )
    }
  })

  function job(extra: string, step: string): string {
    return `on: issues\njobs:\n  a:\n    runs-on: ubuntu-latest\n${extra}    steps:\n${step}\n`
  }
})

describe('a ledger repository beside the origin: actions/create-github-app-token and masks', () => {
  const LEDGER = 'octo-org/dispatch-ledger-state'
  let ledgerOrigin: TestOrigin
  beforeAll(async () => {
    ledgerOrigin = await startOrigin({
      seedDir: join(PROJECT_ROOT, 'scripts/workflow/fixtures'),
      ledgerRepository: LEDGER
    })
  })
  afterAll(() => ledgerOrigin.close())

  /** Every ref under the namespace, as git lists it (no layout parsing). */
  const namespace = (dir: string) =>
    new Promise<string[]>(done => {
      const child = spawn('git', ['for-each-ref', '--format=%(refname)', 'refs/dispatch-ledger/'], {
        cwd: dir
      })
      let out = ''
      child.stdout.on('data', chunk => (out += chunk))
      child.on('close', () => done(out.split('\n').filter(Boolean)))
    })

  const appStep = (extra: string) =>
    [
      'on: issues',
      'jobs:',
      '  a:',
      '    runs-on: x',
      '    steps:',
      '      - id: app',
      '        uses: actions/create-github-app-token@v2',
      '        with:',
      '          app-id: ${{ vars.LEDGER_APP_ID }}',
      '          private-key: ${{ secrets.LEDGER_APP_KEY }}',
      extra,
      '      - env:',
      '          TOKEN: ${{ steps.app.outputs.token }}',
      '        run: echo "the token is $TOKEN"'
    ].join('\n') + '\n'

  async function logged(content: string) {
    const lines: string[] = []
    const result = await run(content, { origin: ledgerOrigin, log: line => lines.push(line) })
    return { result, log: lines.join('\n') }
  }

  it('gives the installation token for the ledger repository, masked wherever the log would show it', async () => {
    const { result, log } = await logged(
      appStep('          owner: octo-org\n          repositories: dispatch-ledger-state')
    )
    const token = ledgerOrigin.app!.installation.token
    expect(result.conclusion).toBe('success')
    expect(result.jobs.a!.steps[0]!.outputs).toMatchObject({
      token,
      'app-slug': expect.any(String)
    })
    expect(log).toContain('token=***')
    expect(log).not.toContain(token)
    // The private key (a secret, over several lines) is masked too.
    for (const line of ledgerOrigin.app!.privateKey.split('\n')) expect(log).not.toContain(line)
  })

  it('the mask is what hides it: the unmasked log shows the token (so the check above can fail)', async () => {
    const { result } = await logged(
      appStep('          owner: octo-org\n          repositories: dispatch-ledger-state')
    )
    const { formatStep } = await import('../../scripts/workflow/run.js')
    const step = result.jobs.a!.steps[0]!
    expect(formatStep('a', step)).toContain(ledgerOrigin.app!.installation.token)
  })

  it.each([
    [
      'a repository the App is not installed on',
      '          owner: octo-org\n          repositories: octo-repo',
      /installed on octo-org\/dispatch-ledger-state only, not on octo-org\/octo-repo/
    ],
    ['neither owner nor repositories (the code repository)', '', /not on octo-org\/octo-repo/],
    ['another owner', '          owner: someone-else', /not on someone-else\/dispatch-ledger-state/]
  ])('refuses %s as GitHub would, minting nothing', async (_name, extra, message) => {
    const { result } = await logged(appStep(extra))
    expect(result.conclusion).toBe('failure')
    expect(result.jobs.a!.steps[0]!.errors.join('\n')).toMatch(message)
    expect(result.jobs.a!.steps[0]!.outputs).toEqual({})
  })

  it("refuses an app-id and key that are not the App's", async () => {
    const content = appStep('          owner: octo-org').replace(
      '${{ vars.LEDGER_APP_ID }}',
      '"999"'
    )
    const { result } = await logged(content)
    expect(result.jobs.a!.steps[0]!.errors.join('\n')).toMatch(/not those of one App/)
  })

  it("the ledger repository is on the same server URL, and only the App's token may write it", async () => {
    const url = `${ledgerOrigin.gate.url}/${LEDGER}.git`
    const push = (token: string) => {
      const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`
      return new Promise<number | null>(done => {
        const child = spawn(
          'git',
          [
            '-c',
            `http.extraheader=${header}`,
            'push',
            '-q',
            url,
            `${ledgerOrigin.sha}:refs/dispatch-ledger/probe`
          ],
          {
            cwd: ledgerOrigin.bareDir,
            stdio: 'ignore',
            env: { ...process.env, GIT_TERMINAL_PROMPT: '0' }
          }
        )
        child.on('close', done)
      })
    }
    const jobToken = ledgerOrigin.gate.issueToken({ contents: 'write' } as never)
    expect(await push(jobToken)).not.toBe(0)
    expect(await namespace(ledgerOrigin.ledger!.bareDir)).toEqual([])
    expect(await push(ledgerOrigin.app!.installation.token)).toBe(0)
    expect(await namespace(ledgerOrigin.ledger!.bareDir)).toHaveLength(1)
    expect(await namespace(ledgerOrigin.bareDir)).toEqual([])
  })
})
