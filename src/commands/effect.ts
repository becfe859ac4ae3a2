/**
 * `command: effect` (docs/design/effects.md): a tag, a release, a branch, a pull request, a
 * comment or an issue, made at most once and never guessed. The orchestration only: the
 * core's decision table, through the one send protocol, says what comes next after every send
 * and every lookup; the providers (a ref push, a release create, a write through the API, in
 * src/providers/) do the I/O.
 */
import {
  afterLookup,
  afterReadBack,
  afterSend,
  awaitsOtherSender,
  planEffect,
  type EffectContext,
  type EffectDecision,
  type NextStep
} from '../core/effect/decide.js'
import { bodyWithMarker } from '../core/effect/artifacts.js'
import {
  IntentSchema,
  intentDigest,
  isWriteIntent,
  OperationIdSchema,
  tagOperationId,
  textDigest,
  type EffectResult,
  type Intent,
  type OperationState,
  type TagIntent
} from '../core/effect/operation.js'
import {
  checkBranchName,
  checkNoMarker,
  checkTagName,
  type EffectRequest
} from '../core/effect/request.js'
import { InvalidInput } from '../core/errors.js'
import { parseOrThrow } from '../core/validate.js'
import { ReleaseProvider } from '../providers/release.js'
import type { ReleaseApi, WritesApi } from '../core/send/ports.js'
import { RefProvider, tagObject, type TagCommit } from '../providers/tag.js'
import { WriteProvider } from '../providers/write.js'
import type { Store } from '../store/store.js'
import { tagStoreFor, type TagStore } from '../store/tagStore.js'
import type { CommandDeps } from './deps.js'
import {
  following,
  operationJournal,
  prepared,
  type Chain,
  type OperationJournal,
  type OperationWriter,
  type RecordFields
} from './operationJournal.js'

export { intentSubject } from '../core/effect/operation.js'
export { answerIdName } from '../core/effect/decide.js'
export {
  effectRequestFrom,
  type EffectCommandOptions,
  type EffectRequest
} from '../core/effect/request.js'

/** The store holds the operation's chain; the gateway (with a token) is needed for the API kinds. */
export interface EffectDeps extends CommandDeps<
  'hasToken' | 'where' | 'releases' | 'writes' | 'timeoutMs'
> {
  /**
   * The tag side of the same repository and arbiter (store/tagStore.ts's tagStoreFor(store)
   * when not given; a test gives another to show what a non-atomic one would do).
   */
  readonly tags?: TagStore
}

/** What one effect step works with, resolved from its deps. */
interface EffectPorts {
  readonly store: Store
  readonly tags: TagStore
  readonly releases: ReleaseApi | undefined
  readonly writes: WritesApi | undefined
  /**
   * How long another step's `may_have_been_sent` is followed before this one looks up: the bound
   * on its request, and time for it to record the answer.
   */
  readonly followMs: number
  /** Who appends to the operation, and the clock its records are dated by. */
  readonly by: OperationWriter
}

export interface EffectOutcome {
  readonly operation_id: string
  readonly operation_ref: string
  /** The operation's recorded state after this step (null when it was never prepared). */
  readonly state: OperationState | null
  /** Where the table stopped: committed, not_committed, conflict, unknown, refuse_*, stop. */
  readonly next: NextStep
  /** True when the effect exists and is ours. */
  readonly ok: boolean
  /**
   * This step's request went out: a create, or a push carrying the tag or branch that its
   * lease let through (one refused because the ref exists or the record moved made nothing).
   */
  readonly sent: boolean
  readonly tag_object: string | null
  readonly release_id: string | null
  readonly release_url: string | null
  /** A pull request's, comment's or issue's id, a branch's commit; its number; its page. */
  readonly id: string | null
  readonly number: number | null
  readonly url: string | null
  readonly reason: string
  readonly chain: Chain
  /** For a release whose tag had to be created: that tag operation's outcome. */
  readonly tag_operation: EffectOutcome | null
}

/** A step never loops for ever: each pass appends or sends, and sends are bounded. */
const MAX_PASSES = 16

/** Beyond the request's bound: time for the sending step to record what it was answered. */
const FOLLOW_MARGIN_MS = 10_000
/** How often a followed operation is read again, at first and at most. */
const FOLLOW_POLL_MS = [100, 1000] as const

