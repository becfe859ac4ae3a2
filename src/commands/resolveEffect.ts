/**
 * docs/design/effects.md, docs/design/operators.md `/ledger resolve-effect <operation id> committed <release id> | not-committed`:
 * an operator's accountable answer for an operation held `unknown`. Plain values in, a result
 * out; the `operate` command (issue 12) parses the comment, authorizes its author and replies.
 * The first answer wins: the same answer again is a duplicate, another one a conflict.
 */
import { decideResolve, type ResolveAnswer } from '../core/effect/decide.js'
import { OperationIdSchema, type OperationState, type Writer } from '../core/effect/operation.js'
import { InvalidInput } from '../core/errors.js'
import { parseOrThrow } from '../core/validate.js'
import type { ReleaseApi } from '../core/send/ports.js'
import type { CommandDeps } from './deps.js'
import { following, operationJournal, type Chain } from './operationJournal.js'

export type EffectAnswer =
  { readonly kind: 'committed'; readonly release_id: string } | { readonly kind: 'not_committed' }

export interface ResolveEffectRequest {
  readonly namespace: string
  readonly operation_id: string
  readonly answer: EffectAnswer
  /** The operator's login (decision.by in a run's ledger; `resolution.by` here). */
  readonly by: string
  readonly writer: Writer | null
}

/** With a gateway that has a token, a `committed` answer must name a release that exists. */
export type ResolveEffectDeps = CommandDeps<'hasToken' | 'releases'>

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
    'resolve-effect takes `committed <release id>` (the numeric id of the release that is ours) ' +
      'or `not-committed`, for example `/ledger resolve-effect <operation id> committed 123456`.'
  )
}

export async function resolveEffect(
  request: ResolveEffectRequest,
  deps: ResolveEffectDeps
): Promise<ResolveEffectOutcome> {
  parseOrThrow(OperationIdSchema, request.operation_id, 'The operation id')
  const journal = operationJournal(deps.store, request.namespace, request.operation_id)
  const by = { writer: request.writer, clock: deps.clock }
  const releases = deps.github?.hasToken ? deps.github.releases() : undefined
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
      const release = await releaseUrl(releases, releaseId)
      if (typeof release !== 'object') return { done: done('rejected', release) }
      const record = following(journal, by, {
        state: decision.record,
        result:
          releaseId !== null
            ? { tag_object: null, release_id: releaseId, release_url: release.url }
            : null,
        observation: `resolved by ${request.by}`,
        resolution: { answer, by: request.by }
      })
      return { append: record, after: () => done('applied', `${request.by} answered ${answer}`) }
    },
    () => done('conflict', 'another writer kept changing the operation; nothing was written')
  )
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
