/**
 * The `dispatch-ledger` command line (docs/cli.md), run from its committed bundle
 * (dist/cli/index.js) as `npx` or an installed bin runs it, over a ledger the bundled actions
 * built at a bare origin. What it prints is compared with what the plan action says for the
 * same run; it must write nothing anywhere, and cost the same number of git processes however
 * many runs the namespace holds.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { admitCommand } from '../../src/commands/admit.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { PROJECT_ROOT, runAction } from '../../scripts/runner.js'
import { buildLedger, type BuiltLedger } from '../support/cliLedger.js'
import { startGitHost } from '../../testkit/gitHttpServer.js'
import { cleanupRepos, git, makeRepo, makeTempDir } from '../support/repo.js'

const run = promisify(execFile)
const CLI = join(PROJECT_ROOT, 'dist', 'cli', 'index.js')
const NS = 'refs/dispatch-ledger'

interface CliResult {
  code: number
  stdout: string
  stderr: string
}

async function cli(
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined> }
): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1', ...options.env }
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/** Every ref of a repository with its object, as one string (byte-identical or not). */
async function allRefs(dir: string): Promise<string> {
  return git(dir, 'for-each-ref', '--format=%(objectname) %(refname)')
}

let ledger: BuiltLedger
let home: string

beforeAll(async () => {
  ledger = await buildLedger()
  // A cache of its own per suite (the command line keeps one under the temp directory).
  home = await makeTempDir()
}, 120_000)

afterAll(async () => {
  await ledger?.origin.cleanup()
  await cleanupRepos()
})

const env = () => ({ RUNNER_TEMP: home, TMPDIR: home, XDG_CACHE_HOME: home })

/** What the plan action says of a run, named by its id. */
async function planOf(runId: string) {
  const result = await runAction({
    workspace: ledger.clone,
    action: 'plan',
    runId: 950,
    with: { 'run-id': runId, remote: 'origin' }
  })
  expect(result.code).toBe(0)
  return result.outputs
}

describe('status', () => {
  it('lists every run not ended, each as the plan action plans it; --all adds the ended', async () => {
    const { runs } = ledger
    const json = await cli(['status', '--json'], { cwd: ledger.clone, env: env() })
    expect(json.code).toBe(0)
    const listed = JSON.parse(json.stdout) as { runs: Array<Record<string, unknown>> }
    const byId = new Map(listed.runs.map(r => [r.run_id, r]))
    expect([...byId.keys()].sort()).toEqual(
      [runs.observing, runs.waiting, runs.archived, runs.generation2].sort()
    )
    for (const id of byId.keys()) {
      const plan = await planOf(id as string)
      expect(byId.get(id)).toMatchObject({
        state: plan.state,
        sequence: Number(plan.sequence),
        recovery_action: plan.recovery_action,
        recovery_reason: plan.recovery_reason,
        dispatch_key: plan.dispatch_key,
        terminal: false
      })
    }
    expect(byId.get(runs.observing)).toMatchObject({ recovery_action: 'observe_provider' })
    expect(byId.get(runs.waiting)).toMatchObject({ recovery_action: 'await_operator' })
    expect(byId.get(runs.archived)).toMatchObject({ recovery_action: 'dispatch' })
    // The writer's workflow run: the runner's GITHUB_WORKFLOW_REF names the repository.
    expect(byId.get(runs.observing)?.workflow_run_url).toMatch(/\/actions\/runs\/900$/)

    // Wide enough for every column (a pipe is fitted to COLUMNS, else 80).
    const text = await cli(['status'], { cwd: ledger.clone, env: { ...env(), COLUMNS: '250' } })
    expect(text.code).toBe(0)
    const lines = text.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^RUN ID\s+DISPATCH KEY\s+STATE\s+NEXT ACTION\s+AGE\s+WORKFLOW RUN$/)
    // Aligned: every row's state starts where the header's STATE does.
    const column = (lines[0] as string).indexOf('STATE')
    for (const id of byId.keys()) {
      const line = lines.find(l => l.startsWith(id as string)) as string
      expect(line.slice(column)).toMatch(new RegExp(`^${byId.get(id)?.state}\\s`))
      expect(line).toMatch(/\d+[smhd] ago/)
    }
    expect(text.stdout).not.toContain(runs.ended)
    expect(text.stdout).toContain('4 runs not ended in refs/dispatch-ledger at origin (2 ended')

    const all = await cli(['status', '--all', '--json'], { cwd: ledger.clone, env: env() })
    const every = (JSON.parse(all.stdout) as { runs: Array<{ run_id: string; state: string }> })
      .runs
    expect(every.map(r => r.run_id).sort()).toEqual(Object.values(runs).sort())
    expect(every.find(r => r.run_id === runs.ended)?.state).toBe('cancelled')
    const allText = await cli(['status', '--all'], { cwd: ledger.clone, env: env() })
    expect(allText.stdout).toContain(runs.generation1)
    expect(allText.stdout).toContain('6 runs in refs/dispatch-ledger at origin.')
  }, 120_000)

  it('reads the same through --remote URL and from outside any clone', async () => {
    const away = await makeTempDir()
    const result = await cli(['status', '--json', '--remote', ledger.origin.url], {
      cwd: away,
      env: env()
    })
    expect(result.code).toBe(0)
    expect((JSON.parse(result.stdout) as { runs: unknown[] }).runs).toHaveLength(4)
  })
})

