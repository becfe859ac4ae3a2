import * as core from '@actions/core'
import { loadEvent } from './action/event.js'
import { readInputs, type Inputs } from './action/inputs.js'
import type { StepReport } from './action/report.js'
import { writeSummary } from './action/summary.js'
import { validateNamespace } from './core/refs.js'
import { openStore } from './store/openStore.js'

/** The action adapter: inputs in, one command, outputs and a job summary out. */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const inputs = readInputs(name => core.getInput(name))
    if (inputs.token) core.setSecret(inputs.token)
    const report = await runCommand(inputs, env)
    for (const [name, value] of Object.entries(report.outputs)) core.setOutput(name, value)
    await writeSummary(report.summary, env)
    if (report.failure) core.setFailed(report.failure)
  } catch (error) {
    core.setFailed(error instanceof Error ? error.message : String(error))
  }
}

async function runCommand(inputs: Inputs, env: NodeJS.ProcessEnv): Promise<StepReport> {
  validateNamespace(inputs.namespace)
  const steps = await import('./action/steps.js')
  const openConfigured = () =>
    openStore({ repositoryPath: inputs.repositoryPath, remote: inputs.remote, env })
  if (inputs.command === 'scan') return steps.scanStep(inputs, await openConfigured())
  // The event before the store, so a bad event is reported before any git process starts.
  // admit and preview derive the key from it unless it is given; record and plan may use it.
  const event = await loadEvent(
    env,
    (['admit', 'preview'].includes(inputs.command) && !inputs.dispatchKey) ||
      inputs.command === 'recover' ||
      (inputs.command === 'dispatch' && !inputs.dispatchKey && !inputs.runId)
  )
  const store = await openConfigured()
  switch (inputs.command) {
    case 'admit':
      return steps.admitStep(inputs, event, store, env)
    case 'preview':
      return steps.previewStep(inputs, event, store, env)
    case 'record':
      return steps.recordStep(inputs, event, store)
    case 'plan':
      return steps.planStep(inputs, event, store)
    case 'dispatch':
      return steps.dispatchStep(inputs, event, store, env)
    case 'recover':
      return steps.recoverStep(inputs, event, store, env)
  }
}
