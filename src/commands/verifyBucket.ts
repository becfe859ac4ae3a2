/**
 * What only a bucket shows verify (docs/cli.md#verify): where its entries sit (in the bucket their
 * hash selects, once), its end markers against their keys' ledgers, its archived entries' heads
 * kept by its archive ref and contained in their chains, the heads that archive keeps, and its
 * own commits as stored. Read after every key, run and operation, whose verified chains it uses.
 */
import { ADMISSION_SUBJECT, decodeRecord, parseCommit } from '../core/entry.js'
import { OPERATION_CHAIN } from '../core/effect/operationChain.js'
import { operationRef } from '../core/effect/operation.js'
import { CorruptEntry } from '../core/errors.js'
import { decodeIndexEntry } from '../core/index/entry.js'
import { archiveRef, indexRef } from '../core/index/layout.js'
import { RUN_ENTRY } from '../core/record.js'
import { ledgerRef } from '../core/refs.js'
import { isTerminal } from '../core/states.js'
import { commitProblem, headerProblem } from '../core/verify/commitShape.js'
import { placementProblem, selectedBucket, unkeptHeadProblem } from '../core/verify/placement.js'
import type { StoreReader, StoredEntry } from '../store/store.js'
import type { GenerationEntry } from './generations.js'
import type { RunChain } from './runView.js'
import { finding, listError, type Context } from './verifyNames.js'

/** A chain as verified: its commit ids oldest first, or null when it does not exist. */
export type Verified = readonly StoredEntry<unknown>[] | null

/** What the keys, runs and operations verified left for the buckets to compare with. */
export interface VerifiedChains {
  /** Chains read, by ref; 'broken' once a problem was listed for one. */
  readonly chains: ReadonlyMap<string, Verified | 'broken'>
  /** Keys whose admission is broken (listed there). */
  readonly brokenKeys: ReadonlySet<string>
  /** Ledgers an admission names that do not exist (listed there). */
  readonly missing: ReadonlySet<string>
  /** Each key's newest generation, by its admission name. */
  readonly newest: ReadonlyMap<string, GenerationEntry>
}

/** An entry's place in its bucket: `keys/<h>` for an admission `keys/<h>/<N>`, else its path. */
function placeOf(where: string): string {
  return where
    .slice(where.indexOf(':') + 1)
    .split('/')
    .slice(0, 2)
    .join('/')
}

export class BucketVerifier {
  /** Every entry's place in every bucket read, as `<bucket>:<place>`. */
  private readonly present = new Set<string>()
  /** The entries out of the bucket their hash selects, named once every bucket is read. */
  private readonly misplaced: Array<{ bucket: string; path: string; where: string }> = []

  constructor(
    private readonly namespace: string,
    private readonly reader: StoreReader,
    private readonly context: Context,
    private readonly verified: VerifiedChains
  ) {}

  /**
   * What only the bucket shows: where its entries sit, its end markers, archived entries and
   * archive heads (each entry's head kept by the archive), and its commits as stored.
   */
  async bucket(bucket: string): Promise<void> {
    if (!this.reader.readBucketExtras) return
    let extras
    try {
      extras = await this.reader.readBucketExtras(this.namespace, bucket)
    } catch (error) {
      listError(this.context.problems, error, indexRef(this.namespace, bucket))
      return
    }
    const placed = this.placed(bucket, [
      ...extras.keys.map(path => `${indexRef(this.namespace, bucket)}:${path}`),
      ...extras.markers.map(m => m.where),
      ...extras.entries.map(e => e.where)
    ])
    for (const marker of extras.markers.filter(placed))
      try {
        this.endMarker(marker)
        this.context.counts.end_markers++
      } catch (error) {
        listError(this.context.problems, error, marker.where)
      }
    const archive = {
      ref: archiveRef(this.namespace, bucket),
      tip: extras.archiveTip,
      kept: new Set(extras.heads.map(head => head.oid))
    }
    for (const entry of extras.entries.filter(placed))
      try {
        const head = this.archivedEntry(entry)
        const unkept = unkeptHeadProblem(head, archive)
        if (unkept) this.context.problems.add(entry.where, finding(entry.where, unkept))
        else this.context.counts.index_entries++
      } catch (error) {
        listError(this.context.problems, error, entry.where)
      }
    for (const head of extras.heads)
      try {
        this.archivedHead(archive.ref, head)
        this.context.counts.archived_heads++
      } catch (error) {
        listError(this.context.problems, error, archive.ref)
      }
    for (const admission of extras.admissions.filter(placed)) {
      const wrong = commitProblem(admission.text, ADMISSION_SUBJECT)
      if (wrong) this.context.problems.add(admission.where, finding(admission.where, wrong))
    }
    for (const commit of extras.commits) {
      const wrong = headerProblem(commit.content)
      if (wrong) this.context.problems.add(commit.ref, finding(commit.ref, wrong, commit.oid))
    }
  }

