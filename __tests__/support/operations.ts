/**
 * Test-only builders for effect operations (docs/design/effects.md): an intent, and legal chains built the
 * way the command builds them (preparedRecord, then nextRecord with the head's digest).
 */
import { digestOf } from '../../src/core/canonical.js'
import { nextRecord, preparedRecord } from '../../src/core/effect/newOperationRecord.js'
import {
  intentDigest,
  textDigest,
  type EffectResult,
  type Intent,
  type OperationRecord,
  type OperationState,
  type Resolution
} from '../../src/core/effect/operation.js'

export const OP_ID = 'gh-501-f282f34c55fc/release/v1.2.3'
export const TARGET = 'a'.repeat(40)

export function makeIntent(
  kind: 'tag' | 'release',
  options: { draft?: boolean; tag?: string; target?: string; name?: string } = {}
): Intent {
  return {
    repository_id: '123456789',
    kind,
    tag_ref: `refs/tags/${options.tag ?? 'v1.2.3'}`,
    target: options.target ?? TARGET,
    message_digest: textDigest('Release v1.2.3'),
    release:
      kind === 'release'
        ? {
            name: options.name ?? 'v1.2.3',
            body_digest: textDigest('Notes'),
            draft: options.draft ?? false,
            prerelease: false
          }
        : null
  }
}

/** A comment's or an issue's intent, as effectRequestFrom builds them. */
export function makeWriteIntent(kind: 'comment' | 'issue'): Intent {
  return kind === 'comment'
    ? {
        repository_id: '123456789',
        kind,
        issue_number: 7,
        body_digest: textDigest('Thanks')
      }
    : {
        repository_id: '123456789',
        kind,
        title: 'Follow-up',
        body_digest: textDigest('Thanks'),
        labels: ['agent']
      }
}

export interface StepSpec {
  readonly state: OperationState
  readonly send?: number | null
  readonly result?: EffectResult | null
  readonly resolution?: Resolution | null
  readonly observation?: string | null
}

const time = (n: number) =>
  new Date(Date.UTC(2026, 10, 30, 7, 0, n)).toISOString().replace('.000', '')

/** A chain from `prepared` through the given steps (sends numbered automatically). */
export function opChain(
  intent: Intent,
  steps: readonly (OperationState | StepSpec)[],
  operationId = OP_ID
): OperationRecord[] {
  const records: OperationRecord[] = [
    preparedRecord({
      operation_id: operationId,
      intent,
      intent_digest: intentDigest(intent),
      occurred_at: time(0),
      writer: null
    })
  ]
  let sends = 0
  for (const [i, raw] of steps.entries()) {
    const step: StepSpec = typeof raw === 'string' ? { state: raw } : raw
    if (step.state === 'may_have_been_sent') sends++
    const head = records[records.length - 1] as OperationRecord
    const defaultResult =
      step.state === 'terminal_committed'
        ? intent.kind === 'tag'
          ? { tag_object: 'b'.repeat(40), release_id: null, release_url: null }
          : intent.kind === 'release'
            ? { tag_object: null, release_id: '77', release_url: 'https://example.test/r/77' }
            : { tag_object: null, release_id: null, release_url: null, id: '3001', number: null }
        : null
    records.push(
      nextRecord(head, digestOf(head), {
        state: step.state,
        occurred_at: time(i + 1),
        send:
          step.send !== undefined
            ? step.send
            : step.state === 'may_have_been_sent' || step.state === 'observed'
              ? sends
              : null,
        result: step.result !== undefined ? step.result : defaultResult,
        observation: step.observation ?? null,
        resolution: step.resolution ?? null,
        writer: null
      })
    )
  }
  return records
}
