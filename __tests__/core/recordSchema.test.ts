/**
 * docs/design/storage.md record JSON, closed at every level: each field's type, bounds and values, and the
 * messages that name what is wrong. Table-driven: one row per edge.
 */
import { describe, expect, it } from '@jest/globals'
import { digestOf } from '../../src/core/canonical.js'
import {
  DigestSchema,
  NO_AUTHORITY,
  RECORD_SCHEMA,
  RecordInputSchema,
  RecordSchema,
  SUBMISSION_STATES,
  TRIGGERS,
  TimestampSchema,
  type LedgerRecord
} from '../../src/core/record.js'
import { STATES } from '../../src/core/states.js'
import { makeRecord } from '../../testkit/fixtures.js'

const DIGEST = digestOf('x')
const WRITER = {
  github_run_id: '501',
  run_attempt: 2,
  workflow_ref: 'o/r/.github/workflows/w.yml@refs/heads/main'
}
const HEX = DIGEST.slice(7)
const text = (n: number) => 'x'.repeat(n)

type Edit = (record: LedgerRecord) => unknown
const set =
  (change: Record<string, unknown>): Edit =>
  record => ({ ...record, ...change })
const nested =
  (field: keyof LedgerRecord, value: Record<string, unknown>): Edit =>
  record => ({ ...record, [field]: value })

const provider = (change: Record<string, unknown> = {}) => ({
  driver: 'fake',
  submission_state: 'submitted',
  external_ids: {},
  ...change
})
const failure = (change: Record<string, unknown> = {}) => ({
  code: 'c',
  classification: 'provider',
  retryable: false,
  ...change
})
const evidence = (change: Record<string, unknown> = {}) => ({
  kind: 'log',
  digest: DIGEST,
  uri: 'logs/run.txt',
  ...change
})
const idem = (change: Record<string, unknown>) => (record: LedgerRecord) => ({
  ...record,
  idempotency: { ...record.idempotency, ...change }
})

const valid: Array<[string, Edit]> = [
  ['the default', r => r],
  ['run_id of 1024 characters', set({ run_id: text(1024) })],
  ['a fractional time with 9 digits', set({ occurred_at: '2026-11-29T12:00:00.123456789Z' })],
  ['a fractional time with 1 digit', set({ occurred_at: '2026-11-29T12:00:00.1Z' })],
  ['actor', set({ actor: { login: text(256), id: 0 } })],
  ['input_key of 1024 characters', idem({ input_key: text(1024) })],
  ['attempt 1 of each reason', set({ attempt: { number: 1, reason: 'recovery' } })],
  ['provider', set({ provider: provider({ driver: text(256), external_ids: { a: 'b' } }) })],
  ['failure', set({ failure: failure({ code: text(256), retryable: true }) })],
  ['evidence', set({ evidence: [evidence({ kind: text(256), uri: text(4096) })] })],
  ['evidence with .. inside a name', set({ evidence: [evidence({ uri: 'a/b..c/..d' })] })],
  ['decision', set({ decision: { outcome: 'rejected', by: text(256) } })],
  ['note of 4096 characters', set({ note: text(4096) })],
  ['an empty note', set({ note: '' })],
  ...TRIGGERS.map((trigger): [string, Edit] => [`trigger ${trigger}`, set({ trigger })]),
  ...STATES.map((state): [string, Edit] => [`state ${state}`, set({ state })]),
  ...SUBMISSION_STATES.map((s): [string, Edit] => [
    `submission ${s}`,
    set({ provider: provider({ submission_state: s }) })
  ]),
  ...['initial', 'retry', 'recovery'].map((reason): [string, Edit] => [
    `attempt reason ${reason}`,
    set({ attempt: { number: 2, reason } })
  ]),
  ...[
    'policy_denied',
    'configuration',
    'provider',
    'candidate_normalization',
    'verification',
    'timeout',
    'cancelled',
    'recovery_required',
    'internal'
  ].map((classification): [string, Edit] => [
    `failure ${classification}`,
    set({ failure: failure({ classification }) })
  ]),
  ['decision approved', set({ decision: { outcome: 'approved', by: 'a' } })],
  ['a writer', set({ writer: WRITER })],
  [
    'a writer at its bounds',
    set({ writer: { github_run_id: '9'.repeat(20), run_attempt: 1, workflow_ref: text(1024) } })
  ],
  ['a writer with an empty workflow_ref', set({ writer: { ...WRITER, workflow_ref: '' } })]
]

