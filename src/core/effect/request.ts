/**
 * What `command: effect` is asked for, checked before anything is read or written: the plain
 * values a step gives, validated into a request (docs/design/effects.md#inputs-and-outputs).
 * Pure.
 */
import { InvalidInput } from '../errors.js'
import { parseOrThrow } from '../validate.js'
import { sha256Hex } from '../canonical.js'
import { markersIn } from './artifacts.js'
import {
  defaultOperationId,
  EFFECT_KINDS,
  OperationIdSchema,
  textDigest,
  type EffectKind,
  type Intent,
  type TagIntent,
  type Writer
} from './operation.js'
import { branchNameProblem, tagNameProblem } from './tagName.js'

export interface EffectRequest {
  readonly namespace: string
  readonly operation_id: string
  readonly intent: Intent
  /** The tag message (the operation line is added); its digest is in the intent. */
  readonly message: string
  /** The release body as given (the marker is added); its digest is in the intent. */
  readonly release_body: string
  /** A pull request's, comment's or issue's body as given (the marker is added). */
  readonly body?: string
  readonly writer: Writer | null
}

/** What `command: effect` is given, as plain values (the step maps inputs onto these). */
export interface EffectCommandOptions {
  readonly namespace: string
  readonly kind: string
  /** The tag's name, without refs/tags/. */
  readonly tag: string
  /** The commit to tag (or to create a branch at); empty → GITHUB_SHA (`default_target`). */
  readonly target: string
  readonly default_target: string
  readonly message: string
  readonly release_name: string
  readonly release_body: string
  readonly draft: boolean
  readonly prerelease: boolean
  /** kind branch: the branch's name, without refs/heads/. */
  readonly branch?: string
  /** kind pull-request: the branch to merge (`branch` or `owner:branch`) and the one to merge into. */
  readonly head?: string
  readonly base?: string
  /** kind pull-request and issue. */
  readonly title?: string
  /** kind pull-request, comment and issue: the text; the operation's marker is added. */
  readonly body?: string
  /** kind comment: the issue or pull request to comment on, as the input gives it. */
  readonly issue_number?: string
  /** kind issue: label names, separated by commas or new lines. */
  readonly labels?: string
  /** Empty → `<run id>/<kind>/<what it names>`. */
  readonly operation_id: string
  /** The run the operation belongs to, for the default operation id. */
  readonly run_id: string | null
  readonly repository_id: string
  readonly writer: Writer | null
}

const KINDS_IN_WORDS = 'tag, release, branch, pull-request, comment or issue'

/**
 * Validates the plain values and builds the request: the intent and its text fields. Every
 * problem is an InvalidInput naming the field; nothing has been read or written yet.
 */
export function effectRequestFrom(options: EffectCommandOptions): EffectRequest {
  const kind = options.kind
  if (!(EFFECT_KINDS as readonly string[]).includes(kind))
    throw new InvalidInput(
      `command: effect needs the \`kind\`, ${KINDS_IN_WORDS}; got ${JSON.stringify(kind)}.`
    )
  if (!options.repository_id)
    throw new InvalidInput(
      'GITHUB_REPOSITORY_ID is not set, and the intent of an effect names its repository. ' +
        'Run inside a workflow (the runner sets it).'
    )
  const { intent, names } = intentOf(kind as EffectKind, options)
  let operationId = options.operation_id
  if (!operationId) {
    if (!options.run_id)
      throw new InvalidInput(
        'command: effect needs the `operation_id`, or the `run_id` its default ' +
          '(<run id>/<kind>/<what it names>) is made from.'
      )
    operationId = defaultOperationId(options.run_id, kind as EffectKind, names)
  }
  parseOrThrow(OperationIdSchema, operationId, 'The `operation_id`')
  return {
    namespace: options.namespace,
    operation_id: operationId,
    intent,
    message: options.message,
    release_body: options.release_body,
    body: options.body ?? '',
    writer: options.writer
  }
}

