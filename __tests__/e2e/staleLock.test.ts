/**
 * A stale lock in the step's local copy never fails a later step (docs/design/writers.md#the-local-copy):
 * the checkout's copies of the ledger's refs follow the arbiter, and a `*.lock` a git killed in
 * an earlier step of the job left among them (or git's shallow lock) is taken away when it is
 * older than the step, then the fetch made again; when a write has landed at the arbiter and
 * the step's own copy of a ref it moved is locked so, the lock is taken away and the copy set
 * again. The bundled actions, as the runner runs them, with `remote: origin`.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { access, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runAction, type ActionResult } from '../../scripts/runner.js'
import { ledgerRef } from '../../src/core/refs.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { exampleEvent } from '../support/events.js'
import { cloneOf, workspace } from '../support/effects.js'
import { cleanupRepos, git, headOf } from '../support/repo.js'

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

  it('on a ledger ref a write moves: the write lands, its copy is set with no warning, the lock is gone', async () => {
    const origin = await makeBareRemote()
    const { dir } = await workspace(origin.url)
    const runId = (await admit(dir, 1101, 8)).outputs.run_id as string
    // The run's ledger ref in the checkout, locked by a git killed an hour ago.
    const ref = ledgerRef('refs/dispatch-ledger', runId)
    const lock = join(dir, '.git', `${ref}.lock`)
    await writeFile(lock, '')
    const hourAgo = new Date(Date.now() - 3600_000)
    await utimes(lock, hourAgo, hourAgo)
    const record = (state: string, json?: string) =>
      runAction({
        workspace: dir,
        action: 'record',
        runId: 1101,
        with: { 'run-id': runId, state, ...(json ? { record: json } : {}), remote: 'origin' }
      })
    const warnings = (result: ActionResult) =>
      result.stdout.split('\n').filter(line => line.startsWith('::warning'))

    const recorded = await record('dispatched', DISPATCHED)
    expect({ code: recorded.code, errors: recorded.errors, warnings: warnings(recorded) }).toEqual({
      code: 0,
      errors: [],
      warnings: []
    })
    expect(recorded.outputs).toMatchObject({ recorded: 'true', sequence: '2' })
    await expect(access(lock)).rejects.toThrow()
    // The checkout's copy follows the arbiter again.
    expect((await git(dir, 'rev-parse', ref)).trim()).toBe(await headOf(origin.dir, ref))

    // The next step of the job is clean too (it ends the run, which archives it).
    const ended = await record('cancelled')
    expect({ code: ended.code, errors: ended.errors, warnings: warnings(ended) }).toEqual({
      code: 0,
      errors: [],
      warnings: []
    })
    expect(await headOf(dir, ref)).toBe(await headOf(origin.dir, ref))
    await origin.cleanup()
  }, 120_000)
})

const DISPATCHED = JSON.stringify({
  provider: { driver: 'fake', submission_state: 'submitted', external_ids: { job: 'j-1' } }
})
