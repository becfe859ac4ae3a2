/**
 * Processes the benchmarks time: the bundled action run with the runner's environment
 * (scripts/runner.ts actionEnv), other bundles under the same environment, and git.
 */
import { execFileSync, spawn } from 'node:child_process'
import { createHash, type Hash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  actionEnv,
  BUNDLE,
  bundleOf,
  parseOutputFile,
  PROJECT_ROOT,
  type ActionRun
} from '../../scripts/runner.ts'

export { BUNDLE, PROJECT_ROOT }
export const RESULTS = join(PROJECT_ROOT, 'bench', 'results')
export const BUILD = join(RESULTS, 'build')

export interface Timed {
  readonly ms: number
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Spawns one process and times it from spawn to exit (wall clock, as the runner sees it). */
export function timed(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}
): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('error', reject)
    child.stdin.on('error', () => {})
    child.stdin.end(options.input ?? '')
    child.on('close', code => resolve({ ms: performance.now() - started, code, stdout, stderr }))
  })
}

/** git with the bench's fixed identity; throws on failure. */
export function git(cwd: string, args: readonly string[], input?: string): string {
  return execFileSync('git', args, {
    cwd,
    input,
    maxBuffer: 512 * 1024 * 1024,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'bench',
      GIT_AUTHOR_EMAIL: 'bench@example.com',
      GIT_COMMITTER_NAME: 'bench',
      GIT_COMMITTER_EMAIL: 'bench@example.com'
    }
  }).toString()
}

const temps: string[] = []

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `dl-bench-${prefix}-`))
  temps.push(dir)
  return dir
}

export async function cleanup(): Promise<void> {
  await Promise.all(temps.splice(0).map(dir => rm(dir, { recursive: true, force: true })))
}

/** A fresh non-bare repository with one commit on main. */
export async function makeRepo(prefix: string): Promise<string> {
  const dir = await tempDir(prefix)
  git(dir, ['init', '-q', '-b', 'main'])
  git(dir, ['commit', '-q', '--allow-empty', '-m', 'base'])
  return dir
}

/** A prepared invocation: the environment the runner would give one step. */
export interface Step {
  readonly env: NodeJS.ProcessEnv
  readonly outputFile: string
  /** The action's entry (its manifest's runs.main). */
  readonly main: string
}

/** Builds a step's environment (files in a fresh directory); not timed. */
export async function prepareStep(run: ActionRun, extraPath?: string): Promise<Step> {
  const dir = await tempDir('step')
  const env = await actionEnv(run, { dir })
  if (extraPath) env.PATH = `${extraPath}:${env.PATH ?? ''}`
  await writeFile(env.GITHUB_OUTPUT as string, '')
  await writeFile(env.GITHUB_STEP_SUMMARY as string, '')
  return { env, outputFile: env.GITHUB_OUTPUT as string, main: await bundleOf(run.action) }
}

export interface StepRun extends Timed {
  readonly outputs: Record<string, string>
}

/** Runs a bundle (the step's action's entry by default) as the runner does; times the whole process. */
export async function runStep(
  step: Step,
  workspace: string,
  main: string = step.main
): Promise<StepRun> {
  const result = await timed(process.execPath, [main], { cwd: workspace, env: step.env })
  const outputs = parseOutputFile(await readFile(step.outputFile, 'utf8'))
  return { ...result, outputs }
}

/** Throws with the process's own words unless it succeeded. */
export function expectOk(
  what: string,
  result: StepRun,
  check?: (o: Record<string, string>) => boolean
) {
  if (result.code !== 0 || (check && !check(result.outputs)))
    throw new Error(
      `${what} failed (exit ${result.code}): ${result.stdout.slice(-800)} ${result.stderr.slice(-800)} ` +
        JSON.stringify(result.outputs)
    )
}

/**
 * Bundles a bench entry point with ncc into bench/results/build/<name>, reusing an earlier
 * build while nothing it may import changed (ncc takes seconds): the lock file, every file
 * next to the entry (the floors share a module) and everything under src/ (a floor may
 * import the action's own schemas).
 */
export async function nccBuild(name: string, entry: string): Promise<string> {
  const out = join(BUILD, name)
  const hash = createHash('sha256').update(entry)
  hash.update(await readFile(join(PROJECT_ROOT, 'package-lock.json')))
  for (const dir of [dirname(entry), join(PROJECT_ROOT, 'src')]) await hashTree(hash, dir)
  const digest = hash.digest('hex')
  const stamp = join(out, '.source-hash')
  if (
    existsSync(join(out, 'index.js')) &&
    (await readFile(stamp, 'utf8').catch(() => '')) === digest
  )
    return join(out, 'index.js')
  await rm(out, { recursive: true, force: true })
  await mkdir(out, { recursive: true })
  const cli = join(PROJECT_ROOT, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js')
  const result = await timed(
    process.execPath,
    [cli, 'build', relative(PROJECT_ROOT, entry), '-o', relative(PROJECT_ROOT, out), '--quiet'],
    { cwd: PROJECT_ROOT }
  )
  if (result.code !== 0)
    throw new Error(`ncc build ${entry} failed: ${result.stderr}${result.stdout}`)
  await writeFile(stamp, digest)
  return join(out, 'index.js')
}

/** Feeds every file under dir (names and contents, in a stable order) to the hash. */
async function hashTree(hash: Hash, dir: string): Promise<void> {
  const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter(entry => entry.isFile())
    .map(entry => join(entry.parentPath, entry.name))
    .sort()
  for (const name of names) hash.update(name).update(await readFile(name))
}

/** Total size of the files under dir (recursively). */
export async function dirSize(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) total += await dirSize(path)
    else total += (await stat(path)).size
  }
  return total
}

/** A shim directory whose `git` logs each invocation's arguments, then execs the real git. */
export async function gitShim(): Promise<{ dir: string; log: string; realGit: string }> {
  const realGit = execFileSync('sh', ['-c', 'command -v git']).toString().trim()
  if (!realGit) throw new Error('git is not on PATH')
  const dir = await tempDir('shim')
  const log = join(dir, 'calls.log')
  await writeFile(log, '')
  const script = `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${realGit}' "$@"\n`
  await writeFile(join(dir, 'git'), script, { mode: 0o755 })
  return { dir, log, realGit }
}
