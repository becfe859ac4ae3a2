/**
 * An event file named on the command line (what a workflow's GITHUB_EVENT_PATH holds). The file
 * does not say which event it is, so the name is given (`--event-name`) or read from the fields
 * only one event has; a file that fits none asks for `--event-name`.
 */
import { readFile } from 'node:fs/promises'
import { InvalidInput } from '../core/errors.js'

export interface EventFile {
  readonly name: string
  readonly payload: Record<string, unknown>
}

export async function loadEventFile(
  path: string,
  eventName: string | undefined
): Promise<EventFile> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new InvalidInput(
      `The event file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Give the path of a JSON event.`
    )
  }
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch (error) {
    throw new InvalidInput(`The event file ${path} is not valid JSON: ${(error as Error).message}.`)
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new InvalidInput(`The event file ${path} does not hold a JSON object.`)
  const fields = payload as Record<string, unknown>
  const name = eventName ?? inferredName(fields)
  if (!name)
    throw new InvalidInput(
      `Which event ${path} is cannot be told from its fields: give --event-name (issues, ` +
        'pull_request, issue_comment, workflow_dispatch, repository_dispatch, push, workflow_run).'
    )
  return { name, payload: fields }
}

/** The event whose payload alone has these fields (GitHub's webhook payloads). */
function inferredName(p: Record<string, unknown>): string | null {
  if ('comment' in p && 'issue' in p) return 'issue_comment'
  if ('workflow_run' in p) return 'workflow_run'
  if ('pull_request' in p) return 'pull_request'
  if ('issue' in p) return 'issues'
  if ('client_payload' in p) return 'repository_dispatch'
  if ('inputs' in p && 'workflow' in p) return 'workflow_dispatch'
  if ('ref' in p && 'after' in p && 'commits' in p) return 'push'
  return null
}
