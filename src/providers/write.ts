/**
 * A pull request, a comment or an issue made through GitHub's API, a provider of the one send
 * protocol (docs/design/effects.md#agent-writes). Every body it sends carries the operation's
 * marker, which is how a lookup knows what is ours. Only a pull request is fenced: GitHub
 * refuses a second open pull request for one head and base. A comment or an issue has no
 * fence, so a lookup that finds nothing proves nothing: a create whose answer was lost may
 * still commit after the lookup, and sending again could make two.
 */
import { readBackObservation, type ReadBackFound } from '../core/effect/decide.js'
import { carriesMarker } from '../core/effect/artifacts.js'
import type { EffectResult, WriteIntent } from '../core/effect/operation.js'
import {
  classifyCreateFailure,
  classifyEffectLookup,
  type EffectFinding
} from '../core/send/effectOutcome.js'
import type { LookupOutcome, SendOutcome } from '../core/send/outcome.js'
import type { Provider } from '../core/send/provider.js'
import type { Lookup, WriteCreateOutcome, WriteView, WritesApi } from '../core/send/ports.js'

/**
 * How far before the intent's time a lookup lists from. `since` is GitHub's clock, the intent's
 * time the runner's: an hour covers any skew a runner keeps, and costs only a longer listing.
 */
export const CLOCK_SKEW_MS = 60 * 60 * 1000

export interface WriteProviderOptions {
  readonly api: WritesApi
  readonly intent: WriteIntent
  readonly operationId: string
  readonly intentDigest: string
  /** The body with the operation's marker. */
  readonly body: string
  /** The intent's time (the prepared record's `occurred_at`); lookups list from before it. */
  readonly preparedAt: () => string
}

/** What reading a created write back found, and the ids to record. */
export interface ReadBack {
  readonly found: ReadBackFound
  readonly ids: Readonly<Record<string, string>> | null
  readonly observation: string
}

/** The ids a pull request, comment or issue is recorded by. */
export function writeIds(view: WriteView): Record<string, string> {
  return {
    id: String(view.id),
    ...(view.number !== null ? { number: String(view.number) } : {}),
    url: view.html_url
  }
}

export class WriteProvider implements Provider<null> {
  readonly name: WriteIntent['kind']
  readonly fenced: boolean
  readonly commitsWithRecord = false
  /** What this step's create answered, so a read-back needs no second request. */
  private created: WriteView | null = null

  constructor(private readonly options: WriteProviderOptions) {
    this.name = options.intent.kind
    this.fenced = options.intent.kind === 'pull-request'
  }

  /** POST once; `may_have_been_sent` must be durable before. */
  async send(): Promise<SendOutcome> {
    const answer = await this.create()
    if (answer.kind !== 'created') return classifyCreateFailure(answer, this.what())
    this.created = answer.view
    return { kind: 'submitted', external_ids: writeIds(answer.view) }
  }

  /**
   * Every candidate, by marker: exactly one of ours → found; several → conflict; none → for a
   * pull request, another's *open* one is a conflict (GitHub fences only open ones) and
   * nothing is absent; for a comment or an issue nothing found is unknown.
   */
  async lookup(): Promise<LookupOutcome> {
    const listed = await this.list()
    if (!listed.ok) return classifyEffectLookup('unavailable', this.fenced, seen(listed.detail))
    const marked = listed.value.filter(view => this.carriesOurMarker(view))
    const blocking = listed.value.filter(view => view.open && !this.carriesOurMarker(view))
    const found: EffectFinding =
      marked.length === 1
        ? 'ours'
        : marked.length > 1
          ? 'several'
          : this.fenced && blocking.length > 0
            ? 'other'
            : 'none'
    const mine = found === 'ours' ? (marked[0] as WriteView) : null
    return classifyEffectLookup(found, this.fenced, {
      external_ids: mine ? writeIds(mine) : {},
      reason:
        `listed ${listed.value.length} ${this.plural()}; ${marked.length} carry our marker` +
        (found === 'other' ? `; ${blocking[0]?.html_url} is open and not ours` : '')
    })
  }

  /** After a 201: the write must carry our marker and every field we asked for. */
  async readBack(result: EffectResult | null): Promise<ReadBack> {
    const id = Number(result?.id)
    let view = this.created?.id === id ? this.created : null
    if (view === null) {
      const listed = await this.list()
      if (!listed.ok) return { found: 'unavailable', ids: null, observation: listed.detail }
      view = listed.value.find(candidate => candidate.id === id) ?? null
    }
    const found: ReadBackFound =
      view === null ? 'none' : this.matchesIntent(view) ? 'match' : 'mismatch'
    return {
      found,
      ids: view ? writeIds(view) : null,
      observation: readBackObservation(this.name, id, found)
    }
  }

  private create(): Promise<WriteCreateOutcome> {
    const { api, intent, body } = this.options
    switch (intent.kind) {
      case 'pull-request':
        return api.createPull({
          head: intent.head,
          base: intent.base,
          title: intent.title,
          body,
          draft: intent.draft
        })
      case 'comment':
        return api.createComment(intent.issue_number, body)
      case 'issue':
        return api.createIssue({ title: intent.title, body, labels: intent.labels })
    }
  }

  private list(): Promise<Lookup<WriteView[]>> {
    const { api, intent } = this.options
    const since = new Date(Date.parse(this.options.preparedAt()) - CLOCK_SKEW_MS)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
    switch (intent.kind) {
      case 'pull-request':
        return api.listPulls(intent.head, intent.base)
      case 'comment':
        return api.listComments(intent.issue_number, since)
      case 'issue':
        return api.listIssues(since)
    }
  }

  private carriesOurMarker(view: WriteView): boolean {
    return carriesMarker(view.body, this.options.operationId, this.options.intentDigest)
  }

  private matchesIntent(view: WriteView): boolean {
    const { intent, api } = this.options
    const body =
      (view.body ?? '').replace(/\r\n/g, '\n') === this.options.body.replace(/\r\n/g, '\n')
    if (!this.carriesOurMarker(view) || !body) return false
    switch (intent.kind) {
      case 'pull-request': {
        const head = intent.head.includes(':') ? intent.head : `${api.owner}:${intent.head}`
        return (
          view.title === intent.title &&
          view.head?.toLowerCase() === head.toLowerCase() &&
          view.base === intent.base &&
          view.draft === intent.draft
        )
      }
      case 'comment':
        return true
      case 'issue':
        return (
          view.title === intent.title &&
          JSON.stringify([...(view.labels ?? [])].sort()) === JSON.stringify(intent.labels)
        )
    }
  }

  private what(): string {
    return this.name === 'pull-request' ? 'open pull request for this head and base' : this.name
  }

  private plural(): string {
    return this.name === 'pull-request'
      ? `pull requests from ${this.options.intent.kind === 'pull-request' ? this.options.intent.head : ''}`
      : this.name === 'comment'
        ? 'comments since the intent'
        : 'issues since the intent'
  }
}

function seen(reason: string) {
  return { external_ids: {}, reason }
}
