/**
 * What a cancel does to the provider (docs/design/operators.md#verbs): it stops the GitHub
 * workflow runs the ledger names for the current attempt, and the run that owns its receiver
 * key now, and says what it could not stop.
 */
import { DispatchLedgerError } from '../core/errors.js'
import { RECEIVER_KEY, workflowRunsToCancel } from '../core/receiver.js'
import type { RecoveredRunState } from '../core/reconstruct.js'
import { apiErrorText } from '../github/operatorApi.js'
import type { Operation } from './operate.js'
import { findReceiver } from './receiver.js'

type CancelDeps = Pick<Operation, 'api' | 'store' | 'namespace'>

export async function cancelProvider(request: CancelDeps, state: RecoveredRunState) {
  const owner = await ownerAtCancel(request, state)
  const ids = workflowRunsToCancel(state, owner.workflow_run_id)
  const done: string[] = []
  const warnings: string[] = [...owner.warnings]
  if (ids.length === 0) {
    const warning =
      'the ledger names no GitHub workflow run to cancel, so no provider work was cancelled; stop any other provider work by hand'
    return {
      done,
      warnings: [...warnings, warning],
      summary: `Not cancelled: ${warning}.`,
      failure: undefined
    }
  }
  if (request.api === null) {
    const warning = `no token, so workflow run(s) ${ids.join(', ')} named in the ledger were not cancelled; cancel them by hand`
    return {
      done,
      warnings: [...warnings, warning],
      summary: `Not cancelled: ${warning}.`,
      failure: warning
    }
  }
  const refused: string[] = []
  for (const id of ids) {
    try {
      const answer = await request.api.cancelWorkflowRun(Number(id))
      done.push(`${id}:${answer}`)
      if (answer === 'finished')
        warnings.push(
          `workflow run ${id} had already finished (GitHub answered 409), so it was not cancelled`
        )
    } catch (error) {
      refused.push(
        `workflow run ${id} could not be cancelled (${apiErrorText(error)}); cancel it by hand (the token needs actions: write)`
      )
    }
  }
  const summary = providerCancelled(done)
    ? `Provider workflow run(s) ${done.map(d => d.replace(':requested', ' (cancel requested)').replace(':finished', ' (already finished)')).join(', ')}.`
    : 'No provider workflow run was cancelled.'
  return {
    done,
    warnings: [...warnings, ...refused],
    summary,
    failure: refused.length > 0 ? refused.join('; ') : undefined
  }
}

/** A cancel stopped provider work only when GitHub accepted at least one cancel request. */
export function providerCancelled(done: readonly string[]): boolean {
  return done.some(entry => entry.endsWith(':requested'))
}

/**
 * The workflow run that owns the current attempt's receiver key, read now: it may be a run the
 * ledger holds no id for (a send answered with an error, whose run won the admission).
 */
async function ownerAtCancel(
  request: CancelDeps,
  state: RecoveredRunState
): Promise<{ workflow_run_id: string | null; warnings: string[] }> {
  const current = state.attempts.find(a => a.number === state.current_attempt)
  const key = current?.external_ids[RECEIVER_KEY]
  if (current === undefined || current.failed || key === undefined)
    return { workflow_run_id: null, warnings: [] }
  try {
    const receiver = await findReceiver(request.store, request.namespace, key)
    return { workflow_run_id: receiver?.workflow_run_id ?? null, warnings: [] }
  } catch (error) {
    const why = error instanceof DispatchLedgerError ? error.message : String(error)
    return {
      workflow_run_id: null,
      warnings: [
        `the receiver admission could not be read (${why}); only the runs the ledger names were cancelled`
      ]
    }
  }
}
