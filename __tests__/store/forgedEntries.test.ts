/**
 * Forged and broken stores (docs/design/writers.md#every-entry-whole): a writer of the repository
 * — an attacker with `contents: write`, or a buggy neighbour — edits what the arbiter holds with
 * git plumbing, and the next arrival must fail closed: it claims nothing, its message names where
 * the entry really is, and every ref at the arbiter (branches included) is byte-identical after.
 * Each row runs on a real bare origin over file:// and on the local store; the symbolic-ref row
 * also over smart HTTP.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { admitCommand } from '../../src/commands/admit.js'
import { admissionCommit, EMPTY_TREE, encodeCommit } from '../../src/core/entry.js'
import { canonicalJson, sha256Hex } from '../../src/core/canonical.js'
import { encodeIndexEntry } from '../../src/core/index/entry.js'
import { entryLocation } from '../../src/core/index/location.js'
import { bucketOf, indexRef } from '../../src/core/index/layout.js'
import { admissionRef, keyHash, ledgerRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import type { LayoutOptions } from '../../src/store/index/indexedStore.js'
import type { Store } from '../../src/store/store.js'
import { editIndex, logicalRefs } from '../../testkit/layout.js'
import { arbiter, closeServers, type Arbiter, type Transport } from '../support/arbiter.js'
import { LABELED_KEY } from '../support/events.js'
import { arrive, end, ENDED, NS, READDED, runIdOf } from '../support/generations.js'
import { cleanupRepos, entryAt, git, makeRepo, setLogical, writeObject } from '../support/repo.js'

afterAll(cleanupRepos)

const ADM = admissionRef(NS, LABELED_KEY)
const KEY_HASH = keyHash(LABELED_KEY)
const BUCKET = indexRef(NS, bucketOf(KEY_HASH))
const KEY_DIR = `${BUCKET}:keys/${KEY_HASH}`
const LATER = '2026-11-29T13:00:00Z'

afterAll(closeServers)

/** Every ref the arbiter holds, with what it points at and any symbolic target. */
function refsAt(dir: string): string {
  return execFileSync('git', ['for-each-ref', '--format=%(refname) %(objectname) %(symref)'], {
    cwd: dir
  }).toString()
}

/** Writes an object into the arbiter's repository; its id. */
const objectIn = (dir: string, type: string, text: string) => writeObject(dir, type, text)

/** The admission commit bytes of `value` (any shape), stored at the arbiter. */
const admissionObject = (dir: string, value: Record<string, unknown>) =>
  objectIn(
    dir,
    'commit',
    encodeCommit({ ...admissionCommit(value as never), json: canonicalJson(value) })
  )

interface Row {
  readonly name: string
  /** What a first workflow run leaves, then the forgery; the layout the next job runs with. */
  prepare(a: Arbiter): Promise<LayoutOptions | void>
  /** Where the message must say the entry is. */
  readonly where: string | RegExp
  /** What else the message says. */
  readonly says: RegExp
}

/** A second key's run, whose ledger a forged admission can name. */
async function otherRun(store: Store): Promise<string> {
  const outcome = await admitCommand(
    {
      namespace: NS,
      event: { name: 'schedule', payload: {} },
      dispatch_key: 'v1/other/key',
      run_id: 'run-b',
      writer: null
    },
    { store, clock: { now: () => new Date('2026-11-29T12:00:05Z') } }
  )
  return outcome.result?.admission.run_id as string
}

