import * as z from 'zod/mini'
import '../core/schema.js'
import { InvalidInput } from '../core/errors.js'

export const COMMANDS = [
  'admit',
  'preview',
  'record',
  'plan',
  'scan',
  'dispatch',
  'recover'
] as const

/** The action's inputs after action.yml's defaults; every field is untrusted text. */
export const InputsSchema = z.object({
  command: z.enum(COMMANDS),
  dispatchKey: z.string(),
  request: z.string(),
  runId: z.string(),
  initialState: z.string(),
  state: z.string(),
  record: z.string(),
  namespace: z.string(),
  remote: z.string(),
  repositoryPath: z.string(),
  onConflict: z.enum(['fail', 'output']),
  token: z.string(),
  // command: dispatch and recover (SPEC §10, §11)
  driver: z.enum(['', 'workflow', 'command']),
  workflow: z.string(),
  ref: z.string(),
  inputs: z.string(),
  run: z.string(),
  lookup: z.string(),
  fenced: z.enum(['true', 'false']),
  timeoutSeconds: z
    .string()
    .check(z.regex(/^[1-9][0-9]{0,4}$/, 'must be a whole number of seconds, 1 to 99999')),
  maxAttempts: z.string().check(z.regex(/^[1-9][0-9]?$/, 'must be a whole number from 1 to 99'))
})
export type Inputs = z.infer<typeof InputsSchema>

/** Reads every input through getInput (core.getInput in the action) and validates it. */
export function readInputs(getInput: (name: string) => string): Inputs {
  const raw = {
    command: getInput('command') || 'admit',
    dispatchKey: getInput('dispatch-key'),
    request: getInput('request'),
    runId: getInput('run-id'),
    initialState: getInput('initial-state') || 'admitted',
    state: getInput('state'),
    record: getInput('record'),
    namespace: getInput('namespace') || 'refs/dispatch-ledger',
    remote: getInput('remote') || 'auto',
    repositoryPath: getInput('repository-path'),
    onConflict: getInput('on-conflict') || 'fail',
    token: getInput('token'),
    driver: getInput('driver'),
    workflow: getInput('workflow'),
    ref: getInput('ref'),
    inputs: getInput('inputs'),
    run: getInput('run'),
    lookup: getInput('lookup'),
    fenced: getInput('fenced') || 'false',
    timeoutSeconds: getInput('timeout-seconds') || '30',
    maxAttempts: getInput('max-attempts') || '3'
  }
  const parsed = InputsSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = String(issue?.path[0] ?? 'an input')
    const name = field.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)
    throw new InvalidInput(`The ${name} input is invalid: ${issue?.message ?? 'bad value'}.`)
  }
  return parsed.data
}

/** The action input that carries each field the commands name (`dispatch_key` → dispatch-key). */
export const INPUT_FOR_FIELD: Readonly<Record<string, string>> = {
  dispatch_key: 'dispatch-key',
  request: 'request',
  run_id: 'run-id',
  initial_state: 'initial-state',
  state: 'state',
  record: 'record',
  namespace: 'namespace',
  on_conflict: 'on-conflict',
  remote: 'remote',
  repository_path: 'repository-path'
}

/**
 * Commands and the core name the fields they were given (`the \`dispatch_key\``); a user of
 * the action set inputs, so their messages say `the dispatch-key input` instead.
 */
export function inInputTerms(message: string): string {
  return message.replace(
    /(\b[Tt]he )?`([a-z_]+)`/g,
    (whole, the: string | undefined, field: string) => {
      const input = Object.hasOwn(INPUT_FOR_FIELD, field) ? INPUT_FOR_FIELD[field] : undefined
      if (input === undefined) return whole
      return `${the ?? 'the '}${input} input`
    }
  )
}

const JSON_EXAMPLES: Readonly<Record<string, string>> = {
  request: `request: '{"model": "large"}'`,
  record: `record: '{"note": "checked by hand"}'`
}

/** A JSON text input parsed; undefined when it is empty. The error names the input. */
export function jsonInput(text: string, input: 'request' | 'record'): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new InvalidInput(
      `The ${input} input is not valid JSON (${(error as Error).message}). ` +
        `Pass a JSON value, for example ${JSON_EXAMPLES[input]}.`
    )
  }
}
