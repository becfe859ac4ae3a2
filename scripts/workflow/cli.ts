/**
 * `npm run workflow -- <file> --event <payload.json> [--event-name <name>] [--run-id <n>]
 *   [--run-attempt <n>] [--seed <dir>] [--permissive] [--fake-api [--receiver <file>]]`
 *
 * Runs one workflow file locally, the stand-in for `act` on machines without a container
 * engine: a fresh test origin (seeded with scripts/workflow/fixtures/, or --seed), the
 * permission gate, and each step printed with its outputs. See README "Running workflows
 * locally".
 */
import { registerHooks } from 'node:module'
import { parseArgs } from 'node:util'

// @actions/workflow-parser imports its schema JSON without `with { type: 'json' }`, which
// Node 24 refuses outside a bundler; supply the attribute for JSON files only.
registerHooks({
  load(url, context, next) {
    if (url.endsWith('.json') && context.importAttributes?.type !== 'json')
      return next(url, {
        ...context,
        importAttributes: { ...context.importAttributes, type: 'json' }
      })
    return next(url, context)
  }
})

const { readFile, mkdtemp, rm } = await import('node:fs/promises')
const { join, resolve } = await import('node:path')
const { tmpdir } = await import('node:os')
const { PROJECT_ROOT } = await import('../runner.ts')
const { startOrigin } = await import('./origin.ts')
const { runWorkflow } = await import('./run.ts')
const { WorkflowError } = await import('./errors.ts')
const { runDispatchedReceivers } = await import('./actingGitHub.ts')

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    event: { type: 'string' },
    'event-name': { type: 'string' },
    'run-id': { type: 'string', default: '501' },
    'run-attempt': { type: 'string', default: '1' },
    seed: { type: 'string' },
    permissive: { type: 'boolean', default: false },
    'fake-api': { type: 'boolean', default: false },
    receiver: { type: 'string' }
  }
})
const file = positionals[0]
if (!file || !values.event) {
  console.error('usage: npm run workflow -- <workflow.yml> --event <payload.json> [--fake-api]')
  process.exit(2)
}
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
    event: JSON.parse(await readFile(values.event, 'utf8')) as Record<string, unknown>,
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