const invalid: Array<[string, Edit, string, RegExp?]> = [
  ['another schema', set({ schema: 'dispatch-ledger/record/v2' }), 'schema'],
  ['an unknown field', set({ extra: 1 }), ''],
  ['an empty run_id', set({ run_id: '' }), 'run_id'],
  ['a run_id with a line break', set({ run_id: 'a\nb' }), 'run_id', /control characters/],
  [
    'a dispatch key with DEL',
    idem({ dispatch_key: 'a\u007f' }),
    'idempotency.dispatch_key',
    /control characters/
  ],
  [
    'writer run id 0',
    set({ writer: { ...WRITER, github_run_id: '0' } }),
    'writer.github_run_id',
    /workflow run id/
  ],
  [
    'writer run id not digits',
    set({ writer: { ...WRITER, github_run_id: '5a' } }),
    'writer.github_run_id'
  ],
  [
    'writer run id of 21 digits',
    set({ writer: { ...WRITER, github_run_id: '1'.repeat(21) } }),
    'writer.github_run_id'
  ],
  [
    'writer run id a number',
    set({ writer: { ...WRITER, github_run_id: 501 } }),
    'writer.github_run_id'
  ],
  ['writer attempt 0', set({ writer: { ...WRITER, run_attempt: 0 } }), 'writer.run_attempt'],
  ['writer attempt 1.5', set({ writer: { ...WRITER, run_attempt: 1.5 } }), 'writer.run_attempt'],
  [
    'writer workflow_ref of 1025',
    set({ writer: { ...WRITER, workflow_ref: text(1025) } }),
    'writer.workflow_ref'
  ],
  ['writer with an extra field', set({ writer: { ...WRITER, x: 1 } }), 'writer'],
  ['run_id of 1025 characters', set({ run_id: text(1025) }), 'run_id'],
  ['sequence 0', set({ ledger_sequence: 0 }), 'ledger_sequence'],
  ['a fractional sequence', set({ ledger_sequence: 1.5 }), 'ledger_sequence'],
  ['a bad previous digest', set({ previous_record_digest: 'sha256:x' }), 'previous_record_digest'],
  ['an unknown state', set({ state: 'running' }), 'state'],
  ['an unknown trigger', set({ trigger: 'cron' }), 'trigger'],
  ['a time not in UTC', set({ occurred_at: '2026-11-29T12:00:00+01:00' }), 'occurred_at'],
  ['an actor with an empty login', set({ actor: { login: '', id: 1 } }), 'actor.login'],
  ['an actor login of 257', set({ actor: { login: text(257), id: 1 } }), 'actor.login'],
  ['a negative actor id', set({ actor: { login: 'a', id: -1 } }), 'actor.id'],
  ['a fractional actor id', set({ actor: { login: 'a', id: 1.5 } }), 'actor.id'],
  ['an actor with an extra field', set({ actor: { login: 'a', id: 1, x: 1 } }), 'actor'],
  ['an empty dispatch key', idem({ dispatch_key: '' }), 'idempotency.dispatch_key'],
  ['a bad request digest', idem({ request_digest: HEX }), 'idempotency.request_digest'],
  ['an empty input_key', idem({ input_key: '' }), 'idempotency.input_key'],
  ['input_key of 1025', idem({ input_key: text(1025) }), 'idempotency.input_key'],
  ['idempotency with an extra field', idem({ x: 1 }), 'idempotency'],
  ['attempt 0', set({ attempt: { number: 0, reason: 'initial' } }), 'attempt.number'],
  ['attempt 1.5', set({ attempt: { number: 1.5, reason: 'initial' } }), 'attempt.number'],
  ['an unknown attempt reason', set({ attempt: { number: 1, reason: 'again' } }), 'attempt.reason'],
  [
    'attempt with an extra field',
    set({ attempt: { number: 1, reason: 'retry', x: 1 } }),
    'attempt'
  ],
  ['an empty driver', set({ provider: provider({ driver: '' }) }), 'provider.driver'],
  ['a driver of 257', set({ provider: provider({ driver: text(257) }) }), 'provider.driver'],
  [
    'an unknown submission state',
    set({ provider: provider({ submission_state: 'lost' }) }),
    'provider.submission_state'
  ],
  [
    'a non-string external id',
    set({ provider: provider({ external_ids: { a: 1 } }) }),
    'provider.external_ids.a'
  ],
  ['provider with an extra field', set({ provider: provider({ x: 1 }) }), 'provider'],
  ['an empty failure code', set({ failure: failure({ code: '' }) }), 'failure.code'],
  ['a failure code of 257', set({ failure: failure({ code: text(257) }) }), 'failure.code'],
  [
    'an unknown classification',
    set({ failure: failure({ classification: 'flaky' }) }),
    'failure.classification'
  ],
  ['retryable not a boolean', set({ failure: failure({ retryable: 'yes' }) }), 'failure.retryable'],
  ['failure with an extra field', set({ failure: failure({ x: 1 }) }), 'failure'],
  ['an empty evidence kind', set({ evidence: [evidence({ kind: '' })] }), 'evidence.0.kind'],
  ['evidence kind of 257', set({ evidence: [evidence({ kind: text(257) })] }), 'evidence.0.kind'],
  [
    'an evidence digest of content',
    set({ evidence: [evidence({ digest: 'abc' })] }),
    'evidence.0.digest'
  ],
  ['an empty evidence uri', set({ evidence: [evidence({ uri: '' })] }), 'evidence.0.uri'],
  ['an evidence uri of 4097', set({ evidence: [evidence({ uri: text(4097) })] }), 'evidence.0.uri'],
  ...['../x', 'a/../x', 'a/..', '..', 'a\\..\\x', '..\\x'].map(
    (uri): [string, Edit, string, RegExp] => [
      `evidence uri ${uri}`,
      set({ evidence: [evidence({ uri })] }),
      'evidence.0.uri',
      /must not contain a \.\. path segment/
    ]
  ),
  ['evidence with an extra field', set({ evidence: [evidence({ x: 1 })] }), 'evidence.0'],
  ['evidence not an array', set({ evidence: evidence() }), 'evidence'],
  ['an unknown outcome', set({ decision: { outcome: 'maybe', by: 'a' } }), 'decision.outcome'],
  ['an empty decider', set({ decision: { outcome: 'approved', by: '' } }), 'decision.by'],
  ['a decider of 257', set({ decision: { outcome: 'approved', by: text(257) } }), 'decision.by'],
  [
    'decision with an extra field',
    set({ decision: { outcome: 'approved', by: 'a', x: 1 } }),
    'decision'
  ],
  ['a note of 4097', set({ note: text(4097) }), 'note'],
  [
    'an authority flag true',
    nested('authority', { ...NO_AUTHORITY, merge: true }),
    'authority.merge',
    /must be false: a record is evidence, never a grant of authority/
  ],
  [
    'an authority flag missing',
    nested('authority', { ...NO_AUTHORITY, merge: undefined }),
    'authority.merge'
  ],
  [
    'authority with an extra flag',
    nested('authority', { ...NO_AUTHORITY, admin: false }),
    'authority'
  ],
  ['no authority block', set({ authority: undefined }), 'authority'],
  ...[
    'actor',
    'attempt',
    'provider',
    'failure',
    'decision',
    'note',
    'previous_record_digest',
    'writer'
  ].map((field): [string, Edit, string] => [`${field} missing`, set({ [field]: undefined }), field])
]

