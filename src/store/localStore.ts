import {
  decodeAdmission,
  decodeRecord,
  encodeCommit,
  EMPTY_TREE,
  parseCommit,
  type CommitSpec
} from '../core/entry.js'
import { CorruptEntry } from '../core/errors.js'
import type { Admission } from '../core/admission.js'
import type { LedgerRecord } from '../core/record.js'
import { Git, type ObjectReader } from './git.js'
import type { ChainDecoder, RefCreate, Store, StoreReader, StoredEntry } from './store.js'

/** The local repository's refs are the store: the arbiter when there is no remote. */
export class LocalStore implements Store {
  readonly name = 'local'

  constructor(readonly git: Git) {}

  async read<T>(fn: (reader: StoreReader) => Promise<T>): Promise<T> {
    const objects = this.git.openReader()
    try {
      return await fn(new ChainReader(objects))
    } finally {
      objects.close()
    }
  }

  async writeEntries(commits: readonly CommitSpec[]): Promise<string[]> {
    await this.git.ensureEmptyTree()
    return this.git.writeCommits(commits.map(encodeCommit))
  }

  async createRefs(refs: readonly RefCreate[]): Promise<'created' | 'exists'> {
    return (await this.git.createRefs(refs)) ? 'created' : 'exists'
  }

  async advanceRef(ref: string, next: string, expected: string): Promise<'advanced' | 'lost'> {
    return (await this.git.advanceRef(ref, next, expected)) ? 'advanced' : 'lost'
  }

  /** One for-each-ref; the local refs are always current, so `refresh` changes nothing. */
  listRefs(prefix: string): Promise<Array<{ ref: string; oid: string }>> {
    return this.git.listRefs(prefix)
  }
}

/** Reads entries and follows chains through one `git cat-file --batch`. */
export class ChainReader implements StoreReader {
  constructor(private readonly objects: ObjectReader) {}

  async readAdmission(ref: string): Promise<StoredEntry<Admission> | null> {
    const object = await this.objects.read(ref)
    if (!object) return null
    const commit = this.entryCommit(ref, object.type, object.content)
    if (commit.parents.length !== 0) throw new CorruptEntry(ref, 'an admission commit has a parent')
    return { oid: object.oid, value: decodeAdmission(ref, object.content) }
  }

  readChain(ref: string): Promise<StoredEntry<LedgerRecord>[] | null>
  readChain<R>(ref: string, chain: ChainDecoder<R>): Promise<StoredEntry<R>[] | null>
  readChain<R>(
    ref: string,
    chain?: ChainDecoder<R>
  ): Promise<StoredEntry<R | LedgerRecord>[] | null> {
    return chain ? this.walk(ref, chain.decode) : this.walk(ref, decodeRecord)
  }

  private async walk<T>(
    ref: string,
    decode: (ref: string, raw: string, oid?: string) => { value: T; json: string }
  ): Promise<StoredEntry<T>[] | null> {
    let object = await this.objects.read(ref)
    if (!object) return null
    const newestFirst: StoredEntry<T>[] = []
    for (;;) {
      // Below the head, errors name the commit too: `git cat-file -p <oid>` shows it.
      const oid = newestFirst.length ? object.oid : undefined
      const commit = this.entryCommit(ref, object.type, object.content, oid)
      newestFirst.push({ oid: object.oid, ...decode(ref, object.content, oid) })
      if (commit.parents.length > 1)
        throw new CorruptEntry(ref, 'a record commit has two parents', oid)
      const parent = commit.parents[0]
      if (!parent) break
      const next = await this.objects.read(parent)
      if (!next) throw new CorruptEntry(ref, `its parent ${parent} is missing`, oid)
      object = next
    }
    return newestFirst.reverse()
  }

  private entryCommit(ref: string, type: string, content: string, oid?: string) {
    if (type !== 'commit') throw new CorruptEntry(ref, `it points at a ${type}, not a commit`, oid)
    const commit = parseCommit(content)
    if (commit.tree !== EMPTY_TREE)
      throw new CorruptEntry(ref, 'its commit is not on the empty tree', oid)
    return commit
  }
}
