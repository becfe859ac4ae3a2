/**
 * What a remote write reports is what the arbiter holds (docs/design/writers.md#say-what-is-true),
 * against a real bare origin over file://: a push that landed is reported landed even when this
 * repository's own copy of the refs cannot follow (a warning says so), and a ref lock the server
 * keeps failing to take is reported as a lock, not as other writers.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { writeFile, mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { admit } from '../../src/commands/admit.js'
import { bucketOf, indexRef } from '../../src/core/index/layout.js'
import { keyHash } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { firstRecord, REQUEST_DIGEST } from '../../testkit/fixtures.js'
import { cleanupRepos, git, makeRepo } from '../support/repo.js'

afterAll(cleanupRepos)

const NS = 'refs/dispatch-ledger'
const KEY = 'v1/test/remote-outcomes'
const BUCKET = indexRef(NS, bucketOf(keyHash(KEY)))

async function clone(url: string): Promise<string> {
  const dir = await makeRepo()
  await git(dir, 'remote', 'add', 'origin', url)
  return dir
}

/** A `<ref>.lock` file in a repository's ref store, as a killed git process leaves one. */
async function lock(gitDir: string, ref: string): Promise<void> {
  const path = join(gitDir, `${ref}.lock`)
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, '')
}

describe('a remote write says what the arbiter holds', () => {
  it('landed at the origin, the local copy locked: created, with a warning naming both', async () => {
    const origin = await makeBareRemote()
    const dir = await clone(origin.url)
    await lock(join(dir, '.git'), BUCKET)
    const warnings: string[] = []
    const store = new RemoteStore(new Git(dir), 'origin', { warn: w => warnings.push(w) })
    const result = await admit(store, {
      namespace: NS,
      first_record: firstRecord({
        run_id: 'run-a',
        dispatch_key: KEY,
        request_digest: REQUEST_DIGEST
      })
    })
    expect(result).toMatchObject({ created: true, owner: true })
    expect((await git(origin.dir, 'for-each-ref', BUCKET)).trim()).not.toBe('')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /The write landed at origin, but updating this repository's own copy/
    )
  }, 120_000)

  // A push sets the local copy of each ref it moved itself (its ref is its own tracking ref),
  // but git takes the FIRST matching fetch refspec: one of the repository's own config that
  // maps our refs elsewhere wins, and the local copy must still follow (set by update-ref).
  it.each([
    ['the push itself', null, 3],
    ['update-ref, when a refspec of the config maps the refs elsewhere', '+refs/*:refs/mirror/*', 4]
  ])(
    'a landed write: local refs follow through %s',
    async (_how, refspec, processes) => {
      const origin = await makeBareRemote()
      const dir = await clone(origin.url)
      if (refspec) await git(dir, 'config', '--add', 'remote.origin.fetch', refspec)
      const g = new Git(dir)
      const result = await admit(new RemoteStore(g, 'origin'), {
        namespace: NS,
        first_record: firstRecord({
          run_id: 'run-a',
          dispatch_key: KEY,
          request_digest: REQUEST_DIGEST
        })
      })
      expect(result).toMatchObject({ created: true, owner: true })
      const refs = (at: string) => git(at, 'for-each-ref', '--format=%(refname) %(objectname)', NS)
      expect(await refs(dir)).toBe(await refs(origin.dir))
      expect((await refs(dir)).trim()).not.toBe('')
      // The fetch, the plan's reader, the push (and update-ref only when the push could not).
      expect(g.spawned).toBe(processes)
    },
    120_000
  )

  it('a lock the server never releases is reported as a lock, and nothing is claimed', async () => {
    const origin = await makeBareRemote()
    await lock(origin.dir, BUCKET)
    const store = new RemoteStore(new Git(await clone(origin.url)), 'origin')
    const attempt = admit(store, {
      namespace: NS,
      first_record: firstRecord({
        run_id: 'run-a',
        dispatch_key: KEY,
        request_digest: REQUEST_DIGEST
      })
    })
    await expect(attempt).rejects.toThrow(
      new RegExp(`could not lock ${BUCKET}.*a ref lock held on the server.*not a conflict`)
    )
    expect((await git(origin.dir, 'for-each-ref', 'refs/dispatch-ledger/')).trim()).toBe('')
  }, 300_000)
})