const ROWS: Row[] = [
  {
    name: 'keys/<h(A)>/1 replaced by a well-formed admission of A naming another run and its ledger',
    async prepare(a) {
      await arrive(await a.open(), 501, undefined)
      const other = await otherRun(await a.open())
      const own = (await entryAt(a.dir, ADM)) as Record<string, unknown>
      const forged = { ...own, run_id: other, ledger_ref: ledgerRef(NS, other) }
      await setLogical(a.dir, ADM, admissionObject(a.dir, forged))
    },
    where: entryLocation(ADM),
    says: /is a run of another dispatch key/
  },
  {
    name: 'generation 1 (ended) and 2 (live), keys/<h>/1 removed',
    async prepare(a) {
      await arrive(await a.open(), 501, undefined)
      await end(await a.open(), runIdOf(501))
      await arrive(await a.open(), 502, READDED, { now: new Date(LATER) })
      await setLogical(a.dir, ADM, null)
    },
    where: KEY_DIR,
    says: /generation 1 is missing/
  },
  {
    name: 'keys/<h> a file instead of a directory',
    async prepare(a) {
      await arrive(await a.open(), 501, undefined)
      const blob = Buffer.from('not a directory\n')
      await editIndex(a.dir, BUCKET, new Map([[`keys/${KEY_HASH}`, null]]))
      await editIndex(a.dir, BUCKET, new Map([[`keys/${KEY_HASH}`, blob]]))
    },
    where: KEY_DIR,
    says: /a file where a directory belongs/
  },
  {
    name: 'a live run archived, its entry forged ended: true, an old end marker, retention-days 90',
    async prepare(a) {
      await arrive(await a.open({ archiveAfterSeconds: 0 }), 501, undefined)
      const run = ledgerRef(NS, runIdOf(501))
      const runHash = run.slice(run.lastIndexOf('/') + 1)
      const head = (await logicalRefs(a.dir))[run] as string
      const old = Math.floor(ENDED.getTime() / 1000) - 200 * 86400
      const entry = (ended: boolean, ref: string) =>
        Buffer.from(encodeIndexEntry({ ref, head, ended, written_at: old }))
      await editIndex(
        a.dir,
        indexRef(NS, bucketOf(runHash)),
        new Map([[`runs/${runHash}`, entry(true, run)]])
      )
      await editIndex(a.dir, BUCKET, new Map([[`ended/${KEY_HASH}`, entry(true, run)]]))
      return { archiveAfterSeconds: 0, retentionDays: 90 }
    },
    where: `${BUCKET}:ended/${KEY_HASH}`,
    says: /has not ended: its last record \(sequence 1\) is admitted/
  },
  {
    name: 'an admission whose ledger_ref leads outside the namespace (held before)',
    async prepare(a) {
      await arrive(await a.open(), 501, undefined)
      const own = (await entryAt(a.dir, ADM)) as Record<string, unknown>
      await setLogical(
        a.dir,
        ADM,
        admissionObject(a.dir, { ...own, ledger_ref: `refs/heads/evil/runs/${'0'.repeat(64)}` })
      )
    },
    where: entryLocation(ADM),
    says: /is not the ledger of its run/
  },
  {
    name: 'a garbage blob as the admission (held before)',
    async prepare(a) {
      await arrive(await a.open(), 501, undefined)
      await setLogical(a.dir, ADM, objectIn(a.dir, 'blob', 'garbage'))
    },
    where: entryLocation(ADM),
    says: /not an admission commit/
  },
  {
    name: 'an admission body that is not canonical JSON (held before)',
    async prepare(a) {
      await arrive(await a.open(), 501, undefined)
      const own = (await entryAt(a.dir, ADM)) as Record<string, unknown>
      const text = encodeCommit({
        ...admissionCommit(own as never),
        json: JSON.stringify(own, null, 1)
      })
      await setLogical(a.dir, ADM, objectIn(a.dir, 'commit', text))
    },
    where: entryLocation(ADM),
    says: /not (in canonical|JSON)/
  },
  {
    name: 'an admission with a field the schema does not have (held before)',
    async prepare(a) {
      await arrive(await a.open(), 501, undefined)
      const own = (await entryAt(a.dir, ADM)) as Record<string, unknown>
      await setLogical(a.dir, ADM, admissionObject(a.dir, { ...own, extra: 'field' }))
    },
    where: entryLocation(ADM),
    says: /cannot be trusted/
  },
  {
    name: 'a tag where the ledger commit belongs (held before)',
    async prepare(a) {
      await arrive(await a.open(), 501, undefined)
      const run = ledgerRef(NS, runIdOf(501))
      const head = (await logicalRefs(a.dir))[run] as string
      const tag = objectIn(
        a.dir,
        'tag',
        `object ${head}\ntype commit\ntag forged\ntagger x <x@example.com> 1 +0000\n\nforged\n`
      )
      await git(a.dir, 'update-ref', run, tag)
    },
    where: ledgerRef(NS, runIdOf(501)),
    says: /points at a tag/
  },
  {
    name: 'an archived entry naming an object that does not exist (held before)',
    async prepare(a) {
      await arrive(await a.open({ archiveAfterSeconds: 0 }), 501, undefined)
      const run = ledgerRef(NS, runIdOf(501))
      const runHash = run.slice(run.lastIndexOf('/') + 1)
      const missing = sha256Hex('no such commit').slice(0, 40)
      const entry = encodeIndexEntry({ ref: run, head: missing, ended: false, written_at: 1 })
      await editIndex(
        a.dir,
        indexRef(NS, bucketOf(runHash)),
        new Map([[`runs/${runHash}`, Buffer.from(entry)]])
      )
      return { archiveAfterSeconds: 0 }
    },
    where: new RegExp(`${NS}/index/[0-9a-f]{2}:runs/[0-9a-f]{64}`),
    says: /(not in this repository|does not hold)/
  }
]

