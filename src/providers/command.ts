/**
 * Driver `command` (docs/design/dispatch.md#command-driver): the workflow author's own shell
 * command sends the work, and an optional `lookup` command finds it again. Both run through
 * @actions/exec as `bash -eo pipefail -c <text>`: the text is the author's (like a `run:`
 * step), and every value that comes from the event or the ledger reaches it only through the
 * environment.
 */
import * as exec from '@actions/exec'
import * as io from '@actions/io'
import type { Writable } from 'node:stream'
import {
  classifyCommandLookup,
  classifyCommandSend,
  type LookupOutcome,
  type ProcessObservation,
  type SendOutcome
} from '../core/send/outcome.js'
import type { AttemptCall, Driver } from './driver.js'

export interface CommandDriverOptions {
  /** The `run` input. */
  readonly run: string
  /** The `lookup` input; empty means the provider cannot be looked up. */
  readonly lookup: string
  /** The `fenced` input: the provider deduplicates by DISPATCH_IDEMPOTENCY_KEY. */
  readonly fenced: boolean
  readonly timeoutSeconds: number
  /** Working directory (the checkout). */
  readonly cwd: string
  /** The step's environment; INPUT_* variables (the token among them) are not passed on. */
  readonly env: NodeJS.ProcessEnv
  /** Where the commands' output goes (the job log by default). */
  readonly outStream?: Writable
}

/** Seconds `timeout` waits after SIGTERM before it sends SIGKILL. */
const KILL_AFTER_SECONDS = 5

export class CommandDriver implements Driver {
  readonly name = 'command'
  readonly fenced: boolean
  /** The ledger record is appended apart from the command's work. */
  readonly commitsWithRecord = false

  constructor(private readonly options: CommandDriverOptions) {
    this.fenced = options.fenced
  }

  intentIds(): Record<string, string> {
    return {}
  }

  async send(call: AttemptCall): Promise<SendOutcome> {
    return classifyCommandSend(await this.runScript(this.options.run, call, {}))
  }

  async lookup(
    call: AttemptCall,
    recorded: Readonly<Record<string, string>>
  ): Promise<LookupOutcome> {
    if (!this.options.lookup)
      return { kind: 'unknown', reason: 'no lookup command is configured (the lookup input)' }
    const ids = { DISPATCH_EXTERNAL_IDS: JSON.stringify(recorded) }
    return classifyCommandLookup(await this.runScript(this.options.lookup, call, ids))
  }

  private async runScript(
    script: string,
    call: AttemptCall,
    extra: Record<string, string>
  ): Promise<ProcessObservation> {
    const env = childEnv(this.options.env, {
      DISPATCH_KEY: call.dispatch_key,
      DISPATCH_RUN_ID: call.run_id,
      DISPATCH_ATTEMPT: String(call.attempt),
      DISPATCH_IDEMPOTENCY_KEY: call.idempotency_key,
      ...extra
    })
    const bash = ['bash', '-eo', 'pipefail', '-c', script]
    // coreutils `timeout` kills the command's whole process group, which @actions/exec
    // cannot do (it hides the child). Where it is missing, we stop waiting instead.
    const timeoutTool = await io.which('timeout', false)
    const seconds = this.options.timeoutSeconds
    const [tool, ...args] = timeoutTool
      ? [timeoutTool, '-k', String(KILL_AFTER_SECONDS), String(seconds), ...bash]
      : bash
    const started = Date.now()
    const running = exec.getExecOutput(tool as string, args, {
      cwd: this.options.cwd,
      env,
      ignoreReturnCode: true,
      outStream: this.options.outStream
    })
    const result = timeoutTool
      ? await running
      : await Promise.race([running, expiry(seconds + KILL_AFTER_SECONDS)])
    if (result === null) return { exitCode: null, timedOut: true, stdout: '' }
    const elapsed = (Date.now() - started) / 1000
    // 124: timeout's TERM worked; 137: it had to KILL. Only then, and only late, is it ours.
    const timedOut =
      timeoutTool !== '' && [124, 137].includes(result.exitCode) && elapsed >= seconds
    return { exitCode: signalled(result.exitCode), timedOut, stdout: result.stdout }
  }
}

/** `timeout` reports a command killed by signal N as 128 + N, as bash does. */
function signalled(exitCode: number): number | null {
  return exitCode > 128 && exitCode < 160 ? null : exitCode
}

function expiry(seconds: number): Promise<null> {
  return new Promise(resolve => setTimeout(() => resolve(null), seconds * 1000).unref())
}

/** The step's environment without the action's inputs, plus the dispatch variables. */
export function childEnv(
  env: NodeJS.ProcessEnv,
  dispatch: Record<string, string>
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && !name.startsWith('INPUT_')) out[name] = value
  return { ...out, ...dispatch }
}
