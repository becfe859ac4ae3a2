/**
 * `command: effect` through the action's adapter in-process (@actions/core replaced), and once
 * end to end through the committed bundle (dist/) the way the runner starts it.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import * as core from '../support/fakeCore.js'
import { cleanupRepos, git, refsUnder } from '../support/repo.js'
import type { ActionRun } from '../../scripts/runner.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../src/main.js')
const { inProcess } = await import('../support/inProcess.js')
const { runAction } = await import('../../scripts/runner.js')
const { makeBareRemote } = await import('../../testkit/gitHttpServer.js')
const { workspace, tagRequest, storeFor } = await import('../support/effects.js')
const { effect } = await import('../../src/commands/effect.js')
const { start } = await import('../../testkit/fakeGitHub/client.js')
const { marked } = await import('../support/releases.js')
const step = inProcess(run)

afterAll(cleanupRepos)

async function setup() {
  const origin = await makeBareRemote()
  const ws = await workspace(origin.url)
  const base = (extra: Record<string, string>, env: Record<string, string> = {}): ActionRun => ({
    workspace: ws.dir,
    eventName: 'push',
    event: { repository: { id: 123456789 } },
    runId: 501,
    env: { GITHUB_SHA: ws.head, GITHUB_REPOSITORY_ID: '123456789', ...env },
    action: 'effect',
    with: { remote: 'origin', 'run-id': 'gh-501-abc', ...extra }
  })
  return { origin, ...ws, base }
}

describe('command: effect, kind: tag', () => {
  it('tags GITHUB_SHA once; a re-run sends nothing', async () => {
    const { origin, head, base } = await setup()
    const first = await step(base({ kind: 'tag', tag: 'v1.2.3', message: 'Release' }))
    expect(first.failures).toEqual([])
    expect(first.outputs).toMatchObject({
      operation_id: 'gh-501-abc/tag/v1.2.3',
      operation_state: 'terminal_committed',
      sent: 'true'
    })
    expect((await git(origin.dir, 'rev-parse', 'refs/tags/v1.2.3')).trim()).toBe(
      first.outputs.tag_object
    )
    expect((await git(origin.dir, 'rev-parse', 'refs/tags/v1.2.3^{commit}')).trim()).toBe(head)
    const again = await step(base({ kind: 'tag', tag: 'v1.2.3', message: 'Release' }))
    expect(again.outputs).toMatchObject({ sent: 'false', tag_object: first.outputs.tag_object })
    // Another message is another intent under the same operation id: refused, nothing sent.
    const other = await step(base({ kind: 'tag', tag: 'v1.2.3', message: 'Changed' }))
    expect(other.failures.join()).toMatch(/prepared for another intent.*new operation-id/)
    expect(other.outputs.sent).toBe('false')
    await origin.cleanup()
  })

  it.each([
    [{ tag: 'v1' }, /kind input, tag, release, branch, pull-request, comment or issue/],
    [{ kind: 'tag', tag: 'bad tag' }, /tag input "bad tag" is refused: it contains " "/],
    [{ kind: 'tag', tag: 'v1', target: 'HEAD' }, /target input must be a full commit id/],
    [{ kind: 'tag', tag: 'v1', draft: 'yes' }, /draft input must be true or false/],
    [{ kind: 'release', tag: 'v1' }, /kind: release calls the GitHub API: set token/],
    [{ kind: 'tag', tag: 'v1', 'operation-id': 'has space' }, /operation-id/]
  ] as Array<[Record<string, string>, RegExp]>)(
    '%j fails clearly and writes nothing',
    async (inputs, message) => {
      const { origin, dir, base } = await setup()
      const result = await step(base(inputs))
      expect(result.failures.join('\n')).toMatch(message)
      expect(await refsUnder(dir)).toEqual({})
      expect(await refsUnder(origin.dir, 'refs/')).toEqual({})
      await origin.cleanup()
    }
  )
})

describe('command: effect refuses a tag git would read as something else', () => {
  const allRefs = async (dir: string) =>
    git(dir, 'for-each-ref', '--format=%(refname) %(objectname)')

  it.each([
    ['HEAD', /tag input "HEAD" is refused: git reads "HEAD" as its own ref/],
    ['refs/heads/pwn', /tag input "refs\/heads\/pwn" is refused: it begins with refs\//],
    ['heads/main', /tag input "heads\/main" is refused: git reads heads\/… as refs\/heads\/…/]
  ])('tag: %j writes no ref at all, here or on the remote', async (tag, message) => {
    const { origin, dir, head, base } = await setup()
    const before = { local: await allRefs(dir), remote: await allRefs(origin.dir) }
    const result = await step(base({ kind: 'tag', tag, message: 'Release' }))
    expect(result.failures.join('\n')).toMatch(message)
    expect(result.failures.join('\n')).toMatch(/for example v1\.2\.3/)
    // The command itself refuses the intent too, for a caller that builds it by hand.
    await expect(
      effect(tagRequest(head, { tag, id: `gh-501-abc/tag/${tag}` }), storeFor(dir))
    ).rejects.toThrow(/refused/)
    expect({ local: await allRefs(dir), remote: await allRefs(origin.dir) }).toEqual(before)
    expect(before.remote).toBe('')
    await origin.cleanup()
  })
})

describe('command: effect, kind: release (fake GitHub API via GITHUB_API_URL)', () => {
  it('a published release once; a draft whose create was lost is held unknown', async () => {
    const gh = await start()
    try {
      const { origin, base } = await setup()
      const published = await step(
        base({ kind: 'release', tag: 'v2.0.0', 'release-body': 'Notes', token: gh.token }, gh.env)
      )
      expect(published.failures).toEqual([])
      expect(published.outputs).toMatchObject({
        operation_state: 'terminal_committed',
        sent: 'true'
      })
      expect(published.outputs.release_url).toMatch(/^http/)
      expect((await marked(gh, 'gh-501-abc/release/v2.0.0')).map(r => String(r.id))).toEqual([
        published.outputs.release_id
      ])
      expect(published.outputs.tag_object).toMatch(/^[0-9a-f]{40}$/)

      await gh.fault('createRelease', { kind: 'late-commit', answer: 'error', commitAfterMs: 1500 })
      const draft = base(
        { kind: 'release', tag: 'v2.0.1', 'release-body': 'Draft', draft: 'true', token: gh.token },
        gh.env
      )
      const held = await step(draft)
      expect(held.outputs.operation_state).toBe('unknown')
      expect(held.failures.join()).toMatch(
        /unknown.*\/ledger resolve-effect gh-501-abc\/release\/v2.0.1 committed <release id>/
      )
      await gh.resetCounts()
      expect((await step(draft)).outputs).toMatchObject({
        operation_state: 'unknown',
        sent: 'false'
      })
      expect(await gh.count('createRelease')).toBe(0)
      // What the step shows (outputs, failures, summary) never carries the token.
      const shown = [held.outputs, held.failures, held.warnings, held.summary]
      expect(JSON.stringify(shown)).not.toContain(gh.token)
      await origin.cleanup()
    } finally {
      await gh.stop()
    }
  })
})

describe('end to end through dist/', () => {
  it('kind: tag by the bundled action', async () => {
    const { origin, head, base } = await setup()
    const result = await runAction(base({ kind: 'tag', tag: 'v9.9.9' }))
    expect(result.errors).toEqual([])
    expect(result.outputs).toMatchObject({ operation_state: 'terminal_committed', sent: 'true' })
    expect((await git(origin.dir, 'rev-parse', 'refs/tags/v9.9.9^{commit}')).trim()).toBe(head)
    await origin.cleanup()
  })
})