describe('RecordSchema accepts every valid value at its bounds', () => {
  it.each(valid)('%s', (_name, edit) => {
    const record = edit(makeRecord())
    expect(RecordSchema.safeParse(record)).toEqual({ success: true, data: record })
  })
})

describe('RecordSchema refuses, naming the field', () => {
  it.each(
    invalid.map(([name, edit, path, message]) => [name, edit, path, message ?? /./] as const)
  )('%s', (_name, edit, path, message) => {
    const result = RecordSchema.safeParse(edit(makeRecord()))
    expect(result.success).toBe(false)
    const issue = result.error?.issues[0]
    expect(issue?.path.join('.')).toBe(path)
    expect(issue?.message).toMatch(message)
  })
})

describe('digests and timestamps', () => {
  it.each([
    [DIGEST, true],
    [`sha256:${HEX.slice(1)}`, false],
    [`sha256:${HEX}0`, false],
    [`sha256:${HEX.toUpperCase()}`, false],
    [`xsha256:${HEX}`, false],
    [`sha256:${HEX}\n`, false],
    [`sha1:${HEX}`, false],
    [HEX, false]
  ])('digest %j → %s', (value, ok) => {
    const result = DigestSchema.safeParse(value)
    expect(result.success).toBe(ok)
    if (!ok)
      expect(result.error?.issues[0]?.message).toBe(
        'must be sha256: followed by 64 lowercase hex digits'
      )
  })

  it.each([
    ['2026-11-29T12:00:00Z', true],
    ['2026-11-29T12:00:00.5Z', true],
    ['2000-01-01T00:00:00Z', true],
    ['9999-12-31T23:59:59Z', true],
    ['1999-12-31T23:59:59Z', false],
    ['0969-12-31T23:59:59Z', false],
    ['2026-11-29T12:00:00.1234567890Z', false],
    ['2026-11-29T12:00:00.Z', false],
    ['2026-11-29T12:00:00', false],
    ['2026-11-29 12:00:00Z', false],
    ['26-11-29T12:00:00Z', false],
    ['2026-1-29T12:00:00Z', false],
    ['2026-11-2T12:00:00Z', false],
    ['2026-11-29T1:00:00Z', false],
    ['2026-11-29T12:0:00Z', false],
    ['2026-11-29T12:00:0Z', false],
    ['x2026-11-29T12:00:00Z', false],
    ['2026-11-29T12:00:00Zx', false],
    ['2026-11-29T12:00:00z', false]
  ])('timestamp %j → %s', (value, ok) => {
    const result = TimestampSchema.safeParse(value)
    expect(result.success).toBe(ok)
    if (!ok)
      expect(result.error?.issues[0]?.message).toBe(
        'must be an RFC 3339 UTC time ending in Z, in the years 2000 to 9999'
      )
  })
})

