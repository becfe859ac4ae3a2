import { describe, expect, test } from '@jest/globals'
import { InvalidInput } from '../../src/core/errors.js'
import { timestampOf } from '../../src/core/time.js'
import { ownsRun, writerFromEnv } from '../../src/core/writer.js'
import { nextAttempt } from '../../src/core/attempts.js'

const REF = 'octo-org/octo-repo/.github/workflows/ledger.yml@refs/heads/main'

describe('writerFromEnv (docs/design/writers.md writer identity)', () => {
  test.each([
    [{}, null],
    [{ GITHUB_RUN_ID: '' }, null],
    [
      { GITHUB_RUN_ID: '501', GITHUB_RUN_ATTEMPT: '2', GITHUB_WORKFLOW_REF: REF },
      { github_run_id: '501', run_attempt: 2, workflow_ref: REF }
    ],
    [{ GITHUB_RUN_ID: '501' }, { github_run_id: '501', run_attempt: 1, workflow_ref: '' }]
  ])('%p → %p', (env, writer) => {
    expect(writerFromEnv(env)).toEqual(writer)
  })

  test.each([
    [{ GITHUB_RUN_ID: 'abc' }, /GITHUB_RUN_ID is "abc"/],
    [{ GITHUB_RUN_ID: '0' }, /GITHUB_RUN_ID/],
    [{ GITHUB_RUN_ID: '5', GITHUB_RUN_ATTEMPT: '0' }, /GITHUB_RUN_ATTEMPT is "0"/],
    [{ GITHUB_RUN_ID: '5', GITHUB_RUN_ATTEMPT: '1.5' }, /GITHUB_RUN_ATTEMPT/],
    [{ GITHUB_RUN_ID: '5', GITHUB_WORKFLOW_REF: 'a\nb' }, /GITHUB_WORKFLOW_REF/]
  ])('%p is refused', (env, message) => {
    expect(() => writerFromEnv(env)).toThrow(InvalidInput)
    expect(() => writerFromEnv(env)).toThrow(message)
  })
})

describe('ownsRun (docs/design/writers.md ownership)', () => {
  const self = { github_run_id: '501', run_attempt: 2, workflow_ref: REF }
  const other = { ...self, github_run_id: '502' }
  test.each([
    ['its default run id', { run_id: 'gh-501-f282f34c55fc', first_writer: other }, self, true],
    ['a run it admitted under its own id', { run_id: 'mine', first_writer: self }, self, true],
    [
      'a re-run (another attempt)',
      { run_id: 'mine', first_writer: { ...self, run_attempt: 1 } },
      self,
      true
    ],
    [
      "another run's default id",
      { run_id: 'gh-502-f282f34c55fc', first_writer: other },
      self,
      false
    ],
    [
      'a prefix that only looks alike',
      { run_id: 'gh-5010-f282f34c55fc', first_writer: null },
      self,
      false
    ],
    ['a run with no writer', { run_id: 'x', first_writer: null }, self, false],
    ['outside Actions', { run_id: 'gh-501-f282f34c55fc', first_writer: self }, null, false]
  ])('%s', (_, run, writer, owner) => {
    expect(ownsRun(run, writer)).toBe(owner)
  })
})

describe('timestampOf (docs/design/writers.md time)', () => {
  test.each([
    ['2000-01-01T00:00:00.000Z', '2000-01-01T00:00:00Z'],
    ['2026-11-30T07:16:31.999Z', '2026-11-30T07:16:31Z'],
    ['9999-12-31T23:59:59.000Z', '9999-12-31T23:59:59Z']
  ])('%s → %s', (iso, stamp) => {
    expect(timestampOf(new Date(iso))).toBe(stamp)
  })
  test.each([
    '1969-12-31T23:59:59Z',
    '1999-12-31T23:59:59Z',
    '+010000-01-01T00:00:00Z',
    'nonsense'
  ])('%s is an error, never a record', iso => {
    expect(() => timestampOf(new Date(iso))).toThrow(/outside 2000-01-01 to 9999-12-31/)
  })
})

describe('nextAttempt: the one attempt rule (docs/design/states.md)', () => {
  const a = (number: number, reason: 'initial' | 'retry' | 'recovery' = 'initial') => ({
    number,
    reason
  })
  test.each([
    ['first dispatch', { state: 'admitted', attempt: null }, 'dispatched', a(1)],
    [
      'submission update',
      { state: 'dispatched', attempt: a(2, 'retry') },
      'dispatched',
      a(2, 'retry')
    ],
    [
      'retry after a failure',
      { state: 'attempt_failed', attempt: a(2, 'retry') },
      'dispatched',
      a(3, 'retry')
    ],
    [
      'failure of the attempt in flight',
      { state: 'dispatched', attempt: a(1) },
      'attempt_failed',
      a(1)
    ],
    [
      'operator answer to a failure',
      { state: 'attempt_failed', attempt: a(1) },
      'attempt_failed',
      a(1)
    ],
    ['no dispatch from proposed', { state: 'proposed', attempt: null }, 'dispatched', null],
    ['no attempt for cancelled', { state: 'dispatched', attempt: a(1) }, 'cancelled', null],
    [
      'a failed head without an attempt',
      { state: 'attempt_failed', attempt: null },
      'dispatched',
      null
    ]
  ] as const)('%s', (_, head, next, attempt) => {
    expect(nextAttempt(head, next)).toEqual(attempt)
  })
  test('no head, no attempt', () => {
    expect(nextAttempt(null, 'dispatched')).toBeNull()
  })
})
