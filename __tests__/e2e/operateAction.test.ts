/**
 * `command: operate` through the bundled action, as the runner runs it: real processes
 * racing through one origin, and comment text that must reach neither a shell nor markup.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Git } from '../../src/store/git.js'
import { LocalStore } from '../../src/store/localStore.js'
import { runAction } from '../../scripts/runner.js'
import { commentEvent, runIn, NS } from '../support/operator.js'
import { cleanupRepos, entryAt, git, makeRepo, makeTempDir, headOf } from '../support/repo.js'

afterAll(cleanupRepos)

const RUN = 'gh-501-f282f34c55fc'

/** A bare origin holding one run in `situation`, and `clones` fresh checkouts of it. */
async function origin(situation: string, clones: number) {
  const bare = await makeRepo({ bare: true })
  const seed = await makeRepo()
  const ledger = await runIn(new LocalStore(new Git(seed)), RUN, situation)
  await git(seed, 'push', '-q', bare, `+${NS}/*:${NS}/*`)
  const workspaces: string[] = []
  for (let i = 0; i < clones; i++) {
    const dir = join(await makeTempDir(), 'ws')
    await git(bare.replace(/\/[^/]+$/, ''), 'clone', '-q', bare, dir)
    workspaces.push(dir)
  }
  return { bare, ledger, workspaces }
}

function operateIn(workspace: string, body: string, login = 'alice', runId = 600) {
  return runAction({
    workspace,
    eventName: 'issue_comment',
    event: commentEvent(body, { login }),
    runId,
    action: 'operate',
    with: { remote: 'origin' }
  })
}

/** The operator records on the origin's ledger. */
async function operatorRecords(bare: string, ledger: string) {
  const out = await git(bare, 'rev-list', await headOf(bare, ledger))
  const records = await Promise.all(
    out
      .split('\n')
      .filter(Boolean)
      .map(oid => entryAt(bare, oid) as Promise<{ trigger: string; decision: unknown }>)
  )
  return records.filter(r => r.trigger === 'operator')
}

describe('operators racing through the origin, from two processes', () => {
  it.each([
    ['approve', 'approve', ['applied', 'duplicate']],
    ['approve', 'deny', ['applied', 'conflict']]
  ])('%s vs %s → one applied, the other %s', async (first, second, outcomes) => {
    const { bare, ledger, workspaces } = await origin('awaiting', 2)
    const [a, b] = await Promise.all([
      operateIn(workspaces[0] as string, `/ledger ${first} ${RUN}`, 'alice', 601),
      operateIn(workspaces[1] as string, `/ledger ${second} ${RUN}`, 'bob', 602)
    ])
    expect([a.code, b.code]).toEqual([0, 0])
    expect([a.outputs.outcome, b.outputs.outcome].sort()).toEqual(outcomes)
    for (const result of [a, b])
      expect(result.outputs).toMatchObject({
        run_id: RUN,
        state: 'decided',
        terminal: 'true',
        recovery_action: 'none'
      })
    // Exactly one decision on the arbiter; the loser reports the winner's outcome.
    const records = await operatorRecords(bare, ledger)
    expect(records).toHaveLength(1)
    const winner = a.outputs.outcome === 'applied' ? a : b
    const loser = winner === a ? b : a
    expect(loser.outputs.settled_outcome).toBe(winner.outputs.settled_outcome)
  })
})

describe('comment text is data (docs/design/writers.md)', () => {
  it('reaches no shell and no summary markup', async () => {
    const { workspaces } = await origin('awaiting', 1)
    const marker = join(await makeTempDir(), 'pwned')
    // One word (the run id slot) and a note, both hostile.
    const word = `<img/src=x/onerror=alert(1)>$(touch\${IFS}${marker})\`id\``
    const note = `$(touch ${marker}) \`touch ${marker}\` <b>x</b>\n# heading`
    const result = await operateIn(workspaces[0] as string, `/ledger approve ${word} ${note}`)
    expect(result.code).toBe(0)
    expect(result.outputs).toMatchObject({ outcome: 'noop', verb: 'approve' })
    expect(result.summary).toContain('There is no run')
    expect(result.summary).toContain('&#60;img/src=x/onerror=alert(1)&#62;')
    expect(result.summary).not.toMatch(/<img|<b>|\n# heading/)
    // The same note recorded on a real run: stored as data, still no shell.
    const applied = await operateIn(workspaces[0] as string, `/ledger approve ${RUN} ${note}`)
    expect(applied.outputs.outcome).toBe('applied')
    expect(applied.summary).not.toMatch(/<img|<b>|\n# heading/)
    expect(existsSync(marker)).toBe(false)

    // An unknown verb is never echoed into the verb output.
    const odd = await operateIn(workspaces[0] as string, `/ledger $(touch ${marker}) ${RUN}`)
    expect(odd.outputs).toMatchObject({ outcome: 'noop', verb: '' })
    expect(existsSync(marker)).toBe(false)
  })
})
