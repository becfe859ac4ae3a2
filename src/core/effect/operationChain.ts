/**
 * Verify an operation's chain on read and fold it into what the decision table needs, the way
 * `reconstruct` does for a run's ledger. Pure. A chain that does not verify is an error naming
 * the first bad sequence; no record is ever skipped.
 */
import { digestOf } from '../canonical.js'
import {
  foldChain,
  linkProblem,
  type ChainDefinition,
  type ChainEntry,
  type ChainFolder,
  type FoldOptions
} from '../chain/definition.js'
import { chainCommit, decodeEntry } from '../entry.js'
import {
  FINAL_STATES,
  OPERATION_SCHEMA,
  OperationRecordSchema,
  type EffectResult,
  type Intent,
  type OperationRecord,
  type OperationState,
  type Resolution
} from './operation.js'

/** Legal successors. `unknown` is left only by an operator's resolution (checked below). */
export const OPERATION_SUCCESSORS: Readonly<Record<OperationState, readonly OperationState[]>> = {
  // A tag is committed by the same atomic push that carries its journal record, so a tag
  // operation goes from prepared straight to its outcome; a release goes through the send.
  prepared: ['may_have_been_sent', 'terminal_committed', 'conflict'],
  may_have_been_sent: [
    'may_have_been_sent',
    'observed',
    'terminal_committed',
    'terminal_no_commit',
    'conflict',
    'unknown'
  ],
  observed: ['terminal_committed', 'conflict', 'unknown'],
  unknown: ['terminal_committed', 'terminal_no_commit'],
  terminal_committed: [],
  terminal_no_commit: [],
  conflict: []
}

export interface RecoveredOperation {
  readonly operation_id: string
  readonly intent: Intent
  readonly intent_digest: string
  readonly state: OperationState
  /** terminal_committed, terminal_no_commit or conflict: nothing is ever sent again. */
  readonly final: boolean
  readonly sequence: number
  readonly head_oid: string | null
  readonly head_digest: string
  /** How many sends were recorded (may_have_been_sent records). */
  readonly sends: number
  /** The newest non-null result. */
  readonly result: EffectResult | null
  /** The operator's answer that settled an `unknown`, if any. */
  readonly resolution: Resolution | null
  /** occurred_at of the prepared record: the tag object's tagger time comes from it. */
  readonly prepared_at: string
  /** occurred_at of the head record: when the newest state was recorded. */
  readonly updated_at: string
}

const STORED =
  "the stored operation chain does not verify (it was altered or written without these checks); inspect the operation's ref and repair it by hand. Nothing was sent from it"

/** The rule a single record breaks given its predecessor, or null. Exported for the tests. */
export function operationLinkProblem(
  previous: OperationRecord | null,
  record: OperationRecord,
  context: { readonly sends: number; readonly previousDigest: string | null }
): string | null {
  const link = linkProblem(OPERATION_ENTRY, previous, context.previousDigest, record)
  if (link !== null) return link.what
  if (previous === null) {
    if (record.state !== 'prepared') return `the first record is ${record.state}, not prepared`
    if (record.send !== null) return 'the prepared record names a send'
  } else {
    if (record.operation_id !== previous.operation_id) return 'the operation id changes'
    if (record.intent_digest !== previous.intent_digest) return 'the intent changes'
    if (!OPERATION_SUCCESSORS[previous.state].includes(record.state))
      return `${previous.state} → ${record.state} is not a legal transition`
    const kindProblem = kindRule(previous.state, record)
    if (kindProblem) return kindProblem
  }
  if (digestOf(record.intent) !== record.intent_digest)
    return 'intent_digest is not the digest of its intent'
  const fromUnknown = previous?.state === 'unknown'
  if (fromUnknown !== (record.resolution !== null))
    return fromUnknown
      ? 'leaving unknown needs an operator resolution'
      : 'only a record leaving unknown carries a resolution'
  if (record.resolution && resolvedState(record.resolution.answer) !== record.state)
    return `the resolution ${record.resolution.answer} does not match ${record.state}`
  return sendRule(record, context.sends) ?? resultRule(record)
}

