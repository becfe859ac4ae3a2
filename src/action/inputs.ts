import * as z from 'zod/mini'
import '../core/schema.js'
import { InvalidInput } from '../core/errors.js'

export const COMMANDS = ['admit', 'preview', 'record', 'plan', 'scan', 'operate'] as const

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
  // command: operate (SPEC §12)
  prefix: z.string(),
  operators: z.string(),
  operatorPermission: z.string(),
  operatorBots: z.string(),
  reply: z.enum(['true', 'false'])
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
    prefix: getInput('prefix') || '/ledger',
    operators: getInput('operators') || 'OWNER,MEMBER,COLLABORATOR',
    operatorPermission: getInput('operator-permission') || 'write',
    operatorBots: getInput('operator-bots'),
    reply: getInput('reply') || 'true'
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
