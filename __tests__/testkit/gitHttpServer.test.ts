import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import {
  makeBareRemote,
  startGitHttpServer,
  testGitEnv,
  type GitHttpServer
} from '../../testkit/gitHttpServer.js'

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'

interface GitResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs git with an argument array; never throws on a non-zero exit. */
function git(cwd: string, args: string[]): Promise<GitResult> {
  const argv = ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'protocol.version=2', ...args]
  return new Promise(resolve => {
    const child = execFile(
      'git',
      argv,
      { cwd, env: testGitEnv(), timeout: 30_000, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, stdout, stderr })
      }
    )
    child.stdin?.end() // e.g. `git mktree` reads stdin
  })
}

async function gitOk(cwd: string, args: string[]): Promise<string> {
  const r = await git(cwd, args)
  if (r.code !== 0) {
    throw new Error(`git ${args.join(' ')} exited ${r.code}\n${r.stdout}\n${r.stderr}`)
  }
  return r.stdout
}

async function lsRemote(cwd: string, url: string): Promise<Map<string, string>> {
  const out = await gitOk(cwd, ['ls-remote', url])
  const refs = new Map<string, string>()
  for (const line of out.split('\n').filter(Boolean)) {
    const [oid, ref] = line.split('\t')
    if (oid && ref) refs.set(ref, oid)
  }
  return refs
}

async function commit(cwd: string, message: string): Promise<string> {
  await gitOk(cwd, ['commit', '--quiet', '--allow-empty', '-m', message])
  return (await gitOk(cwd, ['rev-parse', 'HEAD'])).trim()
}

let work: string
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'git-http-test-'))
})
afterEach(async () => {
  await rm(work, { recursive: true, force: true })
})

