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
import type { LooseObject, ObjectReader } from '../git.js'

export class BucketView {
  private readonly trees = new Map<string, TreeItem[]>()

  constructor(
    /** The index ref, for error messages. */
    readonly ref: string,
    /** The tip commit; null when the bucket was never written. */
    readonly tip: string | null,
    readonly root: string | null,
    private readonly objects: ObjectReader
  ) {}

  static async open(ref: string, objects: ObjectReader): Promise<BucketView> {
    const object = await objects.read(ref)
    if (!object) return new BucketView(ref, null, null, objects)
    if (object.type !== 'commit') throw new CorruptEntry(ref, `it points at a ${object.type}`)
    return new BucketView(ref, object.oid, parseCommit(object.content).tree, objects)
  }

  /** The items of the tree at `dir` ('' for the root); empty when it does not exist. */
  async list(dir: string): Promise<TreeItem[]> {
    const oid = await this.treeAt(dir)
    return oid ? this.readTree(oid) : []
  }

  /** The blob at path, or null. */
  async blob(path: string): Promise<{ oid: string; bytes: Buffer } | null> {
    const slash = path.lastIndexOf('/')
    const item = (await this.list(path.slice(0, slash))).find(i => i.name === path.slice(slash + 1))
    if (!item) return null
    const object = await this.objects.read(item.oid)
    if (!object || object.type !== 'blob')
      throw new CorruptEntry(this.ref, `its entry ${path} is not a readable blob`)
    return { oid: object.oid, bytes: object.bytes }
  }

  private async treeAt(dir: string): Promise<string | null> {
    let oid = this.root
    for (const part of dir.split('/').filter(Boolean)) {
      if (!oid) return null
      const item = (await this.readTree(oid)).find(i => i.name === part && i.mode === TREE_MODE)
      oid = item?.oid ?? null
    }
    return oid
  }

  async readTree(oid: string): Promise<TreeItem[]> {
    const cached = this.trees.get(oid)
    if (cached) return cached
    const object = await this.objects.read(oid)
    if (!object || object.type !== 'tree')
      throw new CorruptEntry(this.ref, `its tree ${oid} is missing or not a tree`)
    const items = parseTree(object.bytes)
    this.trees.set(oid, items)
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
      else {
        const blob = objectId('blob', body)
        out.push({ type: 'blob', body, oid: blob })
        items.set(rest, { mode: BLOB_MODE, name: rest, oid: blob })
      }
    }
    for (const child of children) {
      const current = items.get(child)
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
