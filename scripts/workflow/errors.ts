import { parseArgs, type ParseArgsConfig } from 'node:util'

/** A workflow this runner cannot run as written: the message names the construct and why. */
export class WorkflowError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WorkflowError'
  }
}

/**
 * A command line a script cannot run: an unknown flag, a flag without its value, a missing
 * argument or file. The message says what is wrong; the script prints it with its usage.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/**
 * Node's parseArgs, with its errors said in the words of the script's usage: the flag that
 * is wrong and what it needs, instead of Node's stack and its hint about `--`.
 */
export function parseCommandLine<T extends ParseArgsConfig>(
  config: T,
  script: string
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config)
  } catch (error) {
    const { code, message } = error as { code?: string; message: string }
    const flag = /'(-[^' ]+)/.exec(message)?.[1] ?? /'([^']+)'/.exec(message)?.[1] ?? ''
    switch (code) {
      case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
        throw new UsageError(`${flag} is not an option of ${script}.`)
      case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
        throw new UsageError(`${flag} needs a value.`)
      case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
        throw new UsageError(`${flag} is not expected here; ${script} takes flags only.`)
      default:
        throw new UsageError(message)
    }
  }
}

/**
 * Ends a script for a usage error: its message and the usage as one paragraph on stderr, no
 * stack, exit code 2 (the convention for a command used wrongly). Anything else is rethrown,
 * so a real failure still shows where it happened.
 */
export function exitOnUsageError(error: unknown, usage: string): never {
  if (!(error instanceof UsageError)) throw error
  console.error(`${error.message}\n${usage}`)
  process.exit(2)
}
