/**
 * Runs one workflow run locally: the jobs in `needs` order, each on a fresh workspace with
 * its own token, every `if:` and `${{ }}` through `@actions/expressions`, `uses: ./` and
 * `uses: <owner>/dispatch-ledger@<ref>` through scripts/runner.ts (the runner-faithful
 * harness for the bundled action), `actions/checkout` as a clone of the test origin through
 * the permission gate, and `run:` steps in bash with the GITHUB_OUTPUT / GITHUB_ENV /
 * GITHUB_PATH files. The subset and its limits are in docs/running-locally.md.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { ACTIONS, loadManifest, manifestPath, parseOutputFile, runAction } from '../runner.ts'
import { missingLocalAction, parseSelfUses, resolvePublished } from './actions.ts'
import { WorkflowError } from './errors.ts'
import { evaluateCondition, evaluateToString, type Contexts, type Status } from './expressions.ts'
import {
  Expr,
  emulatedInputs,
  selfAction,
  USES,
  loadWorkflowModel,
  type JobModel,
  type Plain,
  type PlainMap,
  type StepModel,
  type WorkflowModel
} from './model.ts'
import {
  resolvePermissions,
  type DefaultPermissions,
  type Gate,
  type Permissions
} from './permissions.ts'

export type Result = 'success' | 'failure' | 'cancelled' | 'skipped'

export interface StepRun {
  id: string
  name: string
  /** a `run:` step (its stdout is its log), not a `uses:` one */
  run?: boolean
  outcome: Result
  conclusion: Result
  outputs: Record<string, string>
  stdout: string
  stderr: string
  /** the ::error:: lines of an action, or a run step's last stderr line */
  errors: string[]
  /** what the step wrote to GITHUB_STEP_SUMMARY (markdown or HTML, as GitHub renders it) */
  summary: string
}

export interface JobRun {
  id: string
  result: Result
  outputs: Record<string, string>
  steps: StepRun[]
  /** the job was killed before this step index (never started it) */
  killedBefore?: number
}

export interface WorkflowRun {
  triggered: boolean
  runId: number
  runAttempt: number
  conclusion: Exclude<Result, 'skipped'> | 'not_triggered'
  jobs: Record<string, JobRun>
}

export interface Origin {
  gate: Gate
  owner: string
  name: string
  id: number
  /** the default branch's commit, GITHUB_SHA for events on the default branch */
  sha: string
  /** the repository's variables (the `vars` context) and secrets (the `secrets` context) */
  vars?: Record<string, string>
  secrets?: Record<string, string>
  /** a GitHub App installed on repositories of the same server (actions/create-github-app-token) */
  app?: GitHubApp
}

/**
 * A GitHub App as actions/create-github-app-token meets it: its id and private key (which
 * the workflow reads from vars and secrets) and its one installation, whose token may do
 * what the host of those repositories lets it.
 */
export interface GitHubApp {
  id: string
  slug: string
  privateKey: string
  installation: {
    id: number
    /** the account it is installed on */
    owner: string
    /** the repository names (under owner) it is installed on */
    repositories: readonly string[]
    /** the installation token (one for the run: the host knows no other) */
    token: string
  }
}

export interface StepHookArgs {
  job: string
  index: number
  step: StepModel
}

export type StepHookAnswer = 'kill' | 'cancel' | void

export interface WorkflowRunOptions {
  /** path of the workflow file (read unless `content` is given) */
  file: string
  content?: string
  eventName?: string
  event: Record<string, unknown>
  origin: Origin
  runId: number
  runAttempt?: number
  secrets?: Record<string, string>
  /** variables of the runner machine itself, seen by every step (a self-hosted runner's .env) */
  machineEnv?: Record<string, string>
  defaultPermissions?: DefaultPermissions
  /**
   * Called before each step. `kill` ends the job there as a lost runner does (no later step
   * runs, the job fails); `cancel` cancels the run there as a person would: the job's status
   * becomes cancelled and only steps whose `if:` holds under cancellation still run.
   */
  beforeStep?: (at: StepHookArgs) => Promise<StepHookAnswer> | StepHookAnswer
  /** re-run failed jobs of this earlier attempt: its successful jobs keep their results */
  rerunOf?: WorkflowRun
  log?: (line: string) => void
}

