/**
 * The command steps, loaded in one chunk after the inputs are valid. One chunk rather than one
 * per command: the bundler copies every module two commands share into each of their chunks.
 */
export { admitStep } from './admitStep.js'
export { planStep } from './planStep.js'
export { previewStep } from './previewStep.js'
export { recordStep } from './recordStep.js'
export { scanStep } from './scanStep.js'
export { dispatchStep } from './dispatchStep.js'
export { recoverStep } from './recoverStep.js'
