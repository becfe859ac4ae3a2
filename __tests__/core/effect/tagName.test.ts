/**
 * Which tag names an effect may create: git check-ref-format's rules for refs/tags/<name>,
 * and the names git would read as something else (HEAD-like files, refs/<namespace>/…).
 */
import { describe, expect, it } from '@jest/globals'
import { MAX_TAG_BYTES, tagNameProblem } from '../../../src/core/effect/tagName.js'

describe('tag names an effect may create', () => {
  const accepted = [
    'v1.2.3',
    'v1',
    'release/2024-05-01',
    'a/b/c',
    'v1.0.0-rc.1+build.5',
    'x@y', // @ is fine when not followed by {
    'main', // the tag wins over a branch of that name; git warns it is ambiguous
    'origin/main', // likewise over a remote-tracking branch
    'Head',
    'HEADS/x',
    'headsup/x',
    'AHEAD', // not a *_HEAD root ref
    'é-v1', // git takes UTF-8
    'a.lock.b',
    'x'.repeat(MAX_TAG_BYTES)
  ]
  it.each(accepted)('accepts %j', tag => {
    expect(tagNameProblem(tag)).toBeNull()
  })

  const refused: Array<[string, RegExp]> = [
    // What the name means to git in ordinary use.
    ['HEAD', /"HEAD" as its own ref.*hidden/],
    ['FETCH_HEAD', /"FETCH_HEAD" as its own ref/],
    ['ORIG_HEAD', /as its own ref/],
    ['MERGE_HEAD', /as its own ref/],
    ['CHERRY_PICK_HEAD', /as its own ref/],
    ['AUTO_MERGE', /as its own ref/],
    ['@', /"@" alone means HEAD/],
    ['refs/heads/pwn', /begins with refs\/, so it is a full ref name/],
    ['refs/tags/v1', /begins with refs\//],
    ['heads/main', /refs\/heads\/… before refs\/tags\/heads\/…/],
    ['tags/v1', /refs\/tags\/… before refs\/tags\/tags\/…/],
    ['remotes/origin/main', /refs\/remotes\/…/],
    ['notes/x', /refs\/notes/],
    ['stash', /refs\/stash/],
    ['pull/1/head', /refs\/pull/],
    ['worktrees/w/HEAD', /refs\/worktrees/],
    ['-v1', /begins with "-".*option/],
    ['--upload-pack=x', /begins with "-"/],
    ['.v1', /begins with "\."/],
    // git check-ref-format.
    ['', /empty/],
    ['a..b', /contains "\.\."/],
    ['a b', /contains " "/],
    ['a\tb', /contains U\+0009/],
    ['a\u0000b', /contains U\+0000/],
    ['a\u007fb', /contains U\+007F/],
    ['a~1', /contains "~"/],
    ['a^', /contains "\^"/],
    ['a:b', /contains ":"/],
    ['a?', /contains "\?"/],
    ['a*', /contains "\*"/],
    ['a[b', /contains "\["/],
    ['a\\b', /contains "\\\\"/],
    ['a@{1}', /"@\{"/],
    ['a/', /empty path component/],
    ['a//b', /empty path component/],
    ['a.', /ends with "\."/],
    ['a/.b', /component ".b" begins with "\."/],
    ['a.lock', /ends with "\.lock"/],
    ['a.lock/b', /component "a\.lock" ends with "\.lock"/],
    ['x'.repeat(MAX_TAG_BYTES + 1), /longer than 255 bytes/],
    ['é'.repeat(128), /longer than 255 bytes/],
    // Stricter than git: nothing invisible or unpaired.
    ['v1\u00a0', /contains U\+00A0/],
    ['v\u202e1', /contains U\+202E/],
    ['v\u200b1', /contains U\+200B/],
    ['v\ud8001', /contains U\+D800/]
  ]
  it.each(refused)('refuses %j', (tag, problem) => {
    const text = tagNameProblem(tag)
    expect(text).toMatch(problem)
    // Every refusal ends with what to do instead.
    expect(text).toMatch(/(for example v1\.2\.3|shorten it)$/)
  })
})
