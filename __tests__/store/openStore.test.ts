/**
 * Which store the `remote` input opens (docs/design/arbiter.md#which-store-decides). Inside
 * GitHub Actions a local store decides nothing between runs, so `remote: auto` without an
 * origin fails the step instead of admitting into the runner's disposable clone.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { InvalidInput } from '../../src/core/errors.js'
import { openStore } from '../../src/store/openStore.js'
import { cleanupRepos, git, makeRepo, makeTempDir } from '../support/repo.js'

afterAll(cleanupRepos)

const ACTIONS = { GITHUB_ACTIONS: 'true' }

async function opened(remote: string, env: NodeJS.ProcessEnv, withOrigin: boolean) {
  const dir = await makeRepo()
  if (withOrigin) await git(dir, 'remote', 'add', 'origin', await makeRepo({ bare: true }))
  return openStore({ repositoryPath: dir, remote, env })
}

describe('openStore', () => {
  it.each<[string, string, NodeJS.ProcessEnv, boolean, string]>([
    ['auto in Actions with origin: origin decides', 'auto', ACTIONS, true, 'origin'],
    ['auto under act, no origin: local', 'auto', { ...ACTIONS, ACT: 'true' }, false, 'local'],
    ['auto under act, with origin: local', 'auto', { ...ACTIONS, ACT: 'true' }, true, 'local'],
    ['auto outside Actions, no origin: local', 'auto', {}, false, 'local'],
    ['auto outside Actions, with origin: local', 'auto', {}, true, 'local'],
    ['auto with GITHUB_ACTIONS=false: local', 'auto', { GITHUB_ACTIONS: 'false' }, false, 'local'],
    ['none in Actions, no origin: local', 'none', ACTIONS, false, 'local'],
    ['none in Actions, with origin: local', 'none', ACTIONS, true, 'local'],
    ['origin named in Actions: origin', 'origin', ACTIONS, true, 'origin'],
    [' auto  (spaces) in Actions with origin', ' auto ', ACTIONS, true, 'origin']
  ])('%s', async (_, remote, env, withOrigin, name) => {
    expect((await opened(remote, env, withOrigin)).name).toBe(name)
  })

  it('auto in Actions without origin fails naming remote: none, and writes nothing', async () => {
    const dir = await makeRepo()
    const open = openStore({ repositoryPath: dir, remote: 'auto', env: ACTIONS })
    await expect(open).rejects.toBeInstanceOf(InvalidInput)
    const message = await open.then(
      () => '',
      (error: Error) => error.message
    )
    expect(message).toContain(`the repository at ${dir} has no origin remote`)
    expect(message).toContain('a local store decides nothing between runs')
    expect(message).toContain('actions/checkout (which sets origin)')
    expect(message).toContain('set remote: none')
    expect(message).toContain('Nothing was admitted.')
    expect(await git(dir, 'for-each-ref')).toBe('')
  })

  it('auto in Actions with only another remote still refuses: only origin is the default arbiter', async () => {
    const dir = await makeRepo()
    await git(dir, 'remote', 'add', 'upstream', await makeRepo({ bare: true }))
    await expect(openStore({ repositoryPath: dir, remote: 'auto', env: ACTIONS })).rejects.toThrow(
      /has no origin remote.*remote: none/s
    )
  })

  it('auto in Actions in a folder that is no repository says so, not that origin is missing', async () => {
    const dir = await makeTempDir()
    await expect(openStore({ repositoryPath: dir, remote: 'auto', env: ACTIONS })).rejects.toThrow(
      /is not a git repository\. Check the repository out first \(actions\/checkout\)/
    )
  })
})
