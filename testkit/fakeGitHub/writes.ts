/**
 * The fake's pull requests and issues, and the listing of an issue's comments: the writes an
 * agent makes (docs/design/effects.md#agent-writes), with GitHub's behaviour where the product
 * depends on it —
 * - a second *open* pull request for one head and base is refused: 422, error `code: custom`,
 *   "A pull request already exists for <owner>:<head>." (checked when the create commits, so a
 *   late commit is judged against the state it meets); with the origin's directory known, a
 *   head or base that does not exist, or no commits between them, is another 422;
 * - `GET …/pulls?head=` filters only in the `<owner>:<branch>` form (a bare branch is ignored);
 * - issues and pull requests share one sequence of numbers, and the issue list includes pull
 *   requests (with `pull_request`) and defaults to open ones;
 * - `since` on the issue and comment lists means updated at or after.
 *
 * Erasable TypeScript only (Node type stripping).
 */
import { resolveCommit } from './tags.ts'
import {
  HTML,
  fullRepository,
  isoNow,
  nodeId,
  simpleUser,
  validationError,
  type RepoRef,
  type UserRef
} from './shapes.ts'
import type { FakeGitHubState, Outcome, Reply, RequestContext } from './state.ts'
import type { Schemas } from './types.ts'

export interface PullData {
  id: number
  number: number
  title: string
  body: string | null
  head: string
  base: string
  head_sha: string
  base_sha: string
  state: 'open' | 'closed'
  draft: boolean
  user: UserRef
  created_at: string
  updated_at: string
}

export interface IssueData {
  id: number
  number: number
  title: string
  body: string | null
  labels: string[]
  state: 'open' | 'closed'
  user: UserRef
  created_at: string
  updated_at: string
}

const ZERO = '0'.repeat(40)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const refusal = (resource: string, code: string, field?: string, message?: string): Reply => ({
  status: 422,
  body: validationError({
    resource,
    code,
    ...(field ? { field } : {}),
    ...(message ? { message } : {})
  })
})
const invalid = (...args: Parameters<typeof refusal>): Outcome => ({ reply: refusal(...args) })

/** GitHub's `since`: updated at or after; an unparsable one filters nothing out. */
function updatedSince(updatedAt: string, since: string | null): boolean {
  if (!since) return true
  const at = Date.parse(since)
  return Number.isNaN(at) || Date.parse(updatedAt) >= at
}

export class WritesState {
  readonly pulls: PullData[] = []
  readonly issues: IssueData[] = []
  nextNumber = 1
  nextPullId = 500_000_001
  nextIssueId = 600_000_001

  private readonly state: FakeGitHubState

  constructor(state: FakeGitHubState) {
    this.state = state
  }

  /** Counters carried over a reset, so no id or number is ever reused. */
  carry(from: WritesState): void {
    this.nextNumber = from.nextNumber
    this.nextPullId = from.nextPullId
    this.nextIssueId = from.nextIssueId
  }

  private get repo(): RepoRef {
    return this.state.repoRef
  }

  addPull(init: {
    head: string
    base: string
    title?: string
    body?: string | null
    state?: 'open' | 'closed'
    draft?: boolean
    user?: string
  }): PullData {
    const now = isoNow()
    const dir = this.state.config.originDir
    const data: PullData = {
      id: this.nextPullId++,
      number: this.nextNumber++,
      title: init.title ?? `Merge ${init.head}`,
      body: init.body ?? null,
      head: init.head,
      base: init.base,
      head_sha: (dir && resolveCommit(dir, init.head)) || ZERO,
      base_sha: (dir && resolveCommit(dir, init.base)) || ZERO,
      state: init.state ?? 'open',
      draft: init.draft ?? false,
      user: this.state.user(init.user ?? 'octocat'),
      created_at: now,
      updated_at: now
    }
    this.pulls.push(data)
    return data
  }

  addIssue(init: {
    title: string
    body?: string | null
    labels?: string[]
    state?: 'open' | 'closed'
    user?: string
  }): IssueData {
    const now = isoNow()
    const data: IssueData = {
      id: this.nextIssueId++,
      number: this.nextNumber++,
      title: init.title,
      body: init.body ?? null,
      labels: [...new Set(init.labels ?? [])],
      state: init.state ?? 'open',
      user: this.state.user(init.user ?? 'octocat'),
      created_at: now,
      updated_at: now
    }
    this.issues.push(data)
    return data
  }

  // ---- the routes ------------------------------------------------------------------------

