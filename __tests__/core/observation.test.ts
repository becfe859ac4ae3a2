/**
 * src/core/observation.ts: what an observer records once a receiver's workflow run concluded
 * (docs/design/lifecycle.md), by table, and that every record it asks for is a legal append.
 */
import { describe, expect, it } from '@jest/globals'
import {
  awaitedReceiver,
  classifyReceiver,
  coordinatorRecords,
  lookupConcludedAt,
  lookupRecords,
  observedAt,
  receiverRecord,
  receiverRunOf,
  unconfirmedReceiver,
  watchedRuns,
  type ReceiverRun
} from '../../src/core/observation.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { reconstruct } from '../../src/core/reconstruct.js'
import { checkAppend } from '../../src/core/transition.js'
import { extend, legalChain, nextRecord, provider } from '../../testkit/fixtures.js'

const CONFIRMED = {
  receiver_key: 'v1/workflow_dispatch/1/agent.yml/run-0001/a1',
  receiver_confirmed: 'true',
  workflow_run_id: '77',
  html_url: 'https://github.com/o/r/actions/runs/77'
}

/** A coordinator's run at observe_provider, its attempt 1 confirmed to workflow run 77. */
function waiting(ids: Record<string, string> = CONFIRMED): LedgerRecord[] {
  return legalChain(
    'admitted',
    { state: 'dispatched', provider: provider('not_submitted', {}) },
    { state: 'dispatched', provider: provider('submitted', ids) }
  )
}

const run = (patch: Partial<ReceiverRun> = {}): ReceiverRun => ({
  id: '77',
  status: 'completed',
  conclusion: 'success',
  html_url: 'https://github.com/o/r/actions/runs/77',
  updated_at: '2026-12-04T05:00:00Z',
  ...patch
})

/** The drafts appended to `chain` as the observer would: each must be a legal link. */
function appended(chain: LedgerRecord[], drafts: ReturnType<typeof coordinatorRecords>) {
  const out = [...chain]
  for (const draft of drafts) {
    const next = nextRecord(out.at(-1) as LedgerRecord, {
      state: draft.state,
      attempt: draft.fields.attempt ?? null,
      failure: draft.fields.failure ?? null,
      evidence: draft.fields.evidence ?? [],
      decision: draft.fields.decision ?? null,
      provider: null,
      note: draft.fields.note ?? null,
      trigger: 'provider_observation'
    })
    checkAppend(out.at(-1) as LedgerRecord, next)
    out.push(next)
  }
  return reconstruct(out)
}

describe('classifyReceiver', () => {
  it.each([
    ['in_progress', null, 'working'],
    ['queued', null, 'working'],
    ['completed', null, 'working'],
    ['in_progress', 'success', 'working'],
    ['completed', 'success', 'succeeded'],
    [null, 'success', 'succeeded'],
    ['completed', 'failure', 'failed'],
    ['completed', 'timed_out', 'failed'],
    ['completed', 'startup_failure', 'failed'],
    ['completed', 'cancelled', 'failed'],
    ['completed', 'neutral', 'unclear'],
    ['completed', 'skipped', 'unclear'],
    ['completed', 'action_required', 'unclear'],
    ['completed', 'stale', 'unclear']
  ] as const)('status %s, conclusion %s → %s', (status, conclusion, kind) => {
    expect(classifyReceiver({ status, conclusion }).kind).toBe(kind)
  })
})

