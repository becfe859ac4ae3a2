/**
 * The one at-most-once send protocol (core/send/), by table: how every provider's observation
 * is classified into the one send outcome and the one lookup answer, what comes after a send
 * and after a lookup, and the one budget; then what those answers mean for an effect's
 * operation (core/effect/decide.ts), for the tag push, a published release and a draft.
 */
import { describe, expect, it, test } from '@jest/globals'
import fc from 'fast-check'
import {
  afterLookup as effectAfterLookup,
  afterSend as effectAfterSend,
  type EffectContext,
  type NextStep
} from '../../../src/core/effect/decide.js'
import type { OperationState } from '../../../src/core/effect/operation.js'
import {
  classifyEffectLookup,
  classifyReleaseCreate,
  classifyTagPush,
  releaseIds,
  type EffectFinding
} from '../../../src/core/send/effectOutcome.js'
import {
  classifyCommandLookup,
  classifyCommandSend,
  classifyWorkflowDispatch,
  EXIT_NOT_RETRYABLE,
  EXIT_RETRYABLE,
  lastLineIds,
  type LookupOutcome,
  type SendOutcome
} from '../../../src/core/send/outcome.js'
import {
  afterLookup,
  afterSend,
  MAX_SENDS_PER_ATTEMPT,
  MAX_SENDS_PER_STEP,
  sendsLeft,
  type AfterLookup,
  type AfterSend
} from '../../../src/core/send/protocol.js'

describe('classifyWorkflowDispatch (driver workflow)', () => {
  test.each<[string, Parameters<typeof classifyWorkflowDispatch>[0], string, boolean | null]>([
    [
      '200 with run details',
      { status: 200, body: { workflow_run_id: 77, run_url: 'u', html_url: 'h' } },
      'submitted',
      null
    ],
    ['204 without details', { status: 204, body: '' }, 'submitted', null],
    ['400', { status: 400, body: {} }, 'refused', false],
    ['401', { status: 401, body: {} }, 'refused', false],
    ['403', { status: 403, body: {} }, 'refused', false],
    ['404', { status: 404, body: {} }, 'refused', false],
    ['422', { status: 422, body: {} }, 'refused', false],
    ['500', { status: 500, body: {} }, 'ambiguous', null],
    ['502', { status: 502, body: {} }, 'ambiguous', null],
    ['429', { status: 429, body: {} }, 'ambiguous', null],
    ['409', { status: 409, body: {} }, 'ambiguous', null],
    ['201 (unexpected success code)', { status: 201, body: {} }, 'ambiguous', null],
    ['dropped connection', { error: 'socket hang up' }, 'ambiguous', null],
    ['timeout', { error: 'timed out (timeout-seconds)' }, 'ambiguous', null]
  ])('%s → %s', (_name, answer, kind, retryable) => {
    const outcome = classifyWorkflowDispatch(answer)
    expect(outcome.kind).toBe(kind)
    if (outcome.kind === 'refused') {
      expect(outcome.failure.retryable).toBe(retryable)
      expect(outcome.failure.classification).toBe('provider')
      expect(outcome.failure.code).toBe(`http_${'status' in answer ? answer.status : ''}`)
    }
  })

  it('200 records the run id and html_url; 204 records none', () => {
    expect(
      classifyWorkflowDispatch({
        status: 200,
        body: { workflow_run_id: 77, run_url: 'api', html_url: 'https://x/77' }
      })
    ).toEqual({
      kind: 'submitted',
      external_ids: { workflow_run_id: '77', html_url: 'https://x/77' }
    })
    expect(classifyWorkflowDispatch({ status: 204, body: '' })).toEqual({
      kind: 'submitted',
      external_ids: {}
    })
    expect(classifyWorkflowDispatch({ status: 200, body: { workflow_run_id: 'x' } })).toEqual({
      kind: 'submitted',
      external_ids: {}
    })
  })

  it('403 names permissions: actions: write', () => {
    const outcome = classifyWorkflowDispatch({ status: 403, body: {} })
    expect(outcome.kind === 'refused' && outcome.message).toMatch(/permissions: actions: write/)
  })
})

