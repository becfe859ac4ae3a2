/**
 * The receiver rule, by tables: a run a send returned is a candidate; the ledger names the
 * receiver only from the receiver admission; a cancel stops the owner and every candidate.
 */
import { describe, expect, it } from '@jest/globals'
import {
  attemptToConfirm,
  candidateIds,
  candidateRunIds,
  confirmedIds,
  coordinatorOf,
  isWorkflowRunId,
  workflowRunsToCancel
} from '../../src/core/receiver.js'
import type { RecoveredAttempt, RecoveredRunState } from '../../src/core/reconstruct.js'

function attempt(
  number: number,
  ids: Record<string, string>,
  more: Partial<RecoveredAttempt> = {}
): RecoveredAttempt {
  return {
    number,
    reason: number === 1 ? 'initial' : 'retry',
    submission_state: 'submitted',
    external_ids: ids,
    driver: 'workflow',
    unresolved_ambiguous: false,
    failed: false,
    retryable: null,
    ...more
  }
}

function run(attempts: RecoveredAttempt[], state = 'dispatched'): RecoveredRunState {
  return {
    state,
    attempts,
    current_attempt: attempts.at(-1)?.number ?? null
  } as unknown as RecoveredRunState
}

describe('candidates', () => {
  it.each([
    [
      {},
      { workflow_run_id: '7', html_url: 'h' },
      { receiver_confirmed: 'false', candidate_run_ids: '7' }
    ],
    [
      { candidate_run_ids: '7' },
      { workflow_run_id: '8' },
      { receiver_confirmed: 'false', candidate_run_ids: '7,8' }
    ],
    [
      { candidate_run_ids: '7,8' },
      { workflow_run_id: '7' },
      { receiver_confirmed: 'false', candidate_run_ids: '7,8' }
    ],
    [{ candidate_run_ids: '7' }, {}, { receiver_confirmed: 'false', candidate_run_ids: '7' }],
    [{}, {}, { receiver_confirmed: 'false' }],
    [{}, { workflow_run_id: '../1' }, { receiver_confirmed: 'false' }],
    [{}, { workflow_run_id: '007' }, { receiver_confirmed: 'false' }]
  ])('recorded %j + returned %j → %j (never a workflow_run_id)', (recorded, returned, expected) => {
    expect(candidateIds(recorded, returned)).toEqual(expected)
  })

  it('only plain decimal ids are read back, each once', () => {
    expect(candidateRunIds({ candidate_run_ids: '1,x,2,,1,-3,04,99999999999999999' })).toEqual([
      '1',
      '2'
    ])
    expect(candidateRunIds({})).toEqual([])
  })
})

describe('confirmation', () => {
  it('names the workflow run that wrote the receiver admission', () => {
    expect(
      confirmedIds({ receiver_run_id: 'gh-9-abc', workflow_run_id: '9' }, id => `u/${id}`)
    ).toEqual({
      receiver_run_id: 'gh-9-abc',
      receiver_confirmed: 'true',
      workflow_run_id: '9',
      html_url: 'u/9'
    })
    expect(confirmedIds({ receiver_run_id: 'r', workflow_run_id: null }, null)).toEqual({
      receiver_run_id: 'r',
      receiver_confirmed: 'true'
    })
    expect(confirmedIds({ receiver_run_id: 'r', workflow_run_id: '1/../2' }, null)).toEqual({
      receiver_run_id: 'r',
      receiver_confirmed: 'true'
    })
  })

  const key = { receiver_key: 'k' }
  it.each([
    ['accepted, unconfirmed', run([attempt(1, { ...key, receiver_confirmed: 'false' })]), 1],
    ['accepted, confirmed', run([attempt(1, { ...key, receiver_confirmed: 'true' })]), null],
    ['no receiver key (command driver)', run([attempt(1, { job: '1' })]), null],
    [
      'ambiguous',
      run([attempt(1, key, { submission_state: 'ambiguous', unresolved_ambiguous: true })]),
      null
    ],
    ['not dispatched', run([attempt(1, key)], 'cancelled'), null],
    ['no attempt', run([], 'admitted'), null],
    [
      'the current attempt, not an older one',
      run([
        attempt(1, key, { failed: true, submission_state: 'definite_failure' }),
        attempt(2, key)
      ]),
      2
    ]
  ])('%s → confirm attempt %p', (_name, state, expected) => {
    expect(attemptToConfirm(state)?.number ?? null).toBe(expected)
  })
})