export async function effect(request: EffectRequest, deps: EffectDeps): Promise<EffectOutcome> {
  parseOrThrow(OperationIdSchema, request.operation_id, 'The operation-id input')
  const intent = parseOrThrow(IntentSchema, request.intent, 'The effect intent')
  checkTexts(request, intent)
  return new EffectRun(request, portsFor(request, intent, deps), intent).run()
}

/** A request built by hand is checked as the inputs are: its texts must be the intent's. */
function checkTexts(request: EffectRequest, intent: Intent): void {
  if (intent.kind === 'branch') {
    checkBranchName(
      intent.branch_ref.slice('refs/heads/'.length),
      'The branch of the effect intent'
    )
    return
  }
  if (isWriteIntent(intent)) {
    if (intent.body_digest !== textDigest(request.body ?? ''))
      throw new InvalidInput('The body does not match the intent’s body_digest.')
    checkNoMarker(request.body ?? '', 'body')
    return
  }
  checkTagName(intent.tag_ref.slice('refs/tags/'.length), 'The tag of the effect intent')
  if (intent.message_digest !== textDigest(request.message))
    throw new InvalidInput('The tag message does not match the intent’s message_digest.')
  if (intent.release && intent.release.body_digest !== textDigest(request.release_body))
    throw new InvalidInput('The release body does not match the intent’s body_digest.')
  if (intent.release) checkNoMarker(request.release_body, 'release-body')
}

/** The GitHub permission each API kind needs, for the message when no token was given. */
const PERMISSION: Readonly<Record<string, string>> = {
  release: 'contents: write',
  'pull-request': 'pull-requests: write',
  comment: 'issues: write (pull-requests: write for a pull request)',
  issue: 'issues: write'
}

function portsFor(request: EffectRequest, intent: Intent, deps: EffectDeps): EffectPorts {
  const github = deps.github
  const permission = PERMISSION[intent.kind]
  if (permission && !github?.hasToken)
    throw new InvalidInput(
      `kind: ${intent.kind} calls the GitHub API: set token (for example token: \${{ github.token }}) ` +
        `and give the job permissions: ${permission}.`
    )
  // A create is bounded by timeout-seconds; one that outlives it is ambiguous and looked up.
  // The repository is checked before anything is prepared.
  const releases = intent.kind === 'release' ? github?.releases() : undefined
  const writes = isWriteIntent(intent) ? github?.writes() : undefined
  if (releases || writes) github?.where()
  return {
    store: deps.store,
    tags: deps.tags ?? tagStoreFor(deps.store),
    releases,
    writes,
    followMs: (github?.timeoutMs ?? 30_000) + FOLLOW_MARGIN_MS,
    by: { writer: request.writer, clock: deps.clock }
  }
}

class EffectRun {
  private readonly journal: OperationJournal
  private readonly digest: string
  private readonly provider: RefProvider | ReleaseProvider | WriteProvider
  /** Requests this step tried, a push its lease refused among them: the step's budget. */
  private sendsThisStep = 0
  /** Whether one of them went out (the `sent` output). */
  private sentThisStep = false
  /** The send this step recorded last (null before it recorded one). */
  private ownSend: number | null = null
  private tagOperation: EffectOutcome | null = null

  constructor(
    private readonly request: EffectRequest,
    private readonly deps: EffectPorts,
    private readonly intent: Intent
  ) {
    this.digest = intentDigest(intent)
    this.journal = operationJournal(deps.store, request.namespace, request.operation_id)
    this.provider = this.providerFor(intent)
  }

  private providerFor(intent: Intent): RefProvider | ReleaseProvider | WriteProvider {
    const { deps, request, digest, journal } = this
    if (isWriteIntent(intent))
      return new WriteProvider({
        api: deps.writes as WritesApi,
        intent,
        operationId: request.operation_id,
        intentDigest: digest,
        body: bodyWithMarker(request.body ?? '', request.operation_id, digest),
        preparedAt: () => journal.state?.prepared_at ?? new Date().toISOString()
      })
    if (intent.kind === 'release' && intent.release)
      return new ReleaseProvider({
        api: deps.releases as ReleaseApi,
        tagName: intent.tag_ref.slice('refs/tags/'.length),
        release: intent.release,
        operationId: request.operation_id,
        intentDigest: digest,
        body: bodyWithMarker(request.release_body, request.operation_id, digest)
      })
    const ref =
      intent.kind === 'branch'
        ? { kind: 'branch' as const, ref: intent.branch_ref, object: async () => intent.target }
        : {
            kind: 'tag' as const,
            ref: (intent as TagIntent).tag_ref,
            object: tagObject(deps.tags, {
              intent: intent as TagIntent,
              intentDigest: digest,
              message: request.message
            })
          }
    return new RefProvider({
      ...ref,
      tags: deps.tags,
      commit: tagCommit(deps.tags, journal),
      operation: journal,
      target: (intent as TagIntent).target,
      following: fields => following(journal, deps.by, fields)
    })
  }

