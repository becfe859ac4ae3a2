import { InvalidInput } from './errors.js'

/** docs/design/writers.md "Time": entries are dated from 2000 to 9999; anything else is a broken clock. */
export const EARLIEST = Date.UTC(2000, 0, 1)
export const LATEST = Date.UTC(10000, 0, 1) - 1000

/**
 * An entry's timestamp from a clock reading: RFC 3339 UTC, whole seconds (a commit's own
 * timestamp has no finer grain). A clock outside 2000–9999 is an error, never a record: git
 * rejects commits dated before 1970, and such a date is never the truth.
 */
export function timestampOf(now: Date): string {
  const ms = now.getTime()
  if (!Number.isFinite(ms) || ms < EARLIEST || ms > LATEST)
    throw new InvalidInput(
      `The clock reads ${Number.isFinite(ms) ? now.toISOString() : 'an invalid time'}, outside ` +
        '2000-01-01 to 9999-12-31. Nothing was written; fix the machine clock (NTP) and run again.'
    )
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** `45s ago`, `12m ago`, `3h ago`, `5d ago` (the largest unit that is at least 1). */
export function age(seconds: number): string {
  if (seconds < 0) return 'in the future'
  if (seconds < 60) return `${Math.floor(seconds)}s ago`
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h ago`
  return `${Math.floor(seconds / 86400)}d ago`
}

/** Whole seconds from an RFC 3339 time to now. */
export function secondsSince(time: string, now: Date): number {
  return Math.floor((now.getTime() - Date.parse(time)) / 1000)
}
