/**
 * What the action adapter (src/action/) reports a command's result with from below the
 * commands, so that the adapter imports the commands layer only (docs/development.md#code-map).
 * Re-exports only, each pure: the error an input the adapter rejects is reported as (the one
 * the commands throw for theirs), the text safety of everything a summary prints, and the
 * names and keys the outputs carry.
 */
// zod configured as every schema of the project is built, the adapter's input schema among them.
import '../core/schema.js'

export { InvalidInput } from '../core/errors.js'
export { inertText } from '../core/text.js'
export { LEDGER_REPOSITORY_NAME } from '../core/ledgerRepositoryName.js'
export { oneLine } from '../core/operator/reply.js'
export { admissionRef, keyHash, ledgerRef } from '../core/refs.js'
export { RECEIVER_CONFIRMED } from '../core/receiver.js'
export { workflowRunUrl } from '../core/writer.js'
export { age, secondsSince } from '../core/time.js'
