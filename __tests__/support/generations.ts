/**
 * Shared set-up for the suites that walk a key through its generations with the commands
 * (generations, preview, plan): the example labeled-issue event at a chosen time, one
 * workflow run's admit step for it, and ending a run as a recovery or operator job would.
 */
import { admitCommand, type AdmitOptions } from '../../src/commands/admit.js'
import { recordCommand } from '../../src/commands/record.js'
import type { Writer } from '../../src/core/record.js'
import { keyHash } from '../../src/core/refs.js'
import { Git } from '../../src/store/git.js'
import type { LayoutOptions } from '../../src/store/index/indexedStore.js'
import { LocalStore } from '../../src/store/localStore.js'
import type { Store } from '../../src/store/store.js'
import { exampleEvent, LABELED_KEY } from './events.js'
import { makeRepo } from './repo.js'

export const NS = 'refs/dispatch-ledger'
const HASH12 = keyHash(LABELED_KEY).slice(0, 12)

/** The default run id workflow run `workflowRun` admits for LABELED_KEY in `generation`. */
export const runIdOf = (workflowRun: number, generation = 1) =>
  `gh-${workflowRun}-${HASH12}${generation > 1 ? `-g${generation}` : ''}`

export const T0 = '2026-11-29T12:00:00Z' // the label is added
export const ADMITTED = new Date('2026-11-29T12:00:05Z')
export const ENDED = new Date('2026-11-29T12:10:00Z')
export const READDED = '2026-11-29T12:20:00Z' // removed and added again, after the run ended

export const writer = (run: number, attempt = 1): Writer => ({
  github_run_id: String(run),
  run_attempt: attempt,
  workflow_ref: 'octo-org/octo-repo/.github/workflows/agent.yml@refs/heads/main'
})

/** The example labeled event, as if it happened at updatedAt (no occurrence time: undefined). */
export async function labeled(updatedAt: string | undefined): Promise<Record<string, unknown>> {
  const payload = await exampleEvent('issues-labeled.json')
  const issue = payload.issue as Record<string, unknown>
  if (updatedAt === undefined) delete issue.updated_at
  else issue.updated_at = updatedAt
  return payload
}

/** One workflow run's admit step for a labeled event that happened at updatedAt. */
export async function arrive(
  store: Store,
  run: number,
  updatedAt: string | undefined,
  options: Partial<AdmitOptions> & { attempt?: number; now?: Date } = {}
) {
  const { now = ADMITTED, ...given } = options
  const outcome = await admitCommand(
    {
      namespace: NS,
      event: { name: 'issues', payload: await labeled(updatedAt) },
      writer: writer(run, options.attempt),
      ...given
    },
    { store, clock: { now: () => now } }
  )
  if (!outcome.result) throw outcome.conflict ?? new Error('no result')
  return outcome.result
}

/**
 * A run of another key admitted by name (no event), as a scheduled job would; answers the run
 * id its admission names.
 */
export async function admitByName(store: Store, key: string, runId: string): Promise<string> {
  const outcome = await admitCommand(
    {
      namespace: NS,
      event: { name: 'schedule', payload: {} },
      dispatch_key: key,
      run_id: runId,
      writer: null
    },
    { store, clock: { now: () => ADMITTED } }
  )
  return outcome.result?.admission.run_id as string
}

/** Ends a run as a recovery or operator job would: named by its id. */
export async function end(
  store: Store,
  runId: string,
  state: 'cancelled' | 'decided' = 'cancelled'
) {
  const event = { name: 'workflow_dispatch', payload: {} }
  const steps: Array<[string, unknown]> =
    state === 'cancelled'
      ? [['cancelled', { note: 'done' }]]
      : [
          [
            'dispatched',
            { provider: { driver: 'fake', submission_state: 'submitted', external_ids: {} } }
          ],
          ['candidate_observed', {}],
          ['normalized', {}],
          ['verification_requested', {}],
          ['evidence_ready', {}],
          ['awaiting_human_decision', {}],
          ['decided', { decision: { outcome: 'approved', by: 'octocat' } }]
        ]
  for (const [next, fields] of steps)
    await recordCommand(
      {
        namespace: NS,
        run_id: runId,
        state: next,
        fields,
        event,
        writer: writer(9999)
      },
      { store, clock: { now: () => ENDED } }
    )
}

/**
 * A fresh local repository; `store()` opens a new store on it (its own git processes), with
 * the layout options given (`archiveAfterSeconds: 0` archives every chain at every write).
 */
export const local = async (layout: LayoutOptions = {}) => {
  const dir = await makeRepo()
  return { dir, store: () => new LocalStore(new Git(dir), layout) as Store }
}

/**
 * The archive-after settings a suite runs under: the default (chains keep a ref while being
 * written) and 0 (every chain is archived at every write, so every read is of an archived one).
 */
export const ARCHIVE_AFTER: ReadonlyArray<[string, LayoutOptions]> = [
  ['archive-after 1h', {}],
  ['archive-after 0', { archiveAfterSeconds: 0 }]
]
