/**
 * The reply comment `command: operate` posts. Pure. Every value that came from a comment,
 * an input or the store is shown in an inline code span (no markup, no mention, no link),
 * with line breaks shown as ⏎; the rest is fixed text.
 */

/** Line breaks of every kind, shown as ⏎ so a value cannot start a new block. */
export function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '⏎')
}

/**
 * An inline code span that holds `text` literally (CommonMark: a fence longer than any run
 * of backticks inside, padded with spaces). Nothing inside a code span is markup.
 */
export function code(text: string): string {
  const value = oneLine(text)
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map(run => run.length))
  const fence = '`'.repeat(longest + 1)
  return `${fence} ${value} ${fence}`
}

export interface ReplyFacts {
  readonly verb: string
  readonly outcome: string
  readonly reason: string
  readonly settled_outcome: string
  readonly run_id: string | null
  readonly state: string | null
  readonly next_action: string | null
  readonly warnings: readonly string[]
}

const HEADLINE: Record<string, string> = {
  applied: 'done',
  duplicate: 'already done (duplicate)',
  conflict: 'not done: another outcome was recorded first (conflict)',
  rejected: 'refused (not authorized)',
  unrecorded: 'provider work cancelled, but the ledger could not be written (unrecorded)',
  noop: 'nothing to do'
}

export function replyBody(facts: ReplyFacts): string {
  const lines = [
    `**dispatch-ledger** ${facts.verb ? code(facts.verb) : 'command'}: ${HEADLINE[facts.outcome] ?? facts.outcome}`,
    ''
  ]
  if (facts.run_id !== null) lines.push(`- run: ${code(facts.run_id)}`)
  if (facts.settled_outcome) lines.push(`- settled outcome: ${code(facts.settled_outcome)}`)
  if (facts.state) lines.push(`- state: ${code(facts.state)}`)
  if (facts.next_action) lines.push(`- next action: ${code(facts.next_action)}`)
  lines.push(`- why: ${code(facts.reason)}`)
  for (const warning of facts.warnings) lines.push(`- warning: ${code(warning)}`)
  return lines.join('\n')
}
