/**
 * The project's own .github/workflows/release.yml run end to end by the local workflow runner:
 * its checkout, its checks, our own effect action (the bundled dist/effect.js) against the fake
 * GitHub API, and the major-tag move, on a real git origin behind the permission gate.
 *
 * Its `run:` steps really run (`npm ci`, `npm run bundle`, `npm test` included), in a small
 * package the test seeds the origin with, where they take a second: the workflow has no switch
 * for tests. What is checked here is the workflow; the project's own bundle and suite are CI's.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { chmod, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/runner.js'
import { startOrigin, type TestOrigin } from '../../scripts/workflow/origin.js'
import { runWorkflow, type WorkflowRun } from '../../scripts/workflow/run.js'
import { git } from '../support/repo.js'
import { stepOutcomes } from '../support/workflowScenario.js'

const WORKFLOW = join(PROJECT_ROOT, '.github/workflows/release.yml')
const JOB = 'release'

/** The package the origin holds: what each check step runs, cheap, and switchable to fail. */
async function seedPackage(
  options: {
    staleDist?: boolean
    failingTests?: boolean
    noNotes?: boolean
    unreleased?: boolean
  } = {}
) {
  const dir = await mkdtemp(join(tmpdir(), 'release-seed-'))
  const pkg = { name: 'release-fixture', version: '0.1.0', private: true }
  const files: Record<string, string> = {
    'package.json': JSON.stringify(
      { ...pkg, scripts: { bundle: 'node build.mjs', test: 'node test.mjs' } },
      null,
      2
    ),
    'package-lock.json': JSON.stringify(
      { ...pkg, lockfileVersion: 3, requires: true, packages: { '': pkg } },
      null,
      2
    ),
    '.npmrc': 'audit=false\nfund=false\nupdate-notifier=false\n',
    '.gitignore': 'node_modules/\n',
    'src/index.js': 'export const answer = 42\n',
    // `npm run bundle` copies src/ to dist/; a stale dist/ is one that differs from that copy.
    'dist/index.js': options.staleDist
      ? 'export const answer = 41\n'
      : 'export const answer = 42\n',
    'build.mjs':
      "import { copyFileSync } from 'node:fs'\ncopyFileSync('src/index.js', 'dist/index.js')\n",
    // It says which node ran it: the machine's own, as a runner's PATH has it.
    'test.mjs': options.failingTests
      ? "console.error('1 failed'); process.exit(1)\n"
      : "const shim = process.env.OLD_NODE_SHIM ? ' (the old one first on PATH)' : ''\n" +
        'console.log(`1 passed on node ${process.version}${shim}`)\n',
    // `uses: ./effect` runs the action the checkout has, as in this repository.
    'effect/action.yml': readFileSync(join(PROJECT_ROOT, 'effect/action.yml'), 'utf8'),
    'CHANGELOG.md': options.noNotes
      ? '# Changelog\n\n## 0.0.9\n\nNot this one.\n'
      : `# Changelog\n\n${options.unreleased ? '## Unreleased\n\n- The command line.\n\n' : ''}## 0.1.0\n\nThe first release.\n`
  }
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true })
    await writeFile(join(dir, name), content)
  }
  return dir
}

const cleanup: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const done of cleanup.splice(0)) await done()
})

async function releaseOrigin(seed: Parameters<typeof seedPackage>[0] = {}): Promise<TestOrigin> {
  const seedDir = await seedPackage(seed)
  const origin = await startOrigin({ seedDir, fakeApi: true })
  cleanup.push(
    () => origin.close(),
    () => rm(seedDir, { recursive: true, force: true })
  )
  return origin
}

let nextRunId = 9001

function release(
  origin: TestOrigin,
  version: string,
  options: {
    content?: string
    runId?: number
    runAttempt?: number
    machineEnv?: Record<string, string>
  } = {}
): Promise<WorkflowRun> {
  return runWorkflow({
    file: WORKFLOW,
    content: options.content,
    event: {
      inputs: { version },
      ref: 'refs/heads/main',
      repository: { id: origin.id, name: origin.name, full_name: `${origin.owner}/${origin.name}` },
      sender: { login: 'maintainer' },
      workflow: '.github/workflows/release.yml'
    },
    origin,
    runId: options.runId ?? nextRunId++,
    runAttempt: options.runAttempt,
    machineEnv: options.machineEnv
  })
}

