import * as z from 'zod/mini'
import './schema.js'
import { canonicalJson, digestOf, sha256Hex } from './canonical.js'
import { InvalidInput } from './errors.js'
import { DispatchKeySchema, MAX_KEY_BYTES } from './admission.js'
import { ActorSchema, type Actor, type Trigger } from './record.js'
import { findControlCharacter } from './text.js'

/** docs/design/keys.md, "Dispatch key derivation (scheme v1)". */
export const KEY_SCHEME = 'v1'

export interface DerivedDispatch {
  dispatch_key: string
  request: Record<string, unknown>
  request_digest: string
}

export interface DeriveInput {
  eventName: string
  payload: unknown
  /** A key chosen by the caller, overriding the derivation; empty means not given. */
  dispatchKey?: string
  /** The caller's request (any JSON value) merged into the digest; undefined means not given. */
  request?: unknown
}

type Fields = Record<string, unknown>
type Derivation = { event: string; key: string; fields: Fields }

const PositiveInt = z.int().check(z.positive())
const NonEmpty = z.string().check(z.minLength(1))
const Sha = z.string().check(z.regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/))
const JsonObject = z.record(z.string(), z.unknown())
// Actions are lower-case words; restricting them keeps `<action>` a single key component.
const ActionName = z.string().check(z.regex(/^[a-z][a-z_]*$/))

const POSITIVE_INT = 'a positive integer'
const SHA = '40 or 64 lowercase hex digits'

export function deriveDispatch(input: DeriveInput): DerivedDispatch {
  const override = input.dispatchKey
  if (override !== undefined && override !== '') {
    checkDispatchKey(override)
    // Event-independent on purpose: a key the user chose converges across events.
    return finish(override, { scheme: KEY_SCHEME, dispatch_key: override }, input)
  }

  const derive = Object.hasOwn(DERIVATIONS, input.eventName)
    ? DERIVATIONS[input.eventName]
    : undefined
  if (derive === undefined) throw noDerivation(input.eventName)
  const reader = new PayloadReader(input.eventName, input.payload)
  const { event, key, fields } = deriveFrom(derive, reader, input.eventName)
  checkDispatchKey(key, input.eventName)
  // Only fields that name the intended work: never the sender or any timestamp.
  return finish(key, { scheme: KEY_SCHEME, event, ...fields }, input)
}

/** Runs a derivation; a payload part JSON cannot carry (a lone surrogate) is blamed on the event. */
function deriveFrom(
  derive: (p: PayloadReader) => Derivation,
  reader: PayloadReader,
  eventName: string
): Derivation {
  try {
    return derive(reader)
  } catch (error) {
    if (error instanceof InvalidInput) throw error
    throw notUnicode(eventName)
  }
}

function notUnicode(eventName: string): InvalidInput {
  return new InvalidInput(
    `The ${eventName} event payload holds text that is not valid Unicode (a lone ` +
      'surrogate), so the request it names has no canonical JSON form. Set the ' +
      '`dispatch_key` to a key that names this dispatch.'
  )
}

function finish(key: string, base: Fields, input: DeriveInput): DerivedDispatch {
  // The event's part first, so text JSON cannot carry is blamed on where it came from.
  if (!hasJsonForm(base)) throw notUnicode(input.eventName)
  const request = input.request === undefined ? base : { ...base, request: input.request }
  if (!hasJsonForm(request))
    throw new InvalidInput(
      'The `request` has no canonical JSON form (it holds a lone surrogate or a value JSON ' +
        'cannot carry). Give the `request` as a JSON value of valid text (an object, array, ' +
        'string, number, boolean or null).'
    )
  return { dispatch_key: key, request, request_digest: digestOf(request) }
}

function hasJsonForm(value: unknown): boolean {
  try {
    canonicalJson(value)
    return true
  } catch {
    return false
  }
}

/** A single UTF-16 surrogate that is not half of a pair: text that has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

/**
 * docs/README.md#words, docs/design/writers.md: a dispatch key is 1 to 1024 UTF-8 bytes of text with no control characters.
 * `eventName` says where a derived key came from; without it the key was given by the caller.
 */
export function checkDispatchKey(key: string, eventName?: string): string {
  const source =
    eventName === undefined
      ? 'The `dispatch_key`'
      : `The dispatch key derived from the ${eventName} event`
  const control = findControlCharacter(key)
  if (control !== null)
    throw new InvalidInput(
      `${source} contains the control character ${control}. Dispatch keys are printable text: ` +
        (eventName === undefined
          ? 'set the `dispatch_key` without line breaks, tabs or other control characters.'
          : 'set the `dispatch_key` to a key that names this dispatch.')
    )
  if (LONE_SURROGATE.test(key))
    throw new InvalidInput(
      `${source} is not valid Unicode text (it holds a lone surrogate). Set the \`dispatch_key\` ` +
        'to a key of valid text.'
    )
  const bytes = Buffer.byteLength(key, 'utf8')
  if (bytes > MAX_KEY_BYTES) {
    throw new InvalidInput(
      `${source} is ${bytes} UTF-8 bytes; the limit is ${MAX_KEY_BYTES}. ` +
        'Set the `dispatch_key` to a shorter key that still names this dispatch ' +
        '(for example, replace a long part with its sha256).'
    )
  }
  const parsed = DispatchKeySchema.safeParse(key)
  if (!parsed.success) {
    throw new InvalidInput(
      `${source} is not a valid dispatch key: ${parsed.error.issues[0]?.message}.`
    )
  }
  return key
}