describe('awaitedReceiver', () => {
  it('names the confirmed receiver of the current attempt', () => {
    expect(awaitedReceiver(reconstruct(waiting()))).toEqual({
      attempt: 1,
      workflow_run_id: '77',
      receiver_key: CONFIRMED.receiver_key,
      html_url: CONFIRMED.html_url
    })
  })

  it.each([
    ['an unconfirmed candidate', { ...CONFIRMED, receiver_confirmed: 'false' }],
    ['no workflow run id', { receiver_confirmed: 'true' }],
    ['a workflow run id that is not one', { ...CONFIRMED, workflow_run_id: '07x' }]
  ])('none for %s', (_what, ids) => {
    expect(awaitedReceiver(reconstruct(waiting(ids)))).toBeNull()
  })

  it('the current attempt’s, not an earlier one’s (attempt 1 failed, attempt 2 works)', () => {
    const chain = extend(
      waiting({ ...CONFIRMED, workflow_run_id: '76' }),
      { state: 'attempt_failed', attempt: { number: 1, reason: 'initial' } },
      {
        state: 'dispatched',
        attempt: { number: 2, reason: 'retry' },
        provider: provider('not_submitted', {})
      },
      {
        state: 'dispatched',
        attempt: { number: 2, reason: 'retry' },
        provider: provider('submitted', CONFIRMED)
      }
    )
    expect(awaitedReceiver(reconstruct(chain))).toMatchObject({ attempt: 2, workflow_run_id: '77' })
    const [failed] = coordinatorRecords(reconstruct(chain), run({ conclusion: 'failure' }), {
      onSuccess: 'decide'
    })
    expect(failed?.fields.attempt).toEqual({ number: 2, reason: 'retry' })
    expect(
      coordinatorRecords(reconstruct(chain), run({ id: '76' }), { onSuccess: 'decide' })
    ).toEqual([])
  })

  it('none for an attempt whose ids name a receiver but that was never accepted', () => {
    const ambiguous = legalChain(
      'admitted',
      { state: 'dispatched', provider: provider('not_submitted', CONFIRMED) },
      { state: 'dispatched', provider: provider('ambiguous', CONFIRMED) }
    )
    expect(awaitedReceiver(reconstruct(ambiguous))).toBeNull()
  })

  it('none before the attempt was accepted, or after the run moved on', () => {
    const intent = legalChain('admitted', {
      state: 'dispatched',
      provider: provider('not_submitted', {})
    })
    expect(awaitedReceiver(reconstruct(intent))).toBeNull()
    expect(awaitedReceiver(reconstruct(extend(waiting(), 'cancelled')))).toBeNull()
  })
})

describe('coordinatorRecords', () => {
  it('success: candidate_observed then decided by policy:on-success, which ends the run', () => {
    const drafts = coordinatorRecords(reconstruct(waiting()), run(), { onSuccess: 'decide' })
    expect(drafts.map(d => d.state)).toEqual(['candidate_observed', 'decided'])
    expect(drafts[0]?.fields.evidence?.[0]).toMatchObject({
      kind: 'workflow_run:success',
      uri: 'https://github.com/o/r/actions/runs/77'
    })
    expect(drafts[1]?.fields.decision).toEqual({ outcome: 'approved', by: 'policy:on-success' })
    expect(drafts.map(d => d.fields.note)).toEqual([
      'receiver workflow run 77 concluded success',
      'receiver workflow run 77 concluded success'
    ])
    const state = appended(waiting(), drafts)
    expect(state.state).toBe('decided')
    expect(state.terminal).toBe(true)
  })

  it('success with on-success verify: candidate_observed only (the verification route)', () => {
    const drafts = coordinatorRecords(reconstruct(waiting()), run(), { onSuccess: 'verify' })
    expect(drafts.map(d => d.state)).toEqual(['candidate_observed'])
    expect(appended(waiting(), drafts).state).toBe('candidate_observed')
  })

  it.each([
    ['failure', 'provider'],
    ['timed_out', 'timeout'],
    ['startup_failure', 'provider'],
    ['cancelled', 'cancelled']
  ] as const)(
    '%s: attempt_failed, retryable, classified %s, for the attempt',
    (c, classification) => {
      const drafts = coordinatorRecords(reconstruct(waiting()), run({ conclusion: c }), {
        onSuccess: 'decide'
      })
      expect(drafts).toHaveLength(1)
      expect(drafts[0]?.state).toBe('attempt_failed')
      expect(drafts[0]?.fields.failure).toEqual({
        code: `receiver_${c}`,
        classification,
        retryable: true
      })
      const state = appended(waiting(), drafts)
      expect(state.state).toBe('attempt_failed')
      expect(state.last_failure?.retryable).toBe(true)
    }
  )

  it.each([
    ['still working', run({ status: 'in_progress', conclusion: null })],
    ['an unclear conclusion', run({ conclusion: 'neutral' })],
    ['another workflow run', run({ id: '78' })]
  ])('nothing for %s', (_what, seen) => {
    expect(coordinatorRecords(reconstruct(waiting()), seen, { onSuccess: 'decide' })).toEqual([])
  })

  it('nothing once another observer wrote (the run is past observe_provider)', () => {
    const drafts = coordinatorRecords(reconstruct(waiting()), run(), { onSuccess: 'decide' })
    const after = appended(waiting(), drafts)
    expect(coordinatorRecords(after, run(), { onSuccess: 'decide' })).toEqual([])
  })
})

