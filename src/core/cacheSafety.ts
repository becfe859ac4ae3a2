/**
 * Whether a cache repository's path may be used (docs/cli.md#the-cache): the pure decision,
 * from what lstat said of each path, and from the text of the cache's own git config. A cache
 * that another user could have written is never used: its hooks, its config and its refs would
 * act as the operator, with the operator's token in git's environment.
 */

export type PathKind = 'directory' | 'file' | 'symlink' | 'other'

/** What lstat said of one path (never followed through a link). */
export interface PathFacts {
  readonly path: string
  readonly kind: PathKind
  readonly uid: number
  readonly mode: number
}

export interface CacheJudge {
  /** The user running: null where the platform has no uids (then ownership is not judged). */
  readonly uid: number | null
  /** The variable that moves the cache elsewhere, named in every fix. */
  readonly setting: string
}

/**
 * Why this path of the cache may not be used, or null. `directory`: it must be a directory
 * (the cache root and the repository); otherwise any plain file or directory of the user's.
 */
export function cachePathRefusal(
  facts: PathFacts,
  judge: CacheJudge & { readonly directory: boolean }
): string | null {
  const { path } = facts
  const elsewhere = `or set ${judge.setting} to a directory of your own`
  if (facts.kind === 'symlink')
    return (
      `The cache path ${path} is a symbolic link: dispatch-ledger never uses a cache through a ` +
      `link, which could point into another repository (your own clone) or another user's ` +
      `files. Remove the link (rm ${path}) and run again, ${elsewhere}.`
    )
  if (judge.uid !== null && facts.uid !== judge.uid)
    return (
      `The cache path ${path} belongs to uid ${facts.uid}, not to you (uid ${judge.uid}): ` +
      'another user could have planted hooks, config or refs there, so it is not used. ' +
      `Remove it (as its owner or root), ${elsewhere}.`
    )
  if (judge.directory ? facts.kind !== 'directory' : facts.kind === 'other')
    return (
      `The cache path ${path} is not a ${judge.directory ? 'directory' : 'plain file'}. ` +
      `Remove it and run again, ${elsewhere}.`
    )
  const writable = [facts.mode & 0o020 ? 'its group' : '', facts.mode & 0o002 ? 'everyone' : '']
    .filter(Boolean)
    .join(' and ')
  if (judge.directory && writable)
    return (
      `The cache path ${path} is writable by ${writable} (mode ${octal(facts.mode)}): whoever ` +
      `can write it could plant hooks or refs there, so it is not used. Run chmod 700 ${path} ` +
      `(or remove it) and run again, ${elsewhere}.`
    )
  return null
}

function octal(mode: number): string {
  return `0${(mode & 0o7777).toString(8).padStart(3, '0')}`
}

/**
 * The settings a cache's config may hold: what `git init --bare` writes, on any platform.
 * Anything else could make git run a program or talk elsewhere (core.sshCommand,
 * credential.helper, url.*.insteadOf, protocol.*.allow, filter.*, include.path, ...), so a
 * config with anything else is not used.
 */
const ALLOWED = new Set([
  'core.repositoryformatversion',
  'core.filemode',
  'core.bare',
  'core.logallrefupdates',
  'core.ignorecase',
  'core.precomposeunicode',
  'core.symlinks',
  'extensions.objectformat',
  'extensions.refstorage'
])

/** Why a cache's config (the file's text) may not be read, or null. */
export function cacheConfigRefusal(path: string, text: string, judge: CacheJudge): string | null {
  let section: string | null = null
  const unexpected = (what: string) =>
    `The cache's config ${path} holds ${what}, which no cache dispatch-ledger made holds (a ` +
    'setting there could make git run a program as you). It is not used: remove the cache ' +
    `(rm -r ${dirOf(path)}) and run again, or set ${judge.setting} to a directory of your own.`
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
    const header = /^\[\s*([A-Za-z0-9.-]+)\s*(?:"[^]*")?\s*\]\s*(.*)$/.exec(line)
    if (header) {
      if (/"/.test(line)) return unexpected(`the section ${JSON.stringify(line)}`)
      section = (header[1] as string).toLowerCase()
      if ((header[2] ?? '').trim() === '') continue
      return unexpected(`the line ${JSON.stringify(line)}`)
    }
    const key = /^([A-Za-z][A-Za-z0-9-]*)\s*(=|$)/.exec(line)?.[1]
    const name = section !== null && key ? `${section}.${key.toLowerCase()}` : null
    if (name === null || !ALLOWED.has(name))
      return unexpected(`the setting ${JSON.stringify(line)}`)
  }
  return null
}

function dirOf(path: string): string {
  return path.replace(/[/\\][^/\\]*$/, '')
}
