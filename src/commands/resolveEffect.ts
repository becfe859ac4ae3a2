/**
 * SPEC §13/§12 `/ledger resolve-effect <operation id> committed <release id> | not-committed`:
 * an operator's accountable answer for an operation held `unknown`. Plain values in, a result
 * out; the `operate` command (issue 12) parses the comment, authorizes its author and replies.
 * The first answer wins: the same answer again is a duplicate, another one a conflict.
 */
import { decideResolve, type ResolveAnswer } from '../core/effect/decide.js'
import {
  OperationIdSchema,
  operationRef,
  type OperationState,
  type Writer
} from '../core/effect/operation.js'
import { InvalidInput } from '../core/errors.js'
import { parseOrThrow } from '../core/validate.js'
import { OperationJournal, type Chain } from '../effects/journal.js'
import type { ReleaseApi } from '../effects/releaseApi.js'
import type { EffectStore } from '../store/effectStore.js'

export type EffectAnswer =
  { readonly kind: 'committed'; readonly release_id: string } | { readonly kind: 'not_committed' }

export interface ResolveEffectRequest {
  readonly namespace: string
  readonly operation_id: string
  readonly answer: EffectAnswer
  /** The operator's login (decision.by in a run's ledger; `resolution.by` here). */
  readonly by: string
  readonly writer: Writer | null
  readonly clock?: () => string
}

export interface ResolveEffectDeps {
  readonly store: EffectStore
  /** When given, a `committed` answer must name a release that exists. */
  readonly releases?: ReleaseApi
}

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
  const journal = new OperationJournal({
    store: deps.store,
    ref: operationRef(request.namespace, request.operation_id),
    writer: request.writer,
    clock: request.clock
  })
  const done = (outcome: ResolveEffectOutcome['outcome'], reason: string) => ({
    outcome,
    reason,
    operation_id: request.operation_id,
    operation_ref: journal.ref,
    state: journal.operation?.state ?? null,
    chain: journal.entries
  })
  // One retry when another writer moved the head: re-read and decide on what it wrote.
  for (let pass = 0; pass < 2; pass++) {
    const op = await journal.reload()
    if (!op) return done('rejected', `there is no operation ${request.operation_id}`)
    const answer: ResolveAnswer = request.answer.kind
    const releaseId = request.answer.kind === 'committed' ? request.answer.release_id : null
    const decision = decideResolve(op, answer, releaseId)
    if (decision.outcome !== 'applied') return done(decision.outcome, decision.reason)
    let releaseUrl: string | null = null
    if (releaseId !== null && deps.releases) {
      const found = await deps.releases.get(Number(releaseId))
      if (!found.ok)
        return done('rejected', `release ${releaseId} could not be read (${found.detail})`)
      if (!found.value) return done('rejected', `there is no release ${releaseId}`)
      releaseUrl = found.value.html_url
    }
    const appended = await journal.append({
      state: decision.record,
      result:
        releaseId !== null
          ? { tag_object: null, release_id: releaseId, release_url: releaseUrl }
          : null,
      observation: `resolved by ${request.by}`,
      resolution: { answer, by: request.by }
    })
    if (appended) return done('applied', `${request.by} answered ${answer}`)
  }
  return done('conflict', 'another writer kept changing the operation; nothing was written')
}
