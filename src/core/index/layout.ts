/**
 * Layout v2 (docs/design/storage.md): where each logical name of the store lives. Commands
 * name admissions and chains as they always have — `<ns>/admissions/<sha256(key)>[.g<N>]`,
 * `<ns>/runs/<sha256(run id)>`, `<ns>/operations/<sha256(operation id)>` — and the store
 * keeps them in a fixed set of refs:
 *
 * - `<ns>/index/<hh>`: a parentless commit whose tree holds `keys/<h>/<N>` (the admission of
 *   generation N, the admission commit's bytes), `ended/<h>` (present once the key's newest
 *   generation has ended: that run's final head and time, which retention reads) and
 *   `runs/<h>`, `operations/<h>` (an archived chain: its head, as an index entry);
 * - `<ns>/archive/<hh>`: a commit chain on the empty tree whose parents keep every archived
 *   head reachable; only writers touch it, readers never fetch it;
 * - `<ns>/runs/<h>`, `<ns>/operations/<h>`: a chain being written (within `archive-after`).
 *
 * `hh` is the first two hex digits of the hash in the name, so 256 + 256 refs at most. Pure.
 */
import { InvalidInput } from '../errors.js'

export type ChainFamily = 'runs' | 'operations'

export type LogicalName =
  | {
      readonly kind: 'admission'
      readonly namespace: string
      readonly hash: string
      readonly generation: number
    }
  | {
      readonly kind: 'chain'
      readonly namespace: string
      readonly family: ChainFamily
      readonly hash: string
    }

const LOGICAL = /^(refs\/.+)\/(admissions|runs|operations)\/([0-9a-f]{64})(?:\.g([1-9][0-9]*))?$/

/** The logical name a command uses, parsed; null for any other ref (a tag, a branch). */
export function parseLogical(ref: string): LogicalName | null {
  const match = LOGICAL.exec(ref)
  if (!match) return null
  const [, namespace, family, hash, generation] = match as unknown as [
    string,
    string,
    ChainFamily | 'admissions',
    string,
    string | undefined
  ]
  if (family === 'admissions')
    return { kind: 'admission', namespace, hash, generation: generation ? Number(generation) : 1 }
  if (generation !== undefined) return null
  return { kind: 'chain', namespace, family, hash }
}

/** The logical ref of a key's generation (generation 1 has no suffix). */
export function admissionName(namespace: string, hash: string, generation: number): string {
  const base = `${namespace}/admissions/${hash}`
  return generation === 1 ? base : `${base}.g${generation}`
}

export function chainName(namespace: string, family: ChainFamily, hash: string): string {
  return `${namespace}/${family}/${hash}`
}

export function bucketOf(hash: string): string {
  return hash.slice(0, 2)
}

/**
 * The bucket an entry named `name` (`keys/<name>`, `runs/<name>`, …) belongs in; null when the
 * name is no sha256 hash, so that no bucket is its own.
 */
export function bucketOfEntry(name: string): string | null {
  return /^[0-9a-f]{64}$/.test(name) ? bucketOf(name) : null
}

export function indexRef(namespace: string, bucket: string): string {
  return `${namespace}/index/${bucket}`
}

export function archiveRef(namespace: string, bucket: string): string {
  return `${namespace}/archive/${bucket}`
}

/** The bucket a logical name lives in. */
export function bucketOfName(name: LogicalName): string {
  return bucketOf(name.hash)
}

/** Where a logical name sits in its bucket's tree. */
export function entryPath(name: LogicalName): string {
  return name.kind === 'admission'
    ? `keys/${name.hash}/${name.generation}`
    : `${name.family}/${name.hash}`
}

/** Where a key's end marker sits in its bucket's tree (keyHash: the admission's hash). */
export function endedPath(keyHash: string): string {
  return `ended/${keyHash}`
}

/** The prefix under which a bucket's live chains of a family are named. */
export function liveChainPrefix(namespace: string, family: ChainFamily, bucket: string): string {
  return `${namespace}/${family}/${bucket}`
}

export const FAMILIES: readonly ChainFamily[] = ['runs', 'operations']

const DURATION = /^(0|[1-9][0-9]*)([mhd])?$/
const UNIT_SECONDS = { m: 60, h: 3600, d: 86400 } as const

/**
 * `archive-after`: how long a chain keeps a ref of its own after its last write. `0` archives
 * after every write; otherwise a whole number of minutes, hours or days (`30m`, `1h`, `2d`), at
 * most 365 days (`365d`, `8760h`, `525600m`). Integers only, never rounded: a longer idle time
 * keeps more refs for nothing, and a huge digit string would turn into an imprecise or
 * infinite number rather than a duration.
 */
export function parseArchiveAfter(text: string): number {
  const value = text.trim() === '' ? '1h' : text.trim()
  const match = DURATION.exec(value)
  if (!match || (match[1] !== '0' && match[2] === undefined))
    throw new InvalidInput(
      `The \`archive-after\` input ${JSON.stringify(text)} is not a duration. Use 0, or a whole ` +
        'number followed by m, h or d (for example 30m, 1h, 2d), at most 365d.'
    )
  const capSeconds = 365 * UNIT_SECONDS.d
  const digits = match[1] as string
  const seconds =
    digits.length > String(capSeconds).length
      ? Infinity
      : Number(digits) * (match[2] ? UNIT_SECONDS[match[2] as 'm' | 'h' | 'd'] : 0)
  if (seconds > capSeconds)
    throw new InvalidInput(
      `The \`archive-after\` input ${JSON.stringify(text)} is longer than the cap of 365d ` +
        '(8760h, 525600m). Use a whole number of m, h or d up to 365d.'
    )
  return seconds
}

/** Whether a chain last written at `writtenAt` (epoch seconds) has been idle past the limit. */
export function isIdle(writtenAt: number, now: number, archiveAfterSeconds: number): boolean {
  return now - writtenAt >= archiveAfterSeconds
}

/** The shortest retention the product accepts (docs/design/storage.md#retention). */
export const RETENTION_FLOOR_DAYS = 90

/**
 * `retention-days`: 0 (the default) keeps every key forever. Otherwise a key whose newest
 * generation ended more than N days ago is dropped. 1–89 is refused: GitHub re-runs a workflow
 * up to 30 days after it started and a run may last 35 days, so a shorter window would let a
 * re-run or a late redelivery of a real event admit a second run.
 */
export function parseRetentionDays(text: string): number {
  const value = text.trim() === '' ? '0' : text.trim()
  if (!/^(0|[1-9][0-9]{0,5})$/.test(value))
    throw new InvalidInput(
      `The \`retention-days\` input ${JSON.stringify(text)} is not a whole number of days. Use 0 ` +
        `(keep every key forever, the default) or ${RETENTION_FLOOR_DAYS} or more.`
    )
  const days = Number(value)
  if (days > 0 && days < RETENTION_FLOOR_DAYS)
    throw new InvalidInput(
      `The \`retention-days\` input ${days} is refused: GitHub re-runs a workflow up to 30 days ` +
        'after it started and a run may last 35 days, so a key dropped sooner could admit a real ' +
        `duplicate as a new run. Use 0 (keep every key forever, the default) or ` +
        `${RETENTION_FLOOR_DAYS} or more.`
    )
  return days
}

/** Whether a key whose newest generation ended at `endedAt` (epoch seconds) is past retention. */
export function isExpired(endedAt: number, now: number, retentionDays: number): boolean {
  return retentionDays > 0 && now - endedAt > retentionDays * 86400
}