function resolvedState(answer: 'committed' | 'not_committed'): OperationState {
  return answer === 'committed' ? 'terminal_committed' : 'terminal_no_commit'
}

/** Kinds whose ref and record travel in one atomic push: never sent apart from the record. */
const REF_KINDS: ReadonlySet<string> = new Set(['tag', 'branch'])

function kindRule(from: OperationState, record: OperationRecord): string | null {
  const kind = record.intent.kind
  if (from === 'prepared' && record.state === 'terminal_committed' && !REF_KINDS.has(kind))
    return 'only a tag or a branch is committed straight from prepared (by its atomic push)'
  if (record.state === 'may_have_been_sent' && REF_KINDS.has(kind))
    return `a ${kind} is never sent apart from its journal record`
  return null
}

function sendRule(record: OperationRecord, sends: number): string | null {
  if (record.state === 'may_have_been_sent') {
    if (record.send !== sends + 1) return `send ${record.send} is not the next send (${sends + 1})`
    return null
  }
  if (record.state === 'observed' && record.send !== sends)
    return `observed names send ${record.send}, not the latest send ${sends}`
  if (record.send !== null && (record.send < 1 || record.send > sends))
    return `send ${record.send} was never recorded`
  return null
}

function resultRule(record: OperationRecord): string | null {
  if (record.state !== 'terminal_committed') return null
  const result = record.result
  switch (record.intent.kind) {
    case 'tag':
      return result?.tag_object ? null : 'a committed tag names no tag object'
    case 'release':
      return result?.release_id ? null : 'a committed release names no release id'
    default:
      // A branch's id is its commit; a pull request's, comment's or issue's, GitHub's id.
      return result?.id ? null : `a committed ${record.intent.kind} names no id`
  }
}

/** An operation record as a link of the one chain entity. */
export const OPERATION_ENTRY: ChainEntry<OperationRecord> = {
  schema: OPERATION_SCHEMA,
  noun: 'operation',
  fields: { sequence: 'sequence', previousDigest: 'previous_digest' },
  ends: record => FINAL_STATES.has(record.state),
  keyOf: () => null,
  sequence: record => record.sequence,
  previousDigest: record => record.previous_digest,
  state: record => record.state,
  occurredAt: record => record.occurred_at
}

/** An effect's operation: the `operations` instance of the one chain entity. */
export const OPERATION_CHAIN: ChainDefinition<OperationRecord, RecoveredOperation> = {
  ...OPERATION_ENTRY,
  family: 'operations',
  holder: 'the operation',
  stored: STORED,
  commit: (record, parent) => chainCommit(OPERATION_ENTRY, record, parent),
  decode: (ref, raw, oid) => decodeEntry(ref, raw, OperationRecordSchema, oid),
  folder: operationFolder
}

function operationFolder(): ChainFolder<OperationRecord, RecoveredOperation> {
  let first: OperationRecord | null = null
  let sends = 0
  let result: EffectResult | null = null
  let resolution: Resolution | null = null
  return {
    problem(previous, previousDigest, record, sequence) {
      if (!OperationRecordSchema.safeParse(record).success) return `record ${sequence} is invalid`
      return operationLinkProblem(previous, record, { sends, previousDigest })
    },
    add(record) {
      first ??= record
      if (record.state === 'may_have_been_sent') sends = record.send ?? sends
      if (record.result) result = record.result
      if (record.resolution) resolution = record.resolution
    },
    result: (head, headDigest, headOid) => {
      const prepared = first as OperationRecord
      return {
        operation_id: head.operation_id,
        intent: prepared.intent,
        intent_digest: prepared.intent_digest,
        state: head.state,
        final: FINAL_STATES.has(head.state),
        sequence: head.sequence,
        head_oid: headOid,
        head_digest: headDigest,
        sends,
        result,
        resolution,
        prepared_at: prepared.occurred_at,
        updated_at: head.occurred_at
      }
    }
  }
}

/** Verify `records` (oldest first, the whole chain) and fold them. */
export function foldOperation(
  records: readonly OperationRecord[],
  options: FoldOptions = {}
): RecoveredOperation {
  return foldChain(OPERATION_CHAIN, records, options)
}

export type { FoldOptions }
