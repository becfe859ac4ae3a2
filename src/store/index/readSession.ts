/**
 * A read session of the layout v2 store (indexedStore.ts): its object reader, the buckets it
 * opened and, for a snapshot, its ref listings.
 */
import type { GitObject, ObjectReader } from '../git.js'
import { BucketView } from './bucket.js'
import type { RefBackend } from './physical.js'

/**
 * What a bucket holds at path, as an id (its mode and object id), unread: an archived chain's
 * index entry, or a key's directory of admissions; null when nothing is there. Whatever is
 * there, the same id is the same bytes.
 */
export async function itemId(view: BucketView, path: string): Promise<string | null> {
  const item = await view.item(path)
  return item ? `${item.mode} ${item.oid}` : null
}

/**
 * One read session's `git cat-file --batch`, started again after a fetch: a process started
 * before refs arrived is not guaranteed to see them. The one it replaces stays open until the
 * session ends, so a read other work of the session has in flight on it still answers.
 */
export class ReadSession {
  private current: ObjectReader | null = null
  private epoch = -1
  private readonly retired: ObjectReader[] = []
  /**
   * The buckets opened in this session, by ref and tip commit: a bucket is opened again only
   * when its ref names another commit (each open still reads the ref). What a view caches is
   * read by object id, so it can never be stale for the tip it was opened at.
   */
  private readonly views = new Map<string, Promise<BucketView>>()

  constructor(private readonly refs: RefBackend) {}

  /**
   * A snapshot's refs by directory, each directory listed once per fetch from the ref files (no
   * process): every name is then resolved without a round trip to git, and an absent one (most
   * runs are archived) costs nothing.
   */
  private readonly listings = new Map<string, Promise<Map<string, string>>>()

  objects(): ObjectReader {
    if (!this.current || this.epoch !== this.refs.epoch) {
      if (this.current) this.retired.push(this.current)
      this.current = this.refs.git.openReader()
      this.epoch = this.refs.epoch
      this.views.clear()
      this.listings.clear()
    }
    return this.current
  }

  /** The object a ref names now; null when there is no such ref. */
  async readRef(ref: string): Promise<GitObject | null> {
    const objects = this.objects()
    if (!this.refs.snapshot) return objects.read(ref)
    const oid = await this.refOid(ref)
    return oid === null ? null : objects.read(oid)
  }

  /** The id a ref names now (a snapshot: from its listing; else read through git); null: none. */
  async refOid(ref: string): Promise<string | null> {
    const objects = this.objects()
    if (!this.refs.snapshot) return (await objects.read(ref))?.oid ?? null
    const dir = ref.slice(0, ref.lastIndexOf('/') + 1)
    let listing = this.listings.get(dir)
    if (!listing) {
      listing = this.refs.git.listRefs([dir]).then(refs => new Map(refs.map(r => [r.ref, r.oid])))
      this.listings.set(dir, listing)
      listing.catch(() => this.listings.delete(dir))
    }
    return (await listing).get(ref) ?? null
  }

  /** The bucket at an index ref as it is now, its trees shared with earlier opens of that tip. */
  async bucket(ref: string): Promise<BucketView> {
    const objects = this.objects()
    // A snapshot knows the tip's id from its listing: a bucket opened before is not read again.
    const known = this.refs.snapshot ? await this.refOid(ref) : undefined
    const opened = known ? this.views.get(`${ref} ${known}`) : undefined
    if (opened) return opened
    const tip = known === undefined ? await objects.read(ref) : known && (await objects.read(known))
    if (!tip) return BucketView.fromTip(ref, null, objects)
    // The open itself is shared, so readers opening one tip together read its root once.
    const key = `${ref} ${tip.oid}`
    let view = this.views.get(key)
    if (!view) {
      view = BucketView.fromTip(ref, tip, objects)
      this.views.set(key, view)
      // A bucket that fails its check is checked again at its next open (and fails again).
      view.catch(() => this.views.delete(key))
    }
    return view
  }

  close(): void {
    this.current?.close()
    for (const reader of this.retired.splice(0)) reader.close()
  }
}