describe('--ledger-repository', () => {
  const STATE = 'octo-org/dispatch-ledger-state'
  const TOKEN = 'ghs_cliReadTokenThatMustNeverBePrinted01'

  it('reads a ledger repository with the token from GH_TOKEN, never printing it; without it, one line', async () => {
    const host = await startGitHost({ repositories: { [STATE]: { tokens: { [TOKEN]: 'read' } } } })
    try {
      await git(ledger.origin.dir, 'push', '-q', host.bareDir(STATE), `+${NS}/*:${NS}/*`)
      const away = await makeTempDir()
      const args = [
        'status',
        '--json',
        '--ledger-repository',
        STATE,
        '--server-url',
        host.serverUrl
      ]
      const fromOrigin = await cli(['status', '--json'], { cwd: ledger.clone, env: env() })
      const read = await cli(args, { cwd: away, env: { ...env(), GH_TOKEN: TOKEN } })
      expect(read.code).toBe(0)
      const runs = (text: string) =>
        (JSON.parse(text) as { runs: Array<{ run_id: string; recovery_action: string }> }).runs.map(
          r => [r.run_id, r.recovery_action]
        )
      expect(runs(read.stdout)).toEqual(runs(fromOrigin.stdout))
      expect(JSON.parse(read.stdout).store).toBe(STATE)
      expect(host.requests.some(r => r.auth === 'read')).toBe(true)
      const refused = await cli(args, {
        cwd: away,
        env: { ...env(), GH_TOKEN: undefined, GITHUB_TOKEN: undefined }
      })
      expect(refused.code).toBe(1)
      expect(refused.stderr.trim().split('\n')).toHaveLength(1)
      expect(refused.stderr).toMatch(
        new RegExp(`${STATE} asked for credentials and none were given .*Set GH_TOKEN`)
      )
      // A wrong token is told apart from none: its fix is another token, not setting one.
      const wrong = await cli(args, {
        cwd: away,
        env: {
          ...env(),
          GH_TOKEN: 'ghs_notTheTokenOfThisRepository000000001',
          GITHUB_TOKEN: undefined
        }
      })
      expect(wrong.code).toBe(1)
      expect(wrong.stderr.trim().split('\n')).toHaveLength(1)
      expect(wrong.stderr).toMatch(
        new RegExp(`${STATE} refused the credentials given .*the token in GH_TOKEN is wrong`)
      )
      for (const out of [read, refused, wrong])
        expect(out.stdout + out.stderr).not.toMatch(/ghs_[A-Za-z0-9]{20,}/)
    } finally {
      await host.close()
    }
  })

  it('a name that is not owner/name is one line naming the form', async () => {
    const result = await cli(['status', '--ledger-repository', 'no-slash'], {
      cwd: ledger.clone,
      env: env()
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/--ledger-repository "no-slash" is not owner\/name/)
  })
})

describe('show', () => {
  it('by run id, by dispatch key and by event file: the same run, as plan says', async () => {
    const { runs } = ledger
    const plan = await planOf(runs.generation2)
    const eventFile = join(await makeTempDir(), 'event.json')
    await writeFile(eventFile, JSON.stringify(ledger.labeled))
    const shown = []
    for (const argument of [runs.generation2, plan.dispatch_key as string, eventFile]) {
      const result = await cli(['show', argument, '--json'], { cwd: ledger.clone, env: env() })
      expect(result.code).toBe(0)
      shown.push(JSON.parse(result.stdout))
    }
    for (const s of shown)
      expect(s).toMatchObject({
        run_id: runs.generation2,
        generation: 2,
        plan: { action: plan.recovery_action, reason: plan.recovery_reason },
        // One shape with status --json: the state's name, and the whole run under `run`.
        state: plan.state,
        sequence: Number(plan.sequence),
        run: { state: plan.state, sequence: Number(plan.sequence) }
      })
    expect(shown[0].generations.map((g: { run_id: string }) => g.run_id)).toEqual([
      runs.generation1,
      runs.generation2
    ])

    const text = await cli(['show', runs.waiting], { cwd: ledger.clone, env: env() })
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/next action\s+await_operator/)
    expect(text.stdout).toMatch(/^SEQ\s+STATE\s+TIME\s+WRITER/m)
    expect(text.stdout).toMatch(/^3\s+attempt_failed\s/m)
    expect(text.stdout).toContain('job=j-1')
    const diagram = await cli(['show', runs.ended, '--mermaid'], { cwd: ledger.clone, env: env() })
    expect(diagram.stdout.trim().split('\n')).toEqual([
      'stateDiagram-v2',
      '    [*] --> admitted: 1',
      '    admitted --> cancelled: 2',
      '    cancelled --> [*]'
    ])
  }, 120_000)

  it('an unknown run says so and exits 1', async () => {
    const result = await cli(['show', 'gh-1-nosuchrun'], { cwd: ledger.clone, env: env() })
    expect(result.code).toBe(1)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toContain('There is no run "gh-1-nosuchrun"')
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })
})

