/**
 * docs/design/effects.md: an operation is a side effect (a tag, a release) bound to the digest of its complete
 * intent, with its own append-only chain of records at `<namespace>/operations/<sha256(id)>`.
 * Same entry format as a run's ledger (a commit on the empty tree, JCS in the message), its own
 * closed schema.
 */
import * as z from 'zod/mini'
import '../schema.js'
import { digestOf, sha256Hex } from '../canonical.js'
import { DigestSchema, TimestampSchema, WriterSchema, type Writer } from '../record.js'

export type { Writer }

export const OPERATION_SCHEMA = 'dispatch-ledger/operation/v1'

export const OPERATION_STATES = [
  'prepared',
  'may_have_been_sent',
  'observed',
  'terminal_committed',
  'terminal_no_commit',
  'conflict',
  'unknown'
] as const
export const OperationStateSchema = z.enum(OPERATION_STATES)
export type OperationState = z.infer<typeof OperationStateSchema>

/** States after which nothing is ever sent again for the operation. */
export const FINAL_STATES: ReadonlySet<OperationState> = new Set<OperationState>([
  'terminal_committed',
  'terminal_no_commit',
  'conflict'
])

export const EFFECT_KINDS = [
  'tag',
  'release',
  'branch',
  'pull-request',
  'comment',
  'issue'
] as const
export const EffectKindSchema = z.enum(EFFECT_KINDS)
export type EffectKind = z.infer<typeof EffectKindSchema>

/** The kinds whose effect is a ref pushed create-only with its record (the tag protocol). */
export type RefKind = 'tag' | 'branch'
/** The kinds made through GitHub's API whose body carries the operation's marker. */
export type WriteKind = 'pull-request' | 'comment' | 'issue'
export const WRITE_KINDS: readonly WriteKind[] = ['pull-request', 'comment', 'issue']

/** A full object id (SHA-1 or SHA-256 repositories). */
export const OidSchema = z
  .string()
  .check(z.regex(/^([0-9a-f]{40}|[0-9a-f]{64})$/, 'must be a full lowercase object id'))

/**
 * Operation ids end up inside an HTML comment in a release body and in a one-line operator
 * command, so they may not hold whitespace, control characters or angle brackets.
 */
export const OperationIdSchema = z
  .string()
  .check(
    z.minLength(1, 'must not be empty'),
    z.maxLength(1024, 'must be at most 1024 characters'),
    z.regex(
      /^[^\s<>\p{Cc}\u2028\u2029]+$/u,
      'must not contain whitespace, control characters, < or >'
    )
  )

export const ReleaseIntentSchema = z.strictObject({
  name: z.string().check(z.maxLength(1024)),
  /** sha256 of the release body as given (without the marker the action adds). */
  body_digest: DigestSchema,
  draft: z.boolean(),
  prerelease: z.boolean()
})
export type ReleaseIntent = z.infer<typeof ReleaseIntentSchema>

const RepositoryIdSchema = z.string().check(z.minLength(1), z.maxLength(256))
/** A title as GitHub takes it: one line of text. */
const TitleSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(1024), z.regex(/^[^\p{Cc}]+$/u, 'must be one line of text'))
/** A branch name as the API takes it (`head` may be `owner:branch`). */
const BranchNameSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(255), z.regex(/^[^\s\p{Cc}]+$/u, 'must be a branch name'))

/** A tag or a release: the intent's shape since the first effect kinds. */
export const TagIntentSchema = z
  .strictObject({
    repository_id: RepositoryIdSchema,
    kind: z.enum(['tag', 'release']),
    tag_ref: z
      .string()
      .check(z.regex(/^refs\/tags\/[^\s\p{Cc}]+$/u, 'must be a full tag ref refs/tags/<name>')),
    target: OidSchema,
    /**
     * sha256 of the tag message. Not in docs/design/effects.md's list, but the tag object's bytes depend on
     * it: a re-run with another message must be refused as another intent, not end in a
     * conflict with its own earlier tag.
     */
    message_digest: DigestSchema,
    release: z.nullable(ReleaseIntentSchema)
  })
  .check(
    z.refine(
      intent => (intent.kind === 'release') === (intent.release !== null),
      'release must be given exactly when kind is release'
    )
  )
export type TagIntent = z.infer<typeof TagIntentSchema>

/** `refs/heads/<name>` created at a commit. */
export const BranchIntentSchema = z.strictObject({
  repository_id: RepositoryIdSchema,
  kind: z.literal('branch'),
  branch_ref: z
    .string()
    .check(z.regex(/^refs\/heads\/[^\s\p{Cc}]+$/u, 'must be a full branch ref refs/heads/<name>')),
  target: OidSchema
})
export type BranchIntent = z.infer<typeof BranchIntentSchema>

/**
 * Every field of a create request goes into the intent (a body by its digest, as given,
 * without the marker), so the same operation id can never send another request.
 */
