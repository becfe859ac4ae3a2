/**
 * verify sees what a rewind leaves (docs/cli.md#verify): against a real workload at a real ledger
 * (a coordinator whose receiver confirmed itself, a run archived twice, an ended run), each
 * tampering a writer of the repository can make with git plumbing — an archive ref deleted or
 * rewound, an admission that disagrees with its first record, a confirmation naming another run,
 * a commit with a header or a subject the product never writes, an entry in a bucket its hash
 * does not select — is a problem named where it is; the untouched workload (a signed commit
 * included) has none; and `status --all` lists a run once though its entry was copied.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { runCli } from '../../src/cli/main.js'
import { recordCommand } from '../../src/commands/record.js'
import { verifyNamespace, type VerifyReport } from '../../src/commands/verify.js'
import { canonicalJson, sha256Hex } from '../../src/core/canonical.js'
import { admissionCommit, encodeCommit } from '../../src/core/entry.js'
import { archiveRef, bucketOf, indexRef } from '../../src/core/index/layout.js'
import { entryLocation } from '../../src/core/index/location.js'
import { admissionRef, keyHash, ledgerRef } from '../../src/core/refs.js'
import type { LayoutOptions } from '../../src/store/index/indexedStore.js'
import { editIndex } from '../../testkit/layout.js'
import { arbiter, closeServers, type Arbiter, type Transport } from '../support/arbiter.js'
import { LABELED_KEY } from '../support/events.js'
import { ADMITTED, admitByName, end, NS } from '../support/generations.js'
import { dispatchedCoordinator, receive, RECEIVER_RUN } from '../support/receivers.js'
import {
  cleanupRepos,
  entryAt,
  git,
  makeRepo,
  makeTempDir,
  setLogical,
  writeObject
} from '../support/repo.js'

afterAll(cleanupRepos)
afterAll(closeServers)

const ARCHIVE_NOW: LayoutOptions = { archiveAfterSeconds: 0 }
const ARCHIVED_KEY = 'v1/rewind/archived'
const ARCHIVED = 'run-archived'
const ENDED_KEY = 'v1/rewind/ended'
const ENDED = 'run-ended'
const bucketOfRun = (runId: string) => bucketOf(sha256Hex(runId))
/** Where an archived run's index entry is, in its own bucket (or another). */
const runEntry = (runId: string, bucket = bucketOfRun(runId)) =>
  `${indexRef(NS, bucket)}:runs/${sha256Hex(runId)}`

interface Workload {
  readonly coordinator: string
  readonly receiver: string
}

/**
 * The workload every row starts from: a coordinator (the labeled issue, workflow run 501) that
 * recorded its intent, and its receiver (workflow run 4242) that admitted the attempt's key and
 * confirmed itself in the coordinator's ledger; a run archived at its admission and again at
 * its dispatch (its archive keeps both heads, its entry names the second); an ended run.
 */
async function workload(a: Arbiter): Promise<Workload> {
  const stores = [await a.open(), await a.open()]
  const coordinator = await dispatchedCoordinator(() => stores.shift() as never)
  const received = await receive(await a.open(), coordinator)
  if (!received.result) throw new Error('the receiver did not admit')
  await admitByName(await a.open(ARCHIVE_NOW), ARCHIVED_KEY, ARCHIVED)
  await recordCommand(
    {
      namespace: NS,
      run_id: ARCHIVED,
      state: 'dispatched',
      fields: { provider: { driver: 'fake', submission_state: 'not_submitted', external_ids: {} } },
      event: { name: 'workflow_dispatch', payload: {} },
      writer: null
    },
    { store: await a.open(ARCHIVE_NOW), clock: { now: () => ADMITTED } }
  )
  await admitByName(await a.open(), ENDED_KEY, ENDED)
  await end(await a.open(), ENDED)
  return { coordinator, receiver: received.result.admission.run_id }
}

