/**
 * What `command: effect` is asked for, checked before anything is read or written: the plain
 * values a step gives, validated into a request (docs/design/effects.md#inputs-and-outputs).
 * Pure.
 */
import { InvalidInput } from '../errors.js'
import { parseOrThrow } from '../validate.js'
import {
  defaultOperationId,
  OperationIdSchema,
  textDigest,
  type Intent,
  type Writer
} from './operation.js'
import { tagNameProblem } from './tagName.js'

export interface EffectRequest {
  readonly namespace: string
  readonly operation_id: string
  readonly intent: Intent
  /** The tag message (the operation line is added); its digest is in the intent. */
  readonly message: string
  /** The release body as given (the marker is added); its digest is in the intent. */
  readonly release_body: string
  readonly writer: Writer | null
}

/** What `command: effect` is given, as plain values (the step maps inputs onto these). */
export interface EffectCommandOptions {
  readonly namespace: string
  readonly kind: string
  /** The tag's name, without refs/tags/. */
  readonly tag: string
  /** The commit to tag; empty → GITHUB_SHA (`default_target`). */
  readonly target: string
  readonly default_target: string
  readonly message: string
  readonly release_name: string
  readonly release_body: string
  readonly draft: boolean
  readonly prerelease: boolean
  /** Empty → `<run id>/<kind>/<tag>`. */
  readonly operation_id: string
  /** The run the operation belongs to, for the default operation id. */
  readonly run_id: string | null
  readonly repository_id: string
  readonly writer: Writer | null
}

/**
 * Validates the plain values and builds the request: the intent and its text fields. Every
 * problem is an InvalidInput naming the field; nothing has been read or written yet.
 */
export function effectRequestFrom(options: EffectCommandOptions): EffectRequest {
  const kind = options.kind
  if (kind !== 'tag' && kind !== 'release')
    throw new InvalidInput(
      `command: effect needs the \`kind\`, tag or release; got ${JSON.stringify(kind)}.`
    )
  checkTagName(options.tag, 'The `tag`')
  const target = options.target || options.default_target
  if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(target))
    throw new InvalidInput(
      `The \`target\` must be a full commit id (40 or 64 lowercase hex digits); got ${JSON.stringify(target)}. ` +
        'Leave it empty to tag GITHUB_SHA.'
    )
  if (!options.repository_id)
    throw new InvalidInput(
      'GITHUB_REPOSITORY_ID is not set, and the intent of an effect names its repository. ' +
        'Run inside a workflow (the runner sets it).'
    )
  let operationId = options.operation_id
  if (!operationId) {
    if (!options.run_id)
      throw new InvalidInput(
        'command: effect needs the `operation_id`, or the `run_id` its default ' +
          '(<run id>/<kind>/<tag>) is made from.'
      )
    operationId = defaultOperationId(options.run_id, kind, options.tag)
  }
  parseOrThrow(OperationIdSchema, operationId, 'The `operation_id`')
  const release =
    kind === 'release'
      ? {
          name: options.release_name || options.tag,
          body_digest: textDigest(options.release_body),
          draft: options.draft,
          prerelease: options.prerelease
        }
      : null
  return {
    namespace: options.namespace,
    operation_id: operationId,
    intent: {
      repository_id: options.repository_id,
      kind,
      tag_ref: `refs/tags/${options.tag}`,
      target,
      message_digest: textDigest(options.message),
      release
    },
    message: options.message,
    release_body: options.release_body,
    writer: options.writer
  }
}

/**
 * The one check of a tag name, before anything is read or written: `what` names where the
 * name came from (the `tag` input, or an intent built by hand).
 */
export function checkTagName(tag: string, what: string): void {
  const problem = tagNameProblem(tag)
  if (problem !== null)
    throw new InvalidInput(`${what} ${JSON.stringify(tag)} is refused: ${problem}.`)
}
