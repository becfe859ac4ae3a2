/**
 * A coordinator program, run as its own Node process (`node coordinator.ts …`), that drives ONE
 * run from admission to a recorded human decision. Every ledger step goes through the bundled
 * action (scripts/runner.ts runs dist/index.js as the Actions runner does); the only other
 * thing it talks to is the fake provider.
 *
 *   node coordinator.ts --repo DIR --event FILE --provider URL
 *     [--event-name issues] [--workflow-run-id 501] [--run-attempt 1]
 *     [--mode drive|recover] [--kill-at POINT] [--max-iterations 30]
 *     [--broken-planner] [--no-lookup]
 *
 * drive (default): admit; record dispatched/not_submitted BEFORE the provider call; submit;
 *   record dispatched/submitted with the job id AFTER; then candidate_observed, normalized,
 *   verification_requested, evidence_ready, awaiting_human_decision, decided. Off the happy
 *   path (an ambiguous or refused submit, a re-run that finds the run admitted) it re-plans:
 *   it continues exactly as recover does.
 * recover: only follows `command: plan`, one action at a time, for at most --max-iterations.
 *
 * --kill-at names a step boundary (KILL_POINTS); when the coordinator reaches it, it sends
 * itself a real SIGKILL. --broken-planner (reconcile_provider treated as dispatch) and
 * --no-lookup (reconcile_provider submits without a lookup) are the negative controls.
 *
 * stdout: one JSON object per line, each step as it happens, then {"result": …} on exit.
 * Exit codes: 0 the run is terminal (or owned by another workflow run), 2 a step failed,
 * 3 the iteration bound was reached, 4 the provider could not be looked up (operator needed),
 * 5 the plan asks for an operator; 1 (an uncaught error) bad options.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { parseArgs } from 'node:util'
import { runAction, withAction, type ActionResult } from '../scripts/runner.ts'
import { ProviderClient, type SubmitResult } from './fakeProvider.ts'
import { KILL_POINTS } from './runCoordinator.ts'

const { values: opts } = parseArgs({
  options: {
    repo: { type: 'string' },
    event: { type: 'string' },
    'event-name': { type: 'string', default: 'issues' },
    provider: { type: 'string' },
    'workflow-run-id': { type: 'string', default: '501' },
    'run-attempt': { type: 'string', default: '1' },
    'dispatch-key': { type: 'string' },
    mode: { type: 'string', default: 'drive' },
    'kill-at': { type: 'string' },
    'max-iterations': { type: 'string', default: '30' },
    'provider-timeout-ms': { type: 'string', default: '3000' },
    'broken-planner': { type: 'boolean', default: false },
    'no-lookup': { type: 'boolean', default: false }
  },
  strict: true
})

class Stop extends Error {
  readonly exitCode: number
  constructor(exitCode: number, message: string) {
    super(message)
    this.exitCode = exitCode
  }
}

function required(name: 'repo' | 'event' | 'provider'): string {
  const value = opts[name]
  if (!value) throw new Stop(2, `--${name} is required`)
  return value
}

const repo = required('repo')
const eventPath = required('event')
const provider = new ProviderClient(required('provider'), Number(opts['provider-timeout-ms']))
const killAt = opts['kill-at']
if (killAt !== undefined && !(KILL_POINTS as readonly string[]).includes(killAt))
  throw new Stop(2, `--kill-at must be one of ${KILL_POINTS.join(', ')}`)
if (opts.mode !== 'drive' && opts.mode !== 'recover')
  throw new Stop(2, '--mode must be drive or recover')
const maxIterations = Number(opts['max-iterations'])
const DRIVER = 'fake'

function log(entry: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(entry)}\n`)
}

/** A real SIGKILL at a named step boundary: no cleanup, no flush, no exit handlers. */
function boundary(point: (typeof KILL_POINTS)[number]): void {
  if (killAt !== point) return
  log({ kill: point })
  process.kill(process.pid, 'SIGKILL')
}

let dispatchKey = opts['dispatch-key'] ?? ''

async function step(inputs: Record<string, string>): Promise<ActionResult> {
  const result = await runAction({
    workspace: repo,
    eventName: opts['event-name'],
    eventPath,
    runId: opts['workflow-run-id'],
    runAttempt: Number(opts['run-attempt']),
    // The repository is local (no origin): the local store, chosen explicitly, as inside
    // Actions remote: auto without an origin refuses to decide.
    ...withAction({ remote: 'none', ...inputs })
  })
  log({
    step: inputs.action ?? 'admit',
    state: inputs.state,
    code: result.code,
    outputs: pick(result.outputs)
  })
  if (result.code !== 0)
    throw new Stop(
      2,
      `${inputs.action ?? 'admit'} ${inputs.state ?? ''} failed (${result.code ?? result.signal}): ` +
        (result.errors.join('; ') || result.stderr)
    )
  return result
}