async function verified(a: Arbiter): Promise<VerifyReport> {
  return verifyNamespace({ namespace: NS }, { store: await a.open() })
}

/** A commit's text rewritten and stored as a new commit; its id. */
async function rewritten(dir: string, oid: string, edit: (text: string) => string) {
  const text = await git(dir, 'cat-file', 'commit', oid)
  const changed = edit(text)
  expect(changed).not.toBe(text)
  return writeObject(dir, 'commit', changed)
}

/** The ref moved to a copy of its tip with `edit` applied to the commit's text. */
async function rewriteTip(dir: string, ref: string, edit: (text: string) => string) {
  const tip = (await git(dir, 'rev-parse', ref)).trim()
  await git(dir, 'update-ref', ref, await rewritten(dir, tip, edit))
}

/** A header line added after the committer line. */
const withHeader = (header: string) => (text: string) =>
  text.replace(/^(committer [^\n]*\n)/m, `$1${header}\n`)

/** An admission forged from the stored one with `change`, stored where the admission is. */
async function forgeAdmission(
  dir: string,
  ref: string,
  change: (own: Record<string, unknown>) => Record<string, unknown>,
  edit: (text: string) => string = text => text
) {
  const forged = change((await entryAt(dir, ref)) as Record<string, unknown>)
  const bytes = encodeCommit({ ...admissionCommit(forged as never), json: canonicalJson(forged) })
  await setLogical(dir, ref, writeObject(dir, 'commit', edit(bytes)))
}

/** Another bucket than `bucket` that already exists (the coordinator's key's, or an ended key's). */
function otherBucket(bucket: string): string {
  for (const candidate of [keyHash(LABELED_KEY), keyHash(ENDED_KEY), keyHash(ARCHIVED_KEY)])
    if (bucketOf(candidate) !== bucket) return bucketOf(candidate)
  throw new Error('no other bucket')
}

/** Copies (or moves) a path of one bucket into another, as a hand edit would. */
async function copyEntry(dir: string, path: string, from: string, to: string, move = false) {
  const blob = (await git(dir, 'rev-parse', `${indexRef(NS, from)}:${path}`)).trim()
  const bytes = Buffer.from(await git(dir, 'cat-file', 'blob', blob), 'utf8')
  await editIndex(dir, indexRef(NS, to), new Map([[path, bytes]]))
  if (move) await editIndex(dir, indexRef(NS, from), new Map([[path, null]]))
}

interface Row {
  readonly name: string
  tamper(a: Arbiter, w: Workload): Promise<void>
  where(w: Workload): string
  says: RegExp
}

