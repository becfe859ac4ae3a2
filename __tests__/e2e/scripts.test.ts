/**
 * The project's command-line tools run as a person runs them (`node scripts/…` under the
 * Node 24 on PATH): asking for help prints the usage and succeeds; a usage mistake prints one
 * paragraph on stderr that says what is wrong and how to fix it, never a stack trace, and
 * exits 2.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { spawnSync } from 'node:child_process'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/runner.js'
import { cleanupRepos, makeTempDir } from '../support/repo.js'

afterAll(cleanupRepos)

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

function script(path: string, ...args: string[]): Promise<Ran> {
  return new Promise(done => {
    const child = spawn(process.execPath, [join(PROJECT_ROOT, path), ...args], {
      cwd: PROJECT_ROOT
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('close', code => done({ code, stdout, stderr }))
  })
}

const workflow = (...args: string[]) => script('scripts/workflow/cli.ts', ...args)
const action = (...args: string[]) => script('scripts/action.ts', ...args)

/** A usage error: one paragraph on stderr, nothing that looks like a stack, exit 2. */
function expectUsageError(ran: Ran, message: RegExp): void {
  expect(ran.stderr).toMatch(message)
  expect(ran.stderr).not.toMatch(/^\s+at |node:internal|Node\.js v\d/m)
  expect(ran.stderr.trim().split('\n\n')).toHaveLength(1)
  expect(ran.code).toBe(2)
}

describe('npm run workflow', () => {
  it('--help prints the usage on stdout and exits 0', async () => {
    const ran = await workflow('--help')
    expect(ran.stdout).toMatch(
      /^usage: npm run workflow -- <workflow\.yml> --event <payload\.json>/
    )
    expect(ran.stdout).toContain('--fake-api')
    expect(ran.stderr).toBe('')
    expect(ran.code).toBe(0)
  })

  it('an unknown flag is named, with the usage, and exits 2', async () => {
    const ran = await workflow('examples/workflows/issue-labeled.yml', '--evnet', 'x.json')
    expectUsageError(ran, /--evnet.*not an option[^]*usage: npm run workflow/)
  })

  it('a flag without its value is named, and exits 2', async () => {
    const ran = await workflow('examples/workflows/issue-labeled.yml', '--event')
    expectUsageError(ran, /--event needs a value[^]*usage: npm run workflow/)
  })

  it('a missing workflow file or event is named, and exits 2', async () => {
    expectUsageError(
      await workflow('--event', 'examples/events/push.json'),
      /give the workflow file/i
    )
    expectUsageError(
      await workflow('examples/workflows/issue-labeled.yml'),
      /--event <payload\.json> is required/
    )
  })

  it('an event file that does not exist is named, and exits 2', async () => {
    const ran = await workflow('examples/workflows/issue-labeled.yml', '--event', 'nope.json')
    expectUsageError(ran, /nope\.json/)
  })

  it("shows each step's stderr indented under the step", async () => {
    const dir = await makeTempDir()
    const file = join(dir, 'stderr.yml')
    await writeFile(
      file,
      [
        'on: push',
        'jobs:',
        '  a:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - name: talk',
        '        run: |',
        '          echo to-stdout',
        '          echo "trace: MARKER-1" >&2',
        '          echo "trace: MARKER-2" >&2',
        ''
      ].join('\n')
    )
    const ran = await workflow(file, '--event', 'examples/events/push.json')
    expect(ran.stdout).toMatch(
      /a › talk \[[^\]]+\]: success\n(\s{4}.*\n)*\s{4}stderr: trace: MARKER-1\n\s{4}stderr: trace: MARKER-2\n/
    )
    expect(ran.code).toBe(0)
  }, 60_000)
})

/**
 * Each published workflow and an example event it acts on (examples/events/), so a person can
 * try every workflow with npm run workflow; a new workflow fails here until it has one.
 */
const ACTS_ON: Record<string, string> = {
  'issue-labeled.yml': 'issues-labeled.json',
  'by-hand.yml': 'issues-labeled.json',
  'agent.yml': 'workflow_dispatch-receiver.json',
  'operate.yml': 'issue_comment-ledger-approve.json',
  'release.yml': 'workflow_dispatch-release.json',
  'recover.yml': 'workflow_run-failure.json',
  // with --ledger-repository (below): a ledger repository of its own and the App's token
  'ledger-issue-labeled.yml': 'issues-labeled.json',
  'ledger-agent.yml': 'workflow_dispatch-receiver.json',
  'ledger-operate.yml': 'issue_comment-ledger-approve.json',
  'agent-writes.yml': 'issues-labeled.json',
  'agent-ended.yml': 'workflow_run-receiver-success.json',
  'ledger-agent-ended.yml': 'workflow_run-ledger-receiver-success.json'
}

describe('npm run workflow runs every published workflow on an example event', () => {
  it('every file in examples/workflows has an example event', async () => {
    const files = (await readdir(join(PROJECT_ROOT, 'examples/workflows'))).filter(f =>
      /\.ya?ml$/.test(f)
    )
    expect(files.sort()).toEqual(Object.keys(ACTS_ON).sort())
  })

  it.each(Object.entries(ACTS_ON))(
    '%s acts on %s',
    async (file, event) => {
      const ran = await workflow(
        `examples/workflows/${file}`,
        '--event',
        `examples/events/${event}`,
        '--fake-api',
        ...(file.startsWith('ledger-')
          ? ['--ledger-repository', 'octo-org/dispatch-ledger-state']
          : [])
      )
      // Triggered, every job ran (none skipped by its if:), and the run succeeded.
      expect(ran.stdout).not.toMatch(/not triggered|^job \S+: skipped/m)
      expect(ran.stdout).toMatch(/^job \S+: run 501 attempt 1$/m)
      expect(ran.stdout).toContain('conclusion: success')
      expect(ran.code).toBe(0)
    },
    120_000
  )
})

