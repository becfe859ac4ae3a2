/** Layout v2's pure parts (docs/design/storage.md): names, paths, durations, entries, trees. */
import { describe, expect, it } from '@jest/globals'
import { EMPTY_TREE } from '../../src/core/entry.js'
import { CorruptEntry, InvalidInput } from '../../src/core/errors.js'
import { decodeIndexEntry, encodeIndexEntry } from '../../src/core/index/entry.js'
import {
  admissionName,
  archiveRef,
  bucketOf,
  chainName,
  entryPath,
  indexRef,
  FAMILIES,
  isExpired,
  isIdle,
  parseRetentionDays,
  RETENTION_FLOOR_DAYS,
  liveChainPrefix,
  parseArchiveAfter,
  parseLogical
} from '../../src/core/index/layout.js'
import { encodeTree, objectId, parseTree, TREE_MODE, BLOB_MODE } from '../../src/core/index/tree.js'

const H = 'ab' + 'c'.repeat(62)
const NS = 'refs/dispatch-ledger'

describe('logical names', () => {
  it.each([
    [`${NS}/admissions/${H}`, { kind: 'admission', namespace: NS, hash: H, generation: 1 }],
    [`${NS}/admissions/${H}.g2`, { kind: 'admission', namespace: NS, hash: H, generation: 2 }],
    [`${NS}/admissions/${H}.g10`, { kind: 'admission', namespace: NS, hash: H, generation: 10 }],
    [`refs/x/y/runs/${H}`, { kind: 'chain', namespace: 'refs/x/y', family: 'runs', hash: H }],
    [`${NS}/operations/${H}`, { kind: 'chain', namespace: NS, family: 'operations', hash: H }]
  ])('%s', (ref, parsed) => {
    expect(parseLogical(ref)).toEqual(parsed)
  })

  it.each([
    `${NS}/admissions/${H}.g0`,
    `${NS}/admissions/${H}.g04`,
    `${NS}/admissions/${H}.g`,
    `${NS}/runs/${H}.g2`,
    `${NS}/runs/${H.slice(1)}`,
    `${NS}/runs/${H}0`,
    `${NS}/runs/${H.toUpperCase()}`,
    `${NS}/index/ab`,
    `${NS}/tags/${H}`,
    `runs/${H}`,
    `junk/${NS}/runs/${H}`,
    'refs/tags/v1'
  ])('%s is not a logical name', ref => {
    expect(parseLogical(ref)).toBeNull()
  })

  it('names, buckets and paths', () => {
    expect(admissionName(NS, H, 1)).toBe(`${NS}/admissions/${H}`)
    expect(admissionName(NS, H, 3)).toBe(`${NS}/admissions/${H}.g3`)
    expect(chainName(NS, 'runs', H)).toBe(`${NS}/runs/${H}`)
    expect(bucketOf(H)).toBe('ab')
    expect(indexRef(NS, 'ab')).toBe(`${NS}/index/ab`)
    expect(archiveRef(NS, 'ab')).toBe(`${NS}/archive/ab`)
    expect(liveChainPrefix(NS, 'operations', 'ab')).toBe(`${NS}/operations/ab`)
    expect(entryPath(parseLogical(`${NS}/admissions/${H}.g2`)!)).toBe(`keys/${H}/2`)
    expect(entryPath(parseLogical(`${NS}/runs/${H}`)!)).toBe(`runs/${H}`)
    expect(entryPath(parseLogical(`${NS}/operations/${H}`)!)).toBe(`operations/${H}`)
    // Every admission name round-trips.
    for (const g of [1, 2, 7, 12])
      expect(parseLogical(admissionName(NS, H, g))).toMatchObject({ generation: g })
  })
})