describe('startGitHttpServer', () => {
  let server: GitHttpServer
  beforeAll(async () => {
    server = await startGitHttpServer()
  })
  afterAll(async () => {
    await server.close()
  })
  beforeEach(() => {
    server.refuseWrites(false)
    server.dropAfterPush(0)
    server.resetCounts()
  })

  it('clones, pushes, fetches and lists refs over smart HTTP', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/repo\.git$/)
    expect(existsSync(path.join(server.bareDir, 'HEAD'))).toBe(true)

    const a = path.join(work, 'a')
    const cloned = await git(work, ['clone', server.url, a])
    expect(cloned.code).toBe(0)
    expect(cloned.stderr).toContain('empty repository')

    const c1 = await commit(a, 'first')
    server.resetCounts()
    await gitOk(a, ['push', 'origin', 'HEAD:refs/heads/main'])
    expect(server.counts()).toEqual({ total: 2, fetches: 0, pushes: 1, infoRefs: 1 })
    expect(server.requests).toEqual([
      { method: 'GET', path: '/repo.git/info/refs', service: 'git-receive-pack', status: 200 },
      {
        method: 'POST',
        path: '/repo.git/git-receive-pack',
        service: 'git-receive-pack',
        status: 200
      }
    ])
    expect((await gitOk(server.bareDir, ['rev-parse', 'refs/heads/main'])).trim()).toBe(c1)

    // Another clone fetches it.
    const b = path.join(work, 'b')
    await gitOk(work, ['init', '--quiet', b])
    server.resetCounts()
    await gitOk(b, ['fetch', server.url, 'refs/heads/main:refs/remotes/o/main'])
    expect((await gitOk(b, ['rev-parse', 'refs/remotes/o/main'])).trim()).toBe(c1)
    expect(server.counts().pushes).toBe(0)
    expect(server.counts().fetches).toBeGreaterThanOrEqual(1)

    // ls-remote with protocol v2 = GET info/refs + POST ls-refs (v0 would make no POST at all).
    server.resetCounts()
    const refs = await lsRemote(work, server.url)
    expect(refs.get('refs/heads/main')).toBe(c1)
    expect(server.counts()).toEqual({ total: 2, fetches: 1, pushes: 0, infoRefs: 1 })
    expect(server.requests.map(r => r.status)).toEqual([200, 200])
  })

  it('handles gzip-encoded request bodies (long fetch negotiation)', async () => {
    const a = path.join(work, 'a')
    await gitOk(work, ['clone', '--quiet', server.url, a])
    const b = path.join(work, 'b')
    await gitOk(work, ['init', '--quiet', b])
    // 150 local commits the server has never seen: their "have" lines make big request bodies.
    await gitOk(b, ['commit', '--quiet', '--allow-empty', '-m', 'local 0'])
    for (let i = 1; i < 150; i++) {
      await gitOk(b, ['commit', '--quiet', '--allow-empty', '-m', `local ${i}`])
    }
    await gitOk(a, ['checkout', '--quiet', '-B', 'side'])
    const target = await commit(a, 'for gzip')
    await gitOk(a, ['push', '--quiet', 'origin', 'side:refs/heads/side'])

    server.resetCounts()
    await gitOk(b, ['fetch', server.url, 'refs/heads/side:refs/remotes/o/side'])
    expect((await gitOk(b, ['rev-parse', 'refs/remotes/o/side'])).trim()).toBe(target)
    const gz = server.requests.filter(r => r.contentEncoding === 'gzip')
    expect(gz.length).toBeGreaterThan(0)
    expect(gz.every(r => r.status === 200 && r.service === 'git-upload-pack')).toBe(true)
  })

  it('refuseWrites answers receive-pack with 403 and the ref does not move', async () => {
    const a = path.join(work, 'a')
    await gitOk(work, ['clone', '--quiet', server.url, a])
    const before = await lsRemote(work, server.url)
    await commit(a, 'refused')

    server.refuseWrites(true)
    server.resetCounts()
    const r = await git(a, ['push', '--porcelain', 'origin', 'HEAD:refs/heads/refused'])
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain('403')
    expect(r.stderr).toContain('Permission to repo.git denied')
    expect(server.requests).toEqual([
      { method: 'GET', path: '/repo.git/info/refs', service: 'git-receive-pack', status: 403 }
    ])
    expect(server.counts().pushes).toBe(0)

    // A direct POST is refused too.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${server.url}/git-receive-pack`,
        { method: 'POST', headers: { 'Content-Type': 'application/x-git-receive-pack-request' } },
        res => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        }
      )
      req.on('error', reject)
      req.end('0000')
    })
    expect(status).toBe(403)

    // Reads still work and nothing moved.
    expect(await lsRemote(work, server.url)).toEqual(before)

    server.refuseWrites(false)
    await gitOk(a, ['push', '--quiet', 'origin', 'HEAD:refs/heads/refused'])
    expect((await lsRemote(work, server.url)).has('refs/heads/refused')).toBe(true)
  })

  it('dropAfterPush makes an ambiguous push: the client fails but the ref moved', async () => {
    const a = path.join(work, 'a')
    await gitOk(work, ['clone', '--quiet', server.url, a])
    const c = await commit(a, 'dropped')

    server.dropAfterPush(1)
    server.resetCounts()
    const r = await git(a, ['push', '--porcelain', 'origin', 'HEAD:refs/heads/dropped'])
    expect(r.code).not.toBe(0)
    expect(r.stdout).toBe('Done\n')
    expect(r.stderr).toContain('curl 52 Empty reply from server')
    // Exactly one receive-pack POST: the client did not silently retry it.
    expect(server.counts().pushes).toBe(1)
    expect(server.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/repo.git/git-receive-pack',
      service: 'git-receive-pack',
      status: 0
    })

    expect((await lsRemote(work, server.url)).get('refs/heads/dropped')).toBe(c)

    // Only once: the next push gets its answer.
    const c2 = await commit(a, 'after drop')
    const ok = await git(a, ['push', '--porcelain', 'origin', 'HEAD:refs/heads/dropped'])
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain(`\t${c.slice(0, 7)}..${c2.slice(0, 7)}\n`)
    expect((await lsRemote(work, server.url)).get('refs/heads/dropped')).toBe(c2)
  })

  it('dropAfterPush with keepAlive: curl replays the POST and the replay is rejected', async () => {
    const a = path.join(work, 'a')
    await gitOk(work, ['clone', '--quiet', server.url, a])
    const c1 = await commit(a, 'keepalive 1')

    // New ref, plain push.
    server.dropAfterPush(1, { keepAlive: true })
    server.resetCounts()
    const r = await git(a, ['push', '--porcelain', 'origin', 'HEAD:refs/x/d'])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe(
      `To ${server.url}\n!\tHEAD:refs/x/d\t[remote rejected] (failed to update ref)\nDone\n`
    )
    expect(r.stderr).toContain(
      "remote: error: cannot lock ref 'refs/x/d': reference already exists"
    )
    expect(server.requests.filter(q => q.method === 'POST').map(q => q.status)).toEqual([0, 200])
    expect((await lsRemote(work, server.url)).get('refs/x/d')).toBe(c1)

    // Existing ref, atomic push with a lease.
    const c2 = await commit(a, 'keepalive 2')
    server.dropAfterPush(1, { keepAlive: true })
    const r2 = await git(a, [
      'push',
      '--atomic',
      '--porcelain',
      `--force-with-lease=refs/x/d:${c1}`,
      'origin',
      `${c2}:refs/x/d`
    ])
    expect(r2.code).toBe(1)
    expect(r2.stdout).toBe(
      `To ${server.url}\n!\t${c2}:refs/x/d\t[remote rejected] (atomic transaction failed)\nDone\n`
    )
    expect(r2.stderr).toContain(
      `remote: error: cannot lock ref 'refs/x/d': is at ${c2} but expected ${c1}`
    )
    expect((await lsRemote(work, server.url)).get('refs/x/d')).toBe(c2)
  })

  it('prints the documented --porcelain lines for atomic pushes with leases', async () => {
    const a = path.join(work, 'a')
    await gitOk(work, ['clone', '--quiet', server.url, a])
    const c1 = await commit(a, 'lease 1')
    const c2 = await commit(a, 'lease 2')
    const run = (leases: string[], specs: string[]): Promise<GitResult> =>
      git(a, [
        'push',
        '--atomic',
        '--porcelain',
        ...leases.map(l => `--force-with-lease=${l}`),
        'origin',
        ...specs
      ])

    server.resetCounts()
    const created = await run(['refs/x/a:'], [`${c1}:refs/x/a`])
    expect(created.code).toBe(0)
    expect(created.stdout).toBe(`To ${server.url}\n*\t${c1}:refs/x/a\t[new reference]\nDone\n`)
    expect(server.counts().pushes).toBe(1)

    server.resetCounts()
    const same = await run(['refs/x/a:'], [`${c1}:refs/x/a`])
    expect(same.code).toBe(0)
    expect(same.stdout).toBe(`To ${server.url}\n=\t${c1}:refs/x/a\t[up to date]\nDone\n`)
    expect(server.counts()).toEqual({ total: 1, fetches: 0, pushes: 0, infoRefs: 1 })

    // Stale lease on refs/x/a (it exists), so the atomic push also fails refs/x/b.
    server.resetCounts()
    const stale = await run(['refs/x/a:', 'refs/x/b:'], [`${c2}:refs/x/a`, `${c2}:refs/x/b`])
    expect(stale.code).toBe(1)
    expect(stale.stdout).toBe(
      `To ${server.url}\n` +
        `!\t${c2}:refs/x/a\t[rejected] (stale info)\n` +
        `!\t${c2}:refs/x/b\t[rejected] (atomic push failed)\n` +
        `Done\n`
    )
    expect(stale.stderr).toBe(`error: failed to push some refs to '${server.url}'\n`)
    expect(server.counts().pushes).toBe(0)
    let refs = await lsRemote(work, server.url)
    expect(refs.get('refs/x/a')).toBe(c1)
    expect(refs.has('refs/x/b')).toBe(false)

    // Fast-forward with a correct lease, a refused rewind, a forced rewind, then a delete.
    const ff = await run([`refs/x/a:${c1}`], [`${c2}:refs/x/a`])
    expect(ff.stdout).toBe(
      `To ${server.url}\n \t${c2}:refs/x/a\t${c1.slice(0, 7)}..${c2.slice(0, 7)}\nDone\n`
    )
    // Without a lease or force, rewinding is refused by the client.
    const nonFf = await git(a, ['push', '--porcelain', 'origin', `${c1}:refs/x/a`])
    expect(nonFf.code).toBe(1)
    expect(nonFf.stdout).toBe(
      `To ${server.url}\n!\t${c1}:refs/x/a\t[rejected] (non-fast-forward)\nDone\n`
    )
    const forced = await run([`refs/x/a:${c2}`], [`${c1}:refs/x/a`])
    expect(forced.stdout).toBe(
      `To ${server.url}\n+\t${c1}:refs/x/a\t${c2.slice(0, 7)}...${c1.slice(0, 7)} (forced update)\nDone\n`
    )
    const deleted = await run([`refs/x/a:${c1}`], [':refs/x/a'])
    expect(deleted.stdout).toBe(`To ${server.url}\n-\t:refs/x/a\t[deleted]\nDone\n`)
    refs = await lsRemote(work, server.url)
    expect(refs.has('refs/x/a')).toBe(false)
  })
})

