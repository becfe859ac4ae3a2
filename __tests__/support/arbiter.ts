/**
 * Where the entries are decided, for the suites that tamper with what the arbiter holds: a
 * directory a forger edits with git plumbing, and a fresh store on it per workflow job — the
 * local store on that repository, or a clone whose origin is a bare repository over file:// or
 * the testkit's smart-HTTP server. A branch is there too, so that a write outside the namespace
 * would show.
 */
import { Git } from '../../src/store/git.js'
import type { LayoutOptions } from '../../src/store/index/indexedStore.js'
import { LocalStore } from '../../src/store/localStore.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import type { Store } from '../../src/store/store.js'
import { makeBareRemote, startGitHttpServer } from '../../testkit/gitHttpServer.js'
import { git, makeRepo } from './repo.js'

export type Transport = 'local' | 'file://' | 'smart HTTP'

export interface Arbiter {
  readonly dir: string
  open(layout?: LayoutOptions): Promise<Store>
}

const servers: Array<{ close(): Promise<void> }> = []

/** Closes the smart-HTTP servers arbiter() started (afterAll). */
export async function closeServers(): Promise<void> {
  for (const server of servers.splice(0)) await server.close()
}

export async function arbiter(transport: Transport): Promise<Arbiter> {
  const seed = await makeRepo()
  await git(seed, 'commit', '--allow-empty', '-m', 'main')
  if (transport === 'local')
    return { dir: seed, open: async layout => new LocalStore(new Git(seed), layout) }
  const remote =
    transport === 'file://'
      ? await makeBareRemote().then(r => ({ dir: r.dir, url: r.url }))
      : await startGitHttpServer().then(s => {
          servers.push(s)
          return { dir: s.bareDir, url: s.url }
        })
  await git(seed, 'push', remote.url, 'HEAD:refs/heads/main')
  return {
    dir: remote.dir,
    // Each store is a fresh clone: its own workflow job.
    open: async layout => {
      const clone = await makeRepo()
      await git(clone, 'remote', 'add', 'origin', remote.url)
      return new RemoteStore(new Git(clone), 'origin', layout)
    }
  }
}
