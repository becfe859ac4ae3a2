/**
 * docs/design/storage.md ref layout: every ref name is the namespace plus a hash, so a key or run id never
 * reaches a ref name, and two keys never share an admission ref.
 */
import { describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import { InvalidInput } from '../../src/core/errors.js'
import {
  DEFAULT_NAMESPACE,
  admissionRef,
  keyHash,
  ledgerRef,
  NAMESPACE_FAMILIES,
  runsPrefix,
  validateNamespace,
  RESERVED_REF_FAMILIES
} from '../../src/core/refs.js'
import {
  admissionName,
  archiveRef,
  chainName,
  FAMILIES,
  indexRef
} from '../../src/core/index/layout.js'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const NS = DEFAULT_NAMESPACE

/** The message of the InvalidInput validateNamespace throws for `ns`. */
function refusal(ns: string): string {
  let error: unknown
  try {
    validateNamespace(ns)
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(InvalidInput)
  return (error as Error).message
}

describe('ref names', () => {
  it('an admission ref is the namespace and the sha256 of the key', () => {
    expect(NS).toBe('refs/dispatch-ledger')
    expect(admissionRef(NS, 'abc')).toBe(
      'refs/dispatch-ledger/admissions/ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    )
    expect(keyHash('abc')).toBe(sha256('abc'))
    expect(admissionRef('refs/x/y', 'k/../é')).toBe(`refs/x/y/admissions/${sha256('k/../é')}`)
  })

  it('two keys never share an admission ref, nor a key and a run id a ref', () => {
    const keys = ['a', 'b', 'A', 'a ', '', 'v1/x/1', 'v1/x/1/']
    const refs = keys.map(key => admissionRef(NS, key))
    expect(new Set(refs).size).toBe(keys.length)
    expect(admissionRef(NS, 'a')).not.toBe(ledgerRef(NS, 'a'))
  })

  it('a ledger ref is the namespace and the sha256 of the run id', () => {
    expect(ledgerRef(NS, 'run-1')).toBe(`refs/dispatch-ledger/runs/${sha256('run-1')}`)
    expect(ledgerRef(NS, 'run-1')).not.toBe(ledgerRef(NS, 'run-2'))
    expect(runsPrefix('refs/x/y')).toBe('refs/x/y/runs/')
    expect(ledgerRef(NS, 'r').startsWith(runsPrefix(NS))).toBe(true)
  })
})

describe('validateNamespace (docs/design/storage.md)', () => {
  it.each([
    'refs/dispatch-ledger',
    'refs/a/b',
    'refs/x',
    'refs/_a.b-c/9',
    // A family's name deeper down, or as a prefix of a component, is not that family.
    'refs/dispatch-ledger/notes',
    'refs/notes-of-mine',
    'refs/x/heads'
  ])('accepts %s', ns => {
    expect(validateNamespace(ns)).toBe(ns)
  })

  it.each<[string, string]>([
    ['dispatch-ledger', 'must start with refs/'],
    ['refs', 'must start with refs/'],
    ['ref/x', 'must start with refs/'],
    ['refs/heads/x', 'must not be under refs/heads, which git or GitHub uses for branches'],
    ['refs/tags/x', 'must not be under refs/tags, which git or GitHub uses for tags'],
    [
      'refs/pull/x',
      "must not be under refs/pull, which git or GitHub uses for GitHub's pull requests"
    ],
    [
      'refs/remotes/x',
      'must not be under refs/remotes, which git or GitHub uses for remote-tracking'
    ],
    ['refs/notes/x', 'must not be under refs/notes, which git or GitHub uses for git notes'],
    [
      'refs/replace',
      'must not be under refs/replace, which git or GitHub uses for replacement objects'
    ],
    ['refs/stash/x', 'must not be under refs/stash'],
    ['refs/bisect/x', 'must not be under refs/bisect'],
    ['refs/worktree/x', 'must not be under refs/worktree'],
    ['refs/rewritten/x', 'must not be under refs/rewritten'],
    ['refs/prefetch/x', 'must not be under refs/prefetch'],
    ['refs/original/x', 'must not be under refs/original'],
    ['refs/changes/x', 'must not be under refs/changes'],
    ['refs/Notes/x', 'must not be under refs/notes'],
    ['refs/REPLACE/x', 'must not be under refs/replace'],
    ['refs/', 'has an invalid path component ""'],
    ['refs/a//b', 'has an invalid path component ""'],
    ['refs/a/', 'has an invalid path component ""'],
    ['refs/.a', 'has an invalid path component ".a"'],
    ['refs/-a', 'has an invalid path component "-a"'],
    ['refs/a b', 'has an invalid path component "a b"'],
    ['refs/a~1', 'has an invalid path component "a~1"'],
    ['refs/x.lock', 'has an invalid path component "x.lock"'],
    ['refs/a..b', 'has an invalid path component "a..b"'],
    ['refs/a/b\n', 'has an invalid path component "b\\n"']
  ])('refuses %j', (ns, why) => {
    const message = refusal(ns)
    expect(message).toContain(`The \`namespace\` ${JSON.stringify(ns)} ${why}`)
    expect(message).toMatch(/\. Use a prefix such as refs\/dispatch-ledger\.$/)
  })
})

it('the reserved families are exactly those git and GitHub give meaning to', () => {
  expect([...RESERVED_REF_FAMILIES.keys()].sort()).toEqual(
    [
      'heads',
      'tags',
      'remotes',
      'notes',
      'replace',
      'stash',
      'bisect',
      'worktree',
      'rewritten',
      'prefetch',
      'original',
      'pull',
      'changes'
    ].sort()
  )
})

describe("a namespace inside another namespace's families is refused", () => {
  it.each([
    'refs/dispatch-ledger/index/aa',
    'refs/dispatch-ledger/index',
    'refs/dispatch-ledger/archive/aa',
    'refs/dispatch-ledger/runs',
    'refs/dispatch-ledger/operations/x',
    'refs/dispatch-ledger/admissions',
    'refs/x/y/runs/z',
    'refs/index',
    'refs/a/b/c/archive',
    'refs/x/Index',
    'refs/x/RUNS/y'
  ])('%s', ns => {
    const family = ns
      .split('/')
      .find(part => NAMESPACE_FAMILIES.includes(part.toLowerCase())) as string
    const message = refusal(ns)
    expect(message).toContain(
      `The \`namespace\` ${JSON.stringify(ns)} has the path component ${JSON.stringify(family)}`
    )
    expect(message).toContain("lies inside another namespace's refs")
    expect(message).toMatch(
      /Choose a namespace outside another namespace's refs, such as refs\/dispatch-ledger-2\.$/
    )
  })

  it.each([
    'refs/dispatch-ledger-2',
    'refs/dispatch-ledger/team-a',
    'refs/indexes/a',
    'refs/run/a',
    'refs/my-runs',
    'refs/x/keys',
    'refs/x/ended'
  ])('%s is accepted: no component is a family', ns => {
    expect(validateNamespace(ns)).toBe(ns)
  })

  it('the families are every ref family the layout writes under a namespace', () => {
    const ns = 'refs/n'
    const hash = 'ab' + 'c'.repeat(62)
    const written = [
      indexRef(ns, 'ab'),
      archiveRef(ns, 'ab'),
      admissionName(ns, hash, 1),
      admissionName(ns, hash, 2),
      ...FAMILIES.map(family => chainName(ns, family, hash))
    ].map(ref => ref.slice(ns.length + 1).split('/')[0])
    expect([...new Set(written)].sort()).toEqual([...NAMESPACE_FAMILIES].sort())
  })
})
