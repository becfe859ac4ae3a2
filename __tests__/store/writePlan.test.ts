/**
 * The write plan's decisions (src/store/index/writePlan.ts) over an in-memory object store and
 * plan store, no git: where a chain is and goes, what a key's entry must be to be read, what
 * retention may drop (docs/design/storage.md#retention), what a sweep archives, and the exact
 * refs and objects `finish` hands the store.
 */
import { describe, expect, it } from '@jest/globals'
import { CorruptEntry, StoreError } from '../../src/core/errors.js'
import { EMPTY_TREE } from '../../src/core/entry.js'
import { archiveRef, bucketOf, indexRef, type LogicalName } from '../../src/core/index/layout.js'
import { keyHash, ledgerRef } from '../../src/core/refs.js'
import { decodeRecord } from '../../src/core/entry.js'
import type { LedgerRecord } from '../../src/core/record.js'
import type { RefChange, RefTime } from '../../src/store/git.js'
import { BucketView } from '../../src/store/index/bucket.js'
import {
  archivedAt,
  commitObject,
  named,
  NeedBuckets,
  WritePlan,
  type Located
} from '../../src/store/index/writePlan.js'
import { DISPATCH_KEY, legalChain, RUN_ID } from '../../testkit/fixtures.js'
import {
  admissionBytes,
  indexEntry,
  MemoryObjects,
  MemoryPlanStore,
  type TreeFile
} from '../../testkit/memoryObjects.js'

const NS = 'refs/dispatch-ledger'
const C = 1_800_000_000
const DAY = 86400
const HK = keyHash(DISPATCH_KEY)
const LEDGER = ledgerRef(NS, RUN_ID)
const HR = LEDGER.slice(-64)
const RUN2 = 'run-0002'
const LEDGER2 = ledgerRef(NS, RUN2)
const HR2 = LEDGER2.slice(-64)
const KEY_INDEX = indexRef(NS, bucketOf(HK))
const RUN_INDEX = indexRef(NS, bucketOf(HR))
const RUN_ARCHIVE = archiveRef(NS, bucketOf(HR))
const LEDGER3 = ledgerRef(NS, 'run-0003')
const RUN_2_NAME = named(LEDGER2)
const OTHER_KEY = 'v1:other'
const HO = keyHash(OTHER_KEY)

const key = (generation = 1, hash = HK, namespace = NS): LogicalName => ({
  kind: 'admission',
  namespace,
  hash,
  generation
})
const RUN = named(LEDGER)

function subject(ref: string): string {
  return `dispatch-ledger index ${ref}`
}

function setup(options: { archiveAfter?: number; retention?: number } = {}) {
  const local = new MemoryObjects()
  const store = new MemoryPlanStore(local)
  store.clock = C
  store.archiveAfterSeconds = options.archiveAfter ?? 3600
  store.retentionDays = options.retention ?? 0
  return { local, store, plan: () => new WritePlan(store, local) }
}

/** Lays index buckets from flat paths, each path into the bucket of the hash it names. */
function lay(local: MemoryObjects, files: Record<string, TreeFile>, namespace = NS): void {
  const buckets = new Map<string, Record<string, TreeFile>>()
  for (const [path, file] of Object.entries(files)) {
    const ref = indexRef(namespace, bucketOf(path.split('/')[1] as string))
    buckets.set(ref, { ...buckets.get(ref), [path]: file })
  }
  for (const [ref, tree] of buckets) local.index(ref, tree)
}

const admission = (generation = 1, over: { key?: string; run?: string; ledger?: string } = {}) =>
  admissionBytes({
    key: over.key ?? DISPATCH_KEY,
    run: over.run ?? (generation === 1 ? RUN_ID : `run-000${generation}`),
    ledger: over.ledger ?? (generation === 1 ? LEDGER : ledgerRef(NS, `run-000${generation}`)),
    generation,
    previous: generation === 1 ? null : `run-000${generation - 1}`
  })

/** The index commit finish builds for a bucket whose tree holds exactly `files`. */
function indexCommit(ref: string, files: Record<string, TreeFile> | null) {
  const tree = files === null ? EMPTY_TREE : new MemoryObjects().tree(files)
  return commitObject({ tree, parents: [], time: C, subject: subject(ref) })
}

function archiveCommit(ref: string, parents: string[]) {
  return commitObject({
    tree: EMPTY_TREE,
    parents,
    time: C,
    subject: `dispatch-ledger archive ${ref}`
  })
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await run() }
  } catch (error) {
    if (error instanceof CorruptEntry) return { where: error.where, message: error.message }
    if (error instanceof NeedBuckets) return { need: error.names }
    throw error
  }
}

const corrupt = (where: string, detail: string) => ({
  where,
  message: new CorruptEntry(where, detail).message
})

/** A terminal (or not) ledger of run, stored; its head. */
function ledger(local: MemoryObjects, states: Parameters<typeof legalChain>, run = RUN_ID) {
  const records: LedgerRecord[] = legalChain(...states).map(r => ({ ...r, run_id: run }))
  return local.chain(records)
}

describe('named and archivedAt', () => {
  it.each<[string, LogicalName | string]>([
    [LEDGER, { kind: 'chain', namespace: NS, family: 'runs', hash: HR }],
    [`${NS}/admissions/${HK}.g2`, key(2)],
    ['refs/heads/main', 'refs/heads/main is not an admission, run or operation name'],
    [`${NS}/index/ab`, `${NS}/index/ab is not an admission, run or operation name`]
  ])('named(%j)', (ref, expected) => {
    if (typeof expected === 'string') {
      expect(() => named(ref)).toThrow(new StoreError(expected))
      expect(() => named(ref)).toThrow(StoreError)
    } else expect(named(ref)).toEqual(expected)
  })

  it.each<[string, Buffer | null | undefined, unknown]>([
    ['no bytes', null, { ok: null }],
    ['undefined', undefined, { ok: null }],
    // An empty entry is not read as absent.
    [
      'an empty blob',
      Buffer.alloc(0),
      corrupt(`${RUN_INDEX}:runs/${HR}`, 'its index entry is not JSON')
    ],
    [
      'an entry',
      Buffer.from(indexEntry(LEDGER, '1'.repeat(40), false, 5)),
      { ok: { where: 'archived', head: '1'.repeat(40) } }
    ],
    [
      'an entry of another chain',
      Buffer.from(indexEntry(LEDGER2, '1'.repeat(40), false, 5)),
      corrupt(`${RUN_INDEX}:runs/${HR}`, `its index entry names ${LEDGER2}, not ${LEDGER}`)
    ],
    [
      'not JSON',
      Buffer.from('{'),
      corrupt(`${RUN_INDEX}:runs/${HR}`, 'its index entry is not JSON')
    ]
  ])('archivedAt: %s', async (_, bytes, expected) => {
    const view = await BucketView.open(RUN_INDEX, new MemoryObjects())
    expect(await failure(async () => archivedAt(view, `runs/${HR}`, LEDGER, bytes))).toEqual(
      expected
    )
  })

  it('commitObject: git’s commit text and its id', () => {
    const commit = commitObject({ tree: EMPTY_TREE, parents: ['a', 'b'], time: 7, subject: 's' })
    const id = 'dispatch-ledger <dispatch-ledger@users.noreply.github.com>'
    const text = `tree ${EMPTY_TREE}\nparent a\nparent b\nauthor ${id} 7 +0000\ncommitter ${id} 7 +0000\n\ns\n`
    const local = new MemoryObjects()
    expect(commit).toEqual({
      type: 'commit',
      body: Buffer.from(text),
      oid: local.put('commit', text)
    })
  })
})

