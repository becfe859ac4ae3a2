/**
 * docs/design/storage.md entries as commit objects: the exact text written, and decoding that fails closed,
 * naming the ref, for anything not written by us (no body, not JSON, not the schema, not JCS).
 */
import { describe, expect, it } from '@jest/globals'
import { canonicalJson, digestOf } from '../../src/core/canonical.js'
import {
  EMPTY_TREE,
  IDENTITY,
  admissionCommit,
  decodeAdmission,
  decodeRecord,
  encodeCommit,
  parseCommit,
  recordCommit
} from '../../src/core/entry.js'
import { CorruptEntry } from '../../src/core/errors.js'
import { ledgerRef } from '../../src/core/refs.js'
import { makeRecord } from '../../testkit/fixtures.js'

const REF = 'refs/dispatch-ledger/runs/abc'
const PARENT = 'f'.repeat(40)
const admission = {
  schema: 'dispatch-ledger/admission/v1' as const,
  dispatch_key: 'k',
  request_digest: digestOf('r'),
  run_id: 'run-1',
  ledger_ref: ledgerRef('refs/dispatch-ledger', 'run-1'),
  admitted_at: '2026-11-29T12:00:00.999Z',
  generation: 1,
  previous_run_id: null
}

/** A commit as git would hand it back, carrying `body` as its message body. */
const withBody = (body: string) =>
  encodeCommit({ parent: null, time: 0, subject: 'dispatch-ledger record 1 admitted', json: body })

function corrupt(decode: () => unknown): CorruptEntry {
  try {
    decode()
  } catch (error) {
    expect(error).toBeInstanceOf(CorruptEntry)
    expect((error as CorruptEntry).ref).toBe(REF)
    return error as CorruptEntry
  }
  throw new Error('decoded without an error')
}

describe('writing', () => {
  it('encodes a commit on the empty tree with the fixed identity, with and without a parent', () => {
    const spec = { parent: null, time: 1764417600, subject: 's', json: '{"a":1}' }
    expect(encodeCommit(spec)).toBe(
      `tree ${EMPTY_TREE}\n` +
        `author ${IDENTITY} 1764417600 +0000\ncommitter ${IDENTITY} 1764417600 +0000\n\n` +
        's\n\n{"a":1}\n'
    )
    expect(encodeCommit({ ...spec, parent: PARENT })).toBe(
      `tree ${EMPTY_TREE}\nparent ${PARENT}\n` +
        `author ${IDENTITY} 1764417600 +0000\ncommitter ${IDENTITY} 1764417600 +0000\n\n` +
        's\n\n{"a":1}\n'
    )
    expect(EMPTY_TREE).toBe('4b825dc642cb6eb9a060e54bf8d69288fbee4904')
    expect(IDENTITY).toBe('dispatch-ledger <dispatch-ledger@users.noreply.github.com>')
  })

  it('an admission commit: no parent, whole seconds of admitted_at, canonical JSON', () => {
    expect(admissionCommit(admission)).toEqual({
      parent: null,
      time: Date.UTC(2026, 10, 29, 12) / 1000,
      subject: 'dispatch-ledger admission',
      json: canonicalJson(admission)
    })
  })

  it('a record commit: its parent, whole seconds of occurred_at, sequence and state in the subject', () => {
    const record = makeRecord({ occurred_at: '2026-11-29T12:00:01.5Z' })
    expect(recordCommit(record, PARENT)).toEqual({
      parent: PARENT,
      time: Date.UTC(2026, 10, 29, 12, 0, 1) / 1000,
      subject: 'dispatch-ledger record 1 admitted',
      json: canonicalJson(record)
    })
  })
})

