/**
 * docs/design/generations.md: when the event that asks for a dispatch happened. A redelivery carries the original
 * payload and therefore the original time, which is what lets a late duplicate be told from a
 * person asking again. Events without such a time never open a new generation.
 */

/** The payload field holding the event's occurrence time, per event name. */
export const OCCURRENCE_FIELDS: Readonly<Record<string, readonly [string, string]>> = {
  issues: ['issue', 'updated_at'],
  pull_request: ['pull_request', 'updated_at'],
  pull_request_target: ['pull_request', 'updated_at'],
  issue_comment: ['comment', 'updated_at']
}

// RFC 3339 with a zone; GitHub sends `2026-11-29T12:00:00Z`.
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/

/**
 * The event's occurrence time as an RFC 3339 UTC string, or null when the event has none
 * (other events) or the field is absent or unreadable: a time that cannot be trusted must not
 * turn a duplicate into a new request, so it counts as no time at all.
 */
export function occurrenceTime(eventName: string, payload: unknown): string | null {
  const field = Object.hasOwn(OCCURRENCE_FIELDS, eventName) ? OCCURRENCE_FIELDS[eventName] : null
  if (!field) return null
  const [object, key] = field
  const holder = ownField(payload, object)
  const value = ownField(holder, key)
  if (typeof value !== 'string' || !RFC3339.test(value)) return null
  const ms = Date.parse(value)
  // docs/design/writers.md "Time": a clock outside 2000–9999 is never trusted.
  if (!Number.isFinite(ms) || ms < Date.UTC(2000, 0, 1) || ms >= Date.UTC(10000, 0, 1)) return null
  return new Date(ms).toISOString()
}

function ownField(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  return Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined
}