describe('bucket', () => {
  it('a bucket not brought: NeedBuckets naming it', async () => {
    const { store, plan } = setup()
    store.brought = new Set([RUN_INDEX])
    expect(await failure(() => plan().bucket(key()))).toEqual({ need: [key()] })
    expect(await failure(() => plan().put(key(), null))).toEqual({ need: [key()] })
    expect(await failure(async () => (await plan().bucket(RUN)).ref)).toEqual({ ok: RUN_INDEX })
  })

  it('each bucket is opened once per plan', async () => {
    const { local, plan } = setup()
    lay(local, { [`keys/${HK}/1`]: admission() })
    const p = plan()
    const first = await p.bucket(key())
    const reads = local.reads.length
    expect(await p.bucket(key(2))).toBe(first)
    expect(local.reads.length).toBe(reads)
    expect(first.tip).toBe(local.refs.get(KEY_INDEX))
  })

  it('a bucket whose tip is not an index commit fails closed', async () => {
    const { local, plan } = setup()
    local.refs.set(KEY_INDEX, local.commit({ tree: EMPTY_TREE, message: 'main' }))
    expect(await failure(() => plan().generationsOf(key()))).toEqual(
      corrupt(
        KEY_INDEX,
        `its tip is not an index commit of ${KEY_INDEX} (a symbolic ref to another ref, or a forged commit?)`
      )
    )
  })
})

describe('blobAt, as the write leaves it', () => {
  it.each<[string, Array<[string, string | null]>, string, string | null]>([
    ['no edit: the bucket’s bytes', [], `runs/${HK}`, 'stored'],
    ['an edit of the path', [[`runs/${HK}`, 'new']], `runs/${HK}`, 'new'],
    ['a removal of the path', [[`runs/${HK}`, null]], `runs/${HK}`, null],
    [
      'the last edit of the path',
      [
        [`runs/${HK}`, null],
        [`runs/${HK}`, 'again']
      ],
      `runs/${HK}`,
      'again'
    ],
    ['a removal of its directory', [[`keys/${HK}`, null]], `keys/${HK}/1`, null],
    ['an edit of another path', [[`runs/${HO}`, 'other']], `runs/${HK}`, 'stored'],
    ['a removal of a sibling sharing a prefix', [[`keys/${HK}/1`, null]], `keys/${HK}/10`, 'ten'],
    [
      'a removal of a prefix that is no directory',
      [[`keys/${HK.slice(0, 10)}`, null]],
      `keys/${HK}/1`,
      'one'
    ],
    [
      'a file set at its directory (read from the bucket)',
      [[`keys/${HK}`, 'x']],
      `keys/${HK}/1`,
      'one'
    ]
  ])('%s', async (_, edits, path, expected) => {
    const { local, plan } = setup()
    lay(local, { [`runs/${HK}`]: 'stored', [`keys/${HK}/1`]: 'one', [`keys/${HK}/10`]: 'ten' })
    const p = plan()
    for (const [edited, body] of edits)
      await p.putPath(key(), edited, body === null ? null : Buffer.from(body))
    expect((await p.blobAt(key(), path))?.toString('utf8') ?? null).toBe(expected)
  })

  it('put sets the name’s own path', async () => {
    const { plan } = setup()
    const p = plan()
    await p.put(key(2), Buffer.from('two'))
    await p.put(RUN, Buffer.from('run'))
    expect((await p.blobAt(key(), `keys/${HK}/2`))?.toString()).toBe('two')
    expect((await p.blobAt(RUN, `runs/${HR}`))?.toString()).toBe('run')
  })
})

describe('locate', () => {
  it.each<
    [string, (local: MemoryObjects) => void, ((p: WritePlan) => Promise<void>) | null, unknown]
  >([
    ['nowhere', () => {}, null, { ok: null }],
    [
      'its own ref',
      l => {
        l.refs.set(LEDGER, '1'.repeat(40))
        l.put('commit', 'x')
        l.refs.set(LEDGER, l.put('commit', 'x'))
      },
      null,
      { ok: { where: 'live', head: new MemoryObjects().put('commit', 'x') } }
    ],
    [
      'its index entry',
      l => lay(l, { [`runs/${HR}`]: indexEntry(LEDGER, '2'.repeat(40), true, 1) }),
      null,
      { ok: { where: 'archived', head: '2'.repeat(40) } }
    ],
    [
      'its index entry, removed by this write',
      l => lay(l, { [`runs/${HR}`]: indexEntry(LEDGER, '2'.repeat(40), true, 1) }),
      p => p.put(RUN, null),
      { ok: null }
    ],
    [
      'an index entry written by this write',
      () => {},
      p => p.put(RUN, Buffer.from(indexEntry(LEDGER, '3'.repeat(40), false, 1))),
      { ok: { where: 'archived', head: '3'.repeat(40) } }
    ],
    [
      'an index entry naming another chain',
      l => lay(l, { [`runs/${HR}`]: indexEntry(LEDGER2, '2'.repeat(40), true, 1) }),
      null,
      corrupt(`${RUN_INDEX}:runs/${HR}`, `its index entry names ${LEDGER2}, not ${LEDGER}`)
    ],
    [
      'a directory where its entry belongs',
      l => lay(l, { [`runs/${HR}/x`]: 'deep' }),
      null,
      corrupt(`${RUN_INDEX}:runs/${HR}`, 'it is a directory where a file belongs')
    ]
  ])('a chain %s', async (_, arrange, act, expected) => {
    const { local, plan } = setup()
    arrange(local)
    const p = plan()
    if (act) await act(p)
    expect(await failure(() => p.locate(RUN, LEDGER))).toEqual(expected)
  })
})

