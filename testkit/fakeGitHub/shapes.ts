/**
 * GitHub's response objects, built to the shapes of `@octokit/openapi-types` (the schema test
 * validates every answer against the published description as well). URLs point at the fake
 * (`api` is its base URL) for API links and at github.com for pages, as GitHub's do.
 *
 * Erasable TypeScript only (Node type stripping).
 */
import { createHash } from 'node:crypto'
import type { Schemas } from './types.ts'

export const HTML = 'https://github.com'
export const DOCS = 'https://docs.github.com/rest'

export interface UserRef {
  login: string
  id: number
  type: 'User' | 'Bot' | 'Organization'
}

export interface RepoRef {
  owner: UserRef
  name: string
  id: number
}

export function nodeId(prefix: string, id: number): string {
  return `${prefix}_${Buffer.from(String(id)).toString('base64url')}`
}

/** A stable positive id for a login that no test configured. */
export function stableId(login: string): number {
  return 1_000_000 + (createHash('sha256').update(login).digest().readUInt32BE(0) % 90_000_000)
}

export function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex')
}

/** Seconds precision, `Z`, as GitHub prints times. */
export function isoNow(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
}

export function simpleUser(api: string, user: UserRef): Schemas['simple-user'] {
  const url = `${api}/users/${encodeURIComponent(user.login)}`
  return {
    login: user.login,
    id: user.id,
    node_id: nodeId(user.type === 'Bot' ? 'BOT' : 'U', user.id),
    avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    gravatar_id: '',
    url,
    html_url:
      user.type === 'Bot'
        ? `${HTML}/apps/${user.login.replace(/\[bot\]$/, '')}`
        : `${HTML}/${encodeURIComponent(user.login)}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: user.type,
    site_admin: false,
    user_view_type: 'public'
  }
}

export function minimalRepository(api: string, repo: RepoRef): Schemas['minimal-repository'] {
  const full = `${repo.owner.login}/${repo.name}`
  const url = `${api}/repos/${full}`
  return {
    id: repo.id,
    node_id: nodeId('R', repo.id),
    name: repo.name,
    full_name: full,
    owner: simpleUser(api, repo.owner),
    private: false,
    html_url: `${HTML}/${full}`,
    description: null,
    fork: false,
    url,
    archive_url: `${url}/{archive_format}{/ref}`,
    assignees_url: `${url}/assignees{/user}`,
    blobs_url: `${url}/git/blobs{/sha}`,
    branches_url: `${url}/branches{/branch}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    comments_url: `${url}/comments{/number}`,
    commits_url: `${url}/commits{/sha}`,
    compare_url: `${url}/compare/{base}...{head}`,
    contents_url: `${url}/contents/{+path}`,
    contributors_url: `${url}/contributors`,
    deployments_url: `${url}/deployments`,
    downloads_url: `${url}/downloads`,
    events_url: `${url}/events`,
    forks_url: `${url}/forks`,
    git_commits_url: `${url}/git/commits{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    hooks_url: `${url}/hooks`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    issue_events_url: `${url}/issues/events{/number}`,
    issues_url: `${url}/issues{/number}`,
    keys_url: `${url}/keys{/key_id}`,
    labels_url: `${url}/labels{/name}`,
    languages_url: `${url}/languages`,
    merges_url: `${url}/merges`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    pulls_url: `${url}/pulls{/number}`,
    releases_url: `${url}/releases{/id}`,
    stargazers_url: `${url}/stargazers`,
    statuses_url: `${url}/statuses/{sha}`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    tags_url: `${url}/tags`,
    teams_url: `${url}/teams`,
    trees_url: `${url}/git/trees{/sha}`
  }
}

export function fullRepository(
  api: string,
  repo: RepoRef,
  created_at: string
): Schemas['full-repository'] {
  const minimal = minimalRepository(api, repo)
  return {
    ...minimal,
    description: null,
    clone_url: `${HTML}/${minimal.full_name}.git`,
    git_url: `git://github.com/${minimal.full_name}.git`,
    ssh_url: `git@github.com:${minimal.full_name}.git`,
    svn_url: `${HTML}/${minimal.full_name}`,
    mirror_url: null,
    homepage: null,
    language: 'TypeScript',
    default_branch: 'main',
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    open_issues: 0,
    open_issues_count: 0,
    size: 1,
    has_issues: true,
    has_projects: false,
    has_wiki: false,
    has_pages: false,
    has_discussions: false,
    archived: false,
    disabled: false,
    license: null,
    visibility: 'public',
    pushed_at: created_at,
    created_at,
    updated_at: created_at,
    network_count: 0,
    subscribers_count: 0,
    permissions: { admin: false, maintain: false, push: true, triage: true, pull: true }
  }
}

export interface RunData {
  id: number
  run_number: number
  run_attempt: number
  workflow: { id: number; path: string; name: string }
  head_branch: string | null
  head_sha: string
  event: string
  status: string
  conclusion: string | null
  actor: UserRef
  triggering_actor: UserRef
  created_at: string
  updated_at: string
  run_started_at: string
}