/** The event a workflow run would get: its name (when the file has one trigger) and filters. */
export function triggers(
  model: WorkflowModel,
  eventName: string,
  event: Record<string, unknown>
): boolean {
  const config = model.events[eventName] as { types?: string[]; workflows?: string[] } | undefined
  if (config === undefined) return false
  if (config.types && typeof event.action === 'string' && !config.types.includes(event.action))
    return false
  const workflowRun = event.workflow_run as { name?: string } | undefined
  if (config.workflows && !config.workflows.includes(workflowRun?.name ?? '')) return false
  return true
}

/** The file's triggers as a person reads them: `issues (types: labeled), workflow_dispatch`. */
export function triggerList(model: WorkflowModel): string {
  return Object.entries(model.events)
    .map(([name, config]) => {
      const { types, workflows } = (config ?? {}) as { types?: string[]; workflows?: string[] }
      const filters = [
        ...(types ? [`types: ${types.join(', ')}`] : []),
        ...(workflows ? [`workflows: ${workflows.join(', ')}`] : [])
      ]
      return filters.length > 0 ? `${name} (${filters.join('; ')})` : name
    })
    .join(', ')
}

/**
 * Every `uses:` of this repository's actions checked against its manifest before anything
 * runs: a `with:` input the action does not declare is refused, naming the step and the
 * inputs the action has. (GitHub's runner only warns and runs the step without the input,
 * which is how a misspelt input goes unnoticed.)
 */
export async function checkStepInputs(model: WorkflowModel): Promise<Map<string, string>> {
  const resolved = new Map<string, string>()
  for (const job of model.jobs)
    for (const step of job.steps) {
      if (step.uses === undefined || emulatedInputs(step.uses) !== undefined) continue
      const action = selfAction(step.uses)
      const parsed = parseSelfUses(step.uses)
      if (parsed?.kind === 'published')
        resolved.set(step.uses, await resolvePublished(step.uses, parsed, step.where))
      else if (action !== undefined && !(ACTIONS as readonly string[]).includes(action))
        throw new WorkflowError(
          `${step.where} (${step.uses}): this repository has no action ${action}; ` +
            `its actions are ./ (admit) and ${ACTIONS.map(a => `./${a}`).join(', ')}`
        )
      const declared = Object.keys((await loadManifest(action)).inputs ?? {})
      const unknown = Object.keys(step.with).filter(name => !declared.includes(name))
      if (unknown.length > 0)
        throw new WorkflowError(
          // GitHub's own words (its runner only warns, and runs the step without the input).
          `${step.where} (${step.name}): Unexpected input(s) ` +
            `${unknown.map(name => `'${name}'`).join(', ')}, valid inputs are ` +
            `[${declared.map(name => `'${name}'`).join(', ')}] (${manifestPath(action)})`
        )
    }
  return resolved
}

/**
 * The steps that call the GitHub API: this repository's actions that take a `token` (dispatch,
 * operate, recover, effect), less those whose literal `with:` says they will not
 * (`driver: command`, `kind: tag`).
 */
export async function apiSteps(model: WorkflowModel): Promise<StepModel[]> {
  const found: StepModel[] = []
  for (const job of model.jobs)
    for (const step of job.steps) {
      if (step.uses === undefined || emulatedInputs(step.uses) !== undefined) continue
      const action = selfAction(step.uses)
      if (!('token' in ((await loadManifest(action)).inputs ?? {}))) continue
      if (action === 'dispatch' && step.with.driver === 'command') continue
      if (action === 'effect' && step.with.kind === 'tag') continue
      found.push(step)
    }
  return found
}

/** The event name when none is given: the file's one trigger, else a WorkflowError. */
export function soleEvent(model: WorkflowModel): string {
  const names = Object.keys(model.events)
  if (names.length !== 1)
    throw new WorkflowError(
      `${model.file} has several triggers (${names.join(', ')}): give --event-name`
    )
  return names[0] as string
}

