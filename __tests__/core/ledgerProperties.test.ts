import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { BrokenChain } from '../../src/core/errors.js'
import {
  RecordSchema,
  type LedgerRecord,
  type Provider,
  type SubmissionState
} from '../../src/core/record.js'
import { RECOVERY_ACTIONS, RecoveryPlanSchema, planRecovery } from '../../src/core/planRecovery.js'
import { reconstruct } from '../../src/core/reconstruct.js'
import { isPolicyOnly, isTerminal } from '../../src/core/states.js'
import { legalSuccessors } from '../../src/core/transition.js'
import { nextRecord } from '../../testkit/fixtures.js'
import { propertyRuns } from '../support/mutation.js'

// ---------------------------------------------------------------------------------------
// A legal ledger, built by walking the state machine one random choice at a time.

const choiceArb = fc.record({
  pick: fc.nat(),
  cancel: fc.nat({ max: 24 }), // cancel only on 0: keep most walks long
  submission: fc.constantFrom<SubmissionState | null>(
    'not_submitted',
    'submitted',
    'ambiguous',
    null
  ),
  failedSubmission: fc.constantFrom<SubmissionState | null>(
    'not_submitted',
    'submitted',
    'definite_failure',
    null
  ),
  retryable: fc.boolean(),
  externalId: fc.option(fc.string({ minLength: 1, maxLength: 6 }), { nil: undefined }),
  note: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
  outcome: fc.constantFrom('approved' as const, 'rejected' as const)
})
type Choice = typeof choiceArb extends fc.Arbitrary<infer T> ? T : never

function providerOf(state: SubmissionState | null, id?: string): Provider | null {
  if (state === null) return null
  return { driver: 'fake', submission_state: state, external_ids: id ? { job: id } : {} }
}

function walk(start: 'admitted' | 'proposed', choices: readonly Choice[]): LedgerRecord[] {
  const records = [nextRecord(null, start)]
  for (const choice of choices) {
    const previous = records.at(-1) as LedgerRecord
    if (isTerminal(previous.state)) break
    const options = legalSuccessors(previous.state).filter(
      state =>
        (state !== 'cancelled' || choice.cancel === 0) &&
        // docs/design/states.md#the-recovery-plan: an ambiguous submission must be settled before the run moves on.
        !(state === 'candidate_observed' && previous.provider?.submission_state === 'ambiguous')
    )
    const state = options[choice.pick % options.length] ?? 'cancelled'
    records.push(
      nextRecord(previous, {
        state,
        note: choice.note,
        ...(state === 'dispatched'
          ? { provider: providerOf(choice.submission, choice.externalId) }
          : {}),
        ...(state === 'attempt_failed'
          ? {
              provider: providerOf(choice.failedSubmission, choice.externalId),
              failure: {
                code: 'provider_refused',
                classification: 'provider',
                retryable: choice.retryable
              }
            }
          : {}),
        // docs/design/operators.md: only an operator restates a failure of the same attempt.
        ...(state === 'attempt_failed' && previous.state === 'attempt_failed'
          ? {
              trigger: 'operator' as const,
              decision: { outcome: 'approved' as const, by: 'octocat' }
            }
          : {}),
        ...(state === 'decided'
          ? {
              decision: {
                outcome: choice.outcome,
                // docs/design/lifecycle.md: these two are a policy's decisions only.
                by: isPolicyOnly(previous.state, state) ? 'policy:on-success' : 'octocat'
              }
            }
          : {})
      })
    )
  }
  return records
}

const ledgerArb = fc
  .tuple(
    fc.constantFrom('admitted' as const, 'proposed' as const),
    fc.array(choiceArb, { maxLength: 40 })
  )
  .map(([start, choices]) => walk(start, choices))

// ---------------------------------------------------------------------------------------
// Single-field changes: every leaf of a record, changed to a different value.

type Path = (string | number)[]

function leaves(value: unknown, path: Path = []): Path[] {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
    if (entries.length === 0) return [path]
    return entries.flatMap(([key, child]) =>
      leaves(child, [...path, Array.isArray(value) ? Number(key) : key])
    )
  }
  return [path]
}

function changed(value: unknown): unknown {
  if (typeof value === 'string') return `${value}~`
  if (typeof value === 'number') return value + 1
  if (typeof value === 'boolean') return !value
  if (value === null) return 'x'
  if (Array.isArray(value)) return ['x']
  return { x: 'y' }
}

function withChange(record: LedgerRecord, path: Path): LedgerRecord {
  const copy = structuredClone(record) as unknown as Record<string | number, unknown>
  if (path.length === 0) return changed(copy) as LedgerRecord
  let target = copy
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>
  const last = path.at(-1) as string | number
  target[last] = changed(target[last])
  return copy as unknown as LedgerRecord
}

/** Changes at a stored record: which record, and which of its leaves. */
const mutationArb = fc.tuple(ledgerArb, fc.nat(), fc.nat())

