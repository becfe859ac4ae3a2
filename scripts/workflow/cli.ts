/**
 * `npm run workflow -- <file> --event <payload.json> [--event-name <name>] [--run-id <n>]
 *   [--run-attempt <n>] [--seed <dir>] [--origin <dir>] [--permissive]
 *   [--fake-api [--receiver <file>]] [--ledger-repository <owner/name>]`
 *
 * Runs one workflow file locally, the stand-in for `act` on machines without a container
 * engine: a fresh test origin (seeded with scripts/workflow/fixtures/, or --seed; kept in
 * --origin <dir> across runs), the permission gate, and each step printed with its outputs
 * and job summary. It refuses what GitHub would not run: an event none of the file's
 * triggers takes, a `with:` input an action does not declare. With --receiver, each run it
 * dispatched starts that workflow, and its end the workflows on its workflow_run (the
 * observer). With --ledger-repository, a
 * ledger repository of its own beside the origin, written only by a GitHub App's token
 * (actions/create-github-app-token). See docs/running-locally.md.
 */
import { UsageError, WorkflowError, exitOnUsageError, parseCommandLine } from './errors.ts'
import { allowJsonImports } from './jsonImports.ts'

const USAGE =
  'usage: npm run workflow -- <workflow.yml> --event <payload.json> [--event-name <name>] ' +
  '[--run-id <n>] [--run-attempt <n>] [--seed <dir>] [--origin <dir>] [--permissive] ' +
  '[--fake-api [--receiver <workflow.yml>] [--collaborator <login>=<permission> ...]] ' +
  '[--ledger-repository <owner/name>]'

// Before the runner's modules load: the workflow parser imports JSON without an attribute.
allowJsonImports()

const { readFile, readdir, mkdtemp, rm } = await import('node:fs/promises')
const { fileURLToPath } = await import('node:url')
const { readFileSync } = await import('node:fs')
const { basename, dirname, join, resolve } = await import('node:path')
const { tmpdir } = await import('node:os')
const { parse } = await import('yaml')
const { PROJECT_ROOT } = await import('../runner.ts')
const { startOrigin, LEDGER_APP_SECRET, LEDGER_APP_VARIABLE } = await import('./origin.ts')
const { USES } = await import('./model.ts')
const { loadWorkflowModel } = await import('./model.ts')
const { apiSteps, checkStepInputs, runWorkflow, soleEvent, triggerList, triggers } =
  await import('./run.ts')
const { runDispatchedReceivers, runWorkflowRunListeners } = await import('./actingGitHub.ts')

/** A workflow's name as `workflow_run` events carry it: its `name:`, else its file's path. */
function workflowName(file: string, content: string): string {
  let name: unknown
  try {
    name = (parse(content) as { name?: unknown } | null)?.name
  } catch {
    name = undefined
  }
  return typeof name === 'string' && name !== '' ? name : `.github/workflows/${basename(file)}`
}

/** What the collaborator permission API can answer for a user (--collaborator). */
const PERMISSIONS = ['admin', 'maintain', 'write', 'triage', 'read', 'none'] as const
type Permission = (typeof PERMISSIONS)[number]

/** The names of the events a workflow can run on, from GitHub's own workflow schema. */
function eventNames(): string[] {
  // The package exports only its entry; the schema sits beside it in dist/.
  const entry = fileURLToPath(import.meta.resolve('@actions/workflow-parser'))
  const schema = JSON.parse(
    readFileSync(join(dirname(entry), 'workflow-v1.0.min.json'), 'utf8')
  ) as { definitions: Record<string, { mapping?: { properties?: Record<string, unknown> } }> }
  return Object.keys(schema.definitions['on-mapping-strict']?.mapping?.properties ?? {})
}

/**
 * The event a payload file is: --event-name, else the file name's first word when it names
 * an event (`push.json`, `issues-labeled.json`), else the workflow's only trigger.
 */
function eventNameOf(
  given: string | undefined,
  eventFile: string,
  model: Parameters<typeof soleEvent>[0]
): string {
  if (given !== undefined) return given
  const word = basename(eventFile).replace(/[-.].*$/, '')
  return eventNames().includes(word) ? word : soleEvent(model)
}

