/**
 * docs/design/operators.md authorization: who may operate a run from a comment. Pure: the command asks
 * GitHub for the collaborator permission only when `screenAuthor` says it is needed.
 */
import { InvalidInput } from '../errors.js'

/** GitHub's author_association values. */
export const ASSOCIATIONS = [
  'OWNER',
  'MEMBER',
  'COLLABORATOR',
  'CONTRIBUTOR',
  'FIRST_TIME_CONTRIBUTOR',
  'FIRST_TIMER',
  'MANNEQUIN',
  'NONE'
] as const

/** Repository roles from least to most; `none` is what a non-collaborator has. */
export const PERMISSION_LEVELS = ['none', 'read', 'triage', 'write', 'maintain', 'admin'] as const
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number]

export interface OperatorPolicy {
  /** Upper-case author associations allowed to operate. */
  readonly operators: readonly string[]
  /** The least repository role the permission API must report. */
  readonly permission: PermissionLevel
  /** Bot logins allowed to operate, lower-case, with their `[bot]` suffix. */
  readonly bots: readonly string[]
}

export interface CommentAuthor {
  readonly login: string
  readonly id: number
  /** `User`, `Bot`, `Organization`, … as the event gives it. */
  readonly type: string
  readonly association: string
}

export type Screening =
  | { readonly verdict: 'allowed'; readonly via: string }
  | { readonly verdict: 'rejected'; readonly reason: string }
  /** The association is allowed; the permission API must confirm the role. */
  | { readonly verdict: 'check_permission' }

export type Authorization =
  | { readonly verdict: 'allowed'; readonly via: string }
  | { readonly verdict: 'rejected'; readonly reason: string }

/** Comma- or space-separated list input → trimmed, non-empty items. */
function items(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map(item => item.trim())
    .filter(Boolean)
}

/** The operators, operator-permission and operator-bots inputs, as given. */
export interface PolicyInputs {
  readonly operators: string
  readonly permission: string
  readonly bots: string
}

/** The policy from the operators, operator-permission and operator-bots inputs. */
export function parsePolicy(inputs: PolicyInputs): OperatorPolicy {
  const operators = items(inputs.operators).map(item => item.toUpperCase())
  if (operators.length === 0)
    throw new InvalidInput(
      `The operators input is empty. Name the author associations allowed to operate, for example OWNER,MEMBER,COLLABORATOR.`
    )
  const unknown = operators.filter(a => !(ASSOCIATIONS as readonly string[]).includes(a))
  if (unknown.length > 0)
    throw new InvalidInput(
      `The operators input holds ${JSON.stringify(unknown.join(','))}, which is not an author association. Use any of ${ASSOCIATIONS.join(', ')}.`
    )
  const permission = inputs.permission.trim().toLowerCase()
  if (!(PERMISSION_LEVELS as readonly string[]).includes(permission) || permission === 'none')
    throw new InvalidInput(
      `The operator-permission input is ${JSON.stringify(inputs.permission)}; use one of read, triage, write, maintain, admin.`
    )
  const bots = items(inputs.bots).map(bot => {
    const login = bot.toLowerCase()
    return login.endsWith('[bot]') ? login : `${login}[bot]`
  })
  return { operators, permission: permission as PermissionLevel, bots }
}

export function isBot(author: CommentAuthor): boolean {
  return author.type === 'Bot' || author.login.toLowerCase().endsWith('[bot]')
}

/**
 * The checks that need no API call. A bot is refused unless named in operator-bots, and a
 * named bot needs nothing more (its association is usually NONE; naming it is the grant).
 * Anyone else needs an allowed association, then (with a token) the permission API.
 */
export function screenAuthor(author: CommentAuthor, policy: OperatorPolicy): Screening {
  if (isBot(author)) {
    if (policy.bots.includes(author.login.toLowerCase()))
      return { verdict: 'allowed', via: `bot ${author.login} is named in operator-bots` }
    return {
      verdict: 'rejected',
      reason: `${author.login} is a bot, and bots may operate only when named in operator-bots`
    }
  }
  const association = author.association.toUpperCase()
  if (!policy.operators.includes(association))
    return {
      verdict: 'rejected',
      reason: `${author.login}'s association with the repository is ${association || 'unknown'}, which is not one of the operators (${policy.operators.join(', ')})`
    }
  return { verdict: 'check_permission' }
}

/** The level a permission API answer grants: its role name when standard, else `permission`. */
export function levelOf(answer: {
  readonly permission: string
  readonly role_name?: string | null
}): PermissionLevel {
  const known = (level: string | null | undefined): level is PermissionLevel =>
    typeof level === 'string' && (PERMISSION_LEVELS as readonly string[]).includes(level)
  if (known(answer.role_name)) return answer.role_name
  return known(answer.permission) ? answer.permission : 'none'
}

/**
 * Judges the permission API's answer. `null`: there is no token to ask with, so the
 * association alone decides (docs/design/operators.md: the API is consulted "with a token").
 */
export function judgePermission(
  author: CommentAuthor,
  answer: { readonly permission: string; readonly role_name?: string | null } | null,
  policy: OperatorPolicy
): Authorization {
  if (answer === null)
    return {
      verdict: 'allowed',
      via: `association ${author.association.toUpperCase()} (no token, so the permission API was not asked)`
    }
  const level = levelOf(answer)
  if (PERMISSION_LEVELS.indexOf(level) < PERMISSION_LEVELS.indexOf(policy.permission))
    return {
      verdict: 'rejected',
      reason: `${author.login} has ${level} permission on the repository; operating needs at least ${policy.permission}`
    }
  return {
    verdict: 'allowed',
    via: `association ${author.association.toUpperCase()} and ${level} permission`
  }
}
