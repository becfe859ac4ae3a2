import type * as z from 'zod/mini'
import { canonicalJson } from './canonical.js'
import { CorruptEntry } from './errors.js'
import { findProtoKey } from './validate.js'
import {
  StoredAdmissionSchema,
  withGeneration,
  type Admission,
  type StoredAdmission
} from './admission.js'
import { RecordSchema, RUN_ENTRY, type LedgerRecord } from './record.js'
import type { ChainEntry } from './chain/definition.js'

/** git's empty tree: every entry commit points at it. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'

/** Fixed author and committer, so an entry's object id depends only on its content. */
export const IDENTITY = 'dispatch-ledger <dispatch-ledger@users.noreply.github.com>'

/** A commit object to write: the raw text `git hash-object -t commit` takes. */
export interface CommitSpec {
  readonly parent: string | null
  readonly time: number
  readonly subject: string
  readonly json: string
}

export function encodeCommit(spec: CommitSpec): string {
  const parent = spec.parent ? `parent ${spec.parent}\n` : ''
  const stamp = `${spec.time} +0000`
  return (
    `tree ${EMPTY_TREE}\n${parent}` +
    `author ${IDENTITY} ${stamp}\ncommitter ${IDENTITY} ${stamp}\n\n` +
    `${spec.subject}\n\n${spec.json}\n`
  )
}

/** An entry commit's time: the record's own time, in whole seconds, so its id is reproducible. */
export function epochSeconds(timestamp: string): number {
  return Math.floor(Date.parse(timestamp) / 1000)
}

/** The subject of every admission commit. */
export const ADMISSION_SUBJECT = 'dispatch-ledger admission'

/** Any stored shape can be written, so tests can lay down a v0.1 admission as it was. */
export function admissionCommit(admission: StoredAdmission): CommitSpec {
  return {
    parent: null,
    time: epochSeconds(admission.admitted_at),
    subject: ADMISSION_SUBJECT,
    json: canonicalJson(admission)
  }
}

/** The subject line of the entry commit that stores a chain's record: it names its place. */
export function chainSubject<R>(entry: ChainEntry<R>, record: R): string {
  return `dispatch-ledger ${entry.noun} ${entry.sequence(record)} ${entry.state(record)}`
}

/** The entry commit that stores a chain's record: the subject line names its place. */
export function chainCommit<R>(entry: ChainEntry<R>, record: R, parent: string | null): CommitSpec {
  return {
    parent,
    time: epochSeconds(entry.occurredAt(record)),
    subject: chainSubject(entry, record),
    json: canonicalJson(record)
  }
}

export function recordCommit(record: LedgerRecord, parent: string | null): CommitSpec {
  return chainCommit(RUN_ENTRY, record, parent)
}

export interface ParsedCommit {
  readonly tree: string
  readonly parents: readonly string[]
  readonly message: string
}

export function parseCommit(raw: string): ParsedCommit {
  const split = raw.indexOf('\n\n')
  const header = split === -1 ? raw : raw.slice(0, split)
  const message = split === -1 ? '' : raw.slice(split + 2)
  let tree = ''
  const parents: string[] = []
  for (const line of header.split('\n')) {
    if (line.startsWith('tree ')) tree = line.slice(5)
    else if (line.startsWith('parent ')) parents.push(line.slice(7))
  }
  return { tree, parents, message }
}

/**
 * Decode and validate the JSON an entry commit carries. Anything off — not our layout,
 * not JSON, not canonical, not the schema — is corrupt, named by its ref.
 */
export function decodeEntry<S extends z.ZodMiniType>(
  ref: string,
  raw: string,
  schema: S,
  oid?: string
): { value: z.infer<S>; json: string } {
  const { message } = parseCommit(raw)
  const split = message.indexOf('\n\n')
  if (split === -1) throw new CorruptEntry(ref, 'the commit message has no JSON body', oid)
  const body = message.slice(split + 2).replace(/\n$/, '')
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    throw new CorruptEntry(ref, 'the commit message body is not JSON', oid)
  }
  const proto = findProtoKey(value)
  if (proto !== null) throw new CorruptEntry(ref, `it has a field named __proto__ (${proto})`, oid)
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? issue.path.join('.') : 'the entry'
    throw new CorruptEntry(ref, `${where} ${issue?.message ?? 'is invalid'}`, oid)
  }
  if (canonicalJson(value) !== body)
    throw new CorruptEntry(ref, 'the JSON body is not in canonical (JCS) form', oid)
  return { value: parsed.data, json: body }
}

export function decodeAdmission(ref: string, raw: string): Admission {
  return withGeneration(decodeEntry(ref, raw, StoredAdmissionSchema).value)
}

/** A stored record and its canonical JSON text (which digests it without re-encoding). */
export function decodeRecord(
  ref: string,
  raw: string,
  oid?: string
): { value: LedgerRecord; json: string } {
  return decodeEntry(ref, raw, RecordSchema, oid)
}
