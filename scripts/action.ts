/**
 * `npm run action -- --event <file> [--event-name <name>] [--with key=value ...]
 *   [--workspace <dir>] [--run-id <n>] [--run-attempt <n>]`
 *
 * Runs the bundled action (dist/) on any event the way the runner would (scripts/runner.ts),
 * and prints its outputs, errors and job summary, so a person can try an event by hand
 * without `act`. The event name defaults to the file name's first word
 * (`issues-labeled.json` → `issues`). Without --workspace a scratch repository is made (its
 * path is printed: pass it as --workspace to go on with the same refs).
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { runAction } from './runner.ts'

const USAGE =
  'usage: npm run action -- --event <file> [--event-name <name>] [--with key=value ...] ' +
  '[--workspace <dir>] [--run-id <n>] [--run-attempt <n>]'

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`)
  process.exit(2)
}

let values
try {
  ;({ values } = parseArgs({
    options: {
      event: { type: 'string' },
      'event-name': { type: 'string' },
      with: { type: 'string', multiple: true },
      workspace: { type: 'string' },
      'run-id': { type: 'string' },
      'run-attempt': { type: 'string' },
      help: { type: 'boolean' }
    }
  }))
} catch (error) {
  fail((error as Error).message)
}
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
if (!values.event) fail('--event is required')

const eventPath = resolve(values.event)
const eventName = values['event-name'] ?? basename(eventPath).replace(/[-.].*$/, '')
const inputs: Record<string, string> = {}
for (const pair of values.with ?? []) {
  const equals = pair.indexOf('=')
  if (equals < 1) fail(`--with ${pair}: expected key=value`)
  inputs[pair.slice(0, equals)] = pair.slice(equals + 1)
}
let workspace = values.workspace ? resolve(values.workspace) : ''
if (!workspace) {
  workspace = await mkdtemp(join(tmpdir(), 'dispatch-ledger-try-'))
  execFileSync('git', ['init', '-q', workspace])
  console.log(`scratch repository: ${workspace} (pass --workspace ${workspace} to reuse it)`)
}

const result = await runAction({
  workspace,
  eventName,
  event: await readFile(eventPath, 'utf8'),
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
