/**
 * The refs a store keeps, as git holds them: the local repository's, or a remote's (the
 * arbiter, docs/design/arbiter.md). Layout v2 (indexedStore.ts) decides which refs to read and
 * which to change; this port only brings refs up to date and applies one all-or-nothing change.
 */
import { StoreError } from '../../core/errors.js'
import {
  bounded,
  causeLine,
  clashError,
  refNameClash,
  type Git,
  type GitResult,
  type PushResult,
  type RefChange
} from '../git.js'
import type { RawRef } from '../store.js'
import { removeStaleLocks } from '../staleLocks.js'

export type ApplyOutcome =
  /** Every ref moved as asked. */
  | 'applied'
  /** A ref was not what the change expected: nothing moved. */
  | 'stale'
  /** No answer (killed, dropped, timed out): either everything moved or nothing did. */
  | 'unanswered'

export interface RefBackend {
  readonly name: string
  readonly git: Git
  /** Counts the fetches made: a `git cat-file` started before one may not see what it brought. */
  readonly epoch: number
  /**
   * Refs here change only through this backend's own fetches (a read-only snapshot): a read
   * session may then resolve ref names from one listing per fetch instead of asking git per name.
   */
  readonly snapshot?: boolean
  /**
   * Brings refs under each prefix up to date (a remote: one fetch; `shallow` fetches only the
   * tips, never their history). Prefixes fetched before in this process are skipped unless
   * `refresh`. Locally there is nothing to bring.
   */
  bring(prefixes: readonly string[], options: { shallow: boolean; refresh: boolean }): Promise<void>
  /** Whether refs under the prefix are here to read (brought once in this process, or local). */
  has(prefix: string): boolean
  /**
   * Brings objects named by id (an archived chain's head and its history); `what` says whose
   * they are, for the message when the arbiter does not hold them.
   */
  bringObjects(oids: readonly string[], what?: string): Promise<void>
  /** One atomic change of every ref (creates, moves, deletes), each on the value read. */
  apply(changes: readonly RefChange[]): Promise<ApplyOutcome>
  /**
   * The ref whose lock the arbiter could not take in the last `apply` that came back `stale`
   * for that reason; null otherwise. A lock is not another writer's change: said so.
   */
  readonly locked: string | null
  /**
   * Every ref under the namespace as the arbiter holds it, symbolic ones named (verify), with
   * everything under it — the archives' history too — brought here to be read (one fetch).
   */
  inventory?(namespace: string): Promise<RawRef[]>
}

export class LocalRefs implements RefBackend {
  readonly name = 'local'
  readonly epoch = 0
  readonly locked = null
  constructor(readonly git: Git) {}
  async bring(): Promise<void> {}
  has(): boolean {
    return true
  }
  async bringObjects(): Promise<void> {}
  async apply(changes: readonly RefChange[]): Promise<ApplyOutcome> {
    return (await this.git.changeRefs(changes)) ? 'applied' : 'stale'
  }
  inventory(namespace: string): Promise<RawRef[]> {
    return this.git.rawRefs(`${namespace}/`)
  }
}

/** One ref's line of `git push --porcelain`: `<flag>\t<src>:<dst>\t<summary>`. */
export interface PushLine {
  readonly flag: string
  readonly ref: string
  readonly summary: string
}

export function parsePorcelain(stdout: string): Map<string, PushLine> {
  const lines = new Map<string, PushLine>()
  for (const line of stdout.split('\n')) {
    const match = /^([ +\-*=!])\t[^:\t]*:([^\t]+)\t(.*)$/.exec(line)
    if (match)
      lines.set(match[2] as string, {
        flag: match[1] as string,
        ref: match[2] as string,
        // The server words a refusal's reason (`[remote rejected] (<reason>)`): messages quote it.
        summary: bounded(match[3] as string)
      })
  }
  return lines
}

