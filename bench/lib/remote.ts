/**
 * The remote store (src/store/remoteStore.ts, docs/design/arbiter.md) over the smart-HTTP test server in
 * testkit/gitHttpServer.ts. B3 and B4's remote column run only when the store is
 * present and a smoke admission through the bundled action is decided by the remote.
 */
import { existsSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { startGitHttpServer, type GitHttpServer } from '../../testkit/gitHttpServer.ts'
import { expectOk, PROJECT_ROOT, prepareStep, runStep, tempDir, timed } from './proc.ts'

export interface RemoteStatus {
  readonly usable: boolean
  readonly reason: string
}

let status: Promise<RemoteStatus> | undefined

export function remoteStoreStatus(): Promise<RemoteStatus> {
  status ??= probe()
  return status
}

async function probe(): Promise<RemoteStatus> {
  if (!existsSync(join(PROJECT_ROOT, 'src', 'store', 'remoteStore.ts')))
    return { usable: false, reason: 'src/store/remoteStore.ts does not exist' }
  const dist = join(PROJECT_ROOT, 'dist')
  let bundled = false
  for (const file of await readdir(dist))
    if (
      file.endsWith('.js') &&
      (await readFile(join(dist, file), 'utf8')).includes('force-with-lease')
    )
      bundled = true
  if (!bundled) return { usable: false, reason: 'dist/ does not contain the remote store yet' }
  const server = await startGitHttpServer()
  try {
    const clone = await cloneOf(server)
    const step = await prepareStep({
      workspace: clone,
      with: { 'dispatch-key': 'bench/remote/smoke', remote: 'origin' }
    })
    const result = await runStep(step, clone)
    expectOk('remote smoke admission', result, o => o.created === 'true' && o.store === 'origin')
    if (server.counts().pushes < 1)
      return { usable: false, reason: 'the smoke admission never pushed' }
    return { usable: true, reason: 'remote store present and decided a smoke admission' }
  } catch (error) {
    return {
      usable: false,
      reason: `smoke admission failed: ${(error as Error).message.slice(0, 400)}`
    }
  } finally {
    await server.close()
  }
}

/** A clone of the server's repository (as actions/checkout leaves it: origin configured). */
export async function cloneOf(server: GitHttpServer): Promise<string> {
  // Asynchronously: the server answers from this same process.
  const dir = await tempDir('clone')
  const result = await timed('git', ['clone', '-q', server.url, '.'], { cwd: dir })
  if (result.code !== 0) throw new Error(`git clone failed: ${result.stderr}`)
  return dir
}

export { startGitHttpServer, type GitHttpServer }
