/**
 * Reads a workflow file with GitHub's own parser (`@actions/workflow-parser`) and checks it
 * against the subset this runner executes. The parser's converted template gives the jobs,
 * their `needs` and every `if:` with its implicit `success() && (…)`; keys the template drops
 * (`with:`, `permissions:`, `shell:` …) are read from the parser's token tree. Anything outside
 * the subset is an error naming the construct and its line — never skipped.
 */
import {
  NoOperationTraceWriter,
  convertWorkflowTemplate,
  isBasicExpression,
  isBoolean,
  isMapping,
  isNumber,
  isSequence,
  isString,
  parseWorkflow
} from '@actions/workflow-parser'
import type { WorkflowTemplate } from '@actions/workflow-parser'
import type { TemplateToken } from '@actions/workflow-parser/templates/tokens/index'
import { WorkflowError } from './errors.ts'

/** A `${{ }}` value kept for evaluation at run time (mixed strings arrive as `format(…)`). */
export class Expr {
  readonly expression: string
  constructor(expression: string) {
    this.expression = expression
  }
}
export type Plain = string | number | boolean | null | Expr | Plain[] | { [key: string]: Plain }
export type PlainMap = { [key: string]: Plain }

export interface StepModel {
  /** `jobs.<job>.steps[<n>]`, for messages */
  where: string
  index: number
  /** the step's `id:`, or the parser's generated one (`__run`, `__actions_checkout` …) */
  id: string
  name: string
  /** the parser's condition, with the implicit `success() && (…)` */
  if: string
  env: PlainMap
  continueOnError: Plain
  workingDirectory?: Plain
  run?: string
  uses?: string
  with: PlainMap
}

export interface JobModel {
  id: string
  needs: string[]
  if: string
  permissions?: Plain
  env: PlainMap
  outputs: PlainMap
  steps: StepModel[]
}

export interface WorkflowModel {
  file: string
  name: string
  events: WorkflowTemplate['events']
  permissions?: Plain
  env: PlainMap
  jobs: JobModel[]
}

const WORKFLOW_KEYS = ['name', 'run-name', 'on', 'permissions', 'env', 'jobs']
const JOB_KEYS = ['name', 'needs', 'if', 'runs-on', 'permissions', 'env', 'outputs', 'steps']
const STEP_KEYS = [
  'id',
  'name',
  'if',
  'uses',
  'with',
  'run',
  'shell',
  'env',
  'working-directory',
  'continue-on-error'
]
const EVENT_FILTERS = ['types', 'workflows', 'inputs']
/** `uses:` values this runner executes; see docs/running-locally.md#what-it-runs. */
export const USES = {
  checkout: /^actions\/checkout@[\w.-]+$/,
  // a GitHub App's installation token for the repositories named (a ledger repository)
  appToken: /^actions\/create-github-app-token@[\w.-]+$/,
  // `./`, `./dispatch`, `<owner>/dispatch-ledger@v0`, `<owner>/dispatch-ledger/dispatch@v0`
  self: /^(?:\.\/?([a-z]+)?|[\w.-]+\/dispatch-ledger(?:\/([a-z]+))?@[\w./-]+)$/
}

/** The action folder a self `uses:` names (dispatch, operate, …), or undefined for the root. */
export function selfAction(uses: string): string | undefined {
  const match = USES.self.exec(uses)
  return match?.[1] ?? match?.[2]
}
export const CHECKOUT_INPUTS = ['ref', 'token', 'persist-credentials', 'fetch-depth']
export const APP_TOKEN_INPUTS = ['app-id', 'private-key', 'owner', 'repositories']

/** The actions this runner emulates (not this repository's own), with the inputs it reads. */
export function emulatedInputs(uses: string): string[] | undefined {
  if (USES.checkout.test(uses)) return CHECKOUT_INPUTS
  if (USES.appToken.test(uses)) return APP_TOKEN_INPUTS
  return undefined
}

