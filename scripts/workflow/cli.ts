/**
 * `npm run workflow -- <file> --event <payload.json> [--event-name <name>] [--run-id <n>]
 *   [--run-attempt <n>] [--seed <dir>] [--permissive] [--fake-api [--receiver <file>]]`
 *
 * Runs one workflow file locally, the stand-in for `act` on machines without a container
 * engine: a fresh test origin (seeded with scripts/workflow/fixtures/, or --seed), the
 * permission gate, and each step printed with its outputs. See README "Running workflows
 * locally".
 */
import { UsageError, WorkflowError, exitOnUsageError, parseCommandLine } from './errors.ts'
import { allowJsonImports } from './jsonImports.ts'

const USAGE =
  'usage: npm run workflow -- <workflow.yml> --event <payload.json> [--event-name <name>] ' +
  '[--run-id <n>] [--run-attempt <n>] [--seed <dir>] [--permissive] ' +
  '[--fake-api [--receiver <workflow.yml>]]'

// Before the runner's modules load: the workflow parser imports JSON without an attribute.
allowJsonImports()

const { readFile, mkdtemp, rm } = await import('node:fs/promises')
const { join, resolve } = await import('node:path')
const { tmpdir } = await import('node:os')
const { PROJECT_ROOT } = await import('../runner.ts')
const { startOrigin } = await import('./origin.ts')
const { runWorkflow } = await import('./run.ts')
const { runDispatchedReceivers } = await import('./actingGitHub.ts')

/** The command line checked whole (flags, workflow file, event) before the origin starts. */
async function commandLine() {
  const { values, positionals } = parseCommandLine(
    {
      allowPositionals: true,
      options: {
        event: { type: 'string' },
        'event-name': { type: 'string' },
        'run-id': { type: 'string', default: '501' },
        'run-attempt': { type: 'string', default: '1' },
        seed: { type: 'string' },
        permissive: { type: 'boolean', default: false },
        'fake-api': { type: 'boolean', default: false },
        receiver: { type: 'string' },
        help: { type: 'boolean', default: false }
      }
    },
    'npm run workflow'
  )
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const [file, ...extra] = positionals
  if (!file)
    throw new UsageError(
      'Give the workflow file to run, for example examples/workflows/issue-labeled.yml.'
    )
  if (extra.length > 0)
    throw new UsageError(`One workflow file at a time; ${extra.join(' ')} is not expected.`)
  if (!values.event)
    throw new UsageError(
      '--event <payload.json> is required: the event the workflow runs on (see examples/events/).'
    )
  const readable = async (path: string, what: string) => {
    try {
      return await readFile(path, 'utf8')
    } catch (error) {
      throw new UsageError(`The ${what} ${path} cannot be read: ${(error as Error).message}.`)
    }
  }
  await readable(file, 'workflow file')
  if (values.receiver) await readable(values.receiver, 'receiver workflow file')
  const text = await readable(values.event, 'event file')
  let event: Record<string, unknown>
  try {
    event = JSON.parse(text) as Record<string, unknown>
  } catch (error) {
    throw new UsageError(
      `The event file ${values.event} is not JSON (${(error as Error).message}); give a webhook payload.`
    )
  }
  return { values, file, event }
}

const { values, file, event } = await commandLine().catch((error: unknown) =>
  exitOnUsageError(error, USAGE)
)
const origin = await startOrigin({
  seedDir: resolve(values.seed ?? join(PROJECT_ROOT, 'scripts/workflow/fixtures')),
  // With --receiver, what the workflow dispatches starts that workflow file here (as GitHub
  // would), instead of the fake's own receiver (the bundled admit step alone).
  fakeApi: values['fake-api'] && (values.receiver ? { receiver: { mode: 'off' } } : true)
})
const scratch = await mkdtemp(join(tmpdir(), 'workflow-cli-'))
let code = 0
try {
  const agentLog = join(scratch, 'agent.log')
  console.log(`origin: ${origin.gate.cloneUrl} (bare repository ${origin.bareDir})`)
  const run = await runWorkflow({
    file: resolve(file),
    event,
    eventName: values['event-name'],
    origin,
    runId: Number(values['run-id']),
    runAttempt: Number(values['run-attempt']),
    machineEnv: { AGENT_LOG: agentLog },
    defaultPermissions: values.permissive ? 'permissive' : 'restricted',
    log: line => console.log(line)
  })
  if (!run.triggered) console.log('not triggered: the workflow does not run on this event')
  else console.log(`conclusion: ${run.conclusion}`)
  if (origin.api && values.receiver) {
    console.log(`\nreceivers (${values.receiver}) for what was dispatched:`)
    await runDispatchedReceivers(origin, {
      file: resolve(values.receiver),
      started: new Set(),
      mine: () => true,
      machineEnv: { AGENT_LOG: agentLog },
      log: line => console.log(line)
    })
  }
  if (origin.api) {
    const state = await origin.api.settled()
    console.log(
      `fake GitHub API: ${JSON.stringify(await origin.api.counts())}; ` +
        `dispatched runs: ${state.dispatches.length}`
    )
  }
  const starts = await readFile(agentLog, 'utf8').catch(() => '')
  const calls = starts.split('\n').filter(Boolean)
  console.log(`provider calls (fixtures start-agent, run-agent): ${calls.length}`)
  code = run.conclusion === 'failure' ? 1 : 0
} catch (error) {
  if (!(error instanceof WorkflowError)) throw error
  console.error(`error: ${error.message}`)
  code = 2
} finally {
  await origin.close()
  await rm(scratch, { recursive: true, force: true })
}
process.exit(code)