/** The intent of one kind, and what the default operation id names. */
function intentOf(
  kind: EffectKind,
  options: EffectCommandOptions
): { intent: Intent; names: string } {
  const repository_id = options.repository_id
  switch (kind) {
    case 'tag':
    case 'release': {
      checkTagName(options.tag, 'The `tag`')
      checkNoMarker(options.release_body, 'release-body')
      const release =
        kind === 'release'
          ? {
              name: options.release_name || options.tag,
              body_digest: textDigest(options.release_body),
              draft: options.draft,
              prerelease: options.prerelease
            }
          : null
      const intent: TagIntent = {
        repository_id,
        kind,
        tag_ref: `refs/tags/${options.tag}`,
        target: targetOf(options),
        message_digest: textDigest(options.message),
        release
      }
      return { intent, names: options.tag }
    }
    case 'branch': {
      const branch = options.branch ?? ''
      checkBranchName(branch, 'The `branch`')
      return {
        intent: {
          repository_id,
          kind,
          branch_ref: `refs/heads/${branch}`,
          target: targetOf(options)
        },
        names: branch
      }
    }
    case 'pull-request': {
      const head = required(options.head, 'head', 'the branch to merge, for example agent/issue-42')
      const base = required(options.base, 'base', 'the branch to merge into, for example main')
      checkBranchName(head.slice(head.indexOf(':') + 1), 'The `head`')
      checkBranchName(base, 'The `base`')
      const title = titleOf(options.title)
      const body = bodyOf(options.body, { required: false })
      return {
        intent: {
          repository_id,
          kind,
          head,
          base,
          title,
          body_digest: textDigest(body),
          draft: options.draft
        },
        names: `${base}...${head}`
      }
    }
    case 'comment': {
      const raw = options.issue_number ?? ''
      if (!/^[1-9][0-9]{0,9}$/.test(raw))
        throw new InvalidInput(
          `kind comment needs the \`issue-number\` (the issue or pull request to comment on, a ` +
            `number); got ${JSON.stringify(raw)}.`
        )
      const body = bodyOf(options.body, { required: true })
      return {
        intent: { repository_id, kind, issue_number: Number(raw), body_digest: textDigest(body) },
        names: raw
      }
    }
    case 'issue': {
      const title = titleOf(options.title)
      const body = bodyOf(options.body, { required: false })
      return {
        intent: {
          repository_id,
          kind,
          title,
          body_digest: textDigest(body),
          labels: labelsOf(options.labels ?? '')
        },
        // A title holds spaces, which an operation id may not: it is named by its digest.
        names: sha256Hex(title).slice(0, 12)
      }
    }
  }
}

function targetOf(options: EffectCommandOptions): string {
  const target = options.target || options.default_target
  if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(target))
    throw new InvalidInput(
      `The \`target\` must be a full commit id (40 or 64 lowercase hex digits); got ${JSON.stringify(target)}. ` +
        'Leave it empty for GITHUB_SHA.'
    )
  return target
}

function required(value: string | undefined, input: string, what: string): string {
  if (!value) throw new InvalidInput(`kind pull-request needs the \`${input}\` input: ${what}.`)
  return value
}

function titleOf(title: string | undefined): string {
  const text = title ?? ''
  if (!text.trim() || /[\p{Cc}]/u.test(text) || text.length > 1024)
    throw new InvalidInput(
      `The \`title\` must be one line of text (at most 1024 characters); got ${JSON.stringify(text.slice(0, 80))}.`
    )
  return text
}

function bodyOf(body: string | undefined, options: { readonly required: boolean }): string {
  const text = body ?? ''
  if (options.required && !text.trim())
    throw new InvalidInput('kind comment needs the `body` input: the text of the comment.')
  if (text.length > MAX_BODY)
    throw new InvalidInput(
      `The \`body\` is ${text.length} characters; GitHub takes at most ${MAX_BODY} with the marker added.`
    )
  checkNoMarker(text, 'body')
  return text
}

/** GitHub's limit on an issue, pull request or comment body, less room for the marker. */
const MAX_BODY = 65536 - 2048

/**
 * A body that already carries a marker would name another operation (a lookup of that one
 * would find this write and call it a conflict, or adopt it as its own): refused.
 */
export function checkNoMarker(body: string, input: string): void {
  const found = markersIn(body)
  if (found.length > 0)
    throw new InvalidInput(
      `The \`${input}\` already carries the marker of operation ${JSON.stringify(found[0]?.id)}; ` +
        "the action adds this operation's own marker, so copy the text without the " +
        '<!-- dispatch-ledger operation: … --> line. Nothing was sent.'
    )
}

/** Comma- or line-separated names, trimmed, sorted, each once. */
function labelsOf(text: string): string[] {
  const labels = [
    ...new Set(
      text
        .split(/[,\n]/)
        .map(label => label.trim())
        .filter(Boolean)
    )
  ].sort()
  for (const label of labels)
    if (label.length > 100 || /[\p{Cc}]/u.test(label))
      throw new InvalidInput(
        `The label ${JSON.stringify(label.slice(0, 80))} is refused: a label is one line of at most 100 characters.`
      )
  return labels
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

/** The one check of a branch name (`refs/heads/<name>`), before anything is read or written. */
export function checkBranchName(branch: string, what: string): void {
  const problem = branchNameProblem(branch)
  if (problem !== null)
    throw new InvalidInput(`${what} ${JSON.stringify(branch)} is refused: ${problem}.`)
}
