/**
 * A read session's requests to its one `git cat-file --batch`: many readers' requests share one
 * write, a bucket's trees are read once per session, and the fetches concurrent readers trigger
 * run one at a time. Observed on real git processes (their stdin writes, their fetches).
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { afterAll, describe, expect, it } from '@jest/globals'
import { scanRuns } from '../../src/commands/scan.js'
import { systemClock } from '../../src/commands/deps.js'
import { Git, type GitResult } from '../../src/store/git.js'
import { RemoteRefs } from '../../src/store/index/physical.js'
import { LocalStore } from '../../src/store/localStore.js'
import { runIn } from '../support/operator.js'
import { NS } from '../support/orphans.js'
import { cleanupRepos, git, makeRepo } from '../support/repo.js'

afterAll(cleanupRepos)

/** Git whose `cat-file --batch` processes record every write to their stdin and its names. */
class CountingGit extends Git {
  readonly sessions: Array<{ writes: number; names: string[] }> = []

  override start(args: readonly string[]): ChildProcessWithoutNullStreams {
    const child = super.start(args)
    if (!args.includes('--batch')) return child
    const session = { writes: 0, names: [] as string[] }
    this.sessions.push(session)
    const write = child.stdin.write.bind(child.stdin) as (chunk: unknown) => boolean
    ;(child.stdin as { write: (chunk: unknown) => boolean }).write = (chunk: unknown) => {
      session.writes++
      session.names.push(...String(chunk).split('\n').filter(Boolean))
      return write(chunk)
    }
    return child
  }
}

/** Git that counts the fetches running at once (real fetches, only observed). */
class FetchCountingGit extends Git {
  running = 0
  most = 0

  private async counted(fetch: () => Promise<GitResult>): Promise<GitResult> {
    this.most = Math.max(this.most, ++this.running)
    try {
      return await fetch()
    } finally {
      this.running--
    }
  }

  override fetchRefs(...args: Parameters<Git['fetchRefs']>): Promise<GitResult> {
    return this.counted(() => super.fetchRefs(...args))
  }

  override fetchObjects(...args: Parameters<Git['fetchObjects']>): Promise<GitResult> {
    return this.counted(() => super.fetchObjects(...args))
  }
}

async function repoWithCommits(n: number): Promise<{ dir: string; oids: string[] }> {
  const dir = await makeRepo()
  const oids = []
  for (let i = 0; i < n; i++) {
    await git(dir, 'commit', '-q', '--allow-empty', '-m', `c${i}`)
    oids.push((await git(dir, 'rev-parse', 'HEAD')).trim())
  }
  return { dir, oids }
}

describe('ObjectReader', () => {
  it('writes the requests of concurrent readers to git in one write, each answered in order', async () => {
    const { dir, oids } = await repoWithCommits(3)
    const counting = new CountingGit(dir)
    const reader = counting.openReader()
    try {
      const names = Array.from({ length: 60 }, (_, i) => oids[i % 3] as string)
      const objects = await Promise.all(names.map(name => reader.read(name)))
      expect(objects.map(o => o?.oid)).toEqual(names)
      expect(await reader.read('0'.repeat(40))).toBeNull()
    } finally {
      reader.close()
    }
    expect(counting.sessions).toHaveLength(1)
    expect(counting.sessions[0]?.names).toHaveLength(61)
    // 60 concurrent requests in one write, the one after them in another.
    expect(counting.sessions[0]?.writes).toBe(2)
  })
})

describe('scan through one read session', () => {
  it('reads no object id twice, and sends its requests many to a write', async () => {
    const dir = await makeRepo()
    const writer = new LocalStore(new Git(dir), { archiveAfterSeconds: 0 })
    const n = 40
    for (let i = 0; i < n; i++)
      await runIn(writer, `run-${i}`, i % 2 === 0 ? 'decided' : 'admitted')
    const counting = new CountingGit(dir)
    const runs = await scanRuns(
      { namespace: NS },
      { store: new LocalStore(counting), clock: systemClock }
    )
    expect(runs.filter(run => 'plan' in run)).toHaveLength(n)
    // The session that read every chain is the one with the most requests (the sweep's reader
    // reads only the live chains' times, none here).
    const session = [...counting.sessions].sort((a, b) => b.names.length - a.names.length)[0]
    const ids = (session?.names ?? []).filter(name => /^[0-9a-f]{40}$/.test(name))
    // Every run reads its chain and its admission through its bucket: the bucket's trees come
    // from the view opened at that tip, never read again.
    expect(ids.length).toBeGreaterThan(2 * n)
    expect(new Set(ids).size).toBe(ids.length)
    // Runs read concurrently: their requests share writes (one each would be one per name).
    expect(session?.writes).toBeLessThan((session?.names.length ?? 0) / 8)
    // Filling 40 runs spawns a few hundred git processes: past jest's minute on 2 loaded cores.
  }, 180_000)
})

describe('RemoteRefs', () => {
  it('runs the fetches concurrent readers ask for one at a time, all of them', async () => {
    const { dir: origin, oids } = await repoWithCommits(3)
    await git(origin, 'update-ref', `${NS}/index/aa`, oids[0] as string)
    await git(origin, 'update-ref', `${NS}/index/bb`, oids[1] as string)
    await git(origin, 'config', 'uploadpack.allowAnySHA1InWant', 'true')
    const local = await makeRepo()
    const counting = new FetchCountingGit(local)
    const refs = new RemoteRefs(counting, 'origin', { remote: origin })
    await Promise.all([
      refs.bring([`${NS}/index/aa`], { shallow: false, refresh: false }),
      refs.bring([`${NS}/index/bb`], { shallow: false, refresh: false }),
      refs.bringObjects([oids[2] as string])
    ])
    expect(counting.most).toBe(1)
    expect(refs.epoch).toBe(3)
    expect((await git(local, 'cat-file', '-t', oids[2] as string)).trim()).toBe('commit')
    expect(await git(local, 'for-each-ref', '--format=%(refname)', `${NS}/index/`)).toBe(
      `${NS}/index/aa\n${NS}/index/bb\n`
    )
  })
})
