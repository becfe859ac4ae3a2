/**
 * `dispatch-ledger verify`: every index entry, admission and chain of a namespace, live and
 * archived, verified as the commands verify them, plus what only a whole view sees. Read-only.
 *
 * Everything is read through the store's one listing of the namespace (`inventory`), its
 * listings of admissions, runs and operations, and one read session: a constant number of git
 * processes whatever the number of runs. Each check is the one the commands make (the
 * generations' read path, the admission's chain check, the chain names, reconstruct, the orphan
 * rule); what only a whole view can see is added here: refs no writer makes, a chain behind the
 * head its archive keeps, end markers that do not match their key's ledger, an admission that
 * disagrees with its run's first record, a receiver confirmation naming another run, commits the
 * product would not write, and what the buckets show (verifyBucket.ts).
 */
import { foldOperation, OPERATION_CHAIN } from '../core/effect/operationChain.js'
import { operationRef } from '../core/effect/operation.js'
import type { ChainEntry } from '../core/chain/definition.js'
import { chainSubject, decodeRecord } from '../core/entry.js'
import { CorruptEntry, DispatchLedgerError, StoreError } from '../core/errors.js'
import { orderGenerations } from '../core/generation.js'
import { entryLocation } from '../core/index/location.js'
import { RUN_ENTRY, type LedgerRecord } from '../core/record.js'
import { admissionRef, admissionsPrefix, operationsPrefix, runsPrefix } from '../core/refs.js'
import { admissionRecordProblem } from '../core/verify/admissionAgreement.js'
import { commitProblem } from '../core/verify/commitShape.js'
import {
  confirmationProblem,
  receiverConfirmations,
  type ReceiverAdmission
} from '../core/verify/receiverConfirmation.js'
import type { ChainDecoder, Store, StoreReader, StoredEntry } from '../store/store.js'
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
import { BucketVerifier, type Verified, type VerifiedChains } from './verifyBucket.js'
import {
  checkNames,
  COUNTED,
  finding,
  listError,
  Problems,
  Reported,
  whereOf,
  type Context,
  type Counted,
  type VerifyProblem
} from './verifyNames.js'

export type { VerifyProblem } from './verifyNames.js'

export interface VerifyOptions {
  readonly namespace: string
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
    const buckets = new BucketVerifier(namespace, reader, context, verifier)
    for (const bucket of context.listing.buckets) await buckets.bucket(bucket)
    buckets.placements()
  })
}

class Verifier implements VerifiedChains {
  /** Chains read so far, by ref; 'broken' once a problem was listed for one. */
  readonly chains = new Map<string, Verified | 'broken'>()
  /** Keys whose admission is broken: their runs' orphan status is theirs to say. */
  readonly brokenKeys = new Set<string>()
  /** Ledgers an admission names that do not exist (listed there). */
  readonly missing = new Set<string>()
  readonly newest = new Map<string, GenerationEntry>()

  constructor(
    private readonly namespace: string,
    private readonly store: Store,
    private readonly reader: StoreReader,
    private readonly context: Context,
    private readonly admissions: readonly string[]
  ) {}

  private problem(error: unknown, fallback: string): void {
    listError(this.context.problems, error, fallback)
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
        const first = chain?.[0]?.value
        const disagrees = first ? admissionRecordProblem(entry.admission, first) : null
        if (disagrees) {
          this.context.problems.add(
            entryLocation(entry.ref),
            finding(entryLocation(entry.ref), disagrees)
          )
          continue
        }
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
      const read = withTexts(decodeRecord)
      const chain = await this.reader.readChain(ref, read)
      if (chain) {
        checkChainNames(this.namespace, ref, chain)
        verifiedState(chain)
        this.shapes(ref, RUN_ENTRY, chain, read.texts)
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
      if (!(await this.confirmations(ref, chain as Entry[]))) return
      this.context.counts.runs++
    } catch (error) {
      this.problem(error, ref)
    }
  }

  /** An operation's chain, folded as effect folds it, and named by its operation id. */
  async operation(ref: string): Promise<void> {
    if (this.context.listing.symbolic.has(ref)) return
    try {
      const read = withTexts(OPERATION_CHAIN.decode)
      const chain = await this.reader.readChain(ref, read)
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
      this.shapes(ref, OPERATION_CHAIN, chain, read.texts)
      this.context.counts.operations++
    } catch (error) {
      this.chains.set(ref, 'broken')
      this.problem(error, ref)
    }
  }

  /**
   * Each record of a chain as its commit was stored: no header the product never writes, and
   * the subject its writer gives that record. `texts`: the commits' texts, newest first.
   */
  private shapes<R>(
    ref: string,
    entry: ChainEntry<R>,
    chain: readonly StoredEntry<R>[],
    texts: readonly string[]
  ): void {
    if (texts.length !== chain.length) return // read before, not through this decoder
    chain.forEach((record, i) => {
      const text = texts[chain.length - 1 - i] as string
      const wrong = commitProblem(text, chainSubject(entry, record.value))
      if (wrong) this.context.problems.add(ref, finding(ref, wrong, record.oid))
    })
  }

  /**
   * A run's receiver confirmations, each checked against the receiver admission of its key:
   * they name only that admission's run and the workflow run that wrote it. False when one
   * does not (listed).
   */
  private async confirmations(ref: string, chain: readonly Entry[]): Promise<boolean> {
    for (const confirmation of receiverConfirmations(chain.map(e => e.value))) {
      const receiver = await this.receiverOf(confirmation.receiver_key)
      // No receiver admission (dropped by retention) or a broken one (listed there): unchecked.
      if (!receiver) continue
      const wrong = confirmationProblem(confirmation, receiver)
      if (wrong) {
        this.context.problems.add(ref, finding(ref, wrong))
        return false
      }
    }
    return true
  }

  /** The receiver admission of a key: its run, and the workflow run that wrote its first record. */
  private async receiverOf(key: string): Promise<ReceiverAdmission | null> {
    const ref = admissionRef(this.namespace, key)
    if (this.brokenKeys.has(ref)) return null
    try {
      const admission = (await this.reader.readAdmission(ref))?.value
      if (!admission) return null
      const chain = await this.runChain(admission.ledger_ref)
      const first = chain?.[0]?.value
      return { run_id: admission.run_id, writer_run_id: first?.writer?.github_run_id ?? null }
    } catch (error) {
      if (error instanceof Reported || error instanceof DispatchLedgerError) return null
      throw error
    }
  }
}

function texts(chain: readonly StoredEntry<unknown>[]): string[] | undefined {
  const all = chain.map(e => e.json)
  return all.every(t => t !== undefined) ? (all as string[]) : undefined
}

type Entry = StoredEntry<LedgerRecord>

/**
 * A chain decoder that keeps each commit's text as the walk reads it (newest first): what the
 * commit shape checks read, beside the decoded entries.
 */
function withTexts<R>(decode: ChainDecoder<R>['decode']): ChainDecoder<R> & { texts: string[] } {
  const texts: string[] = []
  return {
    texts,
    decode: (ref, raw, oid) => {
      texts.push(raw)
      return decode(ref, raw, oid)
    }
  }
}