const ROWS: Row[] = [
  {
    name: "(a) an archive ref deleted: the archived run's head is no longer kept",
    async tamper(a) {
      await git(a.dir, 'update-ref', '-d', archiveRef(NS, bucketOfRun(ARCHIVED)))
    },
    where: () => runEntry(ARCHIVED),
    says: /its head [0-9a-f]{40} is not reachable from the archive ref that must keep it: \S+ does not exist \(deleted\).*a gc there deletes them.*git commit-tree/
  },
  {
    name: '(a) an archive ref rewound behind the newest head it keeps',
    async tamper(a) {
      const ref = archiveRef(NS, bucketOfRun(ARCHIVED))
      await git(a.dir, 'update-ref', ref, (await git(a.dir, 'rev-parse', `${ref}^1`)).trim())
    },
    where: () => runEntry(ARCHIVED),
    says: /its head [0-9a-f]{40} is not reachable from the archive ref that must keep it: \S+ \(at [0-9a-f]{40}\) does not reach it \(rewound or replaced\)/
  },
  {
    name: "(b) an admission whose request_digest disagrees with its run's first record",
    async tamper(a) {
      await forgeAdmission(a.dir, admissionRef(NS, ARCHIVED_KEY), own => ({
        ...own,
        request_digest: `sha256:${'f'.repeat(64)}`
      }))
    },
    where: () => entryLocation(admissionRef(NS, ARCHIVED_KEY)),
    says: /its request_digest sha256:f{64} disagrees with its run's first record, which carries sha256:/
  },
  {
    name: "(b) an admission whose admitted_at disagrees with its run's first record",
    async tamper(a) {
      await forgeAdmission(a.dir, admissionRef(NS, ENDED_KEY), own => ({
        ...own,
        admitted_at: '2020-01-01T00:00:00Z'
      }))
    },
    where: () => entryLocation(admissionRef(NS, ENDED_KEY)),
    says: /its admitted_at 2020-01-01T00:00:00Z disagrees with its run's first record, which occurred at 2026-/
  },
  {
    name: '(c) a confirmation naming another workflow run than the receiver admission’s writer',
    async tamper(a, w) {
      await rewriteTip(a.dir, ledgerRef(NS, w.coordinator), text =>
        text.replaceAll(`"workflow_run_id":"${RECEIVER_RUN}"`, '"workflow_run_id":"999"')
      )
    },
    where: w => ledgerRef(NS, w.coordinator),
    says: /its attempt 1 \(as of record 3\) names workflow run "999" as its receiver, but the receiver admission of its key was written by workflow run "4242"/
  },
  {
    name: '(c) a confirmation naming another run than the receiver admission admits',
    async tamper(a, w) {
      await rewriteTip(a.dir, ledgerRef(NS, w.coordinator), text =>
        text.replaceAll(`"receiver_run_id":"${w.receiver}"`, '"receiver_run_id":"gh-999-forged"')
      )
    },
    where: w => ledgerRef(NS, w.coordinator),
    says: /confirms run "gh-999-forged" as its receiver, but the receiver admission of its key admits run "gh-4242-/
  },
  {
    name: '(c) a later record, written by the record command, that names another workflow run',
    async tamper(a, w) {
      await recordCommand(
        {
          namespace: NS,
          run_id: w.coordinator,
          state: 'dispatched',
          fields: {
            provider: {
              driver: 'workflow',
              submission_state: 'submitted',
              external_ids: { workflow_run_id: '777' }
            }
          },
          event: { name: 'workflow_dispatch', payload: {} },
          writer: null
        },
        { store: await a.open(), clock: { now: () => ADMITTED } }
      )
    },
    where: w => ledgerRef(NS, w.coordinator),
    says: /its attempt 1 \(as of record 4\) names workflow run "777" as its receiver/
  },
  {
    name: '(d) a record commit with a header the product never writes',
    async tamper(a, w) {
      await rewriteTip(a.dir, ledgerRef(NS, w.coordinator), withHeader('x-forged yes'))
    },
    where: w => ledgerRef(NS, w.coordinator),
    says: /\(commit [0-9a-f]{40}\): it carries a header "x-forged", which dispatch-ledger never writes/
  },
  {
    name: '(d) a record commit whose subject line disagrees with its record',
    async tamper(a, w) {
      await rewriteTip(a.dir, ledgerRef(NS, w.coordinator), text =>
        text.replace('dispatch-ledger record 3 dispatched', 'dispatch-ledger record 3 decided')
      )
    },
    where: w => ledgerRef(NS, w.coordinator),
    says: /its subject line "dispatch-ledger record 3 decided" disagrees with the entry it carries, whose subject is "dispatch-ledger record 3 dispatched"/
  },
  {
    name: '(d) an admission commit with an encoding header',
    async tamper(a) {
      await forgeAdmission(
        a.dir,
        admissionRef(NS, ARCHIVED_KEY),
        own => own,
        withHeader('encoding ISO-8859-1')
      )
    },
    where: () => entryLocation(admissionRef(NS, ARCHIVED_KEY)),
    says: /it carries a header "encoding", which dispatch-ledger never writes/
  },
  {
    name: '(d) an index commit with a header the product never writes',
    async tamper(a) {
      await rewriteTip(a.dir, indexRef(NS, bucketOf(keyHash(ENDED_KEY))), withHeader('x-by me'))
    },
    where: () => indexRef(NS, bucketOf(keyHash(ENDED_KEY))),
    says: /it carries a header "x-by"/
  },
  {
    name: '(d) an archive commit with a mergetag header',
    async tamper(a) {
      await rewriteTip(a.dir, archiveRef(NS, bucketOfRun(ENDED)), withHeader('mergetag object 1'))
    },
    where: () => archiveRef(NS, bucketOfRun(ENDED)),
    says: /it carries a header "mergetag"/
  },
  {
    name: '(e) an archived run’s entry moved to a bucket its hash does not select',
    async tamper(a) {
      const home = bucketOfRun(ARCHIVED)
      await copyEntry(a.dir, `runs/${sha256Hex(ARCHIVED)}`, home, otherBucket(home), true)
    },
    where: () => runEntry(ARCHIVED, otherBucket(bucketOfRun(ARCHIVED))),
    says: /its hash selects \S+, where every reader looks, and that bucket does not hold it: no command reads it here; move it to/
  },
  {
    name: '(e) a copy of an archived run’s entry in a second bucket',
    async tamper(a) {
      const home = bucketOfRun(ENDED)
      await copyEntry(a.dir, `runs/${sha256Hex(ENDED)}`, home, otherBucket(home))
    },
    where: () => runEntry(ENDED, otherBucket(bucketOfRun(ENDED))),
    says: /it is a copy of \S+:runs\/[0-9a-f]{64}, in a second bucket: its hash selects .*remove this copy/
  },
  {
    name: '(e) a copy of a key’s admissions in a second bucket',
    async tamper(a) {
      const home = bucketOf(keyHash(ARCHIVED_KEY))
      await copyEntry(a.dir, `keys/${keyHash(ARCHIVED_KEY)}/1`, home, otherBucket(home))
    },
    where: () =>
      `${indexRef(NS, otherBucket(bucketOf(keyHash(ARCHIVED_KEY))))}:keys/${keyHash(ARCHIVED_KEY)}`,
    says: /it is a copy of \S+:keys\/[0-9a-f]{64}, in a second bucket/
  }
]

