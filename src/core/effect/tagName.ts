/**
 * Which tag names an effect may create. Pure: git's own check-ref-format rules for
 * `refs/tags/<name>`, written out here so that nothing is spawned to judge a name, plus the
 * names git would read as something other than this tag in ordinary use.
 *
 * How git reads a short name (`git show <name>`, gitrevisions): first a file in the
 * repository's git directory (HEAD, FETCH_HEAD, ORIG_HEAD, MERGE_HEAD… — only names of
 * upper-case letters and `_` are looked up there), then `refs/<name>`, then
 * `refs/tags/<name>`, then `refs/heads/<name>`, then `refs/remotes/<name>`. So a tag named
 * `HEAD` or `FETCH_HEAD` is hidden behind the file of that name, and a tag named
 * `heads/main` is hidden behind the branch `refs/heads/main`. Those are refused. A tag named
 * like a branch (`main`) or a remote-tracking branch (`origin/main`) is the other way round:
 * the tag wins and git warns that the name is ambiguous; which branches and remotes exist is
 * not known here, so those are left to the repository's own rules.
 */

/** The longest tag name, in UTF-8 bytes: a loose ref is one file, and file names stop at 255. */
export const MAX_TAG_BYTES = 255

/**
 * The first components that name a ref namespace git or GitHub fills in ordinary use:
 * `<first>/…` would be found as `refs/<first>/…` before `refs/tags/<first>/…`.
 * `main-worktree/` and `worktrees/` are git's syntax for another worktree's refs.
 */
const SHADOWED_NAMESPACES = [
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
] as const

/**
 * Names git keeps as files in the git directory besides `*_HEAD` (its "irregular" root refs);
 * a tag of the same name is hidden behind them.
 */
const ROOT_REFS = [
  'AUTO_MERGE',
  'BISECT_EXPECTED_REV',
  'NOTES_MERGE_PARTIAL',
  'NOTES_MERGE_REF',
  'MERGE_AUTOSTASH'
] as const

/** ASCII control characters, space and the characters check-ref-format forbids anywhere. */
const FORBIDDEN_CHARACTER = /[\u0000-\u0020\u007f~^:?*[\\]/
/**
 * Stricter than git, which takes any byte above 0x7f: no Unicode space, line or paragraph
 * separator, control or invisible format character (a right-to-left override or a zero-width
 * space would make two different tags look the same), and no unpaired surrogate (it has no
 * UTF-8 form, so the ref would not be the name that was checked).
 */
const UNSAFE_UNICODE = /[\p{Z}\p{Cc}\p{Cf}\p{Cs}]/u

/** How the messages name the ref: its noun, its family and an example name. */
interface RefFamily {
  readonly noun: 'tag' | 'branch'
  readonly prefix: 'refs/tags/' | 'refs/heads/'
  readonly example: string
}

const TAGS: RefFamily = { noun: 'tag', prefix: 'refs/tags/', example: 'v1.2.3' }
const BRANCHES: RefFamily = { noun: 'branch', prefix: 'refs/heads/', example: 'agent/issue-42' }

/**
 * What is wrong with `tag` as the name of `refs/tags/<tag>`, in words that end with the fix;
 * null when it may be created.
 */
export function tagNameProblem(tag: string): string | null {
  return refNameProblem(tag, TAGS)
}

/**
 * What is wrong with `branch` as the name of `refs/heads/<branch>`; null when it may be created.
 * The same rules as a tag's: a branch named `HEAD` or `tags/x` would be read as another ref.
 */
export function branchNameProblem(branch: string): string | null {
  return refNameProblem(branch, BRANCHES)
}

function refNameProblem(tag: string, family: RefFamily): string | null {
  const { noun, prefix, example } = family
  const fix = `give the name without ${prefix}, for example ${example}`
  if (tag.length === 0) return `it is empty; ${fix}`
  if (tag === '@') return `"@" alone means HEAD to git; ${fix}`
  if (tag.startsWith('refs/'))
    return `it begins with refs/, so it is a full ref name, not a ${noun} name; ${fix}`
  if (tag.startsWith('-')) return `it begins with "-", which git commands read as an option; ${fix}`
  if (tag.startsWith('.')) return `it begins with "."; ${fix}`
  if (/^(?:[A-Z_]*_)?HEAD$/.test(tag) || (ROOT_REFS as readonly string[]).includes(tag))
    return `git reads ${JSON.stringify(tag)} as its own ref of that name (a file in the git directory) before any ${noun}, so the ${noun} would be hidden; ${fix}`
  const first = tag.split('/', 1)[0] as string
  if ((SHADOWED_NAMESPACES as readonly string[]).includes(first))
    return `git reads ${first}/… as refs/${first}/… before ${prefix}${first}/…, so the ${noun} would be hidden behind that ref; choose a name that does not begin with ${first}/, for example ${example}`
  if (new TextEncoder().encode(tag).length > MAX_TAG_BYTES)
    return `it is longer than ${MAX_TAG_BYTES} bytes; shorten it`
  const character = FORBIDDEN_CHARACTER.exec(tag)?.[0] ?? UNSAFE_UNICODE.exec(tag)?.[0]
  if (character !== undefined)
    return `it contains ${shown(character)}; git ref names hold no spaces, control characters or any of ~ ^ : ? * [ \\, and this action refuses invisible Unicode characters too; ${fix}`
  if (tag.includes('..')) return `it contains ".."; ${fix}`
  if (tag.includes('@{')) return `it contains "@{", which git reads as a reflog selector; ${fix}`
  if (tag.endsWith('/') || tag.includes('//'))
    return `it has an empty path component (a trailing "/" or "//"); ${fix}`
  if (tag.endsWith('.')) return `it ends with "."; ${fix}`
  for (const component of tag.split('/')) {
    if (component.startsWith('.'))
      return `its component ${JSON.stringify(component)} begins with "."; ${fix}`
    if (component.endsWith('.lock'))
      return `its component ${JSON.stringify(component)} ends with ".lock", which git reserves for lock files; ${fix}`
  }
  return null
}

/** A character as a message may show it: printable ASCII quoted, anything else as U+XXXX. */
function shown(character: string): string {
  const code = character.codePointAt(0) as number
  return code >= 0x20 && code < 0x7f
    ? JSON.stringify(character)
    : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}
