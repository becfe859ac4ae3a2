/**
 * The command line's words (src/cli/usage.ts, docs/cli.md): a namespace refused by its words
 * alone — under a ref family git or GitHub gives meaning to, inside another namespace's refs,
 * or no ref prefix at all — is a usage mistake like a malformed --limit: exit 2, one line,
 * before any cache is made or anything fetched.
 */
import { describe, expect, it } from '@jest/globals'
import { readdir } from 'node:fs/promises'
import { runCli } from '../../src/cli/main.js'
import { parse, UsageError } from '../../src/cli/usage.js'
import { RESERVED_REF_FAMILIES } from '../../src/core/refs.js'
import { makeTempDir } from '../support/repo.js'

async function cli(args: string[]) {
  const home = await makeTempDir()
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    env: { PATH: process.env.PATH, NO_COLOR: '1', XDG_CACHE_HOME: home, HOME: home },
    cwd: home,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) }
  })
  return { code, stdout, stderr, made: await readdir(home) }
}

describe('--namespace', () => {
  it.each([...RESERVED_REF_FAMILIES.keys()])('under refs/%s is a usage mistake', family => {
    for (const command of ['status', 'verify'])
      expect(() => parse([command, '--namespace', `refs/${family}/ledger`])).toThrow(
        new RegExp(
          `^${command}: --namespace "refs/${family}/ledger" must not be under refs/${family}, `
        )
      )
  })

  it.each([['refs/dispatch-ledger/runs'], ['dispatch-ledger'], ['refs/a b']])(
    '%s is a usage mistake',
    namespace => expect(() => parse(['status', '--namespace', namespace])).toThrow(UsageError)
  )

  it('a namespace of its own is taken as given', () => {
    expect(parse(['status', '--namespace', 'refs/my-ledger']).values.namespace).toBe(
      'refs/my-ledger'
    )
  })

  it.each([
    [['status', '--namespace', 'refs/notes/x']],
    [['show', 'run-1', '--namespace', 'refs/replace/x', '--json']],
    [['verify', '--namespace', 'refs/heads/main']]
  ])('%j exits 2 with one line, and makes no cache', async args => {
    const result = await cli(args)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(
      /^dispatch-ledger: \w+: --namespace "refs\/\w+\/[\w-]+" must not be under refs\/\w+, .*\(dispatch-ledger \w+ --help\)\n$/
    )
    expect(result.made).toEqual([])
  })
})