/** The next arrivals: another workflow run, and a re-run of the one that admitted first. */
async function nextArrivals(a: Arbiter, layout: LayoutOptions): Promise<unknown[]> {
  const errors: unknown[] = []
  for (const run of [601, 501]) {
    const outcome = await arrive(await a.open(layout), run, LATER, {
      now: new Date('2026-11-29T14:00:00Z')
    }).then(
      result => result,
      (error: unknown) => error
    )
    errors.push(outcome)
  }
  return errors
}

describe.each<Transport>(['file://', 'local'])('a forged or broken store (%s)', transport => {
  it.each(ROWS.map(row => [row.name, row] as const))(
    '%s: the next arrivals fail closed, named where the entry is, the arbiter untouched',
    async (_name, row) => {
      const a = await arbiter(transport)
      const layout = (await row.prepare(a)) ?? {}
      const before = refsAt(a.dir)
      for (const error of await nextArrivals(a, layout)) {
        expect(error).toBeInstanceOf(Error)
        const message = (error as Error).message
        if (typeof row.where === 'string') expect(message).toContain(row.where)
        else expect(message).toMatch(row.where)
        expect(message).toMatch(row.says)
      }
      expect(refsAt(a.dir)).toBe(before)
    }
  )
})

it('a ref transaction moves the ref it names, never the one a symbolic ref points at', async () => {
  const dir = await makeRepo()
  const main = (await git(dir, 'commit-tree', EMPTY_TREE, '-m', 'main')).trim()
  const other = (await git(dir, 'commit-tree', EMPTY_TREE, '-m', 'other')).trim()
  await git(dir, 'update-ref', 'refs/heads/main', main)
  await git(dir, 'symbolic-ref', BUCKET, 'refs/heads/main')
  await new Git(dir).changeRefs([{ ref: BUCKET, oid: other, expected: main }])
  expect((await git(dir, 'rev-parse', 'refs/heads/main')).trim()).toBe(main)
  expect((await git(dir, 'rev-parse', BUCKET)).trim()).toBe(other)
})

describe.each<Transport>(['file://', 'smart HTTP', 'local'])(
  'a symbolic ref under the namespace (%s)',
  transport => {
    it('an index ref that is a symbolic ref to refs/heads/main: refused by name, main untouched', async () => {
      const a = await arbiter(transport)
      await arrive(await a.open(), 501, undefined)
      if (transport === 'local') {
        const main = await git(a.dir, 'commit-tree', EMPTY_TREE, '-m', 'main')
        await git(a.dir, 'update-ref', 'refs/heads/main', main.trim())
      }
      await git(a.dir, 'symbolic-ref', BUCKET, 'refs/heads/main')
      const before = refsAt(a.dir)
      for (const error of await nextArrivals(a, {})) {
        expect(error).toBeInstanceOf(Error)
        expect((error as Error).message).toContain(BUCKET)
        expect((error as Error).message).toMatch(/symbolic ref/)
      }
      expect(refsAt(a.dir)).toBe(before)
    })
  }
)
