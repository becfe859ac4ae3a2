/**
 * The project's command-line tools run as a person runs them (`node scripts/…` under the
 * Node 24 on PATH): asking for help prints the usage and succeeds; a usage mistake prints one
 * paragraph on stderr that says what is wrong and how to fix it, never a stack trace, and
 * exits 2.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../scripts/runner.js'
import { cleanupRepos, makeTempDir } from './support/repo.js'

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
  'recover.yml': 'workflow_run-failure.json'
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
        '--fake-api'
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
    expect(ran.stderr).toMatch(/Valid inputs: command, dispatch-key, .*operation-id\./)
    expect(ran.stdout).not.toMatch(/scratch repository/)
  })

  it('an unknown flag or a missing value is named, and exits 2', async () => {
    expectUsageError(await action('--evnt', 'x.json'), /--evnt.*not an option/)
    expectUsageError(await action('--event'), /--event needs a value/)
    expectUsageError(await action(), /--event <file> is required/)
    expectUsageError(await action('--event', 'nope.json'), /nope\.json/)
  })
})
