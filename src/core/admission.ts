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

/** SPEC §3: the immutable record that a key was admitted for a run. Closed. */
export const AdmissionSchema = z.strictObject({
  schema: z.literal(ADMISSION_SCHEMA),
  dispatch_key: DispatchKeySchema,
  request_digest: DigestSchema,
  run_id: RunIdSchema,
  ledger_ref: z.string().check(z.regex(/^refs\/.+\/runs\/[0-9a-f]{64}$/, 'must be a ledger ref')),
  admitted_at: TimestampSchema
})
export type Admission = z.infer<typeof AdmissionSchema>
