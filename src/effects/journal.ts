/**
 * An operation's chain as one writer sees it: read from the arbiter, verified on read, and
 * appended to by compare-and-set. A lost race re-reads; the caller re-plans from what it finds.
 */
import { timestampOf } from '../core/time.js'
import { foldOperation, type RecoveredOperation } from '../core/effect/operationChain.js'
import {
  nextRecord,
  preparedRecord,
  type NextRecordFields
} from '../core/effect/newOperationRecord.js'
import type { Intent, OperationRecord, Writer } from '../core/effect/operation.js'
import { operationCommit } from '../core/effect/operationEntry.js'
import type { EffectStore } from '../store/effectStore.js'
import type { StoredEntry } from '../store/store.js'

export type Chain = StoredEntry<OperationRecord>[]

export interface JournalOptions {
  readonly store: EffectStore
  readonly ref: string
  readonly writer: Writer | null
  /** RFC 3339 now; tests pin it. */
  readonly clock?: () => string
}

export class OperationJournal {
  private chain: Chain | null = null
  private folded: RecoveredOperation | null = null

  constructor(private readonly options: JournalOptions) {}

  get ref(): string {
    return this.options.ref
  }

  get operation(): RecoveredOperation | null {
    return this.folded
  }

  get entries(): Chain {
    return this.chain ?? []
  }

  get head(): StoredEntry<OperationRecord> | null {
    return this.chain?.[this.chain.length - 1] ?? null
  }

  async reload(): Promise<RecoveredOperation | null> {
    this.set(await this.options.store.readOperation(this.options.ref))
    return this.folded
  }

  /** Create-only: false when another writer prepared the operation first (then reloaded). */
  async prepare(fields: {
    operation_id: string
    intent: Intent
    intent_digest: string
  }): Promise<boolean> {
    const record = preparedRecord({
      ...fields,
      occurred_at: this.now(),
      writer: this.options.writer
    })
    const oid = await this.options.store.writeOperationEntry(operationCommit(record, null))
    if ((await this.options.store.createOperation(this.ref, oid)) === 'exists') {
      await this.reload()
      return false
    }
    this.set([{ oid, value: record }])
    return true
  }

  /** The record that would follow the head (not written). */
  next(fields: Omit<NextRecordFields, 'occurred_at' | 'writer'>): OperationRecord {
    const head = this.head
    if (!head || !this.folded) throw new Error('append before the operation was read')
    return nextRecord(head.value, this.folded.head_digest, {
      ...fields,
      occurred_at: this.now(),
      writer: this.options.writer
    })
  }

  /** Writes the record's commit object (not yet visible) and returns its id. */
  write(record: OperationRecord): Promise<string> {
    const head = this.head as StoredEntry<OperationRecord>
    return this.options.store.writeOperationEntry(operationCommit(record, head.oid))
  }

  /** Appends by compare-and-set; false when another writer moved the head (then reloaded). */
  async append(fields: Omit<NextRecordFields, 'occurred_at' | 'writer'>): Promise<boolean> {
    const record = this.next(fields)
    const oid = await this.write(record)
    const head = this.head as StoredEntry<OperationRecord>
    if ((await this.options.store.advanceOperation(this.ref, oid, head.oid)) === 'lost') {
      await this.reload()
      return false
    }
    this.adopt(oid, record)
    return true
  }

  /** Takes a record another write (the atomic tag push) put at the head. */
  adopt(oid: string, record: OperationRecord): void {
    this.set([...this.entries, { oid, value: record }])
  }

  private set(chain: Chain | null): void {
    this.chain = chain
    this.folded = chain
      ? foldOperation(
          chain.map(entry => entry.value),
          { headOid: chain[chain.length - 1]?.oid }
        )
      : null
  }

  private now(): string {
    return this.options.clock?.() ?? timestampOf(new Date())
  }
}
