/**
 * Every way a run ends archives it in the same write (docs/design/storage.md, "Archived
 * chains"): `record` of decided, cancelled or admission_blocked, an operator's `cancel` and
 * `approve`, and `recover` closing the run it admitted for its delivery. Through the commands,
 * against a file:// origin with the default archive-after (1h), so only the ending can have
 * archived the run; the ending is pushed by a job of its own. Afterwards, on the origin:
 *
 * - the run has no ref of its own (`<ns>/runs/<h>` absent), only its bucket's index entry;
 * - `plan` (from a fresh job) folds and plans it exactly as its records, read straight from
 *   git by the test, say: ended, nothing to do;
 * - a further append is refused as an illegal transition, and writes nothing;
 * - its chain verifies: `git fsck --strict` is clean and its head is reachable from the
 *   bucket's archive ref.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { pathToFileURL } from 'node:url'
import { admitCommand } from '../../src/commands/admit.js'
import { operate } from '../../src/commands/operate.js'
import { planCommand } from '../../src/commands/plan.js'
import { recordCommand } from '../../src/commands/record.js'
import { recover } from '../../src/commands/recover.js'
import { viewChain } from '../../src/commands/runView.js'
import { sha256Hex } from '../../src/core/canonical.js'
import { IllegalTransition } from '../../src/core/errors.js'
import { archiveRef, bucketOf } from '../../src/core/index/layout.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { ledgerRef } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import type { Store } from '../../src/store/store.js'
import { exampleEvent } from '../support/events.js'
import { arrive, end, NS, runIdOf, T0, writer } from '../support/generations.js'
import { commentEvent, runIn } from '../support/operator.js'
import { cleanupRepos, entryAt, git, headOf, makeRepo, physicalRefs } from '../support/repo.js'

afterAll(cleanupRepos)

const CLOCK = { now: () => new Date('2026-11-30T08:00:00Z') }
const NO_EVENT = { name: 'workflow_dispatch', payload: {} }

/** A fresh job's checkout of the origin: every step below is a job of its own. */
async function job(url: string): Promise<Store> {
  const dir = await makeRepo()
  await git(dir, 'remote', 'add', 'origin', url)
  return new RemoteStore(new Git(dir), 'origin')
}

async function say(store: Store, body: string) {
  return operate(
    {
      eventName: 'issue_comment',
      payload: commentEvent(body),
      namespace: NS,
      prefix: '/ledger',
      policy: { operators: 'OWNER,MEMBER,COLLABORATOR', permission: 'write', bots: '' },
      reply: false,
      writer: writer(600)
    },
    { store, clock: CLOCK, github: null }
  )
}

/**
 * The origin, and a store writing straight into it: what a run went through before its end is
 * written there directly (cheap), and only the ending is pushed, from a job of its own.
 */
interface Origin {
  readonly dir: string
  readonly url: string
  readonly direct: Store
}

/** Each ending: brings a run there through the commands and returns its run id. */
const ENDINGS: Record<string, (origin: Origin) => Promise<string>> = {
  'record decided': async ({ url, direct }) => {
    await runIn(direct, 'gh-501-rec', 'awaiting')
    await recordCommand(
      {
        namespace: NS,
        run_id: 'gh-501-rec',
        state: 'decided',
        fields: { decision: { outcome: 'approved', by: 'octocat' } },
        event: NO_EVENT,
        writer: writer(9999)
      },
      { store: await job(url), clock: CLOCK }
    )
    return 'gh-501-rec'
  },
  'record cancelled': async ({ url, direct }) => {
    await arrive(direct, 501, T0)
    await end(await job(url), runIdOf(501), 'cancelled')
    return runIdOf(501)
  },
  'record admission_blocked': async ({ url, direct }) => {
    await arrive(direct, 501, T0, { initial_state: 'proposed' })
    await recordCommand(
      {
        namespace: NS,
        run_id: runIdOf(501),
        state: 'admission_blocked',
        fields: { note: 'policy says no' },
        event: NO_EVENT,
        writer: writer(9999)
      },
      { store: await job(url), clock: CLOCK }
    )
    return runIdOf(501)
  },
  'an operator cancel': async ({ url, direct }) => {
    await runIn(direct, 'gh-501-op', 'dispatched_submitted')
    const result = await say(await job(url), '/ledger cancel gh-501-op stop it')
    expect(result.outcome).toBe('applied')
    return 'gh-501-op'
  },
  'an operator approve': async ({ url, direct }) => {
    await runIn(direct, 'gh-502-op', 'awaiting')
    const result = await say(await job(url), '/ledger approve gh-502-op looks right')
    expect(result).toMatchObject({ outcome: 'applied', settled_outcome: 'approved' })
    return 'gh-502-op'
  },
  'recover closing its own run': async ({ url }) => {
    // recover admits its delivery's run and closes it: both writes are its own.
    const payload = await exampleEvent('workflow_run-failure.json')
    Object.assign(payload.workflow_run as object, { conclusion: 'success' })
    const result = await recover(
      {
        namespace: NS,
        event: { name: 'workflow_run', payload },
        writer: writer(900),
        maxAttempts: 3
      },
      {
        store: await job(url),
        clock: CLOCK,
        github: {
          hasToken: true,
          runUrl: null,
          where: () => ({ owner: 'octo-org', repo: 'octo-repo' }),
          rerunFailedJobs: () => Promise.reject(new Error('a succeeded coordinator is not re-run'))
        }
      }
    )
    expect(result).toMatchObject({ owner: true, duplicate: false, rerun_requested: false })
    return result.owner_run_id
  }
}

