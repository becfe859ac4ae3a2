/**
 * The bucket view's decisions (src/store/index/bucket.ts) over an in-memory object store, no
 * git: what an index tip must be, what a bucket's tree may hold, and what an edit may replace.
 * A broken entry is never read as absent and never overwritten (docs/design/storage.md).
 */
import { describe, expect, it } from '@jest/globals'
import { CorruptEntry } from '../../src/core/errors.js'
import { encodeTree, objectId, TREE_MODE, BLOB_MODE } from '../../src/core/index/tree.js'
import type { GitObject } from '../../src/store/git.js'
import { BucketView, indexSubject, indexTipProblem } from '../../src/store/index/bucket.js'
import { MemoryObjects, type TreeFile } from '../../testkit/memoryObjects.js'

const REF = 'refs/dispatch-ledger/index/ab'
const H = 'ab' + '1'.repeat(62)
const H2 = 'ab' + '2'.repeat(62)
const EMPTY = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
const LINK = '120000'

function object(type: string, content: string): GitObject {
  return { oid: 'f'.repeat(40), type, content, bytes: Buffer.from(content, 'utf8') }
}

function commitText(message: string, parents: string[] = []): string {
  return (
    `tree ${EMPTY}\n${parents.map(p => `parent ${p}\n`).join('')}` +
    'author a <a@b> 0 +0000\ncommitter a <a@b> 0 +0000\n\n' +
    message
  )
}

/** What a view's read or edit threw: its location and message, or 'ok'. */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await run() }
  } catch (error) {
    if (!(error instanceof CorruptEntry)) throw error
    return { where: error.where, message: error.message }
  }
}

function corrupt(where: string, detail: string) {
  return {
    where,
    message: new CorruptEntry(where, detail).message
  }
}

async function opened(files: Record<string, TreeFile>) {
  const objects = new MemoryObjects()
  const tip = objects.index(REF, files)
  return { objects, tip, view: await BucketView.open(REF, objects) }
}

describe('indexTipProblem', () => {
  it.each<[string, GitObject, string | null]>([
    ['an index commit of the ref', object('commit', commitText(`${indexSubject(REF)}\n`)), null],
    [
      'an index commit with a body',
      object('commit', commitText(`${indexSubject(REF)}\n\nmore\n`)),
      null
    ],
    ['a blob', object('blob', 'hello'), 'it points at a blob, not an index commit'],
    ['a tag', object('tag', `object ${EMPTY}\n`), 'it points at a tag, not an index commit'],
    ['a tree', object('tree', ''), 'it points at a tree, not an index commit'],
    [
      'a commit with a parent (a branch)',
      object('commit', commitText(`${indexSubject(REF)}\n`, [EMPTY])),
      'its tip has a parent, so it is not an index commit (a symbolic ref or a branch?)'
    ],
    [
      'an index commit of another bucket (a symbolic ref to it)',
      object('commit', commitText(`${indexSubject('refs/dispatch-ledger/index/cd')}\n`)),
      `its tip is not an index commit of ${REF} (a symbolic ref to another ref, or a forged commit?)`
    ],
    [
      'a subject that only starts like the index subject',
      object('commit', commitText(`${indexSubject(REF)}x\n`)),
      `its tip is not an index commit of ${REF} (a symbolic ref to another ref, or a forged commit?)`
    ],
    [
      'a subject on the second line',
      object('commit', commitText(`other\n${indexSubject(REF)}\n`)),
      `its tip is not an index commit of ${REF} (a symbolic ref to another ref, or a forged commit?)`
    ],
    [
      'a commit of a branch',
      object('commit', commitText('Initial commit\n')),
      `its tip is not an index commit of ${REF} (a symbolic ref to another ref, or a forged commit?)`
    ]
  ])('%s', (_, tip, problem) => {
    expect(indexTipProblem(REF, tip)).toBe(problem)
  })

  it('names the subject of the ref it is given', () => {
    expect(indexSubject(REF)).toBe(`dispatch-ledger index ${REF}`)
  })
})

