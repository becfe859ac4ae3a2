/**
 * The origin's tags, read and written on disk (the bare repository, never through HTTP, so a
 * test's request counts at a gitHttpServer origin are not disturbed), and tag protection as a
 * repository ruleset would enforce it:
 *
 * - `protectTags(bareDir, ['v*'])` installs a pre-receive hook that refuses to create a
 *   matching tag with GitHub's ruleset message (GH013), and records the patterns in the
 *   repository's config, where the fake's release route reads them too.
 * - A published release whose tag does not exist makes GitHub create a lightweight tag on
 *   `target_commitish`: the fake does the same when it knows the origin's directory
 *   (`originDir`), and lists such tags in state().tagsCreatedByReleases.
 *
 * Git is run with argument arrays only. Erasable TypeScript only (Node type stripping).
 */
import { execFileSync } from 'node:child_process'
import { chmod, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const CONFIG_KEY = 'fakegithub.protectedtag'

function git(dir: string, args: string[]): string | null {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v
  try {
    return execFileSync('git', ['--git-dir', dir, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'ignore']
    })
      .toString()
      .trim()
  } catch {
    return null
  }
}

export function validTagName(tag: string): boolean {
  try {
    execFileSync('git', ['check-ref-format', `refs/tags/${tag}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** The object the tag points at, or null. */
export function tagAt(dir: string, tag: string): string | null {
  return git(dir, ['rev-parse', '--verify', '--quiet', `refs/tags/${tag}`]) || null
}

/** The commit a branch name or commit id names in the origin, or null. */
export function resolveCommit(dir: string, commitish: string): string | null {
  if (commitish.startsWith('-')) return null
  for (const name of [`refs/heads/${commitish}`, commitish]) {
    const oid = git(dir, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`])
    if (oid) return oid
  }
  return null
}

/** Creates the tag only if it does not exist (update-ref with an all-zero old value). */
export function createTag(dir: string, tag: string, oid: string): boolean {
  return git(dir, ['update-ref', `refs/tags/${tag}`, oid, '0'.repeat(oid.length)]) !== null
}

function globToRegExp(pattern: string): RegExp {
  const body = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^${body}$`)
}

export function protectedTag(dir: string, tag: string): boolean {
  const patterns = git(dir, ['config', '--get-all', CONFIG_KEY])
  return (patterns ?? '')
    .split('\n')
    .filter(Boolean)
    .some(p => globToRegExp(p).test(tag))
}

const HOOK = `#!/usr/bin/env bash
# Installed by the fake GitHub's protectTags(): refuse creating a protected tag, as a ruleset does.
zero=0000000000000000000000000000000000000000
mapfile -t patterns < <(git config --get-all ${CONFIG_KEY})
status=0
while read -r old new ref; do
  case "$ref" in refs/tags/*) ;; *) continue ;; esac
  [ "$old" = "$zero" ] || continue
  for pattern in "\${patterns[@]}"; do
    if [[ "\${ref#refs/tags/}" == $pattern ]]; then
      echo "error: GH013: Repository rule violations found for $ref." >&2
      echo "- Cannot create ref due to creations being restricted." >&2
      status=1
    fi
  done
done
exit $status
`

/** Protects tags matching the glob patterns (`*`, `?`) in the bare repository at `dir`. */
export async function protectTags(dir: string, patterns: string[]): Promise<void> {
  git(dir, ['config', '--unset-all', CONFIG_KEY])
  for (const p of patterns) {
    if (git(dir, ['config', '--add', CONFIG_KEY, p]) === null)
      throw new Error(`could not record the tag pattern ${p}`)
  }
  const hook = join(dir, 'hooks', 'pre-receive')
  await writeFile(hook, HOOK)
  await chmod(hook, 0o755)
}