export interface RemoteOptions {
  /** Where a warning goes (the step's log); a write is never failed for one. */
  readonly warn?: (message: string) => void
  /** What git is told to talk to, when it is not the store's name (a ledger repository's URL). */
  readonly remote?: string
  /** The error for an arbiter that refused this job access, when the store says it its own way. */
  readonly refusal?: (access: 'read' | 'write', said: string) => StoreError
  /** A read-only snapshot (RefBackend.snapshot): its refs change only when it fetches. */
  readonly snapshot?: boolean
}

export class RemoteRefs implements RefBackend {
  private readonly fetched = new Set<string>()
  /** Local copies no longer follow the arbiter (a local update failed): fetch everything again. */
  private diverged = false
  epoch = 0
  locked: string | null = null

  constructor(
    readonly git: Git,
    readonly name: string,
    private readonly options: RemoteOptions = {}
  ) {
    this.remote = options.remote ?? name
    this.snapshot = options.snapshot ?? false
  }

  readonly snapshot: boolean

  /** What git fetches from and pushes to: the remote's name, or a URL. */
  private readonly remote: string

  /** The fetch running now: the next waits for it (concurrent readers never fetch together). */
  private fetching: Promise<unknown> = Promise.resolve()

  /** Runs fn once every fetch asked for before it has finished, whatever they answered. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.fetching.then(fn, fn)
    this.fetching = next.catch(() => {})
    return next
  }

  bring(
    prefixes: readonly string[],
    options: { shallow: boolean; refresh: boolean }
  ): Promise<void> {
    return this.serial(() => this.bringNow(prefixes, options))
  }

  bringObjects(oids: readonly string[], what?: string): Promise<void> {
    return this.serial(() => this.bringObjectsNow(oids, what))
  }

  private async bringNow(
    prefixes: readonly string[],
    options: { shallow: boolean; refresh: boolean }
  ): Promise<void> {
    const wanted = options.refresh ? prefixes : prefixes.filter(p => !this.covered(p))
    if (wanted.length === 0) return
    this.epoch++
    const depth = options.shallow ? { depth: 1 } : {}
    let result = await this.git.fetchRefs(this.remote, wanted, depth)
    // A shallow fetch that matches no ref exits 1, as a fetch that failed to update a ref
    // does. What git printed cannot tell them apart (a trace, a warning, or nothing), so the
    // remote's own listing does: none of the refs there means they are absent; some there
    // means they came in between or the fetch failed, and it is made once more.
    if (options.shallow && result.code === 1) {
      if (!(await this.git.remoteHolds(this.remote, wanted))) return this.covers(wanted)
      result = await this.git.fetchRefs(this.remote, wanted, depth)
    }
    if (result.code !== 0 && (await this.removedStaleLocks(result.stderr)))
      result = await this.git.fetchRefs(this.remote, wanted, depth)
    if (result.code !== 0) {
      this.refuseIfForbidden(result, 'read')
      throw this.git.failure(['fetch'], result)
    }
    this.covers(wanted)
  }

  /**
   * Whether a fetch failed on locks a git killed earlier in the job left in the local copy, now
   * removed (staleLocks.ts). Not in a snapshot: the command line's cache may be shared by two
   * commands of one user at once, and it is made again instead (snapshotStore.ts).
   */
  private async removedStaleLocks(stderr: string): Promise<boolean> {
    if (this.snapshot || !/\.lock': File exists/.test(stderr)) return false
    const gitDir = await this.git.gitCommonDir()
    return (await removeStaleLocks({ stderr, cwd: this.git.cwd, gitDir })).length > 0
  }

  private covers(prefixes: readonly string[]): void {
    for (const prefix of prefixes) this.fetched.add(prefix)
  }

  private async bringObjectsNow(oids: readonly string[], what?: string): Promise<void> {
    if (oids.length === 0) return
    this.epoch++
    const result = await this.git.fetchObjects(this.remote, oids)
    if (result.code !== 0) {
      this.refuseIfForbidden(result, 'read')
      if (/not our ref/i.test(result.stderr))
        throw new StoreError(
          `The remote ${this.name} does not hold ${what ?? `the object ${oids.join(', ')}`}: the ` +
            'index names a commit the remote never received or no longer has (git answered ' +
            '"not our ref"). dispatch-ledger will not guess past it; nothing was written. The ' +
            'entry that names it was written by hand or by another tool: repair or remove it.'
        )
      throw this.git.failure(['fetch'], result)
    }
  }

  /**
   * One `git push --atomic` with a lease per ref. A clean answer for every ref is `applied`
   * (local refs then follow); a lease refused or a compare lost on the server is `stale`; no
   * answer is `unanswered`, settled by the caller reading again. A refusal (a hook, a ruleset,
   * no write permission) throws: no retry can help.
   */
  async apply(changes: readonly RefChange[]): Promise<ApplyOutcome> {
    // A snapshot's sessions resolve names from their listing: a change here would go unseen.
    if (this.snapshot) throw new StoreError(`the snapshot of ${this.name} is read-only`)
    const result = await this.git.push(this.remote, changes, { atomic: true, follow: true })
    const parsed = parsePorcelain(result.stdout)
    const lines = changes.map(c => parsed.get(c.ref))
    if (result.code !== 0) {
      const clash = refNameClash(result.stderr)
      if (clash) throw clashError(clash, `The remote ${this.name}`)
    }
    this.locked = null
    if (lines.every(l => l && [' ', '+', '*', '-'].includes(l.flag))) {
      await this.follow(changes, result)
      return 'applied'
    }
    if (lines.some(l => l && (isLeaseRefused(l) || isRaceLost(l) || l.flag === '='))) {
      this.locked = heldLock(result.stderr) ?? lines.find(l => l && isLockFailure(l))?.ref ?? null
      return 'stale'
    }
    const refused = lines.find(l => l?.flag === '!')
    if (refused) throw this.rejected(result, refused)
    this.refuseIfForbidden(result, 'write')
    return 'unanswered'
  }

  has(prefix: string): boolean {
    return this.covered(prefix)
  }

  /**
   * One `ls-remote --symref` of the namespace, then one fetch of all of it, archive history
   * included, so that every chain verify reads is here (never a fetch per archived run).
   */
  async inventory(namespace: string): Promise<RawRef[]> {
    const prefix = `${namespace}/`
    let listed: RawRef[]
    try {
      listed = await this.git.remoteRawRefs(this.remote, prefix)
    } catch (error) {
      this.refuseIfForbidden({ code: 1, stdout: '', stderr: (error as Error).message }, 'read')
      throw error
    }
    // A fetch into a symbolic ref of this repository would write through it.
    const [symbolic] = await this.git.symbolicRefs(prefix)
    if (symbolic !== undefined)
      throw new StoreError(
        `The ref ${symbolic} in this repository is a symbolic ref, and fetching ${this.name}'s ` +
          'refs into it would write through it; nothing was read. Remove it with ' +
          `\`git symbolic-ref --delete ${symbolic}\`.`
      )
    await this.bring([prefix], { shallow: false, refresh: true })
    return listed
  }

  /**
   * Local refs follow what the arbiter now holds. The push has set them itself when it says it
   * set every one (`followed`, docs/design/arbiter.md#what-is-fetched): no process of its own.
   * Otherwise (a refspec of the repository's config matched first, a held local lock, any
   * error or warning) they are set here, every one whatever it held. The write has landed
   * whatever happens here: a local failure is a warning, never an error claiming the write did
   * not happen, and later reads in this process fetch again instead of trusting the local
   * copies.
   */
  private async follow(changes: readonly RefChange[], pushed: PushResult): Promise<void> {
    try {
      const set = new Set(pushed.followed ?? [])
      if (!changes.every(c => set.has(c.ref))) await this.mirror(changes, pushed.stderr)
      for (const c of changes) this.fetched.add(c.ref)
    } catch (error) {
      this.diverged = true
      this.fetched.clear()
      this.options.warn?.(
        `The write landed at ${this.name}, but updating this repository's own copy of its refs ` +
          `failed (${(error as Error).message}). Nothing is lost: later reads fetch from ` +
          `${this.name} again. Check that the checkout is writable.`
      )
    }
  }

  /**
   * Sets the local copies of the refs a write moved. The copy is a cache of the arbiter: a lock
   * a git killed earlier in the job left on one of them (the push names it when it could not
   * set that copy itself, update-ref when it cannot either) is taken away, as a fetch does
   * (removedStaleLocks), and the copies set once more; any other failure is the caller's.
   */
  private async mirror(changes: readonly RefChange[], pushSaid: string): Promise<void> {
    // Taken away first when the push met it: update-ref then need not wait for it in vain.
    await this.removedStaleLocks(pushSaid)
    let result = await this.git.mirrorRefs(changes)
    if (result.code !== 0 && (await this.removedStaleLocks(result.stderr)))
      result = await this.git.mirrorRefs(changes)
    if (result.code !== 0) throw this.git.failure(['update-ref'], result)
  }

  private covered(prefix: string): boolean {
    if (this.diverged) return false
    for (const done of this.fetched) if (prefix.startsWith(done)) return true
    return false
  }

  private refuseIfForbidden(result: GitResult, access: 'read' | 'write'): void {
    const custom = this.options.refusal
    const forbidden = custom
      ? /\b40[134]\b|authentication failed|could not read username|invalid username|repository not found|permission to .* denied|write access .* not granted|resource not accessible/i
      : /\b403\b|permission to .* denied|write access .* not granted|resource not accessible/i
    if (!forbidden.test(result.stderr)) return
    if (custom) throw custom(access, firstLine(result.stderr))
    throw new StoreError(
      `The remote ${this.name} refused to let this job ${access} refs (${firstLine(result.stderr)}). ` +
        'Nothing was admitted or recorded. Give the workflow `permissions: contents: ' +
        `${access}\` (and check out with credentials persisted, as actions/checkout does by default).`
    )
  }

  private rejected(result: GitResult, line: PushLine): StoreError {
    return new StoreError(
      `The remote ${this.name} rejected the push (${line.ref}: ${line.summary}; ` +
        `${firstLine(result.stderr)}). Nothing is claimed; a server-side hook or ruleset may ` +
        'forbid these refs.'
    )
  }
}

/** The client refused our lease: the ref is not what we expected (absent, or our head). */
export function isLeaseRefused(line: PushLine): boolean {
  return (
    line.flag === '!' &&
    /\(stale info\)|\(atomic push failed\)|\(fetch first\)|\(non-fast-forward\)/.test(line.summary)
  )
}

/**
 * The ref whose `.lock` file the server found already there (an atomic push reports only
 * "atomic transaction failed" on its lines; the server's stderr names the lock).
 */
export function heldLock(stderr: string): string | null {
  return (
    /cannot lock ref '([^']+)': Unable to create '[^']*\.lock': File exists/.exec(stderr)?.[1] ??
    null
  )
}

/** The server could not take the ref's lock (a held or stale `.lock` file there). */
export function isLockFailure(line: Pick<PushLine, 'summary'>): boolean {
  return /\[remote rejected\] \(failed to lock\)/.test(line.summary)
}

/** The server's own compare-and-set failed: another push moved the ref since we looked. */
export function isRaceLost(line: Pick<PushLine, 'summary'>): boolean {
  return /\[remote rejected\] \((failed to update ref|atomic transaction failed|failed to lock)\)/.test(
    line.summary
  )
}

/** The line of git's stderr that says what went wrong (redacted, bounded), for an error message. */
export function firstLine(text: string): string {
  return causeLine(text) ?? 'no message'
}