/**
 * docs/design/writers.md "Key components never merge": a free-text component followed by another component
 * is percent-encoded (`%` → `%25`, `/` → `%2F`), so ("a/b", "c") and ("a", "b/c") differ.
 */
export function keyComponent(text: string): string {
  return text.replace(/%/g, '%25').replace(/\//g, '%2F')
}

const DISPATCH_KEY_EXAMPLES: Record<string, string> = {
  schedule: 'nightly/${{ github.sha }}',
  workflow_call: '${{ inputs.ticket }}'
}

function noDerivation(eventName: string): InvalidInput {
  const example = DISPATCH_KEY_EXAMPLES[eventName] ?? `${eventName || 'deploy'}/\${{ github.sha }}`
  const what =
    eventName === ''
      ? 'GITHUB_EVENT_NAME is empty, so no dispatch key can be derived.'
      : `The event "${eventName}" has no dispatch key derivation.`
  return new InvalidInput(
    `${what} Set the \`dispatch_key\` to a key that names this dispatch ` +
      `(for example \`${example}\`); runs with the same key are admitted once.`
  )
}

const DERIVATIONS: Record<string, (p: PayloadReader) => Derivation> = {
  issues: p => {
    const repoId = p.repositoryId()
    const number = p.required('issue.number', PositiveInt, POSITIVE_INT)
    const action = p.required('action', ActionName, 'an action name such as "opened"')
    if (action === 'labeled') {
      const label = p.required('label.name', NonEmpty, 'a non-empty label name')
      return {
        event: 'issues',
        key: `v1/issues/${repoId}/${number}/labeled/${label}`,
        fields: { repository_id: repoId, number, action, label }
      }
    }
    return {
      event: 'issues',
      key: `v1/issues/${repoId}/${number}/${action}`,
      fields: { repository_id: repoId, number, action }
    }
  },

  pull_request: p => pullRequest(p),
  // The target variant runs in the base repository's context but names the same work.
  pull_request_target: p => pullRequest(p),

  issue_comment: p => {
    const repoId = p.repositoryId()
    const commentId = p.required('comment.id', PositiveInt, POSITIVE_INT)
    const body = p.required('comment.body', z.string(), 'a string')
    // An edit keeps the key and changes the digest, so it surfaces as a conflict.
    return {
      event: 'issue_comment',
      key: `v1/issue_comment/${repoId}/${commentId}`,
      fields: { repository_id: repoId, comment_id: commentId, body_sha256: sha256Hex(body) }
    }
  },

  workflow_dispatch: p => {
    const repoId = p.repositoryId()
    const workflow = p.required('workflow', NonEmpty, 'the workflow file path')
    const inputs = p.optional('inputs', JsonObject, 'an object') ?? {}
    const chosen = inputs['dispatch_key']
    const last =
      typeof chosen === 'string' && chosen !== '' ? chosen : sha256Hex(canonicalJson(inputs))
    return {
      event: 'workflow_dispatch',
      key: `v1/workflow_dispatch/${repoId}/${keyComponent(workflow)}/${last}`,
      fields: { repository_id: repoId, workflow, inputs }
    }
  },

  repository_dispatch: p => {
    const repoId = p.repositoryId()
    // Actions puts the API's event_type in `action`; a hand-made payload may keep the API name.
    const typeField = p.has('event_type') && !p.has('action') ? 'event_type' : 'action'
    const eventType = p.required(typeField, NonEmpty, 'the event_type string')
    const clientPayload = p.optional('client_payload', JsonObject, 'an object') ?? {}
    const chosen = clientPayload['dispatch_key']
    const last =
      typeof chosen === 'string' && chosen !== '' ? chosen : sha256Hex(canonicalJson(clientPayload))
    return {
      event: 'repository_dispatch',
      key: `v1/repository_dispatch/${repoId}/${keyComponent(eventType)}/${last}`,
      fields: { repository_id: repoId, event_type: eventType, client_payload: clientPayload }
    }
  },

  // docs/design/recovery.md: a finished workflow run, so a duplicated delivery recovers it once.
  workflow_run: p => {
    const repoId = p.repositoryId()
    const runId = p.required('workflow_run.id', PositiveInt, POSITIVE_INT)
    const attempt = p.required('workflow_run.run_attempt', PositiveInt, POSITIVE_INT)
    const conclusion = p.optional('workflow_run.conclusion', z.string(), 'a string') ?? null
    return {
      event: 'workflow_run',
      key: `v1/workflow_run/${repoId}/${runId}/${attempt}`,
      fields: { repository_id: repoId, run_id: runId, run_attempt: attempt, conclusion }
    }
  },

  push: p => {
    const repoId = p.repositoryId()
    const ref = p.required('ref', NonEmpty, 'a git ref such as "refs/heads/main"')
    const after = p.required('after', Sha, SHA)
    return {
      event: 'push',
      key: `v1/push/${repoId}/${ref}/${after}`,
      fields: { repository_id: repoId, ref, after }
    }
  }
}

function pullRequest(p: PayloadReader): Derivation {
  const repoId = p.repositoryId()
  const number = p.required('pull_request.number', PositiveInt, POSITIVE_INT)
  const headSha = p.required('pull_request.head.sha', Sha, SHA)
  const action = p.required('action', ActionName, 'an action name such as "opened"')
  // Only `labeled` names a label; an `unlabeled` label must not split the key from the digest.
  const label =
    action === 'labeled' ? p.required('label.name', NonEmpty, 'a non-empty label name') : null
  const base = `v1/pull_request/${repoId}/${number}/${headSha}`
  return {
    event: 'pull_request',
    key: label === null ? base : `${base}/labeled/${label}`,
    fields: { repository_id: repoId, number, head_sha: headSha, label }
  }
}

/** Reads fields of an untrusted event payload; every failure names the field and the event. */
class PayloadReader {
  private readonly root: Record<string, unknown>

  constructor(
    private readonly eventName: string,
    payload: unknown
  ) {
    if (!isPlainObject(payload)) {
      throw new InvalidInput(
        `The ${eventName} event payload is not a JSON object (got ${describe(payload)}). ${HINT}`
      )
    }
    this.root = payload
  }

  repositoryId(): number {
    return this.required('repository.id', PositiveInt, POSITIVE_INT)
  }

  has(path: string): boolean {
    const value = this.lookup(path)
    return value !== undefined && value !== null
  }

  required<T>(path: string, schema: z.ZodMiniType<T>, expected: string): T {
    const value = this.lookup(path)
    if (value === undefined) {
      throw new InvalidInput(
        `The ${this.eventName} event payload is missing ${path} (expected ${expected}). ${HINT}`
      )
    }
    return this.check(path, value, schema, expected)
  }

  /** Absent and null both mean "not given". */
  optional<T>(path: string, schema: z.ZodMiniType<T>, expected: string): T | undefined {
    const value = this.lookup(path)
    if (value === undefined || value === null) return undefined
    return this.check(path, value, schema, expected)
  }

  private check<T>(path: string, value: unknown, schema: z.ZodMiniType<T>, expected: string): T {
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      throw new InvalidInput(
        `The ${this.eventName} event payload has an invalid ${path} (expected ${expected}, got ${describe(value)}). ${HINT}`
      )
    }
    return parsed.data
  }

  private lookup(path: string): unknown {
    let node: unknown = this.root
    for (const part of path.split('.')) {
      // Own properties only: a payload must not reach us through a prototype.
      if (!isPlainObject(node) || !Object.hasOwn(node, part)) return undefined
      node = node[part]
    }
    return node
  }
}

