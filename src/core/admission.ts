import * as z from 'zod/mini'
import './schema.js'
import { DigestSchema, RunIdSchema, TimestampSchema } from './record.js'
import { CONTROL_CHARACTERS } from './text.js'

export const ADMISSION_SCHEMA = 'dispatch-ledger/admission/v1'

export const MAX_KEY_BYTES = 1024

export const DispatchKeySchema = z.string().check(
  z.minLength(1, 'must not be empty'),
  z.refine(
    key => Buffer.byteLength(key, 'utf8') <= MAX_KEY_BYTES,
    `must be at most ${MAX_KEY_BYTES} UTF-8 bytes`
  ),
  z.refine(key => !CONTROL_CHARACTERS.test(key), 'must not contain control characters')
)

/**
 * docs/design/storage.md, docs/design/generations.md: the immutable record that a key was admitted for a run. Closed. `generation`
 * and `previous_run_id` came with generations; an admission written before them (v0.1) has
 * neither and is read as generation 1 with no previous run, which is what it was. One of the
 * two without the other, or a generation that contradicts its previous run, is corrupt.
 */
export const StoredAdmissionSchema = z
  .strictObject({
    schema: z.literal(ADMISSION_SCHEMA),
    dispatch_key: DispatchKeySchema,
    request_digest: DigestSchema,
    run_id: RunIdSchema,
    ledger_ref: z.string().check(z.regex(/^refs\/.+\/runs\/[0-9a-f]{64}$/, 'must be a ledger ref')),
    admitted_at: TimestampSchema,
    generation: z.optional(z.int().check(z.gte(1), z.lte(999_999_999))),
    previous_run_id: z.optional(z.nullable(RunIdSchema))
  })
  .check(
    z.refine(
      a => (a.generation === undefined) === (a.previous_run_id === undefined),
      'generation and previous_run_id must be given together'
    ),
    z.refine(
      a => a.generation === undefined || (a.generation === 1) === (a.previous_run_id === null),
      'previous_run_id must be null for generation 1 and a run id for any later generation'
    )
  )

/** An admission as stored: a v0.1 admission lacks the generation fields. */
export type StoredAdmission = z.infer<typeof StoredAdmissionSchema>

/** An admission as the product uses it: the generation fields always present. */
export type Admission = Required<StoredAdmission>

/** Reads a stored admission's generation fields, defaulting those of a v0.1 admission. */
export function withGeneration(stored: StoredAdmission): Admission {
  return {
    ...stored,
    generation: stored.generation ?? 1,
    previous_run_id: stored.previous_run_id ?? null
  }
}
