/**
 * The receiver of a dispatched workflow run: what GitHub would start for the run, reduced to
 * the part the product's guarantee rests on. In its own fresh clone of the test origin it runs
 * the bundled action (dist/index.js through scripts/runner.ts, as the Actions runner would)
 * on a `workflow_dispatch` event carrying the dispatch's inputs, the repository and the
 * workflow file path, with GITHUB_RUN_ID = the workflow run id. The admit step arbitrates
 * through the origin; the receiver "does the work" only when it says `owner == 'true'` —
 * recorded as `working`, the count product tests assert.
 *
 * Mode 'unfenced' skips the admit step (every receiver works): a negative control. Mode
 * 'command' runs the test's own receiver instead (types.ts `ReceiverMode`).
 *
 * Erasable TypeScript only (Node type stripping).
 */
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { runAction } from '../../scripts/runner.ts'
import type { FakeConfig, ReceiverRecord } from './types.ts'

const exec = promisify(execFile)

export interface ReceiverRun {
  readonly record: ReceiverRecord
  readonly config: FakeConfig
  readonly api: string
  readonly inputs: Record<string, unknown>
  readonly ref: string
  readonly workflowPath: string
  readonly sender: { login: string; id: number; type: string }
}

/** git without GIT_* from the parent (a hook's GIT_DIR would misdirect it). */
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v
  return env
}

async function git(cwd: string, ...args: string[]): Promise<void> {
  await exec('git', args, { cwd, env: gitEnv() })
}

/** The workflow_dispatch payload GitHub gives the dispatched run. */
export function dispatchEvent(run: ReceiverRun): Record<string, unknown> {
  const { owner, name, id } = run.config.repo
  return {
    inputs: run.inputs,
    ref: run.ref.startsWith('refs/') ? run.ref : `refs/heads/${run.ref}`,
    repository: {
      id,
      node_id: `R_${Buffer.from(String(id)).toString('base64url')}`,
      name,
      full_name: `${owner}/${name}`,
      private: false,
      owner: { login: owner, id: 9919, type: 'Organization' },
      html_url: `https://github.com/${owner}/${name}`,
      default_branch: 'main'
    },
    organization: { login: owner, id: 9919 },
    sender: run.sender,
    workflow: run.workflowPath
  }
}

/** What the job's steps see besides runner.ts's defaults (GitHub's names). */
function jobEnv(run: ReceiverRun, workspace: string): Record<string, string> {
  const { owner, name, id } = run.config.repo
  const ref = run.ref.startsWith('refs/') ? run.ref : `refs/heads/${run.ref}`
  return {
    GITHUB_REPOSITORY: `${owner}/${name}`,
    GITHUB_REPOSITORY_ID: String(id),
    GITHUB_REPOSITORY_OWNER: owner,
    GITHUB_API_URL: run.api,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REF: ref,
    GITHUB_WORKFLOW_REF: `${owner}/${name}/${run.workflowPath}@${ref}`,
    GITHUB_ACTOR: run.sender.login,
    GITHUB_WORKSPACE: workspace,
    FAKE_GITHUB_WORKFLOW: run.workflowPath,
    FAKE_GITHUB_ORIGIN: run.config.origin ?? '',
    ...run.config.receiver?.env
  }
}

const tail = (text: string): string => text.slice(-2000)

/** Mode 'command': the test's own receiver, told the job's environment. */
async function runCommand(
  run: ReceiverRun,
  workspace: string,
  jobEnvironment: Record<string, string>
): Promise<void> {
  const { record } = run
  const [program, ...args] = run.config.receiver?.command ?? []
  if (!program) {
    record.error = "receiver mode 'command' needs receiver.command (argv)"
    return
  }
  const files = await mkdtemp(join(tmpdir(), 'fake-gh-job-'))
  try {
    const eventPath = join(files, 'event.json')
    const resultPath = join(files, 'result.json')
    await writeFile(eventPath, JSON.stringify(dispatchEvent(run)))
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      GITHUB_ACTIONS: 'true',
      CI: 'true',
      GITHUB_EVENT_NAME: 'workflow_dispatch',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_RUN_ID: String(record.run_id),
      GITHUB_RUN_ATTEMPT: String(record.run_attempt),
      RUNNER_TEMP: files,
      FAKE_GITHUB_RECEIVER_RESULT: resultPath,
      ...jobEnvironment
    }
    const outcome = await new Promise<NonNullable<ReceiverRecord['command']>>(done => {
      const child = spawn(program, args, { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', chunk => (stdout = tail(stdout + String(chunk))))
      child.stderr.on('data', chunk => (stderr = tail(stderr + String(chunk))))
      child.on('error', error => done({ code: null, signal: null, stdout, stderr: String(error) }))
      child.on('close', (code, signal) => done({ code, signal, stdout, stderr }))
    })
    record.command = outcome
    const result = await readFile(resultPath, 'utf8').then(
      text => JSON.parse(text) as { working?: unknown },
      () => ({ working: false })
    )
    record.working = outcome.code === 0 && result.working === true
    if (outcome.code !== 0)
      record.error = `receiver command exited ${outcome.code ?? outcome.signal}`
  } finally {
    await rm(files, { recursive: true, force: true })
  }
}

/** Runs one receiver to its end; never throws (a failure is recorded on the record). */
export async function runReceiver(run: ReceiverRun): Promise<void> {
  const { record, config } = run
  const origin = config.origin
  if (!origin) {
    record.error = 'no origin configured: start the fake with { origin } to run receivers'
    return
  }
  const workspace = await mkdtemp(join(tmpdir(), 'fake-gh-receiver-'))
  record.workspace = workspace
  try {
    // A command's own checkout step clones FAKE_GITHUB_ORIGIN into the empty workspace.
    if (record.mode === 'command') return await runCommand(run, workspace, jobEnv(run, workspace))
    // Its own clone, as actions/checkout makes for each job: the ledger refs are fetched by
    // the action itself, only the ones it needs.
    await git(workspace, 'init', '-q', '-b', 'main')
    await git(workspace, 'remote', 'add', 'origin', origin)
    if (record.mode === 'unfenced') {
      record.working = true
      return
    }
    const env = jobEnv(run, workspace)
    const result = await runAction({
      workspace,
      eventName: 'workflow_dispatch',
      event: dispatchEvent(run),
      runId: record.run_id,
      runAttempt: record.run_attempt,
      with: { ...config.receiver?.with },
      env
    })
    record.admit = {
      code: result.code,
      owner: result.outputs.owner,
      created: result.outputs.created,
      run_id: result.outputs.run_id,
      dispatch_key: result.outputs.dispatch_key,
      errors: result.errors
    }
    record.working = result.code === 0 && result.outputs.owner === 'true'
    if (result.code !== 0 && result.errors.length === 0)
      record.error = `admit exited ${result.code ?? result.signal}: ${result.stderr.slice(-500)}`
  } catch (error) {
    record.error = (error as Error).message
  } finally {
    await rm(workspace, { recursive: true, force: true })
  }
}