const HINT = 'Is GITHUB_EVENT_PATH the event of this workflow run?'

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'number' && !Number.isInteger(value)) return `the number ${value}`
  if (typeof value === 'number') return `the integer ${value}`
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

const TRIGGER_BY_EVENT: Record<string, Trigger> = {
  issues: 'issue',
  pull_request: 'pull_request',
  pull_request_target: 'pull_request',
  issue_comment: 'issue_comment',
  workflow_dispatch: 'workflow_dispatch',
  repository_dispatch: 'repository_dispatch',
  workflow_call: 'workflow_call',
  push: 'push',
  schedule: 'schedule',
  // A workflow_run follows another run: in this product that is recovery.
  workflow_run: 'recovery'
}

export function triggerFor(eventName: string): Trigger {
  return Object.hasOwn(TRIGGER_BY_EVENT, eventName)
    ? (TRIGGER_BY_EVENT[eventName] as Trigger)
    : 'webhook'
}

/** The payload's sender as a record actor; null when absent or malformed (never fatal). */
export function actorFrom(payload: unknown): Actor | null {
  if (!isPlainObject(payload) || !Object.hasOwn(payload, 'sender')) return null
  const sender = payload['sender']
  if (!isPlainObject(sender)) return null
  const parsed = ActorSchema.safeParse({ login: sender['login'], id: sender['id'] })
  return parsed.success ? parsed.data : null
}