function pick(outputs: Record<string, string>): Record<string, string | undefined> {
  const names = ['run_id', 'created', 'owner', 'recorded', 'duplicate', 'state', 'sequence']
  return Object.fromEntries([
    ...names.map(name => [name, outputs[name]]),
    ['recovery_action', outputs.recovery_action]
  ])
}

async function admit(): Promise<ActionResult> {
  const result = await step({})
  dispatchKey = result.outputs.dispatch_key ?? ''
  return result
}

async function plan(): Promise<ActionResult> {
  const result = await step(
    dispatchKey ? { action: 'plan', 'dispatch-key': dispatchKey } : { action: 'plan' }
  )
  dispatchKey = result.outputs.dispatch_key ?? dispatchKey
  return result
}

async function record(state: string, fields: Record<string, unknown> = {}) {
  const result = await step({
    action: 'record',
    'dispatch-key': dispatchKey,
    state,
    record: JSON.stringify(fields)
  })
  if (result.outputs.recorded !== 'true' && result.outputs.duplicate !== 'true')
    throw new Stop(2, `record ${state} reported neither recorded nor duplicate`)
  return result
}

const providerInfo = (submission_state: string, external_ids: Record<string, string> = {}) => ({
  provider: { driver: DRIVER, submission_state, external_ids }
})

/**
 * The attempt the record this step wrote belongs to (the action fills it in). The plan's
 * outputs do not carry it, so it is read from the record itself, at the ledger ref the step
 * reported, and checked to be the sequence the step reported.
 */
/**
 * A ledger's head by its name: its own ref while live, else the head its index entry records
 * (layout v2, docs/design/storage.md: `runs/<hash>` in the tree of `<ns>/index/<first two hex>`).
 */
function chainHead(ref: string): string {
  const git = (args: string[]) => execFileSync('git', args, { cwd: repo }).toString().trim()
  try {
    return git(['rev-parse', '--verify', '--quiet', ref])
  } catch {
    const match = /^(.+)\/(runs|operations)\/([0-9a-f]{64})$/.exec(ref)
    if (!match) return ref
    const [, namespace, family, hash] = match as unknown as [string, string, string, string]
    const entry = git([
      'cat-file',
      'blob',
      `${namespace}/index/${hash.slice(0, 2)}:${family}/${hash}`
    ])
    return (JSON.parse(entry) as { head: string }).head
  }
}

function recordedAttempt(result: ActionResult): number {
  const ref = result.outputs.ledger_ref ?? ''
  // Layout v2: a ledger that ended (or idled) is archived, its head in the index.
  const head = chainHead(ref)
  const message = execFileSync('git', ['log', '-1', '--format=%B', head], { cwd: repo }).toString()
  const body = JSON.parse(message.slice(message.indexOf('\n\n') + 2)) as {
    ledger_sequence: number
    attempt: { number: number } | null
  }
  if (String(body.ledger_sequence) !== result.outputs.sequence || !body.attempt)
    throw new Stop(2, `the ledger head at ${ref} is not the record just written`)
  return body.attempt.number
}

/** Records what the provider answered; returns whether the work is confirmed at the provider. */
async function settle(outcome: SubmitResult): Promise<boolean> {
  log({ provider: 'submit', ...outcome })
  if (outcome.outcome === 'submitted') {
    await record('dispatched', providerInfo('submitted', { job_id: outcome.job_id }))
    boundary('after-submitted')
    return true
  }
  if (outcome.outcome === 'ambiguous') {
    await record('dispatched', {
      ...providerInfo('ambiguous'),
      note: `provider call ended without an answer: ${outcome.reason}`.slice(0, 4096)
    })
    return false
  }
  await record('attempt_failed', {
    ...providerInfo('definite_failure'),
    failure: { code: 'provider_refused', classification: 'provider', retryable: outcome.retryable }
  })
  return false
}

/** The dispatch protocol: intent first, then the call, then what it answered. */
async function dispatch(): Promise<boolean> {
  const intent = await record('dispatched', providerInfo('not_submitted'))
  boundary('after-not-submitted')
  const attempt = recordedAttempt(intent)
  const outcome = await provider.submit(dispatchKey, attempt)
  boundary('after-provider-call')
  return settle(outcome)
}