  createPull(ctx: RequestContext): Outcome {
    const body = isRecord(ctx.body) ? ctx.body : {}
    for (const field of ['title', 'head', 'base'])
      if (typeof body[field] !== 'string' || body[field] === '')
        return invalid('PullRequest', 'missing_field', field)
    const owner = this.repo.owner.login
    const headText = body.head as string
    const colon = headText.indexOf(':')
    const head = colon >= 0 ? headText.slice(colon + 1) : headText
    if (colon >= 0 && headText.slice(0, colon).toLowerCase() !== owner.toLowerCase())
      return invalid('PullRequest', 'invalid', 'head')
    const base = body.base as string
    const dir = this.state.config.originDir
    if (dir) {
      const headSha = resolveCommit(dir, `refs/heads/${head}`)
      const baseSha = resolveCommit(dir, `refs/heads/${base}`)
      if (!headSha) return invalid('PullRequest', 'invalid', 'head')
      if (!baseSha) return invalid('PullRequest', 'invalid', 'base')
      if (headSha === baseSha)
        return invalid('PullRequest', 'custom', undefined, `No commits between ${base} and ${head}`)
    }
    return {
      commit: (): Reply => {
        // GitHub's fence, judged when the create commits: one open pull request per head and base.
        const open = this.pulls.some(p => p.state === 'open' && p.head === head && p.base === base)
        if (open)
          return refusal(
            'PullRequest',
            'custom',
            undefined,
            `A pull request already exists for ${owner}:${head}.`
          )
        const data = this.addPull({
          head,
          base,
          title: body.title as string,
          body: typeof body.body === 'string' ? body.body : null,
          draft: body.draft === true,
          user: ctx.user.login
        })
        const made = this.pull(data)
        return { status: 201, body: made, headers: { location: made.url } }
      }
    }
  }

  listPulls(ctx: RequestContext): Outcome {
    const q = ctx.query
    const state = q.get('state') ?? 'open'
    const head = q.get('head') ?? ''
    const label = (p: PullData): string => `${this.repo.owner.login}:${p.head}`.toLowerCase()
    const selected = this.pulls
      .filter(p => state === 'all' || p.state === state)
      // Only `<owner>:<branch>` filters; a bare branch name is ignored, as GitHub ignores it.
      .filter(p => !head.includes(':') || label(p) === head.toLowerCase())
      .filter(p => !q.get('base') || p.base === q.get('base'))
      .sort((a, b) => b.number - a.number)
    return this.state.page(
      ctx,
      selected.map(p => this.pullSimple(p)),
      items => items
    )
  }

  createIssue(ctx: RequestContext): Outcome {
    const body = isRecord(ctx.body) ? ctx.body : {}
    if (typeof body.title !== 'string' || body.title === '')
      return invalid('Issue', 'missing_field', 'title')
    const labels = Array.isArray(body.labels) ? body.labels : []
    const names = labels.map(l => (typeof l === 'string' ? l : isRecord(l) ? l.name : undefined))
    if (names.some(n => typeof n !== 'string' || n === ''))
      return invalid('Issue', 'invalid', 'labels')
    return {
      commit: (): Reply => {
        const data = this.addIssue({
          title: body.title as string,
          body: typeof body.body === 'string' ? body.body : null,
          labels: names as string[],
          user: ctx.user.login
        })
        const made = this.issue(data)
        return { status: 201, body: made, headers: { location: made.url } }
      }
    }
  }

  listIssues(ctx: RequestContext): Outcome {
    const q = ctx.query
    const state = q.get('state') ?? 'open'
    const since = q.get('since')
    const all = [
      ...this.issues.map(i => ({ number: i.number, data: i, view: () => this.issue(i) })),
      ...this.pulls.map(p => ({ number: p.number, data: p, view: () => this.pullAsIssue(p) }))
    ]
    const selected = all
      .filter(x => state === 'all' || x.data.state === state)
      .filter(x => updatedSince(x.data.updated_at, since))
      .sort((a, b) => b.number - a.number)
    return this.state.page(
      ctx,
      selected.map(x => x.view()),
      items => items
    )
  }

  listComments(ctx: RequestContext): Outcome {
    const issue = Number(ctx.params.issue_number)
    const since = ctx.query.get('since')
    const selected = this.state.comments
      .filter(c => c.issue_number === issue)
      .filter(c => updatedSince(c.created_at, since))
      .sort((a, b) => a.id - b.id)
    return this.state.page(
      ctx,
      selected.map(c => this.state.commentBody(c)),
      items => items
    )
  }

  // ---- shapes ----------------------------------------------------------------------------

  private get full(): string {
    return `${this.repo.owner.login}/${this.repo.name}`
  }

  private get apiRepo(): string {
    return `${this.state.api}/repos/${this.full}`
  }

  private repository(): Schemas['repository'] {
    return {
      ...fullRepository(this.state.api, this.repo, this.state.createdAt),
      has_downloads: true
    } as Schemas['repository']
  }

