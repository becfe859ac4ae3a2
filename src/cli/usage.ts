/**
 * The command line's words (docs/cli.md): its subcommands, their options, and their help.
 * Parsing is Node's own `util.parseArgs`, strict: an unknown flag is a usage error (exit 2).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { STATES } from '../core/states.js'
import { InvalidInput } from '../core/errors.js'
import { validateNamespace } from '../core/refs.js'

export const SUBCOMMANDS = ['status', 'show', 'verify', 'key'] as const
export type Subcommand = (typeof SUBCOMMANDS)[number]

/** Wrong words on the command line: exit 2, one line, and where to read the right ones. */
export class UsageError extends Error {}

const COMMON = {
  repository: { type: 'string' },
  remote: { type: 'string' },
  'ledger-repository': { type: 'string' },
  'server-url': { type: 'string' },
  namespace: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' }
} as const satisfies ParseArgsConfig['options']

const OWN = {
  status: {
    all: { type: 'boolean' },
    state: { type: 'string' },
    key: { type: 'string' },
    limit: { type: 'string' }
  },
  show: { mermaid: { type: 'boolean' }, 'event-name': { type: 'string' } },
  verify: {},
  key: { 'event-name': { type: 'string' } }
} as const satisfies Record<Subcommand, ParseArgsConfig['options']>

/** How many positional arguments each takes, and what the one it takes is called. */
const POSITIONAL: Record<Subcommand, string | null> = {
  status: null,
  show: '<run id | dispatch key | event file | operation id>',
  verify: null,
  key: '<event file>'
}

const COMMON_HELP = `Where the ledger is read (one fetch of the namespace into a cache repository of
its own; your refs are never written, and nothing is ever written to the arbiter):
  --repository PATH              the clone whose remote is read (default: the working directory)
  --remote NAME|URL              a remote of that clone, or the arbiter's URL (default: origin)
  --ledger-repository OWNER/NAME read that ledger repository instead (GH_TOKEN or GITHUB_TOKEN
                                 is sent to it when set)
  --server-url URL               its server (default: GITHUB_SERVER_URL, else https://github.com)
  --namespace REFS               the namespace (default: refs/dispatch-ledger)
  --json                         machine-readable output
  -h, --help                     this help`

/** A list after the help's option column (33 columns in), wrapped to fit 80 columns. */
function wrapped(words: readonly string[]): string {
  const lines: string[] = []
  for (const word of words) {
    const last = lines.length - 1
    if (last >= 0 && (lines[last] as string).length + word.length + 2 <= 80 - 33)
      lines[last] += `, ${word}`
    else lines.push(word)
  }
  return lines.join(`,\n${' '.repeat(33)}`)
}

