/**
 * What to say when the origin refuses this job its refs: the cause git's own line does not
 * name, and the fix for it. Three causes are told apart, because their fixes differ: no
 * credentials at all (a checkout that did not persist its token), a fork's pull request (whose
 * token is read-only whatever the workflow asks), and a token without the permission.
 */

/** The pull request events whose run, for a fork's pull request, gets a read-only token. */
const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_review', 'pull_request_review_comment']

/**
 * The fork (`owner/name`) a pull request event comes from, or null when the run is not a
 * fork's pull request (pull_request_target runs in the base repository with its token).
 */
export function forkOf(eventName: string, payload: unknown, repository: string): string | null {
  if (!PULL_REQUEST_EVENTS.includes(eventName)) return null
  const head = (payload as { pull_request?: { head?: { repo?: unknown } } } | null)?.pull_request
    ?.head?.repo as { full_name?: unknown; fork?: unknown } | null | undefined
  if (head === undefined) return null
  // A fork deleted since the pull request was opened has no repository any more.
  const name = typeof head?.full_name === 'string' ? head.full_name : '(a deleted fork)'
  return name !== repository || head?.fork === true ? name : null
}

/** git asked for a username or password, which means it was given no credentials. */
export function isMissingCredentials(said: string): boolean {
  return /could not read (username|password)|terminal prompts disabled|authentication required|\b401\b/i.test(
    said
  )
}

export function originRefusal(options: {
  readonly remote: string
  readonly access: 'read' | 'write'
  /** git's own line, redacted */
  readonly said: string
  /** the fork this run's pull request comes from, if it does */
  readonly fork: string | null
}): string {
  const { remote, access, said, fork } = options
  const nothing = 'Nothing was admitted or recorded.'
  if (isMissingCredentials(said))
    return (
      `The remote ${remote} asked this job for credentials and it has none (${said}). ${nothing} ` +
      'The checkout did not keep its token for git, as actions/checkout with ' +
      '`persist-credentials: false` does: remove `persist-credentials: false` from the checkout ' +
      'step (the default keeps the job token for git), or keep the ledger in a repository of its ' +
      'own (`ledger-repository` with a `ledger-token`).'
    )
  if (fork !== null && access === 'write')
    return (
      `The remote ${remote} refused to let this job write refs (${said}). ${nothing} This run is ` +
      `for a pull request from the fork ${fork}: GitHub gives it a read-only token whatever ` +
      '`permissions:` says, and a fork cannot grant `contents: write`. Run the ledger step in the ' +
      "base repository instead, on an event with a write token that does not run the fork's " +
      'code (`pull_request_target` with the `labeled` type, `issue_comment`, or `workflow_run` ' +
      'after this workflow), checking out the base branch only.'
    )
  return (
    `The remote ${remote} refused to let this job ${access} refs (${said}). ${nothing} Give the ` +
    `workflow \`permissions: contents: ${access}\` (and check out with credentials persisted, as ` +
    'actions/checkout does by default).'
  )
}