function line(token: TemplateToken): string {
  return token.range ? `line ${token.range.start.line}` : 'unknown line'
}

function toPlain(token: TemplateToken): Plain {
  if (isBasicExpression(token)) return new Expr(token.expression)
  if (isString(token)) return token.value
  if (isBoolean(token)) return token.value
  if (isNumber(token)) return token.value
  if (isSequence(token)) return [...token].map(toPlain)
  if (isMapping(token)) {
    const out: PlainMap = {}
    for (const { key, value } of token) out[keyOf(key)] = toPlain(value)
    return out
  }
  if (token.templateTokenType === 7 /* Null */) return null
  throw new WorkflowError(
    `${line(token)}: \${{ insert }} and other template directives are outside this runner's subset`
  )
}

function keyOf(token: TemplateToken): string {
  if (!isString(token))
    throw new WorkflowError(`${line(token)}: a key written as an expression is not supported`)
  return token.value
}

/** The key/value pairs of a mapping token, each checked against the allowed keys. */
function entries(
  token: TemplateToken,
  where: string,
  allowed: readonly string[]
): Array<[string, TemplateToken]> {
  if (!isMapping(token)) throw new WorkflowError(`${where} (${line(token)}) must be a mapping`)
  const out: Array<[string, TemplateToken]> = []
  for (const { key, value } of token) {
    const name = keyOf(key)
    if (!allowed.includes(name))
      throw new WorkflowError(
        `${where}.${name} (${line(key)}) is outside this runner's subset` +
          ` (supported here: ${allowed.join(', ')}); see docs/running-locally.md#what-it-runs`
      )
    out.push([name, value])
  }
  return out
}

function asMap(plain: Plain | undefined, where: string): PlainMap {
  if (plain === undefined || plain === null) return {}
  if (typeof plain !== 'object' || Array.isArray(plain) || plain instanceof Expr)
    throw new WorkflowError(`${where} must be a mapping`)
  return plain
}

/** Reads and checks a workflow; throws WorkflowError naming the first unsupported construct. */
export async function loadWorkflowModel(file: string, content: string): Promise<WorkflowModel> {
  const parsed = parseWorkflow({ name: file, content }, new NoOperationTraceWriter())
  const errors = parsed.context.errors.getErrors().map(e => e.message)
  if (errors.length > 0 || !parsed.value)
    throw new WorkflowError(`${file} is not a valid workflow: ${errors.join('; ')}`)
  const template = await convertWorkflowTemplate(parsed.context, parsed.value)
  if (template.errors?.length)
    throw new WorkflowError(
      `${file} is not a valid workflow: ${template.errors.map(e => e.Message).join('; ')}`
    )
  const top = new Map(entries(parsed.value, file, WORKFLOW_KEYS))
  checkEvents(top.get('on'))
  const rawJobs = new Map(
    entries(
      top.get('jobs') as TemplateToken,
      'jobs',
      template.jobs.map(j => j.id.value)
    )
  )
  const jobs = template.jobs.map(job => {
    if (job.type !== 'job')
      throw new WorkflowError(
        `jobs.${job.id.value}.uses (a reusable workflow) is outside this runner's subset`
      )
    return checkJob(job, rawJobs.get(job.id.value) as TemplateToken)
  })
  const name = top.get('name')
  return {
    file,
    name: name && isString(name) ? name.value : file,
    events: template.events,
    permissions: top.has('permissions')
      ? toPlain(top.get('permissions') as TemplateToken)
      : undefined,
    env: asMap(top.has('env') ? toPlain(top.get('env') as TemplateToken) : undefined, 'env'),
    jobs
  }
}

function checkEvents(on: TemplateToken | undefined): void {
  if (!on || !isMapping(on)) return // `on: push` or `on: [a, b]`: no filters to check
  for (const { key, value } of on) {
    const event = keyOf(key)
    if (event === 'workflow_dispatch' || !isMapping(value)) continue
    entries(value, `on.${event}`, EVENT_FILTERS)
  }
}