describe('classifyWorkflowDispatch: every outcome, word for word', () => {
  const refusal = (status: number, why: string): SendOutcome => ({
    kind: 'refused',
    failure: { code: `http_${status}`, classification: 'provider', retryable: false },
    message: `The dispatch was refused with HTTP ${status}: ${why}.`
  })
  const REJECTED =
    'GitHub rejected the request: check the workflow, ref and inputs (the workflow must ' +
    'declare every input and have a workflow_dispatch trigger)'
  test.each<[string, Parameters<typeof classifyWorkflowDispatch>[0], SendOutcome]>([
    [
      'no answer → ambiguous, saying so',
      { error: 'socket hang up' },
      { kind: 'ambiguous', reason: 'no answer from the API (socket hang up)' }
    ],
    [
      '503 → ambiguous: the run may exist',
      { status: 503, body: {} },
      { kind: 'ambiguous', reason: 'HTTP 503: the API may have created the run' }
    ],
    [
      '403 names permissions: actions: write',
      { status: 403, body: {} },
      refusal(
        403,
        'the token may not dispatch workflows: give the job `permissions: actions: write` ' +
          '(or a token that has it)'
      )
    ],
    [
      '404 names the workflow file',
      { status: 404, body: {} },
      refusal(
        404,
        'the workflow or repository was not found: check the workflow input (a file in ' +
          '.github/workflows) and that the token can see the repository'
      )
    ],
    [
      '401 names the token',
      { status: 401, body: {} },
      refusal(401, 'the token was not accepted: check the token input')
    ],
    ['400', { status: 400, body: {} }, refusal(400, REJECTED)],
    ['422', { status: 422, body: {} }, refusal(422, REJECTED)],
    [
      '200, run id as a decimal string',
      { status: 200, body: { workflow_run_id: '77' } },
      { kind: 'submitted', external_ids: { workflow_run_id: '77' } }
    ],
    [
      '200, run id not all digits',
      { status: 200, body: { workflow_run_id: '7x' } },
      { kind: 'submitted', external_ids: {} }
    ],
    [
      '200, run id with a leading letter',
      { status: 200, body: { workflow_run_id: 'x7' } },
      { kind: 'submitted', external_ids: {} }
    ],
    [
      '200, run id neither number nor string',
      { status: 200, body: { workflow_run_id: [77] } },
      { kind: 'submitted', external_ids: {} }
    ],
    [
      '200, html_url not a string',
      { status: 200, body: { html_url: 5 } },
      { kind: 'submitted', external_ids: {} }
    ],
    ['200, a null body', { status: 200, body: null }, { kind: 'submitted', external_ids: {} }],
    [
      '200, an array body is no run details',
      { status: 200, body: Object.assign([], { workflow_run_id: 5 }) },
      { kind: 'submitted', external_ids: {} }
    ]
  ])('%s', (_name, answer, outcome) => {
    expect(classifyWorkflowDispatch(answer)).toEqual(outcome)
  })
})

describe('classifyCommandSend and classifyCommandLookup: every outcome, word for word', () => {
  const run = (exitCode: number | null, timedOut = false) => ({ exitCode, stdout: '', timedOut })
  test.each<[string, ReturnType<typeof run>, SendOutcome]>([
    [
      'timeout',
      run(0, true),
      { kind: 'ambiguous', reason: 'the command timed out (timeout-seconds)' }
    ],
    [
      'exit 75',
      run(75),
      {
        kind: 'refused',
        failure: { code: 'exit_75', classification: 'provider', retryable: true },
        message:
          'The run command exited 75: the provider definitely refused (retryable: a later ' +
          'dispatch starts a new attempt).'
      }
    ],
    [
      'exit 78',
      run(78),
      {
        kind: 'refused',
        failure: { code: 'exit_78', classification: 'provider', retryable: false },
        message: 'The run command exited 78: the provider definitely refused (not retryable).'
      }
    ],
    ['signal', run(null), { kind: 'ambiguous', reason: 'the command was killed by a signal' }],
    [
      'exit 3',
      run(3),
      { kind: 'ambiguous', reason: 'the command exited 3, which says neither sent nor refused' }
    ]
  ])('send %s', (_name, observed, outcome) => {
    expect(classifyCommandSend(observed)).toEqual(outcome)
  })

  test.each<[string, ReturnType<typeof run>, LookupOutcome]>([
    ['timeout', run(0, true), { kind: 'unknown', reason: 'the lookup command timed out' }],
    [
      'exit 0 without ids',
      run(0),
      {
        kind: 'unknown',
        reason: 'the lookup exited 0 without a JSON object of strings on its last line'
      }
    ],
    ['exit 1', run(1), { kind: 'absent', reason: 'the lookup exited 1: the provider has nothing' }],
    ['signal', run(null), { kind: 'unknown', reason: 'the lookup was killed by a signal' }],
    ['exit 4', run(4), { kind: 'unknown', reason: 'the lookup exited 4' }]
  ])('lookup %s', (_name, observed, outcome) => {
    expect(classifyCommandLookup(observed)).toEqual(outcome)
  })
})

