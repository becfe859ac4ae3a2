import * as core from '@actions/core'
import type { StepContext } from './action/context.js'
import { inInputTerms, readInputs, type Inputs } from './action/inputs.js'
import type { StepReport } from './action/report.js'
import { STEPS } from './action/steps.js'
import type { LedgerRepository } from './commands/deps.js'
import { validateNamespace } from './core/refs.js'
import { logLine } from './core/text.js'
import { writerFromEnv } from './core/writer.js'
import { needsEvent, REGISTRY, type CommandName } from './registry.js'

/**
 * The composition root: one command's inputs in, its outputs and a job summary out. Each
 * action's entry (dist/<command>.js) calls it with its own command.
 *
 * What every action loads at start is only what reads and checks its inputs: the store, the
 * GitHub gateway, the event reader and the summary writer are imported once the inputs are
 * valid, with the command's step, so a rejected input costs no more than loading
 * @actions/core and the input schema (bench B7), and each entry's first chunk stays small.
 */
export async function run(
  command: CommandName = 'admit',
  env: NodeJS.ProcessEnv = process.env
): Promise<void> {
  try {
    const spec = REGISTRY[command]
    const inputs = readInputs(name => core.getInput(name), spec)
    if (inputs.token) core.setSecret(inputs.token)
    const report = await runStep(command, inputs, env)
    for (const [name, value] of Object.entries(report.outputs)) core.setOutput(name, value)
    const meaning = inInputTerms(report.summary.meaning)
    // What the step did, in the log too: a green step that sent nothing says why there, not
    // only in its summary (docs/troubleshooting.md is keyed by these texts).
    log.info(`${report.summary.title}: ${meaning}`)
    for (const warning of report.warnings ?? []) log.warning(warning)
    const { writeSummary } = await import('./action/summary.js')
    await writeSummary({ ...report.summary, meaning }, env)
    if (report.failure) log.failed(inInputTerms(report.failure))
  } catch (error) {
    log.failed(inInputTerms(error instanceof Error ? error.message : String(error)))
  }
}

/**
 * The only way a message reaches the workflow log: as one inert line. Messages quote stored
 * names, event text and a schema library's words, and a raw escape sequence or bidirectional
 * control there would reach whoever reads the log.
 */
const log = {
  // Led by the step's title (`dispatch-ledger: …`), so the line never starts a workflow command.
  info: (message: string) => core.info(logLine(message)),
  warning: (message: string) => core.warning(logLine(message)),
  failed: (message: string) => core.setFailed(logLine(message))
}

/**
 * ledger-repository and the token for it (ledger-token, else the token input), masked before
 * anything runs, in the forms a log could show: the token and the header git sends.
 */
function ledgerOf(
  inputs: Inputs,
  authorizationHeader: (token: string) => string
): LedgerRepository | null {
  if (inputs.ledgerRepository === '') return null
  const token = inputs.ledgerToken || inputs.token
  if (token !== '') {
    core.setSecret(token)
    core.setSecret(authorizationHeader(token).slice('AUTHORIZATION: basic '.length))
  }
  return { repository: inputs.ledgerRepository, token }
}

async function runStep(
  command: CommandName,
  inputs: Inputs,
  env: NodeJS.ProcessEnv
): Promise<StepReport> {
  const spec = REGISTRY[command]
  validateNamespace(inputs.namespace)
  const writer = writerFromEnv(env)
  const [step, { loadEvent }, { authorizationHeader, openDeps }] = await Promise.all([
    STEPS[command](),
    import('./action/event.js'),
    import('./commands/deps.js')
  ])
  // The event before the store, so a bad event is reported before any git process starts.
  const event = await loadEvent(env, { required: needsEvent(spec.event, inputs) })
  // Built once for every command: the store, the clock and the one GitHub gateway.
  const deps = await openDeps({
    repositoryPath: inputs.repositoryPath,
    remote: inputs.remote,
    archiveAfter: inputs.archiveAfter,
    retentionDays: inputs.retentionDays,
    ledger: ledgerOf(inputs, authorizationHeader),
    token: inputs.token,
    timeoutSeconds: Number(inputs.timeoutSeconds),
    env,
    warn: log.warning
  })
  const context: StepContext = { ...deps, event, writer, env }
  return step(inputs, context)
}
