/**
 * The bytes an operation puts into the world, derived only from recorded values so that every
 * writer of the same operation produces the same bytes: the annotated tag object (so an
 * ambiguous push is settled by object id) and the marker of a body sent to GitHub (so a lookup
 * can attribute a release, a pull request, a comment or an issue to the operation).
 */
import { IDENTITY } from '../entry.js'
export { epochSeconds } from '../entry.js'
import type { TagIntent } from './operation.js'

export interface TagObjectSpec {
  readonly operation_id: string
  readonly intent: TagIntent
  readonly intent_digest: string
  /** The tag message the workflow gave; the operation line is appended. */
  readonly message: string
  /** Seconds since the epoch: the prepared record's time. */
  readonly time: number
}

/** The raw text `git hash-object -t tag` takes. */
export function tagObjectText(spec: TagObjectSpec): string {
  const name = spec.intent.tag_ref.slice('refs/tags/'.length)
  const message = spec.message.replace(/\r\n?/g, '\n').replace(/\n+$/, '')
  const body = `${message ? `${message}\n\n` : ''}${operationLine(spec.operation_id, spec.intent_digest)}\n`
  return (
    `object ${spec.intent.target}\ntype commit\ntag ${name}\n` +
    `tagger ${IDENTITY} ${spec.time} +0000\n\n${body}`
  )
}

export function operationLine(operationId: string, intentDigest: string): string {
  return `dispatch-ledger operation: ${operationId} intent: ${intentDigest}`
}

/** docs/design/effects.md: the marker a body the action sends carries (a release, a comment…). */
export function marker(operationId: string, intentDigest: string): string {
  return `<!-- ${operationLine(operationId, intentDigest)} -->`
}

/** The body sent to GitHub: the workflow's body, then the marker on its own line. */
export function bodyWithMarker(body: string, operationId: string, digest: string): string {
  const line = marker(operationId, digest)
  return body ? `${body}\n\n${line}` : line
}

/**
 * Whether a body carries the operation's own marker (GitHub may hand a body back with CRLF line
 * ends; the marker is one line either way).
 */
export function carriesMarker(
  body: string | null | undefined,
  operationId: string,
  intentDigest: string
): boolean {
  return markersIn(body).some(m => m.id === operationId && m.digest === intentDigest)
}

/** Every operation a body names by marker (normally one). */
export function markersIn(body: string | null | undefined): Array<{ id: string; digest: string }> {
  const found: Array<{ id: string; digest: string }> = []
  const pattern = /<!-- dispatch-ledger operation: (\S+) intent: (sha256:[0-9a-f]{64}) -->/g
  for (const match of (body ?? '').matchAll(pattern))
    found.push({ id: match[1] as string, digest: match[2] as string })
  return found
}