/** The answer's ids of an attempt no receiver has admitted: its runs are only candidates. */
const UNCONFIRMED = {
  receiver_key: CONFIRMED.receiver_key,
  receiver_confirmed: 'false',
  candidate_run_ids: '77'
}

describe('a receiver that never admits (the attempt unconfirmed)', () => {
  const state = (ids: Record<string, string> = UNCONFIRMED) => reconstruct(waiting(ids))
  const decide = { onSuccess: 'decide' } as const

  it('is watched through the runs the dispatch answers named', () => {
    expect(unconfirmedReceiver(state())).toEqual({
      attempt: 1,
      candidates: ['77'],
      receiver_key: CONFIRMED.receiver_key
    })
    expect(watchedRuns(state())).toEqual(['77'])
    expect(watchedRuns(state({ ...UNCONFIRMED, candidate_run_ids: '77,78' }))).toEqual(['77', '78'])
    expect(watchedRuns(reconstruct(waiting()))).toEqual(['77'])
    expect(unconfirmedReceiver(reconstruct(waiting()))).toBeNull()
  })

  it.each([
    ['no candidate (GitHub answered 204)', { ...UNCONFIRMED, candidate_run_ids: '' }],
    ['candidates that are not run ids', { ...UNCONFIRMED, candidate_run_ids: '07,x' }],
    ['no receiver key (not the workflow driver’s fence)', { candidate_run_ids: '77' }]
  ])('is not watched with %s', (_what, ids) => {
    expect(unconfirmedReceiver(state(ids))).toBeNull()
    expect(watchedRuns(state(ids))).toEqual([])
    expect(coordinatorRecords(state(ids), run({ conclusion: 'failure' }), decide)).toEqual([])
  })

  it.each([
    ['failure', 'receiver_failure', 'provider'],
    ['startup_failure', 'receiver_startup_failure', 'provider'],
    ['cancelled', 'receiver_cancelled', 'cancelled'],
    ['timed_out', 'receiver_timed_out', 'timeout'],
    ['success', 'receiver_unconfirmed', 'provider'],
    ['neutral', 'receiver_unconfirmed', 'provider'],
    ['skipped', 'receiver_unconfirmed', 'provider']
  ] as const)(
    'its run concluded %s before admitting: attempt_failed %s, retryable',
    (conclusion, code, classification) => {
      const drafts = coordinatorRecords(state(), run({ conclusion }), decide)
      expect(drafts).toHaveLength(1)
      expect(drafts[0]?.state).toBe('attempt_failed')
      expect(drafts[0]?.fields.failure).toEqual({ code, classification, retryable: true })
      expect(drafts[0]?.fields.attempt).toEqual({ number: 1, reason: 'initial' })
      expect(drafts[0]?.fields.note).toBe(
        `receiver workflow run 77 concluded ${conclusion} before any receiver admitted attempt 1`
      )
      const after = appended(waiting(UNCONFIRMED), drafts)
      expect(after.state).toBe('attempt_failed')
      // Written once: a second observer finds nothing left to record.
      expect(coordinatorRecords(after, run({ conclusion }), decide)).toEqual([])
    }
  )

  it('nothing while its run works, for another run, or when its receiver key was admitted', () => {
    expect(
      coordinatorRecords(state(), run({ status: 'queued', conclusion: null }), decide)
    ).toEqual([])
    expect(coordinatorRecords(state(), run({ id: '78', conclusion: 'failure' }), decide)).toEqual(
      []
    )
    expect(
      coordinatorRecords(state(), run({ conclusion: 'failure' }), {
        ...decide,
        receiverAdmitted: true
      })
    ).toEqual([])
  })

  it('with two runs (the fenced re-send), only once both concluded, named by the newer', () => {
    const two = state({ ...UNCONFIRMED, candidate_run_ids: '77,78' })
    const first = run({ conclusion: 'failure' })
    const second = run({ id: '78', conclusion: 'startup_failure' })
    expect(coordinatorRecords(two, first, decide)).toEqual([])
    expect(
      coordinatorRecords(
        two,
        [first, { ...second, status: 'in_progress', conclusion: null }],
        decide
      )
    ).toEqual([])
    const [failed] = coordinatorRecords(two, [second, first], decide)
    expect(failed?.fields.failure?.code).toBe('receiver_startup_failure')
    expect(failed?.fields.note).toBe(
      'receiver workflow runs 77 concluded failure, 78 concluded startup_failure before any ' +
        'receiver admitted attempt 1'
    )
  })

  it('nothing once the run moved on (cancelled), or its attempt was never accepted', () => {
    expect(
      coordinatorRecords(
        reconstruct(extend(waiting(UNCONFIRMED), 'cancelled')),
        run({ conclusion: 'failure' }),
        decide
      )
    ).toEqual([])
    const ambiguous = legalChain(
      'admitted',
      { state: 'dispatched', provider: provider('not_submitted', UNCONFIRMED) },
      { state: 'dispatched', provider: provider('ambiguous', UNCONFIRMED) }
    )
    expect(unconfirmedReceiver(reconstruct(ambiguous))).toBeNull()
  })
})