describe('classifyCommandSend and classifyCommandLookup (driver command)', () => {
  const run = (exitCode: number | null, stdout = '', timedOut = false) => ({
    exitCode,
    stdout,
    timedOut
  })
  test.each<[string, ReturnType<typeof run>, string, boolean | null]>([
    ['exit 0', run(0), 'submitted', null],
    ['exit 75', run(75), 'refused', true],
    ['exit 78', run(78), 'refused', false],
    ['exit 1', run(1), 'ambiguous', null],
    ['exit 2', run(2), 'ambiguous', null],
    ['exit 76', run(76), 'ambiguous', null],
    ['signal', run(null), 'ambiguous', null],
    ['timeout, even with exit 0', run(0, '', true), 'ambiguous', null]
  ])('send %s → %s', (_name, observed, kind, retryable) => {
    const outcome = classifyCommandSend(observed)
    expect(outcome.kind).toBe(kind)
    if (outcome.kind === 'refused') expect(outcome.failure.retryable).toBe(retryable)
  })

  it('75 is EX_TEMPFAIL (retryable) and 78 EX_CONFIG (not retryable)', () => {
    expect([EXIT_RETRYABLE, EXIT_NOT_RETRYABLE]).toEqual([75, 78])
  })

  it('exit 0: the last stdout line, when a JSON object of strings, is the external ids', () => {
    expect(classifyCommandSend(run(0, 'starting\n{"job":"j-1"}\n'))).toEqual({
      kind: 'submitted',
      external_ids: { job: 'j-1' }
    })
    expect(classifyCommandSend(run(0, '{"job":"j-1"}\ndone\n'))).toEqual({
      kind: 'submitted',
      external_ids: {}
    })
  })

  test.each<[string, ReturnType<typeof run>, LookupOutcome['kind']]>([
    ['exit 0 with ids', run(0, '{"job":"j-9"}'), 'found'],
    ['exit 0 without ids', run(0, 'found it'), 'unknown'],
    ['exit 0 with a non-string id', run(0, '{"job":9}'), 'unknown'],
    ['exit 1', run(1), 'absent'],
    ['exit 2', run(2), 'unknown'],
    ['signal', run(null), 'unknown'],
    ['timeout', run(1, '', true), 'unknown']
  ])('lookup %s → %s', (_name, observed, kind) => {
    expect(classifyCommandLookup(observed).kind).toBe(kind)
  })

  test.each<[string, Record<string, string> | null]>([
    ['{"a":"1","b":"2"}', { a: '1', b: '2' }],
    ['  {"a":"1"}  \n\n', { a: '1' }],
    ['{}', {}],
    ['[]', null],
    ['{"a":1}', null],
    ['{"a":null}', null],
    ['{"a":', null],
    ['"a"', null],
    ['', null]
  ])('lastLineIds(%j)', (stdout, ids) => {
    expect(lastLineIds(stdout)).toEqual(ids)
  })

  it('a __proto__ id is kept as a plain key, never dropped or inherited', () => {
    const ids = lastLineIds('{"__proto__":"x"}')
    expect(ids && Object.keys(ids)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(ids)).toBe(Object.prototype)
  })
})

