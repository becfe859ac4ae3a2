import { afterAll, describe, expect, it } from '@jest/globals'
import { admit, type AdmitRequest } from '../../src/commands/admit.js'
import { digestOf } from '../../src/core/canonical.js'
import { admissionCommit, encodeCommit } from '../../src/core/entry.js'
import { AdmissionConflict, CorruptEntry, InvalidInput } from '../../src/core/errors.js'
import { entryLocation } from '../../src/core/index/location.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { admissionRef, ledgerRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import type { LayoutOptions } from '../../src/store/index/indexedStore.js'
import { LocalStore } from '../../src/store/localStore.js'
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  cleanupRepos,
  entryAt,
  git,
  makeRepo,
  makeTempDir,
  refsUnder,
  writeObject,
  setLogical
} from '../support/repo.js'
import { firstRecord } from '../../testkit/fixtures.js'
import { ARCHIVE_AFTER } from '../support/generations.js'

const NS = 'refs/dispatch-ledger'
const KEY = 'v1/issues/123456789/42/labeled/agent'
const DIGEST = digestOf({ scheme: 'v1', event: 'issues', number: 42 })
const OTHER_DIGEST = digestOf({ scheme: 'v1', event: 'issues', number: 43 })

afterAll(cleanupRepos)

function first(
  runId: string,
  overrides: Partial<LedgerRecord> = {},
  digest = DIGEST
): LedgerRecord {
  return {
    ...firstRecord({
      run_id: runId,
      dispatch_key: KEY,
      request_digest: digest,
      actor: { login: 'octocat', id: 1 }
    }),
    ...overrides
  }
}

function request(
  runId: string,
  overrides: Partial<LedgerRecord> = {},
  digest = DIGEST
): AdmitRequest {
  return { namespace: NS, first_record: first(runId, overrides, digest) }
}

async function storeIn(dir: string, layout: LayoutOptions = {}) {
  const repoGit = new Git(dir)
  return { store: new LocalStore(repoGit, layout), git: repoGit }
}

const ADMISSION = admissionRef(NS, KEY)
const LEDGER_A = ledgerRef(NS, 'run-a')
const LEDGER_B = ledgerRef(NS, 'run-b')

// With archive-after 0 the ledger is archived by the admission itself, so every row below also
// reads an archived chain (a replay's chain, a duplicate's lookup) where it reads a live one.
describe.each(ARCHIVE_AFTER)(
  'admit (docs/design/storage.md#admission) against a real repository, %s',
  (_name, layout) => {
    it('first arrival creates the admission and the ledger in one transaction', async () => {
      const dir = await makeRepo()
      const { store, git: g } = await storeIn(dir, layout)
      expect(await refsUnder(dir)).toEqual({})
      const result = await admit(store, request('run-a'))
      expect(result).toMatchObject({ created: true, recorded: true, owner: true })
      const refs = await refsUnder(dir)
      expect(Object.keys(refs).sort()).toEqual([ADMISSION, LEDGER_A].sort())
      expect(await entryAt(dir, ADMISSION)).toEqual({
        schema: 'dispatch-ledger/admission/v1',
        dispatch_key: KEY,
        request_digest: DIGEST,
        run_id: 'run-a',
        ledger_ref: LEDGER_A,
        admitted_at: '2026-11-29T12:00:00Z',
        generation: 1,
        previous_run_id: null
      })
      expect(await entryAt(dir, LEDGER_A)).toEqual(first('run-a'))
      // Layout v2, two git processes for a first arrival, as in layout v1 (entry objects are
      // written without one): one reader for the key's bucket, the live chains' times and (with
      // archive-after 0) the archive tip, then one transaction that changes the refs. The
      // listing of the bucket's live chains and the check of the layout read the ref files; the
      // transaction's expected values (zero for the ledger, the tip read for each bucket) decide
      // against anything that moved since, as they did after a for-each-ref.
      expect(g.spawned).toBe(2)
      // The empty tree was written, so the repository stays fsck-clean.
      await git(dir, 'fsck', '--strict', '--no-dangling')
    })

    it('an exact replay returns the stored admission and writes nothing', async () => {
      const dir = await makeRepo()
      await admit((await storeIn(dir, layout)).store, request('run-a'))
      const before = await refsUnder(dir)
      const { store, git: g } = await storeIn(dir, layout)
      const replay = await admit(store, request('run-a', { occurred_at: '2026-11-29T12:05:00Z' }))
      expect(replay).toMatchObject({ created: false, recorded: false, owner: true })
      expect(replay.admission.admitted_at).toBe('2026-11-29T12:00:00Z')
      expect(replay.chain?.map(e => e.value)).toEqual([first('run-a')])
      expect(await refsUnder(dir)).toEqual(before)
      // The refused create's reader, one listing of the key's generations
      // (docs/design/generations.md: its reader), one read session; no transaction.
      expect(g.spawned).toBe(3)
    })

    it('a duplicate from another run gets the first run and creates no ledger', async () => {
      const dir = await makeRepo()
      await admit((await storeIn(dir, layout)).store, request('run-a'))
      const before = await refsUnder(dir)
      const { store, git: g } = await storeIn(dir, layout)
      const dup = await admit(store, request('run-b'))
      expect(dup).toMatchObject({ created: false, recorded: false, owner: false })
      expect(dup.admission.run_id).toBe('run-a')
      expect(await refsUnder(dir)).toEqual(before)
      expect(before[LEDGER_B]).toBeUndefined()
      // As a replay: the refused create's reader, the listing's reader, one read session.
      expect(g.spawned).toBe(3)
    })

    it('the same key with a different digest is a conflict and touches nothing', async () => {
      const dir = await makeRepo()
      await admit((await storeIn(dir, layout)).store, request('run-a'))
      const before = await refsUnder(dir)
      const { store } = await storeIn(dir, layout)
      const attempt = admit(store, request('run-a', {}, OTHER_DIGEST))
      await expect(attempt).rejects.toBeInstanceOf(AdmissionConflict)
      await expect(admit(store, request('run-b', {}, OTHER_DIGEST))).rejects.toThrow(
        /already admitted for run run-a/
      )
      expect(await refsUnder(dir)).toEqual(before)
    })
  }
)