describe('reading', () => {
  it('parses tree, every parent and the message', () => {
    const raw = `tree ${EMPTY_TREE}\nparent ${PARENT}\nparent ${'e'.repeat(40)}\nauthor x\n\nsubject\n\nbody\n`
    expect(parseCommit(raw)).toEqual({
      tree: EMPTY_TREE,
      parents: [PARENT, 'e'.repeat(40)],
      message: 'subject\n\nbody\n'
    })
    expect(parseCommit(`tree ${EMPTY_TREE}\nauthor x`)).toEqual({
      tree: EMPTY_TREE,
      parents: [],
      message: ''
    })
    expect(parseCommit('author tree x\n\n')).toEqual({ tree: '', parents: [], message: '' })
    // Only the header counts: a message line that looks like a header line does not.
    expect(parseCommit(`tree ${EMPTY_TREE}\n\ns\n\nparent ${PARENT}\ntree x\n`)).toEqual({
      tree: EMPTY_TREE,
      parents: [],
      message: `s\n\nparent ${PARENT}\ntree x\n`
    })
    expect(parseCommit(`tree ${EMPTY_TREE}`).tree).toBe(EMPTY_TREE)
  })

  it('round-trips a record and an admission, with the stored JSON text', () => {
    const record = makeRecord({ note: 'line\nbreak' })
    const decoded = decodeRecord(REF, encodeCommit(recordCommit(record, PARENT)))
    expect(decoded).toEqual({ value: record, json: canonicalJson(record) })
    expect(decodeAdmission(REF, encodeCommit(admissionCommit(admission)))).toEqual(admission)
    // A v0.1 admission (before generations) has neither field and reads as generation 1.
    const v01: Record<string, unknown> = { ...admission }
    delete v01.generation
    delete v01.previous_run_id
    const old = admissionCommit(v01 as unknown as typeof admission)
    expect(old.json).not.toMatch(/generation/)
    expect(decodeAdmission(REF, encodeCommit(old))).toEqual(admission)
  })

  it('no JSON body', () => {
    const raw = `tree ${EMPTY_TREE}\nauthor x\n\nonly a subject\n`
    expect(corrupt(() => decodeRecord(REF, raw)).message).toContain(
      `The entry at ${REF} cannot be trusted: the commit message has no JSON body.`
    )
  })

  it('a body that is not JSON', () => {
    expect(corrupt(() => decodeRecord(REF, withBody('{"a":'))).message).toContain(
      'the commit message body is not JSON'
    )
    // Only the one final line break is the commit's own: a raw one inside a string stays.
    expect(corrupt(() => decodeRecord(REF, withBody('{"note":"a\nb"}'))).message).toContain(
      'the commit message body is not JSON'
    )
  })

  it('a body that is not the schema names the field', () => {
    const record = { ...makeRecord(), ledger_sequence: 0 }
    expect(corrupt(() => decodeRecord(REF, withBody(canonicalJson(record)))).message).toMatch(
      /cannot be trusted: ledger_sequence .*>=1/
    )
    expect(corrupt(() => decodeAdmission(REF, withBody('[]'))).message).toMatch(
      /cannot be trusted: the entry .*expected object/i
    )
  })

  it('a field named __proto__ anywhere is corrupt, not silently dropped', () => {
    const body = canonicalJson(makeRecord()).replace('"actor":null', '"__proto__":{},"actor":null')
    expect(corrupt(() => decodeRecord(REF, withBody(body))).message).toContain(
      'it has a field named __proto__'
    )
  })

  it('a body that is valid JSON of a valid record but not canonical (JCS) is corrupt', () => {
    const record = makeRecord()
    for (const body of [
      JSON.stringify(record, null, 1),
      JSON.stringify(Object.fromEntries(Object.entries(record).reverse())),
      canonicalJson(record) + ' '
    ]) {
      expect(JSON.parse(body)).toEqual(record)
      expect(corrupt(() => decodeRecord(REF, withBody(body))).message).toContain(
        'the JSON body is not in canonical (JCS) form'
      )
    }
    expect(
      corrupt(() => decodeAdmission(REF, withBody(JSON.stringify(admission, null, 2)))).message
    ).toContain('not in canonical (JCS) form')
  })
})
