/**
 * verify's listing of a namespace and its list of problems: the names alone (symbolic refs, layout
 * v1 refs, names no writer makes), and how a problem is said where it is.
 */
import { CorruptEntry, DispatchLedgerError, OrphanRun } from '../core/errors.js'
import { inspectCommand } from '../core/index/location.js'
import { refKind } from '../core/index/names.js'
import type { RawRef } from '../store/store.js'

/** One thing wrong, named where it is (a ref, or `<index ref>:<path>`), and what is wrong. */
export interface VerifyProblem {
  readonly where: string
  readonly problem: string
}

/** What verify counts; each only once verified. */
export const COUNTED = [
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
export type Counted = (typeof COUNTED)[number]

/** Problems by where they are: the first said of a place stands (one tampering, one line). */
export class Problems {
  private readonly byWhere = new Map<string, string>()
  add(where: string, problem: string): void {
    if (!this.byWhere.has(where)) this.byWhere.set(where, problem)
  }
  get list(): VerifyProblem[] {
    return [...this.byWhere].map(([where, problem]) => ({ where, problem }))
  }
}

export interface Listing {
  readonly symbolic: ReadonlySet<string>
  readonly live: ReadonlySet<string>
  readonly buckets: readonly string[]
  readonly indexBuckets: number
  readonly archiveRefs: number
  /** The commands refuse the whole namespace (v1 refs, symbolic refs): reads may fail. */
  readonly refused: boolean
}

/** The names alone: symbolic refs, layout v1 refs and names no writer makes. */
export function checkNames(namespace: string, raw: readonly RawRef[], problems: Problems): Listing {
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
          'the server (no push or API can make one on GitHub, a server administrator can) may ' +
          'have been written through: the writing commands do not ask the server which refs ' +
          'are symbolic before each write, a fetch brings it as the commit its target holds, ' +
          'and a push to it moves the target. Remove it ' +
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

export function whereOf(error: DispatchLedgerError, fallback: string): string {
  if (error instanceof CorruptEntry) return error.where
  if (error instanceof OrphanRun) return error.ledger_ref
  return fallback
}

/** A problem already listed where it is: the caller's check stops without saying it again. */
export class Reported extends Error {}

/**
 * What only verify sees, at where (and the commit there at fault): the commands read past it, so
 * the line says what is wrong and how to look rather than that they refuse it.
 */
export function finding(where: string, clause: string, oid?: string): string {
  return (
    `The entry at ${where}${oid ? ` (commit ${oid})` : ''}: ${clause}. Inspect it with ` +
    `${inspectCommand(oid ?? where)}.`
  )
}

export interface Context {
  readonly listing: Listing
  readonly problems: Problems
  readonly counts: Record<Counted, number>
}

/** Lists a command's error where it is; a Reported one is listed already. */
export function listError(problems: Problems, error: unknown, fallback: string): void {
  if (error instanceof Reported) return
  if (!(error instanceof DispatchLedgerError)) throw error
  problems.add(whereOf(error, fallback), error.message)
}
