import { describe, expect, it } from '@jest/globals'
import { refKind } from '../../src/core/index/names.js'

const NS = 'refs/dispatch-ledger'
const H = 'ab'.repeat(32)

describe('what a ref under a namespace is, by its name', () => {
  it.each([
    [`${NS}/index/3f`, 'index'],
    [`${NS}/archive/3f`, 'archive'],
    [`${NS}/runs/${H}`, 'chain'],
    [`${NS}/operations/${H}`, 'chain'],
    [`${NS}/admissions/${H}`, 'v1'],
    [`${NS}/admissions/${H}.g2`, 'v1'],
    [`${NS}/index/3F`, 'unknown'],
    [`${NS}/index/3f0`, 'unknown'],
    [`${NS}/runs/${H.slice(2)}`, 'unknown'],
    [`${NS}/runs/${H}/x`, 'unknown'],
    [`${NS}/stray`, 'unknown'],
    [`${NS}/stray/${H}`, 'unknown']
  ])('%s is %s', (ref, kind) => {
    expect(refKind(NS, ref).kind).toBe(kind)
  })

  it('says a nested name nests one family inside another', () => {
    expect(refKind(NS, `${NS}/runs/${H}/x`)).toMatchObject({
      why: /nests a ref inside the runs family/
    })
    expect(refKind(NS, `${NS}/stray`)).toMatchObject({ why: /not a name dispatch-ledger writes/ })
  })
})