describe('npm run action', () => {
  it('--help prints the usage on stdout and exits 0', async () => {
    const ran = await action('--help')
    expect(ran.stdout).toMatch(/^usage: npm run action -- --event <file>/)
    expect(ran.code).toBe(0)
  })

  it('an unknown input name is named, with the valid inputs from action.yml, and exits 2', async () => {
    const ran = await action('--event', 'examples/events/push.json', '--with', 'comand=dispatch')
    expectUsageError(ran, /action\.yml has no input "comand"/)
    expect(ran.stderr).toMatch(
      /Valid inputs: dispatch-key, .*repository-path, archive-after, ledger-repository, ledger-token, retention-days\./
    )
    expect(ran.stdout).not.toMatch(/scratch repository/)
  })

  it('a --workspace that does not exist is named before anything runs, not spawn ENOENT', async () => {
    const ran = await action(
      '--event',
      'examples/events/push.json',
      '--workspace',
      '/nonexistent/ws'
    )
    expectUsageError(ran, /^--workspace \/nonexistent\/ws: there is no such directory\./)
    expect(ran.stderr).not.toMatch(/ENOENT|spawn/)
    expect(ran.stdout).toBe('')
  })

  it('an unknown flag or a missing value is named, and exits 2', async () => {
    expectUsageError(await action('--evnt', 'x.json'), /--evnt.*not an option/)
    expectUsageError(await action('--event'), /--event needs a value/)
    expectUsageError(await action(), /--event <file> is required/)
    expectUsageError(await action('--event', 'nope.json'), /nope\.json/)
  })
})

/**
 * `npm run bench` is not run in CI (minutes of measurements), so a part that cannot load would
 * first be seen by the next person to measure: `--list` loads every part and whatever it
 * imports, measures nothing, and names each part.
 */
describe('the benchmark', () => {
  it('loads every part: --list names them all and exits 0', async () => {
    const listed = await script('bench/run.ts', '--list')
    expect(listed.stderr).toBe('')
    expect(listed.code).toBe(0)
    const ids = listed.stdout.trim().split('\n')
    expect(ids).toContain('B1')
    expect(ids).toContain('B8')
    expect(ids).toContain('B10 (opt-in)')
    expect(ids).toContain('B11')
    const files = await readdir(join(PROJECT_ROOT, 'bench'))
    // One listed id per part module (b<N><Name>.ts), so a new part left out of the plan shows.
    const parts = files.filter(f => /^b\d+[A-Z]\w*\.ts$/.test(f))
    expect(ids).toHaveLength(parts.length)
  })
})

/**
 * The scripts are TypeScript that only Node 24 runs as it is; an older node (the system's)
 * fails with ERR_UNKNOWN_FILE_EXTENSION before any of the script runs. npm run puts
 * node_modules/.bin (the project's Node 24) first on PATH, and each such script's pre-script
 * stops an older node with a message that names the fix.
 */
describe('the scripts on a node older than 24', () => {
  const CHECK = 'node scripts/checkNode.mjs'

  it('every npm script that runs a .ts file with node has the Node check as its pre-script', async () => {
    const { scripts } = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    const typescript = Object.keys(scripts).filter(name => /\bnode \S+\.ts\b/.test(scripts[name]!))
    expect(typescript.sort()).toEqual(['action', 'bench', 'bundle', 'demo', 'graph', 'workflow'])
    for (const name of typescript) expect([name, scripts[`pre${name}`]]).toEqual([name, CHECK])
  })

  /** The check run as npm runs the pre-script of `npm run demo`, under `node` with `args`. */
  const check = (node: string, args: string[]) =>
    spawnSync(node, [...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, npm_lifecycle_event: 'predemo' },
      encoding: 'utf8'
    })

  it('under Node 20 it names node_modules/.bin/node and npm ci, and exits 1', () => {
    const old = check(process.execPath, [
      '--input-type=module',
      '-e',
      "Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.20.2' } }); await import('./scripts/checkNode.mjs')"
    ])
    expect(old.stderr).toMatch(/^npm run demo needs Node 24 or newer; this is Node 20\.20\.2/)
    expect(old.stderr).toContain('node_modules/.bin/node')
    expect(old.stderr).toContain('npm ci')
    expect(old.status).toBe(1)
  })

  it('under Node 24 it says nothing and exits 0', () => {
    const current = check(process.execPath, ['scripts/checkNode.mjs'])
    expect([current.status, current.stdout, current.stderr]).toEqual([0, '', ''])
  })

  // The machine's own older node, when it has one (CI's system node is 20).
  const system = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' })
  const systemMajor = Number(/^v(\d+)/.exec(system.stdout ?? '')?.[1] ?? 24)
  ;(systemMajor < 24 ? it : it.skip)('under the system node (/usr/bin/node) too', () => {
    const old = check('/usr/bin/node', ['scripts/checkNode.mjs'])
    expect(old.stderr).toMatch(/needs Node 24 or newer.*node_modules\/\.bin\/node/s)
    expect(old.status).toBe(1)
  })
})
