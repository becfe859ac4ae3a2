import { isTerminal } from './states.js'
import * as z from 'zod/mini'
import './schema.js'
import { StateSchema } from './states.js'
import { CONTROL_CHARACTERS } from './text.js'
import type { ChainEntry } from './chain/definition.js'

export const RECORD_SCHEMA = 'dispatch-ledger/record/v1'

/** A non-empty string of at most max characters. */
const Text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max))

/** docs/design/writers.md: run ids are printable: no control characters. */
export const RunIdSchema = Text(1024).check(
  z.refine(id => !CONTROL_CHARACTERS.test(id), 'must not contain control characters')
)

export const DigestSchema = z
  .string()
  .check(z.regex(/^sha256:[0-9a-f]{64}$/, 'must be sha256: followed by 64 lowercase hex digits'))

/** RFC 3339 in UTC, ending in Z, from the year 2000 to 9999 (docs/design/writers.md "Time"). */
export const TimestampSchema = z
  .string()
  .check(
    z.regex(
      /^(?:2\d{3}|[3-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/,
      'must be an RFC 3339 UTC time ending in Z, in the years 2000 to 9999'
    )
  )

export const TRIGGERS = [
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
] as const
export const TriggerSchema = z.enum(TRIGGERS)
export type Trigger = z.infer<typeof TriggerSchema>

export const ActorSchema = z.strictObject({
  login: Text(256),
  id: z.int().check(z.nonnegative())
})
export type Actor = z.infer<typeof ActorSchema>

export const IdempotencySchema = z.strictObject({
  dispatch_key: z.string().check(
    z.minLength(1),
    z.refine(key => !CONTROL_CHARACTERS.test(key), 'must not contain control characters')
  ),
  request_digest: DigestSchema,
  input_key: z.nullable(Text(1024))
})

export const AttemptSchema = z.strictObject({
  number: z.int().check(z.gte(1)),
  reason: z.enum(['initial', 'retry', 'recovery'])
})
export type Attempt = z.infer<typeof AttemptSchema>

export const SUBMISSION_STATES = [
  'not_submitted',
  'submitted',
  'ambiguous',
  'definite_failure'
] as const
export const SubmissionStateSchema = z.enum(SUBMISSION_STATES)
export type SubmissionState = z.infer<typeof SubmissionStateSchema>

export const ProviderSchema = z.strictObject({
  driver: Text(256),
  submission_state: SubmissionStateSchema,
  // A `__proto__` name is refused before parsing (findProtoKey): zod would drop it silently.
  external_ids: z.record(z.string(), z.string())
})
export type Provider = z.infer<typeof ProviderSchema>

export const FailureSchema = z.strictObject({
  code: Text(256),
  classification: z.enum([
    'policy_denied',
    'configuration',
    'provider',
    'candidate_normalization',
    'verification',
    'timeout',
    'cancelled',
    'recovery_required',
    'internal'
  ]),
  retryable: z.boolean()
})
export type Failure = z.infer<typeof FailureSchema>

export const EvidenceSchema = z.strictObject({
  kind: Text(256),
  digest: DigestSchema,
  uri: Text(4096).check(
    z.refine(uri => !uri.split(/[/\\]/).includes('..'), 'must not contain a .. path segment')
  )
})

export const DecisionSchema = z.strictObject({
  outcome: z.enum(['approved', 'rejected']),
  by: Text(256)
})
export type Decision = z.infer<typeof DecisionSchema>

const denied = z.literal(false, {
  error: 'must be false: a record is evidence, never a grant of authority'
})

export const AuthoritySchema = z.strictObject({
  dispatch: denied,
  verification: denied,
  acceptance: denied,
  canonical_state_write: denied,
  git_push: denied,
  integration: denied,
  merge: denied
})

/** Every flag false: the only authority value a record may carry. */
export const NO_AUTHORITY: z.infer<typeof AuthoritySchema> = Object.freeze({
  dispatch: false,
  verification: false,
  acceptance: false,
  canonical_state_write: false,
  git_push: false,
  integration: false,
  merge: false
})

/**
 * docs/design/writers.md: the workflow run that appended a record (null outside Actions). Part of the record's
 * JCS and digest, so the chain itself says which run and attempt wrote each step.
 */
export const WriterSchema = z.strictObject({
  github_run_id: z
    .string()
    .check(z.regex(/^[1-9][0-9]{0,19}$/, 'must be a workflow run id (digits)')),
  run_attempt: z.int().check(z.gte(1)),
  workflow_ref: z.string().check(z.maxLength(1024))
})
export type Writer = z.infer<typeof WriterSchema>

/** docs/design/storage.md: a ledger record. Closed at every level. */
export const RecordSchema = z.strictObject({
  schema: z.literal(RECORD_SCHEMA),
  run_id: RunIdSchema,
  ledger_sequence: z.int().check(z.gte(1)),
  previous_record_digest: z.nullable(DigestSchema),
  state: StateSchema,
  occurred_at: TimestampSchema,
  trigger: TriggerSchema,
  actor: z.nullable(ActorSchema),
  idempotency: IdempotencySchema,
  attempt: z.nullable(AttemptSchema),
  provider: z.nullable(ProviderSchema),
  failure: z.nullable(FailureSchema),
  evidence: z.array(EvidenceSchema),
  decision: z.nullable(DecisionSchema),
  note: z.nullable(z.string().check(z.maxLength(4096))),
  authority: AuthoritySchema,
  writer: z.nullable(WriterSchema)
})
export type LedgerRecord = z.infer<typeof RecordSchema>

/** The fields a `record` input may set; the action fills in the rest. */
export const RecordInputSchema = z.strictObject({
  attempt: z.optional(z.nullable(AttemptSchema)),
  provider: z.optional(z.nullable(ProviderSchema)),
  failure: z.optional(z.nullable(FailureSchema)),
  evidence: z.optional(z.array(EvidenceSchema)),
  decision: z.optional(z.nullable(DecisionSchema)),
  note: z.optional(z.nullable(z.string().check(z.maxLength(4096)))),
  input_key: z.optional(z.nullable(Text(1024)))
})
export type RecordInput = z.infer<typeof RecordInputSchema>

/** A run's record as a link of the one chain entity (core/chain/definition.ts). */
export const RUN_ENTRY: ChainEntry<LedgerRecord> = {
  schema: RECORD_SCHEMA,
  noun: 'record',
  fields: { sequence: 'ledger_sequence', previousDigest: 'previous_record_digest' },
  ends: record => isTerminal(record.state),
  keyOf: record => record.idempotency.dispatch_key,
  sequence: record => record.ledger_sequence,
  previousDigest: record => record.previous_record_digest,
  state: record => record.state,
  occurredAt: record => record.occurred_at
}
