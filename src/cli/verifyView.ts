/** `dispatch-ledger verify`: the verify command's report, as lines or JSON; exit 1 on a problem. */
import { verifyNamespace } from '../commands/verify.js'
import { escapeControls } from '../core/text.js'
import type { CliContext, Exit } from './main.js'

export async function verifyCommand(context: CliContext): Promise<Exit> {
  const { store, namespace } = context
  const report = await verifyNamespace({ namespace }, { store })
  const ok = report.problems.length === 0
  if (context.json) context.printJson({ namespace, store: store.name, ok, ...report })
  else if (ok)
    context.print(
      `${escapeControls(namespace)} at ${escapeControls(store.name)} verifies: ` +
        (Object.entries(report.counts)
          .map(([kind, n]) => `${n} ${kind}`)
          .join(', ') || 'nothing to verify') +
        '.'
    )
  else {
    for (const { where, problem } of report.problems)
      context.print(`${escapeControls(where)}: ${escapeControls(problem)}`)
    // The problems above stop every command, so nothing past them was read: say so.
    if (report.unverified)
      context.print(`not verified further: ${escapeControls(report.unverified)}`)
  }
  return ok ? 0 : 1
}
