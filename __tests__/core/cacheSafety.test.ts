/**
 * Whether a cache path or a cache's config may be used (docs/cli.md#the-cache): a table of
 * what lstat can say of a path, and of the config lines a planted cache could carry. Each row
 * that refuses names the path, the cause and a fix that works.
 */
import { describe, expect, test } from '@jest/globals'
import { cacheConfigRefusal, cachePathRefusal, type PathFacts } from '../../src/core/cacheSafety.js'

const ME = 1000
const judge = { uid: ME, setting: 'XDG_CACHE_HOME' }
const facts = (over: Partial<PathFacts>): PathFacts => ({
  path: '/home/me/.cache/dispatch-ledger',
  kind: 'directory',
  uid: ME,
  mode: 0o40700,
  ...over
})

describe('a cache directory', () => {
  test.each<[string, Partial<PathFacts>, RegExp | null]>([
    ['mine, 0700', {}, null],
    ['mine, 0755 (others may read, not write)', { mode: 0o40755 }, null],
    ['a symbolic link', { kind: 'symlink' }, /is a symbolic link.*rm \/home\/me/],
    ['another user’s', { uid: 1001 }, /belongs to uid 1001, not to you \(uid 1000\)/],
    ['root’s, run by a user', { uid: 0 }, /belongs to uid 0/],
    ['group-writable', { mode: 0o40770 }, /writable by its group \(mode 0770\).*chmod 700/],
    ['world-writable', { mode: 0o40777 }, /writable by its group and everyone \(mode 0777\)/],
    ['world-writable, sticky (a shared temp)', { mode: 0o41777 }, /everyone \(mode 01777\)/],
    ['only others may write', { mode: 0o40702 }, /writable by everyone \(mode 0702\)/],
    ['a plain file', { kind: 'file' }, /is not a directory/],
    ['a device or socket', { kind: 'other' }, /is not a directory/]
  ])('%s', (_name, over, refusal) => {
    const said = cachePathRefusal(facts(over), { ...judge, directory: true })
    if (refusal === null) expect(said).toBeNull()
    else {
      expect(said).toMatch(refusal)
      expect(said).toContain('set XDG_CACHE_HOME to a directory of your own')
    }
  })

  test('a link is refused before its owner is looked at (a link’s owner says nothing)', () => {
    expect(
      cachePathRefusal(facts({ kind: 'symlink', uid: 1001 }), { ...judge, directory: true })
    ).toMatch(/symbolic link/)
  })

  test('where the platform has no uids, ownership is not judged but a link still is', () => {
    const noUid = { uid: null, setting: 'XDG_CACHE_HOME', directory: true }
    expect(cachePathRefusal(facts({ uid: 4242 }), noUid)).toBeNull()
    expect(cachePathRefusal(facts({ kind: 'symlink' }), noUid)).toMatch(/symbolic link/)
  })
})

describe('an entry inside the cache repository', () => {
  const entry = { ...judge, directory: false }
  test.each<[string, Partial<PathFacts>, RegExp | null]>([
    ['a file of mine', { kind: 'file', mode: 0o100644 }, null],
    ['a directory of mine', { kind: 'directory' }, null],
    // Only directories are judged by their mode: their own dir is 0700, so no one else can
    // replace a file in it.
    ['a group-writable file of mine', { kind: 'file', mode: 0o100664 }, null],
    ['a link (HEAD or config pointing elsewhere)', { kind: 'symlink' }, /symbolic link/],
    ['another user’s file', { kind: 'file', uid: 1001 }, /belongs to uid 1001/],
    ['a fifo', { kind: 'other' }, /is not a plain file/]
  ])('%s', (_name, over, refusal) => {
    const said = cachePathRefusal(facts({ path: '/c/HEAD', ...over }), entry)
    if (refusal === null) expect(said).toBeNull()
    else expect(said).toMatch(refusal)
  })
})

describe('a cache’s config', () => {
  const INIT = [
    '[core]',
    '\trepositoryformatversion = 0',
    '\tfilemode = true',
    '\tbare = true',
    '[extensions]',
    '\tobjectformat = sha256',
    ''
  ].join('\n')

  test('what git init --bare writes is accepted, comments and blank lines included', () => {
    expect(cacheConfigRefusal('/c/config', INIT, judge)).toBeNull()
    expect(cacheConfigRefusal('/c/config', `# made by git\n; note\n\n${INIT}`, judge)).toBeNull()
    expect(cacheConfigRefusal('/c/config', '', judge)).toBeNull()
  })

  test.each([
    ['core.hooksPath (a hook runs as you)', '[core]\n\thooksPath = /tmp/evil'],
    ['core.fsmonitor (a program runs)', '[core]\n\tfsmonitor = /tmp/evil'],
    ['core.sshCommand', '[core]\n\tsshCommand = /tmp/evil'],
    ['a credential helper', '[credential]\n\thelper = /tmp/evil'],
    ['url.insteadOf (the fetch goes elsewhere)', '[url "http://evil/"]\n\tinsteadOf = https://'],
    ['a filter driver', '[filter "x"]\n\tclean = /tmp/evil'],
    ['an include', '[include]\n\tpath = /tmp/evil.config'],
    ['a remote (fetches into the cache from elsewhere)', '[remote "origin"]\n\turl = /x'],
    ['a section with a setting on its header line', '[core] hooksPath = /tmp/evil'],
    ['an unknown core key', '[core]\n\tbare = true\n\tpager = /tmp/evil'],
    ['a key outside any section', 'hooksPath = /tmp/evil'],
    ['upper-case spelling of a refused key', '[CORE]\n\tHOOKSPATH = /tmp/evil']
  ])('%s is refused, naming it and the fix', (_name, text) => {
    const said = cacheConfigRefusal('/c/config', `${INIT}${text}\n`, judge)
    expect(said).toMatch(/^The cache's config \/c\/config holds /)
    expect(said).toContain('rm -r /c')
  })

  test('allowed keys are matched whatever their case (git’s keys are case-blind)', () => {
    expect(cacheConfigRefusal('/c/config', '[Core]\n\tBare = true\n', judge)).toBeNull()
  })
})