describe('driver command: a conclusion its lookup prints', () => {
  /** A run whose attempt 1 the command driver sent and the provider accepted. */
  const sent = (driver = 'command') =>
    reconstruct(
      legalChain(
        'admitted',
        { state: 'dispatched', provider: { ...provider('not_submitted', {}), driver } },
        { state: 'dispatched', provider: { ...provider('submitted', { job: 'j-1' }), driver } }
      )
    )
  const decide = { onSuccess: 'decide' } as const

  it('success: candidate_observed with the answer as evidence, then decided by policy', () => {
    const drafts = lookupRecords(sent(), { job: 'j-1', conclusion: 'success' }, decide)
    expect(drafts.map(d => d.state)).toEqual(['candidate_observed', 'decided'])
    expect(drafts[0]?.fields.evidence?.[0]).toMatchObject({
      kind: 'command_lookup:success',
      uri: 'lookup:run-0001/a1'
    })
    expect(drafts[1]?.fields.decision).toEqual({ outcome: 'approved', by: 'policy:on-success' })
    expect(
      lookupRecords(sent(), { conclusion: 'success' }, { onSuccess: 'verify' }).map(d => d.state)
    ).toEqual(['candidate_observed'])
  })

  it('failure: attempt_failed receiver_failure, retryable', () => {
    const [failed] = lookupRecords(sent(), { conclusion: 'failure' }, decide)
    expect(failed?.state).toBe('attempt_failed')
    expect(failed?.fields.failure).toEqual({
      code: 'receiver_failure',
      classification: 'provider',
      retryable: true
    })
    expect(failed?.fields.attempt).toEqual({ number: 1, reason: 'initial' })
  })

  it.each([
    ['no conclusion', { job: 'j-1' }],
    ['another conclusion', { conclusion: 'cancelled' }],
    ['a conclusion in another case', { conclusion: 'SUCCESS' }]
  ])('nothing for %s', (_what, found) => {
    expect(lookupRecords(sent(), found, decide)).toEqual([])
  })

  it('nothing for another driver’s attempt, or once the run moved on', () => {
    expect(lookupRecords(sent('workflow'), { conclusion: 'success' }, decide)).toEqual([])
    const ended = reconstruct(
      extend(
        legalChain(
          'admitted',
          { state: 'dispatched', provider: provider('not_submitted', {}) },
          { state: 'dispatched', provider: provider('submitted', {}) }
        ),
        'cancelled'
      )
    )
    expect(lookupRecords(ended, { conclusion: 'failure' }, decide)).toEqual([])
  })

  it('dated by concluded_at, never later than now, nor by a time that is not one', () => {
    const now = new Date('2026-12-01T00:00:00Z')
    expect(lookupConcludedAt({ concluded_at: '2026-11-30T10:00:00Z' }, now)?.toISOString()).toBe(
      '2026-11-30T10:00:00.000Z'
    )
    expect(lookupConcludedAt({ concluded_at: '2027-01-01T00:00:00Z' }, now)).toBe(now)
    for (const bad of ['yesterday', '2026-11-30', '1999-01-01T00:00:00Z', '2026-11-30T10:00:00'])
      expect(lookupConcludedAt({ concluded_at: bad }, now)).toBeNull()
    expect(lookupConcludedAt({}, now)).toBeNull()
  })
})

