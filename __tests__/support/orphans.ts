/**
 * Ledgers written by hand, for the suites that check every command refuses or skips them:
 * orphans (a valid chain under `runs/` with no admission for its key, with its key admitted to
 * another run, or with no generation of the key admitting it) and a chain that breaks.
 */
import { expect } from '@jest/globals'
import { admit } from '../../src/commands/admit.js'
import { ADMISSION_SCHEMA } from '../../src/core/admission.js'
import { digestOf } from '../../src/core/canonical.js'
import { admissionCommit, recordCommit } from '../../src/core/entry.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { admissionRef, ledgerRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import type { Store } from '../../src/store/store.js'
import { makeRecord, nextRecord, REQUEST_DIGEST } from '../../testkit/fixtures.js'
import { makeRepo } from './repo.js'

export const NS = 'refs/dispatch-ledger'
export const KEY = 'v1/test/orphaned-key'
export const ORPHAN = 'orphan-run'
export const OWNER = 'owner-run'

export type Situation = 'no admission' | 'key admitted by another run' | 'no generation admits it'

export const firstOf = (run_id: string, dispatch_key = KEY): LedgerRecord =>
  makeRecord({
    run_id,
    idempotency: { dispatch_key, request_digest: REQUEST_DIGEST, input_key: null }
  })

/** Writes a valid chain under its run's ledger ref, by hand: no admission is written. */
export async function chainByHand(
  store: LocalStore,
  records: readonly LedgerRecord[]
): Promise<string> {
  let parent: string | null = null
  for (const record of records)
    parent = (await store.writeEntries([recordCommit(record, parent)]))[0] as string
  const ref = ledgerRef(NS, (records[0] as LedgerRecord).run_id)
  expect(await store.createRefs([{ ref, oid: parent as string }])).toBe('created')
  return ref
}

/** An admission of generation ≥ 2, written by hand as admit would write it. */
export async function laterGeneration(
  dir: string,
  store: LocalStore,
  generation: number,
  run_id: string,
  previous_run_id: string
) {
  const [oid] = await store.writeEntries([
    admissionCommit({
      schema: ADMISSION_SCHEMA,
      dispatch_key: KEY,
      request_digest: REQUEST_DIGEST,
      run_id,
      ledger_ref: ledgerRef(NS, run_id),
      admitted_at: '2026-11-29T12:00:00Z',
      generation,
      previous_run_id
    })
  ])
  expect(
    await store.createRefs([{ ref: `${admissionRef(NS, KEY)}.g${generation}`, oid: oid as string }])
  ).toBe('created')
}

/** A repository holding the orphan `orphan-run` (key KEY, state admitted) in a situation. */
export async function orphanIn(situation: Situation, runId = ORPHAN) {
  const dir = await makeRepo()
  const store = new LocalStore(new Git(dir))
  if (situation !== 'no admission')
    await admit(store, { namespace: NS, first_record: firstOf(OWNER) })
  if (situation === 'no generation admits it') {
    await chainByHand(store, [firstOf('owner-run-g2')])
    await laterGeneration(dir, store, 2, 'owner-run-g2', OWNER)
  }
  const ledger = await chainByHand(store, [firstOf(runId)])
  return { dir, store, ledger }
}

/**
 * Appends to a stored ledger, by hand, a `cancelled` record whose previous_record_digest is not
 * the digest of the record before it: the chain no longer verifies. Returns the new head.
 */
export async function breakChain(store: Store, ledger_ref: string): Promise<string> {
  const chain = await store.read(reader => reader.readChain(ledger_ref))
  const head = chain?.at(-1)
  if (!head) throw new Error(`no ledger at ${ledger_ref}`)
  const broken = {
    ...nextRecord(head.value, 'cancelled'),
    previous_record_digest: digestOf({ not: 'the record before it' })
  }
  const [oid] = (await store.writeEntries([recordCommit(broken, head.oid)])) as [string]
  expect(await store.advanceRef(ledger_ref, oid, head.oid)).toBe('advanced')
  return oid
}