describe('the one budget: a step sends at most twice, an attempt at most twice', () => {
  it('is two and two', () => {
    expect([MAX_SENDS_PER_STEP, MAX_SENDS_PER_ATTEMPT]).toEqual([2, 2])
  })
  test.each<[number, number | undefined, number]>([
    [0, undefined, 2],
    [1, undefined, 1],
    [2, undefined, 0],
    [3, undefined, -1],
    [0, 0, 2],
    [0, 1, 1],
    [1, 0, 1],
    [0, 2, 0],
    [2, 0, 0],
    [1, 1, 1],
    [1, 2, 0],
    [2, 1, 0]
  ])('%i sent this step, %p of the attempt → %i left', (step, attempt, left) => {
    expect(sendsLeft(step, attempt)).toBe(left)
  })
})

describe('afterSend: what comes after a send, for every provider', () => {
  const submitted: SendOutcome = { kind: 'submitted', external_ids: {} }
  const refused: SendOutcome = {
    kind: 'refused',
    failure: { code: 'http_422', classification: 'provider', retryable: false },
    message: 'm'
  }
  const ambiguous: SendOutcome = { kind: 'ambiguous', reason: 'r' }
  const preempted: SendOutcome = { kind: 'preempted', reason: 'r' }
  const driver = { fenced: true, commitsWithRecord: false }
  const unfenced = { fenced: false, commitsWithRecord: false }
  const atomic = { fenced: true, commitsWithRecord: true }
  test.each<[string, SendOutcome, typeof driver, boolean, AfterSend]>([
    ['submitted → record', submitted, driver, true, 'record'],
    ['submitted, not the only send → record', submitted, unfenced, false, 'record'],
    ['submitted with its record → committed', submitted, atomic, true, 'committed'],
    ['refused, final → fail', refused, driver, true, 'fail'],
    ['refused, unfenced, final → fail', refused, unfenced, true, 'fail'],
    ['refused, an earlier send may have landed → lookup', refused, driver, false, 'lookup'],
    ['refused with its record → stop (nothing written)', refused, atomic, true, 'stop'],
    ['refused with its record, not final → stop', refused, atomic, false, 'stop'],
    ['ambiguous → lookup', ambiguous, driver, true, 'lookup'],
    ['ambiguous, unfenced → lookup', ambiguous, unfenced, false, 'lookup'],
    ['ambiguous with its record → lookup', ambiguous, atomic, true, 'lookup'],
    ['preempted (a lease refused) with its record → lookup', preempted, atomic, true, 'lookup'],
    ['preempted, not final → lookup', preempted, driver, false, 'lookup']
  ])('%s', (_name, outcome, provider, final, next) => {
    expect(afterSend(outcome, provider, final)).toBe(next)
  })
})

describe('afterLookup: what a lookup allows', () => {
  const found: LookupOutcome = { kind: 'found', external_ids: { job: '1' } }
  const absent: LookupOutcome = { kind: 'absent', reason: 'r' }
  const unknown: LookupOutcome = { kind: 'unknown', reason: 'r' }
  const conflict: LookupOutcome = { kind: 'conflict', reason: 'r' }
  const unavailable: LookupOutcome = { kind: 'unavailable', reason: 'r' }
  test.each<[string, LookupOutcome, boolean, number, AfterLookup]>([
    ['found, fenced', found, true, 1, 'adopt'],
    ['found, unfenced, no sends left', found, false, 0, 'adopt'],
    ['absent, sends left', absent, false, 1, 'fail_and_retry'],
    ['absent, fenced, sends left', absent, true, 2, 'fail_and_retry'],
    ['absent, no sends left', absent, false, 0, 'fail_only'],
    ['absent, fenced, no sends left', absent, true, 0, 'fail_only'],
    ['absent, budget overdrawn', absent, true, -1, 'fail_only'],
    ['unknown, fenced, sends left', unknown, true, 1, 'resend'],
    ['unknown, fenced, no sends left', unknown, true, 0, 'unresolved'],
    ['unknown, fenced, budget overdrawn', unknown, true, -1, 'unresolved'],
    ['unknown, not fenced', unknown, false, 2, 'unresolved'],
    ['unknown, not fenced, no sends left', unknown, false, 0, 'unresolved'],
    ['conflict, sends left', conflict, true, 2, 'conflict'],
    ['conflict, unfenced, no sends left', conflict, false, 0, 'conflict'],
    ['unavailable, fenced, sends left', unavailable, true, 2, 'stop'],
    ['unavailable, unfenced', unavailable, false, 0, 'stop']
  ])('%s → %s', (_name, lookup, fenced, left, next) => {
    expect(afterLookup(lookup, { fenced, sendsLeft: left })).toBe(next)
  })
})

