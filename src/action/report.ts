import type { SummaryBlock } from './summary.js'

/** What a command hands back to the action adapter. */
export interface StepReport {
  readonly outputs: Record<string, string>
  readonly summary: SummaryBlock
  /** Set when the step must fail after its outputs are written (on-conflict: fail). */
  readonly failure?: string
  /** Printed as workflow warnings (command: operate's unrecorded cancel, failed replies). */
  readonly warnings?: readonly string[]
}

export function flag(value: boolean): string {
  return value ? 'true' : 'false'
}
