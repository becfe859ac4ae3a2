/**
 * The one way a chain is appended to (src/store/journal.ts), against real git: a record its
 * chain would not verify with is refused before anything is written, so a decision's mistake
 * fails its own step instead of breaking the chain for every later reader.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { IllegalTransition } from '../../src/core/errors.js'
import { RUN_CHAIN, type RecoveredRunState } from '../../src/core/reconstruct.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { ledgerRef } from '../../src/core/refs.js'
import type { State } from '../../src/core/states.js'
import { Git } from '../../src/store/git.js'
import { Journal } from '../../src/store/journal.js'
import { LocalStore } from '../../src/store/localStore.js'
import { extend, legalChain, makeRecord, RUN_ID } from '../../testkit/fixtures.js'
import { cleanupRepos, git, makeRepo } from '../support/repo.js'

afterAll(cleanupRepos)

const NS = 'refs/dispatch-ledger'
const REF = ledgerRef(NS, RUN_ID)

async function journalAt(): Promise<{
  dir: string
  journal: Journal<LedgerRecord, RecoveredRunState>
}> {
  const dir = await makeRepo()
  const journal = new Journal({ store: new LocalStore(new Git(dir)), ref: REF, chain: RUN_CHAIN })
  return { dir, journal }
}

const head = (dir: string) => git(dir, 'rev-parse', '--verify', '--quiet', REF).catch(() => '')

describe('Journal: nothing is written that its chain would not verify with', () => {
  it('a legal chain is created and appended to', async () => {
    const { dir, journal } = await journalAt()
    const [first, second] = legalChain('admitted', 'dispatched')
    expect(await journal.create(first!)).toBe(true)
    expect(await journal.append(second!)).toBe(true)
    expect((await git(dir, 'rev-list', '--count', REF)).trim()).toBe('2')
  })

  it.each([
    ['an illegal successor (admitted → candidate_observed)', 'candidate_observed'],
    ['a transition only a policy may take, without one (admitted → decided)', 'decided']
  ])('%s: refused, the head unchanged', async (_what, state) => {
    const { dir, journal } = await journalAt()
    const [first] = legalChain('admitted')
    expect(await journal.create(first!)).toBe(true)
    const before = await head(dir)
    const [, illegal] = extend([first!], state as State)
    await expect(journal.append(illegal!)).rejects.toThrow(IllegalTransition)
    await expect(journal.append(illegal!)).rejects.toThrow(/Nothing was written/)
    expect(await head(dir)).toBe(before)
  })

  it('a record out of sequence, or linked to another head: refused, the head unchanged', async () => {
    const { dir, journal } = await journalAt()
    const [first, second] = legalChain('admitted', 'dispatched')
    expect(await journal.create(first!)).toBe(true)
    const before = await head(dir)
    await expect(journal.append({ ...second!, ledger_sequence: 3 })).rejects.toThrow(
      IllegalTransition
    )
    await expect(
      journal.append({ ...second!, previous_record_digest: `sha256:${'0'.repeat(64)}` })
    ).rejects.toThrow(IllegalTransition)
    expect(await head(dir)).toBe(before)
  })

  it('a first record that is not one: refused, no ref made', async () => {
    const { dir, journal } = await journalAt()
    await expect(journal.create(makeRecord({ ledger_sequence: 2 }))).rejects.toThrow(
      IllegalTransition
    )
    expect(await head(dir)).toBe('')
  })
})
