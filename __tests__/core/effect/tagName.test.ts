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

describe('names git would read as something other than this tag', () => {
  // Every namespace git or GitHub fills, and every irregular root ref git keeps as a file.
  const namespaces = [
    'heads',
    'tags',
    'remotes',
    'notes',
    'replace',
    'bisect',
    'stash',
    'prefetch',
    'rewritten',
    'worktree',
    'main-worktree',
    'worktrees',
    'pull'
  ]
  it.each(namespaces)('refuses %s/… and accepts a longer first word', first => {
    expect(tagNameProblem(`${first}/x`)).toBe(
      `git reads ${first}/… as refs/${first}/… before refs/tags/${first}/…, so the tag would be hidden behind that ref; choose a name that does not begin with ${first}/, for example v1.2.3`
    )
    expect(tagNameProblem(`${first}x/y`)).toBeNull()
  })

  it.each([
    'AUTO_MERGE',
    'BISECT_EXPECTED_REV',
    'NOTES_MERGE_PARTIAL',
    'NOTES_MERGE_REF',
    'MERGE_AUTOSTASH',
    'REBASE_HEAD',
    '_HEAD',
    'A_B_HEAD'
  ])('refuses the root ref %s', tag => {
    expect(tagNameProblem(tag)).toBe(
      `git reads "${tag}" as its own ref of that name (a file in the git directory) before any tag, so the tag would be hidden; give the name without refs/tags/, for example v1.2.3`
    )
  })

  // Only names of upper-case letters and _ are looked up in the git directory.
  it.each(['v1_HEAD', 'fetch_HEAD', 'FETCH_HEAD2', 'HEAD_X', 'AUTO_MERGE/x', 'x/HEAD', 'XHEAD'])(
    'accepts %s',
    tag => {
      expect(tagNameProblem(tag)).toBeNull()
    }
  )
})

describe('what each refusal says', () => {
  const fix = 'give the name without refs/tags/, for example v1.2.3'
  it.each([
    ['', `it is empty; ${fix}`],
    ['@', `"@" alone means HEAD to git; ${fix}`],
    ['refs/x', `it begins with refs/, so it is a full ref name, not a tag name; ${fix}`],
    ['-x', `it begins with "-", which git commands read as an option; ${fix}`],
    ['.x', `it begins with "."; ${fix}`],
    ['a/.x', `its component ".x" begins with "."; ${fix}`],
    ['a..b', `it contains ".."; ${fix}`],
    ['a@{b', `it contains "@{", which git reads as a reflog selector; ${fix}`],
    ['a/', `it has an empty path component (a trailing "/" or "//"); ${fix}`],
    ['a.', `it ends with "."; ${fix}`],
    [
      'a.lock',
      `its component "a.lock" ends with ".lock", which git reserves for lock files; ${fix}`
    ],
    ['x'.repeat(256), 'it is longer than 255 bytes; shorten it'],
    [
      'a\u007fb',
      `it contains U+007F; git ref names hold no spaces, control characters or any of ~ ^ : ? * [ \\, and this action refuses invisible Unicode characters too; ${fix}`
    ],
    ['a\u001fb', /contains U\+001F;/],
    ['a~b', /contains "~";/],
    ['a\u00adb', /contains U\+00AD;/], // a soft hyphen: invisible format character
    ['a\u2028b', /contains U\+2028;/],
    ['a\u0085b', /contains U\+0085;/],
    ['a\u{e0001}b', /contains U\+E0001;/]
  ])('%j', (tag, expected) => {
    if (typeof expected === 'string') expect(tagNameProblem(tag)).toBe(expected)
    else expect(tagNameProblem(tag)).toMatch(expected)
  })

  it('an earlier rule answers first: a forbidden character before an empty component', () => {
    expect(tagNameProblem('a b/')).toMatch(/contains " "/)
    expect(tagNameProblem('a..b/')).toMatch(/contains "\.\."/)
    expect(tagNameProblem(`${'x'.repeat(256)} `)).toMatch(/longer than 255 bytes/)
  })

  it('accepts the longest name in multi-byte characters', () => {
    expect(tagNameProblem('é'.repeat(127))).toBeNull() // 254 bytes
    expect(tagNameProblem(`${'é'.repeat(127)}x`)).toBeNull() // 255 bytes
  })
})
