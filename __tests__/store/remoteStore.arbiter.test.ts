/**
 * docs/design/arbiter.md, the guarantees of the origin as arbiter that a simultaneous race cannot show:
 *
 * - an appender that read a stale head and pushes AFTER the winner must lose, so the lease
 *   (not git's server-side lock between two pushes in flight) is what protects the head;
 * - a push whose answer never arrived is ours only if the remote holds OUR object id. The
 *   competing writer lands inside our push's window (a one-shot pre-receive hook on the
 *   remote moves the refs to its entries just before our update is applied), then the
 *   connection is dropped after the push, so the client hears nothing and must attribute the
 *   outcome by object id alone.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { chmod, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { admit } from '../../src/commands/admit.js'
import { readRun } from '../../src/commands/readRun.js'
import { appendRecord, type AppendRequest } from '../../src/commands/record.js'
import { digestOf } from '../../src/core/canonical.js'
import { LostRace } from '../../src/core/errors.js'
import { newRecord } from '../../src/core/newRecord.js'
import type { LedgerRecord, Writer } from '../../src/core/record.js'
import { admissionRef, ledgerRef } from '../../src/core/refs.js'
import type { State } from '../../src/core/states.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import {
  bothTransports,
  startGitHttpServer,
  type GitHttpServer
} from '../../testkit/gitHttpServer.js'
import { cleanupRepos, git, makeRepo, physicalRefs, refsUnder, headOf } from '../support/repo.js'

const NS = 'refs/dispatch-ledger'
const KEY = 'v1/issues/123456789/7/labeled/agent:run'
const DIGEST = digestOf({ scheme: 'v1', n: 7 })
const ADMISSION = admissionRef(NS, KEY)

/** The workflow run that writes a record (docs/design/writers.md); each clone below is a job of its own run. */
const writer = (github_run_id: string): Writer => ({
  github_run_id,
  run_attempt: 1,
  workflow_ref: 'acme/widgets/.github/workflows/agent.yml@refs/heads/main'
})

function first(runId: string): LedgerRecord {
  return newRecord({
    run_id: runId,
    ledger_sequence: 1,
    previous_record_digest: null,
    state: 'admitted',
    occurred_at: '2026-11-29T12:00:00Z',
    trigger: 'issue',
    actor: null,
    dispatch_key: KEY,
    request_digest: DIGEST,
    writer: writer(runId === 'run-a' ? '501' : '502')
  })
}

function request(runId: string, state: State, note: string, by = '501'): AppendRequest {
  return {
    ledger_ref: ledgerRef(NS, runId),
    state,
    fields: { note },
    occurred_at: '2026-11-29T12:01:00Z',
    trigger: 'system',
    actor: null,
    writer: writer(by)
  }
}

/** A fresh clone (its own workflow job) with origin pointing at url. */
async function clone(url: string): Promise<string> {
  const dir = await makeRepo()
  await git(dir, 'remote', 'add', 'origin', url)
  return dir
}

const remoteIn = (dir: string) => new RemoteStore(new Git(dir), 'origin')
const localIn = (dir: string) => new LocalStore(new Git(dir))

async function resetBare(bare: string): Promise<void> {
  for (const ref of Object.keys(await physicalRefs(bare, 'refs/'))) {
    await git(bare, 'update-ref', '-d', ref)
  }
}

/**
 * Plays a competing writer whose push lands first: puts its objects on the remote (under a
 * scratch ref) and installs a one-shot pre-receive hook that moves `refs` to them when the
 * next push arrives, before that push's own ref update is applied.
 */
async function competitorLandsInsideNextPush(
  bare: string,
  from: string,
  refs: Record<string, string>
): Promise<void> {
  const oids = Object.values(refs)
  for (const [i, oid] of oids.entries()) {
    await git(from, 'push', '--quiet', 'origin', `${oid}:refs/competitor/${i}`)
  }
  const updates = Object.entries(refs).map(([ref, oid]) => `git update-ref ${ref} ${oid}`)
  const hook = join(bare, 'hooks', 'pre-receive')
  await writeFile(
    hook,
    [
      '#!/bin/sh',
      'rm -f "$0"',
      // Out of receive-pack's quarantine, as another push's update would be.
      'unset GIT_QUARANTINE_PATH GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES',
      ...updates,
      'cat >/dev/null',
      ''
    ].join('\n')
  )
  await chmod(hook, 0o755)
}

afterAll(cleanupRepos)

