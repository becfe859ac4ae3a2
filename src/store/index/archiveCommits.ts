/**
 * Archive commits (docs/design/storage.md): the commits an archive ref chains, each on the
 * empty tree with the archive subject of its very ref, whose other parents are the archived
 * chains' heads it keeps reachable. The writer checks a tip before it extends it; verify walks
 * them all.
 */
import { EMPTY_TREE, parseCommit } from '../../core/entry.js'
import { CorruptEntry } from '../../core/errors.js'
import type { GitObject, ObjectReader } from '../git.js'

/**
 * Every parent of the archive commits from ref's tip that is not itself one of them, with the
 * tip and the archive commits walked.
 */
export async function archivedHeads(
  ref: string,
  objects: ObjectReader
): Promise<{
  heads: Array<{ oid: string; content: string | null }>
  tip: string | null
  commits: Array<{ oid: string; content: string }>
}> {
  const heads = new Map<string, string | null>()
  const commits = new Map<string, string>()
  let tipOid: string | null = null
  let next: Array<{ name: string; tip: boolean }> = [{ name: ref, tip: true }]
  while (next.length > 0) {
    const after: Array<{ name: string; tip: boolean }> = []
    for (const { name, tip } of next) {
      const object = await objects.read(name)
      if (!object) {
        if (!tip) heads.set(name, null)
        continue
      }
      if (tip) {
        checkArchiveTip(ref, object)
        tipOid = object.oid
      }
      if (!(object.type === 'commit' && isArchiveCommit(ref, object.content))) {
        heads.set(object.oid, object.content)
        continue
      }
      if (commits.has(object.oid)) continue
      commits.set(object.oid, object.content)
      for (const parent of parseCommit(object.content).parents)
        after.push({ name: parent, tip: false })
    }
    next = after
  }
  return {
    heads: [...heads].map(([oid, content]) => ({ oid, content })),
    tip: tipOid,
    commits: [...commits].map(([oid, content]) => ({ oid, content }))
  }
}

/**
 * An archive ref's tip must be an archive commit of that ref: on the empty tree, its message
 * exactly the archive subject (a symbolic ref to another ref, a branch or a forged commit is not).
 */
export function checkArchiveTip(ref: string, object: GitObject): void {
  if (object.type !== 'commit' || !isArchiveCommit(ref, object.content))
    throw new CorruptEntry(
      ref,
      'its tip is not an archive commit of this ref (a symbolic ref to another ref, or a ' +
        'forged commit?)'
    )
}

/** On the empty tree, its subject exactly the archive subject of ref (the writer and verify). */
export function isArchiveCommit(ref: string, content: string): boolean {
  const commit = parseCommit(content)
  const subject = commit.message.split('\n\n')[0]?.replace(/\n$/, '')
  return commit.tree === EMPTY_TREE && subject === `dispatch-ledger archive ${ref}`
}
