/**
 * What a stored commit may carry besides its entry (docs/design/writers.md#what-a-writer-of-the-repository-can-still-do): the
 * product writes `tree`, `parent`, `author` and `committer` headers and a subject naming what the
 * commit holds. Any other header (`encoding`, `mergetag`, one of a forger's own) or a subject that
 * disagrees with the entry is something no writer of the product made. A signature (`gpgsig`,
 * `gpgsig-sha256`, what a server or a person adds by signing) changes nothing the product reads,
 * so it is ignored. Pure.
 */

/** The headers every product commit carries, each at most this often (`parent` any number). */
const WRITTEN: Readonly<Record<string, number>> = { tree: 1, author: 1, committer: 1 }

const IGNORED: ReadonlySet<string> = new Set(['gpgsig', 'gpgsig-sha256'])

/** The commit's header block and message, split as git splits them (the first blank line). */
function split(raw: string): { headers: string[]; message: string } {
  const end = raw.indexOf('\n\n')
  const head = end === -1 ? raw : raw.slice(0, end)
  return { headers: head.split('\n'), message: end === -1 ? '' : raw.slice(end + 2) }
}

/** Why a commit's headers are not the product's (one clause), or null. */
export function headerProblem(raw: string): string | null {
  const seen = new Map<string, number>()
  for (const line of split(raw).headers) {
    // A line starting with a space continues the header above it (a signature's lines).
    if (line.startsWith(' ')) continue
    const name = line.slice(0, line.indexOf(' ') === -1 ? line.length : line.indexOf(' '))
    if (IGNORED.has(name) || name === 'parent') continue
    const most = WRITTEN[name]
    if (most === undefined)
      return `it carries a header ${JSON.stringify(name)}, which dispatch-ledger never writes`
    seen.set(name, (seen.get(name) ?? 0) + 1)
    if ((seen.get(name) as number) > most)
      return `it carries more than one ${JSON.stringify(name)} header`
  }
  return null
}

/**
 * Why a commit's subject is not `expected` (one clause), or null. The subject is the whole first
 * paragraph of the message, as git shows it: a second line before the blank one is part of it.
 */
export function subjectProblem(raw: string, expected: string): string | null {
  const { message } = split(raw)
  const end = message.indexOf('\n\n')
  const subject = (end === -1 ? message : message.slice(0, end)).replace(/\n$/, '')
  if (subject === expected) return null
  return (
    `its subject line ${JSON.stringify(subject)} disagrees with the entry it carries, whose ` +
    `subject is ${JSON.stringify(expected)}`
  )
}

/** The first of headerProblem and subjectProblem, or null. */
export function commitProblem(raw: string, expectedSubject: string): string | null {
  return headerProblem(raw) ?? subjectProblem(raw, expectedSubject)
}
