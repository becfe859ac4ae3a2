/**
 * The decision table of an effect (docs/design/effects.md#operations): from an operation's
 * recorded state and what a send or a lookup saw, the one next step and the state (if any) to
 * record for it. After a send and after a lookup it asks the one send protocol
 * (core/send/protocol.ts) and only says what its answer means for an operation. Pure.
 *
 * Nothing here reads a clock: no row turns `unknown` (or `may_have_been_sent`) into
 * `terminal_no_commit` because time passed. Only a definite refusal of the only send, or an
 * operator's answer, ends an operation without its effect.
 */
import type { LookupOutcome, SendOutcome } from '../send/outcome.js'
import {
  afterLookup as protocolAfterLookup,
  afterSend as protocolAfterSend,
  sendsLeft,
  type ProviderTraits
} from '../send/protocol.js'
import type { RecoveredOperation } from './operationChain.js'
import { KIND_NOUN, type EffectKind, type OperationState } from './operation.js'

export type NextStep =
  /** No chain yet: make the intent durable (`prepared`). */
  | 'prepare'
  /** Send (the first time, or again when the lookup proved it safe). */
  | 'send'
  /** The outcome of a send is not known: look up what the provider or the arbiter holds. */
  | 'lookup'
  /** A release was created (201): read it back and check it is ours. */
  | 'read_back'
  | 'committed'
  | 'not_committed'
  | 'conflict'
  /**
   * An unfenced create (a draft, a comment, an issue) that may have committed and cannot be
   * found: blocked for an operator.
   */
  | 'unknown'
  /** The same operation id was prepared for another intent: nothing is sent. */
  | 'refuse_intent'
  /** The operation is `unknown`: every effect for it fails until an operator resolves it. */
  | 'refuse_unknown'
  /** Not settled in this step (the lookup itself failed, or the step's sends are used up). */
  | 'stop'

export interface EffectDecision {
  readonly next: NextStep
  /** The state to append before going on, or null to append nothing. */
  readonly record: OperationState | null
  readonly reason: string
}

/** What the protocol needs to know about the operation and its provider. */
export interface EffectContext extends ProviderTraits {
  /** Sends recorded so far for the operation (may_have_been_sent records). */
  readonly sends: number
  /** Sends this step tried (a push its lease refused among them): the step's budget. */
  readonly sendsThisStep: number
}

const d = (next: NextStep, record: OperationState | null, reason: string): EffectDecision => ({
  next,
  record,
  reason
})

/** Before any I/O: what the recorded chain alone says. */
export function planEffect(op: RecoveredOperation | null, intentDigest: string): EffectDecision {
  if (op === null) return d('prepare', 'prepared', 'no operation yet: record the intent first')
  if (op.intent_digest !== intentDigest)
    return d(
      'refuse_intent',
      null,
      `the operation ${op.operation_id} is bound to intent ${op.intent_digest}; this step asks for ${intentDigest}`
    )
  return PLAN_BY_STATE[op.state]
}

export const PLAN_BY_STATE: Readonly<Record<OperationState, EffectDecision>> = {
  prepared: d('send', null, 'the intent is durable and nothing was sent: send'),
  may_have_been_sent: d(
    'lookup',
    null,
    'a send may have gone out and its outcome was not recorded: look it up before anything else'
  ),
  observed: d('read_back', null, 'the create was answered: read it back to check it is ours'),
  terminal_committed: d('committed', null, 'already committed: nothing is sent'),
  terminal_no_commit: d('not_committed', null, 'already ended without its effect: nothing is sent'),
  conflict: d('conflict', null, 'another actor holds what this operation makes: nothing is sent'),
  unknown: d(
    'refuse_unknown',
    null,
    'the outcome is unknown and only an operator can settle it (/ledger resolve-effect)'
  )
}

/**
 * Whether a `may_have_been_sent` that another step recorded may still be waiting for its
 * answer: recorded less than `boundMs` ago (the bound on a request) and not by this step. Such
 * a step is followed, not second-guessed: its answer will be recorded within the bound, and a
 * lookup now could miss a create still on its way (for a comment or an issue that makes the
 * operation unknown; for a pull request it sends again). Waiting only defers the lookup; it
 * never turns anything into "not sent".
 */
export function awaitsOtherSender(
  op: RecoveredOperation | null,
  context: { readonly nowMs: number; readonly boundMs: number; readonly ownSend: number | null }
): boolean {
  if (op?.state !== 'may_have_been_sent' || op.sends === context.ownSend) return false
  const age = context.nowMs - Date.parse(op.updated_at)
  return age < context.boundMs
}

/**
 * After a send answered (or did not), by the one protocol. A release's definite refusal ends
 * the operation only when it was the only send: an earlier one may have made the release.
 */
export function afterSend(ctx: EffectContext, outcome: SendOutcome): EffectDecision {
  switch (protocolAfterSend(outcome, ctx, ctx.sends === 1)) {
    case 'committed':
      return d('committed', null, 'the atomic push created the ref and recorded it committed')
    case 'record':
      return d('read_back', 'observed', 'GitHub answered 201: read it back')
    case 'fail':
      return d(
        'not_committed',
        'terminal_no_commit',
        'GitHub definitely refused the only send: nothing was created'
      )
    case 'stop':
      return d('stop', null, reasonOf(outcome))
    case 'lookup':
      return d('lookup', null, reasonOf(outcome))
  }
}