describe('archive-after', () => {
  it.each([
    ['', 3600],
    ['  ', 3600],
    ['0', 0],
    ['1h', 3600],
    [' 30m ', 1800],
    ['2d', 172800],
    ['0h', 0],
    ['90m', 5400],
    ['365d', 31536000],
    ['8760h', 31536000],
    ['525600m', 31536000],
    ['364d', 31449600]
  ])('%j → %d seconds', (text, seconds) => {
    expect(parseArchiveAfter(text)).toBe(seconds)
  })

  it.each(['1', '60', '1s', '-1h', '1.5h', 'h', '01h', '1 h', '1hour', 'forever'])(
    '%j is refused, naming the input and a fix',
    text => {
      expect(() => parseArchiveAfter(text)).toThrow(InvalidInput)
      expect(() => parseArchiveAfter(text)).toThrow(
        /`archive-after`.*Use 0, or a whole number followed by m, h or d/
      )
    }
  )

  it.each<[string, string]>([
    ['366d', '366d'],
    ['8761h', '8761h'],
    ['525601m', '525601m'],
    ['1000d', '1000d'],
    ['99999999d', '99999999d'],
    ['999999999m', '999999999m'],
    ['400 nines, then d', '9'.repeat(400) + 'd'],
    ['1e30 as digits, then h', '1' + '0'.repeat(30) + 'h']
  ])('%s is refused, naming the 365d cap', (_, text) => {
    expect(() => parseArchiveAfter(text)).toThrow(InvalidInput)
    expect(() => parseArchiveAfter(text)).toThrow(
      /`archive-after` input .* is longer than the cap of 365d \(8760h, 525600m\)/
    )
  })

  it.each([
    [1000, 4600, 3600, true],
    [1000, 4599, 3600, false],
    [1000, 1000, 0, true],
    [1000, 999, 0, false]
  ])('written %d, now %d, after %d → idle %s', (written, now, after, idle) => {
    expect(isIdle(written, now, after)).toBe(idle)
  })
})

describe('retention-days', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['0', 0],
    [' 0 ', 0],
    ['90', 90],
    ['365', 365],
    ['999999', 999999]
  ])('%j → %d days', (text, days) => {
    expect(parseRetentionDays(text)).toBe(days)
  })

  it.each(['1', '30', '89'])('%j is refused with the reason and the values that work', text => {
    expect(() => parseRetentionDays(text)).toThrow(InvalidInput)
    expect(() => parseRetentionDays(text)).toThrow(
      new RegExp(
        `\`retention-days\` input ${text} is refused: GitHub re-runs a workflow up to 30 days ` +
          'after it started and a run may last 35 days.*Use 0 \\(keep every key forever, the ' +
          'default\\) or 90 or more\\.$'
      )
    )
  })

  it.each(['-1', '90d', '1.5', '0090', 'forever', '1e3', '1000000'])(
    '%j is not a whole number of days: refused, naming the input',
    text => {
      expect(() => parseRetentionDays(text)).toThrow(
        /`retention-days` input .* is not a whole number of days. Use 0 .* or 90 or more\./
      )
    }
  )

  it.each([
    [0, 90 * 86400 + 1, 90, true],
    [0, 90 * 86400, 90, false],
    [0, 10 ** 9, 0, false],
    [500, 500 + 365 * 86400 + 1, 365, true],
    [1764590400, 1764590400 + 10, 90, false]
  ])('ended %d, now %d, %d days → expired %s', (ended, now, days, expired) => {
    expect(isExpired(ended, now, days)).toBe(expired)
  })

  it('the floor is 90 days', () => {
    expect(RETENTION_FLOOR_DAYS).toBe(90)
  })
})

