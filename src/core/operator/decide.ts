/**
 * docs/design/operators.md (seed ADR 0024 on this ledger): what an operator's verb does to a recovered run.
 * Pure, next to planRecovery: which verb is legal in which state, the derived key each verb
 * writes under, and whether a verb is applied, a duplicate, a conflict or a noop.
 *
 * The key is derived from what the verb answers (the awaiting record, the failure, the
 * attempt), never from the comment, so two people answering the same ask converge on one
 * key: the same answer is a duplicate, another answer a conflict. The first outcome wins.
 */
import { canonicalJson } from '../canonical.js'
import type { RecoveryPlan } from '../planRecovery.js'
import type { Actor, LedgerRecord, RecordInput } from '../record.js'
import type { RecoveredRunState } from '../reconstruct.js'
import type { State } from '../states.js'
import { externalIdProblem, type OperatorCommand, type WritingVerb } from './grammar.js'

/** What a verb settles: the outcome a duplicate returns and a conflict names. */
export const SETTLED_OUTCOMES = [
  'approved',
  'rejected',
  'cancelled',
  'retry_allowed',
  'sent',
  'not_sent'
] as const
export type SettledOutcome = (typeof SETTLED_OUTCOMES)[number]

/** The evidence kind of the comment an operator record answers to. */
export const COMMENT_EVIDENCE = 'operator_comment'
/** failure.code of `resolve not-sent`: the operator's word that the provider has nothing. */
export const NOT_SENT_CODE = 'operator_resolved_not_sent'

export type WritingCommand = Extract<OperatorCommand, { verb: WritingVerb }>

export interface OperatorContext {
  /** The comment's author: `actor` of the record and `decision.by`. */
  readonly by: Actor
  /** The comment's URL and the digest of its body. */
  readonly evidence: { readonly kind: string; readonly digest: string; readonly uri: string }
}

/** The record an applied verb appends (the command fills in the chain fields). */
export interface OperatorAppend {
  readonly state: State
  readonly fields: RecordInput & { readonly input_key: string }
  readonly trigger: 'operator'
  readonly actor: Actor
}

export type OperatorDecision =
  | {
      readonly outcome: 'applied'
      readonly key: string
      readonly settled_outcome: SettledOutcome
      readonly reason: string
      readonly append: OperatorAppend
    }
  | {
      readonly outcome: 'duplicate' | 'conflict'
      readonly key: string | null
      /** The outcome already settled (a conflict's is not the one asked for). */
      readonly settled_outcome: string
      /** The record that settled it. */
      readonly sequence: number
      readonly reason: string
      /**
       * This very comment was executed before (its URL is in that record's evidence): a
       * redelivery or a re-run. It was answered then, so it gets no second reply (docs/design/operators.md).
       */
      readonly redelivered: boolean
    }
  | { readonly outcome: 'noop'; readonly key: string | null; readonly reason: string }

const requested = (command: WritingCommand): SettledOutcome => {
  switch (command.verb) {
    case 'approve':
      return 'approved'
    case 'deny':
      return 'rejected'
    case 'cancel':
      return 'cancelled'
    case 'retry':
      return 'retry_allowed'
    case 'resolve':
      return command.answer === 'sent' ? 'sent' : 'not_sent'
  }
}

/** The attempt a `resolve` answers: the unresolved ambiguous one, else the current one. */
export function resolveAttempt(state: RecoveredRunState): number | null {
  return state.attempts.find(a => a.unresolved_ambiguous)?.number ?? state.current_attempt
}

/**
 * A GitHub workflow run id as the workflow driver records it: a positive whole number, no
 * leading zero, at most 16 digits (what the cancel path accepts as a run id to cancel).
 */
const WORKFLOW_RUN_ID = /^[1-9][0-9]{0,15}$/

/**
 * What is wrong with the external ids of `resolve sent` for an attempt sent by `driver`;
 * null when they may be recorded. Every name and value follows the general rule; an attempt
 * of the workflow driver needs `workflow_run_id`, the run id GitHub shows in the run's URL,
 * because that value later names the run to cancel in an API path.
 */
