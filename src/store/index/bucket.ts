/**
 * An index bucket as read (docs/design/storage.md): its tip commit and the tree under it,
 * walked on demand through one `git cat-file --batch`, and the new snapshot a write builds by
 * editing paths of that tree.
 */
import { parseCommit } from '../../core/entry.js'
import { CorruptEntry } from '../../core/errors.js'
import {
  BLOB_MODE,
  encodeTree,
  objectId,
  parseTree,
  TREE_MODE,
  type TreeItem
} from '../../core/index/tree.js'
import type { GitObject, LooseObject } from '../git.js'

/** What a bucket reads objects with: a `git cat-file --batch`, or a map in a test. */
export interface BucketObjects {
  read(name: string): Promise<GitObject | null>
}

/** The directories an index bucket's root may hold (docs/design/storage.md). */
export const ROOT_DIRECTORIES: ReadonlySet<string> = new Set([
  'keys',
  'ended',
  'runs',
  'operations'
])

/** The subject every index commit of ref carries. */
export function indexSubject(ref: string): string {
  return `dispatch-ledger index ${ref}`
}

/** Why the object at an index ref is not an index commit of that ref; null when it is one. */
export function indexTipProblem(ref: string, object: GitObject): string | null {
  if (object.type !== 'commit') return `it points at a ${object.type}, not an index commit`
  const commit = parseCommit(object.content)
  if (commit.parents.length > 0)
    return 'its tip has a parent, so it is not an index commit (a symbolic ref or a branch?)'
  if (commit.message.split('\n')[0] !== indexSubject(ref))
    return `its tip is not an index commit of ${ref} (a symbolic ref to another ref, or a forged commit?)`
  return null
}

export class BucketView {
  /** Trees by id, each read once however many readers ask for it together. */
  private readonly trees = new Map<string, Promise<TreeItem[]>>()

  constructor(
    /** The index ref, for error messages. */
    readonly ref: string,
    /** The tip commit; null when the bucket was never written. */
    readonly tip: string | null,
    readonly root: string | null,
    private readonly objects: BucketObjects
  ) {}

  /**
   * The bucket at ref, its tip checked to be an index commit of this very ref: parentless,
   * named for it, its root holding only the index's own directories. Anything else — a branch
   * a symbolic ref leads to, a tag, a forged commit — fails closed before a write could move it
   * (docs/design/writers.md#only-plain-refs).
   */
  static async open(ref: string, objects: BucketObjects): Promise<BucketView> {
    return BucketView.fromTip(ref, await objects.read(ref), objects)
  }

  /** The bucket whose tip, read from ref, is `object` (null: never written), checked as open checks it. */
  static async fromTip(
    ref: string,
    object: GitObject | null,
    objects: BucketObjects
  ): Promise<BucketView> {
    if (!object) return new BucketView(ref, null, null, objects)
    const problem = indexTipProblem(ref, object)
    if (problem) throw new CorruptEntry(ref, problem)
    const view = new BucketView(ref, object.oid, parseCommit(object.content).tree, objects)
    const stray = (await view.readTree(view.root as string)).find(
      item => !ROOT_DIRECTORIES.has(item.name) || item.mode !== TREE_MODE
    )
    if (stray)
      throw new CorruptEntry(
        `${ref}:${stray.name}`,
        `an index bucket holds only ${[...ROOT_DIRECTORIES].join(', ')} directories, not this ` +
          `${stray.mode === TREE_MODE ? 'directory' : 'file'}`
      )
    return view
  }

  /** The items of the tree at `dir` ('' for the root); empty when it does not exist. */
  async list(dir: string): Promise<TreeItem[]> {
    const oid = await this.treeAt(dir)
    return oid ? this.readTree(oid) : []
  }

  /** The tree's item at path (what is there, unread), or null. */
  async item(path: string): Promise<TreeItem | null> {
    const slash = path.lastIndexOf('/')
    const name = path.slice(slash + 1)
    return (await this.list(path.slice(0, slash))).find(i => i.name === name) ?? null
  }

  /** The blob at path, or null. Something else there (a directory, a link) fails closed. */
  async blob(path: string): Promise<{ oid: string; bytes: Buffer } | null> {
    const item = await this.item(path)
    if (!item) return null
    if (item.mode !== BLOB_MODE) throw this.misplaced(path, item, 'a file')
    const object = await this.objects.read(item.oid)
    if (!object || object.type !== 'blob')
      throw new CorruptEntry(this.at(path), 'it is not a readable blob')
    return { oid: object.oid, bytes: object.bytes }
  }

