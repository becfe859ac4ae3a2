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
import { classifyCreateError, isAlreadyExists, lookupOf } from './answers.js'
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
      return classifyCreateError(error, { fence: isAlreadyExists, permission: 'contents: write' })
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

  private lookup<T>(fn: () => Promise<T>): Promise<Lookup<T | null>> {
    return lookupOf(fn)
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
