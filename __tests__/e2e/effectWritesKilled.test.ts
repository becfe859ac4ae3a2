/**
 * docs/design/effects.md#agent-writes under SIGKILL: the bundled `effect` action, killed for real
 * — once `may_have_been_sent` is durable at the origin but before the create went out, and once
 * the create reached GitHub (which commits it; nobody hears the answer). The next step adopts
 * what GitHub made, sends a pull request again (GitHub fences it), or holds a comment or an issue
 * unknown: never two, never a guess. The issue's title and labels go through the bundled action's
 * inputs: the next step, built from the same values, finds the intent it bound.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { actionEnv, bundleOf } from '../../scripts/runner.js'
import { start, type FakeGitHub } from '../../testkit/fakeGitHub/client.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { installHook, workspace } from '../support/effects.js'
import { cleanupRepos } from '../support/repo.js'
import { KINDS, LATER, marked, runWrite, RUN_ID, writeRequest } from '../support/writes.js'

let gh: FakeGitHub
beforeAll(async () => {
  gh = await start()
})
afterAll(async () => {
  await gh.stop()
  await cleanupRepos()
})

type KilledKind = 'comment' | 'pull-request' | 'issue'

const WITH: Record<KilledKind, Record<string, string>> = {
  comment: { kind: 'comment', 'issue-number': '7' },
  'pull-request': { kind: 'pull-request', head: 'agent/issue-7', base: 'main', title: 'Fix #7' },
  // As the input is written in a workflow: spaces around the commas, in no order.
  issue: { kind: 'issue', title: 'Follow-up from #7', labels: 'bug , agent' }
}

/** Runs the bundled effect action and SIGKILLs it once `killWhen()` holds. */
async function killedStep(
  dir: string,
  kind: KilledKind,
  killWhen: () => Promise<boolean>
): Promise<NodeJS.Signals | null> {
  const files = await mkdtemp(join(tmpdir(), 'killed-'))
  const env = await actionEnv(
    {
      action: 'effect',
      workspace: dir,
      with: {
        ...WITH[kind],
        body: writeRequest(kind).body ?? '',
        'run-id': RUN_ID,
        token: gh.token,
        'timeout-seconds': '20'
      },
      env: { ...gh.env }
    },
    { dir: files }
  )
  const child = spawn(process.execPath, [await bundleOf('effect')], { cwd: dir, env })
  const exited = new Promise<NodeJS.Signals | null>(done =>
    child.on('close', (_code, signal) => done(signal))
  )
  const poll = setInterval(() => {
    void killWhen().then(yes => {
      if (yes) child.kill('SIGKILL')
    })
  }, 20)
  try {
    return await exited
  } finally {
    clearInterval(poll)
  }
}

describe.each(['comment', 'pull-request', 'issue'] as const)(
  'kind %s, the step SIGKILLed',
  kind => {
    it('after may_have_been_sent was durable, before the create: the next step holds it or sends it once', async () => {
      await gh.reset()
      const origin = await makeBareRemote()
      const { dir } = await workspace(origin.url)
      // The origin's second push is the may_have_been_sent record: once it is in, the hook holds
      // the pushing step there (the ref has moved), and the step is killed.
      const marker = join(origin.dir, 'recorded')
      const count = join(origin.dir, 'pushes')
      await installHook(
        origin.dir,
        'post-receive',
        `n=$(cat '${count}' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '${count}'; ` +
          `if [ "$n" = 2 ]; then touch '${marker}'; sleep 3; fi`
      )
      expect(await killedStep(dir, kind, async () => existsSync(marker))).toBe('SIGKILL')
      expect(await readFile(count, 'utf8')).toBe('2\n')
      expect(await gh.count(KINDS[kind].create)).toBe(0)
      const next = await runWrite(dir, gh, kind, {}, { clock: LATER })
      // The killed step's record is there: the next step starts from it.
      expect(next.chain[1]!.value).toMatchObject({ state: 'may_have_been_sent', send: 1 })
      if (KINDS[kind].fenced) {
        // Nothing found, and GitHub fences a second open pull request: sent again, once.
        expect(next).toMatchObject({ ok: true, sent: true, state: 'terminal_committed' })
        expect(await gh.count(KINDS[kind].create)).toBe(1)
      } else {
        // Nothing found proves nothing for a comment or an issue: held for an operator, nothing sent.
        expect(next).toMatchObject({ ok: false, sent: false, state: 'unknown' })
        expect(await gh.count(KINDS[kind].create)).toBe(0)
      }
      expect((await marked(gh, kind, writeRequest(kind).operation_id)).length).toBeLessThanOrEqual(
        1
      )
      await origin.cleanup()
    })

    it('after the create reached GitHub: the next step adopts it, no second request', async () => {
      await gh.reset()
      const origin = await makeBareRemote()
      const { dir } = await workspace(origin.url)
      // GitHub commits the create 1.5 s after it arrives; the step is killed as soon as it has.
      await gh.fault(KINDS[kind].create, { kind: 'delay', ms: 1500 })
      const sent = async () => (await gh.count(KINDS[kind].create)) > 0
      expect(await killedStep(dir, kind, sent)).toBe('SIGKILL')
      await gh.settled()
      const next = await runWrite(dir, gh, kind, {}, { clock: LATER })
      expect(next).toMatchObject({ ok: true, sent: false, state: 'terminal_committed' })
      expect(await gh.count(KINDS[kind].create)).toBe(1)
      expect(await marked(gh, kind, writeRequest(kind).operation_id)).toHaveLength(1)
      if (kind === 'issue') {
        // What the killed step sent, from its inputs: the title, and the labels as a set.
        const [made] = (await gh.settled()).issues
        expect(made).toMatchObject({ title: 'Follow-up from #7', number: next.number })
        const names = made!.labels.map(label => (typeof label === 'string' ? label : label.name))
        expect(names.sort()).toEqual(['agent', 'bug'])
      }
      await origin.cleanup()
    })
  }
)
