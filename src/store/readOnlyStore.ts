/**
 * A store that reads and never writes (the command line, docs/cli.md): every read goes to the
 * store it wraps, every write is refused before anything reaches the arbiter, and it has no
 * `archiveIdle`, so a scan through it archives nothing.
 */
import { StoreError } from '../core/errors.js'
import type { MemoFile } from './memo.js'
import type { Store } from './store.js'

export class ReadOnlyStore implements Store {
  readonly prefetch?: Store['prefetch']
  readonly inventory?: Store['inventory']
  /** The snapshot's memo (memo.ts), when the caller keeps one: only reads ever add to it. */
  readonly memo?: MemoFile

  constructor(
    private readonly inner: Store,
    options: { readonly memo?: MemoFile } = {}
  ) {
    this.prefetch = inner.prefetch?.bind(inner)
    this.inventory = inner.inventory?.bind(inner)
    if (options.memo) this.memo = options.memo
  }

  get name(): string {
    return this.inner.name
  }

  read: Store['read'] = fn => this.inner.read(fn)

  listRefs: Store['listRefs'] = (prefix, options) => this.inner.listRefs(prefix, options)

  writeEntries(): Promise<string[]> {
    return Promise.reject(refusal('write entries'))
  }

  createRefs(): Promise<'created' | 'exists'> {
    return Promise.reject(refusal('create refs'))
  }

  advanceRef(): Promise<'advanced' | 'lost'> {
    return Promise.reject(refusal('move a ref'))
  }
}

function refusal(what: string): StoreError {
  return new StoreError(
    `This store is read-only (the dispatch-ledger command line only reads), so it did not ${what}; ` +
      'nothing was written. Write through the actions in a workflow.'
  )
}
