/** `dispatch-ledger verify`: the verify command's report, as lines or JSON; exit 1 on a problem. */
import { verifyNamespace } from '../commands/verify.js'
import { terminalText } from './format.js'
import type { CliContext, Exit } from './main.js'

export async function verifyCommand(context: CliContext): Promise<Exit> {
  const { store, namespace } = context
  const report = await verifyNamespace({ namespace }, { store })
  const ok = report.problems.length === 0
  if (context.json)
    context.print(JSON.stringify({ namespace, store: store.name, ok, ...report }, null, 2))
  else if (ok)
    context.print(
      `${namespace} at ${terminalText(store.name)} verifies: ` +
        (Object.entries(report.counts)
          .map(([kind, n]) => `${n} ${kind}`)
          .join(', ') || 'nothing to verify') +
        '.'
    )
  else {
    for (const { where, problem } of report.problems)
      context.print(`${terminalText(where)}: ${terminalText(problem)}`)
    // The problems above stop every command, so nothing past them was read: say so.
    if (report.unverified) context.print(`not verified further: ${terminalText(report.unverified)}`)
  }
  return ok ? 0 : 1
}