const HELP: Record<Subcommand | 'main', string> = {
  main: `dispatch-ledger: the operator's read-only view of a dispatch-ledger namespace.

Usage: dispatch-ledger <command> [options]

Commands:
  status [--all] [--state S] [--key K] [--limit N]
                                 every run not ended (--all: every run; --state, --key and
                                 --limit filter), with its next action, and every operation
                                 held for an operator
  show <run id | key | event>    one run: its records, plan, receiver and generations (or one
                                 operation, by its operation id)
  verify                         every entry verified, and what only a whole view sees
  key <event file>               the dispatch key and request digest an event derives, and its run

Run \`dispatch-ledger <command> --help\` for a command's options; \`dispatch-ledger --version\`
prints the version.

${COMMON_HELP}`,
  status: `Usage: dispatch-ledger status [--all] [--state S] [--key K] [--limit N] [--json] [options]

Lists every run that has not ended (--all: every run) with its run id, dispatch key, state,
next action, age (since its newest record) and the workflow run that wrote that record, then
every operation (a tag, a release, …) held for an operator. A run that cannot be read (its
ledger does not verify, or its admission names a ledger that was deleted) is listed with its
problem whatever the filters, and status then exits 1. The table fits the terminal's width
(COLUMNS, else 80 when not a terminal).

  --all                          every run, ended ones included
  --state S                      only runs in state S (ended states included), one of
                                 ${wrapped(STATES)}
  --key K                        only the run of dispatch key K (K* : keys that start with K)
  --limit N                      at most N runs

${COMMON_HELP}`,
  show: `Usage: dispatch-ledger show <run id | dispatch key | event file> [--json] [--mermaid] [options]

One run: its records (sequence, state, time, writer, submission, external ids), the plan with
its reason, the receiver admission of its current attempt, and the key's generations. An event
file (the JSON a workflow's GITHUB_EVENT_PATH names) selects the run its key admitted.

  --mermaid                      print the run's states as a mermaid state diagram
  --event-name NAME              the event file's event (default: inferred from its fields)

${COMMON_HELP}`,
  verify: `Usage: dispatch-ledger verify [--json] [options]

Verifies every index entry, admission and chain, live and archived, as the commands verify
them, and what only a whole view sees (orphans, admissions whose ledger is missing, a live ref
behind its archived head, an archived head its archive ref no longer keeps, an admission that
disagrees with its first record, a receiver confirmation naming another run, commit headers or
subjects the product never writes, entries out of their bucket, symbolic refs, v1 refs, unknown
names). Exit 0 with the counts verified; exit 1 listing every problem.

${COMMON_HELP}`,
  key: `Usage: dispatch-ledger key <event file> [--event-name NAME] [--json] [options]

The dispatch key and request digest the event derives (as the actions derive them), and which
run owns the key.

  --event-name NAME              the event (issues, pull_request, issue_comment, …); default:
                                 inferred from the file's fields

${COMMON_HELP}`
}

export interface Parsed {
  readonly command: Subcommand | 'help' | 'version'
  readonly help: string
  readonly values: Readonly<Record<string, string | boolean | undefined>>
  readonly argument: string | null
}

export function parse(argv: readonly string[]): Parsed {
  const [first, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help')
    return { command: 'help', help: HELP.main, values: {}, argument: null }
  if (first === '--version' || first === '-V')
    return { command: 'version', help: HELP.main, values: {}, argument: null }
  if (!(SUBCOMMANDS as readonly string[]).includes(first))
    throw new UsageError(
      `unknown command ${JSON.stringify(first)}: use one of ${SUBCOMMANDS.join(', ')} ` +
        '(dispatch-ledger --help lists them)'
    )
  const command = first as Subcommand
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] }
  try {
    parsed = parseArgs({
      args: [...rest],
      options: { ...COMMON, ...OWN[command] },
      allowPositionals: true,
      strict: true
    }) as typeof parsed
  } catch (error) {
    throw new UsageError(
      `${command}: ${(error as Error).message.split('\n')[0]?.split('. To specify')[0]} (dispatch-ledger ${command} --help)`
    )
  }
  const wanted = POSITIONAL[command]
  const { positionals, values } = parsed
  if (!values.help && positionals.length !== (wanted ? 1 : 0))
    throw new UsageError(
      wanted
        ? `${command} takes one argument, ${wanted} (dispatch-ledger ${command} --help)`
        : `${command} takes no argument, but was given ${JSON.stringify(positionals[0])} (dispatch-ledger ${command} --help)`
    )
  const limit = values.limit
  if (typeof limit === 'string' && !/^[1-9][0-9]*$/.test(limit))
    throw new UsageError(
      `${command}: --limit ${JSON.stringify(limit)} is not a whole number of runs, at least 1 (dispatch-ledger ${command} --help)`
    )
  const state = values.state
  if (typeof state === 'string' && !(STATES as readonly string[]).includes(state))
    throw new UsageError(
      `${command}: --state ${JSON.stringify(state)} is not a state: use one of ${STATES.join(', ')} (dispatch-ledger ${command} --help)`
    )
  // A namespace is refused by its words alone, as a malformed --limit is: a usage mistake.
  if (typeof values.namespace === 'string')
    try {
      validateNamespace(values.namespace, '--namespace')
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error
      throw new UsageError(`${command}: ${error.message} (dispatch-ledger ${command} --help)`)
    }
  return { command, help: HELP[command], values, argument: positionals[0] ?? null }
}
