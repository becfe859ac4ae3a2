/**
 * SPEC §13 `command: effect`: a tag or a release, made at most once and never guessed. The
 * orchestration only: the core's decision table says what comes next after every send and
 * every lookup; the effect store (git) and the release API (GitHub) do the I/O.
 */
import {
  afterLookup,
  afterSend,
  AFTER_READ_BACK,
  planEffect,
  type EffectContext,
  type EffectDecision,
  type LookupFound,
  type NextStep,
  type ReadBackFound,
  type SendOutcome
} from '../core/effect/decide.js'
import {
  epochSeconds,
  markersIn,
  releaseBodyWithMarker,
  tagObjectText
} from '../core/effect/artifacts.js'
import {
  defaultOperationId,
  IntentSchema,
  intentDigest,
  OperationIdSchema,
  tagOperationId,
  textDigest,
  type EffectResult,
  type Intent,
  type OperationState,
  type Writer
} from '../core/effect/operation.js'
import { tagNameProblem } from '../core/effect/tagName.js'
import { InvalidInput, StoreError } from '../core/errors.js'
import { parseOrThrow } from '../core/validate.js'
import type { ReleaseApi, ReleaseView } from '../effects/releaseApi.js'
import type { Store } from '../store/store.js'
import type { TagStore } from '../store/tagStore.js'
import {
  following,
  operationJournal,
  prepared,
  type Chain,
  type OperationJournal,
  type RecordFields
} from './operationJournal.js'

export interface EffectRequest {
  readonly namespace: string
  readonly operation_id: string
  readonly intent: Intent
  /** The tag message (the operation line is added); its digest is in the intent. */
  readonly message: string
  /** The release body as given (the marker is added); its digest is in the intent. */
  readonly release_body: string
  readonly writer: Writer | null
  /** RFC 3339 now; tests pin it. */
  readonly clock?: () => string
}

export interface EffectDeps {
  /** Where the operation's chain lives. */
  readonly store: Store
  /** The tag side of the same repository and arbiter (store/tagStore.ts). */
  readonly tags: TagStore
  /** Needed for kind release. */
  readonly releases?: ReleaseApi
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
  /** This step sent a request (a push carrying the tag, or a create). */
  readonly sent: boolean
  readonly tag_object: string | null
  readonly release_id: string | null
  readonly release_url: string | null
  readonly reason: string
  readonly chain: Chain
  /** For a release whose tag had to be created: that tag operation's outcome. */
  readonly tag_operation: EffectOutcome | null
}

/** A step never loops for ever: each pass appends or sends, and sends are bounded. */
const MAX_PASSES = 16

export async function effect(request: EffectRequest, deps: EffectDeps): Promise<EffectOutcome> {
  parseOrThrow(OperationIdSchema, request.operation_id, 'The operation-id input')
  const intent = parseOrThrow(IntentSchema, request.intent, 'The effect intent')
  checkTagName(intent.tag_ref.slice('refs/tags/'.length), 'The tag of the effect intent')
  if (intent.message_digest !== textDigest(request.message))
    throw new InvalidInput('The tag message does not match the intent’s message_digest.')
  if (intent.release && intent.release.body_digest !== textDigest(request.release_body))
    throw new InvalidInput('The release body does not match the intent’s body_digest.')
  if (intent.kind === 'release' && !deps.releases)
    throw new InvalidInput('kind: release needs the GitHub API (a token); none was given.')
  return new EffectRun(request, deps, intent).run()
}

class EffectRun {
  private readonly journal: OperationJournal
  private readonly digest: string
  private sendsThisStep = 0
  private tagOperation: EffectOutcome | null = null

  constructor(
    private readonly request: EffectRequest,
    private readonly deps: EffectDeps,
    private readonly intent: Intent
  ) {
    this.digest = intentDigest(intent)
    this.journal = operationJournal(deps.store, request.namespace, request.operation_id)
  }

