/**
 * The one chain entity (docs/design/states.md#reconstructing, docs/design/effects.md#operations):
 * a run's ledger (`dispatch-ledger/record/v1`) and an effect's operation
 * (`dispatch-ledger/operation/v1`) are two instances of one definition — an append-only chain of
 * entry commits under a ref, each record naming its sequence and the digest of the one before,
 * verified on every read and folded into a state. Pure: no I/O.
 */
import { digestOf, sha256Hex } from '../canonical.js'
import type { CommitSpec } from '../entry.js'
import { BrokenChain, InvalidInput } from '../errors.js'

/**
 * The one retry budget of every chain write: how many times in all one write is tried. A lost
 * compare-and-set re-reads the chain and the writer decides again from what won (never re-sends
 * the same record blindly); an unanswered push the arbiter shows absent is pushed again. Past
 * the budget the step fails and a later step re-plans.
 */
export const WRITE_TRIES = 3

/** The ref family a chain lives under: `<namespace>/runs/…` or `<namespace>/operations/…`. */
export type ChainFamily = 'runs' | 'operations'

/** Folds one chain, record by record, verifying each link before it is taken in. */
export interface ChainFolder<R, S> {
  /**
   * The problem with `record` at `position` (schema, link, legal successor), one clause, or
   * null. `previousDigest` is the digest of `previous` (null for the first record).
   */
  problem(
    previous: R | null,
    previousDigest: string | null,
    record: R,
    position: number
  ): string | null
  /** Takes a verified record in. */
  add(record: R): void
  /** The folded state, once every record is in. */
  result(head: R, headDigest: string, headOid: string | null): S
}

/** How a record of one chain type names its place in the chain (read by the link rule). */
export interface ChainEntry<R> {
  /** The `schema` every record carries. */
  readonly schema: string
  /** The word of the commit subject: `dispatch-ledger <noun> <sequence> <state>`. */
  readonly noun: string
  /** The names of the two link fields, for the link rule's words. */
  readonly fields: { readonly sequence: string; readonly previousDigest: string }
  sequence(record: R): number
  previousDigest(record: R): string | null
  state(record: R): string
  occurredAt(record: R): string
  /** Whether the record ends its chain (nothing legal follows): the store archives it then. */
  ends(record: R): boolean
  /**
   * The dispatch key the record belongs to (a run's), or null (an operation's): the store records
   * the key's end next to it when this chain ends the key's newest generation (retention).
   */
  keyOf(record: R): string | null
}

export interface ChainDefinition<R, S> extends ChainEntry<R> {
  readonly family: ChainFamily
  /** What holds the records, for the empty-chain error: `the ledger`, `the operation`. */
  readonly holder: string
  /** Appended to every broken-chain message: what to do about a stored chain that fails. */
  readonly stored: string
  /** The entry commit that stores `record` on top of `parent` (entry.ts `chainCommit`). */
  commit(record: R, parent: string | null): CommitSpec
  /** Parses a stored entry's JSON against the closed schema; throws CorruptEntry naming ref. */
  decode(ref: string, raw: string, oid?: string): { value: R; json: string }
  /** A fresh folder: the legal-successor rules and the fold of this chain type. */
  folder(): ChainFolder<R, S>
}

/** What is wrong with a link's sequence or previous digest, and what a writer does instead. */
export interface LinkProblem {
  readonly what: string
  /** Set when the usual fix (re-read the head and build on it) is not the right one. */
  readonly fix?: string
}

/**
 * The link rule every chain obeys: sequences contiguous from 1, and each record's previous
 * digest is the digest of the record before it (null for the first).
 */
export function linkProblem<R>(
  definition: Pick<ChainEntry<R>, 'fields' | 'sequence' | 'previousDigest'>,
  previous: R | null,
  previousDigest: string | null,
  next: R
): LinkProblem | null {
  const { sequence: seqField, previousDigest: digestField } = definition.fields
  const before = previous === null ? null : definition.sequence(previous)
  const expected = before === null ? 1 : before + 1
  const actual = definition.sequence(next)
  if (actual !== expected)
    return {
      what:
        before === null
          ? `the first record must have ${seqField} 1, not ${String(actual)}`
          : `the record after sequence ${before} must have ${seqField} ${expected}, not ${String(actual)}`
    }
  const linked = definition.previousDigest(next)
  if (before === null)
    return linked === null
      ? null
      : {
          what: `record 1 must have ${digestField} null, not ${String(linked)}`,
          fix: `a first record has no predecessor; set ${digestField} to null`
        }
  if (linked !== previousDigest)
    return {
      what: `${digestField} is ${String(linked)}, but the digest of record ${before} is ${String(previousDigest)}`
    }
  return null
}

export interface FoldOptions {
  /** Object id of the head record's commit, copied into the state. */
  readonly headOid?: string
  /**
   * The JCS text of each record, in the same order, when the reader already has it: each record
   * is then digested from its text. The caller vouches that `canonical[i]` is the JCS of
   * `records[i]`.
   */
  readonly canonical?: readonly string[]
}

/**
 * Verify `records` (oldest first, the whole chain) and fold them. Throws BrokenChain naming the
 * first sequence that does not verify; an empty list is broken at sequence 1. No record is ever
 * skipped. Linear: each record is checked once and digested once.
 */
export function foldChain<R, S>(
  definition: ChainDefinition<R, S>,
  records: readonly R[],
  options: FoldOptions = {}
): S {
  if (records.length === 0)
    throw new BrokenChain(
      1,
      `record 1 is missing: ${definition.holder} holds no records; ${definition.stored}`
    )
  const canonical = options.canonical
  if (canonical !== undefined && canonical.length !== records.length)
    throw new InvalidInput(
      `reconstruct was given ${records.length} records but ${canonical.length} canonical texts; pass one text per record or none`
    )
  const folder = definition.folder()
  let previous: R | null = null
  let previousDigest: string | null = null
  for (const [index, record] of records.entries()) {
    const position = index + 1
    const problem = folder.problem(previous, previousDigest, record, position)
    if (problem !== null) throw new BrokenChain(position, `${problem}; ${definition.stored}`)
    folder.add(record)
    previous = record
    const text = canonical?.[index]
    previousDigest = text === undefined ? digestOf(record) : `sha256:${sha256Hex(text)}`
  }
  return folder.result(previous as R, previousDigest as string, options.headOid ?? null)
}

/**
 * What is wrong with appending `next` to the verified chain `records` (oldest first): the
 * problem a reader would find with it at its place (schema, link, legal successor), or null.
 * A writer asks before it writes, so a record its chain would not verify with is never stored.
 */
export function appendProblem<R, S>(
  definition: ChainDefinition<R, S>,
  records: readonly R[],
  next: R,
  options: { readonly canonical?: readonly string[] } = {}
): string | null {
  const folder = definition.folder()
  let previous: R | null = null
  let previousDigest: string | null = null
  for (const [index, record] of records.entries()) {
    folder.add(record)
    previous = record
    const text = options.canonical?.[index]
    previousDigest = text === undefined ? digestOf(record) : `sha256:${sha256Hex(text)}`
  }
  return folder.problem(previous, previousDigest, next, records.length + 1)
}
