import * as core from '@actions/core'
import type { StepContext } from './action/context.js'
import { loadEvent } from './action/event.js'
import { inInputTerms, readInputs, type Inputs } from './action/inputs.js'
import type { StepReport } from './action/report.js'
import { writeSummary } from './action/summary.js'
import { validateNamespace } from './core/refs.js'
import { writerFromEnv } from './core/writer.js'
import { openStore } from './store/openStore.js'

/** The action adapter: inputs in, one command, outputs and a job summary out. */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const inputs = readInputs(name => core.getInput(name))
    if (inputs.token) core.setSecret(inputs.token)
    const report = await runStep(inputs, env)
    for (const [name, value] of Object.entries(report.outputs)) core.setOutput(name, value)
    for (const warning of report.warnings ?? []) core.warning(warning)
    await writeSummary({ ...report.summary, meaning: inInputTerms(report.summary.meaning) }, env)
    if (report.failure) core.setFailed(inInputTerms(report.failure))
  } catch (error) {
    core.setFailed(inInputTerms(error instanceof Error ? error.message : String(error)))
  }
}

/** Commands whose key is derived from the event unless dispatch-key is given. */
const DERIVES_KEY: ReadonlySet<string> = new Set(['admit', 'preview'])

async function runStep(inputs: Inputs, env: NodeJS.ProcessEnv): Promise<StepReport> {
  validateNamespace(inputs.namespace)
  const writer = writerFromEnv(env)
  const steps = await import('./action/steps.js')
  // The event before the store, so a bad event is reported before any git process starts.
  // admit and preview derive the key from it unless it is given; record and plan may use it.
  const event = await loadEvent(env, {
    required:
      (DERIVES_KEY.has(inputs.command) && !inputs.dispatchKey) ||
      inputs.command === 'recover' ||
      (inputs.command === 'dispatch' && !inputs.dispatchKey && !inputs.runId)
  })
  const store = await openStore({
    repositoryPath: inputs.repositoryPath,
    remote: inputs.remote,
    env
  })
  const context: StepContext = { event, store, writer, env }
  switch (inputs.command) {
    case 'admit':
      return steps.admitStep(inputs, context)
    case 'preview':
      return steps.previewStep(inputs, context)
    case 'record':
      return steps.recordStep(inputs, context)
    case 'plan':
      return steps.planStep(inputs, context)
    case 'scan':
      return steps.scanStep(inputs, context)
    case 'operate':
      return steps.operateStep(inputs, context)
    case 'effect':
      return steps.effectStep(inputs, context)
    case 'dispatch':
      return steps.dispatchStep(inputs, context)
    case 'recover':
      return steps.recoverStep(inputs, context)
  }
}
