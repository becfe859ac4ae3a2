/**
 * The tag push, a provider of the one send protocol (docs/design/effects.md#tag-protocol). The
 * tag is create-only with a deterministic object, so it is fenced. Where the tag and the
 * operation's `terminal_committed` record share one repository they travel in one atomic push
 * (the provider port's "commits with record" capability); where they cannot (a ledger
 * repository of its own, docs/design/ledger-repository.md) the tag is pushed alone and a
 * lookup, comparing the tag's object with ours by id, settles it before the record is written.
 */
import { epochSeconds, tagObjectText } from '../core/effect/artifacts.js'
import type { Intent, OperationRecord } from '../core/effect/operation.js'
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
  /** The object the tag ref holds where tags are decided; null when the tag does not exist. */
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

export interface TagProviderOptions {
  readonly tags: TagPort
  readonly commit: TagCommit
  readonly operation: TagOperation
  readonly intent: Intent
  readonly intentDigest: string
  /** The tag message as given (the operation line is added). */
  readonly message: string
  /** The record that would follow the operation's head. */
  readonly following: (fields: RecordFields) => OperationRecord
}

export class TagProvider implements Provider<null> {
  readonly name = 'tag'
  /** A create-only push: a second one for the same tag is rejected. */
  readonly fenced = true
  readonly commitsWithRecord: boolean

  constructor(private readonly options: TagProviderOptions) {
    this.commitsWithRecord = options.commit.withRecord
  }

  /** The deterministic tag object of the operation (the same text gives the same id). */
  ourTagObject(): Promise<string> {
    const op = this.options.operation.state
    if (!op) throw new Error('tag object before the operation was prepared')
    return this.options.tags.writeTagObject(
      tagObjectText({
        operation_id: op.operation_id,
        intent: this.options.intent,
        intent_digest: this.options.intentDigest,
        message: this.options.message,
        time: epochSeconds(op.prepared_at)
      })
    )
  }

  /** The tag and the terminal_committed record in one atomic push, or the tag alone. */
  async send(): Promise<SendOutcome> {
    const { tags, commit, intent } = this.options
    if (!(await tags.hasCommit(intent.target)))
      throw new InvalidInput(
        `The target commit ${intent.target} is not in the checkout, so no tag object can ` +
          'point at it. Check out with enough history (actions/checkout fetch-depth) or set target.'
      )
    const tagOid = await this.ourTagObject()
    const tag = { ref: intent.tag_ref, oid: tagOid }
    if (!commit.withRecord) {
      // Pushed alone, the tag is not yet recorded: whatever git answered, the lookup decides.
      const pushed = await commit.push(tag)
      const outcome = classifyTagPush(pushed, tagOid)
      return outcome.kind === 'submitted'
        ? {
            kind: 'ambiguous',
            reason: `${intent.tag_ref} was pushed alone: look it up to record it`
          }
        : outcome
    }
    const record = this.options.following({
      state: 'terminal_committed',
      result: { tag_object: tagOid, release_id: null, release_url: null },
      observation: 'the tag and this record were pushed in one atomic push'
    })
    return classifyTagPush(await commit.push(tag, record), tagOid)
  }

  /** Fetches the journal and the tag; the caller re-plans when the journal moved. */
  async lookup(): Promise<LookupOutcome> {
    const { tags, operation, intent } = this.options
    let tagOid: string | null
    try {
      await operation.reload()
      tagOid = await tags.readTag(intent.tag_ref)
    } catch (error) {
      if (!(error instanceof StoreError)) throw error
      return classifyEffectLookup('unavailable', this.fenced, {
        external_ids: {},
        reason: error.message
      })
    }
    const ours = await this.ourTagObject()
    const found: EffectFinding = tagOid === null ? 'none' : tagOid === ours ? 'ours' : 'other'
    return classifyEffectLookup(found, this.fenced, {
      external_ids: { tag_object: ours },
      reason:
        tagOid === null
          ? `neither ${intent.tag_ref} nor the record is at the remote`
          : `${intent.tag_ref} holds ${tagOid}${found === 'ours' ? ', ours' : `, not our ${ours}`}`
    })
  }
}
