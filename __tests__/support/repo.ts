import { entryText, logicalRefs } from '../../testkit/layout.js'
export { setLogical } from '../../testkit/layout.js'
import { execFile, execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const exec = promisify(execFile)

/** Runs git in dir with an argument array; returns stdout. */
export async function git(dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await exec('git', args, {
    cwd: dir,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com'
    },
    maxBuffer: 256 * 1024 * 1024
  })
  return stdout
}

const made: string[] = []

/** A fresh repository in a temp folder (bare when asked); removed by cleanupRepos(). */
export async function makeRepo(options: { bare?: boolean } = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dl-repo-'))
  made.push(dir)
  await git(dir, 'init', '-q', ...(options.bare ? ['--bare'] : []), '-b', 'main')
  return dir
}

export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dl-dir-'))
  made.push(dir)
  return dir
}

export async function cleanupRepos(): Promise<void> {
  await Promise.all(made.splice(0).map(dir => rm(dir, { recursive: true, force: true })))
}

/**
 * Every logical name under prefix → object id: admissions (their commit ids, as the index
 * holds their bytes) and chains, live or archived (their heads). See testkit/layout.ts.
 */
export function refsUnder(
  dir: string,
  prefix = 'refs/dispatch-ledger'
): Promise<Record<string, string>> {
  return logicalRefs(dir, prefix)
}

/** The JSON body of the entry a logical name (or any commit) holds. */
export async function entryAt(dir: string, rev: string): Promise<unknown> {
  const text = await entryText(dir, rev)
  const body = text.slice(text.indexOf('\n\n') + 2)
  return JSON.parse(body.slice(body.indexOf('\n\n') + 2))
}

/** Writes a raw object (validated by git unless literally) and returns its id. */
export function writeObject(dir: string, type: string, content: string, literally = false): string {
  return execFileSync(
    'git',
    ['hash-object', '-t', type, '-w', '--stdin', ...(literally ? ['--literally'] : [])],
    { cwd: dir, input: content }
  )
    .toString()
    .trim()
}

/** The head a logical chain name holds, live or archived (or a ref's object id). */
export async function headOf(dir: string, ref: string): Promise<string> {
  const held = (await logicalRefs(dir, ref))[ref]
  if (held) return held
  return (await git(dir, 'rev-parse', ref)).trim()
}

/** Every ref under prefix → object id, as git holds them (index buckets, live chains). */
export async function physicalRefs(
  dir: string,
  prefix = 'refs/dispatch-ledger'
): Promise<Record<string, string>> {
  const out = await git(dir, 'for-each-ref', '--format=%(refname) %(objectname)', prefix)
  return Object.fromEntries(
    out
      .split('\n')
      .filter(Boolean)
      .map(line => line.split(' ') as [string, string])
  )
}