  async run(): Promise<EffectOutcome> {
    let decision = planEffect(await this.journal.reload(), this.digest)
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      switch (decision.next) {
        case 'prepare':
          await this.journal.create(
            prepared(this.request, {
              operation_id: this.request.operation_id,
              intent: this.intent,
              intent_digest: this.digest
            })
          )
          decision = this.replan()
          continue
        case 'send':
          decision = this.intent.kind === 'tag' ? await this.pushTag() : await this.sendRelease()
          continue
        case 'lookup':
          decision =
            this.intent.kind === 'tag' ? await this.lookupTag() : await this.lookupRelease()
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
      kind: this.intent.kind,
      draft: this.intent.release?.draft ?? false,
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
    return this.journal.append(following(this.journal, this.request, fields))
  }

  // ---- kind: tag ---------------------------------------------------------------------------

  private ourTagObject(): Promise<string> {
    return this.deps.tags.writeTagObject(this.tagText())
  }

  private tagText(): string {
    const op = this.journal.state
    if (!op) throw new Error('tag object before the operation was prepared')
    return tagObjectText({
      operation_id: op.operation_id,
      intent: this.intent,
      intent_digest: this.digest,
      message: this.request.message,
      time: epochSeconds(op.prepared_at)
    })
  }

  /** The tag and the terminal_committed record, in one atomic push. */
  private async pushTag(): Promise<EffectDecision> {
    if (!(await this.deps.tags.hasCommit(this.intent.target)))
      throw new InvalidInput(
        `The target commit ${this.intent.target} is not in the checkout, so no tag object can ` +
          'point at it. Check out with enough history (actions/checkout fetch-depth) or set target.'
      )
    const tagOid = await this.ourTagObject()
    const record = following(this.journal, this.request, {
      state: 'terminal_committed',
      result: { tag_object: tagOid, release_id: null, release_url: null },
      observation: 'the tag and this record were pushed in one atomic push'
    })
    this.sendsThisStep++
    const pushed = await this.journal.appendWith(
      record,
      { ref: this.intent.tag_ref, oid: tagOid },
      update => this.deps.tags.pushTagWithRecord(update)
    )
    const outcome: SendOutcome = {
      created: 'created',
      rejected: 'already_exists',
      refused: 'refused',
      ambiguous: 'ambiguous'
    }[pushed.kind] as SendOutcome
    const decision = afterSend(this.context(), outcome)
    return 'detail' in pushed
      ? { ...decision, reason: `${decision.reason} (${pushed.detail})` }
      : decision
  }

  /** SPEC §13: after an unclear push, fetch both refs and decide by object id. */
  private async lookupTag(): Promise<EffectDecision> {
    const before = this.journal.head?.oid
    let tagOid: string | null
    try {
      await this.journal.reload()
      if (this.journal.head?.oid !== before) return this.replan()
      tagOid = await this.deps.tags.readTag(this.intent.tag_ref)
    } catch (error) {
      if (!(error instanceof StoreError)) throw error
      return afterLookup(this.context(), 'unavailable')
    }
    const ours = await this.ourTagObject()
    const found: LookupFound = tagOid === null ? 'none' : tagOid === ours ? 'ours' : 'other'
    return this.settle(afterLookup(this.context(), found), {
      result: found === 'ours' ? { tag_object: ours, release_id: null, release_url: null } : null,
      observation:
        found === 'other' ? `${this.intent.tag_ref} holds ${tagOid}, not our ${ours}` : undefined
    })
  }

  // ---- kind: release -----------------------------------------------------------------------

  private get releases(): ReleaseApi {
    return this.deps.releases as ReleaseApi
  }

  private tagName(): string {
    return this.intent.tag_ref.slice('refs/tags/'.length)
  }

  private body(): string {
    return releaseBodyWithMarker(this.request.release_body, this.request.operation_id, this.digest)
  }

  /**
   * `may_have_been_sent` is durable before the POST. The first send of a release whose tag
   * does not exist creates the tag first, through the tag protocol, so GitHub never does.
   */
  private async sendRelease(): Promise<EffectDecision> {
    if ((this.journal.state?.sends ?? 0) === 0) {
      const blocked = await this.ensureTag()
      if (blocked) return blocked
    }
    const send = (this.journal.state?.sends ?? 0) + 1
    if (!(await this.append({ state: 'may_have_been_sent', send, observation: null })))
      return this.replan()
    this.sendsThisStep++
    const release = this.intent.release as NonNullable<Intent['release']>
    const created = await this.releases.create({
      tag_name: this.tagName(),
      name: release.name,
      body: this.body(),
      draft: release.draft,
      prerelease: release.prerelease
    })
    const decision = afterSend(this.context(), created.kind)
    if (created.kind === 'created')
      return this.settle(decision, {
        send,
        result: resultOf(created.release),
        observation: `created: release ${created.release.id}`
      })
    return this.settle(decision, {
      send,
      observation: `${created.kind}${'status' in created ? ` ${created.status}` : ''}: ${created.detail}`
    })
  }

  /**
   * Null when the tag exists on the target (or was just made); otherwise the decision that
   * stops the step. A tag on another commit is a conflict: the release would not be the one
   * the intent names.
   */
  private async ensureTag(): Promise<EffectDecision | null> {
    const commit = await this.deps.tags.readTagCommit(this.intent.tag_ref)
    if (commit === this.intent.target) return null
    if (commit !== null)
      return this.settle({
        next: 'conflict',
        record: 'conflict',
        reason: `${this.intent.tag_ref} exists on ${commit}, not on the target ${this.intent.target}`
      })
    const tagIntent: Intent = { ...this.intent, kind: 'tag', release: null }
    const sub = await effect(
      {
        ...this.request,
        operation_id: tagOperationId(this.request.operation_id),
        intent: tagIntent,
        release_body: ''
      },
      { store: this.deps.store, tags: this.deps.tags }
    )
    this.tagOperation = sub
    if (sub.ok) return null
    return {
      next: 'stop',
      record: null,
      reason: `the release's tag could not be created (${sub.operation_id}: ${sub.reason}); nothing was sent`
    }
  }

  private async lookupRelease(): Promise<EffectDecision> {
    const draft = this.intent.release?.draft ?? false
    let found: LookupFound
    let mine: ReleaseView | null = null
    let observation: string
    if (draft) {
      const listed = await this.releases.listAll()
      if (!listed.ok) return this.settleLookup('unavailable', null, listed.detail)
      const marked = listed.value.filter(r => this.carriesOurMarker(r))
      found = marked.length === 0 ? 'none' : marked.length === 1 ? 'ours' : 'several'
      mine = marked.length === 1 ? (marked[0] as ReleaseView) : null
      observation = `listed ${listed.value.length} releases incl. drafts; ${marked.length} carry our marker`
    } else {
      const byTag = await this.releases.byTag(this.tagName())
      if (!byTag.ok) return this.settleLookup('unavailable', null, byTag.detail)
      const release = byTag.value
      found = release === null ? 'none' : this.carriesOurMarker(release) ? 'ours' : 'other'
      mine = found === 'ours' ? release : null
      observation =
        release === null
          ? `no published release for ${this.tagName()}`
          : `published release ${release.id} for ${this.tagName()} ${found === 'ours' ? 'carries our marker' : 'is not ours'}`
    }
    return this.settleLookup(found, mine, observation)
  }

  private settleLookup(
    found: LookupFound,
    mine: ReleaseView | null,
    observation: string
  ): Promise<EffectDecision> {
    return this.settle(afterLookup(this.context(), found), {
      result: mine ? resultOf(mine) : null,
      observation,
      send: this.journal.state?.sends ?? null
    })
  }

  /** After a 201: the release must carry our marker and every field we asked for. */
  private async readBack(): Promise<EffectDecision> {
    const id = Number(this.journal.state?.result?.release_id)
    const got = await this.releases.get(id)
    let found: ReadBackFound
    if (!got.ok) found = 'unavailable'
    else if (got.value === null) found = 'none'
    else found = this.matchesIntent(got.value) ? 'match' : 'mismatch'
    return this.settle(AFTER_READ_BACK[found], {
      result: got.ok && got.value ? resultOf(got.value) : null,
      observation: got.ok ? `read back release ${id}: ${found}` : got.detail,
      send: this.journal.state?.sends ?? null
    })
  }

  private carriesOurMarker(release: ReleaseView): boolean {
    return markersIn(release.body).some(
      m => m.id === this.request.operation_id && m.digest === this.digest
    )
  }

  private matchesIntent(release: ReleaseView): boolean {
    const wanted = this.intent.release as NonNullable<Intent['release']>
    return (
      this.carriesOurMarker(release) &&
      release.tag_name === this.tagName() &&
      (release.name ?? '') === wanted.name &&
      release.draft === wanted.draft &&
      release.prerelease === wanted.prerelease &&
      (release.body ?? '').replace(/\r\n/g, '\n') === this.body().replace(/\r\n/g, '\n')
    )
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
      sent: this.sendsThisStep > 0,
      tag_object: result?.tag_object ?? null,
      release_id: result?.release_id ?? null,
      release_url: result?.release_url ?? null,
      reason: decision.reason,
      chain: this.journal.entries,
      tag_operation: this.tagOperation
    }
  }
}