describe('key', () => {
  it('derives the key and digest the admit action derived, and names its run', async () => {
    const eventFile = join(await makeTempDir(), 'event.json')
    await writeFile(eventFile, JSON.stringify(ledger.labeled))
    const plan = await planOf(ledger.runs.generation2)
    const json = await cli(['key', eventFile, '--json'], { cwd: ledger.clone, env: env() })
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toMatchObject({
      event_name: 'issues',
      dispatch_key: plan.dispatch_key,
      request_digest: plan.request_digest,
      owner: { run_id: ledger.runs.generation2, generation: 2 }
    })
    const named = await cli(['key', eventFile, '--event-name', 'issues'], {
      cwd: ledger.clone,
      env: env()
    })
    expect(named.stdout).toMatch(
      new RegExp(`owned by\\s+${ledger.runs.generation2} \\(generation 2`)
    )
    expect(named.stdout).toContain(plan.request_digest as string)
  })
})

describe('verify', () => {
  it('0 with the counts on the ledger the actions built; 1 naming the place after a tampering', async () => {
    const intact = await cli(['verify'], { cwd: ledger.clone, env: env() })
    expect(intact.code).toBe(0)
    expect(intact.stdout).toMatch(/^refs\/dispatch-ledger at origin verifies: .*\b6 runs\b/)
    const json = await cli(['verify', '--json'], { cwd: ledger.clone, env: env() })
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, problems: [] })

    // A copy of the origin with one live ledger deleted: its admission's ledger is missing.
    const copy = join(await makeTempDir(), 'tampered.git')
    await git(ledger.origin.dir, 'clone', '-q', '--mirror', ledger.origin.dir, copy)
    const live = `${NS}/runs/${createHash('sha256').update(ledger.runs.observing).digest('hex')}`
    await git(copy, 'update-ref', '-d', live)
    const broken = await cli(['verify', '--remote', copy], { cwd: ledger.clone, env: env() })
    expect(broken.code).toBe(1)
    const lines = broken.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^refs\/dispatch-ledger\/index\/[0-9a-f]{2}:keys\/[0-9a-f]{64}\/1: /)
    expect(broken.stderr).toBe('')
  }, 120_000)
})

