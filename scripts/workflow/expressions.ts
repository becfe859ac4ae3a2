/**
 * Every `if:` and `${{ }}` of a workflow, evaluated by GitHub's own expression engine
 * (`@actions/expressions`). The engine knows the language and its built-in functions; what it
 * leaves to the runner — the contexts and the status functions — is defined here, as the
 * Actions runner defines them.
 */
import { Evaluator, Lexer, Parser, data } from '@actions/expressions'
import type { FunctionDefinition } from '@actions/expressions/funcs/info'
import { truthy } from '@actions/expressions/result'
import { WorkflowError } from './errors.ts'

/** The contexts this runner provides (matrix, strategy are outside its subset). */
export const CONTEXT_NAMES = [
  'github',
  'env',
  'steps',
  'needs',
  'inputs',
  'job',
  'runner',
  'secrets',
  'vars'
] as const
export type ContextName = (typeof CONTEXT_NAMES)[number]
export type Contexts = Partial<Record<ContextName, unknown>>

/**
 * What the status functions answer. For a step: the job's status so far. For a job: the
 * results of the jobs it needs (transitively), as GitHub documents for `jobs.<id>.if`.
 */
export interface Status {
  /** success(): nothing before has failed and the run is not cancelled */
  success: boolean
  /** failure(): something before has failed */
  failure: boolean
  /** cancelled(): the run was cancelled */
  cancelled: boolean
}

export const STATUS_FUNCTIONS = ['success', 'failure', 'cancelled', 'always'] as const

function statusFunctions(status: Status): Map<string, FunctionDefinition> {
  const fn = (name: string, value: () => boolean): [string, FunctionDefinition] => [
    name,
    { name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(value()) }
  ]
  // The engine looks functions up by lower-cased name (expressions are case-insensitive).
  return new Map([
    fn('success', () => status.success),
    fn('failure', () => status.failure),
    fn('cancelled', () => status.cancelled),
    fn('always', () => true)
  ])
}

/** Plain JSON to the engine's data (the same reviver the language services use). */
export function toData(value: unknown): data.ExpressionData {
  return JSON.parse(JSON.stringify(value ?? null), data.reviver) as data.ExpressionData
}

/**
 * Evaluates one expression (without `${{ }}`). `where` names the construct for errors,
 * e.g. `jobs.dispatch.steps[2].if`.
 */
export function evaluate(
  expression: string,
  contexts: Contexts,
  options: { where: string; status?: Status }
): data.ExpressionData {
  const status = options.status ?? { success: true, failure: false, cancelled: false }
  const functions = statusFunctions(status)
  try {
    const tokens = new Lexer(expression).lex().tokens
    const infos = [...functions.values()].map(({ name, minArgs, maxArgs }) => ({
      name,
      minArgs,
      maxArgs
    }))
    const tree = new Parser(tokens, [...CONTEXT_NAMES], infos).parse()
    const context = new data.Dictionary(
      ...CONTEXT_NAMES.map(key => ({ key, value: toData(contexts[key] ?? {}) }))
    )
    return new Evaluator(tree, context, functions).evaluate()
  } catch (error) {
    throw new WorkflowError(
      `${options.where}: cannot evaluate \${{ ${expression} }}: ${(error as Error).message}` +
        ` (this runner provides the contexts ${CONTEXT_NAMES.join(', ')} and the functions` +
        ` of @actions/expressions plus ${STATUS_FUNCTIONS.map(f => `${f}()`).join(', ')})`
    )
  }
}

/** An `if:` that the parser has already given its implicit `success() && (…)`. */
export function evaluateCondition(
  expression: string,
  contexts: Contexts,
  options: { where: string; status: Status }
): boolean {
  return truthy(evaluate(expression, contexts, options))
}

/** A value in a string position (`with:`, `env:`, outputs), as the runner converts it. */
export function evaluateToString(
  expression: string,
  contexts: Contexts,
  options: { where: string; status?: Status }
): string {
  const result = evaluate(expression, contexts, options)
  if (result.kind === data.Kind.Dictionary || result.kind === data.Kind.Array)
    throw new WorkflowError(
      `${options.where}: \${{ ${expression} }} is an object or array where a string is` +
        ' expected; wrap it in toJSON()'
    )
  return result.coerceString()
}