function resultOf(release: ReleaseView): EffectResult {
  return { tag_object: null, release_id: String(release.id), release_url: release.html_url }
}

/** What `command: effect` is given, as plain values (the step maps inputs onto these). */
export interface EffectCommandOptions {
  readonly namespace: string
  readonly kind: string
  /** The tag's name, without refs/tags/. */
  readonly tag: string
  /** The commit to tag; empty → GITHUB_SHA (`default_target`). */
  readonly target: string
  readonly default_target: string
  readonly message: string
  readonly release_name: string
  readonly release_body: string
  readonly draft: boolean
  readonly prerelease: boolean
  /** Empty → `<run id>/<kind>/<tag>`. */
  readonly operation_id: string
  /** The run the operation belongs to, for the default operation id. */
  readonly run_id: string | null
  readonly repository_id: string
  readonly writer: Writer | null
}

/**
 * Validates the plain values and builds the request: the intent and its text fields. Every
 * problem is an InvalidInput naming the field; nothing has been read or written yet.
 */
export function effectRequestFrom(options: EffectCommandOptions): EffectRequest {
  const kind = options.kind
  if (kind !== 'tag' && kind !== 'release')
    throw new InvalidInput(
      `command: effect needs the \`kind\`, tag or release; got ${JSON.stringify(kind)}.`
    )
  checkTagName(options.tag, 'The `tag`')
  const target = options.target || options.default_target
  if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(target))
    throw new InvalidInput(
      `The \`target\` must be a full commit id (40 or 64 lowercase hex digits); got ${JSON.stringify(target)}. ` +
        'Leave it empty to tag GITHUB_SHA.'
    )
  if (!options.repository_id)
    throw new InvalidInput(
      'GITHUB_REPOSITORY_ID is not set, and the intent of an effect names its repository. ' +
        'Run inside a workflow (the runner sets it).'
    )
  let operationId = options.operation_id
  if (!operationId) {
    if (!options.run_id)
      throw new InvalidInput(
        'command: effect needs the `operation_id`, or the `run_id` its default ' +
          '(<run id>/<kind>/<tag>) is made from.'
      )
    operationId = defaultOperationId(options.run_id, kind, options.tag)
  }
  parseOrThrow(OperationIdSchema, operationId, 'The `operation_id`')
  const release =
    kind === 'release'
      ? {
          name: options.release_name || options.tag,
          body_digest: textDigest(options.release_body),
          draft: options.draft,
          prerelease: options.prerelease
        }
      : null
  return {
    namespace: options.namespace,
    operation_id: operationId,
    intent: {
      repository_id: options.repository_id,
      kind,
      tag_ref: `refs/tags/${options.tag}`,
      target,
      message_digest: textDigest(options.message),
      release
    },
    message: options.message,
    release_body: options.release_body,
    writer: options.writer
  }
}

/**
 * The one check of a tag name, before anything is read or written: `what` names where the
 * name came from (the `tag` input, or an intent built by hand).
 */
function checkTagName(tag: string, what: string): void {
  const problem = tagNameProblem(tag)
  if (problem !== null)
    throw new InvalidInput(`${what} ${JSON.stringify(tag)} is refused: ${problem}.`)
}