describe('admit (docs/design/storage.md#admission) against a real repository', () => {
  describe('an admission whose ledger is missing (crash shape)', () => {
    async function crashShape() {
      const dir = await makeRepo()
      const { store } = await storeIn(dir)
      const admission = {
        schema: 'dispatch-ledger/admission/v1' as const,
        dispatch_key: KEY,
        request_digest: DIGEST,
        run_id: 'run-a',
        ledger_ref: LEDGER_A,
        admitted_at: '2026-11-29T11:00:00Z'
      }
      const [oid] = await store.writeEntries([admissionCommit(admission)])
      await setLogical(dir, ADMISSION, oid as string)
      return dir
    }

    it('a replay from that same run writes the first record', async () => {
      const dir = await crashShape()
      const result = await admit((await storeIn(dir)).store, request('run-a'))
      expect(result).toMatchObject({ created: false, recorded: true, owner: true })
      expect(Object.keys(await refsUnder(dir)).sort()).toEqual([ADMISSION, LEDGER_A].sort())
      expect(await entryAt(dir, LEDGER_A)).toEqual(first('run-a'))
    })

    it('another run never completes someone else’s run, nor is handed its unverified id', async () => {
      const dir = await crashShape()
      const before = await refsUnder(dir)
      const attempt = admit((await storeIn(dir)).store, request('run-b'))
      await expect(attempt).rejects.toBeInstanceOf(CorruptEntry)
      await expect(admit((await storeIn(dir)).store, request('run-b'))).rejects.toThrow(
        new RegExp(`${entryLocation(ADMISSION)}.*admits run "run-a", but the ledger it names`)
      )
      expect(await refsUnder(dir)).toEqual(before)
    })
  })

  describe('an invalid first record is rejected before any ref is written', () => {
    const cases: Array<[string, Partial<LedgerRecord> | Record<string, unknown>]> = [
      ['sequence ≠ 1', { ledger_sequence: 2 }],
      ['an authority flag true', { authority: { ...first('x').authority, dispatch: true } }],
      ['an unknown field', { surprise: 1 }],
      ['a bad state', { state: 'launched' }],
      ['a state other than admitted or proposed', { state: 'dispatched' }],
      ['a previous digest on record 1', { previous_record_digest: DIGEST }]
    ]
    it.each(cases)('%s', async (_name, overrides) => {
      const dir = await makeRepo()
      const { store, git: g } = await storeIn(dir)
      await expect(
        admit(store, request('run-a', overrides as Partial<LedgerRecord>))
      ).rejects.toBeInstanceOf(InvalidInput)
      expect(await refsUnder(dir)).toEqual({})
      expect(g.spawned).toBe(0)
    })
  })

  describe('a stored admission that is unreadable fails closed, naming the ref', () => {
    const bodies: Array<[string, string]> = [
      ['not JSON', 'dispatch-ledger admission\n\n{not json\n'],
      ['the wrong schema', 'dispatch-ledger admission\n\n{"schema":"something/else"}\n'],
      ['no JSON body', 'just a subject\n']
    ]
    it.each(bodies)('%s', async (_name, message) => {
      const dir = await makeRepo()
      await (await storeIn(dir)).git.ensureEmptyTree()
      const raw = encodeCommit({ parent: null, time: 1, subject: 'x', json: '{}' }).replace(
        /\n\nx\n\n\{\}\n$/,
        `\n\n${message}`
      )
      const written = writeObject(dir, 'commit', raw)
      await setLogical(dir, ADMISSION, written)
      const before = await refsUnder(dir)
      const attempt = admit((await storeIn(dir)).store, request('run-a'))
      await expect(attempt).rejects.toBeInstanceOf(CorruptEntry)
      await expect(admit((await storeIn(dir)).store, request('run-a'))).rejects.toThrow(
        entryLocation(ADMISSION)
      )
      expect(await refsUnder(dir)).toEqual(before)
    })

    it('an admission ref pointing at a blob', async () => {
      const dir = await makeRepo()
      const blob = writeObject(dir, 'blob', '{}')
      await setLogical(dir, ADMISSION, blob)
      await expect(admit((await storeIn(dir)).store, request('run-a'))).rejects.toThrow(
        new RegExp(`${entryLocation(ADMISSION)}.*blob`)
      )
      expect(Object.keys(await refsUnder(dir))).toEqual([ADMISSION])
    })
  })
})

