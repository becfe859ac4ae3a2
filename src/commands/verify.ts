/**
 * `dispatch-ledger verify`: every index entry, admission and chain of a namespace, live and
 * archived, verified as the commands verify them, plus what only a whole view sees. Read-only.
 *
 * Everything is read through the store's one listing of the namespace (`inventory`), its
 * listings of admissions, runs and operations, and one read session: a constant number of git
 * processes whatever the number of runs. Each check is the one the commands make (the
 * generations' read path, the admission's chain check, the chain names, reconstruct, the orphan
 * rule); what only a whole view can see is added here: refs no writer makes, a chain behind the
 * head its archive keeps, end markers that do not match their key's ledger.
 */
import { foldOperation } from '../core/effect/operationChain.js'
import { operationRef } from '../core/effect/operation.js'
import { decodeRecord, parseCommit } from '../core/entry.js'
import { CorruptEntry, DispatchLedgerError, OrphanRun, StoreError } from '../core/errors.js'
import { decodeIndexEntry } from '../core/index/entry.js'
import { refKind } from '../core/index/names.js'
import { OPERATION_CHAIN } from '../core/effect/operationChain.js'
import { orderGenerations } from '../core/generation.js'
import { archiveRef, indexRef } from '../core/index/layout.js'
import {
  admissionRef,
  admissionsPrefix,
  ledgerRef,
  operationsPrefix,
  runsPrefix
} from '../core/refs.js'
import { RUN_ENTRY } from '../core/record.js'
import { isTerminal } from '../core/states.js'
import type { RawRef, Store, StoreReader, StoredEntry } from '../store/store.js'
import type { CommandDeps } from './deps.js'
import {
  admissionOfRun,
  checkAdmittedKey,
  listerOf,
  readGenerationAdmissions,
  type GenerationEntry
} from './generations.js'
import { verifiedState, type RunChain } from './runView.js'
import { checkAdmissionNames, checkChainNames } from './storedNames.js'

export interface VerifyOptions {
  readonly namespace: string
}

/** One thing wrong, named where it is (a ref, or `<index ref>:<path>`), and what is wrong. */
export interface VerifyProblem {
  readonly where: string
  readonly problem: string
}

export interface VerifyReport {
  /** What was verified, by kind (admissions, runs, operations, index entries, …). */
  readonly counts: Readonly<Record<string, number>>
  /** Empty when the namespace is intact. */
  readonly problems: readonly VerifyProblem[]
  /**
   * Set when the entries could not be read at all because the store refused the namespace for a
   * problem listed (layout v1 refs, a symbolic ref in the repository read): what it said.
   */
  readonly unverified?: string
}

/** What verify counts; each only once verified. */
const COUNTED = [
  'refs',
  'index_buckets',
  'archive_refs',
  'keys',
  'admissions',
  'runs',
  'operations',
  'index_entries',
  'end_markers',
  'archived_heads'
] as const
type Counted = (typeof COUNTED)[number]

export async function verifyNamespace(
  { namespace }: VerifyOptions,
  { store }: Pick<CommandDeps, 'store'>
): Promise<VerifyReport> {
  if (!store.inventory)
    throw new StoreError(
      `The store ${store.name} cannot list every ref under ${namespace}, so verify cannot run on it.`
    )
  const problems = new Problems()
  const counts = Object.fromEntries(COUNTED.map(c => [c, 0])) as Record<Counted, number>
  const raw = await store.inventory(namespace)
  const listing = checkNames(namespace, raw, problems)
  counts.refs = raw.length
  counts.index_buckets = listing.indexBuckets
  counts.archive_refs = listing.archiveRefs
  let unverified: string | undefined
  try {
    await verifyEntries(namespace, store, { listing, problems, counts })
  } catch (error) {
    if (!(error instanceof DispatchLedgerError)) throw error
    if (listing.refused) unverified = error.message
    else problems.add(whereOf(error, namespace), error.message)
  }
  return { counts, problems: problems.list, ...(unverified ? { unverified } : {}) }
}

/** Problems by where they are: the first said of a place stands (one tampering, one line). */
class Problems {
  private readonly byWhere = new Map<string, string>()
  add(where: string, problem: string): void {
    if (!this.byWhere.has(where)) this.byWhere.set(where, problem)
  }
  get list(): VerifyProblem[] {
    return [...this.byWhere].map(([where, problem]) => ({ where, problem }))
  }
}

interface Listing {
  readonly symbolic: ReadonlySet<string>
  readonly live: ReadonlySet<string>
  readonly buckets: readonly string[]
  readonly indexBuckets: number
  readonly archiveRefs: number
  /** The commands refuse the whole namespace (v1 refs, symbolic refs): reads may fail. */
  readonly refused: boolean
}

