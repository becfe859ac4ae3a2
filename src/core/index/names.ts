/**
 * What a ref under a namespace is, by its name alone (docs/design/storage.md): one of layout
 * v2's refs, a ref of layout v1, or a name no writer of this version makes. verify reports the
 * last two; the commands refuse a namespace holding v1 refs. Pure.
 */
import { NAMESPACE_FAMILIES } from '../refs.js'

export type RefKind =
  | { readonly kind: 'index'; readonly bucket: string }
  | { readonly kind: 'archive'; readonly bucket: string }
  | { readonly kind: 'chain'; readonly family: 'runs' | 'operations'; readonly hash: string }
  | { readonly kind: 'v1' }
  | { readonly kind: 'unknown'; readonly why: string }

/** The kind of `ref`, which lies under `namespace/`. */
export function refKind(namespace: string, ref: string): RefKind {
  const rest = ref.slice(namespace.length + 1)
  const [family, name, ...below] = rest.split('/')
  if (family === 'admissions') return { kind: 'v1' }
  if (below.length === 0 && name !== undefined) {
    if ((family === 'index' || family === 'archive') && /^[0-9a-f]{2}$/.test(name))
      return { kind: family, bucket: name }
    if ((family === 'runs' || family === 'operations') && /^[0-9a-f]{64}$/.test(name))
      return { kind: 'chain', family, hash: name }
  }
  if (family !== undefined && NAMESPACE_FAMILIES.includes(family) && below.length > 0)
    return {
      kind: 'unknown',
      why:
        `it nests a ref inside the ${family} family (${namespace}/${family}/${name}/…): ` +
        'no writer makes it, and it keeps git from creating the ref it is named under'
    }
  return {
    kind: 'unknown',
    why:
      family !== undefined && NAMESPACE_FAMILIES.includes(family)
        ? `it is not a name of the ${family} family (no writer makes it)`
        : 'it is not a name dispatch-ledger writes (index/<hh>, archive/<hh>, runs/<h>, operations/<h>)'
  }
}