export async function runWorkflow(options: WorkflowRunOptions): Promise<WorkflowRun> {
  const content = options.content ?? (await readFile(options.file, 'utf8'))
  const model = await loadWorkflowModel(options.file, content)
  const eventName = options.eventName ?? soleEvent(model)
  const resolved = await checkStepInputs(model)
  const runAttempt = options.runAttempt ?? 1
  const run: WorkflowRun = {
    triggered: triggers(model, eventName, options.event),
    runId: options.runId,
    runAttempt,
    conclusion: 'not_triggered',
    jobs: {}
  }
  if (!run.triggered) return run
  const dir = await mkdtemp(join(tmpdir(), 'workflow-run-'))
  try {
    const eventPath = join(dir, 'event.json')
    await writeFile(eventPath, JSON.stringify(options.event))
    const shared = { options, model, eventName, eventPath, runAttempt, resolved }
    for (const job of order(model.jobs)) {
      const previous = options.rerunOf?.jobs[job.id]
      if (previous?.result === 'success') {
        run.jobs[job.id] = previous
        continue
      }
      run.jobs[job.id] = await runJob(job, run.jobs, shared)
    }
    const results = Object.values(run.jobs).map(j => j.result)
    run.conclusion = results.includes('failure')
      ? 'failure'
      : results.includes('cancelled')
        ? 'cancelled'
        : 'success'
    return run
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Jobs in `needs` order (file order among the ready ones); the parser rejects cycles. */
function order(jobs: JobModel[]): JobModel[] {
  const done = new Set<string>()
  const out: JobModel[] = []
  while (out.length < jobs.length) {
    const next = jobs.find(j => !done.has(j.id) && j.needs.every(n => done.has(n)))
    if (!next) throw new WorkflowError('jobs: the needs graph has a cycle')
    done.add(next.id)
    out.push(next)
  }
  return out
}

interface Shared {
  options: WorkflowRunOptions
  model: WorkflowModel
  eventName: string
  eventPath: string
  runAttempt: number
  /** what each published `uses:` runs (the line the job's log shows for it) */
  resolved: Map<string, string>
}

function ancestors(job: JobModel, model: WorkflowModel): string[] {
  const seen = new Set<string>()
  const visit = (id: string): void => {
    for (const need of model.jobs.find(j => j.id === id)?.needs ?? [])
      if (!seen.has(need)) {
        seen.add(need)
        visit(need)
      }
  }
  visit(job.id)
  return [...seen]
}

function githubContext(shared: Shared, job: string, token: string, workspace: string) {
  const { options, eventName, runAttempt } = shared
  const { origin } = options
  const repository = `${origin.owner}/${origin.name}`
  const sender = options.event.sender as { login?: string } | undefined
  const ref =
    typeof options.event.ref === 'string' && eventName === 'workflow_dispatch'
      ? (options.event.ref as string)
      : 'refs/heads/main'
  return {
    event: options.event,
    event_name: eventName,
    event_path: shared.eventPath,
    repository,
    repository_id: String(origin.id),
    repository_owner: origin.owner,
    run_id: String(options.runId),
    run_attempt: String(runAttempt),
    run_number: String(options.runId),
    actor: sender?.login ?? 'octocat',
    triggering_actor: sender?.login ?? 'octocat',
    sha: origin.sha,
    ref,
    ref_name: ref.replace(/^refs\/(heads|tags)\//, ''),
    ref_type: ref.startsWith('refs/tags/') ? 'tag' : 'branch',
    workflow: shared.model.name,
    // As if the file were installed under .github/workflows/ of the origin.
    workflow_ref: `${repository}/.github/workflows/${basename(options.file)}@${ref}`,
    job,
    server_url: origin.gate.url,
    api_url: origin.gate.url,
    token,
    workspace
  }
}

/**
 * The runner machine's own PATH and HOME, which every step inherits on GitHub. The entries
 * `npm run` put first (node_modules/.bin of the project that started this runner, npm's
 * node-gyp-bin) are left out: a runner's PATH has no project's tools on it, so a step finds
 * the machine's own node, however old, as it would on GitHub.
 */
function machinePath(): { PATH: string; HOME: string } {
  const path = (process.env.PATH ?? '')
    .split(':')
    .filter(dir => dir !== '' && !/node_modules[\\/]\.bin$|node-gyp-bin$/.test(dir))
  return { PATH: path.join(':'), HOME: process.env.HOME ?? tmpdir() }
}

/**
 * The fork a pull request event comes from, said as the job's log says it, or undefined when
 * the run is not a fork's pull request. GitHub gives such a run a read-only GITHUB_TOKEN and
 * no secrets (pull_request_target runs in the base repository and is not one).
 */
function forkPullRequest(shared: Shared): string | undefined {
  if (
    !['pull_request', 'pull_request_review', 'pull_request_review_comment'].includes(
      shared.eventName
    )
  )
    return undefined
  const { origin } = shared.options
  const pr = shared.options.event.pull_request as
    { head?: { repo?: { full_name?: string; fork?: boolean } } } | undefined
  const head = pr?.head?.repo
  const base = `${origin.owner}/${origin.name}`
  if (!head || (head.full_name === base && head.fork !== true)) return undefined
  return `pull request from the fork ${head.full_name ?? '(unknown)'}: GITHUB_TOKEN is read-only and no secrets are passed`
}

function readOnly(permissions: Permissions): Permissions {
  return Object.fromEntries(
    Object.entries(permissions).map(([scope, level]) => [scope, level === 'write' ? 'read' : level])
  ) as Permissions
}

/** The variables the runner sets for every step (GitHub's "default environment variables"). */
function defaultEnv(github: ReturnType<typeof githubContext>, runnerTemp: string) {
  return {
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: github.workspace,
    GITHUB_EVENT_NAME: github.event_name,
    GITHUB_EVENT_PATH: github.event_path,
    GITHUB_RUN_ID: github.run_id,
    GITHUB_RUN_ATTEMPT: github.run_attempt,
    GITHUB_RUN_NUMBER: github.run_number,
    GITHUB_REPOSITORY: github.repository,
    GITHUB_REPOSITORY_ID: github.repository_id,
    GITHUB_REPOSITORY_OWNER: github.repository_owner,
    GITHUB_ACTOR: github.actor,
    GITHUB_TRIGGERING_ACTOR: github.triggering_actor,
    GITHUB_SHA: github.sha,
    GITHUB_REF: github.ref,
    GITHUB_REF_NAME: github.ref_name,
    GITHUB_REF_TYPE: github.ref_type,
    GITHUB_WORKFLOW: github.workflow,
    GITHUB_WORKFLOW_REF: github.workflow_ref,
    GITHUB_JOB: github.job,
    GITHUB_SERVER_URL: github.server_url,
    GITHUB_API_URL: github.api_url,
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    RUNNER_NAME: 'dispatch-ledger-local',
    RUNNER_TEMP: runnerTemp
  }
}

interface JobState {
  contexts: Contexts
  /** env context: workflow env, job env, then what steps wrote to GITHUB_ENV */
  env: Record<string, string>
  path: string[]
  status: 'success' | 'failure' | 'cancelled'
  steps: Record<string, { outputs: Record<string, string>; outcome: Result; conclusion: Result }>
  /** values the log shows as *** (secrets, `::add-mask::`, minted tokens), as the runner does */
  masks: string[]
}

function evaluateMap(map: PlainMap, contexts: Contexts, where: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(map))
    out[key] = evaluateValue(value, contexts, `${where}.${key}`)
  return out
}

function evaluateValue(value: Plain, contexts: Contexts, where: string): string {
  if (value instanceof Expr) return evaluateToString(value.expression, contexts, { where })
  if (value === null) return ''
  if (typeof value === 'object') throw new WorkflowError(`${where} must be a string`)
  return String(value)
}

function jobStatus(job: JobModel, done: Record<string, JobRun>, model: WorkflowModel): Status {
  const results = ancestors(job, model).map(id => done[id]?.result)
  return {
    success: results.every(r => r === 'success'),
    failure: results.includes('failure'),
    cancelled: false
  }
}

async function runJob(
  job: JobModel,
  done: Record<string, JobRun>,
  shared: Shared
): Promise<JobRun> {
  const { options, model } = shared
  const log = options.log ?? (() => undefined)
  const workspace = await mkdtemp(join(tmpdir(), `workspace-${job.id}-`))
  const runnerTemp = await mkdtemp(join(tmpdir(), `runner-temp-${job.id}-`))
  try {
    const permissions = resolvePermissions({
      workflow: model.permissions,
      job: job.permissions,
      jobId: job.id,
      default: options.defaultPermissions ?? 'restricted'
    })
    const fork = forkPullRequest(shared)
    // A fork's pull request gets a read-only GITHUB_TOKEN whatever `permissions:` grants, and
    // no secrets, as on GitHub.
    const token = options.origin.gate.issueToken(fork ? readOnly(permissions) : permissions)
    const github = githubContext(shared, job.id, token, workspace)
    const needs = Object.fromEntries(
      job.needs.map(id => [id, { result: done[id]?.result, outputs: done[id]?.outputs ?? {} }])
    )
    const inputs = workflowInputs(shared)
    const secrets = {
      ...(fork ? {} : { ...options.origin.secrets, ...options.secrets }),
      GITHUB_TOKEN: token
    }
    const vars = { ...options.origin.vars }
    const jobContexts: Contexts = { github, needs, inputs, secrets, vars }
    if (
      !evaluateCondition(job.if, jobContexts, {
        where: `jobs.${job.id}.if`,
        status: jobStatus(job, done, model)
      })
    ) {
      log(`job ${job.id}: skipped (if: ${job.if})`)
      return { id: job.id, result: 'skipped', outputs: {}, steps: [] }
    }
    log(`job ${job.id}: run ${options.runId} attempt ${shared.runAttempt}`)
    if (fork) log(`job ${job.id}: ${fork}`)
    for (const uses of new Set(job.steps.map(s => s.uses)))
      if (uses !== undefined && shared.resolved.has(uses)) log(`  ${shared.resolved.get(uses)}`)
    const state: JobState = {
      contexts: {
        ...jobContexts,
        job: { status: 'success' },
        runner: { os: 'Linux', arch: 'X64', name: 'dispatch-ledger-local', temp: runnerTemp },
        steps: {},
        env: {}
      },
      env: {},
      path: [],
      status: 'success',
      steps: {},
      masks: Object.values(secrets).flatMap(secretMasks)
    }
    state.env = evaluateMap(model.env, { ...state.contexts }, 'env')
    state.contexts.env = { ...state.env }
    Object.assign(state.env, evaluateMap(job.env, { ...state.contexts }, `jobs.${job.id}.env`))
    const base = { ...defaultEnv(github, runnerTemp) }
    const steps: StepRun[] = []
    for (const step of job.steps) {
      const answer = await options.beforeStep?.({ job: job.id, index: step.index, step })
      if (answer === 'kill') {
        log(`job ${job.id}: killed before step ${step.index} (${step.name})`)
        return { id: job.id, result: 'failure', outputs: {}, steps, killedBefore: step.index }
      }
      if (answer === 'cancel') state.status = 'cancelled'
      const result = await runStep(step, state, { shared, base, workspace, runnerTemp, token })
      steps.push(result)
      log(formatStep(job.id, result, state.masks))
    }
    state.contexts.steps = state.steps
    const outputs = evaluateMap(job.outputs, state.contexts, `jobs.${job.id}.outputs`)
    return { id: job.id, result: state.status, outputs, steps }
  } finally {
    await Promise.all([workspace, runnerTemp].map(d => rm(d, { recursive: true, force: true })))
  }
}

function workflowInputs(shared: Shared): Record<string, unknown> {
  const config = shared.model.events.workflow_dispatch?.inputs ?? {}
  const defaults = Object.fromEntries(
    Object.entries(config).map(([name, input]) => [
      name,
      (input as { default?: unknown }).default ?? ''
    ])
  )
  const given = (shared.options.event.inputs ?? {}) as Record<string, unknown>
  return shared.eventName === 'workflow_dispatch' ? { ...defaults, ...given } : {}
}

/** A secret's masks: the value, and each line of a multi-line one, as the runner masks them. */
function secretMasks(value: string): string[] {
  const lines = value.split(/\r?\n/).map(l => l.trim())
  return [value, ...(lines.length > 1 ? lines : [])].filter(v => v.trim() !== '')
}

/** `text` with every mask (longest first) replaced by ***. */
export function masked(text: string, masks: readonly string[]): string {
  return [...masks]
    .sort((a, b) => b.length - a.length)
    .reduce((out, mask) => out.split(mask).join('***'), text)
}

/** The values a step asked to mask with `::add-mask::<value>` lines on its stdout. */
function addedMasks(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter(line => line.startsWith('::add-mask::'))
    .map(line => line.slice('::add-mask::'.length).replace(/\r$/, ''))
    .filter(value => value.trim() !== '')
}

/**
 * What a step's log shows, line by line: a `run:` step's stdout (less the ::add-mask::
 * commands) or an action's lines that are no workflow command (what it logged with
 * core.info), then its stderr, an action's warnings and the step's errors.
 */
export function stepLog(step: StepRun): string[] {
  return [...stdoutLines(step), ...stderrLines(step), ...warningLines(step), ...step.errors]
}

function stdoutLines(step: StepRun): string[] {
  return step.stdout
    .split('\n')
    .map(line => line.replace(/\r$/, ''))
    .filter(line => line.trim() !== '')
    .filter(line => (step.run ? !line.startsWith('::add-mask::') : !line.startsWith('::')))
}

function stderrLines(step: StepRun): string[] {
  return step.stderr.split('\n').filter(line => line.trim() !== '')
}

function warningLines(step: StepRun): string[] {
  return step.run ? [] : commandLines(step.stdout, 'warning')
}

/** The messages of an action's `::<command>::` lines (e.g. its warnings), unescaped. */
function commandLines(stdout: string, command: string): string[] {
  const prefix = `::${command}::`
  return stdout
    .split('\n')
    .filter(line => line.startsWith(prefix))
    .map(line =>
      line.slice(prefix.length).replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
    )
}

export function formatStep(job: string, step: StepRun, masks: readonly string[] = []): string {
  const head = `${job} › ${step.name} [${step.id}]: ${step.outcome}${
    step.conclusion !== step.outcome ? ` (conclusion ${step.conclusion})` : ''
  }`
  const outputs = Object.entries(step.outputs).map(([k, v]) => `    ${k}=${v}`)
  // A step's log, as on a runner: its stdout, its stderr (a GIT_TRACE, a warning), its errors.
  const stdout = stdoutLines(step).map(line => `    | ${line}`)
  const stderr = stderrLines(step).map(line => `    stderr: ${line}`)
  const warnings = warningLines(step).map(line => `    warning: ${line}`)
  const errors = step.errors.map(e => `    error: ${e}`)
  // The job summary GitHub would show on the run's page, as text under the step.
  const text = summaryText(step.summary)
  const summary = text === '' ? [] : ['    summary:', ...text.split('\n').map(l => `      ${l}`)]
  return masked(
    [head, ...outputs, ...stdout, ...stderr, ...warnings, ...errors, ...summary].join('\n'),
    masks
  )
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' '
}

/**
 * A job summary (the HTML that @actions/core's summary writes, or markdown) as plain text:
 * headings as `### title`, each table row as `field: value` (header rows left out), paragraphs
 * and breaks as lines, other tags dropped, entities decoded, blank lines dropped. Markdown
 * passes through as written.
 */
export function summaryText(summary: string): string {
  const text = summary
    .replace(/\r\n/g, '\n')
    // a header row (the table's column names) says nothing a `field: value` line does not
    .replace(/<tr[^>]*>(\s*<th[^>]*>[^]*?<\/th>)+\s*<\/tr>/gi, '')
    .replace(/<h([1-6])[^>]*>/gi, (_, level: string) => `\n${'#'.repeat(Number(level))} `)
    .replace(/<\/h[1-6]>/gi, '\n')
    .replace(/<tr[^>]*>/gi, '\n')
    .replace(/<\/t[dh]>\s*<t[dh][^>]*>/gi, ': ')
    .replace(/<br\s*\/?>|<\/p>|<\/tr>|<\/table>|<\/li>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
      return ENTITIES[name.toLowerCase()] ?? whole
    })
  return text
    .split('\n')
    .map(l => l.trimEnd())
    .filter(l => l.trim() !== '')
    .join('\n')
}

interface StepEnvironment {
  shared: Shared
  base: Record<string, string>
  workspace: string
  runnerTemp: string
  token: string
}

async function runStep(step: StepModel, state: JobState, at: StepEnvironment): Promise<StepRun> {
  state.contexts.steps = state.steps
  state.contexts.env = { ...state.env }
  state.contexts.job = { status: state.status }
  const status: Status = {
    success: state.status === 'success',
    failure: state.status === 'failure',
    cancelled: state.status === 'cancelled'
  }
  const skipped = (): StepRun => {
    state.steps[step.id] = { outputs: {}, outcome: 'skipped', conclusion: 'skipped' }
    return {
      id: step.id,
      name: step.name,
      outcome: 'skipped',
      conclusion: 'skipped',
      outputs: {},
      stdout: '',
      stderr: '',
      errors: [],
      summary: ''
    }
  }
  if (!evaluateCondition(step.if, state.contexts, { where: `${step.where}.if`, status }))
    return skipped()
  const stepEnv = evaluateMap(step.env, state.contexts, `${step.where}.env`)
  const contexts = { ...state.contexts, env: { ...state.env, ...stepEnv } }
  const env: Record<string, string> = {
    ...machinePath(),
    ...(at.shared.options.machineEnv ?? {}),
    ...at.base,
    ...state.env,
    ...stepEnv
  }
  if (state.path.length > 0) env.PATH = [...state.path, env.PATH ?? ''].join(':')
  const withValues = evaluateMap(step.with, contexts, `${step.where}.with`)
  const continueOnError =
    step.continueOnError === true ||
    (step.continueOnError instanceof Expr &&
      evaluateCondition(step.continueOnError.expression, contexts, {
        where: `${step.where}.continue-on-error`,
        status
      }))
  const ran =
    step.run !== undefined
      ? await runScript(step, env, contexts, at, state)
      : USES.checkout.test(step.uses ?? '')
        ? await checkout(withValues, env, at)
        : USES.appToken.test(step.uses ?? '')
          ? createAppToken(withValues, at)
          : await runSelf(step.uses ?? '', selfAction(step.uses ?? ''), withValues, env, at)
  state.masks.push(...addedMasks(ran.stdout), ...(ran.masks ?? []))
  const outcome: Result = ran.ok ? 'success' : 'failure'
  const conclusion: Result = ran.ok || continueOnError ? 'success' : 'failure'
  // A cancelled job stays cancelled whatever its remaining steps do.
  if (conclusion === 'failure' && state.status === 'success') state.status = 'failure'
  state.steps[step.id] = { outputs: ran.outputs, outcome, conclusion }
  return {
    id: step.id,
    name: step.name,
    run: step.run !== undefined,
    outcome,
    conclusion,
    outputs: ran.outputs,
    stdout: ran.stdout,
    stderr: ran.stderr,
    errors: ran.errors,
    summary: ran.summary ?? ''
  }
}

interface Ran {
  ok: boolean
  outputs: Record<string, string>
  stdout: string
  stderr: string
  errors: string[]
  summary?: string
  /** values this step made secret (a minted token), masked from here on */
  masks?: string[]
}

function spawnCollect(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> }
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('error', fail)
    child.on('close', code => done({ code, stdout, stderr }))
  })
}

