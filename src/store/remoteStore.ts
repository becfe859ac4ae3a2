import type { CommitSpec } from '../core/entry.js'
import { StoreError } from '../core/errors.js'
import { WRITE_TRIES } from '../core/chain/definition.js'
import { clashError, redact, refNameClash, type Git, type GitResult } from './git.js'
import { LocalStore } from './localStore.js'
import type { ChainDecoder, ReadOptions, RefCreate, Store, StoreReader } from './store.js'

/** One ref's line of `git push --porcelain`: `<flag>\t<src>:<dst>\t<summary>`. */
interface PushLine {
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
        summary: match[3] as string
      })
  }
  return lines
}

/**
 * docs/design/arbiter.md: the repository's remote is the arbiter, since every job runs on a fresh machine.
 * Objects are written locally, then one push per admission or record decides; local refs
 * follow what the remote holds so later steps in the job read locally.
 */
export class RemoteStore implements Store {
  private readonly local: LocalStore
  /** Refs fetched (or pushed) in this process: reads of them need no second fetch. */
  private readonly fresh = new Set<string>()

  constructor(
    readonly git: Git,
    readonly name: string
  ) {
    this.local = new LocalStore(git)
  }

  async read<T>(fn: (reader: StoreReader) => Promise<T>): Promise<T> {
    return this.local.read(local =>
      fn({
        readAdmission: async ref => {
          await this.fetch([ref])
          return local.readAdmission(ref)
        },
        readChain: async <R>(ref: string, chain?: ChainDecoder<R>, options?: ReadOptions) => {
          await this.fetch([ref], { refresh: options?.refresh ?? false })
          return chain ? local.readChain(ref, chain) : local.readChain(ref)
        }
      } as StoreReader)
    )
  }

  writeEntries(commits: readonly CommitSpec[]): Promise<string[]> {
    return this.local.writeEntries(commits)
  }

  /**
   * One atomic push with empty leases. `*` is created. A lease refused on the client, or
   * a compare lost on the server (two pushers passed the client check together), means a ref
   * exists: fetch it and report it. An outcome we did not hear is settled by what the
   * remote holds; our object there counts as ours only after a push of ours went unanswered,
   * since an identical entry (a replay in the same second) may be someone else's.
   */
  async createRefs(refs: readonly RefCreate[]): Promise<'created' | 'exists'> {
    const names = refs.map(r => r.ref)
    let unanswered = false
    for (let attempt = 1; ; attempt++) {
      const result = await this.git.push(
        this.name,
        refs.map(r => ({ ...r, expected: null })),
        { atomic: true }
      )
      const lines = refs.map(r => parsePorcelain(result.stdout).get(r.ref))
      this.refuseIfClash(result)
      if (lines.every(l => l?.flag === '*' || (l?.flag === '=' && unanswered))) {
        await this.settleLocally(refs)
        return 'created'
      }
      if (lines.some(l => l?.flag === '=' || (l && isLeaseRefused(l)))) {
        await this.fetch(names, { refresh: true })
        return 'exists'
      }
      const refused = lines.find(l => l?.flag === '!' && !isRaceLost(l))
      if (refused) throw this.rejected(result, refused)
      if (lines.every(l => !l)) {
        this.refuseIfForbidden(result, 'write')
        unanswered = true
      }
      const held = await this.git.lsRemote(this.name, names)
      if (unanswered && refs.every(r => held.get(r.ref) === r.oid)) {
        await this.settleLocally(refs)
        return 'created'
      }
      if (held.size > 0) {
        await this.fetch(names, { refresh: true })
        return 'exists'
      }
      // Absent: pushing the same objects again is safe, since every lease is create-only.
      if (attempt >= WRITE_TRIES) throw this.unreachable(result)
    }
  }

  /** Compare-and-set through the remote: a push with a lease on the head that was read. */
  async advanceRef(ref: string, next: string, expected: string): Promise<'advanced' | 'lost'> {
    let unanswered = false
    for (let attempt = 1; ; attempt++) {
      const result = await this.git.push(this.name, [{ ref, oid: next, expected }], {
        atomic: false
      })
      const line = parsePorcelain(result.stdout).get(ref)
      this.refuseIfClash(result)
      if (line && (line.flag === ' ' || line.flag === '+' || (line.flag === '=' && unanswered))) {
        await this.settleLocally([{ ref, oid: next }])
        return 'advanced'
      }
      if (line && (line.flag === '=' || isLeaseRefused(line))) {
        await this.fetch([ref], { refresh: true })
        return 'lost'
      }
      if (line?.flag === '!' && !isRaceLost(line)) throw this.rejected(result, line)
      if (!line) {
        this.refuseIfForbidden(result, 'write')
        unanswered = true
      }
      const held = (await this.git.lsRemote(this.name, [ref])).get(ref)
      if (unanswered && held === next) {
        await this.settleLocally([{ ref, oid: next }])
        return 'advanced'
      }
      if (held !== expected) {
        await this.fetch([ref], { refresh: true })
        return 'lost'
      }
      if (attempt >= WRITE_TRIES) throw this.unreachable(result)
    }
  }

