/**
 * effect with a ledger repository of its own (docs/design/ledger-repository.md): the tag stays
 * in the code repository (its origin), the operation's chain goes to the ledger repository. They
 * cannot share one atomic push, so the tag is pushed alone, create-only with a deterministic
 * object, and a lookup that finds our object settles it before the record is written: a step
 * killed between the two is adopted by the next, never tagged twice.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { effect } from '../../src/commands/effect.js'
import { systemClock } from '../../src/commands/deps.js'
import { Git, type RefUpdate } from '../../src/store/git.js'
import { openLedgerStore } from '../../src/store/ledgerRepository.js'
import { CodeRepositoryTagStore, tagStoreFor, type TagStore } from '../../src/store/tagStore.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { tagCount, tagRequest, workspace } from '../support/effects.js'
import { cleanupRepos, git, makeTempDir } from '../support/repo.js'

afterAll(cleanupRepos)

const LEDGER = 'octo-org/dispatch-ledger-state'

/** A ledger "server" (a directory of bare repositories behind file://) and a code origin. */
async function setting() {
  const root = await makeTempDir()
  const ledgerBare = join(root, `${LEDGER}.git`)
  await mkdir(ledgerBare, { recursive: true })
  execFileSync('git', ['init', '--quiet', '--bare', ledgerBare])
  const origin = await makeBareRemote()
  const job = await workspace(origin.url)
  const env = {
    ...process.env,
    GITHUB_SERVER_URL: pathToFileURL(root).href,
    RUNNER_TEMP: await makeTempDir()
  }
  const open = async (dir = job.dir) =>
    openLedgerStore({ repository: LEDGER, token: 'ghs_x' }, { env, layout: {}, code: new Git(dir) })
  return { ledgerBare, origin, job, open }
}

const refs = (dir: string, prefix: string) =>
  execFileSync('git', ['for-each-ref', '--format=%(refname)', prefix], { cwd: dir })
    .toString()
    .split('\n')
    .filter(Boolean)

/** A tag store that dies right after its push landed, before anything is recorded. */
class KilledAfterPush extends CodeRepositoryTagStore {
  override async pushTag(tag: RefUpdate): ReturnType<TagStore['pushTag']> {
    await super.pushTag(tag)
    throw new Error('killed after the tag push')
  }
}

describe('effect kind tag with ledger-repository', () => {
  it('the tag in the code origin, the operation chain in the ledger, a repeat sends nothing', async () => {
    const s = await setting()
    const store = await s.open()
    const first = await effect(tagRequest(s.job.head), {
      store,
      tags: tagStoreFor(store),
      clock: systemClock
    })
    expect(first).toMatchObject({ ok: true, sent: true, state: 'terminal_committed' })
    expect((await git(s.origin.dir, 'rev-parse', 'refs/tags/v1.2.3')).trim()).toBe(first.tag_object)
    expect(refs(s.origin.dir, 'refs/dispatch-ledger/')).toEqual([])
    expect(refs(s.ledgerBare, 'refs/tags/')).toEqual([])
    expect(refs(s.ledgerBare, 'refs/dispatch-ledger/').length).toBeGreaterThan(0)
    const again = await effect(tagRequest(s.job.head), {
      store: await s.open(),
      tags: tagStoreFor(await s.open()),
      clock: systemClock
    })
    expect(again).toMatchObject({ ok: true, sent: false, tag_object: first.tag_object })
    expect(await tagCount(s.origin.dir)).toBe(1)
  })

  it('killed between the tag push and its record: the next step adopts our tag, one tag', async () => {
    const s = await setting()
    const store = await s.open()
    const killed = effect(tagRequest(s.job.head), {
      store,
      tags: new KilledAfterPush(new Git(s.job.dir)),
      clock: systemClock
    })
    await expect(killed).rejects.toThrow('killed after the tag push')
    const pushed = (await git(s.origin.dir, 'rev-parse', 'refs/tags/v1.2.3')).trim()
    const next = await s.open()
    const outcome = await effect(tagRequest(s.job.head), {
      store: next,
      tags: tagStoreFor(next),
      clock: systemClock
    })
    expect(outcome).toMatchObject({ ok: true, state: 'terminal_committed', tag_object: pushed })
    expect(await tagCount(s.origin.dir)).toBe(1)
  })

  it('without a checkout that has an origin, effect refuses naming actions/checkout, sending nothing', async () => {
    const s = await setting()
    const store = await openLedgerStore(
      { repository: LEDGER, token: 'ghs_x' },
      { env: { ...process.env, GITHUB_SERVER_URL: 'file:///nowhere' }, layout: {}, code: null }
    )
    expect(() => tagStoreFor(store)).toThrow(/origin.*actions\/checkout.*Nothing was sent/)
    expect(await tagCount(s.origin.dir)).toBe(0)
  })
})
