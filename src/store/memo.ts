/**
 * The command line's memo (docs/cli.md#what-a-warm-status-reuses): what status derived from
 * the snapshot's objects, kept in one file of the cache repository between processes. Every
 * key holds the git ids of the bytes its value was derived from, so a value is never stale; the
 * file only saves deriving it again. It is trusted only as the operator's own file: written
 * with mode 0600, read only when this user owns it and nobody else may write it, and only by
 * the build that wrote it (`fingerprint`). Anything else, or a file that does not parse, is
 * ignored: the memo starts empty and status reads everything, as the first time.
 */
import { randomBytes } from 'node:crypto'
import { closeSync, fstatSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Memo } from './store.js'

/** The file's own format; a change of it or of the build starts the memo afresh. */
const FORMAT = 'dispatch-ledger/memo/v1'

/** Saves after which an entry nobody asked for is dropped (a run removed, a chain moved on). */
const KEEP_SAVES = 8

interface Stored {
  readonly format: string
  readonly fingerprint: string
  readonly save: number
  /** key → [the save it was last asked for in, value] */
  readonly entries: Record<string, [number, unknown]>
}

export class MemoFile implements Memo {
  private readonly entries: Map<string, [number, unknown]>
  private readonly save: number
  private added = 0

  private constructor(
    readonly path: string,
    private readonly fingerprint: string,
    stored: Stored | null
  ) {
    this.entries = new Map(
      Object.entries(stored?.entries ?? {}).filter(
        ([, entry]) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'number'
      )
    )
    this.save = (stored?.save ?? 0) + 1
  }

  /** The memo at path, if it is this user's own and this build's; else an empty one. */
  static open(path: string, fingerprint: string): MemoFile {
    return new MemoFile(path, fingerprint, readOwn(path, fingerprint))
  }

  get(key: string): unknown {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    entry[0] = this.save
    return entry[1]
  }

  set(key: string, value: unknown): void {
    this.entries.set(key, [this.save, value])
    this.added++
  }

  /**
   * Writes the memo when this process added to it (an unchanged ledger costs no write), without
   * the entries no save has asked for in a while; atomically, so a reader sees a whole file.
   */
  persist(): void {
    if (this.added === 0) return
    const entries: Record<string, [number, unknown]> = {}
    for (const [key, entry] of this.entries)
      if (entry[0] > this.save - KEEP_SAVES) entries[key] = entry
    const stored: Stored = {
      format: FORMAT,
      fingerprint: this.fingerprint,
      save: this.save,
      entries
    }
    const temporary = join(dirname(this.path), `.memo-${randomBytes(6).toString('hex')}`)
    writeFileSync(temporary, JSON.stringify(stored), { mode: 0o600, flag: 'wx' })
    renameSync(temporary, this.path)
    this.added = 0
  }
}

function readOwn(path: string, fingerprint: string): Stored | null {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return null
  }
  try {
    const info = fstatSync(fd)
    // Another user's file, or one others may write, could say anything: never believed.
    const own = typeof process.getuid !== 'function' || info.uid === process.getuid()
    if (!own || (info.mode & 0o022) !== 0 || !info.isFile()) return null
    const stored = JSON.parse(readFileSync(fd, 'utf8')) as Partial<Stored> | null
    if (
      stored?.format !== FORMAT ||
      stored.fingerprint !== fingerprint ||
      typeof stored.save !== 'number' ||
      typeof stored.entries !== 'object' ||
      stored.entries === null
    )
      return null
    return stored as Stored
  } catch {
    return null
  } finally {
    closeSync(fd)
  }
}
