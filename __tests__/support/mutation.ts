/**
 * `npm run mutate` runs every test that covers a mutant once per mutant, on two shared cores.
 * StrykerJS marks its worker processes with STRYKER_MUTATOR_WORKER; there, property tests use
 * fewer runs and pure speed checks are skipped. `npm test` always runs them in full.
 */
export const UNDER_MUTATION = process.env.STRYKER_MUTATOR_WORKER !== undefined

/** The runs a property test makes: `full` in `npm test`, at most 30 per mutant. */
export function propertyRuns(full: number): number {
  return UNDER_MUTATION ? Math.min(full, 30) : full
}