/** reconcile_provider: look the work up by its dispatch key and adopt what the provider has. */
async function reconcile(headAttempt: () => Promise<number>): Promise<void> {
  if (opts['no-lookup']) {
    // Negative control: submits without looking up.
    await settle(await provider.submit(dispatchKey, await headAttempt()))
    return
  }
  let found
  try {
    found = await provider.lookup(dispatchKey)
  } catch (error) {
    throw new Stop(
      4,
      `the provider could not be looked up by key; an operator must decide: ${error}`
    )
  }
  log({ provider: 'lookup', ...found })
  if (found.found) {
    await record('dispatched', providerInfo('submitted', { job_id: found.job_id }))
    boundary('after-submitted')
    return
  }
  // The provider demonstrably has nothing: only now may the coordinator submit.
  const attempt = await headAttempt()
  const outcome = await provider.submit(dispatchKey, attempt)
  boundary('after-provider-call')
  await settle(outcome)
}

const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`

/** Everything after the provider confirmed the work, one state each, in the ledger's order. */
const FOLLOW_UPS: Record<string, () => Promise<unknown>> = {
  observe_provider: async () => {
    await record('candidate_observed', {
      evidence: [
        { kind: 'candidate', digest: digest(`candidate:${dispatchKey}`), uri: 'fake://candidate' }
      ]
    })
    boundary('after-candidate_observed')
  },
  normalize: async () => {
    await record('normalized', { note: 'candidate normalized' })
    boundary('after-normalized')
  },
  request_verification: async () => {
    await record('verification_requested')
    boundary('after-verification_requested')
  },
  retry_verification: async () => {
    await record('verification_requested')
    boundary('after-verification_requested')
  },
  observe_verification: async () => {
    await record('evidence_ready', {
      evidence: [
        {
          kind: 'verification',
          digest: digest(`verification:${dispatchKey}`),
          uri: 'fake://verification'
        }
      ]
    })
    boundary('after-evidence_ready')
  },
  request_human_decision: async () => {
    await record('awaiting_human_decision')
    boundary('after-awaiting_human_decision')
  },
  await_human_decision: async () => {
    await record('decided', { decision: { outcome: 'approved', by: 'tester' } })
  }
}

/** recover: plan → act on recovery_action, bounded. Returns the final plan's outputs. */
async function followPlan(): Promise<Record<string, string>> {
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const planned = await plan()
    let action = planned.outputs.recovery_action ?? ''
    log({ iteration, plan: action, state: planned.outputs.state })
    if (action === 'none') return planned.outputs
    if (opts['broken-planner'] && action === 'reconcile_provider') action = 'dispatch' // negative control
    switch (action) {
      case 'dispatch':
      case 'retry_attempt':
        await dispatch()
        break
      case 'reconcile_provider':
        // The attempt in flight is the one the ledger head carries.
        await reconcile(async () => recordedAttempt(planned))
        break
      case 'await_operator':
        throw new Stop(5, `the plan asks for an operator: ${planned.outputs.recovery_reason}`)
      default: {
        const act = FOLLOW_UPS[action]
        if (!act) throw new Stop(2, `the coordinator does not know recovery action ${action}`)
        await act()
      }
    }
  }
  throw new Stop(3, `the run is not finished after ${maxIterations} planned steps`)
}

async function drive(): Promise<Record<string, string>> {
  const admitted = await admit()
  boundary('after-admit')
  if (admitted.outputs.owner !== 'true') return admitted.outputs // another run owns the key
  if (admitted.outputs.recovery_action !== 'dispatch') return followPlan() // a re-run
  if (!(await dispatch())) return followPlan() // ambiguous or refused: re-plan
  for (const action of [
    'observe_provider',
    'normalize',
    'request_verification',
    'observe_verification',
    'request_human_decision',
    'await_human_decision'
  ])
    await (FOLLOW_UPS[action] as () => Promise<unknown>)()
  return (await plan()).outputs
}

try {
  const outputs = opts.mode === 'recover' ? await followPlan() : await drive()
  log({ result: 'done', ...pick(outputs), dispatch_key: dispatchKey })
  process.exitCode = 0
} catch (error) {
  const code = error instanceof Stop ? error.exitCode : 2
  log({ result: 'stopped', code, error: String((error as Error).message ?? error) })
  process.exitCode = code
}