describe('empty tree with receive.fsckObjects=true', () => {
  for (const written of [true, false]) {
    it(`accepts a commit of the empty tree when the pusher has it ${written ? 'written' : 'not written'}`, async () => {
      const bareDir = path.join(work, 'fsck.git')
      await gitOk(work, ['init', '--quiet', '--bare', bareDir])
      await gitOk(bareDir, ['config', 'receive.fsckObjects', 'true'])
      const server = await startGitHttpServer({ bareDir })
      try {
        const p = path.join(work, 'pusher')
        await gitOk(work, ['init', '--quiet', p])
        const loose = path.join(p, '.git', 'objects', EMPTY_TREE.slice(0, 2), EMPTY_TREE.slice(2))
        if (written) expect((await gitOk(p, ['mktree'])).trim()).toBe(EMPTY_TREE)
        expect(existsSync(loose)).toBe(written)
        // git knows the empty tree even when it is not on disk.
        expect((await gitOk(p, ['cat-file', '-t', EMPTY_TREE])).trim()).toBe('tree')
        const c = (await gitOk(p, ['commit-tree', EMPTY_TREE, '-m', 'empty'])).trim()
        expect(existsSync(loose)).toBe(written)

        const r = await git(p, ['push', '--porcelain', server.url, `${c}:refs/heads/main`])
        expect(r.code).toBe(0)
        expect(r.stdout).toContain(`*\t${c}:refs/heads/main\t[new branch]`)
        expect((await gitOk(bareDir, ['rev-parse', 'refs/heads/main'])).trim()).toBe(c)
        // The pack carried the tree, so it is really on the server's disk.
        const serverLoose = path.join(
          bareDir,
          'objects',
          EMPTY_TREE.slice(0, 2),
          EMPTY_TREE.slice(2)
        )
        expect(existsSync(serverLoose)).toBe(true)
        await gitOk(bareDir, ['fsck', '--strict', '--no-dangling'])
      } finally {
        await server.close()
      }
    })
  }
})

