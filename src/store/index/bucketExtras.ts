/**
 * What verify reads of a bucket, raw (src/commands/verifyBucket.ts): every entry as stored,
 * and every head its archive ref keeps reachable.
 */
import { admissionName, archiveRef, endedPath, FAMILIES } from '../../core/index/layout.js'
import { BLOB_MODE, TREE_MODE } from '../../core/index/tree.js'
import type { ObjectReader } from '../git.js'
import type { BucketExtras } from '../store.js'
import { archivedHeads } from './archiveCommits.js'
import type { BucketView } from './bucket.js'

/**
 * A bucket's raw entries (verify): its admissions, end markers and archived chains' index
 * entries, and every head its archive ref keeps reachable, walked through the archive commits
 * (each checked to be an archive commit of that ref, as a writer checks the tip it extends),
 * with the bucket's own commits as stored.
 */
export async function bucketExtras(
  namespace: string,
  bucket: string,
  view: BucketView,
  objects: ObjectReader
): Promise<BucketExtras> {
  const markers = []
  const entries = []
  const admissions = []
  const keys = []
  for (const item of await view.list('ended')) {
    const path = endedPath(item.name)
    const blob = await view.blob(path)
    if (blob)
      markers.push({
        where: view.at(path),
        key: admissionName(namespace, item.name, 1),
        text: blob.bytes.toString('utf8')
      })
  }
  for (const family of FAMILIES)
    for (const item of await view.list(family)) {
      const blob = await view.blob(`${family}/${item.name}`)
      if (blob)
        entries.push({
          where: view.at(`${family}/${item.name}`),
          ref: `${namespace}/${family}/${item.name}`,
          text: blob.bytes.toString('utf8')
        })
    }
  for (const key of await view.list('keys')) {
    keys.push(`keys/${key.name}`)
    if (key.mode !== TREE_MODE) continue // the key's reading names a file where its directory belongs
    for (const item of await view.readTree(key.oid)) {
      const path = `keys/${key.name}/${item.name}`
      // A stray name or a directory is the generations' reading to name.
      if (item.mode !== BLOB_MODE || !/^[1-9][0-9]*$/.test(item.name)) continue
      const blob = await view.blob(path)
      if (blob)
        admissions.push({
          where: view.at(path),
          ref: admissionName(namespace, key.name, Number(item.name)),
          text: blob.bytes.toString('utf8')
        })
    }
  }
  const archive = archiveRef(namespace, bucket)
  const walked = await archivedHeads(archive, objects)
  const tip = view.tip === null ? null : await objects.read(view.tip)
  return {
    markers,
    entries,
    admissions,
    keys,
    heads: walked.heads,
    archiveTip: walked.tip,
    commits: [
      ...(tip ? [{ ref: view.ref, oid: tip.oid, content: tip.content }] : []),
      ...walked.commits.map(c => ({ ref: archive, ...c }))
    ]
  }
}