/** What the origin and the fake API hold: tags (name → object), releases, create POSTs. */
async function made(origin: TestOrigin) {
  const tags: Record<string, string> = {}
  const listing = await git(origin.bareDir, 'for-each-ref', '--format=%(refname) %(objectname)')
  for (const line of listing.split('\n').filter(l => l.startsWith('refs/tags/'))) {
    const [ref, oid] = line.split(' ') as [string, string]
    tags[ref.slice('refs/tags/'.length)] = oid
  }
  const state = await origin.api!.state()
  return {
    tags,
    releases: state.releases.map(r => ({
      tag: r.tag_name,
      body: r.body,
      prerelease: r.prerelease
    })),
    creates: await origin.api!.count('createRelease'),
    tagsCreatedByReleases: state.tagsCreatedByReleases
  }
}

const NOTHING = { tags: {}, releases: [], creates: 0, tagsCreatedByReleases: [] }

const commitOf = async (origin: TestOrigin, rev: string) =>
  (await git(origin.bareDir, 'rev-parse', `${rev}^{commit}`)).trim()
const step = (run: WorkflowRun, id: string) => run.jobs[JOB]!.steps.find(s => s.id === id)!

/** The steps of release.yml, by id, as the parser names them. */
const ALL_STEPS = [
  '__actions_checkout',
  'version',
  '__run', // npm ci
  '__run_2', // bundle, dist/ unchanged
  '__run_3', // npm test
  'release',
  '__run_4', // the major tag
  '__run_5' // the release URL
]

/** A new commit on main (a commit after the release, its version not bumped). */
async function laterCommit(origin: TestOrigin): Promise<string> {
  const work = await mkdtemp(join(tmpdir(), 'release-later-'))
  cleanup.push(() => rm(work, { recursive: true, force: true }))
  await git(work, 'clone', '-q', origin.bareDir, '.')
  await git(work, 'commit', '-q', '--allow-empty', '-m', 'later')
  await git(work, 'push', '-q', 'origin', 'HEAD:main')
  return (await git(work, 'rev-parse', 'HEAD')).trim()
}

/**
 * A node older than 24 on this machine (the system's, outside node_modules), else this one:
 * the shim then only says it is older.
 */
const OLD_NODE = (() => {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir.includes('node_modules')) continue
    const candidate = join(dir, 'node')
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' })
      if (Number(/^v(\d+)/.exec(version)?.[1]) < 24) return candidate
    } catch {
      // not there
    }
  }
  return process.execPath
})()

/** The file with its effect step replaced (a negative control: what effect is there for). */
async function mutant(replace: string, by: string): Promise<string> {
  const text = await readFile(WORKFLOW, 'utf8')
  expect(text).toContain(replace)
  return text.replace(replace, by)
}

