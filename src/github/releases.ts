/**
 * The release API over `@actions/github`'s octokit (docs/design/effects.md). No retry or throttling plugin:
 * a create is sent exactly once, and every answer is classified for the decision table. The
 * base URL is GITHUB_API_URL (GitHub Enterprise, or the fake API in tests).
 */
import type {
  CreateOutcome,
  CreateRelease,
  Lookup,
  ReleaseApi,
  ReleaseView
} from '../core/send/ports.js'
import type { GitHubConnection } from './gateway.js'

export class GitHubReleases implements ReleaseApi {
  constructor(private readonly github: GitHubConnection) {}

  private client() {
    return this.github.client()
  }

  private where() {
    return this.github.where()
  }

  private signal(factor = 1): AbortSignal {
    return this.github.signal(factor)
  }

  async create(request: CreateRelease): Promise<CreateOutcome> {
    // Outside the try: failing to load the client sent nothing, so it is no ambiguous create.
    const octokit = await this.client()
    try {
      const { data } = await octokit.rest.repos.createRelease({
        ...this.where(),
        ...request,
        request: { signal: this.signal() }
      })
      return { kind: 'created', release: view(data) }
    } catch (error) {
      return classifyCreateError(error)
    }
  }

  get(id: number): Promise<Lookup<ReleaseView | null>> {
    return this.lookup(async () => {
      const octokit = await this.client()
      const { data } = await octokit.rest.repos.getRelease({
        ...this.where(),
        release_id: id,
        request: { signal: this.signal() }
      })
      return view(data)
    })
  }

  byTag(tag: string): Promise<Lookup<ReleaseView | null>> {
    return this.lookup(async () => {
      const octokit = await this.client()
      const { data } = await octokit.rest.repos.getReleaseByTag({
        ...this.where(),
        tag,
        request: { signal: this.signal() }
      })
      return view(data)
    })
  }

  /** Every page: a lookup that stopped early would read "absent" into a partial list. */
  listAll(): Promise<Lookup<ReleaseView[]>> {
    return this.lookup(async () => {
      const octokit = await this.client()
      const all = await octokit.paginate(octokit.rest.repos.listReleases, {
        ...this.where(),
        per_page: 100,
        // Every page within one bound: four requests' worth.
        request: { signal: this.signal(4) }
      })
      return all.map(view)
    }) as Promise<Lookup<ReleaseView[]>>
  }

  /** 404 → absent; any other failure → the lookup failed (never "absent"). */
  private async lookup<T>(fn: () => Promise<T>): Promise<Lookup<T | null>> {
    try {
      return { ok: true, value: await fn() }
    } catch (error) {
      const status = statusOf(error)
      if (status === 404) return { ok: true, value: null }
      return { ok: false, detail: describe(error) }
    }
  }
}

interface ReleaseData {
  id: number
  tag_name: string
  name: string | null
  body?: string | null
  draft: boolean
  prerelease: boolean
  html_url: string
}

function view(data: ReleaseData): ReleaseView {
  return {
    id: data.id,
    tag_name: data.tag_name,
    name: data.name,
    body: data.body ?? null,
    draft: data.draft,
    prerelease: data.prerelease,
    html_url: data.html_url
  }
}

function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : null
}

/**
 * Only an answer GitHub gave is definite. A 422 naming `already_exists` is the fence; other
 * 4xx (400, 401, 403, 404, 409, 422) refuse; anything else — 5xx, 429, a timeout, a dropped
 * connection (octokit reports those as status 500 with no response) — may have created it.
 */
export function classifyCreateError(error: unknown): CreateOutcome {
  const status = statusOf(error)
  const detail = describe(error)
  const response = (error as { response?: { data?: unknown } } | null)?.response
  if (status === 422 && response && isAlreadyExists(response.data))
    return { kind: 'already_exists', detail }
  if (status !== null && response && [400, 401, 403, 404, 409, 422].includes(status))
    return {
      kind: 'refused',
      status,
      detail: status === 403 ? `${detail} (the token needs contents: write)` : detail
    }
  return { kind: 'ambiguous', detail }
}

function isAlreadyExists(data: unknown): boolean {
  const errors = (data as { errors?: unknown } | null)?.errors
  return (
    Array.isArray(errors) &&
    errors.some(e => (e as { code?: unknown } | null)?.code === 'already_exists')
  )
}

/** The status and GitHub's message, never a body verbatim (it could echo a token). */
function describe(error: unknown): string {
  const status = statusOf(error)
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
  const safe = (message ?? '').replace(/gh[pousr]_[A-Za-z0-9]{20,}/g, '***').slice(0, 300)
  return status !== null ? `HTTP ${status}: ${safe}` : safe
}
