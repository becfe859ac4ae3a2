/**
 * docs/design/writers.md: who writes a run. The writer identity of a record comes from the workflow run's
 * environment; ownership of a run follows from its id and from who wrote its first record.
 * Pure: the environment is passed in as a plain object.
 */
import { InvalidInput } from './errors.js'
import type { Writer } from './record.js'

/** The variables the runner sets for every step (a plain object: process.env in the action). */
export type RunnerEnv = Readonly<Record<string, string | undefined>>

/**
 * The writer of records appended by this process: `{github_run_id, run_attempt, workflow_ref}`
 * from GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT (an integer, 1 when the runner does not say) and
 * GITHUB_WORKFLOW_REF (empty when the runner does not say); null outside a workflow run
 * (no GITHUB_RUN_ID). A malformed value is an error rather than a guess: it would be stored.
 */
export function writerFromEnv(env: RunnerEnv): Writer | null {
  const runId = env.GITHUB_RUN_ID ?? ''
  if (runId === '') return null
  if (!/^[1-9][0-9]{0,19}$/.test(runId))
    throw new InvalidInput(
      `GITHUB_RUN_ID is ${JSON.stringify(runId)}, not a workflow run id. The runner sets it to ` +
        'digits; unset it to run outside a workflow.'
    )
  const attemptText = env.GITHUB_RUN_ATTEMPT ?? ''
  const attempt = attemptText === '' ? 1 : Number(attemptText)
  if (!/^[1-9][0-9]{0,8}$/.test(attemptText || '1'))
    throw new InvalidInput(
      `GITHUB_RUN_ATTEMPT is ${JSON.stringify(attemptText)}, not a positive integer. The runner ` +
        'sets it to 1 for a first attempt and counts up on each re-run.'
    )
  const workflowRef = env.GITHUB_WORKFLOW_REF ?? ''
  if (workflowRef.length > 1024 || /[\p{Cc}\u2028\u2029]/u.test(workflowRef))
    throw new InvalidInput(
      'GITHUB_WORKFLOW_REF is longer than 1024 characters or holds control characters; ' +
        'the runner sets it to <owner>/<repo>/<path>@<ref>.'
    )
  return { github_run_id: runId, run_attempt: attempt, workflow_ref: workflowRef }
}

/** docs/design/keys.md: the run id admit uses when none is given: gh-<GITHUB_RUN_ID>-<12 hex of the key>. */
export function defaultRunIdPrefix(writer: Writer): string {
  return `gh-${writer.github_run_id}-`
}

/** What ownership is decided from: the run's id and the writer of its first record. */
export interface OwnedRun {
  readonly run_id: string
  readonly first_writer: Writer | null
}

/**
 * docs/design/writers.md "Ownership": this workflow run owns a run when the run's id is one it would admit
 * by default (`gh-<its GITHUB_RUN_ID>-…`), or when it wrote the run's first record (it admitted
 * the run under a run-id of its own choosing). A re-run keeps GITHUB_RUN_ID, so it owns what
 * its first attempt admitted. Outside a workflow run (no writer) nothing is owned: name the
 * run with run-id or dispatch-key instead.
 */
export function ownsRun(run: OwnedRun, self: Writer | null): boolean {
  if (self === null) return false
  if (run.run_id.startsWith(defaultRunIdPrefix(self))) return true
  return run.first_writer?.github_run_id === self.github_run_id
}

/**
 * The web address of the workflow run that wrote a record, from its writer: the repository is
 * the first two parts of `workflow_ref` (`<owner>/<repo>/<path>@<ref>`), on `serverUrl`
 * (GITHUB_SERVER_URL; github.com when empty). Null when the writer does not name a repository
 * (outside Actions, or a stored value of another shape: never guessed).
 */
export function workflowRunUrl(
  serverUrl: string | undefined,
  writer: Writer | null
): string | null {
  if (writer === null || !/^[1-9][0-9]{0,19}$/.test(writer.github_run_id)) return null
  const repository = /^([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)\//.exec(writer.workflow_ref)?.[1]
  if (repository === undefined) return null
  return actionsRunUrl(serverUrl, repository, writer.github_run_id)
}

/** A workflow run's web address on `serverUrl` (GITHUB_SERVER_URL), as GitHub forms it. */
export function actionsRunUrl(
  serverUrl: string | undefined,
  repository: string,
  id: string
): string {
  const server = (serverUrl || 'https://github.com').replace(/\/+$/, '')
  return `${server}/${repository}/actions/runs/${id}`
}
