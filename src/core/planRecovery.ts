/**
 * docs/design/states.md#the-recovery-plan: the one next action that is safe for a recovered run. Pure: a function of the
 * RecoveredRunState alone. The plan grants nothing; `authority_required` names the gate
 * that must independently allow the step.
 */
import * as z from 'zod/mini'
import './schema.js'
import type { RecoveredAttempt, RecoveredRunState } from './reconstruct.js'
import { isTerminal } from './states.js'

export const RECOVERY_ACTIONS = [
  'none',
  'reconcile_provider',
  'observe_provider',
  'preview',
  'admit',
  'dispatch',
  'retry_attempt',
  'await_operator',
  'normalize',
  'request_verification',
  'observe_verification',
  'retry_verification',
  'request_human_decision',
  'await_human_decision'
] as const
export const RecoveryActionSchema = z.enum(RECOVERY_ACTIONS)
export type RecoveryAction = z.infer<typeof RecoveryActionSchema>

export const AUTHORITY_GATES = ['dispatch', 'verification', 'human_decision'] as const
export const AuthorityGateSchema = z.enum(AUTHORITY_GATES)
export type AuthorityGate = z.infer<typeof AuthorityGateSchema>

export const RecoveryPlanSchema = z.strictObject({
  action: RecoveryActionSchema,
  reason: z.string().check(z.minLength(1)),
  blind_resubmission_forbidden: z.boolean(),
  authority_required: z.nullable(AuthorityGateSchema)
})
export type RecoveryPlan = z.infer<typeof RecoveryPlanSchema>

function ids(attempt: RecoveredAttempt): string {
  const entries = Object.entries(attempt.external_ids)
  if (entries.length === 0) return ''
  return ` (${entries.map(([name, value]) => `${name} ${value}`).join(', ')})`
}

function failureText(state: RecoveredRunState): string {
  return state.last_failure ? ` with ${state.last_failure.code}` : ''
}

/**
 * How an operator goes on from a failure that is not retryable (docs/design/operators.md):
 * what to fix for the refusals whose cause is known, then the comment verbs, with this run's
 * id (`/ledger` is the operate step's default prefix).
 */
function wayOn(state: RecoveredRunState): string {
  const code = state.last_failure?.code
  const fix =
    code === 'http_403'
      ? 'grant `actions: write` to the workflow (`permissions: actions: write`, or a token that has it)'
      : code === 'http_404'
        ? 'fix the workflow input (a file in .github/workflows that the token can see)'
        : code === 'http_401'
          ? 'fix the token input'
          : code === 'http_422'
            ? 'fix the workflow, ref or inputs (every input declared, a workflow_dispatch trigger)'
            : 'fix what refused it'
  return (
    `${fix}, then comment \`/ledger retry ${state.run_id}\` to start a new attempt; ` +
    `or comment \`/ledger cancel ${state.run_id}\` to end the run.`
  )
}

const RECONCILE_TAIL =
  'look the work up at the provider by its dispatch key and adopt what it has, and submit ' +
  'only if the provider demonstrably has nothing; a provider that cannot be looked up by ' +
  'key must be reported ambiguous and left to an operator'

/**
 * docs/design/states.md#the-recovery-plan, rules in the table's order. Never converts an unknown outcome into "not sent".
 */
export function planRecovery(state: RecoveredRunState): RecoveryPlan {
  const current = state.attempts.find(a => a.number === state.current_attempt) ?? null
  const ambiguous = state.attempts.find(a => a.unresolved_ambiguous) ?? null
  // Work may be (or is) at the provider unless the newest attempt definitely failed; then
  // any submission that is not the outcome of a provider lookup would be a blind duplicate.
  const inFlight = ambiguous !== null || (current !== null && !current.failed)

  const plan: Plan = (
    action: RecoveryAction,
    reason: string,
    authority_required: AuthorityGate | null = null
  ): RecoveryPlan => ({
    action,
    reason,
    blind_resubmission_forbidden:
      action === 'reconcile_provider' || action === 'observe_provider' || inFlight,
    authority_required
  })

  return (
    terminalPlan(state, plan) ??
    providerPlan(state, current, ambiguous, plan) ??
    statePlan(state, current, plan)
  )
}

/** Makes a plan; `blind_resubmission_forbidden` follows from the action and the attempts. */
type Plan = (
  action: RecoveryAction,
  reason: string,
  authority_required?: AuthorityGate | null
) => RecoveryPlan

