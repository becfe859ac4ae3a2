/**
 * verify's own findings, by tables (docs/cli.md#verify): a commit's headers and subject, an
 * admission against its first record, a receiver confirmation against its receiver admission, an
 * entry's bucket, and an archived head its archive ref must keep.
 */
import { describe, expect, it } from '@jest/globals'
import { encodeCommit } from '../../src/core/entry.js'
import type { LedgerRecord } from '../../src/core/record.js'
import { admissionRecordProblem } from '../../src/core/verify/admissionAgreement.js'
import { commitProblem, headerProblem, subjectProblem } from '../../src/core/verify/commitShape.js'
import {
  placementProblem,
  selectedBucket,
  unkeptHeadProblem
} from '../../src/core/verify/placement.js'
import {
  confirmationProblem,
  receiverConfirmations,
  type Confirmation
} from '../../src/core/verify/receiverConfirmation.js'

const PARENT = 'a'.repeat(40)
const COMMIT = encodeCommit({
  parent: PARENT,
  time: 1,
  subject: 'dispatch-ledger record 2 x',
  json: '{}'
})
const withHeader = (header: string) => COMMIT.replace(/^(committer [^\n]*\n)/m, `$1${header}\n`)

describe('a commit as the product writes it', () => {
  it.each([
    ['the product’s own', COMMIT, null],
    [
      'a signature (gpgsig, continued lines)',
      withHeader('gpgsig -----BEGIN\n sig\n -----END'),
      null
    ],
    ['a SHA-256 signature', withHeader('gpgsig-sha256 -----BEGIN\n -----END'), null],
    ['an encoding header', withHeader('encoding ISO-8859-1'), /header "encoding"/],
    ['a mergetag header', withHeader('mergetag object 1\n type commit'), /header "mergetag"/],
    ['a header of its own', withHeader('x-forged yes'), /header "x-forged"/],
    ['a second author', withHeader('author someone <s@e> 1 +0000'), /more than one "author"/],
    ['a second tree', `tree ${PARENT}\n${COMMIT}`, /more than one "tree"/]
  ])('%s', (_name, raw, problem) => {
    const found = headerProblem(raw)
    if (problem === null) expect(found).toBeNull()
    else expect(found).toMatch(problem)
  })

  it.each([
    ['the subject its entry gives', 'dispatch-ledger record 2 x', null],
    ['another state', 'dispatch-ledger record 2 decided', /disagrees with the entry it carries/],
    ['a second line before the blank one', null, /"dispatch-ledger record 2 x\\nmore"/]
  ])('a subject: %s', (_name, expected, problem) => {
    const raw = expected === null ? COMMIT.replace('record 2 x\n', 'record 2 x\nmore\n') : COMMIT
    const found = subjectProblem(raw, expected ?? 'dispatch-ledger record 2 x')
    if (problem === null) expect(found).toBeNull()
    else expect(found).toMatch(problem)
  })

  it('a header is named before the subject', () => {
    expect(commitProblem(withHeader('x-a b'), 'other')).toMatch(/header "x-a"/)
  })
})

describe('an admission and its first record', () => {
  const digest = `sha256:${'1'.repeat(64)}`
  const first = { idempotency: { request_digest: digest }, occurred_at: '2026-11-29T12:00:05Z' }
  it.each([
    ['agreeing', { request_digest: digest, admitted_at: '2026-11-29T12:00:05Z' }, null],
    [
      'the same instant written otherwise',
      { request_digest: digest, admitted_at: '2026-11-29T12:00:05.000Z' },
      null
    ],
    [
      'another digest',
      { request_digest: `sha256:${'2'.repeat(64)}`, admitted_at: first.occurred_at },
      /request_digest .* disagrees/
    ],
    [
      'another time',
      { request_digest: digest, admitted_at: '2026-11-29T12:00:06Z' },
      /admitted_at .* disagrees/
    ]
  ])('%s', (_name, admission, problem) => {
    const found = admissionRecordProblem(admission, first as never)
    if (problem === null) expect(found).toBeNull()
    else expect(found).toMatch(problem)
  })
})

