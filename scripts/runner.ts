/**
 * A runner-faithful harness: runs the committed dist/index.js the way the Actions runner
 * runs a node24 action. It reads action.yml, turns `with:` plus the manifest's defaults into
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
export const BUNDLE = join(PROJECT_ROOT, 'dist', 'index.js')

interface Manifest {
  runs: { using: string; main: string }
  inputs: Record<string, { default?: string }>
}

let manifest: Manifest | undefined
export async function loadManifest(): Promise<Manifest> {
  manifest ??= parse(await readFile(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as Manifest
  return manifest
}

export interface ActionRun {
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
  const { inputs } = await loadManifest()
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
  for (const name of Object.keys(run.with ?? {}))
    if (!(name in (inputs ?? {}))) throw new Error(`action.yml has no input ${name}`)
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
  const { runs } = await loadManifest()
  if (runs.using !== 'node24') throw new Error(`action.yml runs.using is ${runs.using}`)
  if (Number(process.versions.node.split('.')[0]) < 24)
    throw new Error(`tests must run on Node 24 (this is ${process.version}); use npm test`)
  const dir = await mkdtemp(join(tmpdir(), 'runner-'))
  try {
    const env = await actionEnv(run, { dir })
    await writeFile(env.GITHUB_OUTPUT as string, '')
    await writeFile(env.GITHUB_STEP_SUMMARY as string, '')
    const main = join(PROJECT_ROOT, runs.main)
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