describe('BucketView.open', () => {
  it('a bucket never written has no tip, no root and lists nothing', async () => {
    const objects = new MemoryObjects()
    const view = await BucketView.open(REF, objects)
    expect([view.ref, view.tip, view.root]).toEqual([REF, null, null])
    expect(await view.list('')).toEqual([])
    expect(await view.list('keys')).toEqual([])
    expect(await view.blob(`keys/${H}/1`)).toBeNull()
    expect(objects.reads).toEqual([REF])
  })

  it('an index commit: its tip and root, the root listed in git order', async () => {
    const { objects, tip, view } = await opened({ [`keys/${H}/1`]: 'a', [`ended/${H}`]: 'e' })
    const tree = objects.tree({ [`keys/${H}/1`]: 'a', [`ended/${H}`]: 'e' })
    expect([view.tip, view.root]).toEqual([tip, tree])
    expect((await view.list('')).map(i => [i.mode, i.name])).toEqual([
      [TREE_MODE, 'ended'],
      [TREE_MODE, 'keys']
    ])
  })

  it.each<[string, Record<string, TreeFile>]>([
    ['an empty root', {}],
    [
      'every directory of the index',
      { [`keys/${H}/1`]: 'a', [`ended/${H}`]: 'e', [`runs/${H}`]: 'r', [`operations/${H}`]: 'o' }
    ]
  ])('opens %s', async (_, files) => {
    const { view } = await opened(files)
    expect(view.root).not.toBeNull()
  })

  it.each<[string, (objects: MemoryObjects) => void, unknown]>([
    [
      'a tag at the index ref',
      o => o.refs.set(REF, o.put('tag', `object ${EMPTY}\ntype tree\n`)),
      corrupt(REF, 'it points at a tag, not an index commit')
    ],
    [
      'a branch at the index ref (a symbolic ref followed)',
      o =>
        o.refs.set(
          REF,
          o.commit({
            tree: EMPTY,
            parents: [o.commit({ tree: EMPTY, message: 'one' })],
            message: 'two'
          })
        ),
      corrupt(
        REF,
        'its tip has a parent, so it is not an index commit (a symbolic ref or a branch?)'
      )
    ],
    [
      'another ref’s index commit',
      o => o.refs.set(REF, o.commit({ tree: EMPTY, message: indexSubject(`${REF}x`) })),
      corrupt(
        REF,
        `its tip is not an index commit of ${REF} (a symbolic ref to another ref, or a forged commit?)`
      )
    ],
    [
      'a stray file at the root',
      o => o.index(REF, { [`keys/${H}/1`]: 'a', README: 'hi' }),
      corrupt(
        `${REF}:README`,
        'an index bucket holds only keys, ended, runs, operations directories, not this file'
      )
    ],
    [
      'a stray directory at the root',
      o => o.index(REF, { 'other/x': 'hi' }),
      corrupt(
        `${REF}:other`,
        'an index bucket holds only keys, ended, runs, operations directories, not this directory'
      )
    ],
    [
      'keys as a file',
      o => o.index(REF, { keys: 'hi' }),
      corrupt(
        `${REF}:keys`,
        'an index bucket holds only keys, ended, runs, operations directories, not this file'
      )
    ],
    [
      'ended as a link',
      o => o.index(REF, { ended: { mode: LINK, oid: o.blob('x') } }),
      corrupt(
        `${REF}:ended`,
        'an index bucket holds only keys, ended, runs, operations directories, not this file'
      )
    ],
    [
      'a root tree that is missing',
      o => o.refs.set(REF, o.commit({ tree: '1'.repeat(40), message: indexSubject(REF) })),
      corrupt(REF, `its tree ${'1'.repeat(40)} is missing or not a tree`)
    ],
    [
      'a root that is a blob',
      o => o.refs.set(REF, o.commit({ tree: o.blob('x'), message: indexSubject(REF) })),
      corrupt(REF, `its tree ${objectId('blob', Buffer.from('x'))} is missing or not a tree`)
    ],
    [
      'a truncated root tree',
      o => {
        const bytes = encodeTree([{ mode: TREE_MODE, name: 'keys', oid: EMPTY }]).subarray(0, 20)
        o.refs.set(REF, o.commit({ tree: o.put('tree', bytes), message: indexSubject(REF) }))
      },
      corrupt(
        REF,
        `its tree ${objectId('tree', encodeTree([{ mode: TREE_MODE, name: 'keys', oid: EMPTY }]).subarray(0, 20))} does not parse`
      )
    ]
  ])('refuses %s', async (_, lay, expected) => {
    const objects = new MemoryObjects()
    lay(objects)
    expect(await outcome(() => BucketView.open(REF, objects))).toEqual(expected)
  })
})