  /**
   * Notes where each entry of the bucket sits; answers whether an entry (by its `where`) is in
   * the bucket its hash selects. The others are named in placements.
   */
  private placed(
    bucket: string,
    wheres: readonly string[]
  ): (entry: { readonly where: string }) => boolean {
    const out = new Set<string>()
    for (const where of wheres) {
      const path = placeOf(where)
      this.present.add(`${bucket}:${path}`)
      if (selectedBucket(path) === bucket || out.has(path)) continue
      out.add(path)
      this.misplaced.push({ bucket, path, where: `${indexRef(this.namespace, bucket)}:${path}` })
    }
    return ({ where }) => !out.has(placeOf(where))
  }

  /** Every entry out of the bucket its hash selects: a second copy, or one no reader finds. */
  placements(): void {
    for (const { bucket, path, where } of this.misplaced) {
      const home = selectedBucket(path)
      const held = home !== null && this.present.has(`${home}:${path}`)
      const wrong = placementProblem({ namespace: this.namespace, bucket, path }, held)
      if (wrong) this.context.problems.add(where, finding(where, wrong))
    }
  }

  /** An end marker names its key's newest generation's ledger, ended at the head it records. */
  private endMarker(marker: { where: string; key: string; text: string }): void {
    const entry = decodeIndexEntry(marker.where, marker.text, null)
    if (this.verified.brokenKeys.has(marker.key)) return
    const newest = this.verified.newest.get(marker.key)
    if (!newest)
      throw new CorruptEntry(marker.where, 'it marks the end of a key its bucket does not hold')
    const ledger = newest.admission.ledger_ref
    if (entry.ref !== ledger)
      throw new CorruptEntry(
        marker.where,
        `it names ${entry.ref}, but the key's newest generation (${newest.generation}) is the ` +
          `ledger ${ledger}`
      )
    const chain = this.verified.chains.get(ledger)
    if (!chain || chain === 'broken') return // listed where the ledger is
    const head = (chain as RunChain)[chain.length - 1] as RunChain[number]
    if (head.oid !== entry.head)
      throw new CorruptEntry(
        marker.where,
        `it records the end at ${entry.head}, but the ledger ${ledger} ends at ${head.oid}`
      )
    if (!isTerminal(head.value.state))
      throw new CorruptEntry(
        marker.where,
        `the ledger it names has not ended: its last record (sequence ` +
          `${head.value.ledger_sequence}) is ${head.value.state}`
      )
  }

  /**
   * An archived chain's entry, answering its head; beside a live ref of the same chain, that
   * head must be in it.
   */
  private archivedEntry(entry: { where: string; ref: string; text: string }): string {
    const decoded = decodeIndexEntry(entry.where, entry.text, entry.ref)
    if (this.context.listing.live.has(entry.ref)) this.behind(entry.ref, decoded.head, entry.where)
    return decoded.head
  }

  /** A head the archive keeps: a record or operation of a chain that still contains it. */
  private archivedHead(archive: string, head: { oid: string; content: string | null }): void {
    if (head.content === null)
      throw new CorruptEntry(
        archive,
        `it keeps ${head.oid} reachable, which this repository does not hold`
      )
    const subject = parseCommit(head.content).message.split('\n')[0] ?? ''
    let chain: string
    // The subject names the chain entity (`dispatch-ledger <noun> <sequence> <state>`).
    if (subject.startsWith(`dispatch-ledger ${RUN_ENTRY.noun} `)) {
      const record = decodeRecord(archive, head.content, head.oid).value
      chain = ledgerRef(this.namespace, record.run_id)
    } else if (subject.startsWith(`dispatch-ledger ${OPERATION_CHAIN.noun} `)) {
      const op = OPERATION_CHAIN.decode(archive, head.content, head.oid).value
      chain = operationRef(this.namespace, op.operation_id)
    } else throw new CorruptEntry(archive, `it keeps ${head.oid}, which is no record or operation`)
    this.behind(chain, head.oid, archive)
  }

  /** The chain at ref must contain `oid`, which `holder` names as one of its heads. */
  private behind(ref: string, oid: string, holder: string): void {
    const chain = this.verified.chains.get(ref)
    if (chain === 'broken' || this.verified.missing.has(ref)) return // listed already
    if (chain === undefined || chain === null)
      throw new CorruptEntry(
        ref,
        `there is no such chain, but ${holder} keeps its head ${oid}: its ref or index entry was ` +
          'deleted'
      )
    if (chain.some(e => e.oid === oid)) return
    const head = chain[chain.length - 1] as StoredEntry<unknown>
    throw new CorruptEntry(
      ref,
      `it is behind the head its archive holds: ${holder} names ${oid}, which this chain (at ` +
        `${head.oid}, ${chain.length} records) does not contain — the ref was rewound or ` +
        'replaced after that head was archived'
    )
  }
}