describe('read-only', () => {
  it('every subcommand leaves the arbiter and the clone byte-identical', async () => {
    const eventFile = join(await makeTempDir(), 'event.json')
    await writeFile(eventFile, JSON.stringify(ledger.labeled))
    // A person's fresh clone: branches and tags, and no ledger refs (they are not fetched).
    await git(ledger.clone, 'push', '-q', 'origin', 'HEAD:refs/heads/main')
    const fresh = join(await makeTempDir(), 'fresh')
    await git(ledger.origin.dir, 'clone', '-q', ledger.origin.dir, fresh)
    const before = {
      origin: await allRefs(ledger.origin.dir),
      clone: await allRefs(ledger.clone),
      fresh: await allRefs(fresh)
    }
    const packed = await readFile(join(ledger.origin.dir, 'packed-refs'), 'utf8').catch(() => '')
    for (const args of [
      ['status'],
      ['status', '--all', '--json'],
      ['show', ledger.runs.observing],
      ['show', ledger.runs.archived, '--json'],
      ['key', eventFile],
      ['verify']
    ]) {
      for (const cwd of [ledger.clone, fresh]) {
        await cli(args, { cwd, env: env() })
        expect(await allRefs(ledger.origin.dir)).toBe(before.origin)
        expect(await allRefs(ledger.clone)).toBe(before.clone)
        expect(await allRefs(fresh)).toBe(before.fresh)
      }
    }
    expect(await readFile(join(ledger.origin.dir, 'packed-refs'), 'utf8').catch(() => '')).toBe(
      packed
    )
    // The fresh clone was read through its origin and still holds no ledger ref.
    expect(before.fresh).toMatch(/refs\/heads\/main\n[^]*refs\/tags\/v1\.0\.0/)
    expect(before.fresh).not.toContain('refs/dispatch-ledger/')
  }, 120_000)
})

describe('usage and errors', () => {
  it.each([
    [['nosuch'], /unknown command "nosuch"/],
    [['status', '--nosuch'], /status: Unknown option '--nosuch'/],
    [['show'], /show takes one argument/],
    [['status', 'extra'], /status takes no argument/],
    [
      ['status', '--state', 'nosuch'],
      /status: --state "nosuch" is not a state: use one of proposed, .*, admitted, dispatched, .*, decided, cancelled \(/
    ],
    [['verify', '--namespace', 'refs/notes/x'], /verify: --namespace "refs\/notes\/x" must not/]
  ])('%j exits 2 with one line', async (args, message) => {
    const result = await cli(args, { cwd: ledger.clone, env: env() })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
  })

  it("the top-level help names status's filters, as status --help does", async () => {
    const result = await cli(['--help'], { cwd: ledger.clone, env: env() })
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^ {2}status \[--all\] \[--state S\] \[--key K\] \[--limit N\]$/m)
  })

  it.each([['status'], ['show'], ['verify'], ['key']])('%s --help', async command => {
    const result = await cli([command, '--help'], { cwd: ledger.clone, env: env() })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`Usage: dispatch-ledger ${command}`)
    expect(result.stdout).toContain('--ledger-repository')
  })

  it('no remote: one line naming it and the fix, exit 1', async () => {
    const bare = await makeRepo()
    const result = await cli(['status'], { cwd: bare, env: env() })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/has no remote named origin.*--remote URL/)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
  })
})

/** An origin holding `count` admitted runs, half archived, made with the admit command. */
async function originWith(count: number): Promise<string> {
  const seed = await makeRepo()
  for (let i = 0; i < count; i++) {
    const store = new LocalStore(new Git(seed), { archiveAfterSeconds: i % 2 === 0 ? 0 : 3600 })
    await admitCommand(
      {
        namespace: NS,
        dispatch_key: `cli/cost/${i}`,
        event: { name: 'workflow_dispatch', payload: {} },
        writer: {
          github_run_id: String(1000 + i),
          run_attempt: 1,
          workflow_ref: 'octo-org/octo-repo/.github/workflows/agent.yml@refs/heads/main'
        }
      },
      { store, clock: { now: () => new Date() } }
    )
  }
  const bare = await makeRepo({ bare: true })
  await git(seed, 'push', '-q', bare, `+${NS}/*:${NS}/*`)
  return bare
}

