import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'

/** RFC 8785 (JCS) canonical JSON. Throws on values JSON cannot carry. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value)
  if (text === undefined) throw new TypeError('value has no JSON form')
  return text
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/** `sha256:<64 hex>` of the JCS form: the spec's digest of requests and records. */
export function digestOf(value: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(value))}`
}
