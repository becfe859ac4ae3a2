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