/** After a lookup, by the one protocol; the budget is the step's (an operation has no attempts). */
export function afterLookup(ctx: EffectContext, lookup: LookupOutcome): EffectDecision {
  const reason = lookup.reason ?? lookup.kind
  const left = sendsLeft(ctx.sendsThisStep)
  switch (protocolAfterLookup(lookup, { fenced: ctx.fenced, sendsLeft: left })) {
    case 'adopt':
      return d('committed', 'terminal_committed', `the lookup found our effect: ${reason}`)
    case 'conflict':
      return d('conflict', 'conflict', `another actor holds what this operation makes: ${reason}`)
    case 'fail_and_retry':
    case 'resend':
      return d('send', null, `nothing found, and the provider is fenced: send again (${reason})`)
    case 'fail_only':
      return d('stop', null, 'nothing found and this step already sent twice; a later step goes on')
    case 'unresolved':
      // An unfenced provider (a draft, a comment, an issue): absence proves nothing, only an
      // operator can settle it.
      return ctx.fenced
        ? d('stop', null, `not settled by this step; a later step looks again (${reason})`)
        : d('unknown', 'unknown', `${reason}, yet the create may still commit (it has no fence)`)
    case 'stop':
      return d('stop', null, `the lookup failed; the next effect step looks again (${reason})`)
  }
}

function reasonOf(outcome: SendOutcome): string {
  switch (outcome.kind) {
    case 'submitted':
      return 'accepted'
    case 'refused':
      return outcome.message
    case 'ambiguous':
    case 'preempted':
      return outcome.reason
  }
}

export type ReadBackFound = 'match' | 'mismatch' | 'none' | 'unavailable'

/** What a read-back found, in words, as the operation records it. */
export function readBackObservation(kind: EffectKind, id: number, found: ReadBackFound): string {
  return `read back ${KIND_NOUN[kind]} ${id}: ${READ_BACK_SAYS[found]}`
}

const READ_BACK_SAYS: Readonly<Record<ReadBackFound, string>> = {
  match: 'it carries our marker and every field asked for',
  mismatch: 'it differs from the intent (edited or not ours)',
  none: 'it can no longer be found',
  unavailable: 'it could not be read'
}

/** After a 201, what reading the created release, pull request, comment or issue back found. */
export function afterReadBack(kind: EffectKind, found: ReadBackFound): EffectDecision {
  const noun = KIND_NOUN[kind]
  switch (found) {
    case 'match':
      return d('committed', 'terminal_committed', 'what was created carries our marker and fields')
    case 'mismatch':
      return d('conflict', 'conflict', `the ${noun} differs from the intent (edited or not ours)`)
    case 'none':
      // Created (201) and now gone: something deleted it. Not provably terminal either way.
      return d('unknown', 'unknown', `the ${noun} created can no longer be found`)
    case 'unavailable':
      return d(
        'stop',
        null,
        `the ${noun} created could not be read back; the next step tries again`
      )
  }
}

export type ResolveAnswer = 'committed' | 'not_committed'

/**
 * The id an operator names a committed effect by: a release's or comment's id, else a number
 * (a tag or a branch is never unknown, so never answered).
 */
function answeredId(op: RecoveredOperation): string | null {
  const result = op.result
  switch (op.intent.kind) {
    case 'release':
      return result?.release_id ?? null
    case 'comment':
      return result?.id ?? null
    default:
      return result?.number != null ? String(result.number) : null
  }
}

/** What an operator names a committed effect of `kind` by in `resolve-effect … committed <id>`. */
export function answerIdName(kind: string | null): string {
  return ANSWER_ID[kind ?? ''] ?? '<id>'
}

const ANSWER_ID: Readonly<Record<string, string>> = {
  release: '<release id>',
  comment: '<comment id>',
  issue: '<issue number>',
  'pull-request': '<pull request number>'
}

export type ResolveDecision =
  | { readonly outcome: 'applied'; readonly record: OperationState }
  | { readonly outcome: 'duplicate' | 'conflict' | 'rejected'; readonly reason: string }

/**
 * `/ledger resolve-effect`: an operator's answer is accepted only for an `unknown` operation;
 * the same answer again is a duplicate, a different one a conflict (the first answer wins).
 */
export function decideResolve(
  op: RecoveredOperation,
  answer: ResolveAnswer,
  releaseId: string | null
): ResolveDecision {
  if (op.state === 'unknown')
    return {
      outcome: 'applied',
      record: answer === 'committed' ? 'terminal_committed' : 'terminal_no_commit'
    }
  const settled = op.resolution
  if (settled === null)
    return {
      outcome: 'rejected',
      reason: `the operation is ${op.state}, not unknown: there is nothing for an operator to settle`
    }
  const same =
    settled.answer === answer && (answer === 'not_committed' || answeredId(op) === releaseId)
  return same
    ? { outcome: 'duplicate', reason: `already resolved ${settled.answer} by ${settled.by}` }
    : {
        outcome: 'conflict',
        reason: `already resolved ${settled.answer} by ${settled.by}; the first answer stands`
      }
}