/**
 * The workflow files the repository has, as if the run's directory were .github/workflows/
 * (plus --receiver and the seed's own .github/workflows/): file name → path.
 */
async function workflowPaths(dirs: string[], files: string[]): Promise<Map<string, string>> {
  const paths = new Map<string, string>()
  for (const dir of dirs)
    for (const name of await readdir(dir).catch(() => [] as string[]))
      if (/\.ya?ml$/.test(name)) paths.set(name, join(dir, name))
  for (const file of files) paths.set(basename(file), file)
  return paths
}

/**
 * What the fake API knows of those files: GitHub answers 404 for a dispatch to any other, 422
 * for one without a workflow_dispatch trigger or with an undeclared input.
 */
async function repositoryWorkflows(paths: Map<string, string>) {
  const workflows: Record<string, { inputs?: string[]; dispatchable?: boolean }> = {}
  for (const [name, path] of paths) {
    let on: unknown
    try {
      on = (parse(await readFile(path, 'utf8')) as { on?: unknown } | null)?.on
    } catch {
      on = undefined
    }
    const events =
      typeof on === 'string'
        ? { [on]: null }
        : Array.isArray(on)
          ? Object.fromEntries(on.map(e => [String(e), null]))
          : ((on ?? {}) as Record<string, unknown>)
    const dispatch = events.workflow_dispatch as { inputs?: Record<string, unknown> } | null
    workflows[name] =
      'workflow_dispatch' in events
        ? { inputs: Object.keys(dispatch?.inputs ?? {}) }
        : { dispatchable: false }
  }
  return workflows
}

/** How many refs a bare repository holds under the default namespace. */
async function namespaceRefs(bareDir: string): Promise<number> {
  const { execFile } = await import('node:child_process')
  const { promisify } = await import('node:util')
  const { stdout } = await promisify(execFile)(
    'git',
    ['for-each-ref', '--format=%(refname)', 'refs/dispatch-ledger/'],
    { cwd: bareDir }
  )
  return stdout.split('\n').filter(Boolean).length
}

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
        origin: { type: 'string' },
        collaborator: { type: 'string', multiple: true },
        permissive: { type: 'boolean', default: false },
        'fake-api': { type: 'boolean', default: false },
        receiver: { type: 'string' },
        'ledger-repository': { type: 'string' },
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
  const users: Record<string, { permission: Permission }> = {}
  for (const pair of values.collaborator ?? []) {
    const [login, permission] = pair.split('=') as [string, string | undefined]
    if (!login || !PERMISSIONS.includes(permission as Permission))
      throw new UsageError(
        `--collaborator ${pair}: expected <login>=<permission>, the permission one of ${PERMISSIONS.join(', ')}.`
      )
    users[login] = { permission: permission as Permission }
  }
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
  return { values, file, event, eventFile: values.event, users }
}

/**
 * What GitHub would refuse or never start, refused before the origin starts and any step
 * runs: the file outside the runner's subset, an event none of its triggers takes, an input
 * an action does not declare, and a step that calls the API when there is none.
 */
async function checkWorkflow(
  values: Awaited<ReturnType<typeof commandLine>>['values'],
  file: string,
  event: Record<string, unknown>,
  eventFile: string
): Promise<string> {
  const model = await loadWorkflowModel(resolve(file), await readFile(file, 'utf8'))
  const eventName = eventNameOf(values['event-name'], eventFile, model)
  if (!triggers(model, eventName, event)) {
    const action = typeof event.action === 'string' ? ` (action ${event.action})` : ''
    throw new WorkflowError(
      `${file} does not run on ${eventName}${action}: its triggers are ${triggerList(model)}. ` +
        'Give an event it takes (--event-name names it when the file name does not)'
    )
  }
  await checkStepInputs(model)
  const appToken = model.jobs.flatMap(j => j.steps).find(s => USES.appToken.test(s.uses ?? ''))
  if (appToken && !values['ledger-repository'])
    throw new WorkflowError(
      `${appToken.where} (${appToken.uses}) asks for a GitHub App's token and this run has no ` +
        'App: give --ledger-repository <owner>/<name> (an empty ledger repository with an App ' +
        `installed on it alone, its id in vars.${LEDGER_APP_VARIABLE}, its key in ` +
        `secrets.${LEDGER_APP_SECRET})`
    )
  const [needsApi] = await apiSteps(model)
  if (needsApi && !values['fake-api'] && !process.env.GITHUB_API_URL)
    throw new WorkflowError(
      `${needsApi.where} (${needsApi.name}) calls the GitHub API and this run has none: ` +
        'give --fake-api (the fake GitHub API of the tests) or set GITHUB_API_URL'
    )
  return eventName
}

