import { sha256Hex } from './canonical.js'
import { InvalidInput } from './errors.js'

export const DEFAULT_NAMESPACE = 'refs/dispatch-ledger'

// One path component of a ref, kept to a conservative subset of check-ref-format.
const COMPONENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/

/**
 * The families of refs a namespace holds (src/core/index/layout.ts): the index buckets, the
 * archive chains, live runs and operations, and `admissions`, the logical name commands use
 * (and layout v1's refs). A namespace with one of them as a path component would lie inside
 * another namespace's refs — `refs/dispatch-ledger/index/aa` is a bucket of
 * `refs/dispatch-ledger` — so two stores would read and overwrite each other's refs.
 */
export const NAMESPACE_FAMILIES: readonly string[] = [
  'admissions',
  'archive',
  'index',
  'operations',
  'runs'
]

/**
 * The ref families git and GitHub give a meaning to, each with what it is. A namespace under
 * one of them would be read as that: refs/replace/<oid> changes what every clone sees of an
 * object, refs/notes are shown by `git log`, refs/stash and refs/bisect are a person's working
 * state, refs/worktree, refs/rewritten and refs/prefetch are git's own, refs/original is
 * filter-branch's backup, refs/pull and refs/changes are the review systems' (GitHub's pull
 * requests, Gerrit's changes).
 */
export const RESERVED_REF_FAMILIES: ReadonlyMap<string, string> = new Map([
  ['heads', 'branches'],
  ['tags', 'tags'],
  ['remotes', 'remote-tracking branches'],
  ['notes', 'git notes, which git log shows'],
  ['replace', 'replacement objects, which change what every clone sees'],
  ['stash', 'the stash'],
  ['bisect', 'git bisect'],
  ['worktree', "each worktree's own refs"],
  ['rewritten', "git rebase's labels"],
  ['prefetch', "git maintenance's prefetch"],
  ['original', "git filter-branch's backups"],
  ['pull', "GitHub's pull requests"],
  ['changes', "review systems' changes (Gerrit)"]
])

/**
 * docs/design/storage.md: any `refs/<a>/<b>…` prefix outside the families git and GitHub give
 * meaning to, none of whose components is a family of another namespace's refs. `given` names
 * where it came from in the message (the actions' input by default; the command line's flag).
 */
export function validateNamespace(namespace: string, given = 'The `namespace`'): string {
  const parts = namespace.split('/')
  const bad = (why: string): never => {
    throw new InvalidInput(
      `${given} ${JSON.stringify(namespace)} ${why}. Use a prefix such as ${DEFAULT_NAMESPACE}.`
    )
  }
  if (parts[0] !== 'refs' || parts.length < 2) bad('must start with refs/')
  // Case-insensitively, as below: refs/Heads is refs/heads on a case-insensitive file system.
  const top = (parts[1] ?? '').toLowerCase()
  const meaning = RESERVED_REF_FAMILIES.get(top)
  if (meaning !== undefined)
    bad(`must not be under refs/${top}, which git or GitHub uses for ${meaning}`)
  for (const part of parts.slice(1)) {
    if (!COMPONENT.test(part) || part.endsWith('.lock') || part.includes('..'))
      bad(`has an invalid path component ${JSON.stringify(part)}`)
  }
  // Case-insensitively: on a case-insensitive file system (macOS, Windows) the local store's
  // refs/x/Runs/… and refs/x/runs/… are one directory.
  const family = parts.slice(1).find(part => NAMESPACE_FAMILIES.includes(part.toLowerCase()))
  if (family !== undefined)
    throw new InvalidInput(
      `${given} ${JSON.stringify(namespace)} has the path component ` +
        `${JSON.stringify(family)}, a family of refs a namespace holds ` +
        `(${NAMESPACE_FAMILIES.join(', ')}), so it lies inside another namespace's refs and the ` +
        "two would overwrite each other. Choose a namespace outside another namespace's refs, " +
        `such as ${DEFAULT_NAMESPACE}-2.`
    )
  return namespace
}

export function keyHash(dispatchKey: string): string {
  return sha256Hex(dispatchKey)
}

export function admissionRef(namespace: string, dispatchKey: string): string {
  return `${namespace}/admissions/${keyHash(dispatchKey)}`
}

export function ledgerRef(namespace: string, runId: string): string {
  return `${namespace}/runs/${sha256Hex(runId)}`
}

export function runsPrefix(namespace: string): string {
  return `${namespace}/runs/`
}

export function operationsPrefix(namespace: string): string {
  return `${namespace}/operations/`
}

export function admissionsPrefix(namespace: string): string {
  return `${namespace}/admissions/`
}
