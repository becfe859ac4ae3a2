import { inertText } from '../commands/reporting.js'
import type { RunChain } from '../commands/runView.js'

/** The run's records as a table and its path through the state machine as a mermaid diagram. */
export function ledgerMarkdown(chain: RunChain, terminal: boolean): string {
  const rows = chain.map(({ value: r }) =>
    [
      String(r.ledger_sequence),
      r.state,
      r.occurred_at,
      r.attempt ? `${r.attempt.number} (${r.attempt.reason})` : '',
      r.provider ? r.provider.submission_state : '',
      r.failure ? `${r.failure.code}${r.failure.retryable ? ' (retryable)' : ''}` : '',
      r.decision ? `${r.decision.outcome} by ${r.decision.by}` : '',
      r.idempotency.input_key ?? '',
      r.trigger
    ].map(cell => inertText(cell.length > 80 ? `${cell.slice(0, 77)}...` : cell))
  )
  const header = [
    'seq',
    'state',
    'at',
    'attempt',
    'submission',
    'failure',
    'decision',
    'input key',
    'trigger'
  ]
  const table = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map(cells => `| ${cells.join(' | ')} |`)
  ].join('\n')

  // States are enum values, safe to print; edges carry the sequence that took them.
  const lines = ['stateDiagram-v2', `  [*] --> ${chain[0]?.value.state ?? 'unknown'}`]
  for (let i = 1; i < chain.length; i++)
    lines.push(`  ${chain[i - 1]?.value.state} --> ${chain[i]?.value.state} : ${i + 1}`)
  if (terminal) lines.push(`  ${chain[chain.length - 1]?.value.state} --> [*]`)
  return `\n#### Ledger\n\n${table}\n\n\`\`\`mermaid\n${lines.join('\n')}\n\`\`\`\n`
}
