/**
 * docs/design/effects.md, docs/design/operators.md `/ledger resolve-effect <operation id> committed <id> | not-committed`:
 * an operator's accountable answer for an operation held `unknown`. The id is what names the
 * effect to a person: a release's id, a comment's id, an issue's or pull request's number. Plain values in, a result
 * out; the `operate` command (issue 12) parses the comment, authorizes its author and replies.
 * The first answer wins: the same answer again is a duplicate, another one a conflict.
 */
import { decideResolve, type ResolveAnswer } from '../core/effect/decide.js'
import { OperationIdSchema, type OperationState, type Writer } from '../core/effect/operation.js'
import { InvalidInput } from '../core/errors.js'
import { parseOrThrow } from '../core/validate.js'
import type { ReleaseApi, WriteView, WritesApi } from '../core/send/ports.js'
import type { EffectResult, Intent as RecoveredOperationIntent } from '../core/effect/operation.js'
import { CLOCK_SKEW_MS, writeIds } from '../providers/write.js'
import type { CommandDeps } from './deps.js'
import { following, operationJournal, type Chain } from './operationJournal.js'

export type EffectAnswer =
  /** `release_id`: the id the operator named (a release's or comment's id, an issue's number). */
  { readonly kind: 'committed'; readonly release_id: string } | { readonly kind: 'not_committed' }

export interface ResolveEffectRequest {
  readonly namespace: string
  readonly operation_id: string
  readonly answer: EffectAnswer
  /** The operator's login (decision.by in a run's ledger; `resolution.by` here). */
  readonly by: string
  readonly writer: Writer | null
}

/** With a gateway that has a token, a `committed` answer must name an effect that exists. */
export type ResolveEffectDeps = CommandDeps<'hasToken' | 'releases' | 'writes'>

export interface ResolveEffectOutcome {
  /** applied (written), duplicate (the same answer stands), conflict, rejected: nothing written. */
  readonly outcome: 'applied' | 'duplicate' | 'conflict' | 'rejected'
  readonly reason: string
  readonly operation_id: string
  readonly operation_ref: string
  readonly state: OperationState | null
  readonly chain: Chain
}

/**
 * The arguments after the operation id, as a comment gives them:
 * `committed <release id>` or `not-committed`. Anything else is an error naming the grammar.
 */
export function parseEffectAnswer(args: readonly string[]): EffectAnswer {
  const [word, id, ...rest] = args
  if (word === 'committed' && id !== undefined && /^[0-9]{1,20}$/.test(id) && rest.length === 0)
    return { kind: 'committed', release_id: id }
  if (word === 'not-committed' && id === undefined) return { kind: 'not_committed' }
  throw new InvalidInput(
    'resolve-effect takes `committed <release id>` (the numeric id of the release that is ours; ' +
      'for a comment its id, for an issue or pull request its number) or `not-committed`, for ' +
      'example `/ledger resolve-effect <operation id> committed 123456`.'
  )
}

export async function resolveEffect(
  request: ResolveEffectRequest,
  deps: ResolveEffectDeps
): Promise<ResolveEffectOutcome> {
  parseOrThrow(OperationIdSchema, request.operation_id, 'The operation id')
  const journal = operationJournal(deps.store, request.namespace, request.operation_id)
  const by = { writer: request.writer, clock: deps.clock }
  const api = deps.github?.hasToken ? deps.github : null
  const done = (
    outcome: ResolveEffectOutcome['outcome'],
    reason: string
  ): ResolveEffectOutcome => ({
    outcome,
    reason,
    operation_id: request.operation_id,
    operation_ref: journal.ref,
    state: journal.state?.state ?? null,
    chain: journal.entries
  })
  const answer: ResolveAnswer = request.answer.kind
  const releaseId = request.answer.kind === 'committed' ? request.answer.release_id : null
  await journal.reload()
  // Another writer moved the head: decide again on what it wrote (the one lost-race policy).
  return journal.decideAndAppend<ResolveEffectOutcome>(
    async () => {
      const op = journal.state
      if (!op) return { done: done('rejected', `there is no operation ${request.operation_id}`) }
      const decision = decideResolve(op, answer, releaseId)
      if (decision.outcome !== 'applied') return { done: done(decision.outcome, decision.reason) }
      const result = await answeredResult(op.intent, op.prepared_at, releaseId, api)
      if (typeof result === 'string') return { done: done('rejected', result) }
      const record = following(journal, by, {
        state: decision.record,
        result,
        observation: `resolved by ${request.by}`,
        resolution: { answer, by: request.by }
      })
      return { append: record, after: () => done('applied', `${request.by} answered ${answer}`) }
    },
    () => done('conflict', 'another writer kept changing the operation; nothing was written')
  )
}

/**
 * What a `committed` answer records (null for `not-committed`), checked against GitHub when the
 * API is at hand: the release, comment, issue or pull request must exist. Its marker is not
 * required: an operator may adopt one made by hand. A string is why the answer is refused.
 */
async function answeredResult(
  intent: RecoveredOperationIntent,
  preparedAt: string,
  answered: string | null,
  api: Pick<NonNullable<ResolveEffectDeps['github']>, 'releases' | 'writes'> | null
): Promise<EffectResult | string | null> {
  if (answered === null) return null
  const none = { tag_object: null, release_id: null, release_url: null }
  if (intent.kind === 'release' || intent.kind === 'tag') {
    const release = await releaseUrl(api?.releases(), answered)
    if (typeof release !== 'object') return release
    return { ...none, release_id: answered, release_url: release.url }
  }
  if (intent.kind === 'branch') return `a branch is never unknown; there is nothing to answer`
  if (!api) {
    // Without the API the operator's word is recorded as given: a comment by id, else a number.
    return intent.kind === 'comment'
      ? { ...none, id: answered, number: null, url: null }
      : { ...none, id: null, number: Number(answered), url: null }
  }
  const found = await findWrite(api.writes(), intent, preparedAt, Number(answered))
  if (typeof found === 'string') return found
  const ids = writeIds(found)
  return { ...none, id: ids['id'] ?? null, number: found.number, url: found.html_url }
}

/** The comment (by id), issue or pull request (by number) the operator named, or why not. */
async function findWrite(
  writes: WritesApi,
  intent: RecoveredOperationIntent,
  preparedAt: string,
  answered: number
): Promise<WriteView | string> {
  const since = new Date(Date.parse(preparedAt) - CLOCK_SKEW_MS).toISOString()
  const listed =
    intent.kind === 'comment'
      ? await writes.listComments(intent.issue_number, since)
      : intent.kind === 'issue'
        ? await writes.listIssues(since)
        : intent.kind === 'pull-request'
          ? await writes.listPulls(intent.head, intent.base)
          : null
  if (listed === null) return `a ${intent.kind} has no answer of this kind`
  if (!listed.ok) return `the ${intent.kind} could not be read (${listed.detail})`
  const found = listed.value.find(view =>
    intent.kind === 'comment' ? view.id === answered : view.number === answered
  )
  return found ?? `there is no ${intent.kind} ${answered} made after the operation was prepared`
}

/** A `committed` answer names a release that exists (when the API is at hand); else why not. */
async function releaseUrl(
  releases: ReleaseApi | undefined,
  releaseId: string | null
): Promise<{ url: string | null } | string> {
  if (releaseId === null || !releases) return { url: null }
  const found = await releases.get(Number(releaseId))
  if (!found.ok) return `release ${releaseId} could not be read (${found.detail})`
  if (!found.value) return `there is no release ${releaseId}`
  return { url: found.value.html_url }
}
