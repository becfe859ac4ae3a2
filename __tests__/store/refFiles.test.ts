/**
 * Git.listRefs reads the ref files (loose refs, then packed-refs) instead of spawning
 * for-each-ref: the listing a first arrival's sweep and every layout check make. It must list
 * exactly what `git for-each-ref <prefix>*` lists, in every state the files backend can be in.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Git } from '../../src/store/git.js'
import { cleanupRepos, git, makeRepo } from '../support/repo.js'

afterAll(cleanupRepos)

const NS = 'refs/dispatch-ledger'
const PREFIXES = [`${NS}/runs/ab`, `${NS}/operations/ab`, `${NS}/admissions/`, `${NS}/index/`]

async function forEachRef(dir: string, prefixes: readonly string[]) {
  const out = await git(
    dir,
    'for-each-ref',
    '--format=%(objectname) %(refname)',
    ...prefixes.map(p => `${p}*`)
  )
  return out
    .split('\n')
    .filter(Boolean)
    .map(line => {
      const [oid, ref] = line.split(' ') as [string, string]
      return { ref, oid }
    })
}

/** A repository with refs inside and outside the prefixes, some packed, some loose over packed. */
async function seeded() {
  const dir = await makeRepo()
  const a = (
    await git(dir, 'commit-tree', '4b825dc642cb6eb9a060e54bf8d69288fbee4904', '-m', 'a')
  ).trim()
  const b = (
    await git(dir, 'commit-tree', '4b825dc642cb6eb9a060e54bf8d69288fbee4904', '-m', 'b')
  ).trim()
  const refs = [
    `${NS}/runs/ab01`,
    `${NS}/runs/ab02`,
    `${NS}/runs/ac01`,
    `${NS}/runs/ab`,
    `${NS}/operations/ab99`,
    `${NS}/index/ab`,
    `${NS}/index/cd`,
    `${NS}/archive/ab`
  ]
  for (const ref of refs) await git(dir, 'update-ref', ref, a)
  await git(dir, 'pack-refs', '--all')
  // Loose over packed (moved after packing), a loose-only ref, one nested a level deeper (a
  // `*` never crosses a slash), and a deleted packed ref.
  await git(dir, 'update-ref', `${NS}/runs/ab02`, b)
  await git(dir, 'update-ref', `${NS}/runs/ab03`, b)
  await git(dir, 'update-ref', `${NS}/runs/abx/nested`, b)
  await git(dir, 'update-ref', '-d', `${NS}/runs/ab01`)
  return { dir, a, b }
}

describe('listing refs from the ref files', () => {
  it('lists what for-each-ref lists: loose over packed, packed only, no nested, no deleted', async () => {
    const { dir, b } = await seeded()
    const g = new Git(dir)
    const listed = await g.listRefs(PREFIXES)
    expect(listed).toEqual(await forEachRef(dir, PREFIXES))
    expect(listed).toContainEqual({ ref: `${NS}/runs/ab02`, oid: b })
    expect(listed.map(r => r.ref)).not.toContain(`${NS}/runs/ab01`)
    expect(g.spawned).toBe(0)
  })

  it('ignores a lock file, and lists a namespace that does not exist as empty', async () => {
    const { dir } = await seeded()
    await writeFile(join(dir, '.git', NS, 'runs', 'ab04.lock'), '')
    const g = new Git(dir)
    expect(await g.listRefs(PREFIXES)).toEqual(await forEachRef(dir, PREFIXES))
    expect(await g.listRefs(['refs/nothing-here/runs/'])).toEqual([])
    expect(g.spawned).toBe(0)
  })

  it('asks git when a ref file is symbolic, so the answer is still for-each-ref’s', async () => {
    const { dir } = await seeded()
    await git(dir, 'symbolic-ref', `${NS}/runs/ab05`, `${NS}/runs/ab03`)
    const g = new Git(dir)
    expect(await g.listRefs(PREFIXES)).toEqual(await forEachRef(dir, PREFIXES))
    expect(g.spawned).toBe(1)
  })
})