export function resolveSentProblem(
  driver: string | null,
  external_ids: Readonly<Record<string, string>>
): string | null {
  for (const [name, value] of Object.entries(external_ids)) {
    const problem = externalIdProblem(name, value)
    if (problem !== null) return problem
  }
  if (driver === 'workflow') {
    const id = external_ids['workflow_run_id']
    if (id === undefined)
      return 'an attempt sent by the workflow driver needs workflow_run_id=<digits>, the id in the run’s URL (…/actions/runs/<id>)'
    if (!WORKFLOW_RUN_ID.test(id))
      return `workflow_run_id must be a positive whole number with no leading zero and at most 16 digits, the id in the run’s URL (…/actions/runs/<id>); got ${JSON.stringify(id)}`
  }
  return null
}

/** The failure a `retry` answers: the first attempt_failed record of the newest failed attempt. */
function failureRecord(records: readonly LedgerRecord[]): LedgerRecord | null {
  const newest = records.findLast(r => r.state === 'attempt_failed')
  const number = newest?.attempt?.number
  if (number === undefined) return null
  return records.find(r => r.state === 'attempt_failed' && r.attempt?.number === number) ?? null
}

/** docs/design/operators.md derived keys; null when the run holds nothing the verb could answer. */
export function derivedKey(
  verb: WritingVerb,
  records: readonly LedgerRecord[],
  state: RecoveredRunState
): string | null {
  const run = state.run_id
  switch (verb) {
    case 'approve':
    case 'deny': {
      const ask = records.findLast(r => r.state === 'awaiting_human_decision')
      return ask ? `decision:${run}:${ask.ledger_sequence}` : null
    }
    case 'cancel':
      return `cancel:${run}`
    case 'retry': {
      const failure = failureRecord(records)
      return failure ? `retry:${run}:${failure.ledger_sequence}` : null
    }
    case 'resolve': {
      const attempt = resolveAttempt(state)
      return attempt === null ? null : `resolve:${run}:${attempt}`
    }
  }
}

/** What a stored record settled, read as the answer to `verb` (its key's kind). */
export function settledBy(verb: WritingVerb, record: LedgerRecord): string {
  if (record.state === 'decided' && record.decision) return record.decision.outcome
  if (record.state === 'cancelled') return 'cancelled'
  if (verb === 'resolve' && record.state === 'dispatched') {
    return record.provider?.submission_state === 'submitted'
      ? 'sent'
      : (record.provider?.submission_state ?? 'dispatched')
  }
  if (record.state === 'attempt_failed') {
    if (verb === 'resolve') return 'not_sent'
    if (verb === 'retry' && record.failure?.retryable) return 'retry_allowed'
  }
  return record.state
}

function sameAnswer(command: WritingCommand, record: LedgerRecord): boolean {
  if (settledBy(command.verb, record) !== requested(command)) return false
  if (command.verb === 'resolve' && command.answer === 'sent')
    return (
      canonicalJson(record.provider?.external_ids ?? {}) === canonicalJson(command.external_ids)
    )
  return true
}

function verbOfKey(key: string | null): WritingVerb {
  const kind = key?.split(':', 1)[0]
  if (kind === 'decision') return 'approve'
  if (kind === 'cancel' || kind === 'retry' || kind === 'resolve') return kind
  return 'cancel'
}

function describeSettled(record: LedgerRecord, settled: string): string {
  const by = record.decision ? ` by ${record.decision.by}` : ''
  return `${settled}${by} at sequence ${record.ledger_sequence}`
}

/** The verbs that would be applied to a run in this state (status is always possible). */
export function applicableVerbs(state: RecoveredRunState, plan: RecoveryPlan): WritingVerb[] {
  if (state.terminal) return []
  const verbs: WritingVerb[] = []
  if (state.state === 'awaiting_human_decision') verbs.push('approve', 'deny')
  if (state.state === 'attempt_failed' && plan.action === 'await_operator') verbs.push('retry')
  if (plan.action === 'reconcile_provider' && state.state === 'dispatched') verbs.push('resolve')
  verbs.push('cancel')
  return verbs
}

