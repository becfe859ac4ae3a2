/**
 * The local workflow runner resolves what a workflow names as GitHub does: a `uses:` of this
 * project by its owner, ref and folder (and says which checkout's dist/ runs for it), a local
 * action only where the workspace has its action.yml, `--seed` from a git repository, and a
 * repository the server does not have answered with GitHub's 404; and a step gets what a
 * runner's step gets (the machine's HOME; no secrets in a fork's pull request).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/runner.js'
import { WorkflowError } from '../../scripts/workflow/errors.js'
import { startOrigin, type TestOrigin } from '../../scripts/workflow/origin.js'
import { runWorkflow } from '../../scripts/workflow/run.js'
import { cleanupRepos, git, makeTempDir } from '../support/repo.js'

let origin: TestOrigin
let runIds = 8500

beforeAll(async () => {
  origin = await startOrigin({
    seedDir: join(PROJECT_ROOT, 'scripts/workflow/fixtures'),
    fakeApi: { receiver: { mode: 'off' } }
  })
})
afterAll(async () => {
  await origin.close()
  await cleanupRepos()
})

const workflow = (...steps: string[]) =>
  [
    'on: workflow_dispatch',
    'permissions:',
    '  contents: write',
    'jobs:',
    '  a:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    ...steps
  ].join('\n')

const ADMIT = (uses: string) => [
  `      - uses: ${uses}`,
  '        with:',
  '          dispatch-key: uses/${{ github.run_id }}'
]

async function run(content: string, marker?: string) {
  const lines: string[] = []
  const result = await runWorkflow({
    file: 'test.yml',
    content,
    event: { inputs: {} },
    origin,
    runId: runIds++,
    machineEnv: marker ? { MARKER: marker } : {},
    log: line => lines.push(line)
  })
  return { result, log: lines.join('\n') }
}

describe('uses: of this project', () => {
  it('octo-org/dispatch-ledger@v0 runs, and the log says which checkout dist/ runs for it', async () => {
    const { result, log } = await run(
      workflow('      - uses: actions/checkout@v5', ...ADMIT('octo-org/dispatch-ledger@v0'))
    )
    expect(result.conclusion).toBe('success')
    expect(log).toContain(
      `octo-org/dispatch-ledger@v0: runs dist/ of the checkout ${PROJECT_ROOT} (whatever v0 names on GitHub)`
    )
  })

  it.each([
    [
      'nobody-at-all/dispatch-ledger@v0',
      /Unable to resolve action `nobody-at-all\/dispatch-ledger@v0`, repository not found/
    ],
    [
      'octo-org/dispatch-ledger@no-such-tag',
      /Unable to resolve action `octo-org\/dispatch-ledger@no-such-tag`, unable to find version `no-such-tag`/
    ],
    [
      'octo-org/dispatch-ledger/nope@v0',
      /Can't find 'action\.yml', 'action\.yaml' or 'Dockerfile' for action 'octo-org\/dispatch-ledger\/nope@v0'/
    ]
  ])('%s is refused as GitHub refuses it, before any step runs', async (uses, said) => {
    const dir = await makeTempDir()
    const marker = join(dir, 'ran')
    const error = await run(workflow('      - run: touch "$MARKER"', ...ADMIT(uses)), marker).catch(
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(WorkflowError)
    expect((error as Error).message).toMatch(said)
    expect(existsSync(marker)).toBe(false)
  })

  it('a commit of this checkout is a ref it has', async () => {
    const head = (await git(PROJECT_ROOT, 'rev-parse', 'HEAD')).trim()
    const { result } = await run(
      workflow('      - uses: actions/checkout@v5', ...ADMIT(`octo-org/dispatch-ledger@${head}`))
    )
    expect(result.conclusion).toBe('success')
  })

  it('uses: ./dispatch in a repository with no dispatch/ folder fails that step as GitHub does', async () => {
    const { result } = await run(
      workflow(
        '      - uses: actions/checkout@v5',
        '      - uses: ./dispatch',
        '        with:',
        '          driver: command',
        '          run: ./start-agent'
      )
    )
    const step = result.jobs.a!.steps[1]!
    expect(step.outcome).toBe('failure')
    expect(step.errors.join('\n')).toMatch(
      /^Can't find 'action\.yml', 'action\.yaml' or 'Dockerfile' under '.*\/dispatch'\. Did you forget to run actions\/checkout before running your local action\?$/
    )
  })
})

describe('what a step gets from the machine and from GitHub', () => {
  it("a run: step gets the machine's HOME, as a runner's steps do", async () => {
    const marker = join(await makeTempDir(), 'home')
    const { result } = await run(workflow('      - run: printf %s "$HOME" > "$MARKER"'), marker)
    expect(result.conclusion).toBe('success')
    expect(process.env.HOME).toBeTruthy()
    expect(await readFile(marker, 'utf8')).toBe(process.env.HOME)
  })

  it("a fork's pull_request run gets no secrets; the base repository's own gets them", async () => {
    const dir = await makeTempDir()
    const content = [
      'on: pull_request',
      'jobs:',
      '  a:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - env:',
      '          SEEN: ${{ secrets.DEPLOY_KEY }}',
      '        run: printf %s "${SEEN:-none}" > "$MARKER"'
    ].join('\n')
    const pullRequest = async (headRepo: string, fork: boolean) => {
      const marker = join(dir, headRepo.replace('/', '-'))
      const result = await runWorkflow({
        file: 'pr.yml',
        content,
        eventName: 'pull_request',
        event: {
          action: 'opened',
          number: 5,
          pull_request: {
            number: 5,
            head: { ref: 'patch', repo: { full_name: headRepo, fork } },
            base: { ref: 'main', repo: { full_name: `${origin.owner}/${origin.name}` } }
          }
        },
        origin,
        runId: runIds++,
        secrets: { DEPLOY_KEY: 'the-deploy-key' },
        machineEnv: { MARKER: marker }
      })
      expect(result.conclusion).toBe('success')
      return readFile(marker, 'utf8')
    }
    expect(await pullRequest('someone/octo-repo', true)).toBe('none')
    expect(await pullRequest(`${origin.owner}/${origin.name}`, false)).toBe('the-deploy-key')
  })
})

describe("the runner's errors", () => {
  it('point at a section of docs/running-locally.md that exists', async () => {
    const content = workflow('      - run: echo').replace('jobs:', 'concurrency: one\njobs:')
    const error = await run(content).catch((e: unknown) => e)
    const [, anchor] = /docs\/running-locally\.md#([a-z-]+)/.exec((error as Error).message) ?? []
    expect(anchor).toBeDefined()
    const page = await readFile(join(PROJECT_ROOT, 'docs/running-locally.md'), 'utf8')
    const slugs = [...page.matchAll(/^#+ (.+)$/gm)].map(m =>
      (m[1] as string)
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-')
    )
    expect(slugs).toContain(anchor)
  })
})

describe('a repository the server does not have', () => {
  it("is GitHub's 404 for git and the API alike, never the runner's own words", async () => {
    const dir = await makeTempDir()
    const { result } = await run(
      workflow(
        '      - env:',
        '          TOKEN: ${{ github.token }}',
        '        run: |',
        `          curl -s -H "Authorization: Bearer $TOKEN" "$GITHUB_API_URL/repos/octo-org/no-such-repo" > ${join(dir, 'api')}`,
        `          git ls-remote "$GITHUB_SERVER_URL/octo-org/no-such-repo.git" 2> ${join(dir, 'git')} || true`
      )
    )
    expect(result.conclusion).toBe('success')
    expect(JSON.parse(await readFile(join(dir, 'api'), 'utf8'))).toEqual({
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest',
      status: '404'
    })
    const said = await readFile(join(dir, 'git'), 'utf8')
    expect(said).toMatch(/not found/i)
    expect(said).not.toMatch(/API_ROUTES/)
  })
})

describe('npm run workflow --seed', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts/workflow/cli.ts'), ...args], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: scratch }
    })
  let scratch: string
  beforeAll(async () => {
    scratch = await makeTempDir()
  })
  const leftovers = async () => (await readdir(scratch)).filter(n => n.startsWith('workflow-'))

  it('takes a git repository (its HEAD commit), with no stack trace and no temp directory left', async () => {
    const seed = await makeTempDir()
    await git(seed, 'init', '-q', '-b', 'trunk')
    await writeFile(join(seed, 'hello.txt'), 'from the seed\n')
    await git(seed, 'add', 'hello.txt')
    await git(seed, '-c', 'user.name=a', '-c', 'user.email=a@example.com', 'commit', '-qm', 'seed')
    const file = join(seed, 'wf.yml')
    await writeFile(
      file,
      workflow('      - uses: actions/checkout@v5', '      - run: cat hello.txt')
    )
    const event = join(seed, 'event.json')
    await writeFile(event, '{"inputs": {}}')
    const ran = cli(file, '--event', event, '--seed', seed)
    expect(ran.stderr).not.toMatch(/\n\s+at /)
    expect(ran.stdout).toContain('    | from the seed')
    expect(ran.stdout).toContain('conclusion: success')
    expect(ran.status).toBe(0)
    expect(await leftovers()).toEqual([])
  })

  it('a seed that is no directory is one line, exit 2, nothing left behind', async () => {
    const ran = cli(
      join(PROJECT_ROOT, 'examples/workflows/issue-labeled.yml'),
      '--event',
      join(PROJECT_ROOT, 'examples/events/issues-labeled.json'),
      '--seed',
      join(tmpdir(), 'no-such-seed-dir'),
      '--fake-api'
    )
    expect(ran.stderr.trim()).toMatch(/^error: --seed \S+ is not a directory/)
    expect(ran.stderr.trim().split('\n')).toHaveLength(1)
    expect(ran.status).toBe(2)
    expect(await leftovers()).toEqual([])
  })
})
