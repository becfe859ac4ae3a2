/**
 * A stale lock in the step's local copy never fails a later step (docs/design/writers.md#the-local-copy):
 * the checkout's copies of the ledger's refs follow the arbiter, and a `*.lock` a git killed in
 * an earlier step of the job left among them (or git's shallow lock) is taken away when it is
 * older than the step, then the fetch made again. The bundled admit action, as the runner runs
 * it, with `remote: origin`.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runAction } from '../../scripts/runner.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { exampleEvent } from '../support/events.js'
import { cloneOf, workspace } from '../support/effects.js'
import { cleanupRepos, git } from '../support/repo.js'

afterAll(cleanupRepos)

async function admit(dir: string, runId: number, issue: number) {
  const event = await exampleEvent('issues-labeled.json')
  ;(event.issue as { number: number }).number = issue
  return runAction({
    workspace: dir,
    eventName: 'issues',
    event,
    runId,
    with: { remote: 'origin' }
  })
}

describe('a stale lock in the checkout', () => {
  it('left among the ledger refs by a killed git: the next step of the job succeeds', async () => {
    const origin = await makeBareRemote()
    const { dir } = await workspace(origin.url)
    const other = await cloneOf(origin.url, dir)
    expect((await admit(dir, 1001, 7)).outputs).toMatchObject({ created: 'true' })
    // Every ledger ref of the checkout locked, as gits killed mid-update leave them, an hour ago.
    const refs = (await git(dir, 'for-each-ref', '--format=%(refname)', 'refs/dispatch-ledger/'))
      .split('\n')
      .filter(Boolean)
    expect(refs.length).toBeGreaterThan(0)
    const hourAgo = new Date(Date.now() - 3600_000)
    for (const ref of refs) {
      const lock = join(dir, '.git', `${ref}.lock`)
      await writeFile(lock, '')
      await utimes(lock, hourAgo, hourAgo)
    }
    // Another job moves those refs at the arbiter (it ends the run): this job's next step
    // reads that run again, so its fetch must update the locked copies.
    const first = await admit(other, 2001, 7)
    const ended = await runAction({
      workspace: other,
      action: 'record',
      runId: 2002,
      with: { 'run-id': first.outputs.run_id as string, state: 'cancelled', remote: 'origin' }
    })
    expect(ended.errors).toEqual([])
    const next = await admit(dir, 1002, 7)
    expect(next.errors).toEqual([])
    expect(next.outputs).toMatchObject({ created: 'false', run_id: first.outputs.run_id })
    // The locks the fetch met are gone; the others are left as they were (no git needed them).
    const left = await Promise.all(
      refs.map(ref =>
        stat(join(dir, '.git', `${ref}.lock`)).then(
          () => ref,
          () => null
        )
      )
    )
    expect(left.filter(ref => ref === null).length).toBeGreaterThan(0)
    await origin.cleanup()
  }, 120_000)
})