export const PullRequestIntentSchema = z.strictObject({
  repository_id: RepositoryIdSchema,
  kind: z.literal('pull-request'),
  head: BranchNameSchema,
  base: BranchNameSchema,
  title: TitleSchema,
  body_digest: DigestSchema,
  draft: z.boolean()
})
export const CommentIntentSchema = z.strictObject({
  repository_id: RepositoryIdSchema,
  kind: z.literal('comment'),
  issue_number: z.int().check(z.gte(1)),
  body_digest: DigestSchema
})
export const IssueIntentSchema = z.strictObject({
  repository_id: RepositoryIdSchema,
  kind: z.literal('issue'),
  title: TitleSchema,
  body_digest: DigestSchema,
  /** Sorted and without repeats: GitHub keeps an issue's labels as a set. */
  labels: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(100))
})
export type WriteIntent =
  | z.infer<typeof PullRequestIntentSchema>
  | z.infer<typeof CommentIntentSchema>
  | z.infer<typeof IssueIntentSchema>

/** The complete intended effect; its digest is what an operation id is bound to. */
export const IntentSchema = z.union([
  TagIntentSchema,
  BranchIntentSchema,
  PullRequestIntentSchema,
  CommentIntentSchema,
  IssueIntentSchema
])
export type Intent = z.infer<typeof IntentSchema>

/** What an intent makes, in words for a summary (untrusted text: the caller escapes it). */
export function intentSubject(intent: Intent): string {
  switch (intent.kind) {
    case 'tag':
    case 'release':
      return `${intent.tag_ref} at ${intent.target}`
    case 'branch':
      return `${intent.branch_ref} at ${intent.target}`
    case 'pull-request':
      return `${intent.head} into ${intent.base}: ${intent.title}`
    case 'comment':
      return `a comment on #${intent.issue_number}`
    case 'issue':
      return `an issue: ${intent.title}`
  }
}

/** What an effect of `kind` is called in words (a reason, a status line). */
export const KIND_NOUN: Readonly<Record<EffectKind, string>> = {
  tag: 'tag',
  release: 'release',
  branch: 'branch',
  'pull-request': 'pull request',
  comment: 'comment',
  issue: 'issue'
}

export function isWriteIntent(intent: Intent): intent is WriteIntent {
  return (WRITE_KINDS as readonly string[]).includes(intent.kind)
}

/** What the operation produced; later records repeat what earlier ones found. */
export const EffectResultSchema = z.strictObject({
  tag_object: z.nullable(OidSchema),
  release_id: z.nullable(z.string().check(z.regex(/^[0-9]{1,20}$/, 'must be a numeric id'))),
  release_url: z.nullable(z.string().check(z.maxLength(2048))),
  // Absent in the records of tags and releases (the fields came with the later kinds).
  /** A pull request's, comment's or issue's numeric id; a branch's commit. */
  id: z.optional(
    z.nullable(z.string().check(z.regex(/^([0-9]{1,20}|[0-9a-f]{40}|[0-9a-f]{64})$/)))
  ),
  /** A pull request's or issue's number. */
  number: z.optional(z.nullable(z.int().check(z.gte(1)))),
  /** Its page on GitHub. */
  url: z.optional(z.nullable(z.string().check(z.maxLength(2048))))
})
export type EffectResult = z.infer<typeof EffectResultSchema>

export const ResolutionSchema = z.strictObject({
  answer: z.enum(['committed', 'not_committed']),
  by: z.string().check(z.minLength(1), z.maxLength(256))
})
export type Resolution = z.infer<typeof ResolutionSchema>

/** One record of an operation's chain. Closed at every level. */
export const OperationRecordSchema = z.strictObject({
  schema: z.literal(OPERATION_SCHEMA),
  operation_id: OperationIdSchema,
  sequence: z.int().check(z.gte(1)),
  previous_digest: z.nullable(DigestSchema),
  state: OperationStateSchema,
  occurred_at: TimestampSchema,
  intent: IntentSchema,
  intent_digest: DigestSchema,
  /** Which send this record is about (1, 2, …), or null when nothing has been sent. */
  send: z.nullable(z.int().check(z.gte(1))),
  result: z.nullable(EffectResultSchema),
  /** What was seen that led to this record, in words (a status, what a lookup found). */
  observation: z.nullable(z.string().check(z.maxLength(4096))),
  /** An operator's accountable answer; the only way out of `unknown`. */
  resolution: z.nullable(ResolutionSchema),
  writer: z.nullable(WriterSchema)
})
export type OperationRecord = z.infer<typeof OperationRecordSchema>

export function intentDigest(intent: Intent): string {
  return digestOf(intent)
}

/** sha256 of a text as given (a release body, a tag message). */
export function textDigest(body: string): string {
  return `sha256:${sha256Hex(body)}`
}

export function operationRef(namespace: string, operationId: string): string {
  return `${namespace}/operations/${sha256Hex(operationId)}`
}

/** docs/design/effects.md default: `<run id>/<kind>/<what it names>` (a tag, a branch…). */
export function defaultOperationId(runId: string, kind: EffectKind, names: string): string {
  return `${runId}/${kind}/${names}`
}

/** The operation that creates a release's tag when it does not exist yet. */
export function tagOperationId(releaseOperationId: string): string {
  return `${releaseOperationId}/tag`
}