describe('place', () => {
  const OLD = '4'.repeat(40)
  const NEW = '5'.repeat(40)
  const live: Located = { where: 'live', head: OLD }
  const archived: Located = { where: 'archived', head: OLD }
  const archivedEntry = { [`runs/${HR}`]: indexEntry(LEDGER, OLD, false, 1) }
  const archivedAs = (ended: boolean) => ({ [`runs/${HR}`]: indexEntry(LEDGER, NEW, ended, C) })

  it.each<[string, number, Located, boolean, RefChange[], Record<string, string> | null, string[]]>(
    [
      [
        'a new chain gets its own ref',
        3600,
        null,
        false,
        [{ ref: LEDGER, oid: NEW, expected: null }],
        null,
        []
      ],
      [
        'a live chain moves',
        3600,
        live,
        false,
        [{ ref: LEDGER, oid: NEW, expected: OLD }],
        null,
        []
      ],
      [
        'an archived chain written again gets its ref back, its entry removed',
        3600,
        archived,
        false,
        [{ ref: LEDGER, oid: NEW, expected: null }],
        {},
        []
      ],
      [
        'a live chain that ends is archived, ended',
        3600,
        live,
        true,
        [{ ref: LEDGER, oid: null, expected: OLD }],
        archivedAs(true),
        [NEW]
      ],
      [
        'an archived chain that ends stays archived, ended',
        3600,
        archived,
        true,
        [],
        archivedAs(true),
        [NEW]
      ],
      ['a new chain that ends at once is archived', 3600, null, true, [], archivedAs(true), [NEW]],
      [
        'archive-after 0: a live chain is archived, not ended',
        0,
        live,
        false,
        [{ ref: LEDGER, oid: null, expected: OLD }],
        archivedAs(false),
        [NEW]
      ],
      [
        'archive-after 0: a new chain is archived at once',
        0,
        null,
        false,
        [],
        archivedAs(false),
        [NEW]
      ],
      [
        'archive-after 0: an archived chain stays archived',
        0,
        archived,
        false,
        [],
        archivedAs(false),
        [NEW]
      ]
    ]
  )('%s', async (_, archiveAfter, was, ended, refs, files, heads) => {
    const { local, plan } = setup({ archiveAfter })
    if (was?.where === 'archived') lay(local, archivedEntry)
    // An idle live ref at the chain's name: placing it touched it, so no sweep archives it again.
    if (was?.where === 'live')
      local.refs.set(LEDGER, local.commit({ tree: EMPTY_TREE, message: 'old' }))
    const tip = local.refs.get(RUN_INDEX) ?? null
    const p = plan()
    await p.place(RUN, LEDGER, { head: NEW, was, ended })
    const result = await p.finish()
    const index =
      files === null
        ? []
        : [{ ref: RUN_INDEX, oid: indexCommit(RUN_INDEX, files).oid, expected: tip }]
    const archive =
      heads.length === 0
        ? []
        : [{ ref: RUN_ARCHIVE, oid: archiveCommit(RUN_ARCHIVE, heads).oid, expected: null }]
    expect(result.changes).toEqual([...refs, ...index, ...archive])
    local.apply(result)
    expect(await local.files(RUN_INDEX)).toEqual(files ?? (tip ? archivedEntry : {}))
  })
})

describe('markEnded', () => {
  const HEAD = '6'.repeat(40)

  it.each<[string, Record<string, TreeFile>, string, Record<string, string> | null]>([
    [
      'the ledger of the only generation',
      { [`keys/${HK}/1`]: admission() },
      LEDGER,
      {
        [`keys/${HK}/1`]: admission().toString(),
        [`ended/${HK}`]: indexEntry(LEDGER, HEAD, true, C)
      }
    ],
    [
      'the ledger of the newest generation',
      { [`keys/${HK}/1`]: admission(), [`keys/${HK}/2`]: admission(2) },
      LEDGER2,
      {
        [`keys/${HK}/1`]: admission().toString(),
        [`keys/${HK}/2`]: admission(2).toString(),
        [`ended/${HK}`]: indexEntry(LEDGER2, HEAD, true, C)
      }
    ],
    [
      'the ledger of an older generation',
      { [`keys/${HK}/1`]: admission(), [`keys/${HK}/2`]: admission(2) },
      LEDGER,
      null
    ],
    ['a key never admitted', {}, LEDGER, null],
    ['another run’s ledger', { [`keys/${HK}/1`]: admission() }, LEDGER2, null]
  ])('%s', async (_, files, ledgerRef, expected) => {
    const { local, plan } = setup()
    lay(local, files)
    const p = plan()
    await p.markEnded(key(), ledgerRef, HEAD)
    const result = await p.finish()
    if (expected === null) expect(result.changes).toEqual([])
    else {
      expect(result.changes).toEqual([
        {
          ref: KEY_INDEX,
          oid: indexCommit(KEY_INDEX, expected).oid,
          expected: local.refs.get(KEY_INDEX)
        }
      ])
      local.apply(result)
      expect(await local.files(KEY_INDEX)).toEqual(expected)
    }
  })
})

