import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/runner.js'

/** An example event payload from examples/events/ (a fresh copy each call). */
export async function exampleEvent(name: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(PROJECT_ROOT, 'examples', 'events', name), 'utf8'))
}

/** The key scheme v1 key of examples/events/issues-labeled.json. */
export const LABELED_KEY = 'v1/issues/123456789/42/labeled/agent:run'
