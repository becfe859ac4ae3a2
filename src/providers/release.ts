/**
 * The release create, a provider of the one send protocol
 * (docs/design/effects.md#release-protocol). A published release is fenced by GitHub's one
 * published release per tag (422 `already_exists`); a draft has no fence, so for a draft a
 * lookup that finds nothing proves nothing (docs/design/effects.md#drafts-and-unknown). Every
 * release this provider makes carries the operation's marker, which is how a lookup knows it.
 */
import { readBackObservation, type ReadBackFound } from '../core/effect/decide.js'
import { carriesMarker } from '../core/effect/artifacts.js'
import type { EffectResult, TagIntent } from '../core/effect/operation.js'
import {
  classifyEffectLookup,
  classifyReleaseCreate,
  releaseIds,
  type EffectFinding
} from '../core/send/effectOutcome.js'
import type { LookupOutcome, SendOutcome } from '../core/send/outcome.js'
import type { Provider } from '../core/send/provider.js'
import type { ReleaseApi, ReleaseView } from '../core/send/ports.js'
import type { ReadBack } from './write.js'

export interface ReleaseProviderOptions {
  readonly api: ReleaseApi
  /** The tag's name, without refs/tags/. */
  readonly tagName: string
  readonly release: NonNullable<TagIntent['release']>
  readonly operationId: string
  readonly intentDigest: string
  /** The release body with the operation's marker. */
  readonly body: string
}

export type { ReadBack } from './write.js'

export class ReleaseProvider implements Provider<null> {
  readonly name = 'release'
  /** Published: GitHub refuses a second release for the tag. A draft: no fence. */
  readonly fenced: boolean
  readonly commitsWithRecord = false

  constructor(private readonly options: ReleaseProviderOptions) {
    this.fenced = !options.release.draft
  }

  /** POST once; `may_have_been_sent` must be durable before. */
  async send(): Promise<SendOutcome> {
    const { api, release } = this.options
    return classifyReleaseCreate(
      await api.create({
        tag_name: this.options.tagName,
        name: release.name,
        body: this.options.body,
        draft: release.draft,
        prerelease: release.prerelease
      })
    )
  }

  /** A draft: every release, drafts included, by marker. Published: the tag's release. */
  async lookup(): Promise<LookupOutcome> {
    const { api, tagName } = this.options
    if (!this.fenced) {
      const listed = await api.listAll()
      if (!listed.ok) return this.classify('unavailable', null, listed.detail)
      const marked = listed.value.filter(r => this.carriesOurMarker(r))
      const found = marked.length === 0 ? 'none' : marked.length === 1 ? 'ours' : 'several'
      return this.classify(
        found,
        found === 'ours' ? (marked[0] as ReleaseView) : null,
        `listed ${listed.value.length} releases incl. drafts; ${marked.length} carry our marker`
      )
    }
    const byTag = await api.byTag(tagName)
    if (!byTag.ok) return this.classify('unavailable', null, byTag.detail)
    const release = byTag.value
    const found = release === null ? 'none' : this.carriesOurMarker(release) ? 'ours' : 'other'
    return this.classify(
      found,
      found === 'ours' ? release : null,
      release === null
        ? `no published release for ${tagName}`
        : `published release ${release.id} for ${tagName} ${found === 'ours' ? 'carries our marker' : 'is not ours'}`
    )
  }

  /** After a 201: the release must carry our marker and every field we asked for. */
  async readBack(result: EffectResult | null): Promise<ReadBack> {
    const id = Number(result?.release_id)
    const got = await this.options.api.get(id)
    if (!got.ok) return { found: 'unavailable', ids: null, observation: got.detail }
    const release = got.value
    const found: ReadBackFound =
      release === null ? 'none' : this.matchesIntent(release) ? 'match' : 'mismatch'
    return {
      found,
      ids: release ? releaseIds(release) : null,
      observation: readBackObservation('release', id, found)
    }
  }

  private classify(found: EffectFinding, mine: ReleaseView | null, reason: string): LookupOutcome {
    return classifyEffectLookup(found, this.fenced, {
      external_ids: mine ? releaseIds(mine) : {},
      reason
    })
  }

  private carriesOurMarker(release: ReleaseView): boolean {
    return carriesMarker(release.body, this.options.operationId, this.options.intentDigest)
  }

  private matchesIntent(release: ReleaseView): boolean {
    const wanted = this.options.release
    return (
      this.carriesOurMarker(release) &&
      release.tag_name === this.options.tagName &&
      (release.name ?? '') === wanted.name &&
      release.draft === wanted.draft &&
      release.prerelease === wanted.prerelease &&
      (release.body ?? '').replace(/\r\n/g, '\n') === this.options.body.replace(/\r\n/g, '\n')
    )
  }
}
