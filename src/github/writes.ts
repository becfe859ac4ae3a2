/**
 * The calls of the write kinds of `effect` (docs/design/effects.md#agent-writes): a pull
 * request, a comment, an issue. Each create is sent once (no retry or throttling plugin) and
 * classified; each listing reads every page, because a lookup that stopped early would read
 * "absent" into a partial list. GitHub's own quirks are handled here, where they are met:
 * `head=` filters only in the `<owner>:<branch>` form; the issue list defaults to open issues
 * and includes pull requests.
 */
import type {
  CreateIssue,
  CreatePull,
  Lookup,
  WriteCreateOutcome,
  WriteView,
  WritesApi
} from '../core/send/ports.js'
import {
  classifyCreateError,
  isPullAlreadyOpen,
  listingOf,
  type CreateErrorRules
} from './answers.js'
import type { GitHubConnection } from './gateway.js'

/** Creates that have no fence: a 422 is always a refusal. */
const NO_FENCE: CreateErrorRules = { fence: () => false, permission: 'issues: write' }
const PULL_FENCE: CreateErrorRules = {
  fence: isPullAlreadyOpen,
  permission: 'pull-requests: write'
}

/** Every page of a listing within one bound: this many requests' worth. */
const LISTING_FACTOR = 4

export class GitHubWrites implements WritesApi {
  constructor(private readonly github: GitHubConnection) {}

  get owner(): string {
    return this.github.where().owner
  }

  createPull(request: CreatePull): Promise<WriteCreateOutcome> {
    return this.create(PULL_FENCE, async (octokit, signal) => {
      const { data } = await octokit.rest.pulls.create({
        ...this.github.where(),
        ...request,
        request: { signal }
      })
      return pullView(data)
    })
  }

  listPulls(head: string, base: string): Promise<Lookup<WriteView[]>> {
    return listingOf(async () => {
      const octokit = await this.github.client()
      const all = await octokit.paginate(octokit.rest.pulls.list, {
        ...this.github.where(),
        head: head.includes(':') ? head : `${this.owner}:${head}`,
        base,
        state: 'all',
        per_page: 100,
        request: { signal: this.github.signal(LISTING_FACTOR) }
      })
      return all.map(pullView)
    })
  }

  createComment(issueNumber: number, body: string): Promise<WriteCreateOutcome> {
    return this.create(NO_FENCE, async (octokit, signal) => {
      const { data } = await octokit.rest.issues.createComment({
        ...this.github.where(),
        issue_number: issueNumber,
        body,
        request: { signal }
      })
      return commentView(data)
    })
  }

  listComments(issueNumber: number, since: string): Promise<Lookup<WriteView[]>> {
    return listingOf(async () => {
      const octokit = await this.github.client()
      const all = await octokit.paginate(octokit.rest.issues.listComments, {
        ...this.github.where(),
        issue_number: issueNumber,
        since,
        per_page: 100,
        request: { signal: this.github.signal(LISTING_FACTOR) }
      })
      return all.map(commentView)
    })
  }

  createIssue(request: CreateIssue): Promise<WriteCreateOutcome> {
    return this.create(NO_FENCE, async (octokit, signal) => {
      const { data } = await octokit.rest.issues.create({
        ...this.github.where(),
        title: request.title,
        body: request.body,
        labels: [...request.labels],
        request: { signal }
      })
      return issueView(data)
    })
  }

  listIssues(since: string): Promise<Lookup<WriteView[]>> {
    return listingOf(async () => {
      const octokit = await this.github.client()
      const all = await octokit.paginate(octokit.rest.issues.listForRepo, {
        ...this.github.where(),
        // The default is open issues only: a closed one of ours must still be found.
        state: 'all',
        since,
        per_page: 100,
        request: { signal: this.github.signal(LISTING_FACTOR) }
      })
      // The issue list includes pull requests; they are never an issue of ours.
      return all.filter(item => !item.pull_request).map(issueView)
    })
  }

  private async create(
    rules: CreateErrorRules,
    fn: (
      octokit: Awaited<ReturnType<GitHubConnection['client']>>,
      signal: AbortSignal
    ) => Promise<WriteView>
  ): Promise<WriteCreateOutcome> {
    // Outside the try: failing to load the client sent nothing, so it is no ambiguous create.
    const octokit = await this.github.client()
    try {
      return { kind: 'created', view: await fn(octokit, this.github.signal()) }
    } catch (error) {
      return classifyCreateError(error, rules)
    }
  }
}

interface PullData {
  id: number
  number: number
  html_url: string
  body: string | null
  title: string
  state: string
  draft?: boolean
  head: { label: string }
  base: { ref: string }
}

function pullView(data: PullData): WriteView {
  return {
    id: data.id,
    number: data.number,
    html_url: data.html_url,
    body: data.body ?? null,
    title: data.title,
    open: data.state === 'open',
    head: data.head.label,
    base: data.base.ref,
    draft: data.draft ?? false,
    labels: null
  }
}

interface CommentData {
  id: number
  html_url: string
  body?: string
}

function commentView(data: CommentData): WriteView {
  return {
    id: data.id,
    number: null,
    html_url: data.html_url,
    body: data.body ?? null,
    title: null,
    open: true,
    head: null,
    base: null,
    draft: null,
    labels: null
  }
}

interface IssueData {
  id: number
  number: number
  html_url: string
  body?: string | null
  title: string
  state: string
  labels: Array<string | { name?: string }>
}

function issueView(data: IssueData): WriteView {
  return {
    id: data.id,
    number: data.number,
    html_url: data.html_url,
    body: data.body ?? null,
    title: data.title,
    open: data.state === 'open',
    head: null,
    base: null,
    draft: null,
    labels: data.labels.map(label => (typeof label === 'string' ? label : (label.name ?? '')))
  }
}