export function workflowRun(api: string, repo: RepoRef, run: RunData): Schemas['workflow-run'] {
  const full = `${repo.owner.login}/${repo.name}`
  const url = `${api}/repos/${full}/actions/runs/${run.id}`
  const repository = minimalRepository(api, repo)
  const checkSuite = run.id + 7_000_000_000
  return {
    id: run.id,
    name: run.workflow.name,
    node_id: nodeId('WFR', run.id),
    check_suite_id: checkSuite,
    check_suite_node_id: nodeId('CS', checkSuite),
    head_branch: run.head_branch,
    head_sha: run.head_sha,
    path: run.workflow.path,
    run_number: run.run_number,
    run_attempt: run.run_attempt,
    referenced_workflows: [],
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: run.workflow.id,
    url,
    html_url: `${HTML}/${full}/actions/runs/${run.id}`,
    pull_requests: [],
    created_at: run.created_at,
    updated_at: run.updated_at,
    actor: simpleUser(api, run.actor),
    triggering_actor: simpleUser(api, run.triggering_actor),
    run_started_at: run.run_started_at,
    jobs_url: `${url}/jobs`,
    logs_url: `${url}/logs`,
    check_suite_url: `${api}/repos/${full}/check-suites/${checkSuite}`,
    artifacts_url: `${url}/artifacts`,
    cancel_url: `${url}/cancel`,
    rerun_url: `${url}/rerun`,
    previous_attempt_url: run.run_attempt > 1 ? `${url}/attempts/${run.run_attempt - 1}` : null,
    workflow_url: `${api}/repos/${full}/actions/workflows/${run.workflow.id}`,
    head_commit: null,
    repository,
    head_repository: repository,
    display_title: run.workflow.name
  }
}

export interface ReleaseData {
  id: number
  tag_name: string
  target_commitish: string
  name: string | null
  body: string | null
  draft: boolean
  prerelease: boolean
  author: UserRef
  created_at: string
  published_at: string | null
}

export function release(api: string, repo: RepoRef, data: ReleaseData): Schemas['release'] {
  const full = `${repo.owner.login}/${repo.name}`
  const url = `${api}/repos/${full}/releases/${data.id}`
  // A draft has no public tag page: GitHub links it as untagged-<hash>.
  const page = data.draft
    ? `${HTML}/${full}/releases/tag/untagged-${sha1(String(data.id)).slice(0, 20)}`
    : `${HTML}/${full}/releases/tag/${encodeURIComponent(data.tag_name)}`
  return {
    url,
    html_url: page,
    assets_url: `${url}/assets`,
    upload_url: `https://uploads.github.com/repos/${full}/releases/${data.id}/assets{?name,label}`,
    tarball_url: `${api}/repos/${full}/tarball/${encodeURIComponent(data.tag_name)}`,
    zipball_url: `${api}/repos/${full}/zipball/${encodeURIComponent(data.tag_name)}`,
    id: data.id,
    node_id: nodeId('RE', data.id),
    tag_name: data.tag_name,
    target_commitish: data.target_commitish,
    name: data.name,
    body: data.body,
    draft: data.draft,
    prerelease: data.prerelease,
    immutable: false,
    created_at: data.created_at,
    published_at: data.published_at,
    updated_at: data.published_at ?? data.created_at,
    author: simpleUser(api, data.author),
    assets: []
  }
}

export interface CommentData {
  id: number
  issue_number: number
  body: string
  user: UserRef
  created_at: string
  author_association: Schemas['author-association']
}

export function issueComment(
  api: string,
  repo: RepoRef,
  data: CommentData
): Schemas['issue-comment'] {
  const full = `${repo.owner.login}/${repo.name}`
  return {
    id: data.id,
    node_id: nodeId('IC', data.id),
    url: `${api}/repos/${full}/issues/comments/${data.id}`,
    html_url: `${HTML}/${full}/issues/${data.issue_number}#issuecomment-${data.id}`,
    issue_url: `${api}/repos/${full}/issues/${data.issue_number}`,
    body: data.body,
    user: simpleUser(api, data.user),
    created_at: data.created_at,
    updated_at: data.created_at,
    author_association: data.author_association
  }
}

export function reaction(
  api: string,
  data: { id: number; content: Schemas['reaction']['content']; user: UserRef; created_at: string }
): Schemas['reaction'] {
  return {
    id: data.id,
    node_id: nodeId('REA', data.id),
    user: simpleUser(api, data.user),
    content: data.content,
    created_at: data.created_at
  }
}

/** GitHub's basic error body. */
export function basicError(status: number, message: string, docs = DOCS): Schemas['basic-error'] {
  return { message, documentation_url: docs, status: String(status) }
}

/** GitHub's 422 body: "Validation Failed" with one error entry. */
export function validationError(
  error: { resource: string; code: string; field?: string; message?: string },
  docs = DOCS
): Schemas['validation-error'] & { status: string } {
  return { message: 'Validation Failed', errors: [error], documentation_url: docs, status: '422' }
}

export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Bad credentials',
  403: 'Resource not accessible by integration',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Validation Failed',
  429: 'API rate limit exceeded',
  500: 'Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout'
}