const { values, file, event, eventFile, users } = await commandLine().catch((error: unknown) =>
  exitOnUsageError(error, USAGE)
)
const eventName = await checkWorkflow(values, file, event, eventFile).catch((error: unknown) => {
  if (!(error instanceof WorkflowError)) throw error
  console.error(`error: ${error.message}`)
  process.exit(2)
})
const seedDir = resolve(values.seed ?? join(PROJECT_ROOT, 'scripts/workflow/fixtures'))
const paths = await workflowPaths(
  [dirname(resolve(file)), join(seedDir, '.github/workflows')],
  [resolve(file), ...(values.receiver ? [resolve(values.receiver)] : [])]
)
const workflows = await repositoryWorkflows(paths)
const origin = await startOrigin({
  seedDir,
  bareDir: values.origin === undefined ? undefined : resolve(values.origin),
  // With --receiver, what the workflow dispatches starts that workflow file here (as GitHub
  // would), instead of the fake's own receiver (the bundled admit step alone).
  fakeApi:
    values['fake-api'] &&
    (values.receiver ? { receiver: { mode: 'external' }, workflows, users } : { workflows, users }),
  ledgerRepository: values['ledger-repository']
}).catch((error: unknown) => {
  if (!(error instanceof WorkflowError)) throw error
  console.error(`error: ${error.message}`)
  process.exit(2)
})
// An API of your own (GITHUB_API_URL) behind the gate when there is no fake one.
if (!origin.api && process.env.GITHUB_API_URL) origin.gate.setApi(process.env.GITHUB_API_URL)
const scratch = await mkdtemp(join(tmpdir(), 'workflow-cli-'))
let code = 0
try {
  const agentLog = join(scratch, 'agent.log')
  console.log(
    `origin: ${origin.gate.cloneUrl} (bare repository ${origin.bareDir}${values.origin ? ', kept' : ''})`
  )
  if (origin.ledger)
    console.log(
      `ledger repository: ${origin.gate.url}/${origin.ledger.repository}.git (bare repository ` +
        `${origin.ledger.bareDir}; written only by the App ${origin.app?.slug}, ` +
        `vars.${LEDGER_APP_VARIABLE} and secrets.${LEDGER_APP_SECRET})`
    )
  const run = await runWorkflow({
    file: resolve(file),
    event,
    eventName,
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
    const receivers = await runDispatchedReceivers(origin, {
      file: resolve(values.receiver),
      started: new Set(),
      mine: () => true,
      machineEnv: { AGENT_LOG: agentLog },
      log: line => console.log(line)
    })
    // Each receiver's end starts the workflows on its workflow_run (the quick start's
    // observer, agent-ended.yml), as on GitHub: they record the run's end.
    const name = workflowName(values.receiver, await readFile(values.receiver, 'utf8'))
    const base = {
      repository: event.repository ?? {
        id: origin.id,
        name: origin.name,
        full_name: `${origin.owner}/${origin.name}`
      },
      // The receiver's run was started by the coordinator's dispatch with its GITHUB_TOKEN.
      sender: { login: 'github-actions[bot]', id: 41898282, type: 'Bot' }
    }
    let observed = 0
    for (const finished of receivers)
      observed += (
        await runWorkflowRunListeners(origin, {
          finished,
          name,
          files: [...paths.values()],
          base,
          machineEnv: { AGENT_LOG: agentLog },
          log: line => console.log(line)
        })
      ).length
    if (receivers.length > 0 && observed === 0)
      console.log(
        `\nno workflow beside it runs on the workflow_run of ${values.receiver} (${name}): ` +
          "nothing records its runs' end (docs/running-locally.md#a-runs-end)"
      )
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
  if (origin.ledger)
    console.log(
      `refs under refs/dispatch-ledger: ledger repository ${await namespaceRefs(origin.ledger.bareDir)}, ` +
        `origin ${await namespaceRefs(origin.bareDir)}`
    )
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
