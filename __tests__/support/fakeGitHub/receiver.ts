/**
 * The receiver of a dispatched workflow run: what GitHub would start for the run, reduced to
 * the part the product's guarantee rests on. In its own fresh clone of the test origin it runs
 * the bundled action (dist/index.js through scripts/runner.ts, as the Actions runner would)
 * on a `workflow_dispatch` event carrying the dispatch's inputs, the repository and the
 * workflow file path, with GITHUB_RUN_ID = the workflow run id. The admit step arbitrates
 * through the origin; the receiver "does the work" only when it says `owner == 'true'` —
 * recorded as `working`, the count product tests assert.
 *
 * Mode 'unfenced' skips the admit step (every receiver works): a negative control.
 *
 * Erasable TypeScript only (Node type stripping).
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { runAction } from '../../../scripts/runner.ts'
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
    // Its own clone, as actions/checkout makes for each job: the ledger refs are fetched by
    // the action itself, only the ones it needs.
    await git(workspace, 'init', '-q', '-b', 'main')
    await git(workspace, 'remote', 'add', 'origin', origin)
    if (record.mode === 'unfenced') {
      record.working = true
      return
    }
    const { owner, name } = config.repo
    const ref = run.ref.startsWith('refs/') ? run.ref : `refs/heads/${run.ref}`
    const result = await runAction({
      workspace,
      eventName: 'workflow_dispatch',
      event: dispatchEvent(run),
      runId: record.run_id,
      runAttempt: record.run_attempt,
      with: { command: 'admit', ...config.receiver?.with },
      env: {
        GITHUB_REPOSITORY: `${owner}/${name}`,
        GITHUB_REPOSITORY_ID: String(config.repo.id),
        GITHUB_API_URL: run.api,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REF: ref,
        GITHUB_WORKFLOW_REF: `${owner}/${name}/${run.workflowPath}@${ref}`,
        GITHUB_ACTOR: run.sender.login,
        ...config.receiver?.env
      }
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
