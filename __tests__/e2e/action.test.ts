import { afterAll, describe, expect, it } from '@jest/globals'
import { admissionRef, RESERVED_REF_FAMILIES } from '../../src/core/refs.js'
import { entryLocation } from '../../src/core/index/location.js'
import {
  cleanupRepos,
  git,
  makeRepo,
  makeTempDir,
  refsUnder,
  writeObject,
  setLogical
} from '../support/repo.js'
import { runAction, type ActionRun } from '../../scripts/runner.js'
import { exampleEvent, LABELED_KEY } from '../support/events.js'

afterAll(cleanupRepos)

const example = exampleEvent

/**
 * These workspaces have no origin, so the steps choose the local store explicitly: inside
 * Actions `remote: auto` without an origin refuses (see 'no arbiter, no claim' below).
 */
const LOCAL = { remote: 'none' }

async function labeled(workspace: string, extra: Partial<ActionRun> = {}) {
  return runAction({
    workspace,
    eventName: 'issues',
    event: await example('issues-labeled.json'),
    ...extra,
    with: { ...LOCAL, ...extra.with }
  })
}

describe('the bundled action, run as the runner runs it', () => {
  it('first arrival, re-run, other-run duplicate, conflict', async () => {
    const repo = await makeRepo()

    const first = await labeled(repo, { runId: 501 })
    expect(first.code).toBe(0)
    expect(first.outputs).toMatchObject({
      created: 'true',
      recorded: 'true',
      owner: 'true',
      conflict: 'false',
      dispatch_key: LABELED_KEY,
      state: 'admitted',
      terminal: 'false',
      sequence: '1',
      recovery_action: 'dispatch',
      authority_required: 'dispatch',
      store: 'local'
    })
    expect(first.outputs.run_id).toMatch(/^gh-501-[0-9a-f]{12}$/)
    expect(first.outputs.request_digest).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(first.summary).toContain('admitted the dispatch')
    expect(first.summary).toContain(first.outputs.run_id)
    const afterFirst = await refsUnder(repo)
    expect(Object.keys(afterFirst)).toHaveLength(2)

    // A re-run of the same workflow run: same run id, next attempt.
    const rerun = await labeled(repo, { runId: 501, runAttempt: 2 })
    expect(rerun.code).toBe(0)
    expect(rerun.outputs).toMatchObject({
      created: 'false',
      recorded: 'false',
      owner: 'true',
      run_id: first.outputs.run_id,
      recovery_action: 'dispatch'
    })

    // The same label from a second person in another workflow run.
    const event = await example('issues-labeled.json')
    const other = await runAction({
      workspace: repo,
      eventName: 'issues',
      runId: 777,
      with: LOCAL,
      event: {
        ...event,
        sender: { login: 'hubot', id: 2 },
        issue: { ...(event.issue as object), updated_at: '2030-01-01T00:00:00Z' }
      }
    })
    expect(other.code).toBe(0)
    expect(other.outputs).toMatchObject({
      created: 'false',
      owner: 'false',
      run_id: first.outputs.run_id,
      state: '',
      // A run that does not own the key is never told to dispatch it.
      recovery_action: 'none',
      blind_resubmission_forbidden: 'true'
    })
    expect(other.summary).toContain('Another workflow run')
    expect(await refsUnder(repo)).toEqual(afterFirst)

    // A changed request under the same key.
    const changed = await labeled(repo, { runId: 888, with: { request: '{"model":"large"}' } })
    expect(changed.code).toBe(1)
    expect(changed.errors.join('\n')).toMatch(
      /already admitted for run gh-501-.*Nothing was written/
    )
    expect(changed.outputs).toMatchObject({
      conflict: 'true',
      created: 'false',
      run_id: first.outputs.run_id
    })
    const tolerated = await labeled(repo, {
      runId: 888,
      with: { request: '{"model":"large"}', 'on-conflict': 'output' }
    })
    expect(tolerated.code).toBe(0)
    expect(tolerated.outputs.conflict).toBe('true')
    expect(await refsUnder(repo)).toEqual(afterFirst)
  })

  it('preview derives and looks up, and writes nothing', async () => {
    const repo = await makeRepo()
    const before = await labeled(repo, { runId: 9, action: 'preview' })
    expect(before.code).toBe(0)
    expect(before.outputs).toMatchObject({
      created: 'false',
      recovery_action: 'admit',
      dispatch_key: LABELED_KEY
    })
    expect(await refsUnder(repo)).toEqual({})

    await labeled(repo, { runId: 9 })
    const refs = await refsUnder(repo)
    const after = await labeled(repo, { runId: 10, action: 'preview' })
    expect(after.outputs).toMatchObject({
      owner: 'false',
      conflict: 'false',
      recovery_action: 'none'
    })
    expect(after.outputs.run_id).toMatch(/^gh-9-/)
    expect(await refsUnder(repo)).toEqual(refs)
  })

  it('16 concurrent workflow runs admitting one key: one created, one run', async () => {
    const repo = await makeRepo()
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => labeled(repo, { runId: 2000 + i }))
    )
    for (const result of results) expect(result.code).toBe(0)
    expect(results.filter(r => r.outputs.created === 'true')).toHaveLength(1)
    expect(new Set(results.map(r => r.outputs.run_id)).size).toBe(1)
    expect(results.filter(r => r.outputs.owner === 'true')).toHaveLength(1)
    const refs = Object.keys(await refsUnder(repo))
    expect(refs.filter(r => r.includes('/admissions/'))).toHaveLength(1)
    expect(refs.filter(r => r.includes('/runs/'))).toHaveLength(1)
  })

  describe('bad input: a clear error and nothing written', () => {
    async function expectRefused(run: Partial<ActionRun>, message: RegExp, workspace?: string) {
      const repo = workspace ?? (await makeRepo())
      const result = await runAction({
        workspace: repo,
        eventName: 'issues',
        ...run,
        with: { ...LOCAL, ...run.with }
      })
      expect(result.code).toBe(1)
      expect(result.errors.join('\n')).toMatch(message)
      if (!workspace) expect(await refsUnder(repo)).toEqual({})
      return result
    }

    it('malformed event JSON', async () => {
      await expectRefused(
        { event: '{"action": "labeled",' },
        /GITHUB_EVENT_PATH\) is not valid JSON/
      )
    })
    it('a missing event file', async () => {
      await expectRefused(
        { eventPath: '/nonexistent/event.json' },
        /event file \/nonexistent\/event.json .* cannot be read/
      )
    })
    it('an event with no derivation and no dispatch-key', async () => {
      await expectRefused(
        { eventName: 'schedule', event: await example('schedule.json') },
        /schedule.*dispatch-key/
      )
    })
    it('a dispatch-key over 1024 bytes', async () => {
      await expectRefused(
        { eventName: 'schedule', event: {}, with: { 'dispatch-key': 'é'.repeat(513) } },
        /1026 UTF-8 bytes.*limit is 1024/
      )
    })
    it('a request that is not JSON', async () => {
      await expectRefused(
        { event: await example('issues-labeled.json'), with: { request: '{model: large}' } },
        /request input is not valid JSON/
      )
    })
    it('a payload missing a field the key needs', async () => {
      await expectRefused({ event: { action: 'labeled', repository: { id: 1 } } }, /issue\.number/)
    })
    it('a workspace that is not a git repository', async () => {
      const dir = await makeTempDir()
      const result = await runAction({
        workspace: dir,
        eventName: 'issues',
        event: await example('issues-labeled.json')
      })
      expect(result.code).toBe(1)
      expect(result.errors.join('\n')).toMatch(/is not a git repository.*actions\/checkout/)
    })
    it('a corrupt stored admission names where it is (its path in the key bucket)', async () => {
      const repo = await makeRepo()
      const ref = admissionRef('refs/dispatch-ledger', LABELED_KEY)
      await setLogical(repo, ref, writeObject(repo, 'blob', 'garbage'))
      const before = await refsUnder(repo)
      await expectRefused(
        { event: await example('issues-labeled.json') },
        new RegExp(
          `${entryLocation(ref)} cannot be trusted.*git cat-file -p ${entryLocation(ref)}`
        ),
        repo
      )
      expect(await refsUnder(repo)).toEqual(before)
    })
    it('an action that does not exist', async () => {
      await expect(runAction({ workspace: '.', action: 'launch' })).rejects.toThrow(
        /There is no action "launch": name a folder/
      )
    })
    // Every family git and GitHub give meaning to, through the bundle: an input error, and no
    // ref anywhere in the repository (not only under the default namespace).
    it.each([...RESERVED_REF_FAMILIES.keys()])('a namespace under refs/%s', async family => {
      const repo = await makeRepo()
      await expectRefused(
        {
          event: await example('issues-labeled.json'),
          with: { namespace: `refs/${family}/ledger` }
        },
        new RegExp(
          `namespace input "refs/${family}/ledger" must not be under refs/${family}, which`
        ),
        repo
      )
      expect(await git(repo, 'for-each-ref')).toBe('')
    })
  })
})

