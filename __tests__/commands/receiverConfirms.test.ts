/**
 * The receiver confirms itself (docs/design/dispatch.md#the-receiver-confirms-itself): its
 * admission and the submission update naming it in its coordinator's ledger are ONE atomic
 * write, compare-and-set on the coordinator's head. Real git: a local repository, and a bare
 * origin over file:// whose pre-receive hook counts the pushes that reach it. The interleavings
 * are forced by a store that lets another writer in between the receiver's read and its write.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { chmod, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readRun } from '../../src/commands/readRun.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { Git } from '../../src/store/git.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import type { Store, StoredEntry } from '../../src/store/store.js'
import { ARCHIVE_AFTER, arrive, end, local, NS, T0, writer } from '../support/generations.js'
import {
  cleanupRepos,
  git,
  makeRepo,
  makeTempDir,
  physicalRefs,
  refsUnder
} from '../support/repo.js'
import { ledgerRef } from '../../src/core/refs.js'
import { admit } from '../../src/commands/admit.js'
import { breakChain, firstOf, ORPHAN, orphanIn } from '../support/orphans.js'
import {
  coordinatorRecords,
  dispatchedCoordinator,
  receive,
  RECEIVER_RUN
} from '../support/receivers.js'

afterAll(cleanupRepos)

const chainOf = async (store: Store, runId: string): Promise<StoredEntry<LedgerRecord>[]> =>
  (await readRun(store, NS, { by: 'run_id', run_id: runId })).chain

const shape = (chain: readonly StoredEntry<LedgerRecord>[]) =>
  chain.map(e => `${e.value.state} ${e.value.provider?.submission_state ?? '-'}`)

/** A store whose first write with an advance lets `other` write first, as a racing step would. */
function holdingBeforeWrite(store: Store, other: () => Promise<void>): Store {
  const createRefs = store.createRefs.bind(store) as Store['createRefs']
  let held = false
  store.createRefs = (async (refs, options?: Parameters<Store['createRefs']>[1]) => {
    if (options?.advances.length && !held) {
      held = true
      await other()
    }
    return options ? createRefs(refs, options) : createRefs(refs)
  }) as Store['createRefs']
  return store
}

describe.each(ARCHIVE_AFTER)('the receiver confirms itself (%s)', (_name, layout) => {
  it('its admission and the confirmation in its coordinator’s ledger, one write', async () => {
    const { store } = await local(layout)
    const coordinator = await dispatchedCoordinator(store)
    const outcome = await receive(store(), coordinator)
    expect(outcome.stopped).toBeNull()
    expect(outcome.result).toMatchObject({ created: true, owner: true })
    const chain = await chainOf(store(), coordinator)
    expect(shape(chain)).toEqual(['admitted -', 'dispatched not_submitted', 'dispatched submitted'])
    const confirmation = chain.at(-1)?.value as LedgerRecord
    // It names only this receiver and its own workflow run, and is written by it.
    expect(confirmation.provider?.external_ids).toEqual({
      receiver_run_id: outcome.target.run_id,
      receiver_confirmed: 'true',
      workflow_run_id: String(RECEIVER_RUN),
      html_url: `https://github.com/octo-org/octo-repo/actions/runs/${RECEIVER_RUN}`
    })
    expect(confirmation.writer).toEqual(writer(RECEIVER_RUN))
    expect(confirmation.attempt?.number).toBe(1)
  })

  it('a cancel that lands between its read and its write wins: nothing written, owner=false', async () => {
    const { dir, store } = await local(layout)
    const coordinator = await dispatchedCoordinator(store)
    let afterCancel: Record<string, string> = {}
    const racing = holdingBeforeWrite(store(), async () => {
      await end(store(), coordinator, 'cancelled')
      afterCancel = await refsUnder(dir)
    })
    const outcome = await receive(racing, coordinator)
    expect(outcome.stopped).toEqual({ coordinator_run_id: coordinator, written: false })
    expect(outcome.result).toBeNull()
    // Nothing after the cancel: no receiver admission, no record on the coordinator.
    expect(await refsUnder(dir)).toEqual(afterCancel)
    expect(shape(await chainOf(store(), coordinator)).at(-1)).toBe('cancelled -')
  })

  it('the coordinator’s own answer lands first: re-read, the confirmation goes on top', async () => {
    const { store } = await local(layout)
    const coordinator = await dispatchedCoordinator(store)
    const racing = holdingBeforeWrite(store(), () =>
      coordinatorRecords(store(), coordinator, 'dispatched', {
        driver: 'workflow',
        submission_state: 'submitted',
        external_ids: { candidate_run_ids: String(RECEIVER_RUN), receiver_confirmed: 'false' }
      })
    )
    const outcome = await receive(racing, coordinator)
    expect(outcome.result).toMatchObject({ created: true, owner: true })
    const chain = await chainOf(store(), coordinator)
    expect(shape(chain)).toEqual([
      'admitted -',
      'dispatched not_submitted',
      'dispatched submitted',
      'dispatched submitted'
    ])
    expect(chain.at(-1)?.value.provider?.external_ids.receiver_confirmed).toBe('true')
  })
})

