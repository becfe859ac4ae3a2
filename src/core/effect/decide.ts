/**
 * SPEC §13, the decision table: from an operation's recorded state and what a send or a lookup
 * saw, the one next step and the state (if any) to record for it. Pure and total: every
 * combination has exactly one row, and the tests enumerate them all.
 *
 * Nothing here reads a clock: no row turns `unknown` (or `may_have_been_sent`) into
 * `terminal_no_commit` because time passed. Only a definite refusal of the only send, or an
 * operator's answer, ends an operation without its effect.
 */
import type { RecoveredOperation } from './operationChain.js'
import type { EffectKind, OperationState } from './operation.js'

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
  /** A draft whose create may have committed and cannot be found: blocked for an operator. */
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

/** What a lookup needs to know about the operation. */
export interface EffectContext {
  readonly kind: EffectKind
  /** A draft release: GitHub has no fence for it. */
  readonly draft: boolean
  /** Sends recorded so far for the operation (may_have_been_sent records). */
  readonly sends: number
  /** Sends made by this step. */
  readonly sendsThisStep: number
}

/** A step sends at most twice: once, and once more when a lookup proves it safe (as §10). */
export const MAX_SENDS_PER_STEP = 2

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
  conflict: d('conflict', null, 'another actor holds this tag or release: nothing is sent'),
  unknown: d(
    'refuse_unknown',
    null,
    'the outcome is unknown and only an operator can settle it (/ledger resolve-effect)'
  )
}

export type SendOutcome = 'created' | 'already_exists' | 'refused' | 'ambiguous'

/** After a send answered (or did not). */
export function afterSend(ctx: EffectContext, outcome: SendOutcome): EffectDecision {
  if (ctx.kind === 'tag') return TAG_AFTER_PUSH[outcome]
  if (outcome === 'created') return d('read_back', 'observed', 'GitHub answered 201: read it back')
  if (outcome === 'refused' && ctx.sends === 1)
    return d(
      'not_committed',
      'terminal_no_commit',
      'GitHub definitely refused the only send: nothing was created'
    )
  return d(
    'lookup',
    null,
    outcome === 'already_exists'
      ? 'GitHub refused a second release for this tag: look up whose it is'
      : 'the outcome of the send is not known: look it up'
  )
}

/** The tag and its journal record travel in one atomic push, so the push settles both. */
export const TAG_AFTER_PUSH: Readonly<Record<SendOutcome, EffectDecision>> = {
  created: d('committed', null, 'the atomic push created the tag and recorded it committed'),
  already_exists: d('lookup', null, 'the tag exists: fetch it and the journal to see whose it is'),
  // An atomic refusal wrote neither ref: the operation is still exactly `prepared`.
  refused: d(
    'stop',
    null,
    'the remote refused the push (a hook or ruleset): neither the tag nor the record was written'
  ),
  ambiguous: d('lookup', null, 'the push was not answered: fetch the tag and the journal')
}

export type LookupFound =
  /** Ours: our marker, our tag object, or our committed journal head. */
  | 'ours'
  /** Something else holds the tag or the release. */
  | 'other'
  /** Several releases carry our marker. */
  | 'several'
  /** A complete lookup found nothing. */
  | 'none'
  /** The lookup itself failed: nothing was learnt. */
  | 'unavailable'

export function afterLookup(ctx: EffectContext, found: LookupFound): EffectDecision {
  switch (found) {
    case 'ours':
      return d('committed', 'terminal_committed', 'the lookup found our effect')
    case 'other':
      return d('conflict', 'conflict', 'another actor holds this tag or release')
    case 'several':
      return d('conflict', 'conflict', 'several releases carry this operation’s marker')
    case 'unavailable':
      return d('stop', null, 'the lookup failed; the next effect step looks again')
    case 'none':
      return afterNothingFound(ctx)
  }
}

/**
 * The one row where the two effects differ. A tag push is create-only and carries its journal,
 * and GitHub refuses a second published release for a tag: sending again is fenced. A draft
 * has no fence — a create that answered late may still commit — so absence proves nothing.
 */
function afterNothingFound(ctx: EffectContext): EffectDecision {
  if (ctx.kind === 'release' && ctx.draft)
    return d(
      'unknown',
      'unknown',
      'no draft carries our marker, yet the create may still commit (drafts have no fence)'
    )
  if (ctx.sendsThisStep >= MAX_SENDS_PER_STEP)
    return d('stop', null, 'nothing found and this step already sent twice; a later step goes on')
  return d(
    'send',
    null,
    ctx.kind === 'tag'
      ? 'neither the tag nor the record is at the remote: the create-only push is safe again'
      : 'no published release for the tag: GitHub’s one-release-per-tag fence makes a re-send safe'
  )
}

export type ReadBackFound = 'match' | 'mismatch' | 'none' | 'unavailable'

export const AFTER_READ_BACK: Readonly<Record<ReadBackFound, EffectDecision>> = {
  match: d('committed', 'terminal_committed', 'the release carries our marker and fields'),
  mismatch: d('conflict', 'conflict', 'the release differs from the intent (edited or not ours)'),
  // Created (201) and now gone: something deleted it. Not provably terminal either way.
  none: d('unknown', 'unknown', 'the created release can no longer be found'),
  unavailable: d('stop', null, 'the release could not be read back; the next step tries again')
}

export type ResolveAnswer = 'committed' | 'not_committed'

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
    settled.answer === answer && (answer === 'not_committed' || op.result?.release_id === releaseId)
  return same
    ? { outcome: 'duplicate', reason: `already resolved ${settled.answer} by ${settled.by}` }
    : {
        outcome: 'conflict',
        reason: `already resolved ${settled.answer} by ${settled.by}; the first answer stands`
      }
}
