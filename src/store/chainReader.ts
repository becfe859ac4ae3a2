import { decodeAdmission, decodeRecord, EMPTY_TREE, parseCommit } from '../core/entry.js'
import { CorruptEntry } from '../core/errors.js'
import type { Admission } from '../core/admission.js'
import type { GitObject, ObjectReader } from './git.js'
import type { StoredEntry } from './store.js'

type Decode<T> = (ref: string, raw: string, oid?: string) => { value: T; json: string }

export const decodeLedger: Decode<import('../core/record.js').LedgerRecord> = decodeRecord

/**
 * Follows a chain of entry commits through one `git cat-file --batch`, from `start` (the live
 * ref, or an archived head's id) back to record 1, decoding and checking each commit. Errors
 * name the chain's ref, and below the head the commit too (`git cat-file -p <oid>` shows it).
 */
export async function walkChain<T>(
  objects: Pick<ObjectReader, 'read'>,
  ref: string,
  start: string,
  decode: Decode<T>,
  /** `start`'s object when the caller has read it already (never by a ref name: it may move). */
  first: GitObject | null = null
): Promise<StoredEntry<T>[] | null> {
  let object = first ?? (await objects.read(start))
  if (!object) return null
  const newestFirst: StoredEntry<T>[] = []
  for (;;) {
    const oid = newestFirst.length || start !== ref ? object.oid : undefined
    const commit = entryCommit(ref, object.type, object.content, oid)
    newestFirst.push({ oid: object.oid, ...decode(ref, object.content, oid) })
    if (commit.parents.length > 1)
      throw new CorruptEntry(ref, 'a record commit has two parents', oid)
    const parent = commit.parents[0]
    if (!parent) break
    const next = await objects.read(parent)
    if (!next) throw new CorruptEntry(ref, `its parent ${parent} is missing`, oid)
    object = next
  }
  return newestFirst.reverse()
}

/** An admission as stored (the admission commit's bytes): parentless, on the empty tree. */
export function decodeStoredAdmission(ref: string, content: string): Admission {
  if (!content.startsWith('tree '))
    throw new CorruptEntry(
      ref,
      'its index entry is not an admission commit (it holds a blob of other bytes)'
    )
  const commit = entryCommit(ref, 'commit', content)
  if (commit.parents.length !== 0) throw new CorruptEntry(ref, 'an admission commit has a parent')
  return decodeAdmission(ref, content)
}

function entryCommit(ref: string, type: string, content: string, oid?: string) {
  if (type !== 'commit') throw new CorruptEntry(ref, `it points at a ${type}, not a commit`, oid)
  let commit
  try {
    commit = parseCommit(content)
  } catch {
    throw new CorruptEntry(ref, 'its entry is not a commit', oid)
  }
  if (commit.tree !== EMPTY_TREE)
    throw new CorruptEntry(ref, 'its commit is not on the empty tree', oid)
  return commit
}