describe('the constants', () => {
  it('NO_AUTHORITY is every flag false, and frozen', () => {
    expect(NO_AUTHORITY).toEqual({
      dispatch: false,
      verification: false,
      acceptance: false,
      canonical_state_write: false,
      git_push: false,
      integration: false,
      merge: false
    })
    expect(Object.isFrozen(NO_AUTHORITY)).toBe(true)
  })

  it('the schema name and the docs/design/storage.md trigger list', () => {
    expect(RECORD_SCHEMA).toBe('dispatch-ledger/record/v1')
    expect([...TRIGGERS]).toEqual([
      'issue',
      'pull_request',
      'issue_comment',
      'workflow_dispatch',
      'repository_dispatch',
      'workflow_call',
      'push',
      'schedule',
      'webhook',
      'recovery',
      'provider_observation',
      'operator',
      'system'
    ])
    expect([...SUBMISSION_STATES]).toEqual([
      'not_submitted',
      'submitted',
      'ambiguous',
      'definite_failure'
    ])
  })
})

describe('RecordInputSchema: the fields a record input may set', () => {
  it('every field is optional, and each is checked as in a record', () => {
    expect(RecordInputSchema.safeParse({}).success).toBe(true)
    const full = {
      attempt: { number: 1, reason: 'initial' },
      provider: provider(),
      failure: failure(),
      evidence: [evidence()],
      decision: { outcome: 'approved', by: 'a' },
      note: text(4096),
      input_key: text(1024)
    }
    expect(RecordInputSchema.parse(full)).toEqual(full)
    for (const field of ['attempt', 'provider', 'failure', 'decision', 'note', 'input_key'])
      expect(RecordInputSchema.safeParse({ [field]: null }).success).toBe(true)
  })

  it.each<[string, Record<string, unknown>]>([
    ['state', { state: 'decided' }],
    ['authority', { authority: NO_AUTHORITY }],
    ['attempt', { attempt: { number: 0, reason: 'initial' } }],
    ['provider', { provider: provider({ driver: '' }) }],
    ['failure', { failure: failure({ code: '' }) }],
    ['evidence', { evidence: [evidence({ uri: '../x' })] }],
    ['decision', { decision: { outcome: 'maybe', by: 'a' } }],
    ['note', { note: text(4097) }],
    ['input_key', { input_key: '' }],
    ['input_key', { input_key: text(1025) }]
  ])('refuses a bad or foreign %s', (_field, input) => {
    expect(RecordInputSchema.safeParse(input).success).toBe(false)
  })
})