describe('a receiver confirmation', () => {
  const record = (sequence: number, ids: Record<string, string> | null, attempt = 1) =>
    ({
      ledger_sequence: sequence,
      state: 'dispatched',
      attempt: { number: attempt, reason: 'initial' },
      provider: ids && { driver: 'workflow', submission_state: 'submitted', external_ids: ids }
    }) as unknown as LedgerRecord
  const intent = record(2, { receiver_key: 'k/a1' })
  const confirmed = {
    receiver_confirmed: 'true',
    receiver_run_id: 'r-1',
    workflow_run_id: '42',
    html_url: 'https://github.com/o/r/actions/runs/42'
  }

  it('is read with the ids folded, each distinct reading once', () => {
    const found = receiverConfirmations([
      intent,
      record(3, confirmed),
      record(4, {}),
      record(5, { workflow_run_id: '7' })
    ])
    expect(found.map(c => [c.sequence, c.receiver_key, c.workflow_run_id])).toEqual([
      [3, 'k/a1', '42'],
      [5, 'k/a1', '7']
    ])
    // Unconfirmed, or without a receiver key: nothing to check.
    expect(receiverConfirmations([intent, record(3, { workflow_run_id: '7' })])).toEqual([])
    expect(receiverConfirmations([record(3, confirmed)])).toEqual([])
  })

  const [one] = receiverConfirmations([intent, record(3, confirmed)])
  const receiver = { run_id: 'r-1', writer_run_id: '42' }
  it.each([
    ['its receiver, named', {}, receiver, null],
    [
      'no workflow run named (a writer outside Actions)',
      { workflow_run_id: null, html_url: null },
      { ...receiver, writer_run_id: null },
      null
    ],
    [
      'another receiver run',
      { receiver_run_id: 'r-2' },
      receiver,
      /confirms run "r-2" .* admits run "r-1"/
    ],
    [
      'another workflow run',
      { workflow_run_id: '43' },
      receiver,
      /names workflow run "43" .* written by workflow run "42"/
    ],
    [
      'a workflow run where none wrote it',
      {},
      { ...receiver, writer_run_id: null },
      /written by no workflow run/
    ],
    [
      'a link to another run',
      { html_url: 'https://github.com/o/r/actions/runs/43' },
      receiver,
      /links .* which is not the workflow run "42"/
    ]
  ])('%s', (_name, change, admission, problem) => {
    const found = confirmationProblem({ ...(one as Confirmation), ...change }, admission)
    if (problem === null) expect(found).toBeNull()
    else expect(found).toMatch(problem)
  })
})

describe('an entry’s bucket and its archived head', () => {
  const h = `ab${'0'.repeat(62)}`
  it.each([
    ['its own bucket', 'ab', `runs/${h}`, false, null],
    ['a key directory in its own bucket', 'ab', `keys/${h}`, false, null],
    [
      'another bucket, alone',
      'cd',
      `runs/${h}`,
      false,
      /selects refs\/ns\/index\/ab, .* does not hold it/
    ],
    ['another bucket, a copy', 'cd', `ended/${h}`, true, /a copy of refs\/ns\/index\/ab:ended\//],
    ['no hash at all', 'cd', 'runs/zz', false, /not a sha256 hash/]
  ])('%s', (_name, bucket, path, held, problem) => {
    const found = placementProblem({ namespace: 'refs/ns', bucket, path }, held)
    if (problem === null) expect(found).toBeNull()
    else expect(found).toMatch(problem)
  })

  it('the bucket a path selects', () => {
    expect([selectedBucket(`keys/${h}`), selectedBucket('runs/zz')]).toEqual(['ab', null])
  })

  it.each([
    ['kept', new Set([PARENT]), PARENT, null],
    [
      'the archive ref gone',
      new Set<string>(),
      null,
      /does not exist \(deleted\).*git commit-tree \S+ -p a{40} -m/
    ],
    [
      'rewound',
      new Set(['b'.repeat(40)]),
      'c'.repeat(40),
      /\(at c{40}\) does not reach it .* -p c{40} -p a{40}/
    ]
  ])('an archived head: %s', (_name, kept, tip, problem) => {
    const found = unkeptHeadProblem(PARENT, { ref: 'refs/ns/archive/aa', tip, kept })
    if (problem === null) expect(found).toBeNull()
    else expect(found).toMatch(problem)
  })
})
