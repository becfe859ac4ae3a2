/**
 * `command: scan` against real git: every run in the namespace, reconstructed and planned in
 * one sweep. Open runs carry their plan; ended ones are marked terminal with nothing left to
 * do; an orphan is listed with no next action and a ledger that does not verify with its error,
 * and neither stops the sweep.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { scanRuns, type ScannedRun } from '../../src/commands/scan.js'
import { ledgerRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { runIn } from '../support/operator.js'
import { breakChain, chainByHand, firstOf, NS, ORPHAN } from '../support/orphans.js'
import { cleanupRepos, git, makeRepo, refsUnder } from '../support/repo.js'
import { systemClock } from '../../src/commands/deps.js'

afterAll(cleanupRepos)

const OPEN = { admitted: 'dispatch', failed_retryable: 'retry_attempt' } as const
const ENDED = ['decided', 'cancelled'] as const

async function namespaceWithEveryKind() {
  const dir = await makeRepo()
  const store = new LocalStore(new Git(dir))
  for (const situation of [...Object.keys(OPEN), ...ENDED])
    await runIn(store, `run-${situation}`, situation)
  const orphan = await chainByHand(store, [firstOf(ORPHAN)])
  const broken = await runIn(store, 'run-broken', 'admitted')
  await breakChain(store, broken)
  return { dir, store, orphan, broken }
}

const byRef = (runs: readonly ScannedRun[], ref: string) => runs.find(run => run.ledger_ref === ref)

describe('scan', () => {
  it('lists every open run with its plan, and ended runs as terminal with nothing to do', async () => {
    const { store } = await namespaceWithEveryKind()
    const runs = await scanRuns({ namespace: NS }, { store, clock: systemClock })
    expect(runs).toHaveLength(Object.keys(OPEN).length + ENDED.length + 2)
    const open = runs.flatMap(run => ('plan' in run && !run.state.terminal ? [run] : []))
    expect(Object.fromEntries(open.map(run => [run.state.run_id, run.plan.action]))).toEqual(
      Object.fromEntries(
        Object.entries(OPEN).map(([situation, action]) => [`run-${situation}`, action])
      )
    )
    for (const situation of ENDED) {
      const ended = byRef(runs, ledgerRef(NS, `run-${situation}`))
      expect(ended).toMatchObject({
        state: { run_id: `run-${situation}`, state: situation, terminal: true },
        plan: { action: 'none' }
      })
    }
  })

  it('lists an orphan with no next action and a broken ledger with its error', async () => {
    const { dir, store, orphan, broken } = await namespaceWithEveryKind()
    const before = await refsUnder(dir)
    const runs = await scanRuns({ namespace: NS }, { store, clock: systemClock })
    expect(byRef(runs, orphan)).toEqual({
      ledger_ref: orphan,
      state: expect.objectContaining({ run_id: ORPHAN, state: 'admitted' }),
      orphan: expect.stringMatching(/has no admission/),
      // The newest record's writer (none here: written outside Actions).
      writer: null
    })
    expect(byRef(runs, broken)).toEqual({
      ledger_ref: broken,
      error: expect.stringMatching(/previous_record_digest/)
    })
    // Scanning writes nothing.
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('an empty namespace lists nothing', async () => {
    const store = new LocalStore(new Git(await makeRepo()))
    expect(await scanRuns({ namespace: NS }, { store, clock: systemClock })).toEqual([])
  })
})

/**
 * A namespace of n runs (every tenth ended, so archived when it ended; the others live until
 * scan's sweep archives them), scanned twice: the git processes of each pass.
 */
async function scanCosts(n: number): Promise<number[]> {
  const dir = await makeRepo()
  const store = new LocalStore(new Git(dir))
  for (let i = 0; i < n; i++) await runIn(store, `run-${i}`, i % 10 === 0 ? 'decided' : 'admitted')
  const costs: number[] = []
  for (let pass = 1; pass <= 2; pass++) {
    const counted = new Git(dir)
    const runs = await scanRuns(
      { namespace: NS },
      { store: new LocalStore(counted), clock: systemClock }
    )
    expect(runs).toHaveLength(n)
    expect(runs.filter(run => 'plan' in run)).toHaveLength(n)
    costs.push(counted.spawned)
  }
  // The first pass's sweep archived every idle chain (their records are days old).
  expect(await git(dir, 'for-each-ref', `${NS}/runs/`)).toBe('')
  return costs
}

describe('scan reads every run with a constant number of git processes', () => {
  it('10 runs and 100 runs cost the same, its sweep included, and at most 6', async () => {
    const ten = await scanCosts(10)
    const hundred = await scanCosts(100)
    // Per pass: the sweep (its reader and one transaction, however many buckets it archives
    // into), then one session that lists the runs and admissions and reads every chain.
    expect(hundred).toEqual(ten)
    for (const cost of hundred) expect(cost).toBeLessThanOrEqual(6)
  })
})