  async run(): Promise<EffectOutcome> {
    let decision = planEffect(await this.journal.reload(), this.digest)
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      switch (decision.next) {
        case 'prepare':
          await this.journal.create(
            prepared(this.deps.by, {
              operation_id: this.request.operation_id,
              intent: this.intent,
              intent_digest: this.digest
            })
          )
          decision = this.replan()
          continue
        case 'send':
          decision = await this.send()
          continue
        case 'lookup':
          decision = (await this.followOtherSender()) ? this.replan() : await this.lookup()
          continue
        case 'read_back':
          decision = await this.readBack()
          continue
        default:
          return this.outcome(decision)
      }
    }
    return this.outcome({
      next: 'stop',
      record: null,
      reason: 'the step did not settle the operation; the next effect step goes on from its record'
    })
  }

  private replan(): EffectDecision {
    return planEffect(this.journal.state, this.digest)
  }

  private context(): EffectContext {
    return {
      fenced: this.provider.fenced,
      commitsWithRecord: this.provider.commitsWithRecord,
      sends: this.journal.state?.sends ?? 0,
      sendsThisStep: this.sendsThisStep
    }
  }

  /**
   * Appends the state a decision asks for. When another writer of the same operation moved
   * the head first, what it recorded decides instead.
   */
  private async settle(
    decision: EffectDecision,
    fields: { result?: EffectResult | null; observation?: string; send?: number | null } = {}
  ): Promise<EffectDecision> {
    if (decision.record === null) return decision
    const appended = await this.append({
      state: decision.record,
      result: fields.result ?? null,
      observation: fields.observation ?? decision.reason,
      send: fields.send ?? null
    })
    return appended ? decision : this.replan()
  }

  private append(fields: RecordFields): Promise<boolean> {
    return this.journal.append(following(this.journal, this.deps.by, fields))
  }

  /**
   * One send. A tag's or branch's push carries its record; for the API kinds
   * `may_have_been_sent` is durable before the POST, and the first send of a release whose tag
   * does not exist creates the tag first, through the tag protocol, so GitHub never does.
   */
  private async send(): Promise<EffectDecision> {
    if (this.provider instanceof RefProvider) {
      this.sendsThisStep++
      const outcome = await this.provider.send()
      // A push whose lease was refused made nothing: another step's push, or another actor's
      // ref, is what the lookup will find.
      if (outcome.kind !== 'preempted') this.sentThisStep = true
      return afterSend(this.context(), outcome)
    }
    if (this.intent.kind === 'release' && (this.journal.state?.sends ?? 0) === 0) {
      const blocked = await this.ensureTag()
      if (blocked) return blocked
    }
    const send = (this.journal.state?.sends ?? 0) + 1
    if (!(await this.append({ state: 'may_have_been_sent', send, observation: null })))
      return this.replan()
    this.ownSend = send
    this.sendsThisStep++
    this.sentThisStep = true
    const outcome = await this.provider.send()
    return this.settle(afterSend(this.context(), outcome), {
      send,
      result: outcome.kind === 'submitted' ? resultOf(outcome.external_ids) : null,
      observation:
        outcome.kind === 'submitted'
          ? `created: ${this.provider.name} ${outcome.external_ids['release_id'] ?? outcome.external_ids['id']}`
          : outcome.kind === 'refused'
            ? outcome.message
            : outcome.reason
    })
  }

  /**
   * Null when the tag exists on the target (or was just made); otherwise the decision that
   * stops the step. A tag on another commit is a conflict: the release would not be the one
   * the intent names.
   */
  private async ensureTag(): Promise<EffectDecision | null> {
    const intent = this.intent as TagIntent
    const commit = await this.deps.tags.readTagCommit(intent.tag_ref)
    if (commit === intent.target) return null
    if (commit !== null)
      return this.settle({
        next: 'conflict',
        record: 'conflict',
        reason: `${intent.tag_ref} exists on ${commit}, not on the target ${intent.target}`
      })
    const tagIntent: Intent = { ...intent, kind: 'tag', release: null }
    const sub = await effect(
      {
        ...this.request,
        operation_id: tagOperationId(this.request.operation_id),
        intent: tagIntent,
        release_body: ''
      },
      { store: this.deps.store, tags: this.deps.tags, clock: this.deps.by.clock }
    )
    this.tagOperation = sub
    if (sub.ok) return null
    return {
      next: 'stop',
      record: null,
      reason: `the release's tag could not be created (${sub.operation_id}: ${sub.reason}); nothing was sent`
    }
  }

  /**
   * Another step recorded `may_have_been_sent` moments ago and may be waiting for its answer
   * (concurrent deliveries of one event): read the operation again until that step records
   * what it was answered, or its bound passes. True when the operation moved (re-plan); false
   * when there is nobody to follow, or no longer (look it up).
   */
  private async followOtherSender(): Promise<boolean> {
    const context = () => ({
      nowMs: this.deps.by.clock.now().getTime(),
      boundMs: this.deps.followMs,
      ownSend: this.ownSend
    })
    if (!awaitsOtherSender(this.journal.state, context())) return false
    const head = this.journal.head?.oid
    // A record dated ahead by another runner's clock is followed no longer than the bound.
    const deadline = Date.now() + this.deps.followMs
    for (let wait: number = FOLLOW_POLL_MS[0]; ; wait = Math.min(wait * 2, FOLLOW_POLL_MS[1])) {
      await new Promise(done => setTimeout(done, wait))
      await this.journal.reload()
      if (this.journal.head?.oid !== head) return true
      if (!awaitsOtherSender(this.journal.state, context()) || Date.now() > deadline) return false
    }
  }

  /** After an unclear send: what the provider holds. A moved journal decides instead. */
  private async lookup(): Promise<EffectDecision> {
    const before = this.journal.head?.oid
    const found = await this.provider.lookup()
    if (this.journal.head?.oid !== before) return this.replan()
    const sends = this.journal.state?.sends ?? 0
    return this.settle(afterLookup(this.context(), found), {
      result: found.kind === 'found' ? resultOf(found.external_ids) : null,
      observation: found.reason,
      send: sends > 0 ? sends : null
    })
  }

  /** After a 201: what was made must carry our marker and every field we asked for. */
  private async readBack(): Promise<EffectDecision> {
    const back = await (this.provider as ReleaseProvider | WriteProvider).readBack(
      this.journal.state?.result ?? null
    )
    return this.settle(afterReadBack(this.intent.kind, back.found), {
      result: back.ids ? resultOf(back.ids) : null,
      observation: back.observation,
      send: this.journal.state?.sends ?? null
    })
  }

  // ---- outcome -----------------------------------------------------------------------------

  private outcome(decision: EffectDecision): EffectOutcome {
    const op = this.journal.state
    const result = op?.result ?? null
    const committed = decision.next === 'committed'
    return {
      operation_id: this.request.operation_id,
      operation_ref: this.journal.ref,
      state: op?.state ?? null,
      next: decision.next,
      ok: committed,
      sent: this.sentThisStep,
      tag_object: result?.tag_object ?? null,
      release_id: result?.release_id ?? null,
      release_url: result?.release_url ?? null,
      id: result?.id ?? null,
      number: result?.number ?? null,
      url: result?.url ?? null,
      reason: decision.reason,
      chain: this.journal.entries,
      tag_operation: this.tagOperation
    }
  }
}

/** The recorded result of what a provider answered (its external ids). */
function resultOf(ids: Readonly<Record<string, string>>): EffectResult {
  const result: EffectResult = {
    tag_object: ids['tag_object'] ?? null,
    release_id: ids['release_id'] ?? null,
    release_url: ids['release_url'] ?? null
  }
  // Written only when there is one, so a tag's or release's records stay as they were.
  if (ids['id'] === undefined) return result
  return {
    ...result,
    id: ids['id'],
    number: ids['number'] !== undefined ? Number(ids['number']) : null,
    url: ids['url'] ?? null
  }
}

/**
 * The provider port's "commits with record" capability, from what the tag store can do: the
 * ref (a tag, a branch) and its record in one atomic write where they share a repository, else
 * the ref alone.
 */
function tagCommit(tags: TagStore, journal: OperationJournal): TagCommit {
  if (!tags.atomicWithRecord) return { withRecord: false, push: tag => tags.pushTag(tag) }
  return {
    withRecord: true,
    push: (tag, record) => journal.appendWith(record, tag, update => tags.pushTagWithRecord(update))
  }
}
