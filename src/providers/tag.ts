/**
 * The tag push — and a branch's, by the same protocol — a provider of the one send protocol
 * (docs/design/effects.md#tag-protocol). The ref is create-only with a known object (a
 * deterministic tag object; a branch's target commit), so it is fenced. Where the tag and the
 * operation's `terminal_committed` record share one repository they travel in one atomic push
 * (the provider port's "commits with record" capability); where they cannot (a ledger
 * repository of its own, docs/design/ledger-repository.md) the tag is pushed alone and a
 * lookup, comparing the tag's object with ours by id, settles it before the record is written.
 */
import { epochSeconds, tagObjectText } from '../core/effect/artifacts.js'
import type { EffectResult, OperationRecord, TagIntent } from '../core/effect/operation.js'
import type { RecoveredOperation } from '../core/effect/operationChain.js'
import { InvalidInput, StoreError } from '../core/errors.js'
import {
  classifyEffectLookup,
  classifyTagPush,
  type EffectFinding,
  type TagPushObservation
} from '../core/send/effectOutcome.js'
import type { LookupOutcome, SendOutcome } from '../core/send/outcome.js'
import type { Provider } from '../core/send/provider.js'
import type { RecordFields } from '../core/effect/newOperationRecord.js'

/** What the tag provider reads and writes of the repository that holds the tags. */
export interface TagPort {
  /** The object the ref holds where tags are decided; null when the tag does not exist. */
  readTag(tagRef: string): Promise<string | null>
  /** Whether the commit is in the local repository (a tag object can only point at one there). */
  hasCommit(oid: string): Promise<boolean>
  writeTagObject(text: string): Promise<string>
}

/** A tag ref to create, at its object. */
export interface TagRef {
  readonly ref: string
  readonly oid: string
}

/**
 * How a pushed tag is committed: with its record in one atomic write (`withRecord`), or alone,
 * create-only, the record following once a lookup has seen the tag.
 */
export type TagCommit =
  | {
      readonly withRecord: true
      push(tag: TagRef, record: OperationRecord): Promise<TagPushObservation>
    }
  | { readonly withRecord: false; push(tag: TagRef): Promise<TagPushObservation> }

/** The operation the tag belongs to, as its chain holds it. */
export interface TagOperation {
  readonly state: RecoveredOperation | null
  reload(): Promise<unknown>
}

export interface RefProviderOptions {
  readonly tags: TagPort
  readonly commit: TagCommit
  readonly operation: TagOperation
  /** `tag` or `branch`: what the provider is named in records and messages. */
  readonly kind: 'tag' | 'branch'
  /** The ref to create, create-only (refs/tags/<name>, refs/heads/<name>). */
  readonly ref: string
  /** The commit the ref names (through the tag object, for a tag). */
  readonly target: string
  /** Our object for the ref: the same every time for the same operation. */
  readonly object: (op: RecoveredOperation) => Promise<string>
  /** The record that would follow the operation's head. */
  readonly following: (fields: RecordFields) => OperationRecord
}

/** A tag's object: deterministic, from the recorded values (tagger time from `prepared`). */
export function tagObject(
  tags: TagPort,
  spec: { readonly intent: TagIntent; readonly intentDigest: string; readonly message: string }
): (op: RecoveredOperation) => Promise<string> {
  return op =>
    tags.writeTagObject(
      tagObjectText({
        operation_id: op.operation_id,
        intent: spec.intent,
        intent_digest: spec.intentDigest,
        message: spec.message,
        time: epochSeconds(op.prepared_at)
      })
    )
}

export class RefProvider implements Provider<null> {
  readonly name: 'tag' | 'branch'
  /** A create-only push: a second one for the same ref is rejected. */
  readonly fenced = true
  readonly commitsWithRecord: boolean

  constructor(private readonly options: RefProviderOptions) {
    this.name = options.kind
    this.commitsWithRecord = options.commit.withRecord
  }

  /** Our object for the ref (the same operation gives the same id). */
  ourObject(): Promise<string> {
    const op = this.options.operation.state
    if (!op) throw new Error(`${this.name} object before the operation was prepared`)
    return this.options.object(op)
  }

  /** The ref and the terminal_committed record in one atomic push, or the ref alone. */
  async send(): Promise<SendOutcome> {
    const { tags, commit, ref, target } = this.options
    if (!(await tags.hasCommit(target)))
      throw new InvalidInput(
        `The target commit ${target} is not in the checkout, so no ${this.name} can ` +
          'point at it. Check out with enough history (actions/checkout fetch-depth) or set target.'
      )
    const oid = await this.ourObject()
    const update = { ref, oid }
    if (!commit.withRecord) {
      // Pushed alone, the ref is not yet recorded: whatever git answered, the lookup decides.
      const pushed = await commit.push(update)
      const outcome = classifyTagPush(pushed, oid)
      return outcome.kind === 'submitted'
        ? { kind: 'ambiguous', reason: `${ref} was pushed alone: look it up to record it` }
        : outcome
    }
    const record = this.options.following({
      state: 'terminal_committed',
      result: this.resultFor(oid),
      observation: `the ${this.name} and this record were pushed in one atomic push`
    })
    return classifyTagPush(await commit.push(update, record), oid)
  }

  /** What the record says the operation made: a tag object, or a branch's commit. */
  resultFor(oid: string): EffectResult {
    return this.name === 'tag'
      ? { tag_object: oid, release_id: null, release_url: null }
      : { tag_object: null, release_id: null, release_url: null, id: oid }
  }

  /** Fetches the journal and the ref; the caller re-plans when the journal moved. */
  async lookup(): Promise<LookupOutcome> {
    const { tags, operation, ref } = this.options
    let held: string | null
    try {
      await operation.reload()
      held = await tags.readTag(ref)
    } catch (error) {
      if (!(error instanceof StoreError)) throw error
      return classifyEffectLookup('unavailable', this.fenced, {
        external_ids: {},
        reason: error.message
      })
    }
    const ours = await this.ourObject()
    const found: EffectFinding = held === null ? 'none' : held === ours ? 'ours' : 'other'
    return classifyEffectLookup(found, this.fenced, {
      external_ids: this.name === 'tag' ? { tag_object: ours } : { id: ours },
      reason:
        held === null
          ? `neither ${ref} nor the record is at the remote`
          : `${ref} holds ${held}${found === 'ours' ? ', ours' : `, not our ${ours}`}`
    })
  }
}
