import type * as z from 'zod/mini'
import { InvalidInput } from './errors.js'

/** Parses untrusted input with a schema; the error names the first bad field. */
export function parseOrThrow<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  what: string
): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.slice(0, 3).map(issue => {
    return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message
  })
  throw new InvalidInput(`${what} is invalid: ${issues.join('; ')}.`)
}

/** Parses a JSON text input; the error names the input. */
export function parseJsonInput(text: string, input: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new InvalidInput(
      `The ${input} input is not valid JSON (${(error as Error).message}). ` +
        `Pass a JSON value, for example ${input}: '{"model": "large"}'.`
    )
  }
}
