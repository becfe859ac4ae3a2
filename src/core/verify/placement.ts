/**
 * Where an index entry may sit (docs/design/storage.md#refs-layout-v2): in the bucket the first two
 * hex digits of its hash select, the only one any reader looks in. An entry elsewhere is read by
 * no command; a copy beside the real one made status list its run twice. And every archived
 * chain's head must stay reachable from its bucket's archive ref, or a gc on the server deletes
 * the chain while its index entry still names it. Pure.
 */
import { EMPTY_TREE } from '../entry.js'
import { bucketOfEntry, indexRef } from '../index/layout.js'

/** An entry's path in a bucket's tree (`keys/<h>`, `ended/<h>`, `runs/<h>`, `operations/<h>`). */
export interface PlacedEntry {
  readonly namespace: string
  readonly bucket: string
  readonly path: string
}

/** The bucket the entry's hash selects; null when its name is no hash at all. */
export function selectedBucket(path: string): string | null {
  return bucketOfEntry(path.split('/')[1] ?? '')
}

/**
 * Why the entry is not where readers look (one clause), or null. `heldThere`: whether the bucket
 * its hash selects holds the same path (then this one is a second copy).
 */
export function placementProblem(entry: PlacedEntry, heldThere: boolean): string | null {
  const selected = selectedBucket(entry.path)
  if (selected === entry.bucket) return null
  if (selected === null)
    return `its name is not a sha256 hash, so no bucket is its own and no reader looks for it`
  const home = indexRef(entry.namespace, selected)
  return heldThere
    ? `it is a copy of ${home}:${entry.path}, in a second bucket: its hash selects ${home}, ` +
        'where every reader looks; remove this copy'
    : `its hash selects ${home}, where every reader looks, and that bucket does not hold it: no ` +
        `command reads it here; move it to ${home}`
}

/**
 * Why an archived chain's head is not kept by its bucket's archive ref (one clause), or null.
 * `kept`: every head the archive ref keeps reachable; `tip`: its tip, null when it is gone.
 */
export function unkeptHeadProblem(
  head: string,
  archive: { readonly ref: string; readonly tip: string | null; readonly kept: ReadonlySet<string> }
): string | null {
  if (archive.kept.has(head)) return null
  const how =
    archive.tip === null
      ? `${archive.ref} does not exist (deleted)`
      : `${archive.ref} (at ${archive.tip}) does not reach it (rewound or replaced)`
  const parent = archive.tip === null ? '' : ` -p ${archive.tip}`
  return (
    `its head ${head} is not reachable from the archive ref that must keep it: ${how}. The chain ` +
    'still reads while the server holds its commits, but a gc there deletes them. Keep it ' +
    `reachable again: \`git commit-tree ${EMPTY_TREE}${parent} -p ${head} -m ` +
    `'dispatch-ledger archive ${archive.ref}'\` in a clone holding it, then push that commit to ` +
    archive.ref
  )
}
