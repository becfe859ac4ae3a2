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
 * docs/design/storage.md: any `refs/<a>/<b>…` prefix outside refs/heads, refs/tags and refs/pull,
 * none of whose components is a family of another namespace's refs.
 */
export function validateNamespace(namespace: string): string {
  const parts = namespace.split('/')
  const bad = (why: string): never => {
    throw new InvalidInput(
      `The \`namespace\` ${JSON.stringify(namespace)} ${why}. ` +
        `Use a prefix such as ${DEFAULT_NAMESPACE}.`
    )
  }
  if (parts[0] !== 'refs' || parts.length < 2) bad('must start with refs/')
  if (['heads', 'tags', 'pull', 'remotes'].includes(parts[1] ?? ''))
    bad(`must not be under refs/${parts[1]}, which belongs to branches, tags or pull requests`)
  for (const part of parts.slice(1)) {
    if (!COMPONENT.test(part) || part.endsWith('.lock') || part.includes('..'))
      bad(`has an invalid path component ${JSON.stringify(part)}`)
  }
  // Case-insensitively: on a case-insensitive file system (macOS, Windows) the local store's
  // refs/x/Runs/… and refs/x/runs/… are one directory.
  const family = parts.slice(1).find(part => NAMESPACE_FAMILIES.includes(part.toLowerCase()))
  if (family !== undefined)
    throw new InvalidInput(
      `The \`namespace\` ${JSON.stringify(namespace)} has the path component ` +
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
