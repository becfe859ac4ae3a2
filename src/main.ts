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
  switch (inputs.command) {
    case 'admit': {
      const { admitStep } = await import('./action/admitStep.js')
      return admitStep(
        inputs,
        await loadEvent(env, !inputs.dispatchKey),
        await store(inputs, env),
        env
      )
    }
    case 'preview': {
      const { previewStep } = await import('./action/previewStep.js')
      return previewStep(
        inputs,
        await loadEvent(env, !inputs.dispatchKey),
        await store(inputs, env),
        env
      )
    }
    case 'record': {
      const { recordStep } = await import('./action/recordStep.js')
      return recordStep(inputs, await loadEvent(env, false), await store(inputs, env))
    }
    case 'plan': {
      const { planStep } = await import('./action/planStep.js')
      return planStep(inputs, await loadEvent(env, false), await store(inputs, env))
    }
    case 'scan': {
      const { scanStep } = await import('./action/scanStep.js')
      return scanStep(inputs, await store(inputs, env))
    }
  }
}

function store(inputs: Inputs, env: NodeJS.ProcessEnv) {
  return openStore({ repositoryPath: inputs.repositoryPath, remote: inputs.remote, env })
}