describe('index entries', () => {
  const ref = `${NS}/runs/${H}`
  const entry = { ref, head: 'a'.repeat(40), ended: true, written_at: 1764590400 }

  it('a SHA-256 head (64 hex) is an id too', () => {
    const long = { ...entry, head: 'b'.repeat(64) }
    expect(decodeIndexEntry('where', encodeIndexEntry(long), ref).head).toBe('b'.repeat(64))
  })

  it('a key end marker is read with no chain expected (null): whatever ref it names', () => {
    const text = encodeIndexEntry(entry)
    expect(decodeIndexEntry('where', text, null)).toMatchObject({ ref, ended: true })
  })

  it('the chain families are runs and operations', () => {
    expect(FAMILIES).toEqual(['runs', 'operations'])
  })

  it('round-trips as closed canonical JSON', () => {
    const text = encodeIndexEntry(entry)
    expect(text).toBe(
      `{"ended":true,"head":"${'a'.repeat(40)}","ref":"${ref}","schema":"dispatch-ledger/index-entry/v1","written_at":1764590400}`
    )
    expect(decodeIndexEntry('where', text, ref)).toEqual({
      schema: 'dispatch-ledger/index-entry/v1',
      ...entry
    })
  })

  it.each<[string, string, RegExp]>([
    ['not JSON', '{', /is not JSON/],
    [
      'an unknown field',
      JSON.stringify({ schema: 'dispatch-ledger/index-entry/v1', ...entry, extra: 1 }),
      /not dispatch-ledger\/index-entry\/v1/
    ],
    [
      'another schema',
      JSON.stringify({ ...entry, schema: 'dispatch-ledger/index-entry/v2' }),
      /not dispatch-ledger/
    ],
    [
      'a short head',
      JSON.stringify({ schema: 'dispatch-ledger/index-entry/v1', ...entry, head: 'abc' }),
      /not dispatch-ledger/
    ],
    ...[
      'x'.repeat(1) + 'a'.repeat(40),
      'a'.repeat(40) + 'x',
      'a'.repeat(41),
      'a'.repeat(63),
      'g'.repeat(64)
    ].map((head): [string, string, RegExp] => [
      `a head ${head.slice(0, 3)}… of ${head.length} characters`,
      JSON.stringify({ schema: 'dispatch-ledger/index-entry/v1', ...entry, head }),
      /not dispatch-ledger/
    ]),
    [
      'a negative time',
      JSON.stringify({ schema: 'dispatch-ledger/index-entry/v1', ...entry, written_at: -1 }),
      /not dispatch-ledger/
    ],
    [
      'another chain',
      JSON.stringify({
        schema: 'dispatch-ledger/index-entry/v1',
        ...entry,
        ref: `${NS}/runs/${'d'.repeat(64)}`
      }),
      /names refs\/dispatch-ledger\/runs\/d+, not/
    ]
  ])('%s fails closed, naming where', (_what, text, words) => {
    const error = (() => {
      try {
        decodeIndexEntry('index/ab:runs/x', text, ref)
      } catch (e) {
        return e
      }
      return null
    })()
    expect(error).toBeInstanceOf(CorruptEntry)
    expect((error as CorruptEntry).ref).toBe('index/ab:runs/x')
    expect((error as Error).message).toMatch(words)
  })
})

describe('git trees', () => {
  it('the empty tree has git’s id', () => {
    expect(objectId('tree', encodeTree([]))).toBe(EMPTY_TREE)
  })

  it('a blob id is git’s (git hash-object of "hello\\n")', () => {
    expect(objectId('blob', Buffer.from('hello\n'))).toBe(
      'ce013625030ba8dba906f756967f9e9ca394464a'
    )
  })

  it('entries are sorted as git sorts them: a subtree as if its name ended in /', () => {
    const oid = 'b'.repeat(40)
    const items = [
      { mode: BLOB_MODE, name: 'a.b', oid },
      { mode: TREE_MODE, name: 'a', oid },
      { mode: BLOB_MODE, name: 'a-', oid },
      { mode: BLOB_MODE, name: '1', oid }
    ]
    expect(parseTree(encodeTree(items)).map(i => i.name)).toEqual(['1', 'a-', 'a.b', 'a'])
    // Parsing gives back every entry, in that order.
    expect(parseTree(encodeTree(items))).toEqual(
      ['1', 'a-', 'a.b', 'a'].map(name => items.find(i => i.name === name))
    )
  })

  it('a truncated tree is refused', () => {
    const bytes = encodeTree([{ mode: BLOB_MODE, name: 'x', oid: 'c'.repeat(40) }])
    expect(() => parseTree(bytes.subarray(0, bytes.length - 1))).toThrow(/truncated/)
  })
})
