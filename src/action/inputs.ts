import * as z from 'zod/mini'
// Also configures zod as every schema of the project is built (core/schema.ts).
import { InvalidInput, LEDGER_REPOSITORY_NAME } from '../commands/reporting.js'
import { INPUTS, type Command, type InputName, type InputSpec } from '../registry.js'

/** `a`, `a or b`, `a, b or c`: a list of valid values as a sentence says it. */
export function inWords(values: readonly string[]): string {
  const shown = values.filter(value => value !== '')
  return shown.length <= 1
    ? (shown[0] ?? '')
    : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1) as string}`
}

/** The one sentence every rejected input gets: the input, what it must be, the value given. */
function mustBe(input: string, expected: string): (issue: { input?: unknown }) => string {
  return issue => `The ${input} input must be ${expected}, not ${JSON.stringify(issue.input)}.`
}

/**
 * An input that takes one of a few words. An empty string in `values` means the input may be
 * left out (the command then uses its own default or asks for it); it is not listed as a
 * valid value in the message.
 */
function oneOf<const T extends readonly [string, ...string[]]>(input: string, values: T) {
  return z.enum(values, { error: mustBe(input, inWords(values)) })
}

/** An input matched after trimming and lower-casing (the command reads it the same way). */
function oneOfAnyCase(input: string, values: readonly string[]) {
  return z.string().check(
    z.refine(value => values.includes(value.trim().toLowerCase()), {
      error: mustBe(input, inWords(values))
    })
  )
}

/** A text input that must match `pattern`, described to the user as `expected`. */
function matching(input: string, pattern: RegExp, expected: string) {
  return z.string().check(z.regex(pattern, { error: mustBe(input, expected) }))
}

const TRUE_FALSE = ['true', 'false'] as const

/** The action's inputs after action.yml's defaults; every field is untrusted text. */
export const InputsSchema = z.object({
  dispatchKey: z.string(),
  request: z.string(),
  runId: z.string(),
  initialState: oneOf('initial-state', INPUTS['initial-state'].values),
  state: oneOf('state', ['', ...INPUTS.state.values]),
  record: z.string(),
  namespace: z.string(),
  remote: z.string(),
  repositoryPath: z.string(),
  archiveAfter: z.string(),
  retentionDays: z.string(),
  ledgerRepository: matching(
    'ledger-repository',
    new RegExp(`^$|${LEDGER_REPOSITORY_NAME.source}`),
    'empty or owner/name (for example octo-org/dispatch-ledger-state)'
  ),
  ledgerToken: z.string(),
  onConflict: oneOf('on-conflict', ['fail', 'output']),
  token: z.string(),
  reuse: oneOf('reuse', INPUTS.reuse.values),
  onSuccess: oneOf('on-success', INPUTS['on-success'].values),
  observe: oneOf('observe', TRUE_FALSE),
  // command: operate
  prefix: z.string(),
  operators: z.string(),
  operatorPermission: oneOfAnyCase('operator-permission', INPUTS['operator-permission'].values),
  operatorBots: z.string(),
  reply: oneOf('reply', TRUE_FALSE),
  // command: effect
  kind: oneOf('kind', ['', ...INPUTS.kind.values]),
  tag: z.string(),
  target: z.string(),
  branch: z.string(),
  head: z.string(),
  base: z.string(),
  title: z.string(),
  body: z.string(),
  issueNumber: z.string(),
  labels: z.string(),
  message: z.string(),
  releaseName: z.string(),
  releaseBody: z.string(),
  draft: oneOf('draft', TRUE_FALSE),
  prerelease: oneOf('prerelease', TRUE_FALSE),
  operationId: z.string(),
  // command: dispatch and recover
  driver: oneOf('driver', ['', 'workflow', 'command']),
  workflow: z.string(),
  ref: z.string(),
  inputs: z.string(),
  run: z.string(),
  lookup: z.string(),
  fenced: oneOf('fenced', TRUE_FALSE),
  timeoutSeconds: matching(
    'timeout-seconds',
    /^[1-9][0-9]{0,4}$/,
    'a whole number of seconds from 1 to 99999'
  ),
  maxAttempts: matching('max-attempts', /^[1-9][0-9]?$/, 'a whole number from 1 to 99')
})
export type Inputs = z.infer<typeof InputsSchema>

/** `dispatch-key` → `dispatchKey`: the field of Inputs that carries an input. */
function fieldOf(input: string): string {
  return input.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
}

/**
 * Reads the inputs a command declares through getInput (core.getInput in the action), each
 * empty one replaced by its registry default, and validates them. Inputs the command does not
 * declare take their defaults (its step does not read them). Without a command, every input
 * is read. A default that is an expression (`${{ github.token }}`) is the runner's to
 * evaluate, so here it reads as empty.
 */
export function readInputs(getInput: (name: string) => string, command?: Command): Inputs {
  const raw: Record<string, string> = {}
  for (const [name, spec] of Object.entries(INPUTS) as Array<[InputName, InputSpec]>) {
    const fallback = spec.default.startsWith('${{') ? '' : spec.default
    const declared = command === undefined || Object.hasOwn(command.inputs, name)
    raw[fieldOf(name)] = (declared ? getInput(name) : '') || fallback
  }
  const parsed = InputsSchema.safeParse(raw)
  if (!parsed.success) {
    // Every schema above says its own sentence, naming the input and the value given.
    throw new InvalidInput(parsed.error.issues[0]?.message ?? 'An input is invalid.')
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
  repository_path: 'repository-path',
  archive_after: 'archive-after',
  retention_days: 'retention-days',
  reuse: 'reuse',
  on_success: 'on-success',
  observe: 'observe',
  prefix: 'prefix',
  operators: 'operators',
  operator_permission: 'operator-permission',
  operator_bots: 'operator-bots',
  reply: 'reply',
  kind: 'kind',
  tag: 'tag',
  target: 'target',
  operation_id: 'operation-id'
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
