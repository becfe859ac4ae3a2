/**
 * docs/design/operators.md `command: operate`: an operator's comment, authorized, decided by the core and
 * appended by compare-and-set under its derived key; cancel also stops the provider's run,
 * even when the record cannot be written. Takes plain values, returns a result.
 */
import { DispatchLedgerError, InvalidInput } from '../core/errors.js'
import { RUN_CHAIN } from '../core/reconstruct.js'
import { Journal } from '../store/journal.js'
import { timestampOf } from '../core/time.js'
import {
  judgePermission,
  parsePolicy,
  screenAuthor,
  type Authorization,
  type OperatorPolicy,
  type PolicyInputs
} from '../core/operator/authorize.js'
import { commentEvidence, readComment, type OperatorComment } from '../core/operator/comment.js'
import {
  applicableVerbs,
  decideOperation,
  type OperatorDecision,
  type WritingCommand
} from '../core/operator/decide.js'
import {
  checkPrefix,
  OPERATOR_VERBS,
  parseComment,
  type OperatorCommand
} from '../core/operator/grammar.js'
import type { RecoveryPlan } from '../core/planRecovery.js'
import type { LedgerRecord, Writer } from '../core/record.js'
import type { RecoveredRunState } from '../core/reconstruct.js'
import { apiErrorText, type OperatorApi, type Reaction } from '../github/operatorApi.js'
import type { Store, StoredEntry } from '../store/store.js'
import { cancelProvider } from './cancelProvider.js'
import type { Clock, CommandDeps } from './deps.js'
import { resolveEffect, type EffectAnswer } from './resolveEffect.js'
import { respond } from './respond.js'
import { viewChain } from './runView.js'
import { selectRun, type RunChoice } from './selectRun.js'
import { nextRunRecord } from '../core/nextRunRecord.js'

export { providerCancelled } from './cancelProvider.js'

export const OPERATE_OUTCOMES = [
  'applied',
  'duplicate',
  'conflict',
  'rejected',
  'unrecorded',
  'noop'
] as const
export type OperateOutcome = (typeof OPERATE_OUTCOMES)[number]

export interface OperateRequest {
  readonly eventName: string
  readonly payload: unknown
  readonly namespace: string
  readonly prefix: string
  /** The operators, operator-permission and operator-bots inputs (validated here). */
  readonly policy: PolicyInputs
  /** Post a reply comment (docs/design/operators.md `reply`). */
  readonly reply: boolean
  /** The workflow run appending (docs/design/writers.md); null outside Actions. */
  readonly writer: Writer | null
}

/**
 * What operate calls on the gateway. Without one (or without a token): no permission check,
 * reaction, reply or cancel, and a `resolve-effect … committed <release id>` is not checked
 * against the releases.
 */
export type OperateDeps = CommandDeps<'hasToken' | 'where' | 'operator' | 'releases' | 'writes'>

/** The request with what its steps call, resolved once. */
export interface Operation extends Omit<OperateRequest, 'policy'> {
  readonly policy: OperatorPolicy
  readonly store: Store
  readonly clock: Clock
  /** The GitHub API, or null without a token. */
  readonly api: OperatorApi | null
  /** The gateway when it has a token, else null: a `resolve-effect … committed <release id>` checks the release through it. */
  readonly github: OperateDeps['github']
}

export interface OperatedRun {
  readonly ledger_ref: string
  readonly chain: StoredEntry<LedgerRecord>[]
  readonly state: RecoveredRunState
  readonly plan: RecoveryPlan
}

export interface OperateResult {
  /** The verb as written ('' when the comment is not addressed to the action). */
  readonly verb: string
  readonly outcome: OperateOutcome
  readonly settled_outcome: string
  readonly reason: string
  /** The derived key the verb writes under, when it has one. */
  readonly input_key: string | null
  readonly comment: OperatorComment
  readonly run: OperatedRun | null
  /** What happened to the provider's workflow runs (cancel only). */
  readonly provider_cancelled: readonly string[]
  readonly warnings: readonly string[]
  readonly reaction: Reaction | null
  readonly replied: boolean
  /**
   * This comment was executed by an earlier delivery (its URL is in the ledger): it was
   * answered then, so no second reply is posted (docs/design/operators.md "one reply comment").
   */
  readonly redelivered: boolean
  /** Set when the step must fail after reporting (a cancel the provider refused). */
  readonly failure?: string
}

export type Settled = Omit<
  OperateResult,
  'comment' | 'reaction' | 'replied' | 'warnings' | 'redelivered'
> & {
  readonly warnings?: readonly string[]
  readonly redelivered?: boolean
}

