/**
 * A runner-faithful harness: runs the bundle the way the Actions runner runs a node24 action.
 * It reads the action's manifest (action.yml for admit, `<folder>/action.yml` for the others),
 * fails on a `with:` input the manifest does not declare (GitHub's runner warns about it and
 * the step then runs without it), turns `with:` plus the manifest's defaults into
 * INPUT_* variables (upper-cased, spaces to underscores, hyphens kept), sets the GITHUB_*
 * variables a step sees, runs the bundle under Node 24 with the workspace as working
 * directory, and parses the outputs file. It stands in for `act`, which cannot run here.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** The shared bundle every action's entry (dist/<command>.js) imports. */
export const BUNDLE = join(PROJECT_ROOT, 'dist', 'index.js')

/** The actions in this repository: the root (admit) and one folder per other command. */
export const ACTIONS = [
  'preview',
  'record',
  'plan',
  'scan',
  'dispatch',
  'recover',
  'operate',
  'effect'
] as const

export interface Manifest {
  runs: { using: string; main: string }
  inputs?: Record<string, { default?: string }>
  outputs?: Record<string, { description?: string }>
}

/** `action.yml` for the root, `<folder>/action.yml` for another action. */
export function manifestPath(action?: string): string {
  return action ? `${action}/action.yml` : 'action.yml'
}

const manifests = new Map<string, Promise<Manifest>>()
/** The manifest of an action folder (the root when none is named). */
export function loadManifest(action?: string): Promise<Manifest> {
  if (action !== undefined && !(ACTIONS as readonly string[]).includes(action))
    throw new Error(
      `There is no action ${JSON.stringify(action)}: name a folder (${ACTIONS.join(', ')}) ` +
        'or leave action out for the root action (admit).'
    )
  const path = manifestPath(action)
  let manifest = manifests.get(path)
  if (!manifest) {
    manifest = readFile(join(PROJECT_ROOT, path), 'utf8').then(text => parse(text) as Manifest)
    manifests.set(path, manifest)
  }
  return manifest
}

/** The bundle file an action runs (its manifest's runs.main, relative to its folder). */
export async function bundleOf(action?: string): Promise<string> {
  const { runs } = await loadManifest(action)
  return resolve(PROJECT_ROOT, action ?? '.', runs.main)
}

export interface ActionRun {
  /** The action's folder (dispatch, operate, …); the root action (admit) when left out. */
  action?: string
  /** The step's `with:` block. */
  with?: Record<string, string>
  workspace: string
  eventName?: string
  /** The event payload, written to GITHUB_EVENT_PATH; a string is written as-is. */
  event?: unknown
  /** Set GITHUB_EVENT_PATH to this path instead of writing one. */
  eventPath?: string
  runId?: string | number
  runAttempt?: number
  /** Extra or overriding environment (undefined removes a variable). */
  env?: Record<string, string | undefined>
  /** SIGKILL the action's process after this long. */
  killAfterMs?: number
  /**
   * Kill its whole process group instead (node and the git it started, as a runner that
   * cancels a job does). A git killed while it holds a ref lock leaves `<ref>.lock`: nothing
   * is half-written, but later writes to that ref fail until the lock is removed.
   */
  killGroup?: boolean
  /** Evaluates an action.yml default that is an expression (`${{ github.token }}`). */
  inputDefault?: (value: string) => string
}

/**
 * A `with:` bag that names its action under `action` (as a test table or a scripted
 * coordinator writes one step per row): the action's folder and its inputs. `admit` is the root.
 */
export function withAction(bag: Record<string, string>): Pick<ActionRun, 'action' | 'with'> {
  const { action, ...inputs } = bag
  return { action: action === 'admit' ? undefined : action, with: inputs }
}

export interface ActionResult {
  code: number | null
  signal: NodeJS.Signals | null
  outputs: Record<string, string>
  summary: string
  stdout: string
  stderr: string
  /** The ::error:: lines the action printed, without the prefix. */
  errors: string[]
}