type TemplateJob = Extract<WorkflowTemplate['jobs'][number], { type: 'job' }>

function checkJob(job: TemplateJob, raw: TemplateToken): JobModel {
  const id = job.id.value
  const keys = new Map(entries(raw, `jobs.${id}`, JOB_KEYS))
  const rawSteps = keys.get('steps')
  if (!rawSteps || !isSequence(rawSteps) || rawSteps.count !== job.steps.length)
    throw new WorkflowError(`jobs.${id}.steps: every job needs a list of steps`)
  const steps = job.steps.map((step, index) =>
    checkStep(step, rawSteps.get(index), `jobs.${id}.steps[${index}]`, index)
  )
  const plain = (key: string): Plain | undefined =>
    keys.has(key) ? toPlain(keys.get(key) as TemplateToken) : undefined
  return {
    id,
    needs: (job.needs ?? []).map(n => n.value),
    if: job.if.expression,
    permissions: plain('permissions'),
    env: asMap(plain('env'), `jobs.${id}.env`),
    outputs: asMap(plain('outputs'), `jobs.${id}.outputs`),
    steps
  }
}

function checkStep(
  step: TemplateJob['steps'][number],
  raw: TemplateToken,
  where: string,
  index: number
): StepModel {
  const keys = new Map(entries(raw, where, STEP_KEYS))
  const plain = (key: string): Plain | undefined =>
    keys.has(key) ? toPlain(keys.get(key) as TemplateToken) : undefined
  if (!('if' in step) || !step.if)
    throw new WorkflowError(`${where}: only run: and uses: steps are supported`)
  const shell = plain('shell')
  if (shell !== undefined && shell !== 'bash')
    throw new WorkflowError(`${where}.shell: only bash is supported (got ${String(shell)})`)
  const run = plain('run')
  if (run instanceof Expr)
    throw new WorkflowError(
      `${where}.run contains \${{ }}: pass values to scripts through env:, never inside run:` +
        ' (event fields are untrusted)'
    )
  if (run !== undefined && typeof run !== 'string')
    throw new WorkflowError(`${where}.run must be a string`)
  const uses = plain('uses')
  if (uses !== undefined) {
    if (typeof uses !== 'string') throw new WorkflowError(`${where}.uses must be a plain string`)
    if (emulatedInputs(uses) === undefined && !USES.self.test(uses))
      throw new WorkflowError(
        `${where}.uses: ${uses} is outside this runner's subset (supported: actions/checkout@*,` +
          ' actions/create-github-app-token@*, ./, ./<action> and' +
          ' <owner>/dispatch-ledger[/<action>]@<ref>)'
      )
  }
  const withInputs = asMap(plain('with'), `${where}.with`)
  if (run !== undefined && keys.has('with'))
    throw new WorkflowError(`${where}.with: a run: step takes no with:`)
  const emulated = uses === undefined ? undefined : emulatedInputs(uses)
  if (emulated !== undefined)
    for (const input of Object.keys(withInputs))
      if (!emulated.includes(input))
        throw new WorkflowError(
          `${where}.with.${input}: ${String(uses).replace(/@.*$/, '')} input outside this` +
            ` runner's subset (supported: ${emulated.join(', ')})`
        )
  const name = plain('name')
  return {
    where,
    index,
    id: step.id,
    name: typeof name === 'string' ? name : (uses ?? firstLine(run)),
    if: step.if.expression,
    env: asMap(plain('env'), `${where}.env`),
    continueOnError: plain('continue-on-error') ?? false,
    workingDirectory: plain('working-directory'),
    run,
    uses,
    with: withInputs
  }
}

function firstLine(run: string | undefined): string {
  return `run: ${(run ?? '').split('\n')[0]}`
}