/** A `run:` step: bash as GitHub runs it (`bash --noprofile --norc -eo pipefail {0}`). */
async function runScript(
  step: StepModel,
  env: Record<string, string>,
  contexts: Contexts,
  at: StepEnvironment,
  state: JobState
): Promise<Ran> {
  const files = await mkdtemp(join(at.runnerTemp, 'step-'))
  const script = join(files, 'script.sh')
  await writeFile(script, step.run ?? '')
  const paths = {
    GITHUB_OUTPUT: join(files, 'output'),
    GITHUB_ENV: join(files, 'env'),
    GITHUB_PATH: join(files, 'path'),
    GITHUB_STEP_SUMMARY: join(files, 'summary')
  }
  for (const path of Object.values(paths)) await writeFile(path, '')
  const cwd =
    step.workingDirectory === undefined
      ? at.workspace
      : resolve(
          at.workspace,
          evaluateValue(step.workingDirectory, contexts, `${step.where}.working-directory`)
        )
  const { code, stdout, stderr } = await spawnCollect(
    'bash',
    ['--noprofile', '--norc', '-eo', 'pipefail', script],
    { cwd, env: { ...env, ...paths } }
  )
  const outputs = parseOutputFile(await readFile(paths.GITHUB_OUTPUT, 'utf8'))
  Object.assign(state.env, parseOutputFile(await readFile(paths.GITHUB_ENV, 'utf8')))
  state.path.unshift(
    ...(await readFile(paths.GITHUB_PATH, 'utf8')).split('\n').filter(Boolean).reverse()
  )
  const errors = code === 0 ? [] : [stderr.trim().split('\n').at(-1) ?? `exit ${code}`]
  const summary = await readFile(paths.GITHUB_STEP_SUMMARY, 'utf8')
  return { ok: code === 0, outputs, stdout, stderr, errors, summary }
}

