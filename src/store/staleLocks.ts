/**
 * Stale locks in a step's local copy (docs/design/writers.md#the-local-copy). The checkout's
 * copies of the ledger's refs only follow the arbiter, and a git killed in an earlier step of
 * the job leaves its `*.lock` file there, which fails every later fetch that must move that
 * ref ("Unable to create '….lock': File exists"). A lock older than this process was taken by
 * no git of this step, and a job's steps run one at a time, so it is a dead git's: it is
 * removed, and the fetch made again. Only the locks git names, only inside this repository's
 * git directory, only plain files.
 */
import { lstat, rm } from 'node:fs/promises'
import { isAbsolute, relative, resolve } from 'node:path'

/** When this process started (epoch ms): a lock file older than that is no git's of ours. */
const STARTED_AT = Date.now() - process.uptime() * 1000

/** The lock files git's stderr says it could not create, as absolute paths. */
export function namedLocks(stderr: string, cwd: string): string[] {
  const locks = new Set<string>()
  for (const match of stderr.matchAll(/Unable to create '([^'\n]+\.lock)': File exists/g))
    locks.add(resolve(cwd, match[1] as string))
  return [...locks]
}

/**
 * Removes each lock git named that lies in gitDir and is older than this process; returns the
 * ones removed (none: the failure is not a stale lock's, and nothing is retried).
 */
export async function removeStaleLocks(options: {
  readonly stderr: string
  readonly cwd: string
  readonly gitDir: string
  readonly startedAt?: number
}): Promise<string[]> {
  const before = options.startedAt ?? STARTED_AT
  const removed: string[] = []
  for (const lock of namedLocks(options.stderr, options.cwd)) {
    const inside = relative(options.gitDir, lock)
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) continue
    const info = await lstat(lock).catch(() => null)
    if (!info?.isFile() || info.mtimeMs >= before) continue
    await rm(lock, { force: true })
    removed.push(lock)
  }
  return removed
}
