import { operate, providerCancelled, type OperateResult } from '../commands/operate.js'
import { oneLine } from '../commands/reporting.js'
import type { StepContext } from './context.js'
import type { Inputs } from './inputs.js'
import { ledgerMarkdown } from './ledgerSummary.js'
import { flag, type StepReport } from './report.js'
import { runIdentityOutputs, runOutputs, runRows } from './runReport.js'

/** docs/design/operators.md: an operator's comment → one verb on one run, authorized and idempotent. */
export async function operateStep(inputs: Inputs, context: StepContext): Promise<StepReport> {
  const { event, writer } = context
  const result = await operate(
    {
      eventName: event.name,
      payload: event.payload,
      namespace: inputs.namespace,
      prefix: inputs.prefix,
      policy: {
        operators: inputs.operators,
        permission: inputs.operatorPermission,
        bots: inputs.operatorBots
      },
      reply: inputs.reply === 'true',
      writer
    },
    context
  )
  return report(result, context.store.name)
}

function report(result: OperateResult, storeName: string): StepReport {
  const run = result.run
  const view = run ? { state: run.state, plan: run.plan } : null
  const outputs: Record<string, string> = {
    ...(run ? runIdentityOutputs(run.state, run.ledger_ref, storeName) : { store: storeName }),
    ...runOutputs(view),
    verb: result.verb,
    outcome: result.outcome,
    settled_outcome: result.settled_outcome,
    recorded: String(result.outcome === 'applied'),
    provider_cancelled:
      result.verb === 'cancel' ? flag(providerCancelled(result.provider_cancelled)) : ''
  }
  // Every value below may come from the comment or the store: writeSummary escapes it as
  // text, and line breaks are shown as ⏎ (docs/design/writers.md).
  const rows: Array<[string, string]> = [
    ['verb', result.verb || '(none)'],
    ['outcome', result.outcome],
    ['settled outcome', result.settled_outcome || '(none)'],
    ['comment', result.comment.url],
    [
      'author',
      `${result.comment.author.login} (${result.comment.author.association || 'no association'})`
    ],
    ['derived key', result.input_key ?? '(none)'],
    ['reaction', result.reaction ?? '(none)'],
    [
      'reply posted',
      result.redelivered
        ? 'false (this comment was answered when it was first executed)'
        : String(result.replied)
    ],
    ...(run ? ([['run id', run.state.run_id]] as Array<[string, string]>) : []),
    ...(run ? runRows(view) : []),
    ...result.provider_cancelled.map(entry => ['provider workflow run', entry] as [string, string]),
    ...result.warnings.map(warning => ['warning', warning] as [string, string])
  ]
  return {
    outputs,
    summary: {
      title: `dispatch-ledger: operate — ${result.verb || 'comment'} ${result.outcome}`,
      meaning: oneLine(result.reason),
      rows: rows.map(([field, value]) => [field, oneLine(value)] as const),
      extra: run ? ledgerMarkdown(run.chain, run.state.terminal) : undefined
    },
    warnings: result.warnings,
    failure: result.failure
  }
}