describe('what a cancel stops', () => {
  it('the owner read at cancel time, and every named or candidate run of a live attempt', () => {
    const state = run([
      attempt(1, { workflow_run_id: '11', candidate_run_ids: '12' }, { failed: true }),
      attempt(2, { workflow_run_id: '22', candidate_run_ids: '23,22,../1' }),
      attempt(3, { candidate_run_ids: '31' })
    ])
    expect(workflowRunsToCancel(state, '40')).toEqual(['40', '22', '23', '31'])
    expect(workflowRunsToCancel(state, null)).toEqual(['22', '23', '31'])
    expect(workflowRunsToCancel(state, '../5')).toEqual(['22', '23', '31'])
    expect(workflowRunsToCancel(run([]), null)).toEqual([])
  })
})

describe('a receiver names its coordinator', () => {
  it.each([
    ['gh-501-f282f34c55fc/a1', { run_id: 'gh-501-f282f34c55fc', attempt: 1 }],
    ['a/b/a12', { run_id: 'a/b', attempt: 12 }],
    ['r/a999999', { run_id: 'r', attempt: 999999 }],
    ['r/a1000000', null],
    ['r/a1x', null],
    ['r/a', null],
    ['r/b1', null],
    ['ra1', null],
    ['gh-1-x/a0', null],
    ['gh-1-x/a01', null],
    ['/a1', null],
    ['ticket-4711', null],
    [42, null],
    [['gh-1-x/a1'], null], // only a string is a dispatch key, whatever it reads as
    [undefined, null]
  ])('%p → %p', (key, expected) => {
    expect(coordinatorOf(key)).toEqual(expected)
  })
})

describe('what counts as a workflow run id', () => {
  it.each([
    ['1', true],
    ['9555', true],
    ['9'.repeat(16), true],
    ['1'.repeat(17), false],
    ['0', false],
    ['01', false],
    ['', false],
    [' 1', false],
    ['1 ', false],
    ['1a', false],
    ['a1', false],
    ['-1', false],
    ['1/../2', false],
    [undefined, false]
  ])('%p → %p', (value, expected) => {
    expect(isWorkflowRunId(value)).toBe(expected)
  })

  it('a recorded candidate list is read back cleaned, the returned id appended once', () => {
    expect(
      candidateIds({ candidate_run_ids: 'x,7,7', workflow_run_id: '5' }, { workflow_run_id: '8' })
    ).toEqual({ receiver_confirmed: 'false', candidate_run_ids: '7,8' })
    expect(candidateIds({ candidate_run_ids: '9'.repeat(16) }, {})).toEqual({
      receiver_confirmed: 'false',
      candidate_run_ids: '9'.repeat(16)
    })
  })
})

describe('confirmation and cancel, at the edges', () => {
  it('a confirmed receiver without a run URL function names the run but no html_url', () => {
    expect(confirmedIds({ receiver_run_id: 'r', workflow_run_id: '9' }, null)).toEqual({
      receiver_run_id: 'r',
      receiver_confirmed: 'true',
      workflow_run_id: '9'
    })
  })

  it('only the literal true confirms', () => {
    const key = { receiver_key: 'k' }
    for (const confirmed of ['TRUE', '1', 'yes', ''])
      expect(
        attemptToConfirm(run([attempt(1, { ...key, receiver_confirmed: confirmed })]))?.number
      ).toBe(1)
  })

  it('each run is stopped once, the owner first', () => {
    const state = run([attempt(1, { workflow_run_id: '7', candidate_run_ids: '6,7' })])
    expect(workflowRunsToCancel(state, '7')).toEqual(['7', '6'])
    expect(workflowRunsToCancel(state, '0')).toEqual(['7', '6'])
  })
})
