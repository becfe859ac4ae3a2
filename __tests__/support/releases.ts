/**
 * Release requests for the effect tests, and the fake GitHub API (docs/development.md#the-fake-github-api) wired to the
 * product's octokit driver through its URL, as GITHUB_API_URL would.
 */
import { effect, type EffectDeps, type EffectRequest } from '../../src/commands/effect.js'
import { textDigest, type Intent } from '../../src/core/effect/operation.js'
import { markersIn } from '../../src/core/effect/artifacts.js'
import { GitHubGateway } from '../../src/github/gateway.js'
import type { FakeGitHub, Release } from '../../testkit/fakeGitHub/client.js'
import { MESSAGE, NS, storeFor } from './effects.js'

export const BODY = 'What changed in v1.2.3.'
export const RELEASE_OP = 'gh-501-f282f34c55fc/release/v1.2.3'

export function releaseRequest(
  target: string,
  options: { draft?: boolean; name?: string; id?: string; tag?: string } = {}
): EffectRequest {
  const intent: Intent = {
    repository_id: '123456789',
    kind: 'release',
    tag_ref: `refs/tags/${options.tag ?? 'v1.2.3'}`,
    target,
    message_digest: textDigest(MESSAGE),
    release: {
      name: options.name ?? 'v1.2.3',
      body_digest: textDigest(BODY),
      draft: options.draft ?? false,
      prerelease: false
    }
  }
  return {
    namespace: NS,
    operation_id: options.id ?? RELEASE_OP,
    intent,
    message: MESSAGE,
    release_body: BODY,
    writer: null
  }
}

/** The one GitHub gateway, on the fake. */
export function gatewayFor(gh: FakeGitHub, timeoutMs = 5000): GitHubGateway {
  return new GitHubGateway({
    token: gh.token,
    repository: `${gh.repo.owner}/${gh.repo.name}`,
    apiUrl: gh.url,
    timeoutSeconds: timeoutMs / 1000
  })
}

export function releaseDeps(dir: string, gh: FakeGitHub, timeoutMs = 5000): EffectDeps {
  return { ...storeFor(dir), github: gatewayFor(gh, timeoutMs) }
}

export function runRelease(
  dir: string,
  gh: FakeGitHub,
  options: Parameters<typeof releaseRequest>[1] & { target: string }
) {
  return effect(releaseRequest(options.target, options), releaseDeps(dir, gh))
}

/** Releases on the fake that carry the operation's marker. */
export async function marked(gh: FakeGitHub, operationId = RELEASE_OP): Promise<Release[]> {
  const state = await gh.settled(15000)
  return state.releases.filter(r => markersIn(r.body).some(m => m.id === operationId))
}