describe('generationsOf: a key’s entry read whole', () => {
  const where = `${KEY_INDEX}:keys/${HK}`
  const missing = (names: string, generation: number) =>
    corrupt(
      where,
      `its generations are ${names}, but generation ${generation} is missing or not an admission ` +
        '(a key holds generations 1 to N, each a file)'
    )
  const stray = (name: string) =>
    corrupt(
      where,
      `it holds ${JSON.stringify(name)}, which is not a generation (a key holds generations 1 to N, each a file)`
    )

  it.each<[string, Record<string, TreeFile>, unknown]>([
    ['no generation', {}, []],
    ['another key only', { [`keys/${HO}/1`]: admission(1, { key: OTHER_KEY }) }, []],
    ['generation 1', { [`keys/${HK}/1`]: admission() }, [[1, RUN_ID]]],
    [
      'generations 1 to 3',
      {
        [`keys/${HK}/1`]: admission(),
        [`keys/${HK}/2`]: admission(2),
        [`keys/${HK}/3`]: admission(3)
      },
      [
        [1, RUN_ID],
        [2, 'run-0002'],
        [3, 'run-0003']
      ]
    ],
    [
      'a gap: 1 and 3',
      { [`keys/${HK}/1`]: admission(), [`keys/${HK}/3`]: admission(3) },
      missing('1, 3', 2)
    ],
    ['generation 1 missing', { [`keys/${HK}/2`]: admission(2) }, missing('2', 1)],
    [
      'a stray name 04',
      { [`keys/${HK}/1`]: admission(), [`keys/${HK}/04`]: admission(2) },
      stray('04')
    ],
    [
      'a stray name 0',
      { [`keys/${HK}/1`]: admission(), [`keys/${HK}/0`]: admission(2) },
      stray('0')
    ],
    [
      'a stray name g2',
      { [`keys/${HK}/g2`]: admission(2), [`keys/${HK}/1`]: admission() },
      stray('g2')
    ],
    [
      // git orders a directory `a` as `a/`, after the file `a-`; the message names the first by name.
      'stray names a (a directory) and a-',
      { [`keys/${HK}/1`]: admission(), [`keys/${HK}/a/x`]: 'deep', [`keys/${HK}/a-`]: 'file' },
      stray('a')
    ],
    [
      'a stray name 2x',
      { [`keys/${HK}/1`]: admission(), [`keys/${HK}/2x`]: admission(2) },
      stray('2x')
    ],
    [
      'generations past 9 in order',
      Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [
          `keys/${HK}/${i + 1}`,
          admission(i + 1, { run: `run-${i + 1}`.padEnd(8, 'x') })
        ])
      ),
      'ten'
    ],
    ['a directory for generation 1', { [`keys/${HK}/1/x`]: 'deep' }, missing('1', 1)],
    [
      'a file for the key',
      { [`keys/${HK}`]: admission() },
      corrupt(where, 'it is a file where a directory belongs')
    ],
    [
      'an admission of another key',
      { [`keys/${HK}/1`]: admission(1, { key: OTHER_KEY }) },
      corrupt(`${where}/1`, 'it admits generation 1 of another key than its place names')
    ],
    [
      'an admission of another generation',
      { [`keys/${HK}/1`]: admission(2) },
      corrupt(`${where}/1`, 'it admits generation 2 of another key than its place names')
    ],
    [
      'generation 2 holding generation 1’s admission',
      { [`keys/${HK}/1`]: admission(), [`keys/${HK}/2`]: admission() },
      corrupt(`${where}/2`, 'it admits generation 1 of another key than its place names')
    ],
    [
      'a blob of other bytes',
      { [`keys/${HK}/1`]: 'garbage' },
      corrupt(
        `${where}/1`,
        'its index entry is not an admission commit (it holds a blob of other bytes)'
      )
    ]
  ])('%s', async (_, files, expected) => {
    const { local, plan } = setup()
    lay(local, files)
    const result = await failure(async () =>
      (await plan().generationsOf(key())).map(a => [a.generation, a.run_id])
    )
    if (expected === 'ten') expect((result as { ok: unknown[] }).ok).toHaveLength(10)
    else expect(result).toEqual(Array.isArray(expected) ? { ok: expected } : expected)
  })

  it('a key this write removed has no generations', async () => {
    const { local, plan } = setup()
    lay(local, { [`keys/${HK}/1`]: 'garbage' })
    const p = plan()
    await p.putPath(key(), `keys/${HK}`, null)
    expect(await p.generationsOf(key())).toEqual([])
  })

  it('a generation this write replaced is read as written', async () => {
    const { local, plan } = setup()
    lay(local, { [`keys/${HK}/1`]: 'garbage' })
    const p = plan()
    await p.put(key(), admission())
    expect((await p.generationsOf(key())).map(a => a.run_id)).toEqual([RUN_ID])
  })

  it('an edit elsewhere in the bucket changes nothing', async () => {
    const { local, plan } = setup()
    lay(local, { [`keys/${HK}/1`]: admission() })
    const p = plan()
    await p.putPath(key(), `ended/${HK}`, null)
    expect((await p.generationsOf(key())).map(a => a.run_id)).toEqual([RUN_ID])
  })
})