function whyNot(command: WritingCommand, state: RecoveredRunState, plan: RecoveryPlan): string {
  const where = `Run ${state.run_id} is ${state.state} (next action: ${plan.action})`
  const open = applicableVerbs(state, plan).join(', ')
  const needs: Record<WritingVerb, string> = {
    approve: 'approve and deny answer only a run awaiting a human decision',
    deny: 'approve and deny answer only a run awaiting a human decision',
    cancel: 'cancel stops only a run that is not over',
    retry:
      state.state === 'attempt_failed'
        ? 'its failure is already retryable, so there is nothing to allow: the coordinator may start the next attempt'
        : 'retry answers only a non-retryable attempt_failed',
    resolve:
      'resolve answers only an attempt whose submission is unknown (next action reconcile_provider)'
  }
  return `${where}; ${needs[command.verb]}. Nothing was written. Verbs that apply now: ${open || 'none'}.`
}

/**
 * The one decision for `command` on the run `records` reconstruct to (`state`, `plan`).
 * Rules in order: this very comment already recorded → duplicate; the derived key already
 * recorded → duplicate or conflict by the answer; a run already over → the terminal outcome
 * wins (duplicate or conflict for approve, deny and cancel; noop otherwise); a verb that
 * does not apply in this state → noop; else applied, with the record to append.
 */
export function decideOperation(
  records: readonly LedgerRecord[],
  state: RecoveredRunState,
  plan: RecoveryPlan,
  command: WritingCommand,
  context: OperatorContext
): OperatorDecision {
  const key = derivedKey(command.verb, records, state)
  const settled =
    redelivery(records, context) ??
    refusedValues(command, state, key) ??
    keySettled(command, records, key) ??
    runOver(command, records, state, key)
  if (settled) return settled
  if (key === null || !applicableVerbs(state, plan).includes(command.verb))
    return { outcome: 'noop', key, reason: whyNot(command, state, plan) }
  const answer = requested(command)
  return {
    outcome: 'applied',
    key,
    settled_outcome: answer,
    reason: `Recorded ${answer} for run ${state.run_id} under ${key}.`,
    append: appendFor(command, records, state, key, context)
  }
}

/** A duplicate or a conflict with what `record` settled (not a redelivery). */
function settledAs(
  outcome: 'duplicate' | 'conflict',
  key: string | null,
  settled: string,
  record: LedgerRecord,
  reason: string
): OperatorDecision {
  return {
    outcome,
    key,
    settled_outcome: settled,
    sequence: record.ledger_sequence,
    reason,
    redelivered: false
  }
}

/** A redelivered comment (or a re-run of its workflow) converges whatever the run did since. */
function redelivery(
  records: readonly LedgerRecord[],
  context: OperatorContext
): OperatorDecision | null {
  const same = records.find(r =>
    r.evidence.some(e => e.kind === COMMENT_EVIDENCE && e.uri === context.evidence.uri)
  )
  if (!same) return null
  const settled = settledBy(verbOfKey(same.idempotency.input_key), same)
  return {
    outcome: 'duplicate',
    key: same.idempotency.input_key,
    settled_outcome: settled,
    sequence: same.ledger_sequence,
    reason: `This comment was already executed: ${describeSettled(same, settled)}. Nothing was written.`,
    redelivered: true
  }
}

/**
 * Values an operator typed are checked before the derived key is looked at: a refused value
 * is the operator's error to fix, whatever the run settled since.
 */
function refusedValues(
  command: WritingCommand,
  state: RecoveredRunState,
  key: string | null
): OperatorDecision | null {
  if (command.verb !== 'resolve' || command.answer !== 'sent') return null
  const number = resolveAttempt(state)
  const driver = state.attempts.find(a => a.number === number)?.driver ?? null
  const problem = resolveSentProblem(driver, command.external_ids)
  if (problem === null) return null
  return {
    outcome: 'noop',
    key,
    reason: `resolve sent for run ${state.run_id} is refused: ${problem}. Give the ids the provider shows, for example workflow_run_id=9555. Nothing was written.`
  }
}

