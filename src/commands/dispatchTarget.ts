import { deriveDispatch, type DerivedDispatch } from '../core/dispatchKey.js'
import { InvalidInput } from '../core/errors.js'
import type { Writer } from '../core/record.js'
import { admissionRef, keyHash, ledgerRef } from '../core/refs.js'
import { checkRunId } from '../core/text.js'
import { defaultRunIdPrefix } from '../core/writer.js'

export type { Writer }

/** The event that started the workflow run, as plain values. */
export interface WorkflowEvent {
  readonly name: string
  readonly payload: unknown
}

export interface DispatchTargetOptions {
  readonly namespace: string
  readonly event: WorkflowEvent
  /** Overrides the key derived from the event. */
  readonly dispatch_key?: string
  /** Parsed JSON merged into the digested request. */
  readonly request?: unknown
  /** The run id to admit; by default gh-<workflow run id>-<12 hex of the key>. */
  readonly run_id?: string
  readonly writer: Writer | null
}

/** The dispatch a command is about: key, digest, the run id it would admit, and its refs. */
export interface DispatchTarget extends DerivedDispatch {
  readonly run_id: string
  readonly dispatch_key_hash: string
  readonly admission_ref: string
  readonly ledger_ref: string
}

export function resolveDispatch(options: DispatchTargetOptions): DispatchTarget {
  const derived = deriveDispatch({
    eventName: options.event.name,
    payload: options.event.payload,
    dispatchKey: options.dispatch_key || undefined,
    request: options.request
  })
  const run_id = options.run_id
    ? checkRunId(options.run_id)
    : defaultRunId(derived.dispatch_key, options.writer)
  return {
    ...derived,
    run_id,
    dispatch_key_hash: keyHash(derived.dispatch_key),
    admission_ref: admissionRef(options.namespace, derived.dispatch_key),
    ledger_ref: ledgerRef(options.namespace, run_id)
  }
}

/**
 * docs/design/keys.md: gh-<GITHUB_RUN_ID>-<12 hex of sha256(key)>. A re-run keeps GITHUB_RUN_ID, so it
 * replays its own run; another workflow run gets another id and finds the first one's.
 */
export function defaultRunId(dispatchKey: string, writer: Writer | null): string {
  if (writer === null)
    throw new InvalidInput(
      'This process is not a workflow run (GITHUB_RUN_ID is not set), so there is no default ' +
        '`run_id`. Run inside a workflow, or give the `run_id`.'
    )
  return `${defaultRunIdPrefix(writer)}${keyHash(dispatchKey).slice(0, 12)}`
}