  /** Where a path of this bucket is, as `git cat-file -p` takes it: `<ref>:<path>`. */
  at(path: string): string {
    return `${this.ref}:${path}`
  }

  private async treeAt(dir: string): Promise<string | null> {
    let oid = this.root
    const parts = dir.split('/').filter(Boolean)
    for (const [index, part] of parts.entries()) {
      if (!oid) return null
      const item = (await this.readTree(oid)).find(i => i.name === part)
      if (item && item.mode !== TREE_MODE)
        throw this.misplaced(parts.slice(0, index + 1).join('/'), item, 'a directory')
      oid = item?.oid ?? null
    }
    return oid
  }

  /** An entry that is not what its place says: never read as absent, never overwritten. */
  private misplaced(path: string, item: TreeItem, belongs: string): CorruptEntry {
    const what =
      item.mode === TREE_MODE
        ? 'a directory'
        : item.mode === BLOB_MODE
          ? 'a file'
          : `mode ${item.mode}`
    return new CorruptEntry(this.at(path), `it is ${what} where ${belongs} belongs`)
  }

  readTree(oid: string): Promise<TreeItem[]> {
    const cached = this.trees.get(oid)
    if (cached) return cached
    const read = this.readTreeNow(oid)
    this.trees.set(oid, read)
    read.catch(() => this.trees.delete(oid))
    return read
  }

  private async readTreeNow(oid: string): Promise<TreeItem[]> {
    const object = await this.objects.read(oid)
    if (!object || object.type !== 'tree')
      throw new CorruptEntry(this.ref, `its tree ${oid} is missing or not a tree`)
    let items: TreeItem[]
    try {
      items = parseTree(object.bytes)
    } catch {
      throw new CorruptEntry(this.ref, `its tree ${oid} does not parse`)
    }
    return items
  }

  /**
   * The root tree after setting each path to a blob (or removing it, `null`), with every new
   * object to store. Emptied trees disappear, as git would never hold them.
   */
  async edit(
    edits: ReadonlyMap<string, Buffer | null>
  ): Promise<{ root: string; objects: LooseObject[] }> {
    const objects: LooseObject[] = []
    const root = await this.editDir(this.root, '', edits, objects)
    const empty = encodeTree([])
    const rootOid = root ?? objectId('tree', empty)
    if (!root) objects.push({ type: 'tree', body: empty, oid: rootOid })
    return { root: rootOid, objects }
  }

  private async editDir(
    oid: string | null,
    dir: string,
    edits: ReadonlyMap<string, Buffer | null>,
    out: LooseObject[]
  ): Promise<string | null> {
    const items = new Map((oid ? await this.readTree(oid) : []).map(i => [i.name, i]))
    const children = new Set<string>()
    for (const [path, body] of edits) {
      if (!path.startsWith(dir)) continue
      const rest = path.slice(dir.length)
      const slash = rest.indexOf('/')
      if (slash >= 0) children.add(rest.slice(0, slash))
      else if (body === null) items.delete(rest)
      else if (items.get(rest)?.mode === TREE_MODE)
        throw this.misplaced(`${dir}${rest}`, items.get(rest) as TreeItem, 'a file')
      else {
        const blob = objectId('blob', body)
        out.push({ type: 'blob', body, oid: blob })
        items.set(rest, { mode: BLOB_MODE, name: rest, oid: blob })
      }
    }
    for (const child of children) {
      const current = items.get(child)
      // Editing below a file would replace it: a broken entry is never overwritten.
      if (current && current.mode !== TREE_MODE)
        throw this.misplaced(`${dir}${child}`, current, 'a directory')
      const next = await this.editDir(
        current?.mode === TREE_MODE ? current.oid : null,
        `${dir}${child}/`,
        edits,
        out
      )
      if (next) items.set(child, { mode: TREE_MODE, name: child, oid: next })
      else items.delete(child)
    }
    if (items.size === 0) return null
    const body = encodeTree([...items.values()])
    const tree = objectId('tree', body)
    if (tree !== oid) out.push({ type: 'tree', body, oid: tree })
    return tree
  }
}
