/**
 * A store with N existing admissions, made quickly: one `git update-ref --stdin` of N
 * `create` lines (random key hashes, all pointing at one commit on the empty tree), then
 * `git pack-refs --all`, as a long-lived repository's refs would be.
 */
import { randomBytes } from 'node:crypto'
import { git, tempDir } from './proc.ts'

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'

/** Fills the repository at dir (a work tree or a bare repository); returns the commit. */
export function fillAdmissions(
  dir: string,
  count: number,
  namespace = 'refs/dispatch-ledger'
): string {
  git(dir, ['hash-object', '-w', '-t', 'tree', '--stdin'], '')
  const base = git(dir, ['commit-tree', EMPTY_TREE, '-m', 'bench base'], '').trim()
  const lines = [`update refs/heads/main ${base}`]
  for (let i = 0; i < count; i++)
    lines.push(`create ${namespace}/admissions/${randomBytes(32).toString('hex')} ${base}`)
  git(dir, ['update-ref', '--stdin'], lines.join('\n') + '\n')
  git(dir, ['pack-refs', '--all'])
  return base
}

/** A bare repository with `count` packed admissions. */
export async function bareWithAdmissions(count: number): Promise<{ dir: string; base: string }> {
  const root = await tempDir(`bare-${count}`)
  const dir = `${root}/repo.git`
  git(root, ['init', '-q', '--bare', '-b', 'main', dir])
  return { dir, base: fillAdmissions(dir, count) }
}