describe('BucketView reads', () => {
  const files: Record<string, TreeFile> = {
    [`keys/${H}/1`]: 'one',
    [`keys/${H}/2`]: 'two',
    [`keys/${H2}`]: 'a file for a key',
    [`runs/${H}`]: { mode: TREE_MODE, oid: EMPTY },
    [`operations/${H}`]: { mode: LINK, oid: '2'.repeat(40) },
    [`ended/${H}`]: { mode: BLOB_MODE, oid: '3'.repeat(40) },
    [`ended/${H2}`]: { mode: BLOB_MODE, oid: EMPTY }
  }

  it.each<[string, unknown]>([
    ['', ['ended', 'keys', 'operations', 'runs']],
    ['keys', [H, H2]],
    [`keys/${H}`, ['1', '2']],
    [`keys/${H}/`, ['1', '2']],
    [`keys/${'cd'.repeat(32)}`, []],
    [`keys/${'cd'.repeat(32)}/x`, []],
    ['nothing/here', []],
    [`runs/${H}`, []],
    [`keys/${H2}`, corrupt(`${REF}:keys/${H2}`, 'it is a file where a directory belongs')],
    [`keys/${H2}/1`, corrupt(`${REF}:keys/${H2}`, 'it is a file where a directory belongs')],
    [
      `operations/${H}`,
      corrupt(`${REF}:operations/${H}`, `it is mode ${LINK} where a directory belongs`)
    ]
  ])('list(%j)', async (dir, expected) => {
    const { view } = await opened(files)
    const result = await outcome(async () => (await view.list(dir)).map(i => i.name))
    expect(result).toEqual(Array.isArray(expected) ? { ok: expected } : expected)
  })

  it.each<[string, unknown]>([
    [`keys/${H}/1`, { ok: 'one' }],
    [`keys/${H}/2`, { ok: 'two' }],
    [`keys/${H}/3`, { ok: null }],
    [`keys/${'cd'.repeat(32)}/1`, { ok: null }],
    [`ended/${'cd'.repeat(32)}`, { ok: null }],
    [`keys/${H2}`, { ok: 'a file for a key' }],
    [`keys/${H}`, corrupt(`${REF}:keys/${H}`, 'it is a directory where a file belongs')],
    [`runs/${H}`, corrupt(`${REF}:runs/${H}`, 'it is a directory where a file belongs')],
    [
      `operations/${H}`,
      corrupt(`${REF}:operations/${H}`, `it is mode ${LINK} where a file belongs`)
    ],
    [`keys/${H2}/1`, corrupt(`${REF}:keys/${H2}`, 'it is a file where a directory belongs')],
    [`ended/${H}`, corrupt(`${REF}:ended/${H}`, 'it is not a readable blob')],
    [`ended/${H2}`, corrupt(`${REF}:ended/${H2}`, 'it is not a readable blob')]
  ])('blob(%j)', async (path, expected) => {
    const { view } = await opened(files)
    const result = await outcome(
      async () => (await view.blob(path))?.bytes.toString('utf8') ?? null
    )
    expect(result).toEqual(expected)
  })

  it('a blob comes with its object id', async () => {
    const { view } = await opened(files)
    expect(await view.blob(`keys/${H}/1`)).toEqual({
      oid: objectId('blob', Buffer.from('one')),
      bytes: Buffer.from('one')
    })
  })

  it('names a path as `git cat-file -p` takes it', async () => {
    const { view } = await opened({})
    expect(view.at(`keys/${H}/1`)).toBe(`${REF}:keys/${H}/1`)
  })

  it('reads each tree once', async () => {
    const { objects, view } = await opened(files)
    objects.reads.length = 0
    await view.list(`keys/${H}`)
    await view.list(`keys/${H}`)
    await view.readTree(view.root as string)
    expect(objects.reads).toEqual([
      objects.tree({ [`${H}/1`]: 'one', [`${H}/2`]: 'two', [H2]: 'a file for a key' }),
      objects.tree({ '1': 'one', '2': 'two' })
    ])
  })

  it.each<[string, (o: MemoryObjects) => string, string]>([
    ['missing', () => '5'.repeat(40), `its tree ${'5'.repeat(40)} is missing or not a tree`],
    [
      'a blob',
      o => o.blob('x'),
      `its tree ${objectId('blob', Buffer.from('x'))} is missing or not a tree`
    ],
    [
      'a commit',
      o => o.commit({ tree: EMPTY, message: 'x' }),
      `its tree ${objectId('commit', Buffer.from(`tree ${EMPTY}\nauthor dispatch-ledger <dispatch-ledger@users.noreply.github.com> 0 +0000\ncommitter dispatch-ledger <dispatch-ledger@users.noreply.github.com> 0 +0000\n\nx\n`))} is missing or not a tree`
    ],
    [
      'truncated',
      o => o.put('tree', Buffer.from(`100644 a\0${'ab'.repeat(19)}`, 'latin1')),
      `its tree ${objectId('tree', Buffer.from(`100644 a\0${'ab'.repeat(19)}`, 'latin1'))} does not parse`
    ]
  ])('a subtree that is %s fails closed', async (_, lay, detail) => {
    const objects = new MemoryObjects()
    const oid = lay(objects)
    objects.index(REF, { [`keys/${H}`]: { mode: TREE_MODE, oid } })
    const view = await BucketView.open(REF, objects)
    expect(await outcome(() => view.list(`keys/${H}`))).toEqual(corrupt(REF, detail))
    expect(await outcome(() => view.blob(`keys/${H}/1`))).toEqual(corrupt(REF, detail))
  })
})