/** The names alone: symbolic refs, layout v1 refs and names no writer makes. */
function checkNames(namespace: string, raw: readonly RawRef[], problems: Problems): Listing {
  const symbolic = new Set<string>()
  const live = new Set<string>()
  const buckets = new Set<string>()
  let indexBuckets = 0
  let archiveRefs = 0
  let refused = false
  for (const { ref, symref } of raw) {
    if (symref !== null) {
      symbolic.add(ref)
      refused = true
      problems.add(
        ref,
        `it is a symbolic ref (to ${symref}): dispatch-ledger keeps only plain refs under its ` +
          'namespace. In the repository a step runs in, one fails every command; one made on ' +
          'the server (no push or API can make one on GitHub, a server administrator can) is ' +
          'outside what a client can see before it writes: the server shows it as the commit ' +
          'its target holds, and a push to it moves the target. Remove it ' +
          `(\`git symbolic-ref --delete ${ref}\` where it is)`
      )
      continue
    }
    const kind = refKind(namespace, ref)
    if (kind.kind === 'v1') {
      refused = true
      problems.add(
        ref,
        'it is a ref of layout v1, which this version does not read or write: every command ' +
          'refuses the namespace while it is there. Delete it, or use a fresh namespace'
      )
    } else if (kind.kind === 'unknown') problems.add(ref, `${kind.why}. Remove it`)
    else if (kind.kind === 'chain') live.add(ref)
    else {
      buckets.add(kind.bucket)
      if (kind.kind === 'index') indexBuckets++
      else archiveRefs++
    }
  }
  return { symbolic, live, buckets: [...buckets].sort(), indexBuckets, archiveRefs, refused }
}

function whereOf(error: DispatchLedgerError, fallback: string): string {
  if (error instanceof CorruptEntry) return error.where
  if (error instanceof OrphanRun) return error.ledger_ref
  return fallback
}

/** A problem already listed where it is: the caller's check stops without saying it again. */
class Reported extends Error {}

interface Context {
  readonly listing: Listing
  readonly problems: Problems
  readonly counts: Record<Counted, number>
}

async function verifyEntries(namespace: string, store: Store, context: Context): Promise<void> {
  await store.read(async reader => {
    // Listed in the session that reads them: one reader for the listings and every entry.
    const lister = listerOf(store, reader)
    const listed = async (prefix: string) => (await lister.listRefs(prefix)).map(e => e.ref)
    const admissions = await listed(admissionsPrefix(namespace))
    const runs = await listed(runsPrefix(namespace))
    const operations = await listed(operationsPrefix(namespace))
    const verifier = new Verifier(namespace, store, reader, context, admissions)
    await verifier.keys()
    for (const ref of new Set(runs)) await verifier.run(ref)
    for (const ref of new Set(operations)) await verifier.operation(ref)
    for (const bucket of context.listing.buckets) await verifier.bucket(bucket)
  })
}

/** A chain as verified: its commit ids oldest first, or null when it does not exist. */
type Verified = readonly StoredEntry<unknown>[] | null

class Verifier {
  /** Chains read so far, by ref; 'broken' once a problem was listed for one. */
  private readonly chains = new Map<string, Verified | 'broken'>()
  /** Keys whose admission is broken: their runs' orphan status is theirs to say. */
  private readonly brokenKeys = new Set<string>()
  /** Ledgers an admission names that do not exist (listed there). */
  private readonly missing = new Set<string>()
  private readonly newest = new Map<string, GenerationEntry>()

  constructor(
    private readonly namespace: string,
    private readonly store: Store,
    private readonly reader: StoreReader,
    private readonly context: Context,
    private readonly admissions: readonly string[]
  ) {}

  private problem(error: unknown, fallback: string): void {
    if (error instanceof Reported) return
    if (!(error instanceof DispatchLedgerError)) throw error
    this.context.problems.add(whereOf(error, fallback), error.message)
  }

  /** Every key, its generations read and each admission's chain checked as admit checks it. */
  async keys(): Promise<void> {
    const byKey = new Map<string, string[]>()
    for (const ref of this.admissions) {
      const base = ref.replace(/\.g[^/]*$/, '')
      byKey.set(base, [...(byKey.get(base) ?? []), ref])
    }
    for (const [base, refs] of byKey)
      await this.key(base, refs).catch((error: unknown) => {
        this.brokenKeys.add(base)
        this.problem(error, base)
      })
  }

  private async key(base: string, refs: readonly string[]): Promise<void> {
    const listing = { admission_ref: base, refs: orderGenerations(base, refs) }
    const first = await this.reader.readAdmission(base)
    if (!first) throw new CorruptEntry(base, 'it was listed but cannot be read')
    checkAdmissionNames(this.namespace, base, first.value)
    const query = { namespace: this.namespace, dispatch_key: first.value.dispatch_key }
    const { generations } = await readGenerationAdmissions(this.reader, listing, query)
    this.context.counts.keys++
    for (const entry of generations) {
      try {
        const chain = await this.runChain(entry.admission.ledger_ref)
        if (!chain) this.missing.add(entry.admission.ledger_ref)
        // runChain verified the chain itself: only the admission's hold on it is left.
        checkAdmittedKey(query, entry, chain, { own: false })
        this.context.counts.admissions++
      } catch (error) {
        if (!(error instanceof Reported)) this.brokenKeys.add(base)
        this.problem(error, entry.ref)
      }
    }
    const newest = generations[generations.length - 1]
    if (newest) this.newest.set(base, newest)
  }

