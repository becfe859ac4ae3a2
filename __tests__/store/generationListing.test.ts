import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { generationRef } from '../../src/core/generation.js'
import { admissionRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import { startGitHttpServer, type GitHttpServer } from '../../testkit/gitHttpServer.js'
import { cleanupRepos, git, makeRepo, setLogical, writeObject } from '../support/repo.js'

const NS = 'refs/dispatch-ledger'
const ADM = admissionRef(NS, 'key-with-generations')
const NEIGHBOUR = admissionRef(NS, 'another-key')
const GENERATIONS = [1, 2, 3, 10].map(n => generationRef(ADM, n))

afterAll(cleanupRepos)

/** A repository (bare or not) holding four generations of one key, a neighbour key and a ledger. */
async function seeded(dir: string): Promise<string> {
  const tree = writeObject(dir, 'tree', '')
  const oid = (await git(dir, 'commit-tree', tree, '-m', 'base')).trim()
  // Layout v2: the generations and the neighbour are entries of index buckets.
  for (const ref of [...GENERATIONS, NEIGHBOUR]) await setLogical(dir, ref, oid)
  await git(dir, 'update-ref', `${NS}/runs/${'c'.repeat(64)}`, oid)
  await git(dir, 'pack-refs', '--all')
  return oid
}

describe('one listing of an admission ref and its generations', () => {
  it('locally: one for-each-ref lists the ref and its .g<N> siblings, nothing else', async () => {
    const dir = await makeRepo()
    await seeded(dir)
    const repoGit = new Git(dir)
    const listed = await new LocalStore(repoGit).listRefs(ADM)
    expect(listed.map(r => r.ref).sort()).toEqual([...GENERATIONS].sort())
    // Layout v2: the bucket's tree through one reader. The check of the namespace's layout
    // reads the ref files (packed here), so it spends no process.
    expect(repoGit.spawned).toBe(1)
    // The runs folder lists as before (scan).
    expect((await new LocalStore(repoGit).listRefs(`${NS}/runs/`)).length).toBe(1)
  })

  it('refuses a glob character rather than widening the listing', async () => {
    const dir = await makeRepo()
    await expect(new LocalStore(new Git(dir)).listRefs(`${NS}/admissions/*`)).rejects.toThrow(
      /glob character/
    )
  })

  describe('through a smart-HTTP remote', () => {
    let server: GitHttpServer
    beforeAll(async () => {
      server = await startGitHttpServer()
      await seeded(server.bareDir)
    })
    afterAll(async () => server.close())

    it('one protocol-v2 prefix fetch brings every generation and only them', async () => {
      const dir = await makeRepo()
      await git(dir, 'remote', 'add', 'origin', server.url)
      const store = new RemoteStore(new Git(dir), 'origin')
      server.resetCounts()
      const listed = await store.listRefs(ADM)
      expect(listed.map(r => r.ref).sort()).toEqual([...GENERATIONS].sort())
      // One git fetch: info/refs, then ls-refs (filtered by prefix) and fetch.
      expect(server.counts()).toMatchObject({ infoRefs: 1, fetches: 2, pushes: 0 })
      // Only the key's bucket came (and the bucket's live chains: none here).
      const local = await git(dir, 'for-each-ref', '--format=%(refname)', NS)
      expect(local.split('\n').filter(Boolean)).toEqual([`${NS}/index/${ADM.slice(-64, -62)}`])

      // Listed once per process; reads of the listed refs need no second fetch.
      await store.listRefs(ADM)
      await store.read(reader => reader.readAdmission(generationRef(ADM, 10)).catch(() => null))
      expect(server.counts()).toMatchObject({ infoRefs: 1, fetches: 2 })
      // refresh asks the remote again, and a generation removed there goes locally too.
      await setLogical(server.bareDir, generationRef(ADM, 10), null)
      const again = await store.listRefs(ADM, { refresh: true })
      expect(again.map(r => r.ref).sort()).toEqual(GENERATIONS.slice(0, 3).sort())
      // One more git fetch (its ls-refs, then the bucket's new tip).
      expect(server.counts()).toMatchObject({ infoRefs: 2, fetches: 4 })
    })
  })
})
