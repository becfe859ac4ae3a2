/**
 * The command line's read-only store (docs/cli.md): reads go through, writes are refused before
 * anything is written, and a scan through it archives nothing (it has no archiveIdle to call).
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { admitCommand } from '../../src/commands/admit.js'
import { scanRuns } from '../../src/commands/scan.js'
import { StoreError } from '../../src/core/errors.js'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { ReadOnlyStore } from '../../src/store/readOnlyStore.js'
import type { Store } from '../../src/store/store.js'
import { cleanupRepos, makeRepo, refsUnder } from '../support/repo.js'

afterAll(cleanupRepos)

const NS = 'refs/dispatch-ledger'

async function repoWithIdleRun(): Promise<string> {
  const repo = await makeRepo()
  await admitCommand(
    {
      namespace: NS,
      dispatch_key: 'read-only/1',
      event: { name: 'workflow_dispatch', payload: {} },
      writer: { github_run_id: '1', run_attempt: 1, workflow_ref: 'o/r/.github/workflows/w.yml@x' }
    },
    // Written two hours ago: idle past the default archive-after (1h).
    { store: new LocalStore(new Git(repo)), clock: { now: () => new Date(Date.now() - 7_200_000) } }
  )
  return repo
}

const liveRuns = async (repo: string) =>
  Object.keys(await refsUnder(repo)).filter(ref => ref.startsWith(`${NS}/runs/`))

describe('ReadOnlyStore', () => {
  it('a scan through it reads every run and changes no ref', async () => {
    const repo = await repoWithIdleRun()
    const inner = () => new LocalStore(new Git(repo))
    const clock = { now: () => new Date() }
    const before = await refsUnder(repo)
    const read = await scanRuns({ namespace: NS }, { store: new ReadOnlyStore(inner()), clock })
    expect(read).toHaveLength(1)
    expect(await refsUnder(repo)).toEqual(before)
    expect(await liveRuns(repo)).toHaveLength(1)
    // What scan would call on the store it wraps is simply not there.
    expect(typeof inner().archiveIdle).toBe('function')
    expect((new ReadOnlyStore(inner()) as Store).archiveIdle).toBeUndefined()
  })

  it('refuses every write with a StoreError, writing nothing', async () => {
    const repo = await repoWithIdleRun()
    const store: Store = new ReadOnlyStore(new LocalStore(new Git(repo)))
    const before = await refsUnder(repo)
    await expect(store.writeEntries([])).rejects.toThrow(StoreError)
    await expect(store.createRefs([{ ref: `${NS}/runs/x`, oid: 'a'.repeat(40) }])).rejects.toThrow(
      /read-only .* nothing was written/
    )
    await expect(store.advanceRef(`${NS}/runs/x`, 'a'.repeat(40), 'b'.repeat(40))).rejects.toThrow(
      StoreError
    )
    expect(store.archiveIdle).toBeUndefined()
    expect(typeof store.prefetch).toBe('function')
    expect(await refsUnder(repo)).toEqual(before)
  })
})