describe('no arbiter, no claim: remote: auto inside Actions without an origin', () => {
  it('fails the step naming remote: none, and writes no ref', async () => {
    const repo = await makeRepo()
    const refused = await labeled(repo, { runId: 501, with: { remote: 'auto' } })
    expect(refused.code).toBe(1)
    const message = refused.errors.join('\n')
    expect(message).toContain('has no origin remote')
    expect(message).toContain('a local store decides nothing between runs')
    expect(message).toContain('remote: none')
    expect(message).toContain('actions/checkout')
    expect(refused.outputs.created).toBeUndefined()
    expect(await git(repo, 'for-each-ref', 'refs/dispatch-ledger')).toBe('')
    // The default input is auto: the same without naming it.
    const byDefault = await runAction({
      workspace: repo,
      eventName: 'issues',
      event: await example('issues-labeled.json'),
      runId: 502
    })
    expect(byDefault.code).toBe(1)
    expect(byDefault.errors.join('\n')).toContain('remote: none')
    expect(await git(repo, 'for-each-ref', 'refs/dispatch-ledger')).toBe('')
  })

  it('remote: none admits into the local store, as chosen', async () => {
    const repo = await makeRepo()
    const admitted = await labeled(repo, { runId: 501, with: { remote: 'none' } })
    expect(admitted.code).toBe(0)
    expect(admitted.outputs).toMatchObject({ created: 'true', owner: 'true', store: 'local' })
    expect(await git(repo, 'for-each-ref', 'refs/dispatch-ledger')).not.toBe('')
  })

  it('under act (ACT=true) auto stays local', async () => {
    const repo = await makeRepo()
    const admitted = await labeled(repo, {
      runId: 501,
      with: { remote: 'auto' },
      env: { ACT: 'true' }
    })
    expect(admitted.outputs).toMatchObject({ created: 'true', store: 'local' })
  })
})

describe('npm run action: the bundled action on any event, by hand', () => {
  it('prints the outputs and the summary, and exits as the action did', async () => {
    const { execFile } = await import('node:child_process')
    const { promisify } = await import('node:util')
    const { PROJECT_ROOT } = await import('../../scripts/runner.js')
    const repo = await makeRepo()
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['scripts/action.ts', ...args], { cwd: PROJECT_ROOT })
    const admitted = await run(
      '--event',
      'examples/events/issues-labeled.json',
      '--workspace',
      repo,
      '--run-id',
      '7'
    )
    expect(admitted.stdout).toContain('event: issues (')
    expect(admitted.stdout).toMatch(/^ {2}created=true$/m)
    expect(admitted.stdout).toMatch(/^ {2}run_id=gh-7-[0-9a-f]{12}$/m)
    expect(admitted.stdout).toContain('<h3>dispatch-ledger: admit</h3>')
    const refused = await run(
      '--event',
      'examples/events/schedule.json',
      '--workspace',
      repo,
      '--action',
      'plan'
    ).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error
    )
    expect(refused.code).toBe(1)
    expect(refused.stdout).toMatch(
      /errors:\n {2}The event "schedule" has no dispatch key derivation/
    )
  })
})
