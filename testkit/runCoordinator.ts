/**
 * Runs coordinator.ts as its own Node process and collects what it logged. Shared by the
 * killed-coordinator proof; the process is killed (by its own handle) if it outlives
 * `timeoutMs`, so no test waits forever.
 */
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The step boundaries at which coordinator.ts can be told to SIGKILL itself, in run order. */
export const KILL_POINTS = [
  'after-admit',
  'after-not-submitted',
  'after-provider-call',
  'after-submitted',
  'after-candidate_observed',
  'after-normalized',
  'after-verification_requested',
  'after-evidence_ready',
  'after-awaiting_human_decision'
] as const
export type KillPoint = (typeof KILL_POINTS)[number]

export const COORDINATOR = join(dirname(fileURLToPath(import.meta.url)), 'coordinator.ts')

export interface CoordinatorRun {
  code: number | null
  signal: NodeJS.Signals | null
  /** Every JSON line it printed, in order. */
  log: Array<Record<string, unknown>>
  stdout: string
  stderr: string
}

export function runCoordinator(args: string[], timeoutMs = 120000): Promise<CoordinatorRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [COORDINATOR, ...args], { stdio: 'pipe' })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', error => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const log = stdout
        .split('\n')
        .filter(line => line.startsWith('{'))
        .map(line => JSON.parse(line) as Record<string, unknown>)
      resolve({ code, signal, log, stdout, stderr })
    })
  })
}

/** A tiny concurrency limiter, so several scenarios share two cores without thrashing. */
export function limiter(concurrency: number) {
  let active = 0
  const waiting: Array<() => void> = []
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (active >= concurrency) await new Promise<void>(resolve => waiting.push(resolve))
    active++
    try {
      return await task()
    } finally {
      active--
      waiting.shift()?.()
    }
  }
}
