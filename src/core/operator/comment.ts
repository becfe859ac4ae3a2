/**
 * The fields of an `issue_comment` event that `command: operate` uses, checked. Pure.
 */
import { sha256Hex } from '../canonical.js'
import { InvalidInput } from '../errors.js'
import type { CommentAuthor } from './authorize.js'
import { COMMENT_EVIDENCE } from './decide.js'

export interface OperatorComment {
  /** `created`, `edited`, `deleted`. Only `created` is ever executed. */
  readonly action: string
  readonly id: number
  readonly body: string
  readonly url: string
  readonly issue_number: number
  readonly author: CommentAuthor
  /** `owner/name` from the payload, when it has one. */
  readonly repository: string | null
}

type Obj = Record<string, unknown>
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function need<T>(value: T | undefined | null, ok: boolean, what: string): T {
  if (!ok || value === undefined || value === null)
    throw new InvalidInput(
      `The issue_comment event has no valid ${what}. command: operate runs on issue_comment events as GitHub sends them; check the workflow's on: trigger.`
    )
  return value
}

export function readComment(eventName: string, payload: unknown): OperatorComment {
  if (eventName !== 'issue_comment')
    throw new InvalidInput(
      `command: operate reads operator comments, so it runs on issue_comment events, not ${JSON.stringify(eventName)}. Use on: issue_comment: types: [created] in the operator workflow.`
    )
  const event = isObj(payload) ? payload : {}
  const comment = isObj(event.comment) ? event.comment : {}
  const user = isObj(comment.user) ? comment.user : {}
  const issue = isObj(event.issue) ? event.issue : {}
  const repository = isObj(event.repository) ? event.repository : {}
  const id = need(comment.id as number, Number.isSafeInteger(comment.id), 'comment.id')
  const url = need(
    comment.html_url as string,
    typeof comment.html_url === 'string' &&
      /^https?:\/\/\S+$/.test(comment.html_url) &&
      !comment.html_url.split('/').includes('..'),
    'comment.html_url'
  )
  return {
    action: need(event.action as string, typeof event.action === 'string', 'action'),
    id,
    body: need(comment.body as string, typeof comment.body === 'string', 'comment.body'),
    url,
    issue_number: need(issue.number as number, Number.isSafeInteger(issue.number), 'issue.number'),
    author: {
      login: need(
        user.login as string,
        typeof user.login === 'string' && user.login.length > 0,
        'comment.user.login'
      ),
      id: need(user.id as number, Number.isSafeInteger(user.id), 'comment.user.id'),
      type: typeof user.type === 'string' ? user.type : 'User',
      association: typeof comment.author_association === 'string' ? comment.author_association : ''
    },
    repository: typeof repository.full_name === 'string' ? repository.full_name : null
  }
}

/** docs/design/operators.md: the record's evidence is the comment's URL and the digest of its body. */
export function commentEvidence(comment: OperatorComment) {
  return { kind: COMMENT_EVIDENCE, digest: `sha256:${sha256Hex(comment.body)}`, uri: comment.url }
}