describe('classifyTagPush and classifyReleaseCreate (the effect providers)', () => {
  test.each<[string, Parameters<typeof classifyTagPush>[0], SendOutcome]>([
    ['created', { kind: 'created' }, { kind: 'submitted', external_ids: { tag_object: 'oid' } }],
    [
      'rejected: a lease refused (the ref exists or the record moved), so nothing went out',
      { kind: 'rejected' },
      {
        kind: 'preempted',
        reason:
          'the push made nothing (the ref exists or the record moved): fetch both to see whose it is'
      }
    ],
    [
      'refused by a hook',
      { kind: 'refused', detail: 'd' },
      {
        kind: 'refused',
        failure: { code: 'push_refused', classification: 'provider', retryable: false },
        message:
          'the remote refused the push (a hook or ruleset): neither the tag nor the record was written (d)'
      }
    ],
    [
      'no answer',
      { kind: 'ambiguous', detail: 'd' },
      {
        kind: 'ambiguous',
        reason: 'the push was not answered: fetch the tag and the journal (d)'
      }
    ]
  ])('tag push %s', (_name, pushed, outcome) => {
    expect(classifyTagPush(pushed, 'oid')).toEqual(outcome)
  })

  test.each<[string, Parameters<typeof classifyReleaseCreate>[0], SendOutcome]>([
    [
      '201',
      { kind: 'created', release: { id: 7, html_url: 'u' } },
      { kind: 'submitted', external_ids: { release_id: '7', release_url: 'u' } }
    ],
    [
      '422 already_exists: the fence',
      { kind: 'already_exists', detail: 'd' },
      {
        kind: 'ambiguous',
        reason: 'GitHub refused a second release for this tag: look up whose it is (d)'
      }
    ],
    [
      '403',
      { kind: 'refused', status: 403, detail: 'd' },
      {
        kind: 'refused',
        failure: { code: 'http_403', classification: 'provider', retryable: false },
        message: 'refused 403: d'
      }
    ],
    [
      'no answer',
      { kind: 'ambiguous', detail: 'd' },
      { kind: 'ambiguous', reason: 'the outcome of the create is not known: look it up (d)' }
    ]
  ])('release create %s', (_name, created, outcome) => {
    expect(classifyReleaseCreate(created)).toEqual(outcome)
  })

  it('a release is recorded by its id and address', () => {
    expect(releaseIds({ id: 12, html_url: 'https://x/12' })).toEqual({
      release_id: '12',
      release_url: 'https://x/12'
    })
  })
})

describe('classifyEffectLookup: absence proves nothing without a fence', () => {
  const seen = { external_ids: { release_id: '1' }, reason: 'why' }
  test.each<[EffectFinding, boolean, LookupOutcome]>([
    ['ours', true, { kind: 'found', external_ids: { release_id: '1' }, reason: 'why' }],
    ['ours', false, { kind: 'found', external_ids: { release_id: '1' }, reason: 'why' }],
    ['other', true, { kind: 'conflict', reason: 'why' }],
    ['several', false, { kind: 'conflict', reason: 'why' }],
    ['none', true, { kind: 'absent', reason: 'why' }],
    ['none', false, { kind: 'unknown', reason: 'why' }],
    ['unavailable', true, { kind: 'unavailable', reason: 'why' }],
    ['unavailable', false, { kind: 'unavailable', reason: 'why' }]
  ])('%s, fenced %p', (found, fenced, outcome) => {
    expect(classifyEffectLookup(found, fenced, seen)).toEqual(outcome)
  })
})

// ---- what the protocol's answers mean for an effect's operation ------------------------------