const TRANSPORTS: Transport[] = ['local', 'file://']

describe.each(TRANSPORTS)('verify sees what a rewind leaves, over %s', transport => {
  it('the untouched workload has no problem, a signed commit (gpgsig) included', async () => {
    const a = await arbiter(transport)
    const w = await workload(a)
    expect((await verified(a)).problems).toEqual([])
    // A signature is a header the product ignores: a signed copy of a record changes nothing.
    const signature = [
      'gpgsig -----BEGIN PGP SIGNATURE-----',
      ' ',
      ' iQEzBAABCAAdFiEE',
      ' -----END PGP SIGNATURE-----'
    ].join('\n')
    await rewriteTip(a.dir, ledgerRef(NS, w.coordinator), withHeader(signature))
    const report = await verified(a)
    expect(report.problems).toEqual([])
    expect(report.counts).toMatchObject({ keys: 4, admissions: 4, runs: 4 })
  })

  it.each(ROWS)('$name: named where it is', async row => {
    const a = await arbiter(transport)
    const w = await workload(a)
    await row.tamper(a, w)
    const { problems } = await verified(a)
    expect(problems).toContainEqual({
      where: row.where(w),
      problem: expect.stringMatching(row.says)
    })
    // Locally every commit is here: that one problem is all there is. (Over a remote, a chain
    // no ref keeps reachable cannot be fetched either, and is named where it is too.)
    if (transport === 'local') expect(problems).toHaveLength(row.name.includes('moved') ? 2 : 1)
  })
})

