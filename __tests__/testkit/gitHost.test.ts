/**
 * startGitHost against real git 2.39 processes: tokens sent as HTTP Basic auth through
 * `http.<url>.extraheader`, given with `-c` or (as the product does) through GIT_CONFIG_COUNT /
 * GIT_CONFIG_KEY_0 / GIT_CONFIG_VALUE_0 only; every refusal with git's exit code and exact stderr
 * (the lines are listed at the top of testkit/gitHttpServer.ts); pushes counted per repository.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import {
  startGitHost,
  testGitEnv,
  type GitHost,
  type GitHostAuth
} from '../../testkit/gitHttpServer.js'

const LEDGER = 'acme/ledger'
const OTHER = 'acme/other'
const OPEN = 'acme/open'
const WRITE = 'ghs_writeToken0123456789'
const READ = 'ghs_readToken0123456789'
const OTHER_WRITE = 'ghs_otherToken0123456789'

interface GitResult {
  code: number
  stdout: string
  stderr: string
  /** the argv and environment the process was spawned with */
  argv: string[]
  env: NodeJS.ProcessEnv
}

/** How a run hands git its token: not at all, in argv (`-c`), or in the environment only. */
type Credentials =
  | { form: 'none' }
  | { form: 'argv' | 'env'; url: string; token: string }
  | { form: 'helper'; token: string }

const basic = (token: string): string => Buffer.from(`x-access-token:${token}`).toString('base64')
const extraheader = (token: string): string => `AUTHORIZATION: basic ${basic(token)}`

/** Runs git (never throws on a non-zero exit); prompts are off, so a 401 fails at once. */
function git(cwd: string, args: string[], credentials: Credentials = { form: 'none' }) {
  // credential.interactive is unknown to git 2.39 (GIT_TERMINAL_PROMPT=0 is what stops the
  // prompt there); it is set for newer git.
  const argv = ['-c', 'credential.interactive=never', '-c', 'protocol.version=2']
  const env = testGitEnv()
  if (credentials.form === 'argv') {
    argv.push('-c', `http.${credentials.url}.extraheader=${extraheader(credentials.token)}`)
  } else if (credentials.form === 'env') {
    env.GIT_CONFIG_COUNT = '1'
    env.GIT_CONFIG_KEY_0 = `http.${credentials.url}.extraheader`
    env.GIT_CONFIG_VALUE_0 = extraheader(credentials.token)
  } else if (credentials.form === 'helper') {
    env.GIT_CONFIG_COUNT = '1'
    env.GIT_CONFIG_KEY_0 = 'credential.helper'
    env.GIT_CONFIG_VALUE_0 = `!f() { echo username=x-access-token; echo password=${credentials.token}; }; f`
  }
  argv.push(...args)
  return new Promise<GitResult>(resolve => {
    const child = execFile(
      'git',
      argv,
      { cwd, env, timeout: 30_000, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, stdout, stderr, argv: child.spawnargs, env })
      }
    )
  })
}

async function gitOk(cwd: string, args: string[], credentials?: Credentials): Promise<string> {
  const r = await git(cwd, args, credentials)
  if (r.code !== 0) throw new Error(`git ${args.join(' ')} exited ${r.code}\n${r.stderr}`)
  return r.stdout
}

/** for-each-ref of a repository on disk: `<oid> <ref>` lines */
const refsOf = async (dir: string): Promise<string> =>
  gitOk(dir, ['for-each-ref', '--format=%(objectname) %(refname)'])

/** A direct HTTP request: status, WWW-Authenticate and body. */
function request(
  url: string,
  init: { method: string; authorization?: string }
): Promise<{ status: number; wwwAuthenticate: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-git-receive-pack-request'
    }
    if (init.authorization !== undefined) headers.Authorization = init.authorization
    const req = http.request(url, { method: init.method, headers }, res => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          wwwAuthenticate: res.headers['www-authenticate'],
          body: Buffer.concat(chunks).toString()
        })
      )
    })
    req.on('error', reject)
    req.end(init.method === 'POST' ? '0000' : undefined)
  })
}

let host: GitHost
let work: string
let pusher: string
let commitOid: string