/** The environment the runner would give the step, without starting it. */
export async function actionEnv(
  run: ActionRun,
  files: { dir: string }
): Promise<NodeJS.ProcessEnv> {
  const { inputs } = await loadManifest(run.action)
  const unknown = Object.keys(run.with ?? {}).filter(name => !(name in (inputs ?? {})))
  if (unknown.length > 0)
    throw new Error(
      `${manifestPath(run.action)} has no input ${unknown.map(name => JSON.stringify(name)).join(', ')}: ` +
        `fix the spelling or use the action that takes it. Its inputs: ${Object.keys(inputs ?? {}).join(', ')}.`
    )
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: run.workspace,
    GITHUB_EVENT_NAME: run.eventName ?? 'issues',
    GITHUB_RUN_ID: String(run.runId ?? 1000),
    GITHUB_RUN_ATTEMPT: String(run.runAttempt ?? 1),
    GITHUB_WORKFLOW_REF: 'octo-org/octo-repo/.github/workflows/ledger.yml@refs/heads/main',
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_ACTOR: 'octocat',
    GITHUB_OUTPUT: join(files.dir, 'output'),
    GITHUB_STEP_SUMMARY: join(files.dir, 'summary'),
    GITHUB_STATE: join(files.dir, 'state'),
    GITHUB_ENV: join(files.dir, 'env'),
    RUNNER_TEMP: files.dir
  }
  for (const [name, spec] of Object.entries(inputs ?? {})) {
    // A default that is an expression is evaluated by the caller when it can (the local
    // workflow runner, with the job's contexts); otherwise the one expression a default uses,
    // `${{ github.token }}`, is the job's token from GITHUB_TOKEN.
    const fallback =
      spec.default === undefined
        ? ''
        : (run.inputDefault?.(spec.default) ??
          (spec.default === '${{ github.token }}' ? (run.env?.GITHUB_TOKEN ?? '') : spec.default))
    const value = run.with?.[name] ?? fallback
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  if (run.eventPath !== undefined) env.GITHUB_EVENT_PATH = run.eventPath
  else {
    const path = join(files.dir, 'event.json')
    await writeFile(
      path,
      typeof run.event === 'string' ? run.event : JSON.stringify(run.event ?? {})
    )
    env.GITHUB_EVENT_PATH = path
  }
  for (const [name, value] of Object.entries(run.env ?? {})) {
    if (value === undefined) delete env[name]
    else env[name] = value
  }
  return env
}

export async function runAction(run: ActionRun): Promise<ActionResult> {
  const { runs } = await loadManifest(run.action)
  if (runs.using !== 'node24')
    throw new Error(`${manifestPath(run.action)} runs.using is ${runs.using}`)
  if (Number(process.versions.node.split('.')[0]) < 24)
    throw new Error(`tests must run on Node 24 (this is ${process.version}); use npm test`)
  const dir = await mkdtemp(join(tmpdir(), 'runner-'))
  try {
    const env = await actionEnv(run, { dir })
    await writeFile(env.GITHUB_OUTPUT as string, '')
    await writeFile(env.GITHUB_STEP_SUMMARY as string, '')
    const main = await bundleOf(run.action)
    const { code, signal, stdout, stderr } = await new Promise<{
      code: number | null
      signal: NodeJS.Signals | null
      stdout: string
      stderr: string
    }>((done, fail) => {
      // In its own process group when the kill must take its git children with it.
      const child = spawn(process.execPath, [main], {
        cwd: run.workspace,
        env,
        stdio: 'pipe',
        detached: run.killGroup === true
      })
      let out = ''
      let err = ''
      child.stdout.on('data', chunk => (out += chunk))
      child.stderr.on('data', chunk => (err += chunk))
      child.on('error', fail)
      const timer =
        run.killAfterMs !== undefined
          ? setTimeout(
              () => (run.killGroup ? killGroup(child.pid) : child.kill('SIGKILL')),
              run.killAfterMs
            )
          : undefined
      child.on('close', (exit, sig) => {
        if (timer) clearTimeout(timer)
        done({ code: exit, signal: sig, stdout: out, stderr: err })
      })
    })
    const outputs = parseOutputFile(await readFile(env.GITHUB_OUTPUT as string, 'utf8'))
    const summary = await readFile(env.GITHUB_STEP_SUMMARY as string, 'utf8')
    const errors = stdout
      .split('\n')
      .filter(line => line.startsWith('::error::'))
      .map(line => line.slice('::error::'.length).replace(/%0A/g, '\n').replace(/%25/g, '%'))
    return { code, signal, outputs, summary, stdout, stderr, errors }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

/** The runner's GITHUB_OUTPUT format: `name<<DELIM\nvalue\nDELIM` (and plain `name=value`). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const [, name, delimiter] = heredoc as unknown as [string, string, string]
      const value: string[] = []
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] as string)
      if (i >= lines.length) throw new Error(`output ${name} has no closing delimiter`)
      outputs[name] = value.join('\n')
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1)
    }
  }
  return outputs
}