describe('.github/workflows/release.yml', () => {
  it('makes the tag v0.1.0 and its release once, and points v0 at the released commit', async () => {
    const origin = await releaseOrigin()
    const run = await release(origin, '0.1.0')
    expect(stepOutcomes(run, JOB)).toEqual(ALL_STEPS.map(id => `${id}:success`))
    expect(run.conclusion).toBe('success')
    expect(step(run, 'release').outputs).toMatchObject({
      operation_id: 'release/v0.1.0',
      operation_state: 'terminal_committed',
      sent: 'true'
    })
    const after = await made(origin)
    expect(Object.keys(after.tags).sort()).toEqual(['v0', 'v0.1.0'])
    expect(await commitOf(origin, 'v0.1.0')).toBe(origin.sha)
    expect(await commitOf(origin, 'v0')).toBe(origin.sha)
    // v0.1.0 is effect's annotated tag; v0 a plain (lightweight) one, which can move.
    expect(await git(origin.bareDir, 'cat-file', '-t', 'v0.1.0')).toBe('tag\n')
    expect(await git(origin.bareDir, 'cat-file', '-t', 'v0')).toBe('commit\n')
    expect(after.releases).toEqual([
      {
        tag: 'v0.1.0',
        body: expect.stringMatching(
          /^The first release\.\n\n<!-- dispatch-ledger operation: release\/v0\.1\.0 /
        ),
        prerelease: false
      }
    ])
    expect(after.creates).toBe(1)
    // effect made the tag itself before the release, so GitHub never had to.
    expect(after.tagsCreatedByReleases).toEqual([])
  })

  it('a second run of the same version makes nothing new: no second create, the same tags', async () => {
    const origin = await releaseOrigin()
    await release(origin, '0.1.0')
    const first = await made(origin)
    // A new workflow run (not a re-run), then a re-run of it: both are repeats of the operation.
    const runId = nextRunId++
    const again = await release(origin, '0.1.0', { runId })
    const rerun = await release(origin, '0.1.0', { runId, runAttempt: 2 })
    expect(await made(origin)).toEqual(first)
    for (const run of [again, rerun]) {
      expect(run.conclusion).toBe('success')
      expect(step(run, 'release').outputs).toMatchObject({
        operation_state: 'terminal_committed',
        sent: 'false'
      })
    }
    expect(first.creates).toBe(1)
  })

  it('the same version on another commit fails in the first check, saying to bump the version, before install, bundle and tests', async () => {
    const origin = await releaseOrigin()
    await release(origin, '0.1.0')
    const first = await made(origin)
    const later = await laterCommit(origin)
    const run = await release({ ...origin, sha: later }, '0.1.0')
    expect(run.conclusion).toBe('failure')
    expect(stepOutcomes(run, JOB)).toEqual([
      '__actions_checkout:success',
      'version:failure',
      ...ALL_STEPS.slice(2).map(id => `${id}:skipped`)
    ])
    expect(step(run, 'version').stdout).toContain(
      `::error::v0.1.0 is already released, on commit ${origin.sha} (this is ${later}): bump the version`
    )
    expect(await made(origin)).toEqual(first)
  })

  it('without the early check, effect still refuses the other commit, naming the operation, and sends nothing', async () => {
    const origin = await releaseOrigin()
    await release(origin, '0.1.0')
    const first = await made(origin)
    const later = await laterCommit(origin)
    const content = await mutant(
      'if [ -n "$tagged" ] && [ "$tagged" != "$GITHUB_SHA" ]; then',
      'if false; then'
    )
    const run = await release({ ...origin, sha: later }, '0.1.0', { content })
    expect(run.conclusion).toBe('failure')
    expect(step(run, 'release')).toMatchObject({
      outcome: 'failure',
      outputs: { operation_state: 'terminal_committed', sent: 'false' },
      errors: [
        expect.stringMatching(/^The operation release\/v0\.1\.0 was prepared for another intent/)
      ]
    })
    expect(await made(origin)).toEqual(first)
  })

  it('entries under Unreleased in CHANGELOG.md stop the release in the first check (the notes would leave them out)', async () => {
    const origin = await releaseOrigin({ unreleased: true })
    const run = await release(origin, '0.1.0')
    expect(stepOutcomes(run, JOB).slice(0, 3)).toEqual([
      '__actions_checkout:success',
      'version:failure',
      '__run:skipped'
    ])
    expect(step(run, 'version').stdout).toContain(
      "::error::CHANGELOG.md has entries under '## Unreleased' that the notes of 0.1.0 would leave out"
    )
    expect(await made(origin)).toEqual(NOTHING)
  })

  it('npm run workflow runs it on a machine whose node is older than 24 (first on PATH), and shows what its run: steps print', async () => {
    const seedDir = await seedPackage()
    const shims = await mkdtemp(join(tmpdir(), 'old-node-'))
    cleanup.push(() => rm(seedDir, { recursive: true, force: true }))
    cleanup.push(() => rm(shims, { recursive: true, force: true }))
    // An older node first on the machine's PATH (Node 20 where the system has it), marked so
    // the steps' output shows it is the one they ran.
    await writeFile(
      join(shims, 'node'),
      `#!/bin/sh\nexport OLD_NODE_SHIM=1\nexec ${OLD_NODE} "$@"\n`
    )
    await chmod(join(shims, 'node'), 0o755)
    const eventFile = join(shims, 'event.json')
    await writeFile(
      eventFile,
      JSON.stringify({ inputs: { version: '0.1.0' }, ref: 'refs/heads/main' })
    )
    const { stdout, status } = spawnSync(
      process.execPath,
      [
        join(PROJECT_ROOT, 'scripts/workflow/cli.ts'),
        WORKFLOW,
        '--event',
        eventFile,
        '--event-name',
        'workflow_dispatch',
        '--seed',
        seedDir,
        '--fake-api'
      ],
      { encoding: 'utf8', env: { ...process.env, PATH: `${shims}:${process.env.PATH ?? ''}` } }
    )
    expect(stdout).toContain('conclusion: success')
    expect(status).toBe(0)
    // The log shows a run: step's stdout, as a runner's log does; the test ran on that node.
    expect(stdout).toMatch(
      /release › run: npm test \[__run_3\]: success\n(.*\n)*\s+\| 1 passed on node v\d+\S* \(the old one first on PATH\)\n/
    )
    if (OLD_NODE !== process.execPath)
      expect(Number(/1 passed on node v(\d+)/.exec(stdout)![1])).toBeLessThan(24)
  })

  it('a bad version fails in the first check, before anything is made', async () => {
    const origin = await releaseOrigin()
    for (const version of ['v0.1.0', '0.1', '01.0.0', '0.1.0+build.1', '0.1.0\n::warning::x']) {
      const run = await release(origin, version)
      expect(run.conclusion).toBe('failure')
      expect(stepOutcomes(run, JOB)).toEqual([
        '__actions_checkout:success',
        'version:failure',
        ...ALL_STEPS.slice(2).map(id => `${id}:skipped`)
      ])
      expect(step(run, 'version').stdout).toMatch(
        /^::error::version must be semver without a leading v or \+build \(for example 0\.1\.0\); got \S+$/m
      )
    }
    // A version the package does not declare, or the changelog does not describe, fails too.
    const other = await release(origin, '0.2.0')
    expect(step(other, 'version').stdout).toContain(
      '::error::package.json says version 0.1.0, not 0.2.0'
    )
    expect(await made(origin)).toEqual({
      tags: {},
      releases: [],
      creates: 0,
      tagsCreatedByReleases: []
    })
  })

  it('no release notes, a stale dist/ or a failing test stops the run before anything is made', async () => {
    for (const [seed, failing, said] of [
      [{ noNotes: true }, 1, "::error::CHANGELOG.md has no section '## 0.1.0'"],
      [{ staleDist: true }, 3, '::error::dist/ is stale: run npm run bundle and commit dist/'],
      [{ failingTests: true }, 4, '1 failed']
    ] as const) {
      const origin = await releaseOrigin(seed)
      const run = await release(origin, '0.1.0')
      expect(run.conclusion).toBe('failure')
      expect(stepOutcomes(run, JOB)).toEqual([
        ...ALL_STEPS.slice(0, failing).map(id => `${id}:success`),
        `${ALL_STEPS[failing]}:failure`,
        ...ALL_STEPS.slice(failing + 1).map(id => `${id}:skipped`)
      ])
      const failed = run.jobs[JOB]!.steps[failing]!
      expect(failed.stdout + failed.stderr).toContain(said)
      expect(await made(origin)).toEqual(NOTHING)
    }
  })

  it('v0 is not moved back to an older version than one already released', async () => {
    const origin = await releaseOrigin()
    await git(origin.bareDir, 'tag', 'v0.9.0', origin.sha)
    const run = await release(origin, '0.1.0')
    expect(run.conclusion).toBe('success')
    expect(step(run, '__run_4').stdout).toContain(
      'v0 stays where it is: v0.9.0 is newer than v0.1.0'
    )
    expect(Object.keys((await made(origin)).tags).sort()).toEqual(['v0.1.0', 'v0.9.0'])
  })
})

