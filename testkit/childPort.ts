import type { ChildProcess } from 'node:child_process'

export interface PortOptions {
  /** How errors name the server ("the fake GitHub"). */
  readonly name: string
  readonly timeoutMs: number
  /** Called when no port comes in time, so the child does not outlive the test. */
  readonly stop: () => Promise<void>
}

/**
 * The port a test server child process announces as its first stdout line (`{"port": N}`),
 * as the fake provider and the fake GitHub do. Rejects when the child fails to start, exits
 * first, or says nothing within the timeout.
 */
export function portOf(child: ChildProcess, options: PortOptions): Promise<number> {
  const { name, timeoutMs, stop } = options
  return new Promise<number>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`${name} printed no port within ${timeoutMs} ms: ${out}`))
    }, timeoutMs)
    child.once('error', error => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited (${code ?? signal}) before printing its port`))
    })
    child.stdout?.setEncoding('utf8')
    child.stdout?.on('data', (chunk: string) => {
      out += chunk
      const line = out.split('\n')[0]
      if (!out.includes('\n') || line === undefined) return
      clearTimeout(timer)
      resolve((JSON.parse(line) as { port: number }).port)
    })
  })
}