describe('BucketView.edit', () => {
  const base: Record<string, TreeFile> = {
    [`keys/${H}/1`]: 'one',
    [`ended/${H}`]: 'end',
    [`runs/${H}`]: 'run'
  }

  /** The edit's root as files, and whether every new object is listed. */
  async function edited(
    files: Record<string, TreeFile> | null,
    edits: Record<string, string | null>
  ): Promise<unknown> {
    const objects = new MemoryObjects()
    if (files) objects.index(REF, files)
    const view = await BucketView.open(REF, objects)
    return outcome(async () => {
      const result = await view.edit(
        new Map(Object.entries(edits).map(([p, b]) => [p, b === null ? null : Buffer.from(b)]))
      )
      const fresh = new MemoryObjects()
      for (const o of result.objects) {
        expect(fresh.put(o.type, o.body)).toBe(o.oid)
      }
      for (const [oid, o] of objects.objects) if (!fresh.objects.has(oid)) fresh.objects.set(oid, o)
      return { root: result.root, files: await fresh.files(result.root) }
    })
  }

  it.each<[string, Record<string, TreeFile> | null, Record<string, string | null>, unknown]>([
    [
      'a first admission into a new bucket',
      null,
      { [`keys/${H}/1`]: 'one' },
      { [`keys/${H}/1`]: 'one' }
    ],
    [
      'a second generation beside the first',
      base,
      { [`keys/${H}/2`]: 'two' },
      { ...base, [`keys/${H}/2`]: 'two' }
    ],
    ['a replaced entry', base, { [`runs/${H}`]: 'run2' }, { ...base, [`runs/${H}`]: 'run2' }],
    [
      'a removed end marker: its emptied directory disappears',
      base,
      { [`ended/${H}`]: null },
      { [`keys/${H}/1`]: 'one', [`runs/${H}`]: 'run' }
    ],
    [
      'a removed key directory',
      base,
      { [`keys/${H}`]: null },
      { [`ended/${H}`]: 'end', [`runs/${H}`]: 'run' }
    ],
    [
      'a removed generation: emptied keys/<h> and keys disappear',
      base,
      { [`keys/${H}/1`]: null },
      { [`ended/${H}`]: 'end', [`runs/${H}`]: 'run' }
    ],
    [
      'a removed entry beside another',
      { ...base, [`runs/${H2}`]: 'other' },
      { [`runs/${H}`]: null },
      { [`keys/${H}/1`]: 'one', [`ended/${H}`]: 'end', [`runs/${H2}`]: 'other' }
    ],
    ['a removal of what is absent', base, { [`operations/${H}`]: null }, base],
    ['a removal below what is absent', base, { [`keys/${H2}/1`]: null }, base],
    [
      'paths sharing a prefix stay apart',
      null,
      { [`keys/${H}/1`]: 'one', [`keys/${H}/10`]: 'ten', [`runs/${H}`]: 'r' },
      { [`keys/${H}/1`]: 'one', [`keys/${H}/10`]: 'ten', [`runs/${H}`]: 'r' }
    ],
    [
      'a directory emptied and a file set in one edit',
      base,
      { [`keys/${H}`]: null, [`keys/${H2}/1`]: 'b' },
      { [`ended/${H}`]: 'end', [`runs/${H}`]: 'run', [`keys/${H2}/1`]: 'b' }
    ]
  ])('%s', async (_, files, edits, expected) => {
    const result = (await edited(files, edits)) as { ok: { files: unknown } }
    expect(result.ok.files).toEqual(expected)
  })

  it.each<[string, Record<string, TreeFile>, Record<string, string | null>, unknown]>([
    [
      'a file where the key’s directory belongs',
      { [`keys/${H}`]: 'a file' },
      { [`keys/${H}/1`]: 'one' },
      corrupt(`${REF}:keys/${H}`, 'it is a file where a directory belongs')
    ],
    [
      'a link where the key’s directory belongs',
      { [`keys/${H}`]: { mode: LINK, oid: '2'.repeat(40) } },
      { [`keys/${H}/2`]: null },
      corrupt(`${REF}:keys/${H}`, `it is mode ${LINK} where a directory belongs`)
    ],
    [
      'a directory where a generation belongs',
      { [`keys/${H}/1/x`]: 'deep' },
      { [`keys/${H}/1`]: 'one' },
      corrupt(`${REF}:keys/${H}/1`, 'it is a directory where a file belongs')
    ],
    [
      'a directory where a run entry belongs',
      { [`runs/${H}/x`]: 'deep' },
      { [`runs/${H}`]: 'run' },
      corrupt(`${REF}:runs/${H}`, 'it is a directory where a file belongs')
    ]
  ])('never overwrites %s', async (_, files, edits, expected) => {
    expect(await edited(files, edits)).toEqual(expected)
  })

  it('an empty edit keeps the root and stores nothing', async () => {
    const { view } = await opened(base)
    expect(await view.edit(new Map())).toEqual({ root: view.root, objects: [] })
  })

  it('an edit to the same bytes stores only the blob: no tree changed', async () => {
    const { view } = await opened(base)
    const result = await view.edit(new Map([[`runs/${H}`, Buffer.from('run')]]))
    expect(result).toEqual({
      root: view.root,
      objects: [
        { type: 'blob', body: Buffer.from('run'), oid: objectId('blob', Buffer.from('run')) }
      ]
    })
  })

  it('removing everything leaves the empty tree, stored', async () => {
    const { view } = await opened({ [`keys/${H}/1`]: 'one' })
    expect(await view.edit(new Map([[`keys/${H}`, null]]))).toEqual({
      root: EMPTY,
      objects: [{ type: 'tree', body: Buffer.alloc(0), oid: EMPTY }]
    })
  })

  it('lists each new tree once, from the leaf up', async () => {
    const { view } = await opened({})
    const result = await view.edit(new Map([[`keys/${H}/1`, Buffer.from('one')]]))
    const blob = objectId('blob', Buffer.from('one'))
    const key = encodeTree([{ mode: BLOB_MODE, name: '1', oid: blob }])
    const keys = encodeTree([{ mode: TREE_MODE, name: H, oid: objectId('tree', key) }])
    const root = encodeTree([{ mode: TREE_MODE, name: 'keys', oid: objectId('tree', keys) }])
    expect(result).toEqual({
      root: objectId('tree', root),
      objects: [
        { type: 'blob', body: Buffer.from('one'), oid: blob },
        { type: 'tree', body: key, oid: objectId('tree', key) },
        { type: 'tree', body: keys, oid: objectId('tree', keys) },
        { type: 'tree', body: root, oid: objectId('tree', root) }
      ]
    })
  })
})
