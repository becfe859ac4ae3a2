import { sha256Hex } from './canonical.js'
import { InvalidInput } from './errors.js'

export const DEFAULT_NAMESPACE = 'refs/dispatch-ledger'

// One path component of a ref, kept to a conservative subset of check-ref-format.
const COMPONENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/

/** docs/design/storage.md: any `refs/<a>/<b>…` prefix outside refs/heads, refs/tags and refs/pull. */
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

export function admissionsPrefix(namespace: string): string {
  return `${namespace}/admissions/`
}
