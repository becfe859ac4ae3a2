/**
 * The action's entry point for each command the registry names: its step, imported on use, so
 * an entry (dist/<command>.js) loads only the command it runs. The registry is data; which code
 * runs a command is the adapter's own mapping, and this is the action's
 * (docs/development.md#code-map).
 */
import type { CommandName } from '../registry.js'
import type { StepContext } from './context.js'
import type { Inputs } from './inputs.js'
import type { StepReport } from './report.js'

export type Step = (inputs: Inputs, context: StepContext) => Promise<StepReport>

export const STEPS: { readonly [N in CommandName]: () => Promise<Step> } = {
  admit: async () => (await import('./admitStep.js')).admitStep,
  preview: async () => (await import('./previewStep.js')).previewStep,
  record: async () => (await import('./recordStep.js')).recordStep,
  plan: async () => (await import('./planStep.js')).planStep,
  scan: async () => (await import('./scanStep.js')).scanStep,
  dispatch: async () => (await import('./dispatchStep.js')).dispatchStep,
  recover: async () => (await import('./recoverStep.js')).recoverStep,
  operate: async () => (await import('./operateStep.js')).operateStep,
  effect: async () => (await import('./effectStep.js')).effectStep
}
