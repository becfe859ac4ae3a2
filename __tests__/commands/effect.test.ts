/**
 * docs/design/effects.md `kind: tag` against real git: bare remotes over file:// and smart HTTP, the faults
 * of an ambiguous push (a connection dropped after the server committed, a push killed with
 * SIGKILL, a hook refusing the tag), and the negative control that shows why the tag and its
 * journal record must travel in ONE atomic push.
 */
import { afterAll, afterEach, describe, expect, it } from '@jest/globals'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { effect } from '../../src/commands/effect.js'
import {
  RemoteTagStore,
  tagStoreFor,
  type TagAndRecord,
  type TagPushOutcome
} from '../../src/store/tagStore.js'
import { Git } from '../../src/store/git.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import {
  makeBareRemote,
  startGitHttpServer,
  type GitHttpServer
} from '../../testkit/gitHttpServer.js'
import {
  agrees,
  cloneOf,
  held,
  installHook,
  KillingGit,
  PROTECT_TAGS,
  runTag,
  slowHook,
  stepWriter,
  storeFor,
  tagCount,
  tagRequest,
  workspace
} from '../support/effects.js'
import { cleanupRepos, git, physicalRefs } from '../support/repo.js'
import { systemClock } from '../../src/commands/deps.js'

afterAll(cleanupRepos)

interface Remote {
  url: string
  bare: string
  server: GitHttpServer | null
  close(): Promise<void>
}

const TRANSPORTS: Array<[string, () => Promise<Remote>]> = [
  [
    'file://',
    async () => {
      const r = await makeBareRemote()
      return { url: r.url, bare: r.dir, server: null, close: r.cleanup }
    }
  ],
  [
    'smart HTTP',
    async () => {
      const s = await startGitHttpServer()
      return { url: s.url, bare: s.bareDir, server: s, close: () => s.close() }
    }
  ]
]

let open: Remote[] = []
afterEach(async () => {
  await Promise.all(open.map(r => r.close()))
  open = []
})
async function remote(make: () => Promise<Remote>): Promise<Remote> {
  const r = await make()
  open.push(r)
  return r
}

describe.each(TRANSPORTS)('kind: tag through the remote over %s', (_name, make) => {
  it('creates the tag and its committed record together; an exact repeat sends nothing', async () => {
    const r = await remote(make)
    const { dir, head } = await workspace(r.url)
    const first = await runTag(dir, head)
    expect(first).toMatchObject({ ok: true, sent: true, state: 'terminal_committed' })
    const h = await held(r.bare, tagRequest(head))
    expect(h).toMatchObject({ state: 'terminal_committed', tag: first.tag_object, records: 2 })
    // The tag is annotated, points at the target, and names the operation.
    expect((await git(r.bare, 'cat-file', '-t', 'refs/tags/v1.2.3')).trim()).toBe('tag')
    expect((await git(r.bare, 'rev-parse', 'refs/tags/v1.2.3^{commit}')).trim()).toBe(head)
    expect(await git(r.bare, 'cat-file', '-p', 'refs/tags/v1.2.3')).toContain(
      'dispatch-ledger operation: gh-501-f282f34c55fc/tag/v1.2.3 intent: sha256:'
    )

    r.server?.resetCounts()
    const again = await runTag(await cloneOf(r.url, dir), head)
    expect(again).toMatchObject({ ok: true, sent: false, tag_object: first.tag_object })
    if (r.server) expect(r.server.counts().pushes).toBe(0)
    expect(await held(r.bare, tagRequest(head))).toEqual(h)
  })

  it('two jobs racing the same operation: one tag, both report it committed', async () => {
    const r = await remote(make)
    const { dir, head } = await workspace(r.url)
    const other = await cloneOf(r.url, dir)
    const [a, b] = await Promise.all([runTag(dir, head), runTag(other, head)])
    expect([a.ok, b.ok]).toEqual([true, true])
    expect(a.tag_object).toBe(b.tag_object)
    expect(await tagCount(r.bare)).toBe(1)
    const h = await held(r.bare, tagRequest(head))
    expect(h).toMatchObject({ state: 'terminal_committed', records: 2 })
  })

  it('the same operation id with another intent is refused and nothing is sent', async () => {
    const r = await remote(make)
    const { dir, head } = await workspace(r.url)
    await runTag(dir, head)
    const before = await held(r.bare, tagRequest(head))
    r.server?.resetCounts()
    const other = await runTag(await cloneOf(r.url, dir), head, { message: 'another message' })
    expect(other).toMatchObject({ ok: false, sent: false, next: 'refuse_intent' })
    if (r.server) expect(r.server.counts().pushes).toBe(0)
    expect(await held(r.bare, tagRequest(head))).toEqual(before)
  })

  it("another actor's tag of that name → conflict; their tag is untouched", async () => {
    const r = await remote(make)
    const { dir, head } = await workspace(r.url)
    const theirs = await cloneOf(r.url, dir)
    await git(theirs, 'tag', '-a', '-m', 'by hand', 'v1.2.3', head)
    await git(theirs, 'push', '-q', 'origin', 'refs/tags/v1.2.3')
    const tag = (await git(r.bare, 'rev-parse', 'refs/tags/v1.2.3')).trim()
    const outcome = await runTag(dir, head)
    // The create-only push was refused (the tag exists): this step sent nothing.
    expect(outcome).toMatchObject({ ok: false, next: 'conflict', state: 'conflict', sent: false })
    const h = await held(r.bare, tagRequest(head))
    expect(h).toMatchObject({ tag, state: 'conflict' })
    expect(agrees(h)).toBe(true)
    // And it stays a conflict: nothing is sent again.
    r.server?.resetCounts()
    expect(await runTag(await cloneOf(r.url, dir), head)).toMatchObject({
      next: 'conflict',
      sent: false
    })
    if (r.server) expect(r.server.counts().pushes).toBe(0)
  })

  it('a hook refusing the tag (tag protection) writes neither; the operation stays prepared', async () => {
    const r = await remote(make)
    const { dir, head } = await workspace(r.url)
    await installHook(r.bare, 'pre-receive', PROTECT_TAGS)
    const refused = await runTag(dir, head)
    expect(refused).toMatchObject({ ok: false, next: 'stop', state: 'prepared', sent: true })
    expect(refused.reason).toMatch(/refused/)
    const h = await held(r.bare, tagRequest(head))
    expect(h).toMatchObject({ tag: null, state: 'prepared' })
    expect(agrees(h)).toBe(true)
    // Lift the rule: the next step sends again (nothing happened, so that is safe).
    await rm(join(r.bare, 'hooks', 'pre-receive'))
    expect(await runTag(await cloneOf(r.url, dir), head)).toMatchObject({ ok: true, sent: true })
    expect(await tagCount(r.bare)).toBe(1)
    expect(agrees(await held(r.bare, tagRequest(head)))).toBe(true)
  })

  it.each([
    ['the push is killed before it reaches the server', 'spawn'],
    ['the push is killed while the server is mid-push', 'hook']
  ] as const)(
    '%s: tag and journal agree, and a re-run ends with exactly one tag',
    async (_n, when) => {
      const r = await remote(make)
      const { dir, head } = await workspace(r.url)
      const marker = await slowHook(r.bare)
      // Push 1 writes the prepared record; push 2 is the atomic tag push.
      const killing = new KillingGit(dir, { push: 2, when, marker })
      await expect(effect(tagRequest(head), storeFor(dir, { git: killing }))).rejects.toThrow(
        /killed/
      )
      await settle(r)
      expect(agrees(await held(r.bare, tagRequest(head)))).toBe(true)
      const rerun = await runTag(await cloneOf(r.url, dir), head)
      expect(rerun).toMatchObject({ ok: true, state: 'terminal_committed' })
      expect(await tagCount(r.bare)).toBe(1)
      expect(agrees(await held(r.bare, tagRequest(head)))).toBe(true)
    }
  )
})

