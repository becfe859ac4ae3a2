/**
 * Shared set-up for `command: operate` tests: runs brought to a given situation in a real
 * repository (through admit and appendRecord, as coordinators write them), and
 * issue_comment events as GitHub sends them.
 */
import { admit } from '../../src/commands/admit.js'
import { readRun } from '../../src/commands/readRun.js'
import { appendRecord } from '../../src/commands/record.js'
import type { RecordInput } from '../../src/core/record.js'
import { ledgerRef } from '../../src/core/refs.js'
import type { State } from '../../src/core/states.js'
import type { Store } from '../../src/store/store.js'
import { failure, makeRecord } from '../../testkit/fixtures.js'

export const NS = 'refs/dispatch-ledger'

const sub = (submission_state: 'not_submitted' | 'submitted' | 'ambiguous', ids = {}) => ({
  provider: { driver: 'workflow', submission_state, external_ids: ids }
})
const failed = (retryable: boolean) => ({
  failure: failure(retryable)
})

type Step = [State, RecordInput?]
const DISPATCHED: Step[] = [
  ['dispatched', sub('not_submitted')],
  ['dispatched', sub('submitted', { workflow_run_id: '31337' })]
]
const VERIFIED: Step[] = [
  ...DISPATCHED,
  ['candidate_observed'],
  ['normalized'],
  ['verification_requested']
]

/** Every recovered situation §12 distinguishes, as the steps after `admitted`. */
export const SITUATIONS: Record<string, { start?: 'proposed'; steps: Step[] }> = {
  proposed: { start: 'proposed', steps: [] },
  previewed: { start: 'proposed', steps: [['previewed']] },
  admission_blocked: { start: 'proposed', steps: [['admission_blocked']] },
  admitted: { steps: [] },
  dispatched_not_submitted: { steps: [['dispatched', sub('not_submitted')]] },
  dispatched_ambiguous: {
    steps: [
      ['dispatched', sub('not_submitted')],
      ['dispatched', sub('ambiguous')]
    ]
  },
  dispatched_submitted: { steps: DISPATCHED },
  failed_retryable: { steps: [...DISPATCHED, ['attempt_failed', failed(true)]] },
  failed_final: { steps: [...DISPATCHED, ['attempt_failed', failed(false)]] },
  candidate_observed: { steps: [...DISPATCHED, ['candidate_observed']] },
  normalized: { steps: [...DISPATCHED, ['candidate_observed'], ['normalized']] },
  verification_requested: { steps: VERIFIED },
  verification_error: {
    steps: [
      ...VERIFIED,
      [
        'verification_error',
        { failure: { code: 'x', classification: 'verification', retryable: true } }
      ]
    ]
  },
  evidence_ready: { steps: [...VERIFIED, ['evidence_ready']] },
  awaiting: { steps: [...VERIFIED, ['evidence_ready'], ['awaiting_human_decision']] },
  decided: {
    steps: [
      ...VERIFIED,
      ['evidence_ready'],
      ['awaiting_human_decision'],
      ['decided', { decision: { outcome: 'approved', by: 'alice' } }]
    ]
  },
  cancelled: { steps: [...DISPATCHED, ['cancelled']] }
}

/**
 * Admits `runId` and appends the situation's records; returns its ledger ref. A submitted
 * attempt names GitHub workflow run 31337 unless `workflowRunId` says which.
 */
export async function runIn(
  store: Store,
  runId: string,
  situation: string,
  options: { readonly workflowRunId?: number } = {}
): Promise<string> {
  const spec = SITUATIONS[situation]
  if (!spec) throw new Error(`no situation ${situation}`)
  const first = makeRecord({
    run_id: runId,
    state: spec.start ?? 'admitted',
    idempotency: {
      dispatch_key: `v1/test/${runId}`,
      request_digest: makeRecord().idempotency.request_digest,
      input_key: null
    }
  })
  await admit(store, { namespace: NS, first_record: first })
  for (const [state, given] of spec.steps) {
    const provider = given?.provider
    const fields =
      provider?.external_ids.workflow_run_id && options.workflowRunId !== undefined
        ? {
            ...given,
            provider: {
              ...provider,
              external_ids: { workflow_run_id: String(options.workflowRunId) }
            }
          }
        : given
    const { chain } = await readRun(store, NS, { by: 'run_id', run_id: runId })
    await appendRecord(
      store,
      {
        ledger_ref: ledgerRef(NS, runId),
        state,
        fields: fields ?? {},
        occurred_at: '2026-11-29T13:00:00Z',
        trigger: 'system',
        actor: null,
        writer: null
      },
      chain
    )
  }
  return ledgerRef(NS, runId)
}

export interface CommentOptions {
  readonly action?: string
  readonly id?: number
  readonly login?: string
  readonly userId?: number
  readonly type?: string
  readonly association?: string
}

let nextComment = 9000

/** An issue_comment event carrying `body` (a new comment id each time unless given). */
export function commentEvent(body: string, options: CommentOptions = {}) {
  const id = options.id ?? nextComment++
  return {
    action: options.action ?? 'created',
    issue: { number: 7, title: 'Deploy', user: { login: 'monalisa', id: 2, type: 'User' } },
    comment: {
      id,
      html_url: `https://github.com/octo-org/octo-repo/issues/7#issuecomment-${id}`,
      body,
      user: {
        login: options.login ?? 'alice',
        id: options.userId ?? 501,
        type: options.type ?? 'User'
      },
      author_association: options.association ?? 'MEMBER',
      created_at: '2026-11-29T13:05:00Z',
      updated_at: '2026-11-29T13:05:00Z'
    },
    repository: { id: 123456789, full_name: 'octo-org/octo-repo' },
    sender: { login: options.login ?? 'alice', id: options.userId ?? 501 }
  }
}