describe('makeBareRemote', () => {
  it('makes a file:// remote that can be pushed to and cleaned up', async () => {
    const remote = await makeBareRemote()
    try {
      expect(remote.url).toBe(`file://${remote.dir}`)
      const a = path.join(work, 'a')
      await gitOk(work, ['init', '--quiet', a])
      const c = await commit(a, 'file remote')
      await gitOk(a, ['push', '--quiet', remote.url, 'HEAD:refs/heads/main'])
      expect((await lsRemote(work, remote.url)).get('refs/heads/main')).toBe(c)
    } finally {
      await remote.cleanup()
    }
    expect(existsSync(remote.dir)).toBe(false)
  })
})

describe('close', () => {
  it('destroys kept-alive sockets and removes the temp repo', async () => {
    const server = await startGitHttpServer()
    const agent = new http.Agent({ keepAlive: true })
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(`${server.url}/info/refs?service=git-upload-pack`, { agent }, res => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        })
        .on('error', reject)
    })
    expect(status).toBe(200)
    const started = Date.now()
    await server.close()
    expect(Date.now() - started).toBeLessThan(2000)
    expect(existsSync(server.bareDir)).toBe(false)
    agent.destroy()
  })

  it('kills an in-flight http-backend', async () => {
    const server = await startGitHttpServer()
    // A receive-pack POST whose body never ends keeps http-backend waiting on stdin.
    const req = http.request(`${server.url}/git-receive-pack`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-git-receive-pack-request' }
    })
    req.on('error', () => {})
    req.write('00')
    await new Promise(resolve => setTimeout(resolve, 300))
    expect(server.requests).toHaveLength(1)
    await server.close()
    expect(existsSync(server.bareDir)).toBe(false)
  })
})
