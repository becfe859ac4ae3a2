/**
 * Issue 8, defects 7 (time) and 8 (messages): each failure names its cause and a fix that
 * works, and claims nothing. Against real repositories and a real file:// remote.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { admit, admitCommand } from '../../src/commands/admit.js'
import { planCommand } from '../../src/commands/plan.js'
import { recordCommand } from '../../src/commands/record.js'
import { StoreError } from '../../src/core/errors.js'
import { ledgerRef } from '../../src/core/refs.js'
import { commandName, Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import { cleanupRepos, git, makeRepo, refsUnder, headOf } from '../support/repo.js'
import { makeRecord } from '../../testkit/fixtures.js'
import { systemClock } from '../../src/commands/deps.js'

const exec = promisify(execFile)
const NS = 'refs/dispatch-ledger'
const WRITER = { github_run_id: '9', run_attempt: 1, workflow_ref: '' }
const SCHEDULE = { name: 'schedule', payload: {} }

afterAll(cleanupRepos)

describe('time (docs/design/writers.md): a clock outside 2000–9999 is an error, never a record', () => {
  it.each(['1969-07-20T20:17:40Z', '1999-12-31T23:59:59Z', '+010000-01-01T00:00:00Z'])(
    'admit and record at %s write nothing',
    async clock => {
      const repo = await makeRepo()
      const store = new LocalStore(new Git(repo))
      const now = new Date(clock)
      const admitting = admitCommand(
        { namespace: NS, event: SCHEDULE, dispatch_key: 'k', writer: WRITER },
        { store, clock: { now: () => now } }
      )
      await expect(admitting).rejects.toThrow(
        /outside 2000-01-01 to 9999-12-31.*Nothing was written/
      )
      expect(await refsUnder(repo)).toEqual({})
      await admitCommand(
        { namespace: NS, event: SCHEDULE, dispatch_key: 'k', writer: WRITER },
        { store, clock: systemClock }
      )
      const before = await refsUnder(repo)
      await expect(
        recordCommand(
          {
            namespace: NS,
            dispatch_key: 'k',
            state: 'cancelled',
            event: SCHEDULE,
            writer: WRITER
          },
          { store, clock: { now: () => now } }
        )
      ).rejects.toThrow(/outside 2000-01-01/)
      expect(await refsUnder(repo)).toEqual(before)
      await git(repo, 'fsck', '--strict', '--no-dangling')
    }
  )
})

describe('git failures name the git command', () => {
  it.each([
    [['-c', 'protocol.version=2', 'ls-remote', 'origin'], 'ls-remote'],
    [['-C', 'dir', '-c', 'a=b', 'fetch'], 'fetch'],
    [['update-ref', '--stdin'], 'update-ref'],
    [['--no-pager'], '(no command)']
  ])('commandName(%p) = %p', (args, name) => {
    expect(commandName(args)).toBe(name)
  })

  it('an unreachable remote reads "git ls-remote failed", not "git -c failed"', async () => {
    const repo = await makeRepo()
    await git(repo, 'remote', 'add', 'origin', `file://${repo}/nowhere.git`)
    const error = await new Git(repo).lsRemote('origin', ['refs/x']).catch(e => e as Error)
    expect(error).toBeInstanceOf(StoreError)
    expect((error as Error).message).toMatch(/^git ls-remote failed \(exit \d+\)/)
  })
})

describe('an object directory the step cannot write', () => {
  it('is a StoreError naming the directory and what to do, not a raw fs error', async () => {
    // The process runs as root here, so a read-only mode would not stop it: a file where git's
    // fan-out folder must be makes the same write fail.
    const repo = await makeRepo()
    await writeFile(join(repo, '.git', 'objects', '4b'), 'not a folder')
    const store = new LocalStore(new Git(repo))
    const error = await admit(store, { namespace: NS, first_record: makeRecord() }).catch(
      e => e as Error
    )
    expect(error).toBeInstanceOf(StoreError)
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Cannot write to the object directory ${join(repo, '.git', 'objects')} \\(E[A-Z]+\\)\\. ` +
          'Nothing was admitted or recorded.*the user that owns the checkout'
      )
    )
    await rm(join(repo, '.git', 'objects', '4b'))
    expect(await refsUnder(repo)).toEqual({})
  })
})

describe('a corrupt entry suggests a command that runs', () => {
  it('below the head, `git cat-file -p <commit>` shows the faulty record', async () => {
    const repo = await makeRepo()
    const store = new LocalStore(new Git(repo))
    await admit(store, { namespace: NS, first_record: makeRecord({ run_id: 'run-a' }) })
    await recordCommand(
      { namespace: NS, run_id: 'run-a', state: 'dispatched', event: SCHEDULE, writer: WRITER },
      { store, clock: systemClock }
    )
    // run-a's two-record chain copied under run-b: record 1 (below the head) is named by its commit.
    const head = await headOf(repo, ledgerRef(NS, 'run-a'))
    await git(repo, 'update-ref', ledgerRef(NS, 'run-b'), head)
    const error = await planCommand(
      { namespace: NS, run_id: 'run-b', writer: WRITER },
      { store, clock: systemClock }
    ).catch(e => e as Error)
    const command = /`(git cat-file -p [^`]+)`/.exec((error as Error).message)?.[1]
    expect(command).toMatch(/^git cat-file -p [0-9a-f]{40}$/)
    const [, , , target] = (command as string).split(' ')
    const { stdout } = await exec('git', ['cat-file', '-p', target as string], { cwd: repo })
    expect(stdout).toContain('dispatch-ledger record')
  })
})

describe('a ref-name clash on the remote', () => {
  it('says which ref blocks the namespace and that a re-run cannot help', async () => {
    const remote = await makeRepo({ bare: true })
    const seed = await makeRepo()
    await git(seed, 'commit', '--allow-empty', '-q', '-m', 'x')
    // A ref where dispatch-ledger needs a folder of refs (layout v2: its index buckets).
    await git(seed, 'push', '-q', remote, `HEAD:${NS}/index`)
    const clone = await makeRepo()
    await git(clone, 'remote', 'add', 'origin', `file://${remote}`)
    const store = new RemoteStore(new Git(clone), 'origin')
    const error = await admit(store, { namespace: NS, first_record: makeRecord() }).catch(
      e => e as Error
    )
    expect(error).toBeInstanceOf(StoreError)
    const message = (error as Error).message
    expect(message).toMatch(
      new RegExp(
        `^The remote origin holds the ref ${NS}/index, so ${NS}/index/[0-9a-f]{2} cannot be created`
      )
    )
    expect(message).toMatch(/a re-run will meet the same ref/)
    expect(message).not.toMatch(/re-run the step/)
    expect(await refsUnder(remote)).toEqual({ [`${NS}/index`]: expect.any(String) })
  })
})