/** Rule 1: a terminal run (or one whose admission was blocked) has nothing left to do. */
function terminalPlan(state: RecoveredRunState, plan: Plan): RecoveryPlan | null {
  if (!(state.terminal || isTerminal(state.state))) return null
  switch (state.state) {
    case 'decided':
      return plan(
        'none',
        state.decision
          ? `The run is finished: ${state.decision.by} ${state.decision.outcome} it. Nothing is left to do.`
          : 'The run is finished: a human decision was recorded. Nothing is left to do.'
      )
    case 'admission_blocked':
      return plan(
        'none',
        'Admission was blocked for this run, so nothing was or will be dispatched for it; a new request needs a new dispatch key.'
      )
    default:
      return plan(
        'none',
        'The run was cancelled; nothing is left to do, and nothing may be dispatched for it again.'
      )
  }
}

/**
 * Rules 2-4: work that may be (or is) at the provider. An unresolved ambiguous submission, or a
 * dispatch with no recorded acceptance, is reconciled by lookup; an accepted one is observed.
 */
function providerPlan(
  state: RecoveredRunState,
  current: RecoveredAttempt | null,
  ambiguous: RecoveredAttempt | null,
  plan: Plan
): RecoveryPlan | null {
  if (ambiguous !== null) {
    return plan(
      'reconcile_provider',
      `The provider call of attempt ${ambiguous.number} ended with an unknown outcome, so the work may exist at the provider; ${RECONCILE_TAIL}. Record what the lookup found: dispatched with submitted and the external ids, or attempt_failed if the provider has nothing.`,
      'dispatch'
    )
  }

  if (state.state !== 'dispatched') return null
  const number = current?.number ?? state.current_attempt ?? '?'
  if (current?.submission_state === 'submitted') {
    return plan(
      'observe_provider',
      `The provider accepted attempt ${number}${ids(current)}; keep observing it by the recorded external ids (or its dispatch key) and never submit it again.`
    )
  }
  const why =
    current?.submission_state == null
      ? `Attempt ${number} was dispatched but no provider submission was recorded, so the provider call may have gone out before the coordinator stopped`
      : `The provider call of attempt ${number} may have gone out before the coordinator stopped (the ledger holds only the intent, ${current.submission_state})`
  return plan('reconcile_provider', `${why}; ${RECONCILE_TAIL}.`, 'dispatch')
}

/** The remaining rules, one per state: the next step of the protocol and the gate it needs. */
function statePlan(
  state: RecoveredRunState,
  current: RecoveredAttempt | null,
  plan: Plan
): RecoveryPlan {
  switch (state.state) {
    case 'proposed':
      return plan(
        'preview',
        'The run is proposed but not previewed; produce the preview and record it as previewed before anything is admitted.'
      )
    case 'previewed':
      return plan(
        'admit',
        'The run has been previewed; admit it (or record admission_blocked) before anything is dispatched.'
      )
    case 'admitted':
      return plan(
        'dispatch',
        'The run is admitted and nothing has been sent to the provider; if the dispatch gate allows it, record the intent (dispatched, not_submitted) first, then call the provider and record what it answered.',
        'dispatch'
      )
    case 'attempt_failed': {
      const number = current?.number ?? state.current_attempt ?? 0
      const retryable = current?.retryable ?? state.last_failure?.retryable ?? false
      if (retryable) {
        return plan(
          'retry_attempt',
          `Attempt ${number} definitely failed${failureText(state)} and the failure is retryable; if the dispatch gate allows it, start attempt ${number + 1}, recording the intent before calling the provider.`,
          'dispatch'
        )
      }
      return plan(
        'await_operator',
        `Attempt ${number} failed${failureText(state)} and the failure is not retryable; an operator must decide: ${wayOn(state)}`
      )
    }
    case 'candidate_observed':
      return plan(
        'normalize',
        'The provider produced a candidate; normalize it into the form verification expects and record normalized.'
      )
    case 'normalized':
      return plan(
        'request_verification',
        'The candidate is normalized; request verification if the verification gate allows it.',
        'verification'
      )
    case 'verification_requested':
      return plan(
        'observe_verification',
        'Verification was requested; wait for its result and record evidence_ready or verification_error. Do not request it again while it runs.'
      )
    case 'verification_error':
      return plan(
        'retry_verification',
        `Verification ended in an error${failureText(state)}; request it again if the verification gate allows it, or cancel the run.`,
        'verification'
      )
    case 'evidence_ready':
      return plan(
        'request_human_decision',
        'The evidence is ready; ask a human for a decision and record awaiting_human_decision.'
      )
    case 'awaiting_human_decision':
      return plan(
        'await_human_decision',
        'A human decision was requested; wait for it. Only a person the human_decision gate allows may record decided.',
        'human_decision'
      )
  }
  // Unreachable for a state reconstruct produced; fail safe rather than guess.
  return plan(
    'await_operator',
    `The run is in state ${String(state.state)}, which no recovery rule covers; an operator must inspect the ledger.`
  )
}
