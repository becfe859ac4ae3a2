/**
 * A GitHub-like host for the ledger-repository parts (B4L, B9L): `testkit/gitHttpServer.ts`
 * `startGitHost`, HTTP Basic per repository, and the environment a git process needs to reach it
 * with a token, built by the product's own `credentialEnv` (src/store/ledgerRepository.ts: an
 * `http.<url>.extraheader` through GIT_CONFIG_COUNT, as the action passes its ledger-token).
 */
import { startGitHost, type GitHost } from '../../testkit/gitHttpServer.ts'
import { git } from './proc.ts'
import { allowProjectSources } from './src.ts'

export { startGitHost, type GitHost }

/** The owner every hosted repository of the bench lives under (the runner's GITHUB_REPOSITORY's). */
export const OWNER = 'octo-org'

/** process.env plus the header that sends `token` to every repository of the host. */
export async function tokenEnv(host: GitHost, token: string): Promise<NodeJS.ProcessEnv> {
  allowProjectSources()
  const { credentialEnv } = await import('../../src/store/ledgerRepository.ts')
  return credentialEnv(process.env, host.serverUrl, token)
}

/** The Authorization header `tokenEnv` makes git send (for a request made from Node). */
export async function tokenHeader(token: string): Promise<string> {
  allowProjectSources()
  const { authorizationHeader } = await import('../../src/store/ledgerRepository.ts')
  return authorizationHeader(token).replace(/^AUTHORIZATION: /, '')
}

/** Refs of a bare repository: all of them, and those under the namespace. */
export function refCounts(dir: string, namespace: string): { refs: number; namespaceRefs: number } {
  const names = git(dir, ['for-each-ref', '--format=%(refname)']).split('\n').filter(Boolean)
  return {
    refs: names.length,
    namespaceRefs: names.filter(name => name.startsWith(`${namespace}/`)).length
  }
}