function brokenAt(records: readonly LedgerRecord[]): BrokenChain | null {
  try {
    reconstruct(records)
    return null
  } catch (error) {
    if (error instanceof BrokenChain) return error
    throw error
  }
}

// ---------------------------------------------------------------------------------------
// Independent statement of "unsafe to send": an attempt whose latest submission is
// ambiguous or not_submitted, not settled by a later record for the same attempt.

function unsettledAttempts(records: readonly LedgerRecord[]): number[] {
  const latest = new Map<number, LedgerRecord>()
  const ambiguous = new Set<number>()
  for (const record of records) {
    if (record.state !== 'dispatched' && record.state !== 'attempt_failed') continue
    const number = record.attempt?.number as number
    latest.set(number, record)
    if (record.state === 'attempt_failed') ambiguous.delete(number)
    else if (record.provider?.submission_state === 'ambiguous') ambiguous.add(number)
    else if (record.provider?.submission_state === 'submitted') ambiguous.delete(number)
  }
  const unsettled = new Set(ambiguous)
  for (const [number, record] of latest) {
    const submission = record.provider?.submission_state
    if (
      record.state === 'dispatched' &&
      (submission === 'ambiguous' || submission === 'not_submitted')
    )
      unsettled.add(number)
  }
  return [...unsettled]
}

describe('ledger properties', () => {
  it('every legal ledger reconstructs and gets a defined plan', () => {
    fc.assert(
      fc.property(ledgerArb, records => {
        const state = reconstruct(records)
        const head = records.at(-1) as LedgerRecord
        expect(state.sequence).toBe(records.length)
        expect(state.records).toBe(records.length)
        expect(state.state).toBe(head.state)
        expect(state.terminal).toBe(isTerminal(head.state))
        const plan = planRecovery(state)
        expect(RECOVERY_ACTIONS).toContain(plan.action)
        expect(RecoveryPlanSchema.safeParse(plan).success).toBe(true)
        if (state.terminal) expect(plan.action).toBe('none')
      }),
      { numRuns: propertyRuns(300) }
    )
  })

  it('any single-field change to a non-head record is a broken chain', () => {
    fc.assert(
      fc.property(
        mutationArb.filter(([records]) => records.length >= 2),
        ([records, which, leaf]) => {
          const index = which % (records.length - 1)
          const target = records[index] as LedgerRecord
          const paths = leaves(target)
          const path = paths[leaf % paths.length] as Path
          const tampered = records.map((r, i) => (i === index ? withChange(r, path) : r))
          const error = brokenAt(tampered)
          expect(error).toBeInstanceOf(BrokenChain)
          // detected at the changed record itself or, at the latest, by its successor
          expect(error?.sequence).toBeGreaterThanOrEqual(index + 1)
          expect(error?.sequence).toBeLessThanOrEqual(index + 2)
        }
      ),
      { numRuns: propertyRuns(500) }
    )
  })

  it('a change to the head record changes head_digest (or is rejected)', () => {
    fc.assert(
      fc.property(mutationArb, ([records, , leaf]) => {
        const head = records.at(-1) as LedgerRecord
        const paths = leaves(head)
        const tampered = [
          ...records.slice(0, -1),
          withChange(head, paths[leaf % paths.length] as Path)
        ]
        const original = reconstruct(records).head_digest
        const error = brokenAt(tampered)
        if (error === null) {
          expect(reconstruct(tampered).head_digest).not.toBe(original)
        } else {
          expect(error.sequence).toBe(records.length)
        }
      }),
      { numRuns: propertyRuns(300) }
    )
  })

  it('a schema-valid change to the head note always changes head_digest', () => {
    fc.assert(
      fc.property(ledgerArb, fc.string({ maxLength: 8 }), (records, suffix) => {
        const head = records.at(-1) as LedgerRecord
        const note = `${head.note ?? ''}!${suffix}`
        const tampered = [...records.slice(0, -1), { ...head, note }]
        expect(RecordSchema.safeParse(tampered.at(-1)).success).toBe(true)
        expect(reconstruct(tampered).head_digest).not.toBe(reconstruct(records).head_digest)
      })
    )
  })

  it('never plans dispatch or retry_attempt while an attempt may be at the provider, at any crash point', () => {
    fc.assert(
      fc.property(ledgerArb, records => {
        for (let end = 1; end <= records.length; end++) {
          const prefix = records.slice(0, end)
          const plan = planRecovery(reconstruct(prefix))
          const unsettled = unsettledAttempts(prefix)
          if (unsettled.length > 0) {
            expect(['dispatch', 'retry_attempt']).not.toContain(plan.action)
            expect(plan.blind_resubmission_forbidden).toBe(true)
          }
          if (plan.action === 'dispatch' || plan.action === 'retry_attempt') {
            expect(plan.blind_resubmission_forbidden).toBe(false)
            expect(plan.authority_required).toBe('dispatch')
          }
        }
      }),
      { numRuns: propertyRuns(300) }
    )
  })
})
