import * as core from '@actions/core'
import type { StepContext } from './action/context.js'
import { loadEvent } from './action/event.js'
import { inInputTerms, readInputs, type Inputs } from './action/inputs.js'
import type { StepReport } from './action/report.js'
import { writeSummary } from './action/summary.js'
import { systemClock } from './commands/deps.js'
import { validateNamespace } from './core/refs.js'
import { writerFromEnv } from './core/writer.js'
import { GitHubGateway } from './github/gateway.js'
import { needsEvent, REGISTRY, type CommandName } from './registry.js'
import { openStore } from './store/openStore.js'

/**
 * The composition root: one command's inputs in, its outputs and a job summary out. Each
 * action's entry (dist/<command>.js) calls it with its own command.
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
    for (const warning of report.warnings ?? []) core.warning(warning)
    await writeSummary({ ...report.summary, meaning: inInputTerms(report.summary.meaning) }, env)
    if (report.failure) core.setFailed(inInputTerms(report.failure))
  } catch (error) {
    core.setFailed(inInputTerms(error instanceof Error ? error.message : String(error)))
  }
}

async function runStep(
  command: CommandName,
  inputs: Inputs,
  env: NodeJS.ProcessEnv
): Promise<StepReport> {
  const spec = REGISTRY[command]
  validateNamespace(inputs.namespace)
  const writer = writerFromEnv(env)
  const step = await spec.step()
  // The event before the store, so a bad event is reported before any git process starts.
  const event = await loadEvent(env, { required: needsEvent(spec.event, inputs) })
  const store = await openStore({
    repositoryPath: inputs.repositoryPath,
    remote: inputs.remote,
    env
  })
  // Built once for every command; it loads octokit and reads GITHUB_REPOSITORY only when a
  // command makes its first call.
  const github = new GitHubGateway({
    token: inputs.token,
    apiUrl: env.GITHUB_API_URL,
    repository: env.GITHUB_REPOSITORY,
    serverUrl: env.GITHUB_SERVER_URL,
    timeoutSeconds: Number(inputs.timeoutSeconds)
  })
  const context: StepContext = { event, store, clock: systemClock, writer, env, github }
  return step(inputs, context)
}
