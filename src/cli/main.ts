/**
 * `dispatch-ledger`, the command line (docs/cli.md): a second adapter beside src/action/, over
 * the same commands and the same store code. It reads through a read-only store opened on one
 * fetch of the namespace, so nothing it does can write to the arbiter or to the user's refs.
 */
import { systemClock, type Clock } from '../commands/deps.js'
import { DispatchLedgerError } from '../core/errors.js'
import { DEFAULT_NAMESPACE } from '../core/refs.js'
import { inertJson, logLine } from '../core/text.js'
import type { MemoFile } from '../store/memo.js'
import type { ReadOnlyStore } from '../store/readOnlyStore.js'
import { openSnapshotStore } from '../store/snapshotStore.js'
import { keyCommand } from './keyView.js'
import { showCommand } from './showView.js'
import { statusCommand } from './statusView.js'
import { verifyCommand } from './verifyView.js'
import { styleFor, widthFor, type Style } from './format.js'
import { parse, UsageError, type Parsed } from './usage.js'

export interface Output {
  write(text: string): unknown
  readonly isTTY?: boolean
  /** the terminal's width, when it is one */
  readonly columns?: number
}

export interface CliIo {
  readonly env: NodeJS.ProcessEnv
  readonly cwd: string
  readonly stdout: Output
  readonly stderr: Output
  readonly clock?: Clock
  /**
   * What identifies the code running (the bin's own bytes, hashed; asked only by the command
   * that keeps a memo): the memo of derived views is kept for this build only. Absent: no memo,
   * every view derived again.
   */
  readonly build?: () => string
  /** The package's version (`--version`). */
  readonly version?: string
}

/** What a subcommand gets: its arguments, the store, and where and how to print. */
export interface CliContext {
  readonly parsed: Parsed
  /** The snapshot: read-only, with its memo (saved once the command has answered). */
  readonly store: ReadOnlyStore
  readonly namespace: string
  readonly clock: Clock
  readonly serverUrl: string | undefined
  readonly json: boolean
  readonly style: Style
  /** the widest a table may be (the terminal's width, COLUMNS, else 80) */
  readonly width: number
  readonly print: (text: string) => void
  /** Prints a value as `--json` shows it: indented, every control character a `\uXXXX` escape. */
  readonly printJson: (value: unknown) => void
  readonly cwd: string
}

/** A subcommand's answer: its exit code (0, or 1 when what it reports is wrong or missing). */
export type Exit = 0 | 1

const RUNNERS = {
  status: statusCommand,
  show: showCommand,
  verify: verifyCommand,
  key: keyCommand
} as const

/** Runs one command line; returns the exit code (2 usage, 1 an error or a problem found, 0 ok). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: Parsed
  try {
    parsed = parse(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`dispatch-ledger: ${logLine(error.message)}\n`)
    return 2
  }
  if (parsed.command === 'version') {
    io.stdout.write(`dispatch-ledger ${io.version ?? 'unknown (a build without its version)'}\n`)
    return 0
  }
  if (parsed.command === 'help' || parsed.values.help) {
    io.stdout.write(`${parsed.help}\n`)
    return 0
  }
  try {
    const context = await contextFor(parsed, io)
    const exit = await RUNNERS[parsed.command](context)
    keep(context.store.memo)
    return exit
  } catch (error) {
    io.stderr.write(`dispatch-ledger ${parsed.command}: ${oneLine(error)}\n`)
    return 1
  }
}

async function contextFor(parsed: Parsed, io: CliIo): Promise<CliContext> {
  const text = (name: string) => {
    const value = parsed.values[name]
    return typeof value === 'string' ? value : undefined
  }
  const namespace = text('namespace') ?? DEFAULT_NAMESPACE
  const serverUrl = text('server-url') ?? io.env.GITHUB_SERVER_URL
  const store = await openSnapshotStore({
    repositoryPath: text('repository') ?? io.cwd,
    remote: text('remote') ?? 'origin',
    ledgerRepository: text('ledger-repository') ?? null,
    serverUrl,
    namespace,
    env: io.env,
    // Only status reads every run, so only it gains from the memo; verify derives everything.
    memo: io.build && parsed.command === 'status' ? { fingerprint: io.build() } : null
  })
  return {
    parsed,
    store,
    namespace,
    clock: io.clock ?? systemClock,
    serverUrl,
    json: parsed.values.json === true,
    style: styleFor(io.stdout, io.env),
    width: widthFor(io.stdout, io.env),
    print: line => io.stdout.write(`${line}\n`),
    printJson: value => io.stdout.write(`${inertJson(value)}\n`),
    cwd: io.cwd
  }
}

/** Saves the memo; one that cannot be saved (a read-only disk) only means deriving again later. */
function keep(memo: MemoFile | undefined): void {
  try {
    memo?.persist()
  } catch {
    // Nothing the command answered depends on it.
  }
}

/**
 * An error as one inert line: ours carry what is wrong and the fix; anything else its message
 * only. Either may quote stored text (a schema library's message names a forged field).
 */
function oneLine(error: unknown): string {
  return logLine(
    error instanceof DispatchLedgerError
      ? error.message
      : `unexpected error: ${(error as Error)?.message ?? String(error)}`
  )
}
