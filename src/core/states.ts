import * as z from 'zod/mini'
import './schema.js'

export const STATES = [
  'proposed',
  'previewed',
  'admission_blocked',
  'admitted',
  'dispatched',
  'attempt_failed',
  'candidate_observed',
  'normalized',
  'verification_requested',
  'verification_error',
  'evidence_ready',
  'awaiting_human_decision',
  'decided',
  'cancelled'
] as const

export const StateSchema = z.enum(STATES)
export type State = z.infer<typeof StateSchema>

export const TERMINAL_STATES: ReadonlySet<State> = new Set<State>([
  'decided',
  'cancelled',
  'admission_blocked'
])

export function isTerminal(state: State): boolean {
  return TERMINAL_STATES.has(state)
}

/** docs/design/states.md. `cancelled` is added to every non-terminal state by `isLegalTransition`. */
export const SUCCESSORS: Readonly<Record<State, readonly State[]>> = {
  proposed: ['previewed', 'admission_blocked'],
  previewed: ['admitted', 'admission_blocked'],
  admission_blocked: [],
  // admitted → decided: a receiver's own run ended by its observed conclusion (policy only).
  admitted: ['dispatched', 'decided'],
  dispatched: ['dispatched', 'attempt_failed', 'candidate_observed'],
  // attempt_failed: an operator's retry or resolve of the same attempt (docs/design/operators.md).
  attempt_failed: ['dispatched', 'attempt_failed'],
  // candidate_observed → decided: a successful receiver approved by on-success (policy only).
  candidate_observed: ['normalized', 'decided'],
  normalized: ['verification_requested'],
  verification_requested: ['evidence_ready', 'verification_error'],
  verification_error: ['verification_requested'],
  evidence_ready: ['awaiting_human_decision'],
  awaiting_human_decision: ['decided'],
  decided: [],
  cancelled: []
}

/**
 * Transitions only a policy may take (docs/design/lifecycle.md): their `decided` record must carry
 * a decision whose `by` starts with POLICY_PREFIX. A person's or a coordinator's decision goes
 * the long way (verification, then a human decision).
 */
export const POLICY_ONLY: ReadonlyArray<readonly [State, State]> = [
  ['admitted', 'decided'],
  ['candidate_observed', 'decided']
]

export const POLICY_PREFIX = 'policy:'

export function isPolicyOnly(from: State, to: State): boolean {
  return POLICY_ONLY.some(([a, b]) => a === from && b === to)
}

export function isLegalTransition(from: State, to: State): boolean {
  if (isTerminal(from)) return false
  return to === 'cancelled' || SUCCESSORS[from].includes(to)
}

/** States a ledger may start in (docs/design/storage.md#admission: `admitted`, or `proposed` for preview-first flows). */
export const INITIAL_STATES = ['admitted', 'proposed'] as const
export const InitialStateSchema = z.enum(INITIAL_STATES)
