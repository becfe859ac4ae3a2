/**
 * The fake's repository state and one handler per route. A handler checks the request and
 * returns either a reply that changes nothing (a refusal, a read) or a `commit` thunk that
 * applies the change and returns the answer. The server decides when (and whether) to call
 * the thunk, which is how fault modes commit before, after or without answering. Every check
 * that depends on state (the release fence, "is this run still running") is inside the thunk,
 * so a late commit is judged against the state at the time it commits. Thunks are
 * synchronous: two commits never interleave.
 *
 * Erasable TypeScript only (Node type stripping).
 */
import type { RouteName } from './routes.ts'
import { WritesState } from './writes.ts'
import { createTag, protectedTag, resolveCommit, tagAt, validTagName } from './tags.ts'
import {
  basicError,
  DOCS,
  fullRepository,
  isoNow,
  issueComment,
  reaction,
  release,
  sha1,
  simpleUser,
  stableId,
  validationError,
  workflowRun,
  type CommentData,
  type ReleaseData,
  type RepoRef,
  type RunData,
  type UserRef
} from './shapes.ts'
import type {
  DispatchRecord,
  FakeConfig,
  ReceiverRecord,
  Reaction,
  Schemas,
  UserConfig,
  WorkflowConfig
} from './types.ts'

export interface Reply {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

export type Outcome = { reply: Reply } | { commit: () => Reply }

export interface RequestContext {
  readonly seq: number
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  readonly body: unknown
  readonly user: UserRef
  /** The URL the client asked for, for Link headers. */
  readonly url: URL
}

export interface StateHooks {
  /** A run was queued by a dispatch or a re-run: the server starts its receiver. */
  runQueued(runId: number, inputs: Record<string, unknown>, ref: string): void
}

interface RunEntry extends RunData {
  /** The dispatch inputs, when a dispatch created this run. */
  inputs?: Record<string, unknown>
  ref: string
}

const REACTIONS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'] as const
const FAILED = new Set(['failure', 'cancelled', 'timed_out', 'startup_failure'])
const MAX_ATTEMPTS = 50
const RERUN_WINDOW_MS = 30 * 24 * 3600 * 1000

const reply = (status: number, body?: unknown, headers?: Record<string, string>): Outcome => ({
  reply: { status, body, headers }
})
const notFound = (): Reply => ({ status: 404, body: basicError(404, 'Not Found') })
const invalid = (resource: string, code: string, field: string, message?: string): Reply => ({
  status: 422,
  body: validationError({ resource, code, field, ...(message ? { message } : {}) })
})

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function intParam(value: string | undefined): number | null {
  return value !== undefined && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null
}

export class FakeGitHubState {
  api: string
  config: FakeConfig
  readonly hooks: StateHooks
  readonly createdAt = isoNow()

  readonly runs: RunEntry[] = []
  readonly dispatches: DispatchRecord[] = []
  readonly receivers: ReceiverRecord[] = []
  readonly reruns: { run_id: number; run_attempt: number }[] = []
  readonly cancels: { run_id: number; status: number }[] = []
  readonly releases: ReleaseData[] = []
  readonly tagsCreatedByReleases: string[] = []
  readonly comments: CommentData[] = []
  readonly reactions: (Reaction & { comment_id: number; login: string })[] = []
  readonly runNumbers = new Map<number, number>()
  /** Pull requests and issues (testkit/fakeGitHub/writes.ts). */
  readonly writes: WritesState = new WritesState(this)
  nextRunId = 30_000_000_001
  nextReleaseId = 200_000_001
  nextCommentId = 3_000_000_001
  nextReactionId = 400_000_001

  constructor(api: string, config: FakeConfig, hooks: StateHooks) {
    this.api = api
    this.config = config
    this.hooks = hooks
  }

  get repoRef(): RepoRef {
    const { owner, name, id } = this.config.repo
    return { owner: { login: owner, id: 9919, type: 'Organization' }, name, id }
  }

  user(login: string): UserRef {
    const known: UserConfig | undefined = this.config.users?.[login]
    const type = known?.type ?? (login.endsWith('[bot]') ? 'Bot' : 'User')
    const id = known?.id ?? (login === 'github-actions[bot]' ? 41898282 : stableId(login))
    return { login, id, type }
  }

  // ---- workflow runs --------------------------------------------------------------------

