/**
 * docs/design/generations.md generations: after a key's run has ended, an event that happened later is a new
 * request and opens generation N+1; anything else is a duplicate of the newest generation.
 * Pure decisions: how generation refs are named and verified, which generation an arrival
 * belongs to, and which run id a generation gets.
 */
import type { Admission } from './admission.js'
import { CorruptEntry } from './errors.js'
import { isTerminal, type State } from './states.js'

export const REUSE_POLICIES = ['after-terminal', 'after-cancelled', 'never'] as const
export type Reuse = (typeof REUSE_POLICIES)[number]

/** Generation 1 is the plain admission ref; generation N ≥ 2 is its sibling `<ref>.g<N>`. */
export function generationRef(admissionRef: string, generation: number): string {
  if (!Number.isSafeInteger(generation) || generation < 1)
    throw new RangeError(`generation must be an integer ≥ 1, not ${generation}`)
  return generation === 1 ? admissionRef : `${admissionRef}.g${generation}`
}

/** The generation a listed ref names, or null when it is not one of ours. */
export function generationOf(admissionRef: string, ref: string): number | null {
  if (ref === admissionRef) return 1
  if (!ref.startsWith(`${admissionRef}.g`)) return null
  const digits = ref.slice(admissionRef.length + 2)
  // Written only as a decimal without leading zeros, so one generation has one name.
  if (!/^[1-9][0-9]{0,8}$/.test(digits)) return null
  const generation = Number(digits)
  return generation >= 2 ? generation : null
}

/**
 * Orders one listing of the admission ref's prefix into generations 1..N (index + 1). A name
 * we never write, or a gap (`.g2` missing while `.g3` exists), fails closed naming the ref:
 * a gap means history was removed, and a generation cannot be trusted without its predecessor.
 */
export function orderGenerations(admissionRef: string, refs: readonly string[]): string[] {
  const byGeneration = new Map<number, string>()
  for (const ref of refs) {
    const generation = generationOf(admissionRef, ref)
    if (generation === null)
      throw new CorruptEntry(ref, `it is not a generation of ${admissionRef} (expected .g<N>)`)
    byGeneration.set(generation, ref)
  }
  const ordered: string[] = []
  for (const generation of [...byGeneration.keys()].sort((a, b) => a - b)) {
    const expected = ordered.length + 1
    if (generation !== expected)
      throw new CorruptEntry(
        byGeneration.get(generation) as string,
        `generation ${generation} exists but generation ${expected} ` +
          `(${generationRef(admissionRef, expected)}) is missing`
      )
    ordered.push(byGeneration.get(generation) as string)
  }
  return ordered
}

/**
 * Checks each generation's admission against its place: its generation number, the run before
 * it, and a run id no earlier generation used (two generations never share a ledger).
 */
export function verifyGenerations(
  entries: ReadonlyArray<{ readonly ref: string; readonly admission: Admission }>
): void {
  const seen = new Set<string>()
  entries.forEach(({ ref, admission }, index) => {
    const generation = index + 1
    if (admission.generation !== generation)
      throw new CorruptEntry(
        ref,
        `it says generation ${admission.generation} but is stored as generation ${generation}`
      )
    const previous = index === 0 ? null : (entries[index - 1]?.admission.run_id ?? null)
    if (admission.previous_run_id !== previous)
      throw new CorruptEntry(
        ref,
        `its previous_run_id is ${JSON.stringify(admission.previous_run_id)}, but the run ` +
          `before it is ${JSON.stringify(previous)}`
      )
    if (seen.has(admission.run_id))
      throw new CorruptEntry(ref, `its run ${admission.run_id} belongs to an earlier generation`)
    seen.add(admission.run_id)
  })
}

/** What the newest generation's ledger says, as far as the decision needs it. */
export interface NewestGeneration {
  readonly generation: number
  /** The ledger's current state; null when the ledger is missing (never terminal). */
  readonly state: State | null
  /** The occurred_at of the newest record (the terminal one, when the state is terminal). */
  readonly last_occurred_at: string | null
}

export type DuplicateReason =
  'not_terminal' | 'reuse_never' | 'not_cancelled' | 'no_occurrence_time' | 'not_after_end'

export type GenerationDecision =
  | { readonly kind: 'duplicate'; readonly generation: number; readonly reason: DuplicateReason }
  | { readonly kind: 'create'; readonly generation: number }

/**
 * The rule of docs/design/generations.md: an event that happened strictly after the newest generation's terminal
 * record is a new request (when reuse allows it); one that happened before, at the same second,
 * or at no known time is a duplicate of that generation. Record times are whole seconds cut
 * down, so "strictly later" never counts an event from the run's last second as new.
 */
export function decideGeneration(input: {
  readonly newest: NewestGeneration
  readonly reuse: Reuse
  readonly occurred_at: string | null
}): GenerationDecision {
  const { newest, reuse, occurred_at } = input
  const duplicate = (reason: DuplicateReason): GenerationDecision => ({
    kind: 'duplicate',
    generation: newest.generation,
    reason
  })
  if (newest.state === null || !isTerminal(newest.state) || newest.last_occurred_at === null)
    return duplicate('not_terminal')
  if (reuse === 'never') return duplicate('reuse_never')
  if (reuse === 'after-cancelled' && newest.state !== 'cancelled') return duplicate('not_cancelled')
  if (occurred_at === null) return duplicate('no_occurrence_time')
  if (!(Date.parse(occurred_at) > Date.parse(newest.last_occurred_at)))
    return duplicate('not_after_end')
  return { kind: 'create', generation: newest.generation + 1 }
}

/**
 * The part of the rule that needs no ledger: with reuse never, without an occurrence time, or
 * for an event no later than the newest generation's admission (hence no later than its end),
 * the arrival is a duplicate whatever the ledger says, so the ledger is not read (on a remote,
 * not fetched). null: the newest generation's ledger decides (decideGeneration).
 */
export function decideWithoutLedger(input: {
  readonly generation: number
  readonly admitted_at: string
  readonly reuse: Reuse
  readonly occurred_at: string | null
}): GenerationDecision | null {
  const duplicate = (reason: DuplicateReason): GenerationDecision => ({
    kind: 'duplicate',
    generation: input.generation,
    reason
  })
  if (input.reuse === 'never') return duplicate('reuse_never')
  if (input.occurred_at === null) return duplicate('no_occurrence_time')
  if (!(Date.parse(input.occurred_at) > Date.parse(input.admitted_at)))
    return duplicate('not_after_end')
  return null
}

/**
 * How a generation's run id follows from the step's run id. `suffixed` (the default run id,
 * `gh-<GITHUB_RUN_ID>-<12 hex>`): generation 1 keeps it and generation N ≥ 2 appends `-g<N>`,
 * so each generation has its own ledger even when one workflow run admits two of them, and a
 * re-run of the workflow run that admitted generation k computes generation k's id again.
 * `as_given` (an explicit run-id input): the same id for every generation, so a run id already
 * used by a generation replays that generation rather than opening another.
 */
export type GenerationRunIds = 'suffixed' | 'as_given'

export function runIdForGeneration(
  runId: string,
  generation: number,
  scheme: GenerationRunIds
): string {
  return scheme === 'as_given' || generation === 1 ? runId : `${runId}-g${generation}`
}