describe('retention: a key is dropped only when every run verifiably ended', () => {
  const EXPIRED = C - 91 * DAY
  const marker = (ref = LEDGER, at = EXPIRED) => indexEntry(ref, '7'.repeat(40), true, at)
  const run = `run "${RUN_ID}" (${LEDGER})`
  const run2 = `run "${RUN2}" (${LEDGER2})`
  const keyFiles = { [`keys/${HK}/1`]: admission(), [`ended/${HK}`]: marker() }

  /** Lays key K (generation 1 of run-0001, ended long ago), its run archived with `head`. */
  function endedKey(local: MemoryObjects, head: string): string {
    lay(local, { ...keyFiles, [`runs/${HR}`]: indexEntry(LEDGER, head, true, EXPIRED) })
    return head
  }

  function messageOf(run: () => unknown): string {
    try {
      run()
    } catch (error) {
      return (error as Error).message
    }
    throw new Error('did not throw')
  }

  it.each<[string, (local: MemoryObjects) => string, (head: string) => string]>([
    [
      'its run is still being written',
      l => {
        lay(l, keyFiles)
        l.refs.set(LEDGER, ledger(l, ['admitted', 'cancelled']))
        return ''
      },
      () => `${run} is still being written`
    ],
    ['its run has no ledger', l => (lay(l, keyFiles), ''), () => `${run} has no ledger`],
    [
      'its last record is not terminal',
      l => endedKey(l, ledger(l, ['admitted', 'dispatched'])),
      () => `${run} has not ended: its last record (sequence 2) is dispatched`
    ],
    [
      'its archived head is a record of another run',
      l => endedKey(l, ledger(l, ['admitted', 'cancelled'], RUN2)),
      head => `${run}: its archived head ${head} is a record of run "${RUN2}"`
    ],
    [
      'its archived head is a blob',
      l => endedKey(l, l.blob('not a commit')),
      head => `${run}: its archived head ${head} is not a commit`
    ],
    [
      'its archived head is nowhere, not even at the arbiter',
      l => endedKey(l, '9'.repeat(40)),
      head => `${run}: its archived head ${head} is not a commit`
    ],
    [
      'its archived head is an admission, not a record (a corrupt entry: kept, not thrown)',
      l => endedKey(l, l.put('commit', admission())),
      head => messageOf(() => decodeRecord(LEDGER, admission().toString(), head))
    ],
    [
      'its index entry names another chain',
      l => {
        lay(l, keyFiles)
        l.index(RUN_INDEX, { [`runs/${HR}`]: indexEntry(LEDGER2, '8'.repeat(40), true, EXPIRED) })
        return ''
      },
      () =>
        new CorruptEntry(
          `${RUN_INDEX}:runs/${HR}`,
          `its index entry names ${LEDGER2}, not ${LEDGER}`
        ).message
    ],
    [
      'its generations have a gap',
      l => (lay(l, { [`keys/${HK}/2`]: admission(2), [`ended/${HK}`]: marker() }), ''),
      () =>
        new CorruptEntry(
          `${KEY_INDEX}:keys/${HK}`,
          'its generations are 2, but generation 1 is missing or not an admission (a key holds ' +
            'generations 1 to N, each a file)'
        ).message
    ],
    [
      'generation 1 ended but generation 2 is live',
      l => {
        lay(l, {
          [`keys/${HK}/1`]: admission(),
          [`keys/${HK}/2`]: admission(2),
          [`ended/${HK}`]: marker(LEDGER2),
          [`runs/${HR}`]: indexEntry(LEDGER, ledger(l, ['admitted', 'cancelled']), true, EXPIRED)
        })
        l.refs.set(LEDGER2, ledger(l, ['admitted'], RUN2))
        return ''
      },
      () => `${run2} is still being written`
    ],
    [
      'generation 1 is not terminal though generation 2 is',
      l => {
        lay(l, {
          [`keys/${HK}/1`]: admission(),
          [`keys/${HK}/2`]: admission(2),
          [`ended/${HK}`]: marker(LEDGER2),
          [`runs/${HR}`]: indexEntry(LEDGER, ledger(l, ['admitted', 'dispatched']), true, EXPIRED),
          [`runs/${HR2}`]: indexEntry(LEDGER2, ledger(l, ['admitted', 'cancelled'], RUN2), true, 1)
        })
        return ''
      },
      () => `${run} has not ended: its last record (sequence 2) is dispatched`
    ]
  ])('kept when %s', async (_, arrange, why) => {
    const { local, plan } = setup({ retention: 90 })
    const head = arrange(local)
    const before = new Map(local.refs)
    const p = plan()
    await p.retain(key())
    expect(await p.keptPastRetention(key())).toEqual({
      where: `${KEY_INDEX}:ended/${HK}`,
      why: why(head)
    })
    expect(await p.finish()).toEqual({ changes: [], objects: [] })
    expect(local.refs).toEqual(before)
  })

  it('a key not past retention is not kept, nor dropped', async () => {
    const { local, plan } = setup({ retention: 90 })
    lay(local, { ...keyFiles, [`ended/${HK}`]: marker(LEDGER, C - 90 * DAY) })
    const p = plan()
    await p.retain(key())
    expect(await p.keptPastRetention(key())).toBeNull()
    expect(await p.finish()).toEqual({ changes: [], objects: [] })
  })

  it('an end marker that is not an index entry fails closed, named', async () => {
    const { local, plan } = setup({ retention: 90 })
    lay(local, { ...keyFiles, [`ended/${HK}`]: 'garbage' })
    expect(await failure(() => plan().retain(key()))).toEqual(
      corrupt(`${KEY_INDEX}:ended/${HK}`, 'its index entry is not JSON')
    )
  })

  it('retention 0 reads no end marker, not even a broken one', async () => {
    const { local, plan } = setup({ retention: 0 })
    lay(local, { ...keyFiles, [`ended/${HK}`]: 'garbage' })
    const p = plan()
    await p.retain(key())
    expect(await p.keptPastRetention(key())).toBeNull()
  })

  it('an end marker this write removed is not read', async () => {
    const { local, plan } = setup({ retention: 90 })
    lay(local, { ...keyFiles, [`ended/${HK}`]: 'garbage' })
    const p = plan()
    await p.putPath(key(), `ended/${HK}`, null)
    await p.retain(key())
    expect(await p.keptPastRetention(key())).toBeNull()
  })

  it('a run bucket not brought: NeedBuckets naming the run, not a kept key', async () => {
    const { local, store, plan } = setup({ retention: 90 })
    endedKey(local, ledger(local, ['admitted', 'cancelled']))
    store.brought = new Set([KEY_INDEX])
    const p = plan()
    expect(await failure(() => p.retain(key()))).toEqual({ need: [RUN] })
  })

  it('a corrupt entry of another key is kept, and the key asked for is still dropped', async () => {
    const { local, plan } = setup({ retention: 90 })
    const head = ledger(local, ['admitted', 'cancelled'])
    // The other key sits in the same bucket as K, with a gap.
    const OTHER = HK.slice(0, 2) + 'e'.repeat(62)
    lay(local, {
      ...keyFiles,
      [`keys/${OTHER}/2`]: admission(2),
      [`ended/${OTHER}`]: marker(),
      [`runs/${HR}`]: indexEntry(LEDGER, head, true, EXPIRED)
    })
    const p = plan()
    await p.retain(key())
    expect(await p.keptPastRetention(key())).toBeNull()
    expect(await p.keptPastRetention(key(1, OTHER))).toEqual({
      where: `${KEY_INDEX}:ended/${OTHER}`,
      why: new CorruptEntry(
        `${KEY_INDEX}:keys/${OTHER}`,
        'its generations are 2, but generation 1 is missing or not an admission (a key holds ' +
          'generations 1 to N, each a file)'
      ).message
    })
    expect(await p.blobAt(key(), `keys/${HK}/1`)).toBeNull()
    expect((await p.blobAt(key(), `keys/${OTHER}/2`))?.equals(admission(2))).toBe(true)
  })

  it('an archived head the arbiter holds is brought, read with a fresh reader that is closed', async () => {
    const { local, store, plan } = setup({ retention: 90 })
    const head = endedKey(local, ledger(store.remote, ['admitted', 'cancelled']))
    const p = plan()
    await p.retain(key())
    expect(await p.keptPastRetention(key())).toBeNull()
    expect(store.broughtObjects[0]).toEqual({
      oids: [head],
      what: `the archived head ${head} of ${run}`
    })
    expect(store.readers.map(r => r.closed)).toEqual([true])
  })

  it('a head held here is read without bringing anything or opening a reader', async () => {
    const { local, store, plan } = setup({ retention: 90 })
    endedKey(local, ledger(local, ['admitted', 'cancelled']))
    const p = plan()
    await p.retain(key())
    expect(await p.keptPastRetention(key())).toBeNull()
    expect(store.broughtObjects).toEqual([])
    expect(store.readers).toEqual([])
  })

  it('retention reads a bucket once per plan', async () => {
    const { local, plan } = setup({ retention: 90 })
    lay(local, keyFiles)
    const p = plan()
    await p.retain(key())
    local.refs.set(LEDGER, ledger(local, ['admitted']))
    await p.retain(key())
    expect((await p.keptPastRetention(key()))?.why).toBe(`${run} has no ledger`)
  })

  // The key's bucket is written (an unrelated removal), so finish runs retention over it.
  const SIBLING = `${NS}/runs/${HR.slice(0, 2)}${'f'.repeat(62)}`
  const SIBLING_HEAD = 'a'.repeat(40)
  it.each<[string, number, number, boolean, boolean]>([
    ['ended 91 days ago, retention 90: dropped', 90, EXPIRED, true, true],
    ['ended exactly 90 days ago: kept', 90, C - 90 * DAY, true, false],
    ['ended 90 days and a second ago: dropped', 90, C - 90 * DAY - 1, true, true],
    ['retention 0 keeps every key', 0, 0, true, false],
    ['retention 365, ended 91 days ago: kept', 365, EXPIRED, true, false],
    [
      'dropped, the bucket holding nothing more: its archive ref is deleted',
      90,
      EXPIRED,
      false,
      true
    ]
  ])('finish: %s', async (_, retention, endedAt, sibling, dropped) => {
    const { local, store, plan } = setup({ retention })
    const head = ledger(local, ['admitted', 'cancelled'])
    const archiveTip = local.commit({ tree: EMPTY_TREE, parents: [head], message: 'archive' })
    local.refs.set(RUN_ARCHIVE, archiveTip)
    const siblingEntry = indexEntry(SIBLING, SIBLING_HEAD, true, endedAt)
    lay(local, {
      [`keys/${HK}/1`]: admission(),
      [`ended/${HK}`]: marker(LEDGER, endedAt),
      [`runs/${HR}`]: indexEntry(LEDGER, head, true, endedAt),
      ...(sibling
        ? { [`operations/${SIBLING.slice(-64)}`]: siblingEntry.replace('/runs/', '/operations/') }
        : {})
    })
    const keyTip = local.refs.get(KEY_INDEX)
    const runTip = local.refs.get(RUN_INDEX)
    const p = plan()
    await p.putPath(key(), `ended/${HO}`, null)
    const result = await p.finish()
    expect(await p.keptPastRetention(key())).toBeNull()
    if (!dropped) {
      expect(result.changes.map(c => c.ref)).toEqual([KEY_INDEX])
      return
    }
    const runFiles: Record<string, string> = sibling
      ? { [`operations/${SIBLING.slice(-64)}`]: siblingEntry.replace('/runs/', '/operations/') }
      : {}
    expect(result.changes).toEqual([
      { ref: KEY_INDEX, oid: indexCommit(KEY_INDEX, null).oid, expected: keyTip },
      {
        ref: RUN_INDEX,
        oid: indexCommit(RUN_INDEX, sibling ? runFiles : null).oid,
        expected: runTip
      },
      // Rebuilt from the heads the bucket still holds: the dropped run's is no longer reachable.
      sibling
        ? {
            ref: RUN_ARCHIVE,
            oid: archiveCommit(RUN_ARCHIVE, [SIBLING_HEAD]).oid,
            expected: archiveTip
          }
        : { ref: RUN_ARCHIVE, oid: null, expected: archiveTip }
    ])
    // The held heads are brought to be pushed: only those not here.
    expect(store.broughtObjects).toEqual([{ oids: sibling ? [SIBLING_HEAD] : [], what: undefined }])
    local.apply(result)
    expect(await local.files(KEY_INDEX)).toEqual({})
    expect(await local.files(RUN_INDEX)).toEqual(runFiles)
  })
})