describe('an archived coordinator chain', () => {
  it('is revived by the confirmation, compare-and-set on the head its index entry records', async () => {
    const { dir, store } = await local()
    const coordinator = await dispatchedCoordinator(store)
    const ref = ledgerRef(NS, coordinator)
    // Its records are days old: scan's sweep archives it (no ref of its own any more).
    await store().archiveIdle?.(NS)
    expect(await physicalRefs(dir)).not.toHaveProperty([ref])
    const outcome = await receive(store(), coordinator)
    expect(outcome.result).toMatchObject({ created: true, owner: true })
    // Written to again, it has its own ref once more, and the chain goes on unbroken.
    expect(await physicalRefs(dir)).toHaveProperty([ref])
    const chain = await chainOf(store(), coordinator)
    expect(shape(chain)).toEqual(['admitted -', 'dispatched not_submitted', 'dispatched submitted'])
    expect(chain.at(-1)?.value.provider?.external_ids.receiver_confirmed).toBe('true')
  })
})

describe('a coordinator ledger that does not verify fails the receiver closed', () => {
  it.each([
    ['an orphan (no admission admits it)', false],
    ['a chain whose digests do not link', true]
  ])('%s: the receiver throws and writes nothing', async (_name, broken) => {
    // orphan-run's ledger has no admission; linked-run is admitted, then its chain broken.
    const { dir, store } = await orphanIn('no admission')
    if (broken) await admit(store, { namespace: NS, first_record: firstOf('linked-run') })
    const coordinator = broken ? 'linked-run' : ORPHAN
    if (broken) await breakChain(store, ledgerRef(NS, coordinator))
    const before = await refsUnder(dir)
    await expect(receive(store, coordinator)).rejects.toThrow(
      broken ? /sequence|digest/ : /orphan|no admission|not admitted/i
    )
    expect(await refsUnder(dir)).toEqual(before)
  })
})

describe('receivers whose coordinator gives nothing to confirm', () => {
  it('a dispatch key chosen by hand (no such coordinator run) admits as any other', async () => {
    const { store } = await local()
    const outcome = await receive(store(), 'gh-999-nothing-here')
    expect(outcome.stopped).toBeNull()
    expect(outcome.result).toMatchObject({ created: true, owner: true })
  })

  it('a coordinator whose current attempt names another receiver key is left unchanged', async () => {
    const { store } = await local()
    const runId = (await arrive(store(), 501, T0)).admission.run_id
    await coordinatorRecords(store(), runId, 'dispatched', {
      driver: 'workflow',
      submission_state: 'not_submitted',
      external_ids: { receiver_key: 'v1/workflow_dispatch/1/other/x' }
    })
    const outcome = await receive(store(), runId)
    expect(outcome.result).toMatchObject({ created: true, owner: true })
    expect(shape(await chainOf(store(), runId))).toEqual(['admitted -', 'dispatched not_submitted'])
  })
})

describe('at an origin: one push for the admission and the confirmation', () => {
  it('the receiver’s whole write reaches the origin as one push', async () => {
    const bare = await makeRepo({ bare: true })
    const counter = join(await makeTempDir(), 'pushes')
    await writeFile(counter, '')
    const hook = join(bare, 'hooks', 'pre-receive')
    await writeFile(hook, `#!/bin/sh\ncat >/dev/null\necho push >> '${counter}'\n`)
    await chmod(hook, 0o755)
    const clone = async () => {
      const dir = await makeRepo()
      await git(dir, 'remote', 'add', 'origin', `file://${bare}`)
      return () => new RemoteStore(new Git(dir), 'origin') as Store
    }
    const coordinator = await dispatchedCoordinator(await clone())
    const pushes = async () => (await readFile(counter, 'utf8')).split('\n').filter(Boolean).length
    const before = await pushes()
    const outcome = await receive((await clone())(), coordinator)
    expect(outcome.result).toMatchObject({ created: true, owner: true })
    expect((await pushes()) - before).toBe(1)
    const chain = await chainOf((await clone())(), coordinator)
    expect(chain.at(-1)?.value.provider?.external_ids.receiver_confirmed).toBe('true')
  })
})
