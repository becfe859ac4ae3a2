/**
 * Where a step's time goes, from git's own trace2 events: run the step with
 * GIT_TRACE2_EVENT=<file> in its environment (the store passes its environment on to every git
 * it starts), then read the file here.
 */
import { readFile } from 'node:fs/promises'
import { subcommand } from '../b2Processes.ts'

export interface GitProcess {
  /** ms after `origin` (the step's spawn) that the process started. */
  readonly at: number
  readonly command: string
  readonly ms: number
  /** For a fetch or push, the refs it names. */
  readonly what: string
}

/**
 * The top-level git processes in a GIT_TRACE2_EVENT file (children such as git-remote-http
 * are inside their parent's time): when each started (ms after the step was spawned), how long it took
 * (its own `t_abs` at exit), and for a fetch or push the refs it names.
 */
export async function gitProfile(file: string, origin: number): Promise<GitProcess[]> {
  const starts = new Map<string, { time: number; argv: string[] }>()
  const out: Array<{ start: number; command: string; ms: number; what: string }> = []
  for (const line of (await readFile(file, 'utf8')).split('\n').filter(Boolean)) {
    const event = JSON.parse(line) as {
      event: string
      sid: string
      time: string
      t_abs?: number
      argv?: string[]
    }
    if (event.sid.includes('/')) continue
    if (event.event === 'start')
      starts.set(event.sid, { time: Date.parse(event.time), argv: event.argv ?? [] })
    if (event.event === 'exit') {
      const start = starts.get(event.sid)
      if (!start) continue
      const args = start.argv.slice(1)
      const command = subcommand(args.join(' '))
      // A `-c name=value` (a push's tracking refspec) is not a ref it names.
      const refs = args.filter(
        a => !a.includes('=') && (a.startsWith('+') || a.includes(':refs/') || /^refs\//.test(a))
      )
      const what =
        command === 'fetch'
          ? `${refs.length} refspecs: ${describeRefs(refs)}`
          : command === 'push'
            ? `${refs.filter(r => !r.startsWith('--')).length} refs: ${describeRefs(refs)}`
            : ''
      out.push({ start: start.time, command, ms: (event.t_abs ?? 0) * 1000, what })
    }
  }
  out.sort((a, b) => a.start - b.start)
  return out.map(({ start, ...rest }) => ({ at: start - origin, ...rest }))
}

/** `index/3f, runs/3f, operations/3f, admissions/` from refspecs or push arguments. */
function describeRefs(refs: readonly string[]): string {
  const names = refs.map(ref => {
    const name = ref.replace(/^\+/, '').split(':').at(-1) ?? ref
    return name
      .replace(/^refs\/dispatch-ledger\//, '')
      .replace(/\*$/, '')
      .replace(/([0-9a-f]{8})[0-9a-f]{56}/, '$1…')
  })
  return names.join(', ')
}

/**
 * Wall time covered by at least one of the processes (`cat-file --batch` readers stay open
 * while other commands run, so their durations overlap).
 */
export function coveredMs(processes: readonly GitProcess[]): number {
  let covered = 0
  let reach = -Infinity
  for (const p of [...processes].sort((a, b) => a.at - b.at)) {
    const end = p.at + p.ms
    if (end > reach) covered += end - Math.max(p.at, reach)
    reach = Math.max(reach, end)
  }
  return covered
}