beforeAll(async () => {
  host = await startGitHost({
    repositories: {
      [LEDGER]: { tokens: { [WRITE]: 'write', [READ]: 'read' } },
      [OTHER]: { tokens: { [OTHER_WRITE]: 'write' }, private: true },
      [OPEN]: { tokens: { [WRITE]: 'write' }, private: false }
    }
  })
})
afterAll(async () => {
  await host.close()
})
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'git-host-test-'))
  pusher = path.join(work, 'pusher')
  await gitOk(work, ['init', '--quiet', pusher])
  await gitOk(pusher, ['commit', '--quiet', '--allow-empty', '-m', 'record'])
  commitOid = (await gitOk(pusher, ['rev-parse', 'HEAD'])).trim()
  host.resetCounts()
})
afterEach(async () => {
  await rm(work, { recursive: true, force: true })
  // Each test starts from empty repositories again.
  for (const name of [LEDGER, OTHER, OPEN]) {
    const dir = host.bareDir(name)
    for (const line of (await refsOf(dir)).split('\n').filter(Boolean)) {
      await gitOk(dir, ['update-ref', '-d', line.split(' ')[1]!])
    }
  }
})

describe('startGitHost', () => {
  it('holds each owner/name as an empty bare repository at <serverUrl>/<owner>/<name>.git', async () => {
    expect(host.serverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(host.repoUrl(LEDGER)).toBe(`${host.serverUrl}/acme/ledger.git`)
    for (const name of [LEDGER, OTHER, OPEN]) {
      const dir = host.bareDir(name)
      expect(dir.endsWith(path.join('acme', `${name.split('/')[1]}.git`))).toBe(true)
      expect((await gitOk(dir, ['rev-parse', '--is-bare-repository'])).trim()).toBe('true')
      expect(await refsOf(dir)).toBe('') // no commits, no branches
    }
    expect(() => host.repoUrl('acme/nope')).toThrow('no repository acme/nope')
    expect(() => host.bareDir('acme/nope')).toThrow('no repository acme/nope')
    expect(() => host.counts('acme/nope')).toThrow('no repository acme/nope')
    await expect(startGitHost({ repositories: { '../x': { tokens: {} } } })).rejects.toThrow(
      'not an owner/name'
    )
  })

  describe.each(['argv', 'env'] as const)('the right token, given through %s', form => {
    it('ls-remote, clone, push to an empty repository (no branch), fetch', async () => {
      const url = host.repoUrl(LEDGER)
      const write: Credentials = { form, url, token: WRITE }
      const read: Credentials = { form, url, token: READ }

      const runs: GitResult[] = []
      const run = async (cwd: string, args: string[], as: Credentials): Promise<GitResult> => {
        const r = await git(cwd, args, as)
        runs.push(r)
        expect([r.code, r.stderr]).toEqual([0, expect.any(String)])
        return r
      }
      expect((await run(work, ['ls-remote', url], read)).stdout).toBe('')
      const clone = await run(work, ['clone', url, path.join(work, 'clone')], read)
      expect(clone.code).toBe(0)
      expect(clone.stderr).toContain('You appear to have cloned an empty repository.')

      const ref = 'refs/dispatch-ledger/v2/index/00'
      const pushed = await run(pusher, ['push', '--porcelain', url, `HEAD:${ref}`], write)
      expect(pushed.stdout).toBe(`To ${url}\n*\tHEAD:${ref}\t[new reference]\nDone\n`)
      // Only that ref: the repository still has no branch (HEAD names an unborn main).
      expect(await refsOf(host.bareDir(LEDGER))).toBe(`${commitOid} ${ref}\n`)
      expect(existsSync(path.join(host.bareDir(LEDGER), 'refs', 'heads', 'main'))).toBe(false)

      const fetcher = path.join(work, 'fetcher')
      await gitOk(work, ['init', '--quiet', fetcher])
      await run(fetcher, ['fetch', '--quiet', url, `${ref}:${ref}`], read)
      expect((await gitOk(fetcher, ['rev-parse', ref])).trim()).toBe(commitOid)
      expect((await run(work, ['ls-remote', url], read)).stdout).toBe(`${commitOid}\t${ref}\n`)

      expect(host.counts(LEDGER)).toMatchObject({ pushes: 1, unauthorized: 0 })
      expect(host.requests.every(r => r.status === 200 && !r.refused)).toBe(true)
      expect(host.requests.filter(r => r.service === 'git-receive-pack').map(r => r.auth)).toEqual([
        'write',
        'write'
      ])

      // Where the token went. Through env, every process (ls-remote, clone, push, fetch,
      // ls-remote) was spawned with it in its environment only, no argv holds it (nor its base64)
      // and the clone's config does not either; through -c it is in argv - the check can fail.
      const inArgv = runs.map(r =>
        r.argv.some(a => a.includes(basic(READ)) || a.includes(basic(WRITE)))
      )
      const inEnv = runs.map(r => /^AUTHORIZATION: basic /.test(r.env.GIT_CONFIG_VALUE_0 ?? ''))
      expect(runs).toHaveLength(5)
      expect(inArgv).toEqual(runs.map(() => form === 'argv'))
      expect(inEnv).toEqual(runs.map(() => form === 'env'))
      for (const r of runs) {
        expect(r.argv.join(' ')).not.toMatch(/ghs_/) // the token itself is only ever base64'd
        expect(r.stderr + r.stdout).not.toContain(basic(WRITE))
      }
      const config = await readFile(path.join(work, 'clone', '.git', 'config'), 'utf8')
      expect(config).not.toContain(basic(READ))
    })
  })
})

interface RefusalRow {
  /** the repository the URL names */
  repo: string
  credentials: 'none' | 'helper' | string
  op: 'ls-remote' | 'push'
  status: number
  auth: GitHostAuth
  /** git's exact stderr, URL = the repository URL, SERVER = serverUrl */
  stderr: string[]
}

const NO_USERNAME = "fatal: could not read Username for 'SERVER': terminal prompts disabled"
const NOT_FOUND = ['remote: Repository not found.', "fatal: repository 'URL/' not found"]

const refusals: Array<[string, RefusalRow]> = [
  [
    'no Authorization header, read',
    {
      repo: LEDGER,
      credentials: 'none',
      op: 'ls-remote',
      status: 401,
      auth: 'none',
      stderr: [NO_USERNAME]
    }
  ],
  [
    'no Authorization header, push',
    {
      repo: LEDGER,
      credentials: 'none',
      op: 'push',
      status: 401,
      auth: 'none',
      stderr: [NO_USERNAME]
    }
  ],
  [
    'a token the host does not know, read',
    {
      repo: LEDGER,
      credentials: 'ghs_wrong',
      op: 'ls-remote',
      status: 401,
      auth: 'invalid',
      stderr: [NO_USERNAME]
    }
  ],
  [
    'a token the host does not know, push',
    {
      repo: LEDGER,
      credentials: 'ghs_wrong',
      op: 'push',
      status: 401,
      auth: 'invalid',
      stderr: [NO_USERNAME]
    }
  ],
  [
    'a wrong token git holds as a credential (a helper) shows the 401 body',
    {
      repo: LEDGER,
      credentials: 'helper',
      op: 'push',
      status: 401,
      auth: 'invalid',
      stderr: ['remote: Invalid username or password.', "fatal: Authentication failed for 'URL/'"]
    }
  ],
  [
    "another repository's token, read (a private repository is hidden)",
    {
      repo: LEDGER,
      credentials: OTHER_WRITE,
      op: 'ls-remote',
      status: 404,
      auth: 'no-access',
      stderr: NOT_FOUND
    }
  ],
  [
    "another repository's token, push",
    {
      repo: LEDGER,
      credentials: OTHER_WRITE,
      op: 'push',
      status: 404,
      auth: 'no-access',
      stderr: NOT_FOUND
    }
  ],
  [
    'a read token pushing',
    {
      repo: LEDGER,
      credentials: READ,
      op: 'push',
      status: 403,
      auth: 'read',
      stderr: [
        'remote: Permission to acme/ledger.git denied to x-access-token.',
        "fatal: unable to access 'URL/': The requested URL returned error: 403"
      ]
    }
  ],
  [
    'an unknown repository, read',
    {
      repo: 'acme/nope',
      credentials: WRITE,
      op: 'ls-remote',
      status: 404,
      auth: 'no-access',
      stderr: NOT_FOUND
    }
  ],
  [
    'an unknown repository, push',
    {
      repo: 'acme/nope',
      credentials: WRITE,
      op: 'push',
      status: 404,
      auth: 'no-access',
      stderr: NOT_FOUND
    }
  ],
  [
    'an unknown repository without credentials (told apart from a private one by nobody)',
    {
      repo: 'acme/nope',
      credentials: 'none',
      op: 'ls-remote',
      status: 401,
      auth: 'none',
      stderr: [NO_USERNAME]
    }
  ],
  [
    'a public repository, push without credentials',
    {
      repo: OPEN,
      credentials: 'none',
      op: 'push',
      status: 401,
      auth: 'none',
      stderr: [NO_USERNAME]
    }
  ],
  [
    "a public repository, push with another repository's token",
    {
      repo: OPEN,
      credentials: OTHER_WRITE,
      op: 'push',
      status: 403,
      auth: 'no-access',
      stderr: [
        'remote: Permission to acme/open.git denied to x-access-token.',
        "fatal: unable to access 'URL/': The requested URL returned error: 403"
      ]
    }
  ]
]

describe('refusals, as GitHub answers them (token through the environment)', () => {
  it.each(refusals)('%s', async (_label, row) => {
    const url = `${host.serverUrl}/${row.repo}.git`
    const credentials: Credentials =
      row.credentials === 'none'
        ? { form: 'none' }
        : row.credentials === 'helper'
          ? { form: 'helper', token: 'ghs_wrong' }
          : { form: 'env', url, token: row.credentials }
    const args =
      row.op === 'push'
        ? ['push', '--porcelain', url, 'HEAD:refs/dispatch-ledger/refused']
        : ['ls-remote', url]
    const r = await git(pusher, args, credentials)

    expect(r.code).toBe(128)
    expect(r.stdout).toBe('')
    const expected = row.stderr.map(l => l.replace('URL', url).replace('SERVER', host.serverUrl))
    expect(r.stderr).toBe(expected.join('\n') + '\n')
    expect(r.stderr).not.toMatch(/ghs_/)

    // One GET info/refs, answered by the host itself (a helper is asked again after the 401).
    const gets = row.credentials === 'helper' ? 2 : 1
    expect(host.requests).toHaveLength(gets)
    const service = row.op === 'push' ? 'git-receive-pack' : 'git-upload-pack'
    for (const q of host.requests) {
      expect(q).toMatchObject({ method: 'GET', service, status: row.status, refused: true })
      expect(q.repository).toBe(row.repo === 'acme/nope' ? null : row.repo)
    }
    expect(host.requests.at(-1)?.auth).toBe(row.auth)
    expect(host.counts()).toMatchObject({ pushes: 0, fetches: 0, unauthorized: gets })
    if (row.repo !== 'acme/nope') expect(await refsOf(host.bareDir(row.repo))).toBe('')
  })

  it('fetch and clone print the same lines as ls-remote (clone after "Cloning into")', async () => {
    const url = host.repoUrl(LEDGER)
    const rows: Array<[Credentials, string[]]> = [
      [{ form: 'none' }, [NO_USERNAME]],
      [{ form: 'env', url, token: 'ghs_wrong' }, [NO_USERNAME]],
      [{ form: 'env', url, token: OTHER_WRITE }, NOT_FOUND]
    ]
    for (const [credentials, lines] of rows) {
      const expected = lines.map(l => l.replace('URL', url).replace('SERVER', host.serverUrl))
      const fetched = await git(
        pusher,
        ['fetch', url, 'refs/dispatch-ledger/*:refs/x/*'],
        credentials
      )
      expect([fetched.code, fetched.stderr]).toEqual([128, expected.join('\n') + '\n'])
      const dir = path.join(work, 'c')
      const cloned = await git(work, ['clone', url, dir], credentials)
      expect([cloned.code, cloned.stderr]).toEqual([
        128,
        [`Cloning into '${dir}'...`, ...expected].join('\n') + '\n'
      ])
    }
    expect(host.requests.every(r => r.refused && r.status !== 200)).toBe(true)
  })

  it('a public repository is read without credentials, or with any known token', async () => {
    const url = host.repoUrl(OPEN)
    expect(await gitOk(work, ['ls-remote', url])).toBe('')
    expect(await gitOk(work, ['ls-remote', url], { form: 'env', url, token: OTHER_WRITE })).toBe('')
    expect(host.requests.map(r => [r.auth, r.status])).toEqual([
      ['none', 200],
      ['none', 200],
      ['no-access', 200],
      ['no-access', 200]
    ])
  })

  it('answers direct requests the same: POST receive-pack, the 401 challenge, no token echoed', async () => {
    const url = host.repoUrl(LEDGER)
    const challenge = await request(`${url}/info/refs?service=git-upload-pack`, { method: 'GET' })
    expect(challenge).toEqual({ status: 401, wwwAuthenticate: 'Basic realm="GitHub"', body: '' })

    const auth = (token: string): string => `Basic ${basic(token)}`
    const post = (authorization?: string) =>
      request(`${url}/git-receive-pack`, { method: 'POST', authorization })
    expect(await post()).toMatchObject({ status: 401, wwwAuthenticate: 'Basic realm="GitHub"' })
    expect(await post(auth('ghs_wrong'))).toEqual({
      status: 401,
      wwwAuthenticate: 'Basic realm="GitHub"',
      body: 'Invalid username or password.\n'
    })
    expect(await post(`Bearer ${WRITE}`)).toMatchObject({ status: 401 })
    expect(await post(auth(OTHER_WRITE))).toMatchObject({
      status: 404,
      body: 'Repository not found.\n'
    })
    expect(await post(auth(READ))).toMatchObject({
      status: 403,
      body: 'Permission to acme/ledger.git denied to x-access-token.\n'
    })
    // The username is ignored.
    const anyUser = `Basic ${Buffer.from(`someone:${READ}`).toString('base64')}`
    expect(
      await request(`${url}/info/refs?service=git-upload-pack`, {
        method: 'GET',
        authorization: anyUser
      })
    ).toMatchObject({ status: 200 })
    // A path that leaves the repository is not handed to git.
    const escape = await request(
      `${url}/..%2f..%2facme%2fother.git/info/refs?service=git-upload-pack`,
      {
        method: 'GET',
        authorization: auth(READ)
      }
    )
    expect(escape.status).toBe(404)

    expect(host.counts(LEDGER)).toEqual({
      total: 8,
      fetches: 0,
      pushes: 5, // POSTs that reached the host, all refused
      infoRefs: 3,
      unauthorized: 7
    })
  })
})

describe('counts per repository', () => {
  it('pushes to one repository do not count for another', async () => {
    const ledger = host.repoUrl(LEDGER)
    const other = host.repoUrl(OTHER)
    const toLedger: Credentials = { form: 'env', url: ledger, token: WRITE }
    const toOther: Credentials = { form: 'env', url: other, token: OTHER_WRITE }

    await gitOk(pusher, ['push', '--quiet', ledger, 'HEAD:refs/dispatch-ledger/a'], toLedger)
    await gitOk(pusher, ['commit', '--quiet', '--allow-empty', '-m', 'second'])
    await gitOk(pusher, ['push', '--quiet', ledger, 'HEAD:refs/dispatch-ledger/a'], toLedger)
    await gitOk(work, ['ls-remote', other], toOther)

    expect(host.counts(LEDGER)).toEqual({
      total: 4,
      fetches: 0,
      pushes: 2,
      infoRefs: 2,
      unauthorized: 0
    })
    expect(host.counts(OTHER)).toEqual({
      total: 2,
      fetches: 1,
      pushes: 0,
      infoRefs: 1,
      unauthorized: 0
    })
    expect(host.counts(OPEN).total).toBe(0)
    expect(host.counts()).toEqual({ total: 6, fetches: 1, pushes: 2, infoRefs: 3, unauthorized: 0 })
    expect(await refsOf(host.bareDir(OTHER))).toBe('')

    // The other repository's token cannot move the ledger's ref; its push is counted nowhere.
    const refused = await git(pusher, ['push', ledger, 'HEAD~1:refs/dispatch-ledger/a'], {
      form: 'env',
      url: ledger,
      token: OTHER_WRITE
    })
    expect(refused.code).toBe(128)
    expect(host.counts(LEDGER)).toMatchObject({ pushes: 2, unauthorized: 1 })
    expect(host.counts(OTHER).pushes).toBe(0)

    host.resetCounts()
    expect(host.counts()).toEqual({ total: 0, fetches: 0, pushes: 0, infoRefs: 0, unauthorized: 0 })
    expect(host.requests).toEqual([])
  })
})

describe('close', () => {
  it('removes every repository', async () => {
    const own = await startGitHost({
      repositories: { 'o/a': { tokens: {} }, 'o/b': { tokens: {} } }
    })
    const dirs = [own.bareDir('o/a'), own.bareDir('o/b')]
    expect(dirs.every(d => existsSync(d))).toBe(true)
    await own.close()
    await own.close() // twice is fine
    expect(dirs.some(d => existsSync(d))).toBe(false)
  })
})
