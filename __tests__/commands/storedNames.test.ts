/**
 * docs/design/writers.md "Stored entries are checked against their names" (issue 8, defect 1): an admission
 * whose ledger_ref points elsewhere, or a chain copied under another run's ref, fails closed
 * naming the ref, and nothing is written anywhere — least of all outside the namespace.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { admit } from '../../src/commands/admit.js'
import { planCommand } from '../../src/commands/plan.js'
import { previewCommand } from '../../src/commands/preview.js'
import { recordCommand } from '../../src/commands/record.js'
import { scanRuns } from '../../src/commands/scan.js'
import { ADMISSION_SCHEMA } from '../../src/core/admission.js'
import { admissionCommit } from '../../src/core/entry.js'
import { entryLocation } from '../../src/core/index/location.js'
import { CorruptEntry } from '../../src/core/errors.js'
import { admissionRef, ledgerRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { cleanupRepos, makeRepo, refsUnder, setLogical, headOf } from '../support/repo.js'
import { makeRecord, REQUEST_DIGEST } from '../../testkit/fixtures.js'
import { systemClock } from '../../src/commands/deps.js'

const NS = 'refs/dispatch-ledger'
const WRITER = { github_run_id: '9', run_attempt: 1, workflow_ref: '' }
const SCHEDULE = { name: 'schedule', payload: {} }

afterAll(cleanupRepos)

async function repoWithRun(runId: string, key: string) {
  const dir = await makeRepo()
  const store = new LocalStore(new Git(dir))
  const first = makeRecord({
    run_id: runId,
    idempotency: { dispatch_key: key, request_digest: REQUEST_DIGEST, input_key: null }
  })
  await admit(store, { namespace: NS, first_record: first })
  return { dir, store }
}

/** Every ref in the repository (branches included) → object id. */
async function allRefs(dir: string) {
  return refsUnder(dir, 'refs')
}

describe('an admission whose ledger_ref is not its run’s ledger', () => {
  async function evilAdmission() {
    // A valid chain for run "victim", pointed at by a branch outside the namespace, and an
    // admission for key A4 that names that branch as its ledger.
    const { dir, store } = await repoWithRun('victim', 'victim-key')
    const chainHead = await headOf(dir, ledgerRef(NS, 'victim'))
    const evilRef = `refs/heads/evil/runs/${'0'.repeat(64)}`
    await setLogical(dir, evilRef, chainHead)
    const [oid] = await store.writeEntries([
      admissionCommit({
        schema: ADMISSION_SCHEMA,
        dispatch_key: 'A4',
        request_digest: REQUEST_DIGEST,
        run_id: 'victim',
        ledger_ref: evilRef,
        admitted_at: '2026-11-29T12:00:00Z'
      })
    ])
    const admission = admissionRef(NS, 'A4')
    await setLogical(dir, admission, oid as string)
    // Messages name where the entry is: its path in the key's index bucket.
    return { dir, store, ref: entryLocation(admission) }
  }

  it('record by its key fails closed naming the admission ref and moves no branch', async () => {
    const { dir, store, ref } = await evilAdmission()
    const before = await allRefs(dir)
    const attempt = recordCommand(
      { namespace: NS, dispatch_key: 'A4', state: 'cancelled', event: SCHEDULE, writer: WRITER },
      { store, clock: systemClock }
    )
    await expect(attempt).rejects.toThrow(CorruptEntry)
    await expect(attempt).rejects.toThrow(
      new RegExp(
        `${ref} cannot be trusted: its ledger_ref "refs/heads/evil/runs/0+" is not the ledger of its run "victim"`
      )
    )
    expect(await allRefs(dir)).toEqual(before)
  })

  it('plan by its key fails closed too', async () => {
    const { store, ref } = await evilAdmission()
    await expect(
      planCommand(
        { namespace: NS, dispatch_key: 'A4', writer: WRITER },
        { store, clock: systemClock }
      )
    ).rejects.toThrow(new RegExp(`${ref} cannot be trusted`))
  })

  it('preview and admit of that key fail closed', async () => {
    const { dir, store, ref } = await evilAdmission()
    const before = await allRefs(dir)
    await expect(
      previewCommand(
        { namespace: NS, event: SCHEDULE, dispatch_key: 'A4', run_id: 'victim', writer: WRITER },
        { store, clock: systemClock }
      )
    ).rejects.toThrow(new RegExp(`${ref} cannot be trusted`))
    const first = makeRecord({
      run_id: 'victim',
      idempotency: { dispatch_key: 'A4', request_digest: REQUEST_DIGEST, input_key: null }
    })
    await expect(admit(store, { namespace: NS, first_record: first })).rejects.toThrow(
      new RegExp(`${ref} cannot be trusted`)
    )
    expect(await allRefs(dir)).toEqual(before)
  })
})

describe('a chain copied under another run’s ledger ref', () => {
  async function copied() {
    const { dir, store } = await repoWithRun('run-a', 'key-a')
    const head = await headOf(dir, ledgerRef(NS, 'run-a'))
    const forged = ledgerRef(NS, 'run-b')
    await setLogical(dir, forged, head)
    return { dir, store, forged }
  }

  it('plan by the other run id fails closed naming the ref', async () => {
    const { store, forged } = await copied()
    await expect(
      planCommand({ namespace: NS, run_id: 'run-b', writer: WRITER }, { store, clock: systemClock })
    ).rejects.toThrow(new RegExp(`${forged} cannot be trusted: record 1 belongs to run "run-a"`))
  })

  it('record by the other run id writes nothing', async () => {
    const { dir, store, forged } = await copied()
    const before = await allRefs(dir)
    await expect(
      recordCommand(
        { namespace: NS, run_id: 'run-b', state: 'cancelled', event: SCHEDULE, writer: WRITER },
        { store, clock: systemClock }
      )
    ).rejects.toThrow(new RegExp(forged))
    expect(await allRefs(dir)).toEqual(before)
  })

  it('scan lists the run once and the copy as broken', async () => {
    const { store, forged } = await copied()
    const runs = await scanRuns({ namespace: NS }, { store, clock: systemClock })
    const good = runs.filter(run => 'state' in run)
    const broken = runs.filter(run => 'error' in run)
    expect(good.map(run => ('state' in run ? run.state.run_id : ''))).toEqual(['run-a'])
    expect(broken).toEqual([
      { ledger_ref: forged, error: expect.stringMatching(/belongs to run "run-a"/) }
    ])
  })
})
