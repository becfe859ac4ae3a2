/**
 * The index entry of an archived chain (docs/design/storage.md#archived-chains): closed JSON
 * with a schema name, stored as a blob at `runs/<h>` or `operations/<h>` in its bucket's tree.
 * It records the chain's head (kept reachable by the bucket's archive ref) and whether the
 * head ended the chain, with the head's time, which retention reads. Pure.
 */
import * as z from 'zod/mini'
import '../schema.js'
import { canonicalJson } from '../canonical.js'
import { CorruptEntry } from '../errors.js'

export const INDEX_ENTRY_SCHEMA = 'dispatch-ledger/index-entry/v1'

const OID = z.string().check(z.regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/))

export const IndexEntrySchema = z.strictObject({
  schema: z.literal(INDEX_ENTRY_SCHEMA),
  ref: z.string(),
  head: OID,
  ended: z.boolean(),
  written_at: z.number().check(z.int(), z.nonnegative())
})
export type IndexEntry = z.infer<typeof IndexEntrySchema>

export function encodeIndexEntry(entry: Omit<IndexEntry, 'schema'>): string {
  return canonicalJson({ schema: INDEX_ENTRY_SCHEMA, ...entry })
}

/**
 * Parses a stored index entry; anything else fails closed naming the bucket and path. `ref`:
 * the chain it must name (null: a key's end marker, checked against its admission by the caller).
 */
export function decodeIndexEntry(where: string, text: string, ref: string | null): IndexEntry {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new CorruptEntry(where, 'its index entry is not JSON')
  }
  const parsed = IndexEntrySchema.safeParse(value)
  if (!parsed.success) throw new CorruptEntry(where, `its index entry is not ${INDEX_ENTRY_SCHEMA}`)
  if (ref !== null && parsed.data.ref !== ref)
    throw new CorruptEntry(where, `its index entry names ${parsed.data.ref}, not ${ref}`)
  return parsed.data
}
