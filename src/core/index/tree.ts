/**
 * git's tree and object formats, for the index buckets (docs/design/storage.md): parsing a tree
 * object's bytes, encoding one in git's order, and an object's id. Pure (hashing only).
 */
import { createHash } from 'node:crypto'

export const TREE_MODE = '40000'
export const BLOB_MODE = '100644'

export interface TreeItem {
  readonly mode: string
  readonly name: string
  readonly oid: string
}

export function parseTree(bytes: Buffer): TreeItem[] {
  const items: TreeItem[] = []
  let at = 0
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at)
    const nul = bytes.indexOf(0, space)
    if (space < 0 || nul < 0 || nul + 21 > bytes.length) throw new Error('truncated tree object')
    items.push({
      mode: bytes.subarray(at, space).toString('latin1'),
      name: bytes.subarray(space + 1, nul).toString('utf8'),
      oid: bytes.subarray(nul + 1, nul + 21).toString('hex')
    })
    at = nul + 21
  }
  return items
}

/** git sorts a tree's entries by name, a subtree's name as if it ended in `/`. */
function sortKey(item: TreeItem): string {
  return item.mode === TREE_MODE ? `${item.name}/` : item.name
}

export function encodeTree(items: readonly TreeItem[]): Buffer {
  const sorted = [...items].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1))
  return Buffer.concat(
    sorted.map(item =>
      Buffer.concat([
        Buffer.from(`${item.mode} ${item.name}\0`, 'utf8'),
        Buffer.from(item.oid, 'hex')
      ])
    )
  )
}

export function objectId(type: 'blob' | 'tree' | 'commit', body: Buffer): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex')
}
