/**
 * The command line's memo file (src/store/memo.ts), on a real file system: what it keeps and
 * for how long, that it is written only when something was added, and that it is believed only
 * when it is this user's own file, of this build, whole.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { chmodSync, chownSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MemoFile } from '../../src/store/memo.js'
import { cleanupRepos, makeTempDir } from '../support/repo.js'

afterAll(cleanupRepos)

const BUILD = 'build-a'

async function memoPath(): Promise<string> {
  return join(await makeTempDir(), 'memo.json')
}

/** A memo holding one value, saved. */
async function saved(value: unknown = { state: 'dispatched' }): Promise<string> {
  const path = await memoPath()
  const memo = MemoFile.open(path, BUILD)
  memo.set('k', value)
  memo.persist()
  return path
}

describe('the memo file', () => {
  it('gives back what was saved, to the same build, from a file only its user may read', async () => {
    const path = await saved({ state: 'dispatched', attempts: [1] })
    expect(statSync(path).mode & 0o777).toBe(0o600)
    const memo = MemoFile.open(path, BUILD)
    expect(memo.get('k')).toEqual({ state: 'dispatched', attempts: [1] })
    expect(memo.get('absent')).toBeUndefined()
  })

  it('is not written when nothing was added, so an unchanged ledger costs no write', async () => {
    const path = await memoPath()
    MemoFile.open(path, BUILD).persist()
    expect(existsSync(path)).toBe(false)
    const kept = await saved()
    const before = readFileSync(kept, 'utf8')
    const memo = MemoFile.open(kept, BUILD)
    memo.get('k')
    writeFileSync(kept, before.replace('"save":1', '"save":1 ')) // a byte only a write would undo
    memo.persist()
    expect(readFileSync(kept, 'utf8')).toBe(before.replace('"save":1', '"save":1 '))
  })

  it('drops an entry no save has asked for in 8 saves, and keeps one that is asked for', async () => {
    const path = await saved()
    for (let i = 0; i < 8; i++) {
      const memo = MemoFile.open(path, BUILD)
      memo.get('asked')
      memo.set('asked', i)
      memo.persist()
    }
    const memo = MemoFile.open(path, BUILD)
    expect(memo.get('asked')).toBe(7)
    expect(memo.get('k')).toBeUndefined()
  })

  const IGNORED: Array<{ name: string; spoil(path: string): void }> = [
    { name: 'kept by another build', spoil: () => {} },
    { name: 'that others may write', spoil: path => chmodSync(path, 0o666) },
    { name: 'that is not JSON (cut short)', spoil: path => writeFileSync(path, '{"format":') },
    { name: 'of another format', spoil: path => rewrite(path, stored => (stored.format = 'v0')) },
    { name: 'whose entries are not a map', spoil: path => rewrite(path, s => (s.entries = 3)) }
  ]

  it.each(IGNORED)('is ignored, starting empty and throwing nothing, when $name', async row => {
    const path = await saved()
    row.spoil(path)
    const build = row.name === 'kept by another build' ? 'build-b' : BUILD
    expect(MemoFile.open(path, build).get('k')).toBeUndefined()
  })

  it("is ignored when another user owns it (only the operator's own file is believed)", async () => {
    const path = await saved()
    expect(MemoFile.open(path, BUILD).get('k')).toBeDefined() // the negative control
    if (process.getuid?.() !== 0) return // only root may give a file away
    chownSync(path, 4242, 4242)
    expect(MemoFile.open(path, BUILD).get('k')).toBeUndefined()
  })

  it('skips an entry that is not [save, value], keeping the others', async () => {
    const path = await saved()
    rewrite(path, stored => ((stored.entries as Record<string, unknown>).bad = 'x'))
    const memo = MemoFile.open(path, BUILD)
    expect(memo.get('bad')).toBeUndefined()
    expect(memo.get('k')).toBeDefined()
  })
})

function rewrite(path: string, change: (stored: Record<string, unknown>) => void): void {
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
  change(stored)
  writeFileSync(path, JSON.stringify(stored))
}
