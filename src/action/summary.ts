import * as core from '@actions/core'
import { inertText } from '../commands/reporting.js'

export interface SummaryBlock {
  readonly title: string
  readonly meaning: string
  readonly rows: ReadonlyArray<readonly [string, string]>
  /** Extra markdown after the table (already escaped by the caller). */
  readonly extra?: string
}

/** Writes the job summary when the runner gives us a summary file. */
export async function writeSummary(block: SummaryBlock, env: NodeJS.ProcessEnv): Promise<void> {
  if (!env.GITHUB_STEP_SUMMARY) return
  core.summary
    .addHeading(inertText(block.title), 3)
    .addRaw(`<p>${inertText(block.meaning)}</p>`, true)
    .addTable([
      [
        { data: 'field', header: true },
        { data: 'value', header: true }
      ],
      ...block.rows.map(([field, value]) => [inertText(field), `<code>${inertText(value)}</code>`])
    ])
  if (block.extra) core.summary.addRaw(block.extra, true)
  await core.summary.write()
}
