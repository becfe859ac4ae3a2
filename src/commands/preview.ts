import type { Admission } from '../core/admission.js'
import { InvalidInput } from '../core/errors.js'
import { REUSE_POLICIES, type DuplicateReason, type Reuse } from '../core/generation.js'
import { occurrenceTime } from '../core/occurrence.js'
import { ledgerRef } from '../core/refs.js'
import type { CommandDeps } from './deps.js'
import {
  resolveDispatch,
  type DispatchTarget,
  type DispatchTargetOptions
} from './dispatchTarget.js'
import { assessGenerations } from './generations.js'
import { viewRun, type RunView } from './runView.js'

/** What admit would do with this dispatch now. */
export type PreviewVerdict = 'create' | 'replay' | 'duplicate' | 'conflict'

export interface PreviewOptions extends DispatchTargetOptions {
  /** docs/design/generations.md: after-terminal (default), after-cancelled or never. */
  readonly reuse?: string
}

export interface PreviewOutcome {
  /** The dispatch; for a new generation, with the run id and ledger admit would create. */
  readonly target: DispatchTarget
  /** The stored admission admit would return, or null when it would create one. */
  readonly stored: Admission | null
  readonly verdict: PreviewVerdict
  /** The generation admit would return or create (docs/design/generations.md). */
  readonly generation: number
  /** Why a duplicate would stay one; null otherwise. */
  readonly duplicate_reason: DuplicateReason | null
  /** The stored run is the one this dispatch would admit. */
  readonly owner: boolean
  /** That run verified and planned, when it is ours and has a ledger; null otherwise. */
  readonly view: RunView | null
}

/**
 * `command: preview`: derive the dispatch and decide what admit would do, on admit's own read
 * path (the key's generations, docs/design/generations.md), writing nothing. Only our own run's ledger and the
 * newest generation's are read.
 */
export async function previewCommand(
  options: PreviewOptions,
  { store }: CommandDeps
): Promise<PreviewOutcome> {
  const target = resolveDispatch(options)
  const found = await assessGenerations(store, {
    namespace: options.namespace,
    dispatch_key: target.dispatch_key,
    run_id: target.run_id,
    generation_run_ids: options.run_id ? 'as_given' : 'suffixed',
    reuse: checkReuse(options.reuse),
    occurred_at: occurrenceTime(options.event.name, options.event.payload)
  })
  switch (found.kind) {
    case 'absent':
    case 'create': {
      const generation = found.kind === 'create' ? found.generation : 1
      const run_id = found.kind === 'create' ? found.run_id : target.run_id
      const next = { ...target, run_id, ledger_ref: ledgerRef(options.namespace, run_id) }
      return { ...none, target: next, verdict: 'create', generation }
    }
    case 'replay':
    case 'duplicate': {
      const stored = found.entry.admission
      const owner = found.kind === 'replay'
      const conflict = stored.request_digest !== target.request_digest
      return {
        target,
        stored,
        verdict: conflict ? 'conflict' : owner ? 'replay' : 'duplicate',
        generation: found.entry.generation,
        duplicate_reason: found.kind === 'duplicate' ? found.reason : null,
        owner,
        view: owner ? viewRun(found.chain) : null
      }
    }
  }
}

const none = { stored: null, duplicate_reason: null, owner: false, view: null } as const

/** The reuse policy, validated; the message names the field (the action maps it to its input). */
export function checkReuse(reuse: string | undefined): Reuse {
  const value = reuse || 'after-terminal'
  if ((REUSE_POLICIES as readonly string[]).includes(value)) return value as Reuse
  throw new InvalidInput(
    `The \`reuse\` must be one of ${REUSE_POLICIES.join(', ')}, not ${JSON.stringify(reuse)}.`
  )
}