/** `actions/checkout`: a clone of the test origin with the job's token persisted as it does. */
async function checkout(
  withValues: Record<string, string>,
  env: Record<string, string>,
  at: StepEnvironment
): Promise<Ran> {
  const { gate } = at.shared.options.origin
  const token = withValues.token || at.token
  const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`
  const gitEnv = { ...gitFree(env), GIT_TERMINAL_PROMPT: '0' }
  const git = (...args: string[]) => spawnCollect('git', args, { cwd: at.workspace, env: gitEnv })
  const steps: Array<string[]> = [
    ['-c', `http.extraheader=${header}`, 'clone', '--quiet', gate.cloneUrl, '.']
  ]
  if (withValues.ref) steps.push(['checkout', '--quiet', withValues.ref])
  if (withValues['persist-credentials'] !== 'false')
    steps.push(['config', '--local', `http.${gate.url}/.extraheader`, header])
  let stdout = ''
  let stderr = ''
  for (const args of steps) {
    const result = await git(...args)
    stdout += result.stdout
    stderr += result.stderr
    if (result.code !== 0)
      return {
        ok: false,
        outputs: {},
        stdout,
        stderr,
        errors: [stderr.trim().split('\n').at(-1) ?? '']
      }
  }
  return { ok: true, outputs: {}, stdout, stderr, errors: [] }
}

/**
 * `actions/create-github-app-token`: the installation token of the run's GitHub App for the
 * repositories asked for, refused as GitHub refuses it. The App is checked by its id and
 * private key (the real action signs a JWT with them); the repositories are `repositories`
 * under `owner` (comma or newline separated), all of the owner's installation with `owner`
 * alone, the current repository with neither, and each must be one the App is installed on.
 * The token is masked, as the real action masks it.
 */
function createAppToken(withValues: Record<string, string>, at: StepEnvironment): Ran {
  const { origin } = at.shared.options
  const refuse = (message: string): Ran => ({
    ok: false,
    outputs: {},
    stdout: '',
    stderr: '',
    errors: [message]
  })
  const app = origin.app
  if (!app)
    return refuse(
      'this run has no GitHub App (npm run workflow: give --ledger-repository <owner>/<name>, ' +
        'which installs one on that repository)'
    )
  for (const input of ['app-id', 'private-key'])
    if (!withValues[input]) return refuse(`Input required and not supplied: ${input}`)
  if (withValues['app-id'] !== app.id || withValues['private-key'] !== app.privateKey)
    return refuse(
      'app-id and private-key are not those of one App: GitHub answers 401 ' +
        '"A JSON web token could not be decoded"'
    )
  const owner = withValues.owner || origin.owner
  const names = (withValues.repositories ?? '')
    .split(/[\n,]/)
    .map(name => name.trim())
    .filter(Boolean)
  const wanted =
    names.length > 0
      ? names
      : withValues.owner
        ? [...app.installation.repositories]
        : owner === origin.owner
          ? [origin.name]
          : []
  const { installation } = app
  const missing = wanted.filter(name => !installation.repositories.includes(name))
  if (owner !== installation.owner || missing.length > 0)
    return refuse(
      `the App ${app.slug} is installed on ${installation.repositories
        .map(name => `${installation.owner}/${name}`)
        .join(', ')} only, not on ${(owner !== installation.owner ? wanted : missing)
        .map(name => `${owner}/${name}`)
        .join(', ')}: GitHub answers 404 or 422`
    )
  return {
    ok: true,
    outputs: {
      token: installation.token,
      'installation-id': String(installation.id),
      'app-slug': app.slug
    },
    stdout: '',
    stderr: '',
    errors: [],
    masks: [installation.token]
  }
}

/** git must not see GIT_* variables of the process that started the runner (hooks set some). */
function gitFree(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('GIT_')))
}

/**
 * `uses: ./`, `./dispatch`, `<owner>/dispatch-ledger[/dispatch]@<ref>`: that action's entry
 * through scripts/runner.ts, which fails on an input its manifest does not declare.
 */
async function runSelf(
  uses: string,
  action: string | undefined,
  withValues: Record<string, string>,
  env: Record<string, string>,
  at: StepEnvironment
): Promise<Ran> {
  const { shared } = at
  const local = parseSelfUses(uses)
  const missing = local?.kind === 'local' ? missingLocalAction(action, at.workspace) : undefined
  if (missing !== undefined)
    return { ok: false, outputs: {}, stdout: '', stderr: '', errors: [missing] }
  // The harness makes its own output, summary, state and env files.
  const { GITHUB_EVENT_PATH: eventPath, ...rest } = env
  const result = await runAction({
    action,
    with: withValues,
    workspace: at.workspace,
    eventName: shared.eventName,
    eventPath,
    runId: shared.options.runId,
    runAttempt: shared.runAttempt,
    env: gitFree(rest),
    inputDefault: value => evaluateDefault(value, { github: { token: at.token } })
  })
  return {
    ok: result.code === 0,
    outputs: result.outputs,
    stdout: result.stdout,
    stderr: result.stderr,
    errors: result.errors,
    summary: result.summary
  }
}

/** action.yml defaults may be expressions (`${{ github.token }}`), evaluated as the runner does. */
function evaluateDefault(value: string, contexts: Contexts): string {
  const whole = /^\$\{\{(.*)\}\}$/s.exec(value.trim())
  return whole
    ? evaluateToString((whole[1] as string).trim(), contexts, { where: 'action.yml default' })
    : value
}
