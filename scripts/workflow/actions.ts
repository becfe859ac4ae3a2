/**
 * Which code a `uses:` of this project's actions runs, resolved as GitHub resolves it, and
 * refused in GitHub's words when GitHub would refuse it:
 *
 * - `<owner>/dispatch-ledger[/<folder>]@<ref>` (the published form) is resolved when the job
 *   is prepared, before any step: the owner must be the one the project is published under
 *   (PUBLISHED.owner), the ref one the published repository has (a tag or branch of this
 *   checkout, the `v<major>` and `v<version>` tags the release workflow makes from
 *   package.json's version, or a commit of this checkout), and the folder an action of it.
 *   Whatever the ref, the code that runs is this checkout's dist/: the runner says so.
 * - `./` and `./<folder>` (a local action) are found in the job's workspace when the step
 *   runs: the workspace must hold `<folder>/action.yml`, as it does after actions/checkout of
 *   this repository, else the step fails as GitHub fails it.
 *
 * docs/running-locally.md#where-it-differs-from-github says what this leaves out.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PUBLISHED_AS } from '../manifests.ts'
import { ACTIONS, PROJECT_ROOT } from '../runner.ts'
import { WorkflowError } from './errors.ts'

/** The repository the project is published as (the README's `uses:` lines name it). */
const [owner, name] = PUBLISHED_AS.split('/') as [string, string]
export const PUBLISHED = { owner, name } as const

const PUBLISHED_FORM = /^([\w.-]+)\/dispatch-ledger(?:\/([^@]+))?@(.+)$/
const LOCAL_FORM = /^\.\/?([^@]*)$/

export type SelfUses =
  | { kind: 'local'; folder: string | undefined }
  | { kind: 'published'; owner: string; folder: string | undefined; ref: string }

/** The parts of a `uses:` of this project, or undefined when it is not one. */
export function parseSelfUses(uses: string): SelfUses | undefined {
  const local = LOCAL_FORM.exec(uses)
  if (local) return { kind: 'local', folder: local[1]?.replace(/\/$/, '') || undefined }
  const published = PUBLISHED_FORM.exec(uses)
  if (published)
    return {
      kind: 'published',
      owner: published[1] as string,
      folder: published[2]?.replace(/\/$/, '') || undefined,
      ref: published[3] as string
    }
  return undefined
}

const exec = promisify(execFile)

let knownRefs: Promise<Set<string>> | undefined
/** The refs the published repository has, as far as this checkout knows them. */
function publishedRefs(): Promise<Set<string>> {
  knownRefs ??= (async () => {
    const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      version: string
    }
    const names = new Set([`v${version}`, `v${version.split('.')[0]}`])
    const listing = await exec(
      'git',
      ['for-each-ref', '--format=%(refname:lstrip=2)', 'refs/tags/', 'refs/heads/'],
      { cwd: PROJECT_ROOT }
    ).catch(() => ({ stdout: '' }))
    for (const name of listing.stdout.split('\n').filter(Boolean)) names.add(name)
    return names
  })()
  return knownRefs
}

async function isCommit(ref: string): Promise<boolean> {
  if (!/^[0-9a-f]{40}$/.test(ref)) return false
  return exec('git', ['cat-file', '-e', `${ref}^{commit}`], { cwd: PROJECT_ROOT }).then(
    () => true,
    () => false
  )
}

/**
 * A published `uses:` checked as GitHub's "Prepare all required actions" checks it; the
 * line the job's log shows for it: which checkout's dist/ runs.
 */
export async function resolvePublished(
  uses: string,
  parsed: Extract<SelfUses, { kind: 'published' }>,
  where: string
): Promise<string> {
  if (parsed.owner !== PUBLISHED.owner)
    throw new WorkflowError(
      `${where}: Unable to resolve action \`${uses}\`, repository not found ` +
        `(the runner knows this project as ${PUBLISHED.owner}/${PUBLISHED.name})`
    )
  if (!(await publishedRefs()).has(parsed.ref) && !(await isCommit(parsed.ref)))
    throw new WorkflowError(
      `${where}: Unable to resolve action \`${uses}\`, unable to find version \`${parsed.ref}\` ` +
        `(known here: ${[...(await publishedRefs())].sort().join(', ')}, or a commit of this checkout)`
    )
  checkFolder(uses, parsed.folder, where)
  return `${uses}: runs dist/ of the checkout ${PROJECT_ROOT} (whatever ${parsed.ref} names on GitHub)`
}

/** A folder of the project that is no action: refused as GitHub refuses it. */
export function checkFolder(uses: string, folder: string | undefined, where: string): void {
  if (folder !== undefined && !(ACTIONS as readonly string[]).includes(folder))
    throw new WorkflowError(
      `${where}: Can't find 'action.yml', 'action.yaml' or 'Dockerfile' for action '${uses}' ` +
        `(this project's actions: the root (admit) and ${ACTIONS.join(', ')})`
    )
}

/**
 * A local action's manifest must be in the workspace when its step runs; the error GitHub
 * gives when it is not, or undefined when it is there.
 */
export function missingLocalAction(
  folder: string | undefined,
  workspace: string
): string | undefined {
  const dir = join(workspace, folder ?? '')
  if (['action.yml', 'action.yaml'].some(name => existsSync(join(dir, name)))) return undefined
  return (
    `Can't find 'action.yml', 'action.yaml' or 'Dockerfile' under '${dir}'. ` +
    'Did you forget to run actions/checkout before running your local action?'
  )
}