describe('sweep: chains idle past archive-after are archived', () => {
  const B = HR.slice(0, 2)
  const chain = (n: number, family = 'runs', bucket = B) =>
    `${NS}/${family}/${bucket}${n.toString(16).padStart(62, '0')}`

  /** Live chain refs, each on a commit of its own at `time`. */
  function live(local: MemoryObjects, chains: Record<string, number>): Record<string, string> {
    const heads: Record<string, string> = {}
    for (const [ref, time] of Object.entries(chains)) {
      heads[ref] = local.commit({ tree: EMPTY_TREE, time, message: ref })
      local.refs.set(ref, heads[ref])
    }
    return heads
  }

  it.each<[string, number, Record<string, number>, string[]]>([
    ['idle exactly archive-after', 3600, { [chain(1)]: C - 3600 }, [chain(1)]],
    ['a second short of idle', 3600, { [chain(1)]: C - 3599 }, []],
    ['archive-after 0: anything written', 0, { [chain(1)]: C }, [chain(1)]],
    ['an operation chain', 60, { [chain(2, 'operations')]: C - 61 }, [chain(2, 'operations')]],
    [
      'only the idle ones',
      3600,
      { [chain(1)]: C - 7200, [chain(2)]: C - 10, [chain(3, 'operations')]: C - 3600 },
      // In the order the store lists them: by name.
      [chain(3, 'operations'), chain(1)]
    ],
    ['a name that is no chain (a generation suffix)', 0, { [`${chain(1)}.g2`]: 0 }, []],
    ['a name that is no chain (a short hash)', 0, { [`${NS}/runs/${B}12`]: 0 }, []],
    ['another bucket’s chain', 0, { [chain(1, 'runs', 'ff')]: 0 }, []]
  ])('%s', async (_, archiveAfter, chains, archived) => {
    const { local, store, plan } = setup({ archiveAfter })
    const heads = live(local, chains)
    const p = plan()
    expect(await p.sweepChains([RUN])).toBe(archived.length === 0 ? 'none' : null)
    const result = await p.finish()
    const files = Object.fromEntries(
      archived.map(ref => [
        ref.slice(NS.length + 1),
        indexEntry(ref, heads[ref] as string, false, chains[ref] as number)
      ])
    )
    expect(result.changes).toEqual(
      archived.length === 0
        ? []
        : [
            ...archived.map(ref => ({ ref, oid: null, expected: heads[ref] })),
            { ref: RUN_INDEX, oid: indexCommit(RUN_INDEX, files).oid, expected: null },
            {
              ref: RUN_ARCHIVE,
              oid: archiveCommit(
                RUN_ARCHIVE,
                archived.map(ref => heads[ref] as string)
              ).oid,
              expected: null
            }
          ]
    )
    expect(store.liveCalls).toEqual([{ namespace: NS, buckets: [B] }])
  })

  it('lists each namespace’s buckets once, in one call per namespace', async () => {
    const { store, plan } = setup()
    const p = plan()
    const other = 'refs/other'
    await p.sweepChains([RUN, key(), named(chain(9)), { ...RUN, namespace: other }, RUN_2_NAME])
    expect(store.liveCalls).toEqual([
      { namespace: NS, buckets: [B, bucketOf(HK), bucketOf(HR2)] },
      { namespace: other, buckets: [B] }
    ])
    expect(await p.sweepChains([RUN, key()])).toBe('none')
    expect(store.liveCalls).toHaveLength(2)
    await p.sweepChains([RUN, named(LEDGER3)])
    expect(store.liveCalls[2]).toEqual({ namespace: NS, buckets: [bucketOf(LEDGER3.slice(-64))] })
  })

  it('reads the archive tips of every bucket it archives into together, once per namespace', async () => {
    const { local, store, plan } = setup()
    const other = 'refs/other'
    const heads = live(local, {
      [chain(1)]: 0,
      [chain(2, 'runs', 'ee')]: 0,
      [`${other}/runs/${B}${'3'.repeat(62)}`]: 0
    })
    // One bucket already has an archive tip: its new archive commit extends it, on that lease.
    const tip = local.commit({
      tree: EMPTY_TREE,
      message: `dispatch-ledger archive ${RUN_ARCHIVE}`
    })
    local.refs.set(RUN_ARCHIVE, tip)
    const p = plan()
    expect(
      await p.sweepChains([RUN, named(chain(2, 'runs', 'ee')), { ...RUN, namespace: other }])
    ).toBe(null)
    const { changes } = await p.finish()
    expect(store.tipCalls).toEqual([
      { namespace: NS, buckets: [B, 'ee'] },
      { namespace: other, buckets: [B] }
    ])
    const archives = changes.filter(c => c.ref.includes('/archive/'))
    expect(archives).toEqual([
      {
        ref: RUN_ARCHIVE,
        oid: archiveCommit(RUN_ARCHIVE, [tip, heads[chain(1)] as string]).oid,
        expected: tip
      },
      {
        ref: archiveRef(NS, 'ee'),
        oid: archiveCommit(archiveRef(NS, 'ee'), [heads[chain(2, 'runs', 'ee')] as string]).oid,
        expected: null
      },
      {
        ref: archiveRef(other, B),
        oid: archiveCommit(archiveRef(other, B), [
          heads[`${other}/runs/${B}${'3'.repeat(62)}`] as string
        ]).oid,
        expected: null
      }
    ])
  })

  it('a chain this write placed is not archived again by the sweep', async () => {
    const { local, plan } = setup()
    const heads = live(local, { [LEDGER]: 0, [chain(1)]: 0 })
    const p = plan()
    await p.place(RUN, LEDGER, {
      head: 'b'.repeat(40),
      was: { where: 'live', head: heads[LEDGER] as string },
      ended: false
    })
    expect(await p.sweepChains([RUN])).toBe(null)
    const result = await p.finish()
    expect(result.changes.slice(0, 2)).toEqual([
      { ref: LEDGER, oid: 'b'.repeat(40), expected: heads[LEDGER] },
      { ref: chain(1), oid: null, expected: heads[chain(1)] }
    ])
  })

  it('finish sweeps the buckets it writes, and only those', async () => {
    const { local, store, plan } = setup()
    const heads = live(local, { [chain(1)]: 0, [`${NS}/runs/${bucketOf(HK)}${'1'.repeat(62)}`]: 0 })
    const p = plan()
    await p.bucket(key())
    await p.put(RUN, Buffer.from(indexEntry(LEDGER, 'c'.repeat(40), false, 5)))
    const result = await p.finish()
    expect(store.liveCalls).toEqual([{ namespace: NS, buckets: [B] }])
    expect(result.changes.map(c => c.ref)).toEqual([chain(1), RUN_INDEX, RUN_ARCHIVE])
    expect(result.changes[0]).toEqual({ ref: chain(1), oid: null, expected: heads[chain(1)] })
  })

  it.each<[string, (head: string) => RefTime[], number]>([
    ['an admission name', head => [{ ref: `${NS}/admissions/${HR}`, oid: head, time: 0 }], 0],
    [
      'a chain twice: archived once',
      head => [
        { ref: chain(1), oid: head, time: 0 },
        { ref: chain(1), oid: head, time: 0 }
      ],
      1
    ]
  ])('a listing that names %s', async (_, listing, archived) => {
    const { local, store, plan } = setup()
    const head = local.commit({ tree: EMPTY_TREE, message: 'x' })
    store.liveChains = async () => listing(head)
    const p = plan()
    expect(await p.sweepChains([RUN])).toBe(archived === 0 ? 'none' : null)
    const result = await p.finish()
    expect(result.changes.filter(c => c.oid === null)).toHaveLength(archived)
  })

  it('a bucket not brought: NeedBuckets', async () => {
    const { store, plan } = setup()
    store.brought = new Set()
    expect(await failure(() => plan().sweepChains([RUN]))).toEqual({ need: [RUN] })
  })
})