  workflowFor(idOrFile: string): { id: number; path: string; name: string; cfg?: WorkflowConfig } {
    const configured = this.config.workflows
    const numeric = intParam(idOrFile)
    const files = configured ? Object.keys(configured) : []
    const idOf = (file: string): number =>
      configured?.[file]?.id ?? 100_000 + (stableId(file) % 900_000)
    let file: string | undefined
    if (numeric !== null) {
      file = files.find(f => idOf(f) === numeric)
      file ??= this.runs
        .find(r => r.workflow.id === numeric)
        ?.workflow.path.split('/')
        .pop()
    } else if (configured ? idOrFile in configured : /^[^/]+\.ya?ml$/.test(idOrFile)) {
      file = idOrFile
    }
    if (file === undefined) throw new NotFound()
    const cfg = configured?.[file]
    return { id: idOf(file), path: `.github/workflows/${file}`, name: cfg?.name ?? file, cfg }
  }

  createRun(init: {
    workflow: { id: number; path: string; name: string }
    ref: string
    event: string
    actor: UserRef
    inputs?: Record<string, unknown>
    status?: string
    conclusion?: string | null
    head_sha?: string
    run_attempt?: number
    created_at?: string
  }): RunEntry {
    const now = isoNow()
    const number = (this.runNumbers.get(init.workflow.id) ?? 0) + 1
    this.runNumbers.set(init.workflow.id, number)
    const run: RunEntry = {
      id: this.nextRunId++,
      run_number: number,
      run_attempt: init.run_attempt ?? 1,
      workflow: init.workflow,
      head_branch: init.ref.replace(/^refs\/(heads|tags)\//, ''),
      head_sha: init.head_sha ?? sha1(`${init.ref}`),
      event: init.event,
      status: init.status ?? 'queued',
      conclusion: init.conclusion ?? null,
      actor: init.actor,
      triggering_actor: init.actor,
      created_at: init.created_at ?? now,
      updated_at: now,
      run_started_at: now,
      ref: init.ref,
      ...(init.inputs ? { inputs: init.inputs } : {})
    }
    this.runs.push(run)
    return run
  }

  findRun(id: number | null): RunEntry | undefined {
    return id === null ? undefined : this.runs.find(r => r.id === id)
  }

  setRun(
    id: number,
    patch: Partial<Pick<RunData, 'status' | 'conclusion' | 'run_attempt' | 'created_at'>>
  ): RunEntry {
    const run = this.findRun(id)
    if (!run) throw new NotFound()
    Object.assign(run, patch, { updated_at: isoNow() })
    return run
  }

  runBody(run: RunEntry): Schemas['workflow-run'] {
    return workflowRun(this.api, this.repoRef, run)
  }

  // ---- releases, comments ----------------------------------------------------------------

  addRelease(
    init: Partial<Omit<ReleaseData, 'id' | 'author'>> & { tag_name: string; author?: string }
  ): ReleaseData {
    const now = isoNow()
    const draft = init.draft ?? false
    const data: ReleaseData = {
      id: this.nextReleaseId++,
      tag_name: init.tag_name,
      target_commitish: init.target_commitish ?? 'main',
      name: init.name ?? null,
      body: init.body ?? null,
      draft,
      prerelease: init.prerelease ?? false,
      author: this.user(init.author ?? 'octocat'),
      created_at: now,
      published_at: draft ? null : now
    }
    this.releases.push(data)
    return data
  }

  addComment(init: {
    issue_number: number
    body: string
    user: string
    author_association?: Schemas['author-association']
  }): CommentData {
    const data: CommentData = {
      id: this.nextCommentId++,
      issue_number: init.issue_number,
      body: init.body,
      user: this.user(init.user),
      created_at: isoNow(),
      author_association: init.author_association ?? 'NONE'
    }
    this.comments.push(data)
    return data
  }

  commentBody(data: CommentData): Schemas['issue-comment'] {
    return issueComment(this.api, this.repoRef, data)
  }

  // ---- the routes ------------------------------------------------------------------------

  readonly handlers: Record<RouteName, (ctx: RequestContext) => Outcome> = {
    getRepo: () => reply(200, fullRepository(this.api, this.repoRef, this.createdAt)),

    dispatch: ctx => {
      const workflow = this.workflowFor(ctx.params.workflow_id ?? '')
      const body = isRecord(ctx.body) ? ctx.body : {}
      if (typeof body.ref !== 'string' || body.ref === '')
        return reply(422, basicError(422, `Invalid request.\n\n"ref" wasn't supplied.`))
      if (body.inputs !== undefined && !isRecord(body.inputs))
        return reply(
          422,
          basicError(422, "Invalid request.\n\nFor 'properties/inputs', it is not an object.")
        )
      const inputs = (body.inputs ?? {}) as Record<string, unknown>
      if (Object.keys(inputs).length > 25)
        return reply(
          422,
          basicError(422, 'Invalid request.\n\nInputs can have at most 25 properties.')
        )
      if (workflow.cfg?.dispatchable === false)
        return reply(422, basicError(422, "Workflow does not have 'workflow_dispatch' trigger"))
      const declared = workflow.cfg?.inputs
      const unexpected = declared ? Object.keys(inputs).filter(k => !declared.includes(k)) : []
      if (unexpected.length > 0)
        return reply(
          422,
          basicError(422, `Unexpected inputs provided: ${JSON.stringify(unexpected)}`)
        )
      const ref = body.ref
      const details = body.return_run_details === true
      return {
        commit: () => {
          const run = this.createRun({
            workflow,
            ref,
            event: 'workflow_dispatch',
            actor: ctx.user,
            inputs
          })
          this.dispatches.push({
            request: ctx.seq,
            workflow: workflow.path,
            ref,
            inputs,
            run_id: run.id
          })
          this.hooks.runQueued(run.id, inputs, ref)
          if (!details) return { status: 204 }
          const shape = this.runBody(run)
          const answer: Schemas['workflow-dispatch-response'] = {
            workflow_run_id: run.id,
            run_url: shape.url,
            html_url: shape.html_url
          }
          return { status: 200, body: answer }
        }
      }
    },

    listRuns: ctx => this.listRuns(ctx, this.runs),

    listWorkflowRuns: ctx => {
      const workflow = this.workflowFor(ctx.params.workflow_id ?? '')
      return this.listRuns(
        ctx,
        this.runs.filter(r => r.workflow.id === workflow.id)
      )
    },

    getRun: ctx => {
      const run = this.findRun(intParam(ctx.params.run_id))
      return run ? reply(200, this.runBody(run)) : { reply: notFound() }
    },

    rerunFailedJobs: ctx => {
      const id = intParam(ctx.params.run_id)
      if (!this.findRun(id)) return { reply: notFound() }
      return {
        commit: () => {
          const run = this.findRun(id) as RunEntry
          const refuse = (message: string): Reply => ({
            status: 403,
            body: basicError(403, message)
          })
          if (run.status !== 'completed')
            return refuse('This workflow run is not completed; it cannot be re-run yet.')
          if (!FAILED.has(run.conclusion ?? ''))
            return refuse('This workflow run has no failed jobs to re-run.')
          if (run.run_attempt >= MAX_ATTEMPTS)
            return refuse('This workflow run has reached the maximum number of attempts.')
          if (Date.now() - Date.parse(run.created_at) > RERUN_WINDOW_MS)
            return refuse('This workflow run is older than 30 days and cannot be re-run.')
          const now = isoNow()
          Object.assign(run, {
            run_attempt: run.run_attempt + 1,
            status: 'queued',
            conclusion: null,
            run_started_at: now,
            updated_at: now,
            triggering_actor: ctx.user
          })
          this.reruns.push({ run_id: run.id, run_attempt: run.run_attempt })
          if (run.inputs) this.hooks.runQueued(run.id, run.inputs, run.ref)
          const empty: Schemas['empty-object'] = {}
          return { status: 201, body: empty }
        }
      }
    },

    cancelRun: ctx => {
      const id = intParam(ctx.params.run_id)
      if (!this.findRun(id)) return { reply: notFound() }
      return {
        commit: () => {
          const run = this.findRun(id) as RunEntry
          if (run.status === 'completed') {
            this.cancels.push({ run_id: run.id, status: 409 })
            return {
              status: 409,
              body: basicError(409, 'Cannot cancel a workflow run that is completed.')
            }
          }
          Object.assign(run, { status: 'completed', conclusion: 'cancelled', updated_at: isoNow() })
          this.cancels.push({ run_id: run.id, status: 202 })
          const empty: Schemas['empty-object'] = {}
          return { status: 202, body: empty }
        }
      }
    },

    getPermission: ctx => {
      const login = ctx.params.username ?? ''
      const role = this.config.users?.[login]?.permission ?? 'none'
      const legacy = { admin: 'admin', maintain: 'write', write: 'write', triage: 'read' }
      const permission = (legacy as Record<string, string>)[role] ?? role
      const rank = ['none', 'read', 'triage', 'write', 'maintain', 'admin'].indexOf(role)
      const body: Schemas['repository-collaborator-permission'] = {
        permission,
        role_name: role,
        user: {
          ...simpleUser(this.api, this.user(login)),
          role_name: role,
          permissions: {
            pull: rank >= 1,
            triage: rank >= 2,
            push: rank >= 3,
            maintain: rank >= 4,
            admin: rank >= 5
          }
        }
      }
      return reply(200, body)
    },

    createReaction: ctx => {
      const commentId = intParam(ctx.params.comment_id)
      if (commentId === null) return { reply: notFound() }
      const content = isRecord(ctx.body) ? ctx.body.content : undefined
      if (!REACTIONS.includes(content as (typeof REACTIONS)[number]))
        return { reply: invalid('Reaction', 'invalid', 'content') }
      return {
        commit: () => {
          const same = this.reactions.find(
            r => r.comment_id === commentId && r.content === content && r.login === ctx.user.login
          )
          if (same) return { status: 200, body: reactionBody(same) }
          const made = reaction(this.api, {
            id: this.nextReactionId++,
            content: content as Schemas['reaction']['content'],
            user: ctx.user,
            created_at: isoNow()
          })
          this.reactions.push({ ...made, comment_id: commentId, login: ctx.user.login })
          return { status: 201, body: made }
        }
      }
    },

    createComment: ctx => {
      const issue = intParam(ctx.params.issue_number)
      if (issue === null) return { reply: notFound() }
      const text = isRecord(ctx.body) ? ctx.body.body : undefined
      if (typeof text !== 'string' || text === '')
        return { reply: invalid('IssueComment', 'missing_field', 'body') }
      return {
        commit: () => {
          const data = this.addComment({ issue_number: issue, body: text, user: ctx.user.login })
          const body = this.commentBody(data)
          return { status: 201, body, headers: { location: body.url } }
        }
      }
    },

    listComments: ctx =>
      intParam(ctx.params.issue_number) === null
        ? { reply: notFound() }
        : this.writes.listComments(ctx),
    createIssue: ctx => this.writes.createIssue(ctx),
    listIssues: ctx => this.writes.listIssues(ctx),
    createPull: ctx => this.writes.createPull(ctx),
    listPulls: ctx => this.writes.listPulls(ctx),

    createRelease: ctx => {
      const body = isRecord(ctx.body) ? ctx.body : {}
      const tag = body.tag_name
      if (typeof tag !== 'string' || tag === '')
        return { reply: invalid('Release', 'missing_field', 'tag_name') }
      if (!validTagName(tag)) return { reply: invalid('Release', 'invalid', 'tag_name') }
      const draft = body.draft === true
      const target = typeof body.target_commitish === 'string' ? body.target_commitish : 'main'
      return {
        commit: () => {
          // GitHub's fence: one published release per tag. Drafts have none.
          const published = this.releases.some(r => !r.draft && r.tag_name === tag)
          if (!draft && published)
            return {
              status: 422,
              body: validationError({
                resource: 'Release',
                code: 'already_exists',
                field: 'tag_name'
              })
            }
          if (!draft) {
            const refused = this.tagForRelease(tag, target)
            if (refused) return refused
          }
          const data = this.addRelease({
            tag_name: tag,
            target_commitish: target,
            name: typeof body.name === 'string' ? body.name : tag,
            body: typeof body.body === 'string' ? body.body : null,
            draft,
            prerelease: body.prerelease === true,
            author: ctx.user.login
          })
          const made = release(this.api, this.repoRef, data)
          return { status: 201, body: made, headers: { location: made.url } }
        }
      }
    },

    listReleases: ctx => {
      const all = [...this.releases].sort((a, b) => b.id - a.id)
      return this.page(
        ctx,
        all.map(r => release(this.api, this.repoRef, r)),
        items => items
      )
    },

    getReleaseByTag: ctx => {
      const found = this.releases
        .filter(r => !r.draft && r.tag_name === ctx.params.tag)
        .sort((a, b) => b.id - a.id)[0]
      return found ? reply(200, release(this.api, this.repoRef, found)) : { reply: notFound() }
    },

    getRelease: ctx => {
      const id = intParam(ctx.params.release_id)
      const found = this.releases.find(r => r.id === id)
      return found ? reply(200, release(this.api, this.repoRef, found)) : { reply: notFound() }
    }
  }

  /**
   * A published release needs its tag: GitHub creates a missing one on target_commitish
   * (refused by a ruleset protecting it, or when the target does not resolve). Only when the
   * fake knows the origin's directory; the reply is a refusal, or null to go on.
   */
  tagForRelease(tag: string, target: string): Reply | null {
    const dir = this.config.originDir
    if (!dir || tagAt(dir, tag)) return null
    if (protectedTag(dir, tag))
      return invalid(
        'Release',
        'custom',
        'tag_name',
        `Repository rule violations found for refs/tags/${tag}: cannot create ref due to creations being restricted.`
      )
    const oid = resolveCommit(dir, target)
    if (!oid || !createTag(dir, tag, oid)) return invalid('Release', 'invalid', 'target_commitish')
    this.tagsCreatedByReleases.push(tag)
    return null
  }

  /** GitHub's run filters: actor, branch, event, status (a status or a conclusion), head_sha, created. */
  listRuns(ctx: RequestContext, runs: RunEntry[]): Outcome {
    const q = ctx.query
    const created = q.get('created')
    const selected = runs
      .filter(r => !q.get('actor') || r.actor.login === q.get('actor'))
      .filter(r => !q.get('branch') || r.head_branch === q.get('branch'))
      .filter(r => !q.get('event') || r.event === q.get('event'))
      .filter(r => !q.get('head_sha') || r.head_sha === q.get('head_sha'))
      .filter(
        r => !q.get('check_suite_id') || r.id + 7_000_000_000 === Number(q.get('check_suite_id'))
      )
      .filter(r => {
        const s = q.get('status')
        return !s || r.status === s || r.conclusion === s
      })
      .filter(r => !created || inDateRange(r.created_at, created))
      .sort((a, b) => b.id - a.id)
    return this.page(
      ctx,
      selected.map(r => this.runBody(r)),
      (items, total) => ({
        total_count: total,
        workflow_runs: items
      })
    )
  }

  /** per_page (default 30, at most 100) and page, with GitHub's Link header. */
  page<T>(ctx: RequestContext, items: T[], wrap: (page: T[], total: number) => unknown): Outcome {
    const perPage = Math.min(100, intParam(ctx.query.get('per_page') ?? undefined) ?? 30)
    const page = intParam(ctx.query.get('page') ?? undefined) ?? 1
    const last = Math.max(1, Math.ceil(items.length / perPage))
    const slice = items.slice((page - 1) * perPage, page * perPage)
    const link = (n: number, rel: string): string => {
      const url = new URL(ctx.url.pathname, this.api)
      for (const [k, v] of ctx.query) if (k !== 'page') url.searchParams.set(k, v)
      url.searchParams.set('page', String(n))
      return `<${url.href}>; rel="${rel}"`
    }
    const links: string[] = []
    if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'))
    if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'))
    return reply(200, wrap(slice, items.length), links.length ? { link: links.join(', ') } : {})
  }

  view() {
    const { api, repoRef } = this
    return {
      repo: this.config.repo,
      runs: this.runs.map(r => this.runBody(r)),
      dispatches: this.dispatches,
      receivers: this.receivers,
      reruns: this.reruns,
      cancels: this.cancels,
      releases: this.releases.map(r => release(api, repoRef, r)),
      tagsCreatedByReleases: this.tagsCreatedByReleases,
      comments: this.comments.map(c => issueComment(api, repoRef, c)),
      ...this.writes.view(),
      reactions: this.reactions.map(r => ({ ...reactionBody(r), comment_id: r.comment_id }))
    }
  }
}

/** A stored reaction as GitHub shows it (without the fake's bookkeeping). */
function reactionBody(stored: Reaction): Reaction {
  const { id, node_id, user, content, created_at } = stored
  return { id, node_id, user, content, created_at }
}

/** Thrown by lookups that should answer 404. */
export class NotFound extends Error {
  constructor() {
    super('Not Found')
  }
}

/** GitHub's `created` filter: `date`, `>=date`, `<=date`, `>date`, `<date`, `a..b`. */
export function inDateRange(iso: string, filter: string): boolean {
  const at = Date.parse(iso)
  const day = (s: string, end: boolean): number =>
    /^\d{4}-\d{2}-\d{2}$/.test(s)
      ? Date.parse(`${s}T${end ? '23:59:59' : '00:00:00'}Z`)
      : Date.parse(s)
  const range = /^(.+)\.\.(.+)$/.exec(filter)
  if (range) {
    const [, from = '*', to = '*'] = range
    return (from === '*' || at >= day(from, false)) && (to === '*' || at <= day(to, true))
  }
  const cmp = /^(>=|<=|>|<)(.+)$/.exec(filter)
  if (cmp) {
    const [, op, date = ''] = cmp
    if (op === '>=') return at >= day(date, false)
    if (op === '<=') return at <= day(date, true)
    if (op === '>') return at > day(date, true)
    return at < day(date, false)
  }
  return at >= day(filter, false) && at <= day(filter, true)
}

export { DOCS }
