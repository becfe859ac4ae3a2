/**
 * The tag push, a provider of the one send protocol (docs/design/effects.md#tag-protocol): the
 * tag (create-only, so fenced) and the operation's `terminal_committed` record travel in one
 * atomic push, so the effect commits with its record. A lookup fetches both refs and compares
 * the tag's object with ours, by object id.
 */
import { epochSeconds, tagObjectText } from '../core/effect/artifacts.js'
import type { Intent, OperationRecord } from '../core/effect/operation.js'
import { InvalidInput, StoreError } from '../core/errors.js'
import {
  classifyEffectLookup,
  classifyTagPush,
  type EffectFinding
} from '../core/send/effectOutcome.js'
import type { LookupOutcome, SendOutcome } from '../core/send/outcome.js'
import type { Provider } from '../core/send/provider.js'
import type { TagStore } from '../store/tagStore.js'
import type { RecordFields } from '../core/effect/newOperationRecord.js'
import type { OperationJournal } from '../store/journal.js'

export interface TagProviderOptions {
  readonly tags: TagStore
  /** The operation's journal: the push appends to it, a lookup re-reads it. */
  readonly journal: OperationJournal
  readonly intent: Intent
  readonly intentDigest: string
  /** The tag message as given (the operation line is added). */
  readonly message: string
  /** The record that would follow the journal's head. */
  readonly following: (fields: RecordFields) => OperationRecord
}

export class TagProvider implements Provider<null> {
  readonly name = 'tag'
  /** A create-only push: a second one for the same tag is rejected. */
  readonly fenced = true
  readonly commitsWithRecord = true

  constructor(private readonly options: TagProviderOptions) {}

  /** The deterministic tag object of the operation (the same text gives the same id). */
  ourTagObject(): Promise<string> {
    const op = this.options.journal.state
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

  /** The tag and the terminal_committed record, in one atomic push. */
  async send(): Promise<SendOutcome> {
    const { tags, journal, intent } = this.options
    if (!(await tags.hasCommit(intent.target)))
      throw new InvalidInput(
        `The target commit ${intent.target} is not in the checkout, so no tag object can ` +
          'point at it. Check out with enough history (actions/checkout fetch-depth) or set target.'
      )
    const tagOid = await this.ourTagObject()
    const record = this.options.following({
      state: 'terminal_committed',
      result: { tag_object: tagOid, release_id: null, release_url: null },
      observation: 'the tag and this record were pushed in one atomic push'
    })
    const pushed = await journal.appendWith(record, { ref: intent.tag_ref, oid: tagOid }, update =>
      tags.pushTagWithRecord(update)
    )
    return classifyTagPush(pushed, tagOid)
  }

  /** Fetches the journal and the tag; the caller re-plans when the journal moved. */
  async lookup(): Promise<LookupOutcome> {
    const { tags, journal, intent } = this.options
    let tagOid: string | null
    try {
      await journal.reload()
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