describe('the create-only compare-and-set', () => {
  it('a create after a stale read loses and leaves the winner in place', async () => {
    const dir = await makeRepo()
    const { store } = await storeIn(dir)
    // A writer reads: nothing is admitted yet.
    expect(await store.read(reader => reader.readAdmission(ADMISSION))).toBeNull()
    // Meanwhile another writer admits the key.
    const winner = await admit((await storeIn(dir)).store, request('run-b'))
    expect(winner.created).toBe(true)
    const before = await refsUnder(dir)
    // The stale writer now creates on what it read: the create must lose, not overwrite.
    const admission = { ...winner.admission, run_id: 'run-a', ledger_ref: LEDGER_A }
    const [oid, recordOid] = await store.writeEntries([
      admissionCommit(admission),
      { parent: null, time: 1, subject: 'r', json: JSON.stringify(first('run-a')) }
    ])
    const outcome = await store.createRefs([
      { ref: ADMISSION, oid: oid as string },
      { ref: LEDGER_A, oid: recordOid as string }
    ])
    expect(outcome).toBe('exists')
    expect(await refsUnder(dir)).toEqual(before)
    expect((await entryAt(dir, ADMISSION)) as { run_id: string }).toMatchObject({ run_id: 'run-b' })
  })
})

describe('durability', () => {
  it('every git process that writes is told to fsync objects and refs', async () => {
    const dir = await makeRepo()
    // A git on PATH that logs its arguments, then runs the real one.
    const shim = await makeTempDir()
    const log = join(shim, 'calls.log')
    const real = execFileSync('sh', ['-c', 'command -v git']).toString().trim()
    await writeFile(join(shim, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${real}' "$@"\n`, {
      mode: 0o755
    })
    const env = { ...process.env, PATH: `${shim}:${process.env.PATH}` }
    const store = new LocalStore(new Git(dir, env))
    await admit(store, request('run-a'))
    await admit(store, request('run-a'))
    const calls = (await readFile(log, 'utf8')).trim().split('\n')
    // 2 for the first arrival (a reader, the transaction); the replay: the refused create's
    // reader, the listing's reader, the read session (listings read the ref files).
    expect(calls.length).toBe(5)
    for (const call of calls) expect(call).toContain('-c core.fsync=objects,reference')
  })
})