  /**
   * One protocol-v2 fetch of the prefix (`+<prefix>*:<prefix>*`), then the local listing.
   * Scanning fetches the runs prefix (never the admissions); admit lists one admission ref and
   * its generations. A prefix already fetched whole in this process is not fetched again
   * unless `refresh` asks (a lost race must see what won it).
   */
  async listRefs(
    prefix: string,
    options: { readonly refresh?: boolean } = {}
  ): Promise<Array<{ ref: string; oid: string }>> {
    if (options.refresh || !this.coveredByFetch(prefix))
      await this.fetch([prefix], { refresh: true })
    const refs = await this.local.listRefs(prefix)
    for (const { ref } of refs) this.fresh.add(ref)
    return refs
  }

  /**
   * Brings the named refs (and their objects) from the remote, once per process unless
   * `refresh` asks again (after a push was refused: the remote moved since we looked).
   */
  private async fetch(
    refs: readonly string[],
    options: { readonly refresh: boolean } = { refresh: false }
  ): Promise<void> {
    const wanted = options.refresh ? refs : refs.filter(ref => !this.isFresh(ref))
    if (wanted.length === 0) return
    const result = await this.git.fetchRefs(this.name, wanted)
    if (result.code !== 0) {
      this.refuseIfForbidden(result, 'read')
      throw this.git.failure(['fetch'], result)
    }
    for (const ref of wanted) {
      this.fresh.add(ref)
      this.fetchedPrefixes.add(ref)
    }
  }

  /**
   * Every fetch is a glob (`<name>*`, pruned), so after fetching a name, every ref starting
   * with it mirrors the remote: an admission's generations come with the admission.
   */
  private readonly fetchedPrefixes = new Set<string>()

  private coveredByFetch(name: string): boolean {
    for (const prefix of this.fetchedPrefixes) if (name.startsWith(prefix)) return true
    return false
  }

  private isFresh(ref: string): boolean {
    return this.fresh.has(ref) || this.coveredByFetch(ref)
  }

  private async settleLocally(refs: readonly RefCreate[]): Promise<void> {
    await this.git.setRefs(refs)
    for (const { ref } of refs) this.fresh.add(ref)
  }

  /** A ref on the remote whose name is a prefix of ours: no retry can create ours. */
  private refuseIfClash(result: GitResult): void {
    if (result.code === 0) return
    const clash = refNameClash(result.stderr)
    if (clash) throw clashError(clash, `The remote ${this.name}`)
  }

  private refuseIfForbidden(result: GitResult, access: 'read' | 'write'): void {
    if (
      !/\b403\b|permission to .* denied|write access .* not granted|resource not accessible/i.test(
        result.stderr
      )
    )
      return
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

  private unreachable(result: GitResult): StoreError {
    return new StoreError(
      `Could not push to the remote ${this.name} (${firstLine(result.stderr)}), and it does not ` +
        'hold these refs. Nothing was admitted or recorded; re-run the step.'
    )
  }
}

/** The client refused our lease: the ref is not what we expected (absent, or our head). */
function isLeaseRefused(line: PushLine): boolean {
  return (
    line.flag === '!' &&
    /\(stale info\)|\(atomic push failed\)|\(fetch first\)|\(non-fast-forward\)/.test(line.summary)
  )
}

/** The server's own compare-and-set failed: another push moved the ref since we looked. */
export function isRaceLost(line: Pick<PushLine, 'summary'>): boolean {
  return /\[remote rejected\] \((failed to update ref|atomic transaction failed|failed to lock)\)/.test(
    line.summary
  )
}

/** The line of git's stderr that says what went wrong (redacted), for an error message. */
export function firstLine(text: string): string {
  const lines = redact(text)
    .split('\n')
    .map(line => line.trim())
    .filter(Boolean)
  return lines.find(line => /^(fatal|error|remote):/.test(line)) ?? lines[0] ?? 'no message'
}