  /** A run's chain read and verified as every reader does (names, reconstruct), once. */
  private async runChain(ref: string): Promise<RunChain | null> {
    const known = this.chains.get(ref)
    if (known === 'broken') throw new Reported()
    if (known !== undefined) return known as RunChain | null
    try {
      const chain = await this.reader.readChain(ref)
      if (chain) {
        checkChainNames(this.namespace, ref, chain)
        verifiedState(chain)
      }
      this.chains.set(ref, chain)
      return chain
    } catch (error) {
      this.chains.set(ref, 'broken')
      this.problem(error, ref)
      throw new Reported()
    }
  }

  /** A run, and the admission that admits it (a ledger no admission admits is an orphan). */
  async run(ref: string): Promise<void> {
    if (this.context.listing.symbolic.has(ref)) return
    try {
      const chain = (await this.runChain(ref)) as StoredEntry<never>[] | null
      const first = chain?.[0]?.value as
        { run_id: string; idempotency: { dispatch_key: string } } | undefined
      if (!first) return
      const owner = { namespace: this.namespace, run_id: first.run_id }
      const dispatch_key = first.idempotency.dispatch_key
      try {
        await admissionOfRun(this.store, this.reader, { ...owner, dispatch_key }, this.admissions)
      } catch (error) {
        // A broken admission of its key is listed there; whether this run is an orphan waits.
        if (this.brokenKeys.has(admissionRef(this.namespace, dispatch_key))) return
        throw error
      }
      this.context.counts.runs++
    } catch (error) {
      this.problem(error, ref)
    }
  }

  /** An operation's chain, folded as effect folds it, and named by its operation id. */
  async operation(ref: string): Promise<void> {
    if (this.context.listing.symbolic.has(ref)) return
    try {
      const chain = await this.reader.readChain(ref, OPERATION_CHAIN)
      if (!chain) return
      const op = foldOperation(
        chain.map(e => e.value),
        { headOid: chain[chain.length - 1]?.oid, canonical: texts(chain) }
      )
      if (operationRef(this.namespace, op.operation_id) !== ref)
        throw new CorruptEntry(
          ref,
          `its records are of operation ${JSON.stringify(op.operation_id)}, whose chain is not ` +
            'this ref (a copied chain?)'
        )
      this.chains.set(ref, chain)
      this.context.counts.operations++
    } catch (error) {
      this.chains.set(ref, 'broken')
      this.problem(error, ref)
    }
  }

  /** What only the bucket shows: its end markers, archived entries and archive heads. */
  async bucket(bucket: string): Promise<void> {
    if (!this.reader.readBucketExtras) return
    let extras
    try {
      extras = await this.reader.readBucketExtras(this.namespace, bucket)
    } catch (error) {
      this.problem(error, indexRef(this.namespace, bucket))
      return
    }
    for (const marker of extras.markers)
      try {
        this.endMarker(marker)
        this.context.counts.end_markers++
      } catch (error) {
        this.problem(error, marker.where)
      }
    for (const entry of extras.entries)
      try {
        this.archivedEntry(entry)
        this.context.counts.index_entries++
      } catch (error) {
        this.problem(error, entry.where)
      }
    const archive = archiveRef(this.namespace, bucket)
    for (const head of extras.heads)
      try {
        this.archivedHead(archive, head)
        this.context.counts.archived_heads++
      } catch (error) {
        this.problem(error, archive)
      }
  }

  /** An end marker names its key's newest generation's ledger, ended at the head it records. */
  private endMarker(marker: { where: string; key: string; text: string }): void {
    const entry = decodeIndexEntry(marker.where, marker.text, null)
    if (this.brokenKeys.has(marker.key)) return
    const newest = this.newest.get(marker.key)
    if (!newest)
      throw new CorruptEntry(marker.where, 'it marks the end of a key its bucket does not hold')
    const ledger = newest.admission.ledger_ref
    if (entry.ref !== ledger)
      throw new CorruptEntry(
        marker.where,
        `it names ${entry.ref}, but the key's newest generation (${newest.generation}) is the ` +
          `ledger ${ledger}`
      )
    const chain = this.chains.get(ledger)
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

  /** An archived chain's entry; beside a live ref of the same chain, its head must be in it. */
  private archivedEntry(entry: { where: string; ref: string; text: string }): void {
    const decoded = decodeIndexEntry(entry.where, entry.text, entry.ref)
    if (!this.context.listing.live.has(entry.ref)) return
    this.behind(entry.ref, decoded.head, entry.where)
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
    const chain = this.chains.get(ref)
    if (chain === 'broken' || this.missing.has(ref)) return // listed already
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

function texts(chain: readonly StoredEntry<unknown>[]): string[] | undefined {
  const all = chain.map(e => e.json)
  return all.every(t => t !== undefined) ? (all as string[]) : undefined
}