describe('the fix an unkept head is named with', () => {
  it.each([
    ['deleted', async (dir: string, ref: string) => git(dir, 'update-ref', '-d', ref)],
    [
      'rewound',
      async (dir: string, ref: string) =>
        git(dir, 'update-ref', ref, (await git(dir, 'rev-parse', `${ref}^1`)).trim())
    ]
  ])('keeps the head reachable again once the archive ref is %s', async (_how, tamper) => {
    const a = await arbiter('local')
    await workload(a)
    const ref = archiveRef(NS, bucketOfRun(ARCHIVED))
    await tamper(a.dir, ref)
    const [found] = (await verified(a)).problems
    // The command the line gives, run as it says: its tree, parents and message.
    const command = /`git commit-tree (\S+)((?: -p [0-9a-f]{40})+) -m '([^']+)'`/.exec(
      found?.problem ?? ''
    )
    expect(command).not.toBeNull()
    const [, tree, parents, message] = command as unknown as [string, string, string, string]
    const args = ['commit-tree', tree, ...parents.trim().split(' '), '-m', message]
    await git(a.dir, 'update-ref', ref, (await git(a.dir, ...args)).trim())
    expect((await verified(a)).problems).toEqual([])
  })
})

describe('status lists a run once', () => {
  let home: string
  beforeAll(async () => {
    home = await makeTempDir()
  })

  async function status(
    dir: string
  ): Promise<{ code: number; runs: Array<{ run_id: string; error: string | null }> }> {
    let stdout = ''
    const code = await runCli(['status', '--all', '--json', '--remote', dir], {
      env: { ...process.env, RUNNER_TEMP: home, TMPDIR: home, XDG_CACHE_HOME: home },
      cwd: await makeRepo(),
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true }
    })
    return { code, runs: JSON.parse(stdout).runs }
  }

  it('though its entry and its key were copied into a second bucket, and verify names the copies', async () => {
    const a = await arbiter('file://')
    await workload(a)
    const before = await status(a.dir)
    expect(before.code).toBe(0)
    const ids = before.runs.map(r => r.run_id).sort()
    expect(ids).toHaveLength(4)
    const home = bucketOfRun(ENDED)
    await copyEntry(a.dir, `runs/${sha256Hex(ENDED)}`, home, otherBucket(home))
    const keyHome = bucketOf(keyHash(ENDED_KEY))
    await copyEntry(a.dir, `keys/${keyHash(ENDED_KEY)}/1`, keyHome, otherBucket(keyHome))
    const after = await status(a.dir)
    expect(after.runs.map(r => r.run_id).sort()).toEqual(ids)
    expect(after.code).toBe(0)
    // A key forged to admit that run again, naming a ledger that does not exist: still once,
    // with the problem, and status exits 1.
    const forged = keyHash('v1/rewind/forged')
    const own = (await entryAt(a.dir, admissionRef(NS, ENDED_KEY))) as Record<string, unknown>
    const second = {
      ...own,
      dispatch_key: 'v1/rewind/forged',
      ledger_ref: ledgerRef(NS, 'run-gone')
    }
    const bytes = encodeCommit({ ...admissionCommit(second as never), json: canonicalJson(second) })
    await editIndex(
      a.dir,
      indexRef(NS, bucketOf(forged)),
      new Map([[`keys/${forged}/1`, Buffer.from(bytes)]])
    )
    const twice = await status(a.dir)
    expect(twice.code).toBe(1)
    expect(twice.runs.map(r => r.run_id).sort()).toEqual(ids)
    expect(twice.runs.find(r => r.run_id === ENDED)).toMatchObject({
      error: expect.stringMatching(/run-gone|does not exist/)
    })
    await editIndex(a.dir, indexRef(NS, bucketOf(forged)), new Map([[`keys/${forged}`, null]]))
    const { problems } = await verified(a)
    expect(problems.map(p => p.problem).sort()).toEqual([
      expect.stringMatching(/copy of .*:keys\//),
      expect.stringMatching(/copy of .*:runs\//)
    ])
  })
})