describe('kind: tag over smart HTTP: concurrent steps', () => {
  it('8 concurrent steps for one operation: one tag, one step sent it, every step reports it', async () => {
    const r = await remote(TRANSPORTS[1]![1])
    const { dir, head } = await workspace(r.url)
    const clones = await Promise.all(Array.from({ length: 8 }, () => cloneOf(r.url, dir)))
    r.server!.resetCounts()
    const outcomes = await Promise.all(
      clones.map((clone, i) =>
        effect({ ...tagRequest(head), writer: stepWriter(i) }, storeFor(clone))
      )
    )
    expect(outcomes.every(o => o.ok && o.tag_object === outcomes[0]!.tag_object)).toBe(true)
    // A push whose lease was refused (the record moved, or the tag exists) made nothing.
    expect(outcomes.filter(o => o.sent)).toHaveLength(1)
    expect(r.server!.counts().pushes).toBeLessThanOrEqual(2 * clones.length)
    expect(await tagCount(r.bare)).toBe(1)
    expect(agrees(await held(r.bare, tagRequest(head)))).toBe(true)
  })
})

describe('kind: tag over smart HTTP: a connection dropped after the server committed', () => {
  it('every push dropped (prepare and tag): settled by object id, one tag', async () => {
    const r = await remote(TRANSPORTS[1]![1])
    const { dir, head } = await workspace(r.url)
    r.server!.dropAfterPush(2)
    const outcome = await runTag(dir, head)
    expect(outcome).toMatchObject({ ok: true, sent: true, state: 'terminal_committed' })
    expect(await tagCount(r.bare)).toBe(1)
    const h = await held(r.bare, tagRequest(head))
    expect(h).toMatchObject({ state: 'terminal_committed', records: 2 })
    expect(agrees(h)).toBe(true)
  })

  it('the tag push dropped on a prepared operation, and again with curl re-sending it', async () => {
    for (const keepAlive of [false, true]) {
      const r = await remote(TRANSPORTS[1]![1])
      const { dir, head } = await workspace(r.url)
      await installHook(r.bare, 'pre-receive', PROTECT_TAGS)
      expect(await runTag(dir, head)).toMatchObject({ state: 'prepared' })
      await rm(join(r.bare, 'hooks', 'pre-receive'))
      r.server!.dropAfterPush(1, { keepAlive })
      const outcome = await runTag(await cloneOf(r.url, dir), head)
      expect(outcome).toMatchObject({ ok: true, state: 'terminal_committed', sent: true })
      expect(await tagCount(r.bare)).toBe(1)
      expect(agrees(await held(r.bare, tagRequest(head)))).toBe(true)
      await r.close()
    }
  })
})

