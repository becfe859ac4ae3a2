/**
 * Where an entry really is, for messages (docs/design/storage.md): a command names an admission
 * by its logical name (`<ns>/admissions/<h>[.g<N>]`), which is no ref; in layout v2 it is the
 * path `keys/<h>/<N>` of its key's index bucket, which `git cat-file -p <ref>:<path>` shows.
 * Every other name (a live chain ref, a bucket path, a commit id) is already where it is. Pure.
 */
const ADMISSION = /^(refs\/.+)\/admissions\/([0-9a-f]{64})(?:\.g([1-9][0-9]*))?$/

export function entryLocation(name: string): string {
  const match = ADMISSION.exec(name)
  if (!match) return name
  const [, namespace, hash, generation] = match as unknown as [string, string, string, string?]
  return `${namespace}/index/${hash.slice(0, 2)}:keys/${hash}/${generation ?? '1'}`
}

/**
 * How to look at an entry: `git cat-file -p` of its location, after fetching the namespace's
 * index refs where the store is a remote (a clone does not fetch them by default).
 */
export function inspectCommand(location: string): string {
  const bucket = /^(refs\/.+)\/index\/[0-9a-f]{2}:/.exec(location)
  const show = `git cat-file -p ${location}`
  if (!bucket) return `\`${show}\``
  const index = `${bucket[1] as string}/index/*`
  return `\`${show}\` (in a clone, fetch the index first: \`git fetch origin '+${index}:${index}'\`)`
}