export async function operate(input: OperateRequest, deps: OperateDeps): Promise<OperateResult> {
  const request = operation(input, deps)
  const comment = readComment(request.eventName, request.payload)
  const parsed = parseComment(comment.body, request.prefix)
  // Never echo an unknown word as the verb: outputs may end up in someone's run: script.
  const known = (word: string) => (OPERATOR_VERBS as readonly string[]).includes(word)
  const verb =
    parsed.kind === 'command'
      ? parsed.command.verb
      : parsed.kind === 'malformed' && known(parsed.verb)
        ? parsed.verb
        : ''
  const quiet = (reason: string): OperateResult => ({
    verb,
    outcome: 'noop',
    settled_outcome: '',
    reason,
    input_key: null,
    comment,
    run: null,
    provider_cancelled: [],
    warnings: [],
    reaction: null,
    replied: false,
    redelivered: false
  })
  // Only a comment as first posted is executed: an edit would let anyone who can edit a
  // comment replay or change a decision after the fact (docs/design/operators.md).
  if (comment.action !== 'created')
    return quiet(
      parsed.kind === 'not_addressed'
        ? `The comment was ${comment.action}; it is not addressed to ${request.prefix}. Nothing to do.`
        : `The comment was ${comment.action}, not created: ${comment.action === 'edited' ? 'an edited comment is never executed' : 'only a new comment is executed'}. Nothing was written; post a new comment to operate.`
    )
  if (parsed.kind === 'not_addressed')
    return quiet(`The comment does not start with ${request.prefix}. Nothing to do.`)

  let result: Settled
  try {
    result = await decideAndAct(request, comment, parsed, verb)
  } catch (error) {
    // The step fails with the error; the comment at least shows that it did not go through.
    await request.api?.react(comment.id, 'confused').catch(() => undefined)
    throw error
  }
  return respond(request, comment, result)
}

/** The request checked, and the GitHub API when there is a token (its repository checked first). */
function operation(input: OperateRequest, deps: OperateDeps): Operation {
  const badPrefix = checkPrefix(input.prefix)
  if (badPrefix) throw new InvalidInput(`The prefix input is invalid: ${badPrefix}.`)
  const policy = parsePolicy(input.policy)
  const github = deps.github?.hasToken ? deps.github : null
  // With a token every verb checks permissions in the repository: name a bad one first.
  github?.where()
  const { store, clock } = deps
  return { ...input, policy, store, clock, api: github?.operator() ?? null, github }
}

async function decideAndAct(
  request: Operation,
  comment: OperatorComment,
  parsed: Exclude<ReturnType<typeof parseComment>, { kind: 'not_addressed' }>,
  verb: string
): Promise<Settled> {
  const base = { verb, settled_outcome: '', input_key: null, run: null, provider_cancelled: [] }
  const authorization = await authorize(request, comment)
  if (authorization.verdict === 'rejected')
    return {
      ...base,
      outcome: 'rejected',
      reason: `${authorization.reason}. Nothing was written.`
    }
  if (parsed.kind === 'malformed')
    return { ...base, outcome: 'noop', reason: `Not understood: ${parsed.reason}.` }
  const command = parsed.command
  if (command.verb === 'resolve-effect') return settleEffect(request, comment, command, base)

  let found
  try {
    // Named by run id: any workflow run may act on it deliberately (docs/design/writers.md).
    found = await selectRun(request.store, select(request, command.run_id))
  } catch (error) {
    // A mistyped run id is the operator's error, answered on the comment; a broken store fails.
    if (error instanceof InvalidInput)
      return { ...base, outcome: 'noop', reason: `${error.message} Nothing was written.` }
    throw error
  }
  if (command.verb === 'status') {
    const run = { ledger_ref: found.ledger_ref, chain: found.chain, ...found.view }
    const verbs = applicableVerbs(run.state, run.plan)
    return {
      ...base,
      outcome: 'noop',
      run,
      reason: `${run.plan.reason} Verbs that apply now: ${verbs.length ? verbs.join(', ') : 'none'}.`
    }
  }
  return write(request, comment, command, found.ledger_ref, found.chain)
}

async function authorize(request: Operation, comment: OperatorComment): Promise<Authorization> {
  const screening = screenAuthor(comment.author, request.policy)
  if (screening.verdict !== 'check_permission') return screening
  if (request.api === null) return judgePermission(comment.author, null, request.policy)
  try {
    const answer = await request.api.permission(comment.author.login)
    return judgePermission(
      comment.author,
      answer ?? { permission: 'none', role_name: null },
      request.policy
    )
  } catch (error) {
    // Fail closed: a permission we could not confirm is no permission.
    return {
      verdict: 'rejected',
      reason: `the permission of ${comment.author.login} could not be confirmed (${apiErrorText(error)})`
    }
  }
}

function viewOf(ledger_ref: string, chain: StoredEntry<LedgerRecord>[]): OperatedRun {
  return { ledger_ref, chain, ...viewChain(chain) }
}

function select(request: Operation, run_id: string): RunChoice {
  return { namespace: request.namespace, run_id, writer: request.writer }
}