/** The derived key already recorded: a duplicate for the same answer, else a conflict. */
function keySettled(
  command: WritingCommand,
  records: readonly LedgerRecord[],
  key: string | null
): OperatorDecision | null {
  const earlier = key === null ? undefined : records.find(r => r.idempotency.input_key === key)
  if (!earlier) return null
  const settled = settledBy(command.verb, earlier)
  const answer = requested(command)
  return sameAnswer(command, earlier)
    ? settledAs(
        'duplicate',
        key,
        settled,
        earlier,
        `${key} is already settled the same way: ${describeSettled(earlier, settled)}. Nothing was written.`
      )
    : settledAs(
        'conflict',
        key,
        settled,
        earlier,
        `${key} is already settled as ${describeSettled(earlier, settled)}; the first outcome wins, so ${answer} was not recorded. Nothing was written.`
      )
}

/**
 * A run already over: its terminal outcome wins, a duplicate or a conflict for approve, deny
 * and cancel; any other verb (or a blocked admission) has nothing to act on.
 */
function runOver(
  command: WritingCommand,
  records: readonly LedgerRecord[],
  state: RecoveredRunState,
  key: string | null
): OperatorDecision | null {
  if (!state.terminal) return null
  const head = records.at(-1) as LedgerRecord
  const settling =
    command.verb === 'approve' || command.verb === 'deny' || command.verb === 'cancel'
  if (!settling || state.state === 'admission_blocked')
    return {
      outcome: 'noop',
      key,
      reason: `Run ${state.run_id} is over (${state.state}); ${command.verb} has nothing to act on. Nothing was written.`
    }
  const settled = settledBy(command.verb, head)
  const answer = requested(command)
  const ended = `Run ${state.run_id} already ended ${describeSettled(head, settled)}`
  return settled === answer
    ? settledAs('duplicate', key, settled, head, `${ended}. Nothing was written.`)
    : settledAs(
        'conflict',
        key,
        settled,
        head,
        `${ended}; the first outcome wins, so ${answer} was not recorded. Nothing was written.`
      )
}

function appendFor(
  command: WritingCommand,
  records: readonly LedgerRecord[],
  state: RecoveredRunState,
  key: string,
  context: OperatorContext
): OperatorAppend {
  const common = {
    input_key: key,
    evidence: [{ ...context.evidence }],
    decision: {
      outcome: command.verb === 'deny' || command.verb === 'cancel' ? 'rejected' : 'approved',
      by: context.by.login
    } as const,
    note: command.note
  }
  const append = (state: State, fields: RecordInput = {}): OperatorAppend => ({
    state,
    fields: { ...common, ...fields, input_key: key },
    trigger: 'operator',
    actor: context.by
  })
  switch (command.verb) {
    case 'approve':
    case 'deny':
      return append('decided')
    case 'cancel':
      return append('cancelled')
    case 'retry': {
      const failure = failureRecord(records) as LedgerRecord
      return append('attempt_failed', {
        attempt: failure.attempt,
        // The original code and classification stay; only the operator's retryable changes.
        failure: { ...(failure.failure as NonNullable<LedgerRecord['failure']>), retryable: true }
      })
    }
    case 'resolve': {
      const number = resolveAttempt(state) as number
      const attempt = state.attempts.find(a => a.number === number)
      const recorded = { number, reason: attempt?.reason ?? 'initial' }
      if (command.answer === 'sent')
        return append('dispatched', {
          attempt: recorded,
          provider: {
            driver: attempt?.driver ?? 'operator',
            submission_state: 'submitted',
            external_ids: { ...command.external_ids }
          }
        })
      return append('attempt_failed', {
        attempt: recorded,
        failure: { code: NOT_SENT_CODE, classification: 'recovery_required', retryable: true }
      })
    }
  }
}