describe('finish: the refs and objects of one write', () => {
  it('nothing planned: nothing changed', async () => {
    const { plan } = setup()
    const p = plan()
    await p.bucket(RUN)
    expect(await p.finish()).toEqual({ changes: [], objects: [] })
  })

  it('an index commit per edited bucket, on the tip read, and every object it needs', async () => {
    const { local, plan } = setup()
    lay(local, { [`keys/${HK}/1`]: admission() })
    const keyTip = local.refs.get(KEY_INDEX)
    const p = plan()
    await p.put(key(2), admission(2))
    await p.put(RUN, Buffer.from(indexEntry(LEDGER, 'c'.repeat(40), false, 5)))
    p.change({ ref: LEDGER2, oid: 'd'.repeat(40), expected: null })
    const result = await p.finish()
    const keyFiles = { [`keys/${HK}/1`]: admission(), [`keys/${HK}/2`]: admission(2) }
    const runFiles = { [`runs/${HR}`]: indexEntry(LEDGER, 'c'.repeat(40), false, 5) }
    const keyCommit = indexCommit(KEY_INDEX, keyFiles)
    expect(result.changes).toEqual([
      { ref: LEDGER2, oid: 'd'.repeat(40), expected: null },
      { ref: KEY_INDEX, oid: keyCommit.oid, expected: keyTip },
      // A raw put archives nothing: no archive ref moves.
      { ref: RUN_INDEX, oid: indexCommit(RUN_INDEX, runFiles).oid, expected: null }
    ])
    expect(result.objects).toContainEqual(keyCommit)
    // Only new objects: generation 1's blob is already held.
    expect(result.objects.map(o => o.oid)).not.toContain(local.blob(admission()))
    const fresh = local
    fresh.apply(result)
    expect(await fresh.files(KEY_INDEX)).toEqual({
      [`keys/${HK}/1`]: admission().toString(),
      [`keys/${HK}/2`]: admission(2).toString()
    })
    expect(await fresh.files(RUN_INDEX)).toEqual(runFiles)
  })

  it.each<[string, number, number]>([
    ['one head', 1, 1],
    ['16 heads: one commit', 16, 1],
    ['17 heads: two commits', 17, 2],
    ['33 heads: three commits', 33, 3]
  ])('archiving %s, on the archive tip', async (_, count, commits) => {
    const { local, plan } = setup({ archiveAfter: 0 })
    const tip = local.commit({ tree: EMPTY_TREE, message: 'archive' })
    local.refs.set(RUN_ARCHIVE, tip)
    const heads = Array.from({ length: count }, (_, i) => (i + 1).toString(16).padStart(40, '0'))
    const p = plan()
    for (const [i, head] of heads.entries()) {
      const ref = `${NS}/runs/${HR.slice(0, 2)}${(i + 1).toString(16).padStart(62, '0')}`
      await p.place(named(ref), ref, { head, was: null, ended: false })
    }
    const result = await p.finish()
    const expected: string[] = []
    let previous = tip
    for (let i = 0; i < count; i += 16) {
      previous = archiveCommit(RUN_ARCHIVE, [previous, ...heads.slice(i, i + 16)]).oid
      expected.push(previous)
    }
    expect(expected).toHaveLength(commits)
    expect(result.changes.at(-1)).toEqual({ ref: RUN_ARCHIVE, oid: previous, expected: tip })
    expect(result.objects.slice(-commits).map(o => o.oid)).toEqual(expected)
  })

  it('a head archived twice is kept once', async () => {
    const { local, plan } = setup()
    const head = local.commit({ tree: EMPTY_TREE, time: 0, message: 'same' })
    const refs = [1, 2].map(n => `${NS}/runs/${HR.slice(0, 2)}${n.toString(16).padStart(62, '0')}`)
    for (const ref of refs) local.refs.set(ref, head)
    const p = plan()
    await p.sweepChains([RUN])
    const result = await p.finish()
    expect(result.changes.at(-1)).toEqual({
      ref: RUN_ARCHIVE,
      oid: archiveCommit(RUN_ARCHIVE, [head]).oid,
      expected: null
    })
  })

  it('compaction keeps the heads of both families, sorted, brought when not here, and new ones', async () => {
    const { local, store, plan } = setup({ retention: 90 })
    const EXPIRED = C - 91 * DAY
    const head = ledger(local, ['admitted', 'cancelled'])
    const B = HR.slice(0, 2)
    const op = `${NS}/operations/${B}${'0'.repeat(62)}`
    const run9 = `${NS}/runs/${B}${'9'.repeat(62)}`
    const held = local.commit({ tree: EMPTY_TREE, message: 'held' })
    const swept = live(local, { [`${NS}/runs/${B}${'5'.repeat(62)}`]: 0 })
    lay(local, {
      [`keys/${HK}/1`]: admission(),
      [`ended/${HK}`]: indexEntry(LEDGER, head, true, EXPIRED),
      [`runs/${HR}`]: indexEntry(LEDGER, head, true, EXPIRED),
      [`runs/${run9.slice(-64)}`]: indexEntry(run9, 'f'.repeat(40), true, 1),
      [`operations/${op.slice(-64)}`]: indexEntry(op, held, true, 1)
    })
    const p = plan()
    await p.retain(key())
    const result = await p.finish()
    const heads = ['f'.repeat(40), held, Object.values(swept)[0] as string].sort()
    expect(result.changes.at(-1)).toEqual({
      ref: RUN_ARCHIVE,
      oid: archiveCommit(RUN_ARCHIVE, heads).oid,
      expected: null
    })
    expect(store.broughtObjects).toEqual([{ oids: ['f'.repeat(40)], what: undefined }])

    function live(l: MemoryObjects, chains: Record<string, number>) {
      const out: Record<string, string> = {}
      for (const [ref, time] of Object.entries(chains)) {
        out[ref] = l.commit({ tree: EMPTY_TREE, time, message: ref })
        l.refs.set(ref, out[ref])
      }
      return out
    }
  })

  /** Key K ended long ago, its run archived and terminal: retention drops it. */
  function droppable(local: MemoryObjects, extra: Record<string, TreeFile> = {}) {
    const EXPIRED = C - 91 * DAY
    const head = ledger(local, ['admitted', 'cancelled'])
    lay(local, {
      [`keys/${HK}/1`]: admission(),
      [`ended/${HK}`]: indexEntry(LEDGER, head, true, EXPIRED),
      [`runs/${HR}`]: indexEntry(LEDGER, head, true, EXPIRED),
      ...extra
    })
  }

  it('compaction beside a key admitted in the same bucket reads only the chains’ entries', async () => {
    const { local, plan } = setup({ retention: 90 })
    droppable(local)
    const NEIGHBOUR = key(1, `${HR.slice(0, 2)}${'d'.repeat(62)}`)
    const p = plan()
    await p.retain(key())
    await p.put(NEIGHBOUR, admission())
    const result = await p.finish()
    expect(result.changes.map(c => c.ref)).toEqual([KEY_INDEX, RUN_INDEX])
    local.apply(result)
    expect(Object.keys(await local.files(RUN_INDEX))).toEqual([`keys/${NEIGHBOUR.hash}/1`])
  })

  it('compaction meets a broken entry of another chain: fails closed, named', async () => {
    const { local, plan } = setup({ retention: 90 })
    const other = `${HR.slice(0, 2)}${'e'.repeat(62)}`
    droppable(local, { [`runs/${other}`]: indexEntry(LEDGER, 'e'.repeat(40), true, 1) })
    const p = plan()
    await p.retain(key())
    expect(await failure(() => p.finish())).toEqual(
      corrupt(
        `${RUN_INDEX}:runs/${other}`,
        `its index entry names ${LEDGER}, not ${NS}/runs/${other}`
      )
    )
  })

  it('compaction with no archive tip and nothing held changes no archive ref', async () => {
    const { local, plan } = setup({ retention: 90 })
    const EXPIRED = C - 91 * DAY
    const head = ledger(local, ['admitted', 'cancelled'])
    lay(local, {
      [`keys/${HK}/1`]: admission(),
      [`ended/${HK}`]: indexEntry(LEDGER, head, true, EXPIRED),
      [`runs/${HR}`]: indexEntry(LEDGER, head, true, EXPIRED)
    })
    const p = plan()
    await p.retain(key())
    const result = await p.finish()
    expect(result.changes.map(c => c.ref)).toEqual([KEY_INDEX, RUN_INDEX])
  })

  it('an index entry written over a file where a directory belongs fails closed at finish', async () => {
    const { local, plan } = setup()
    lay(local, { [`keys/${HK}`]: 'a file' })
    const p = plan()
    await p.put(key(), admission())
    expect(await failure(() => p.finish())).toEqual(
      corrupt(`${KEY_INDEX}:keys/${HK}`, 'it is a file where a directory belongs')
    )
  })
})