  private branch(ref: string, sha: string): Schemas['pull-request']['head'] {
    return {
      label: `${this.repo.owner.login}:${ref}`,
      ref,
      sha,
      user: simpleUser(this.state.api, this.repo.owner),
      repo: this.repository()
    }
  }

  pullSimple(p: PullData): Schemas['pull-request-simple'] {
    const url = `${this.apiRepo}/pulls/${p.number}`
    const issueUrl = `${this.apiRepo}/issues/${p.number}`
    const html = `${HTML}/${this.full}/pull/${p.number}`
    const href = (h: string) => ({ href: h })
    return {
      url,
      id: p.id,
      node_id: nodeId('PR', p.id),
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      issue_url: issueUrl,
      commits_url: `${url}/commits`,
      review_comments_url: `${url}/comments`,
      review_comment_url: `${this.apiRepo}/pulls/comments{/number}`,
      comments_url: `${issueUrl}/comments`,
      statuses_url: `${this.apiRepo}/statuses/${p.head_sha}`,
      number: p.number,
      state: p.state,
      locked: false,
      title: p.title,
      user: simpleUser(this.state.api, p.user),
      body: p.body,
      labels: [],
      milestone: null,
      active_lock_reason: null,
      created_at: p.created_at,
      updated_at: p.updated_at,
      closed_at: p.state === 'closed' ? p.updated_at : null,
      merged_at: null,
      merge_commit_sha: null,
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      requested_teams: [],
      head: this.branch(p.head, p.head_sha),
      base: this.branch(p.base, p.base_sha),
      _links: {
        self: href(url),
        html: href(html),
        issue: href(issueUrl),
        comments: href(`${issueUrl}/comments`),
        review_comments: href(`${url}/comments`),
        review_comment: href(`${this.apiRepo}/pulls/comments{/number}`),
        commits: href(`${url}/commits`),
        statuses: href(`${this.apiRepo}/statuses/${p.head_sha}`)
      },
      author_association: 'MEMBER',
      auto_merge: null,
      draft: p.draft
    }
  }

  pull(p: PullData): Schemas['pull-request'] {
    // The full shape is the simple one plus the merge fields (head.user nullable in one only).
    return {
      ...this.pullSimple(p),
      merged: false,
      mergeable: null,
      rebaseable: null,
      mergeable_state: 'unknown',
      merged_by: null,
      comments: 0,
      review_comments: 0,
      maintainer_can_modify: false,
      commits: 1,
      additions: 0,
      deletions: 0,
      changed_files: 0
    } as Schemas['pull-request']
  }

  private issueBase(
    number: number,
    fields: { id: number; title: string; body: string | null; state: string; user: UserRef },
    times: { created_at: string; updated_at: string },
    page: string
  ): Schemas['issue'] {
    const url = `${this.apiRepo}/issues/${number}`
    return {
      id: fields.id,
      node_id: nodeId('I', fields.id),
      url,
      repository_url: this.apiRepo,
      labels_url: `${url}/labels{/name}`,
      comments_url: `${url}/comments`,
      events_url: `${url}/events`,
      html_url: page,
      number,
      state: fields.state,
      title: fields.title,
      body: fields.body,
      user: simpleUser(this.state.api, fields.user),
      labels: [],
      assignee: null,
      assignees: [],
      milestone: null,
      locked: false,
      active_lock_reason: null,
      comments: this.state.comments.filter(c => c.issue_number === number).length,
      closed_at: fields.state === 'closed' ? times.updated_at : null,
      created_at: times.created_at,
      updated_at: times.updated_at,
      author_association: 'MEMBER'
    }
  }

  issue(i: IssueData): Schemas['issue'] {
    const made = this.issueBase(i.number, i, i, `${HTML}/${this.full}/issues/${i.number}`)
    return {
      ...made,
      labels: i.labels.map(name => ({
        id: 700_000_000 + (i.id % 1000),
        node_id: nodeId('LA', i.id),
        url: `${this.apiRepo}/labels/${encodeURIComponent(name)}`,
        name,
        description: null,
        color: 'ededed',
        default: false
      }))
    }
  }

  /** A pull request as the issue list shows it: an issue with `pull_request`. */
  private pullAsIssue(p: PullData): Schemas['issue'] {
    const html = `${HTML}/${this.full}/pull/${p.number}`
    return {
      ...this.issueBase(p.number, p, p, html),
      draft: p.draft,
      pull_request: {
        url: `${this.apiRepo}/pulls/${p.number}`,
        html_url: html,
        diff_url: `${html}.diff`,
        patch_url: `${html}.patch`,
        merged_at: null
      }
    }
  }

  view() {
    return {
      pulls: this.pulls.map(p => this.pull(p)),
      issues: this.issues.map(i => this.issue(i))
    }
  }
}