type Kind = 'tag' | 'published' | 'draft'
type Sent = 'created' | 'already_exists' | 'refused' | 'ambiguous'
type LookupFound = EffectFinding
const KINDS: Kind[] = ['tag', 'published', 'draft']
const SEND_OUTCOMES: Sent[] = ['created', 'already_exists', 'refused', 'ambiguous']
const FOUND: LookupFound[] = ['ours', 'other', 'several', 'none', 'unavailable']
const ctx = (kind: Kind, sends: number, sendsThisStep: number): EffectContext => ({
  fenced: kind !== 'draft',
  commitsWithRecord: kind === 'tag',
  sends,
  sendsThisStep
})
/** What each provider's classification makes of an answer. */
const sent = (kind: Kind, outcome: Sent): SendOutcome => {
  if (kind === 'tag')
    return classifyTagPush(
      outcome === 'created'
        ? { kind: 'created' }
        : outcome === 'already_exists'
          ? { kind: 'rejected' }
          : { kind: outcome, detail: 'd' },
      'oid'
    )
  return classifyReleaseCreate(
    outcome === 'created'
      ? { kind: 'created', release: { id: 1, html_url: 'u' } }
      : outcome === 'refused'
        ? { kind: 'refused', status: 403, detail: 'd' }
        : { kind: outcome, detail: 'd' }
  )
}
const looked = (kind: Kind, found: LookupFound): LookupOutcome =>
  classifyEffectLookup(found, kind !== 'draft', { external_ids: {}, reason: 'r' })
const afterSendOf = (c: EffectContext, kind: Kind, outcome: Sent) =>
  effectAfterSend(c, sent(kind, outcome))
const afterLookupOf = (c: EffectContext, kind: Kind, found: LookupFound) =>
  effectAfterLookup(c, looked(kind, found))

describe('afterSend: every kind × outcome × send count', () => {
  // [kind, outcome, sends recorded, expected next, expected record]
  const ROWS: Array<[Kind, Sent, number, NextStep, OperationState | null]> = [
    ['tag', 'created', 0, 'committed', null],
    ['tag', 'already_exists', 0, 'lookup', null],
    ['tag', 'refused', 0, 'stop', null],
    ['tag', 'ambiguous', 0, 'lookup', null],
    ['published', 'created', 1, 'read_back', 'observed'],
    ['published', 'created', 2, 'read_back', 'observed'],
    ['published', 'already_exists', 1, 'lookup', null],
    ['published', 'already_exists', 2, 'lookup', null],
    ['published', 'refused', 1, 'not_committed', 'terminal_no_commit'],
    ['published', 'refused', 2, 'lookup', null],
    ['published', 'ambiguous', 1, 'lookup', null],
    ['published', 'ambiguous', 2, 'lookup', null],
    ['draft', 'created', 1, 'read_back', 'observed'],
    ['draft', 'already_exists', 1, 'lookup', null],
    ['draft', 'refused', 1, 'not_committed', 'terminal_no_commit'],
    ['draft', 'refused', 2, 'lookup', null],
    ['draft', 'ambiguous', 1, 'lookup', null]
  ]
  it.each(ROWS)('%s, %s at send %i → %s (%s)', (kind, outcome, sends, next, record) => {
    expect(afterSendOf(ctx(kind, sends, 1), kind, outcome)).toMatchObject({ next, record })
  })
  it('covers every kind and outcome', () => {
    for (const kind of KINDS)
      for (const outcome of SEND_OUTCOMES)
        expect(ROWS.some(r => r[0] === kind && r[1] === outcome)).toBe(true)
  })
})

describe('afterLookup: every kind × finding × sends this step', () => {
  const expected = (
    kind: Kind,
    found: LookupFound,
    sendsThisStep: number
  ): [NextStep, OperationState | null] => {
    if (found === 'ours') return ['committed', 'terminal_committed']
    if (found === 'other' || found === 'several') return ['conflict', 'conflict']
    if (found === 'unavailable') return ['stop', null]
    if (kind === 'draft') return ['unknown', 'unknown']
    return sendsThisStep < MAX_SENDS_PER_STEP ? ['send', null] : ['stop', null]
  }
  const rows: Array<[Kind, LookupFound, number]> = []
  for (const kind of KINDS)
    for (const found of FOUND) for (const n of [0, 1, 2]) rows.push([kind, found, n])
  it.each(rows)('%s, found %s, %i sent this step', (kind, found, n) => {
    const [next, record] = expected(kind, found, n)
    expect(afterLookupOf(ctx(kind, 1, n), kind, found)).toMatchObject({ next, record })
  })
  it('spells out the rows that matter most', () => {
    expect(afterLookupOf(ctx('draft', 1, 1), 'draft', 'none').record).toBe('unknown')
    expect(afterLookupOf(ctx('published', 1, 1), 'published', 'none').next).toBe('send')
    expect(afterLookupOf(ctx('tag', 0, 1), 'tag', 'none').next).toBe('send')
    expect(afterLookupOf(ctx('published', 1, 2), 'published', 'none').next).toBe('stop')
    expect(afterLookupOf(ctx('draft', 1, 1), 'draft', 'several').record).toBe('conflict')
  })
})