describe('kind: tag with archive-after 0 over file:// (the operation never keeps a ref)', () => {
  it('the archived operation commits its tag; an exact repeat from another job reads it and sends nothing', async () => {
    const r = await remote(TRANSPORTS[0]?.[1] as () => Promise<Remote>)
    const { dir, head } = await workspace(r.url)
    const archiving = (from: string) => {
      const store = new RemoteStore(new Git(from), 'origin', { archiveAfterSeconds: 0 })
      return { store, tags: tagStoreFor(store), clock: systemClock }
    }
    const first = await effect(tagRequest(head), archiving(dir))
    expect(first).toMatchObject({ ok: true, sent: true, state: 'terminal_committed' })
    const operations = async () =>
      Object.keys(await physicalRefs(r.bare)).filter(ref => ref.includes('/operations/'))
    expect(await operations()).toEqual([])
    const h = await held(r.bare, tagRequest(head))
    expect(h).toMatchObject({ state: 'terminal_committed', tag: first.tag_object, records: 2 })

    const before = await physicalRefs(r.bare, 'refs/')
    for (const store of [archiving, (from: string) => storeFor(from)]) {
      const again = await effect(tagRequest(head), store(await cloneOf(r.url, dir)))
      expect(again).toMatchObject({ ok: true, sent: false, tag_object: first.tag_object })
    }
    expect(await physicalRefs(r.bare, 'refs/')).toEqual(before)
    expect(await tagCount(r.bare)).toBe(1)
  })
})

describe('kind: tag without a remote (the local repository decides)', () => {
  it('one ref transaction; a repeat sends nothing; another tag is a conflict', async () => {
    const { dir, head } = await workspace(null)
    const local = (g?: Git) => storeFor(dir, { remote: false, ...(g ? { git: g } : {}) })
    const first = await effect(tagRequest(head), local())
    expect(first).toMatchObject({ ok: true, sent: true })
    expect(agrees(await held(dir, tagRequest(head)))).toBe(true)
    expect(await effect(tagRequest(head), local())).toMatchObject({ ok: true, sent: false })
    await git(dir, 'tag', 'v2', head)
    const other = await effect(tagRequest(head, { id: 'op-2', tag: 'v2' }), local())
    expect(other).toMatchObject({ next: 'conflict' })
  })
})

/**
 * NEGATIVE CONTROL. The same protocol with the tag and its record pushed in two pushes (the
 * tag first) is caught by a kill between them: the remote then holds a tag that no journal
 * says was committed. The atomic push under the same kills never shows that.
 */
class TwoPushTagStore extends RemoteTagStore {
  constructor(private readonly g: Git) {
    super(new RemoteStore(g, 'origin'))
  }

  override async pushTagWithRecord(update: TagAndRecord): Promise<TagPushOutcome> {
    const tag = await this.g.push('origin', [{ ...update.tag, expected: null }], {
      atomic: false
    })
    if (tag.code !== 0) return { kind: 'ambiguous', detail: tag.stderr }
    const journal = await this.g.push('origin', [update.journal], { atomic: false })
    return journal.code === 0 ? { kind: 'created' } : { kind: 'ambiguous', detail: journal.stderr }
  }
}

describe('negative control: tag and journal in two pushes', () => {
  it.each(TRANSPORTS)(
    'over %s a kill between the pushes leaves a tag without committed',
    async (_n, make) => {
      const found: Record<string, boolean> = {}
      for (const variant of ['atomic', 'two pushes'] as const) {
        // Kill each push in turn: 1 prepare, 2 (tag | atomic), 3 (journal, two-push variant only).
        for (const push of variant === 'atomic' ? [1, 2] : [1, 2, 3]) {
          const r = await remote(make)
          const { dir, head } = await workspace(r.url)
          const killing = new KillingGit(dir, { push, when: 'spawn' })
          const deps =
            variant === 'atomic'
              ? storeFor(dir, { git: killing })
              : {
                  store: new RemoteStore(killing, 'origin'),
                  tags: new TwoPushTagStore(killing),
                  clock: systemClock
                }
          await effect(tagRequest(head), deps).catch(() => undefined)
          const agreed = agrees(await held(r.bare, tagRequest(head)))
          found[`${variant} kill@${push}`] = agreed
          await r.close()
        }
      }
      expect(found).toEqual({
        'atomic kill@1': true,
        'atomic kill@2': true,
        'two pushes kill@1': true,
        'two pushes kill@2': true,
        'two pushes kill@3': false
      })
    }
  )
})

async function settle(r: Remote): Promise<void> {
  // A push killed mid-way may still finish on the server (the hook holds it for 1 s).
  await new Promise(resolve => setTimeout(resolve, 1500))
  void r
}