/** The top-level git processes a command line started (trace2: a sid without a parent's). */
async function gitProcesses(args: string[], cwd: string): Promise<number> {
  const trace = join(await makeTempDir(), 'trace.json')
  const result = await cli(args, { cwd, env: { ...env(), GIT_TRACE2_EVENT: trace } })
  expect(result.code).toBe(0)
  const events = (await readFile(trace, 'utf8')).split('\n').filter(Boolean)
  return events
    .map(line => JSON.parse(line) as { event: string; sid: string })
    .filter(e => e.event === 'start' && !e.sid.includes('/')).length
}

describe('cost', () => {
  it('status starts as many git processes for 100 runs as for 10', async () => {
    const counts = []
    for (const n of [10, 100]) {
      const bare = await originWith(n)
      const listed = await cli(['status', '--json', '--remote', bare], { cwd: bare, env: env() })
      expect((JSON.parse(listed.stdout) as { runs: unknown[] }).runs).toHaveLength(n)
      counts.push(await gitProcesses(['status', '--remote', bare], bare))
    }
    expect(counts[1]).toBe(counts[0])
  }, 300_000)
})

describe('a warm status (the memo)', () => {
  /** status --json, without the ages (they grow between two runs). */
  async function statusOf(bare: string, cache: string): Promise<unknown[]> {
    const result = await cli(['status', '--all', '--json', '--remote', bare], {
      cwd: bare,
      env: { RUNNER_TEMP: cache, TMPDIR: cache, XDG_CACHE_HOME: cache }
    })
    expect(result.code).toBe(0)
    const runs = (JSON.parse(result.stdout) as { runs: Array<Record<string, unknown>> }).runs
    return runs.map(({ age_seconds: _age, ...rest }) => rest)
  }

  it('answers as the first status did, and after a change as a status with no memo does', async () => {
    const bare = await originWith(12)
    const cache = await makeTempDir()
    const first = await statusOf(bare, cache)
    const memo = (await readdirDeep(cache)).find(p => p.endsWith('dispatch-ledger-memo.json'))
    expect(memo).toBeDefined()
    expect((await stat(memo as string)).mode & 0o777).toBe(0o600)
    expect(await statusOf(bare, cache)).toEqual(first)
    // A run's admission removed at the arbiter: that run is now an orphan, warm or not.
    const { setLogical } = await import('../../testkit/layout.js')
    const { admissionRef } = await import('../../src/core/refs.js')
    await setLogical(bare, admissionRef(NS, 'cli/cost/3'), null)
    const changed = await statusOf(bare, cache)
    expect(changed).not.toEqual(first)
    expect(changed).toEqual(await statusOf(bare, await makeTempDir()))
  }, 120_000)
})

/** Every file under dir, by path. */
async function readdirDeep(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter(e => e.isFile()).map(e => join(e.parentPath, e.name))
}

describe('packaging', () => {
  it('the packed tarball installs into an empty project with no registry, and its bin runs', async () => {
    const dir = await makeTempDir()
    const npm = (args: string[], cwd: string) =>
      run('npm', args, { cwd, env: { ...process.env, npm_config_cache: join(dir, 'cache') } })
    const packed = await npm(['pack', '--json', '--pack-destination', dir], PROJECT_ROOT)
    const tarball = join(
      dir,
      (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0]?.filename ?? ''
    )
    const project = join(dir, 'project')
    await run('mkdir', [project])
    await writeFile(join(project, 'package.json'), '{"name":"empty","private":true}\n')
    await npm(
      ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball],
      project
    )
    const bin = join(project, 'node_modules', '.bin', 'dispatch-ledger')
    const help = await run(process.execPath, [bin, '--help'], { cwd: project })
    expect(help.stdout).toContain('Usage: dispatch-ledger <command>')
    // The bundle is all it needs: nothing else was installed beside it.
    const installed = await run('ls', [join(project, 'node_modules')])
    expect(installed.stdout.trim().split('\n')).toEqual(['dispatch-ledger'])
  }, 120_000)
})