describe('properties', () => {
  const anyKind = fc.constantFrom<Kind>(...KINDS)
  it('only a definite refusal of the only send ends an operation not-committed', () => {
    fc.assert(
      fc.property(
        anyKind,
        fc.constantFrom(...SEND_OUTCOMES),
        fc.constantFrom(...FOUND),
        fc.nat(5),
        fc.nat(3),
        (kind, outcome, found, sends, n) => {
          expect(afterLookupOf(ctx(kind, sends, n), kind, found).record).not.toBe(
            'terminal_no_commit'
          )
          const after = afterSendOf(ctx(kind, sends, n), kind, outcome)
          if (after.record === 'terminal_no_commit')
            expect([kind !== 'tag', outcome, sends]).toEqual([true, 'refused', 1])
        }
      )
    )
  })
  it('a draft is never sent twice: after its first send nothing leads back to send', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FOUND),
        fc.nat(3),
        fc.integer({ min: 1, max: 4 }),
        (found, n, sends) => {
          expect(afterLookupOf(ctx('draft', sends, n), 'draft', found).next).not.toBe('send')
        }
      )
    )
  })
  it('no step sends more than twice', () => {
    fc.assert(
      fc.property(
        anyKind,
        fc.constantFrom(...FOUND),
        fc.integer({ min: 2, max: 9 }),
        (kind, found, n) => {
          expect(afterLookupOf(ctx(kind, 1, n), kind, found).next).not.toBe('send')
        }
      )
    )
  })
})

describe('an effect decision says why, from what the provider answered', () => {
  const unknown: LookupOutcome = { kind: 'unknown', reason: 'r' }
  test.each<[string, EffectContext, LookupOutcome, NextStep, OperationState | null, string]>([
    ['found', ctx('tag', 0, 1), looked('tag', 'ours'), 'committed', 'terminal_committed', 'r'],
    [
      'found without a reason',
      ctx('tag', 0, 1),
      { kind: 'found', external_ids: {} },
      'committed',
      'terminal_committed',
      'found'
    ],
    ['other', ctx('published', 1, 1), looked('published', 'other'), 'conflict', 'conflict', 'r'],
    ['none, fenced', ctx('published', 1, 1), looked('published', 'none'), 'send', null, 'r'],
    ['none, a draft', ctx('draft', 1, 1), looked('draft', 'none'), 'unknown', 'unknown', 'r'],
    ['unavailable', ctx('draft', 1, 1), looked('draft', 'unavailable'), 'stop', null, 'r'],
    ['unknown, fenced, sends left: resend', ctx('published', 1, 1), unknown, 'send', null, 'r'],
    ['unknown, fenced, none left: a later step', ctx('published', 1, 2), unknown, 'stop', null, 'r']
  ])('%s', (_name, c, lookup, next, record, why) => {
    const decision = effectAfterLookup(c, lookup)
    expect(decision).toMatchObject({ next, record })
    expect(decision.reason).toContain(why)
  })

  test.each<[Kind, Sent, number, string]>([
    ['tag', 'created', 0, 'the atomic push created the ref and recorded it committed'],
    ['tag', 'refused', 0, 'the remote refused the push (a hook or ruleset)'],
    ['tag', 'already_exists', 0, 'the push made nothing'],
    ['published', 'created', 1, 'GitHub answered 201: read it back'],
    ['published', 'refused', 1, 'GitHub definitely refused the only send'],
    ['published', 'refused', 2, 'refused 403: d'],
    ['draft', 'ambiguous', 1, 'the outcome of the create is not known']
  ])('%s %s at send %i says %j', (kind, outcome, sends, why) => {
    expect(afterSendOf(ctx(kind, sends, 1), kind, outcome).reason).toContain(why)
  })
})
