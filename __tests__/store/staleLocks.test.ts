/**
 * Which lock files a failed fetch may take away (src/store/staleLocks.ts): only those git named,
 * inside the repository's git directory, plain files, older than the process.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdir, stat, symlink, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { namedLocks, removeStaleLocks } from '../../src/store/staleLocks.js'
import { cleanupRepos, makeTempDir } from '../support/repo.js'

afterAll(cleanupRepos)

const said = (path: string) =>
  `error: cannot lock ref 'refs/x': Unable to create '${path}': File exists.\n\nAnother git process seems to be running`

describe('namedLocks', () => {
  it('reads each path git could not create, relative ones against the working directory', () => {
    expect(
      namedLocks(
        `${said('/r/.git/a.lock')}\n${said('./b.lock')}\n${said('/r/.git/a.lock')}`,
        '/r/.git'
      )
    ).toEqual(['/r/.git/a.lock', '/r/.git/b.lock'])
    expect(namedLocks('fatal: something else', '/r')).toEqual([])
  })
})

describe('removeStaleLocks', () => {
  it('removes an old lock inside the git directory, and nothing else', async () => {
    const root = await makeTempDir()
    const gitDir = join(root, '.git')
    await mkdir(join(gitDir, 'refs', 'x'), { recursive: true })
    const old = join(gitDir, 'refs', 'x', 'old.lock')
    const fresh = join(gitDir, 'refs', 'x', 'fresh.lock')
    const outside = join(root, 'outside.lock')
    const link = join(gitDir, 'link.lock')
    const startedAt = Date.now() - 60_000
    for (const file of [old, fresh, outside]) await writeFile(file, '')
    await symlink(outside, link)
    const past = new Date(startedAt - 60_000)
    for (const file of [old, outside]) await utimes(file, past, past)
    const stderr = [old, fresh, outside, link].map(said).join('\n')
    const removed = await removeStaleLocks({ stderr, cwd: root, gitDir, startedAt })
    expect(removed).toEqual([old])
    for (const kept of [fresh, outside, link]) await expect(stat(kept)).resolves.toBeDefined()
    await expect(stat(old)).rejects.toThrow(/ENOENT/)
  })
})