let server: GitHttpServer
beforeAll(async () => {
  server = await startGitHttpServer()
})
afterAll(async () => server.close())

describe.each(bothTransports(() => server))(
  'a stale appender that pushes after the winner, over %s',
  (_name, makeRemote) => {
    it('loses (LostRace), and the remote head stays the winner', async () => {
      const { url, bare } = await makeRemote()
      await resetBare(bare)
      await admit(remoteIn(await clone(url)), { namespace: NS, first_record: first('run-a') })
      const [winner, stale] = [remoteIn(await clone(url)), remoteIn(await clone(url))]
      const selector = { by: 'run_id' as const, run_id: 'run-a' }
      const staleChain = (await readRun(stale, NS, selector)).chain
      const winnerChain = (await readRun(winner, NS, selector)).chain

      const won = await appendRecord(winner, request('run-a', 'dispatched', 'w'), winnerChain)
      // Strictly after the winner's push completed: no server-side lock can save the head.
      await expect(
        appendRecord(stale, request('run-a', 'cancelled', 's', '503'), staleChain)
      ).rejects.toBeInstanceOf(LostRace)

      const head = (await refsUnder(bare))[ledgerRef(NS, 'run-a')]
      expect(head).toBe(won.record.oid)
      expect(
        (await git(bare, 'rev-list', '--count', await headOf(bare, ledgerRef(NS, 'run-a')))).trim()
      ).toBe('2')
    })
  }
)

describe('an unanswered push is ours only when the remote holds our object id', () => {
  beforeEach(async () => {
    await resetBare(server.bareDir)
    server.dropAfterPush(0)
  })

  it('admission: a competitor created the key inside our push window → not created, not owner', async () => {
    const competitor = await clone(server.url)
    await admit(localIn(competitor), { namespace: NS, first_record: first('run-b') })
    const theirs = await refsUnder(competitor)
    // Layout v2: the competitor's push moves the refs git holds (the key's bucket, its ledger).
    await competitorLandsInsideNextPush(server.bareDir, competitor, await physicalRefs(competitor))

    const dir = await clone(server.url)
    server.dropAfterPush(1)
    server.resetCounts()
    const result = await admit(remoteIn(dir), { namespace: NS, first_record: first('run-a') })
    // The drop really happened: our one push got no answer.
    expect(
      server.requests.filter(r => r.service === 'git-receive-pack' && r.method === 'POST')
    ).toHaveLength(1)
    expect(
      server.requests.find(r => r.method === 'POST' && r.service === 'git-receive-pack')
    ).toMatchObject({ status: 0 })

    expect(result).toMatchObject({ created: false, recorded: false, owner: false })
    expect(result.admission.run_id).toBe('run-b')
    expect(await refsUnder(server.bareDir)).toEqual(theirs)
    // Local refs follow the remote: nothing of ours is claimed.
    expect((await refsUnder(dir))[ADMISSION]).toBe(theirs[ADMISSION])
    expect((await refsUnder(dir))[ledgerRef(NS, 'run-a')]).toBeUndefined()
  })

  it('append: a competitor appended inside our push window → LostRace, the head is theirs', async () => {
    await admit(remoteIn(await clone(server.url)), {
      namespace: NS,
      first_record: first('run-a')
    })
    const selector = { by: 'run_id' as const, run_id: 'run-a' }
    const ledger = ledgerRef(NS, 'run-a')

    // The competitor builds its record on the same head (locally), to land inside our push.
    const competitor = await clone(server.url)
    const competitorChain = (await readRun(remoteIn(competitor), NS, selector)).chain
    const theirs = await appendRecord(
      localIn(competitor),
      request('run-a', 'cancelled', 'competitor', '502'),
      competitorChain
    )

    const dir = await clone(server.url)
    const store = remoteIn(dir)
    const { chain } = await readRun(store, NS, selector)
    await competitorLandsInsideNextPush(server.bareDir, competitor, {
      [ledger]: theirs.record.oid
    })
    server.dropAfterPush(1)
    server.resetCounts()
    await expect(
      appendRecord(store, request('run-a', 'dispatched', 'ours'), chain)
    ).rejects.toBeInstanceOf(LostRace)
    expect(
      server.requests.find(r => r.method === 'POST' && r.service === 'git-receive-pack')
    ).toMatchObject({ status: 0 })

    expect((await refsUnder(server.bareDir))[ledger]).toBe(theirs.record.oid)
    expect((await refsUnder(dir))[ledger]).toBe(theirs.record.oid)
  })
})
