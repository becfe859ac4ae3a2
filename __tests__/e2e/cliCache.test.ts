/**
 * The command line's cache is the operator's own (docs/cli.md#the-cache), from the committed
 * bundle as its bin runs: it lives under the user's cache directory, mode 0700; a cache another
 * user made (with hooks set, where `safe.directory=*` lets git open it), a cache that is a
 * symbolic link (into the operator's own clone) and a cache directory others may write are
 * refused with a message, no hook runs and the clone is unchanged, while a link above the cache
 * root (the user's own ~/.cache elsewhere) is used; two users on one machine each get a cache of
 * their own. Runs as root, which can act as a second user (uid 65534).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmod, lstat, mkdir, readdir, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PROJECT_ROOT } from '../../scripts/runner.js'
import { buildLedger, type BuiltLedger } from '../support/cliLedger.js'
import { cleanupRepos, git, makeTempDir } from '../support/repo.js'

const run = promisify(execFile)
const CLI = join(PROJECT_ROOT, 'dist', 'cli', 'index.js')
const OTHER = 65534
/** The user running the tests; the tests of a second user need root, which can act as one. */
const ME = process.getuid?.() ?? 0
const asRoot = ME === 0

interface Ran {
  code: number
  stdout: string
  stderr: string
}

async function cli(
  args: string[],
  options: { cwd: string; env: Record<string, string>; uid?: number }
): Promise<Ran> {
  const [file, prefix] =
    options.uid === undefined
      ? [process.execPath, []]
      : [
          'setpriv',
          [`--reuid=${options.uid}`, `--regid=${options.uid}`, '--clear-groups', process.execPath]
        ]
  try {
    const { stdout, stderr } = await run(file, [...prefix, CLI, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env }
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

let ledger: BuiltLedger

beforeAll(async () => {
  ledger = await buildLedger()
}, 120_000)

afterAll(async () => {
  await ledger?.origin.cleanup()
  await cleanupRepos()
})

/** A home of its own, owned by uid, whose git config trusts the origin (root's) and nothing else. */
async function homeOf(
  uid: number,
  options: { trust?: string } = {}
): Promise<{ home: string; env: Record<string, string> }> {
  const home = join(await makeTempDir(), 'home')
  await mkdir(home, { mode: 0o700 })
  await chmod(join(home, '..'), 0o755)
  // Another user's git reads the origin only where the operator allows it (a global setting).
  await writeFile(
    join(home, '.gitconfig'),
    `[safe]\n\tdirectory = ${options.trust ?? ledger.origin.dir}\n`
  )
  if (uid !== ME) await run('chown', ['-R', `${uid}:${uid}`, home])
  return { home, env: { HOME: home } }
}

/** The cache repository's directory for the origin (one per arbiter URL). */
const cacheName = () => createHash('sha256').update(ledger.origin.dir).digest('hex').slice(0, 16)

async function refsOf(dir: string): Promise<string> {
  return git(dir, 'for-each-ref', '--format=%(refname) %(objectname)')
}

describe('the cache', () => {
  it('is made under the user’s cache directory, mode 0700, and a second status reuses it', async () => {
    const { home, env } = await homeOf(ME)
    const first = await cli(['status', '--all', '--remote', ledger.origin.dir], { cwd: home, env })
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    const root = join(home, '.cache', 'dispatch-ledger')
    expect((await stat(root)).mode & 0o777).toBe(0o700)
    expect((await stat(join(root, cacheName()))).mode & 0o777).toBe(0o700)
    const again = await cli(['status', '--all', '--remote', ledger.origin.dir], { cwd: home, env })
    expect(again).toEqual(first)
    // XDG_CACHE_HOME moves it.
    const xdg = await makeTempDir()
    const moved = await cli(['status', '--all', '--remote', ledger.origin.dir], {
      cwd: home,
      env: { ...env, XDG_CACHE_HOME: xdg }
    })
    expect(moved.stdout).toBe(first.stdout)
    expect(await readdir(join(xdg, 'dispatch-ledger'))).toEqual([cacheName()])
  }, 60_000)

  const planted = asRoot ? it : it.skip
  planted(
    'another user’s cache with hooks is refused, even where safe.directory=* lets git open it: no hook runs',
    async () => {
      // safe.directory=* (common on CI images) lets git open a repository anyone owns.
      const { home, env } = await homeOf(ME, { trust: '*' })
      const marker = join(home, 'hook-ran')
      const cache = join(home, '.cache', 'dispatch-ledger', cacheName())
      await mkdir(join(cache, 'hooks'), { recursive: true })
      await git(cache, 'init', '-q', '--bare')
      const hook = `#!/bin/sh\necho "$GH_TOKEN" >> ${marker}\n`
      for (const name of ['reference-transaction', 'post-index-change', 'pre-auto-gc'])
        await writeFile(join(cache, 'hooks', name), hook, { mode: 0o755 })
      await git(cache, 'config', 'core.hooksPath', join(cache, 'hooks'))
      await run('chown', ['-R', `${OTHER}:${OTHER}`, join(home, '.cache')])
      const refused = await cli(['status', '--all', '--remote', ledger.origin.dir], {
        cwd: home,
        env: { ...env, GH_TOKEN: 'ghs_secret' }
      })
      expect(refused.code).not.toBe(0)
      expect(refused.stderr).toMatch(/belongs to uid 65534, not to you \(uid 0\)/)
      expect(refused.stderr).toMatch(/set XDG_CACHE_HOME to a directory of your own/)
      expect(refused.stderr).not.toContain('ghs_secret')
      await expect(stat(marker)).rejects.toThrow(/ENOENT/)
    },
    60_000
  )

  it('a planted config of the operator’s own (hooksPath set) is refused and its hook never runs', async () => {
    const { home, env } = await homeOf(ME)
    const marker = join(home, 'hook-ran')
    const cache = join(home, '.cache', 'dispatch-ledger', cacheName())
    await mkdir(join(home, '.cache', 'dispatch-ledger'), { recursive: true, mode: 0o700 })
    await chmod(join(home, '.cache', 'dispatch-ledger'), 0o700)
    await git(join(home, '.cache', 'dispatch-ledger'), 'init', '-q', '--bare', cacheName())
    await chmod(cache, 0o700)
    await mkdir(join(cache, 'evil'))
    await writeFile(join(cache, 'evil', 'reference-transaction'), `#!/bin/sh\ntouch ${marker}\n`, {
      mode: 0o755
    })
    await git(cache, 'config', 'core.hooksPath', join(cache, 'evil'))
    const refused = await cli(['status', '--all', '--remote', ledger.origin.dir], {
      cwd: home,
      env
    })
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/holds the setting "hookspath = .*run a program as you/i)
    await expect(stat(marker)).rejects.toThrow(/ENOENT/)
  }, 60_000)

  it('a cache that is a symbolic link into the operator’s clone is refused, the clone unchanged', async () => {
    const { home, env } = await homeOf(ME)
    const root = join(home, '.cache', 'dispatch-ledger')
    await mkdir(root, { recursive: true, mode: 0o700 })
    await chmod(root, 0o700)
    await symlink(join(ledger.clone, '.git'), join(root, cacheName()))
    const before = await refsOf(ledger.clone)
    const files = await readdir(join(ledger.clone, '.git'))
    const refused = await cli(['status', '--all', '--remote', ledger.origin.dir], {
      cwd: home,
      env
    })
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/is a symbolic link.*Remove the link/)
    expect(await refsOf(ledger.clone)).toBe(before)
    expect(await readdir(join(ledger.clone, '.git'))).toEqual(files)
    // The root itself a link: refused the same way.
    const { home: second, env: secondEnv } = await homeOf(ME)
    await mkdir(join(second, '.cache'), { mode: 0o700 })
    await symlink(join(ledger.clone, '.git'), join(second, '.cache', 'dispatch-ledger'))
    const rootLink = await cli(['status', '--remote', ledger.origin.dir], {
      cwd: second,
      env: secondEnv
    })
    expect(rootLink.code).not.toBe(0)
    expect(rootLink.stderr).toMatch(/dispatch-ledger is a symbolic link/)
    expect((await lstat(join(second, '.cache', 'dispatch-ledger'))).isSymbolicLink()).toBe(true)
  }, 60_000)

  it('a link above the root (~/.cache on another disk) is the user’s own to place: used, the root below it checked', async () => {
    const { home, env } = await homeOf(ME)
    const disk = await makeTempDir()
    await symlink(disk, join(home, '.cache'))
    const ran = await cli(['status', '--remote', ledger.origin.dir], { cwd: home, env })
    expect([ran.code, ran.stderr]).toEqual([0, ''])
    expect(await readdir(join(disk, 'dispatch-ledger'))).toEqual([cacheName()])
    expect((await lstat(join(disk, 'dispatch-ledger'))).mode & 0o777).toBe(0o700)
    // Below the link the root is checked as anywhere.
    await chmod(join(disk, 'dispatch-ledger'), 0o777)
    const open = await cli(['status', '--remote', ledger.origin.dir], { cwd: home, env })
    expect(open.code).not.toBe(0)
    expect(open.stderr).toMatch(/dispatch-ledger is writable by its group and everyone/)
  }, 60_000)

  it('a cache directory others may write is refused, with the chmod that fixes it', async () => {
    const { home, env } = await homeOf(ME)
    const root = join(home, '.cache', 'dispatch-ledger')
    await mkdir(root, { recursive: true })
    await chmod(root, 0o777)
    const refused = await cli(['status', '--remote', ledger.origin.dir], { cwd: home, env })
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/writable by its group and everyone \(mode 0777\).*chmod 700/)
    expect(await readdir(root)).toEqual([])
    await chmod(root, 0o700)
    const fixed = await cli(['status', '--remote', ledger.origin.dir], { cwd: home, env })
    expect(fixed.stderr).toBe('')
    expect(fixed.code).toBe(0)
  }, 60_000)

  const twoUsers = asRoot ? it : it.skip
  twoUsers(
    'two users run status on one machine, each in a cache of their own',
    async () => {
      const root = await homeOf(ME)
      const other = await homeOf(OTHER)
      // The second user may read the origin (as a second user may read a shared server's).
      await run('chmod', ['-R', 'a+rX', join(ledger.origin.dir, '..')])
      const ran = await Promise.all([
        cli(['status', '--all', '--remote', ledger.origin.dir], { cwd: root.home, env: root.env }),
        cli(['status', '--all', '--remote', ledger.origin.dir], {
          cwd: other.home,
          env: other.env,
          uid: OTHER
        })
      ])
      for (const one of ran) expect([one.code, one.stderr]).toEqual([0, ''])
      expect(ran[1]!.stdout).toBe(ran[0]!.stdout)
      const theirs = join(other.home, '.cache', 'dispatch-ledger', cacheName())
      expect((await stat(theirs)).uid).toBe(OTHER)
    },
    60_000
  )

  it('a stale lock a killed git left in the cache: the cache is made again and status answers as a fresh one', async () => {
    const { home, env } = await homeOf(ME)
    const args = ['status', '--all', '--json', '--remote', ledger.origin.dir]
    expect((await cli(args, { cwd: home, env })).code).toBe(0)
    const cache = join(home, '.cache', 'dispatch-ledger', cacheName())
    const refs = (await refsOf(cache)).split('\n').filter(Boolean)
    const [ref, oid] = (refs.find(line => line.includes('/chains/')) ?? refs[0]!).split(' ')
    // The ref removed at the origin: the next fetch must delete it in the cache, where a killed
    // git left its lock.
    await writeFile(join(cache, `${ref}.lock`), '')
    await git(ledger.origin.dir, 'update-ref', '-d', ref!)
    try {
      const locked = await cli(args, { cwd: home, env })
      const fresh = await cli(args, {
        cwd: home,
        env: { ...env, XDG_CACHE_HOME: await makeTempDir() }
      })
      expect(locked.stderr).toBe(fresh.stderr)
      expect(locked.code).toBe(fresh.code)
      const runs = (text: string) =>
        (JSON.parse(text) as { runs: Array<Record<string, unknown>> }).runs.map(
          ({ age_seconds: _age, ...rest }) => rest
        )
      expect(runs(locked.stdout)).toEqual(runs(fresh.stdout))
      await expect(stat(join(cache, `${ref}.lock`))).rejects.toThrow(/ENOENT/)
    } finally {
      await git(ledger.origin.dir, 'update-ref', ref!, oid!)
    }
  }, 60_000)
})