describe('receiverRecord', () => {
  it.each([
    ['success', 'approved'],
    ['failure', 'rejected'],
    ['neutral', 'rejected']
  ] as const)('%s ends the receiver’s own run %s, by policy', (conclusion, outcome) => {
    const draft = receiverRecord(reconstruct(legalChain('admitted')), run({ conclusion }))
    expect(draft?.state).toBe('decided')
    expect(draft?.fields.decision).toEqual({ outcome, by: 'policy:receiver-conclusion' })
    expect(draft?.fields.note).toBe(`its workflow run 77 concluded ${conclusion}`)
  })

  it('nothing while it works, or when its run is not at admitted', () => {
    const admitted = reconstruct(legalChain('admitted'))
    expect(receiverRecord(admitted, run({ status: 'in_progress', conclusion: null }))).toBeNull()
    expect(receiverRecord(reconstruct(legalChain('admitted', 'cancelled')), run())).toBeNull()
  })
})

describe('reading GitHub’s answer', () => {
  it('a workflow run body, or null for anything that is not one', () => {
    expect(receiverRunOf({ id: 77, status: 'completed', conclusion: 'failure' }, 'u')).toEqual({
      id: '77',
      status: 'completed',
      conclusion: 'failure',
      html_url: 'u',
      updated_at: null
    })
    expect(
      receiverRunOf(
        { id: 77, status: 'completed', conclusion: 'success', html_url: 'h', updated_at: 't' },
        'u'
      )
    ).toMatchObject({ html_url: 'h', updated_at: 't' })
    for (const id of ['77', 0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2])
      expect(receiverRunOf({ id }, 'u')).toBeNull()
    expect(receiverRunOf({ id: 1 }, 'u')).toMatchObject({ id: '1', status: null, conclusion: null })
    expect(receiverRunOf(null, 'u')).toBeNull()
    expect(receiverRunOf('77', 'u')).toBeNull()
  })

  it('dates an observation by the run’s end, never by a time outside 2000–9999', () => {
    expect(observedAt({ updated_at: '2026-12-04T05:00:00Z' })?.toISOString()).toBe(
      '2026-12-04T05:00:00.000Z'
    )
    expect(observedAt({ updated_at: '1970-01-01T00:00:00Z' })).toBeNull()
    expect(observedAt({ updated_at: '2000-01-01T00:00:00Z' })).not.toBeNull()
    expect(observedAt({ updated_at: '1999-12-31T23:59:59Z' })).toBeNull()
    expect(observedAt({ updated_at: '9999-12-31T23:59:59Z' })).not.toBeNull()
    expect(observedAt({ updated_at: '+010000-01-01T00:00:00Z' })).toBeNull()
    expect(observedAt({ updated_at: 'soon' })).toBeNull()
    expect(observedAt({ updated_at: null })).toBeNull()
  })
})