describe('negative controls: without effect the second run makes a second release', () => {
  it('an operation id per workflow run (not per version): the second run creates again', async () => {
    const origin = await releaseOrigin()
    const content = await mutant(
      'operation-id: release/${{ steps.version.outputs.tag }}\n',
      'operation-id: release/${{ steps.version.outputs.tag }}/${{ github.run_id }}\n'
    )
    await release(origin, '0.1.0', { content })
    await release(origin, '0.1.0', { content })
    expect((await made(origin)).creates).toBe(2)
  })

  it('a plain API call instead of effect: the second run posts a second create', async () => {
    const origin = await releaseOrigin()
    const effectStep = (await readFile(WORKFLOW, 'utf8')).match(
      / {6}- id: release\n {8}uses: \.\/effect\n(?: {8,}.*\n)+/
    )![0]
    const content = await mutant(
      effectStep,
      [
        '      - id: release',
        '        env:',
        '          TAG: ${{ steps.version.outputs.tag }}',
        '          TOKEN: ${{ github.token }}',
        '        run: |',
        '          curl -sf -X POST -H "Authorization: Bearer $TOKEN" \\',
        '            -d "{\\"tag_name\\": \\"$TAG\\"}" "$GITHUB_API_URL/repos/$GITHUB_REPOSITORY/releases"',
        '          echo operation_state=terminal_committed >> "$GITHUB_OUTPUT"',
        ''
      ].join('\n')
    )
    await release(origin, '0.1.0', { content })
    await release(origin, '0.1.0', { content })
    expect((await made(origin)).creates).toBe(2)
  })
})
