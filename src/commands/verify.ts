/**
 * `dispatch-ledger verify`: every index entry, admission and chain of a namespace, live and
 * archived, verified as the commands verify them, plus what only a whole view sees. Read-only.
 */
import type { CommandDeps } from './deps.js'

export interface VerifyOptions {
  readonly namespace: string
}

/** One thing wrong, named where it is (a ref, or `<index ref>:<path>`), and what is wrong. */
export interface VerifyProblem {
  readonly where: string
  readonly problem: string
}

export interface VerifyReport {
  /** What was verified, by kind (admissions, runs, operations, index entries, …). */
  readonly counts: Readonly<Record<string, number>>
  /** Empty when the namespace is intact. */
  readonly problems: readonly VerifyProblem[]
}

/** Interface only: the verify helper builds the body. */
export async function verifyNamespace(
  _options: VerifyOptions,
  _deps: Pick<CommandDeps, 'store'>
): Promise<VerifyReport> {
  throw new Error('verify is not built yet')
}