async function write(
  request: Operation,
  comment: OperatorComment,
  command: WritingCommand,
  ledger_ref: string,
  initial: StoredEntry<LedgerRecord>[]
): Promise<Settled> {
  const context = {
    by: { login: comment.author.login, id: comment.author.id },
    evidence: commentEvidence(comment)
  }
  const journal = new Journal({ store: request.store, ref: ledger_ref, chain: RUN_CHAIN }, initial)
  let run = viewOf(ledger_ref, initial)
  let decision: OperatorDecision | null = null
  try {
    // Someone else wrote first: the journal re-reads, and the verb is decided again on what won.
    const decided = await journal.decideAndAppend<OperatorDecision>(ledger => {
      run = viewOf(ledger_ref, ledger.entries)
      const records = ledger.entries.map(entry => entry.value)
      decision = decideOperation(records, run.state, run.plan, command, context)
      const made = decision
      if (made.outcome !== 'applied') return { done: made }
      const next = nextRunRecord(ledger.entries, run.state, {
        ...made.append,
        occurred_at: timestampOf(request.clock.now()),
        writer: request.writer
      })
      if ('duplicate' in next) return { done: made }
      return { append: next.record, after: () => made }
    })
    return finish(request, command, decided, viewOf(ledger_ref, journal.entries))
  } catch (error) {
    if (command.verb !== 'cancel' || decision === null) throw error
    return unrecordedCancel(request, run, (decision as OperatorDecision).key, error)
  }
}

/** A stop is honoured even when it cannot be recorded (docs/design/operators.md#verbs). */
async function unrecordedCancel(
  request: Operation,
  run: OperatedRun,
  key: string | null,
  error: unknown
): Promise<Settled> {
  const cancelled = await cancelProvider(request, run.state)
  const why = error instanceof DispatchLedgerError ? error.message : String(error)
  return {
    verb: 'cancel',
    outcome: 'unrecorded',
    settled_outcome: '',
    reason: `The cancel could not be recorded (${why}). ${cancelled.summary}`,
    input_key: key,
    run,
    provider_cancelled: cancelled.done,
    warnings: [
      `cancel of run ${run.state.run_id} is NOT recorded in the ledger: ${why}`,
      ...cancelled.warnings
    ],
    failure: cancelled.failure
  }
}

async function finish(
  request: Operation,
  command: WritingCommand,
  decision: OperatorDecision,
  run: OperatedRun
): Promise<Settled> {
  const base: Settled = {
    verb: command.verb,
    outcome: decision.outcome,
    settled_outcome: decision.outcome === 'noop' ? '' : decision.settled_outcome,
    reason: decision.reason,
    input_key: decision.key,
    run,
    provider_cancelled: [],
    redelivered:
      (decision.outcome === 'duplicate' || decision.outcome === 'conflict') && decision.redelivered
  }
  // Cancel stops the provider's work whenever the run is (now) cancelled by this answer; a
  // duplicate cancels again, so a stop whose provider call failed the first time is retried.
  const stops =
    command.verb === 'cancel' &&
    (decision.outcome === 'applied' ||
      (decision.outcome === 'duplicate' && decision.settled_outcome === 'cancelled'))
  if (!stops) return base
  const cancelled = await cancelProvider(request, run.state)
  return {
    ...base,
    reason: `${decision.reason} ${cancelled.summary}`,
    provider_cancelled: cancelled.done,
    warnings: cancelled.warnings,
    failure: cancelled.failure
  }
}

/** Outcomes of resolveEffect as operate reports them; its `rejected` is a refusal, not authz. */
const EFFECT_OUTCOME = {
  applied: 'applied',
  duplicate: 'duplicate',
  conflict: 'conflict',
  rejected: 'noop'
} as const satisfies Record<string, OperateOutcome>

/** `/ledger resolve-effect`: the operator's answer for an operation held `unknown` (docs/design/effects.md). */
async function settleEffect(
  request: Operation,
  comment: OperatorComment,
  command: Extract<OperatorCommand, { verb: 'resolve-effect' }>,
  base: Pick<Settled, 'verb' | 'settled_outcome' | 'input_key' | 'run' | 'provider_cancelled'>
): Promise<Settled> {
  const answer: EffectAnswer =
    command.answer === 'committed' && command.release_id
      ? { kind: 'committed', release_id: command.release_id }
      : { kind: 'not_committed' }
  try {
    const settled = await resolveEffect(
      {
        namespace: request.namespace,
        operation_id: command.operation_id,
        answer,
        by: comment.author.login,
        writer: request.writer
      },
      { store: request.store, clock: request.clock, github: request.github }
    )
    return {
      ...base,
      outcome: EFFECT_OUTCOME[settled.outcome],
      settled_outcome: settled.state ?? '',
      reason: settled.reason
    }
  } catch (error) {
    if (error instanceof InvalidInput)
      return { ...base, outcome: 'noop', reason: `${error.message} Nothing was written.` }
    throw error
  }
}