/** The run's records as git holds them, read by the test alone (no store code). */
async function recordsInGit(bare: string, head: string) {
  const oids = (await git(bare, 'rev-list', '--reverse', head)).split('\n').filter(Boolean)
  return Promise.all(
    oids.map(async oid => ({ oid, value: (await entryAt(bare, oid)) as LedgerRecord }))
  )
}

describe('a run that ends is archived in the same write, whatever ends it', () => {
  it.each(Object.keys(ENDINGS))(
    '%s',
    async ending => {
      const dir = await makeRepo({ bare: true })
      const remote = { dir, url: pathToFileURL(dir).href }
      const runId = await (ENDINGS[ending] as (origin: Origin) => Promise<string>)({
        ...remote,
        direct: new LocalStore(new Git(dir))
      })
      const ledger = ledgerRef(NS, runId)

      // No ref of its own on the origin: what the ending left is an index entry.
      expect(Object.keys(await physicalRefs(remote.dir)).filter(r => r.includes('/runs/'))).toEqual(
        []
      )
      const head = await headOf(remote.dir, ledger)
      const records = await recordsInGit(remote.dir, head)
      expect(records.at(-1)?.value.state).toMatch(/^(decided|cancelled|admission_blocked)$/)

      // plan from a fresh job reads the archived chain as the records say, and plans nothing.
      const planned = await planCommand(
        { namespace: NS, run_id: runId, writer: null },
        { store: await job(remote.url), clock: CLOCK }
      )
      expect(planned.chain.map(e => e.oid)).toEqual(records.map(r => r.oid))
      expect(planned.view).toEqual(viewChain(records))
      expect(planned.view.state.terminal).toBe(true)
      expect(planned.view.plan.action).toBe('none')

      // A further append is refused, and nothing moves.
      const before = await physicalRefs(remote.dir, 'refs/')
      const late = await recordCommand(
        {
          namespace: NS,
          run_id: runId,
          state: 'cancelled',
          fields: { note: 'too late' },
          event: NO_EVENT,
          writer: writer(9999)
        },
        { store: await job(remote.url), clock: CLOCK }
      ).catch((error: unknown) => error)
      expect(late).toBeInstanceOf(IllegalTransition)
      expect(await physicalRefs(remote.dir, 'refs/')).toEqual(before)

      // The chain verifies, and the archive keeps its head reachable.
      await git(remote.dir, 'fsck', '--strict', '--no-dangling')
      await git(
        remote.dir,
        'merge-base',
        '--is-ancestor',
        head,
        archiveRef(NS, bucketOf(sha256Hex(runId)))
      )
    },
    120_000
  )
})

describe('a first record is never terminal, so no run is born ended without archiving', () => {
  it('admit refuses an initial state that ends the run, writing nothing', async () => {
    const dir = await makeRepo({ bare: true })
    const refused = await admitCommand(
      {
        namespace: NS,
        event: { name: 'issues', payload: await exampleEvent('issues-labeled.json') },
        initial_state: 'cancelled',
        writer: writer(501)
      },
      { store: await job(pathToFileURL(dir).href), clock: CLOCK }
    ).catch((error: unknown) => error)
    expect((refused as Error).message).toMatch(/initial_state.*admitted or proposed/)
    expect(await physicalRefs(dir, 'refs/')).toEqual({})
  })
})
