/**
 * `npm run action -- --event <file> [--action <folder>] [--event-name <name>] [--with key=value ...]
 *   [--workspace <dir>] [--run-id <n>] [--run-attempt <n>]`
 *
 * Runs one of the bundled actions (the root's admit, or --action dispatch, operate, …) on any event the way the runner would (scripts/runner.ts),
 * and prints its outputs, errors and job summary, so a person can try an event by hand
 * without `act`. The event name defaults to the file name's first word
 * (`issues-labeled.json` → `issues`). Without --workspace a scratch repository is made (its
 * path is printed: pass it as --workspace to go on with the same refs). A workspace without an
 * origin gets `remote: none` unless --with remote=… says otherwise.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { ACTIONS, loadManifest, manifestPath, runAction } from './runner.ts'
import { UsageError, exitOnUsageError, parseCommandLine } from './workflow/errors.ts'

const USAGE =
  'usage: npm run action -- --event <file> [--action <folder>] [--event-name <name>] [--with key=value ...] ' +
  '[--workspace <dir>] [--run-id <n>] [--run-attempt <n>]'

/** The command line checked whole (flags, inputs, event file) before anything is made. */
async function commandLine() {
  const { values } = parseCommandLine(
    {
      options: {
        event: { type: 'string' },
        action: { type: 'string' },
        'event-name': { type: 'string' },
        with: { type: 'string', multiple: true },
        workspace: { type: 'string' },
        'run-id': { type: 'string' },
        'run-attempt': { type: 'string' },
        help: { type: 'boolean' }
      }
    },
    'npm run action'
  )
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  if (!values.event)
    throw new UsageError('--event <file> is required: the event payload to run on.')
  const action = values.action
  if (action !== undefined && !(ACTIONS as readonly string[]).includes(action))
    throw new UsageError(
      `--action ${action}: there is no such action. Name a folder (${ACTIONS.join(', ')}), or leave --action out for admit.`
    )
  const valid = Object.keys((await loadManifest(action)).inputs ?? {})
  const inputs: Record<string, string> = {}
  for (const pair of values.with ?? []) {
    const equals = pair.indexOf('=')
    if (equals < 1)
      throw new UsageError(
        `--with ${pair}: expected key=value, for example --with dispatch-key=my-key.`
      )
    const name = pair.slice(0, equals)
    if (!valid.includes(name))
      throw new UsageError(
        `${manifestPath(action)} has no input ${JSON.stringify(name)}. Valid inputs: ${valid.join(', ')}.`
      )
    inputs[name] = pair.slice(equals + 1)
  }
  if (values.workspace !== undefined) {
    const dir = resolve(values.workspace)
    const kind = await stat(dir).catch(() => undefined)
    if (!kind?.isDirectory())
      throw new UsageError(
        `--workspace ${dir}: there is no such directory. Give the scratch repository an earlier run printed, or leave --workspace out for a new one.`
      )
  }
  const eventPath = resolve(values.event)
  const event = await readFile(eventPath, 'utf8').catch((error: Error) => {
    throw new UsageError(`The event file ${eventPath} cannot be read: ${error.message}.`)
  })
  return { values, action, inputs, eventPath, event }
}

const { values, action, inputs, eventPath, event } = await commandLine().catch((error: unknown) =>
  exitOnUsageError(error, USAGE)
)
const eventName = values['event-name'] ?? basename(eventPath).replace(/[-.].*$/, '')
let workspace = values.workspace ? resolve(values.workspace) : ''
if (!workspace) {
  workspace = await mkdtemp(join(tmpdir(), 'dispatch-ledger-try-'))
  execFileSync('git', ['init', '-q', workspace])
  console.log(`scratch repository: ${workspace} (pass --workspace ${workspace} to reuse it)`)
}

// By hand the workspace is usually local (the scratch repository has no origin), where the
// runner's remote: auto refuses to decide (no arbiter, no claim); choose the local store
// explicitly then, and say so, unless --with remote=… was given.
const hasOrigin = (() => {
  try {
    execFileSync('git', ['-C', workspace, 'remote', 'get-url', 'origin'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()
if (inputs.remote === undefined && !hasOrigin) {
  inputs.remote = 'none'
  console.log(
    'remote: none (the workspace has no origin; in Actions, remote: auto would refuse to decide)'
  )
}

const result = await runAction({
  action,
  workspace,
  eventName,
  event,
  with: inputs,
  runId: values['run-id'],
  runAttempt: values['run-attempt'] ? Number(values['run-attempt']) : undefined
})

console.log(`event: ${eventName} (${eventPath})`)
console.log(`exit code: ${result.code ?? result.signal}`)
console.log('\noutputs:')
for (const [name, value] of Object.entries(result.outputs)) console.log(`  ${name}=${value}`)
if (result.errors.length > 0) console.log(`\nerrors:\n  ${result.errors.join('\n  ')}`)
console.log(`\njob summary:\n${result.summary}`)
process.exit(result.code ?? 1)
