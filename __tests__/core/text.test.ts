/**
 * Issue 8, defects 5, 6 and 8 (lone surrogate), and the empty client_payload.dispatch_key:
 * key components never merge, keys carry no control characters, and bad text is blamed on
 * where it came from. docs/design/writers.md.
 */
import { describe, expect, test } from '@jest/globals'
import { createHash } from 'node:crypto'
import { checkDispatchKey, deriveDispatch, keyComponent } from '../../src/core/dispatchKey.js'
import { InvalidInput } from '../../src/core/errors.js'
import {
  checkRunId,
  escapeControls,
  findControlCharacter,
  inertJson,
  inertText,
  logLine,
  quoted
} from '../../src/core/text.js'

const REPO = { id: 7 }
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

function repositoryDispatch(eventType: string, clientPayload: unknown) {
  return deriveDispatch({
    eventName: 'repository_dispatch',
    payload: { action: eventType, repository: REPO, client_payload: clientPayload }
  })
}

function workflowDispatch(workflow: string, inputs: unknown) {
  return deriveDispatch({
    eventName: 'workflow_dispatch',
    payload: { workflow, repository: REPO, inputs }
  })
}

describe('key components never merge (percent-encoding)', () => {
  test('repository_dispatch ("a/b", "c") and ("a", "b/c") get different keys', () => {
    const one = repositoryDispatch('a/b', { dispatch_key: 'c' })
    const two = repositoryDispatch('a', { dispatch_key: 'b/c' })
    expect(one.dispatch_key).toBe('v1/repository_dispatch/7/a%2Fb/c')
    expect(two.dispatch_key).toBe('v1/repository_dispatch/7/a/b/c')
    expect(one.dispatch_key).not.toBe(two.dispatch_key)
  })

  test('workflow_dispatch encodes the workflow path, keeps the last component', () => {
    const one = workflowDispatch('.github/workflows/a.yml', { dispatch_key: 'x/y' })
    expect(one.dispatch_key).toBe('v1/workflow_dispatch/7/.github%2Fworkflows%2Fa.yml/x/y')
    const two = workflowDispatch('.github/workflows/a.yml/x', { dispatch_key: 'y' })
    expect(two.dispatch_key).not.toBe(one.dispatch_key)
  })

  test.each([
    ['a', 'a'],
    ['a/b', 'a%2Fb'],
    ['100%', '100%25'],
    ['%2F', '%252F'],
    ['a%2Fb/c', 'a%252Fb%2Fc']
  ])('keyComponent(%p) = %p', (text, encoded) => {
    expect(keyComponent(text)).toBe(encoded)
  })

  test('an encoded % cannot pose as an encoded /', () => {
    expect(repositoryDispatch('a%2Fb', { dispatch_key: 'c' }).dispatch_key).not.toBe(
      repositoryDispatch('a/b', { dispatch_key: 'c' }).dispatch_key
    )
  })
})

describe('an empty client_payload.dispatch_key is no key', () => {
  test('it falls back to the sha256 of the client payload, so requests stay apart', () => {
    const one = repositoryDispatch('run', { dispatch_key: '', ticket: 1 })
    const two = repositoryDispatch('run', { dispatch_key: '', ticket: 2 })
    expect(one.dispatch_key).toBe(
      `v1/repository_dispatch/7/run/${sha256('{"dispatch_key":"","ticket":1}')}`
    )
    expect(one.dispatch_key).not.toMatch(/\/$/)
    expect(one.dispatch_key).not.toBe(two.dispatch_key)
  })
})

const CONTROLS: Array<[string, string]> = [
  ['NUL', '\u0000'],
  ['SOH', '\u0001'],
  ['TAB', '\t'],
  ['LF', '\n'],
  ['CR', '\r'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['U+0085', '\u0085'],
  ['U+009F', '\u009f'],
  ['U+2028', '\u2028'],
  ['U+2029', '\u2029']
]

describe('control characters (docs/design/writers.md text safety)', () => {
  test.each(CONTROLS)('a dispatch key with %s is refused, naming the character', (_, c) => {
    expect(() => checkDispatchKey(`a${c}b`)).toThrow(InvalidInput)
    expect(() => checkDispatchKey(`a${c}b`)).toThrow(
      new RegExp(
        `^The \`dispatch_key\` contains the control character U\\+${findControlCharacter(c)?.slice(2)}`
      )
    )
    expect(() =>
      deriveDispatch({ eventName: 'schedule', payload: {}, dispatchKey: `a${c}b` })
    ).toThrow(/control character/)
  })

  test.each(CONTROLS)('a run id with %s is refused', (_, c) => {
    expect(() => checkRunId(`gh-1-${c}`)).toThrow(/`run_id` .* contains the control character/)
  })

  test('a derived key with a control character (from a label) is refused, blaming the event', () => {
    expect(() =>
      deriveDispatch({
        eventName: 'issues',
        payload: {
          action: 'labeled',
          repository: REPO,
          issue: { number: 1 },
          label: { name: 'x\u001b[31m' }
        }
      })
    ).toThrow(
      /^The dispatch key derived from the issues event contains the control character U\+001B/
    )
  })

  test.each(['é', '€', '😀', 'ü/ß', 'a b', '中文'])('printable text %p is accepted', text => {
    expect(checkDispatchKey(text)).toBe(text)
    expect(checkRunId(text)).toBe(text)
  })
})

describe('text that has no UTF-8 form is blamed on its source', () => {
  test('a lone surrogate in a label blames the event, not the request input', () => {
    const error = (() => {
      try {
        deriveDispatch({
          eventName: 'issues',
          payload: {
            action: 'labeled',
            repository: REPO,
            issue: { number: 1 },
            label: { name: 'a\ud800' }
          }
        })
      } catch (e) {
        return e as Error
      }
      throw new Error('no error')
    })()
    expect(error.message).toMatch(
      /^The dispatch key derived from the issues event is not valid Unicode/
    )
    expect(error.message).not.toMatch(/request/)
  })

  test('a lone surrogate deeper in the payload blames the event payload', () => {
    expect(() => workflowDispatch('.github/workflows/a.yml', { note: 'x\udc00' })).toThrow(
      /^The workflow_dispatch event payload holds text that is not valid Unicode/
    )
  })

  test('a lone surrogate in the request blames the request', () => {
    expect(() =>
      deriveDispatch({
        eventName: 'schedule',
        payload: {},
        dispatchKey: 'k',
        request: { a: '\ud800' }
      })
    ).toThrow(/^The `request` has no canonical JSON form/)
  })
})

describe('inertText (job summary)', () => {
  test.each([
    ['plain', 'plain'],
    ['a\n\n# Approved by security team', 'a⏎⏎&#35; Approved by security team'],
    ['[Click](https://evil.example)', '&#91;Click&#93;(https://evil.example)'],
    ['![img](x)', '&#33;&#91;img&#93;(x)'],
    ['<img src=x onerror=alert(1)>', '&#60;img src=x onerror=alert(1)&#62;'],
    ['a\r\nb\rc\u2028d\u2029e\u0085f', 'a⏎b⏎c⏎d⏎e⏎f'],
    ['nul\u0000esc\u001b[31m', 'nul\\u0000esc\\u001b&#91;31m'],
    ['| cell |', '&#124; cell &#124;'],
    ['`code` *em* _em_ ~s~', '&#96;code&#96; &#42;em&#42; &#95;em&#95; &#126;s&#126;']
  ])('%p → %p', (value, shown) => {
    expect(inertText(value)).toBe(shown)
  })

  test('no output of inertText holds a line break or a markup character', () => {
    const nasty = ['\n', '\r', '\u2028', '<', '>', '[', ']', '#', '|', '`', '*', '!', '\u0000']
    for (const c of nasty)
      expect(inertText(`x${c}y`).replace(/&#\d+;/g, '')).not.toMatch(/[\n\r\u2028<>[\]#|`*!\u0000]/)
  })
})

/** Each class of code point, with its edges: what is shown as an escape and what is kept. */
const ESCAPED: Array<[string, number]> = [
  ['NUL (first of C0)', 0x00],
  ['TAB', 0x09],
  ['LF', 0x0a],
  ['CR', 0x0d],
  ['ESC', 0x1b],
  ['US (last of C0)', 0x1f],
  ['DEL', 0x7f],
  ['U+0080 (first of C1)', 0x80],
  ['NEL', 0x85],
  ['CSI', 0x9b],
  ['U+009F (last of C1)', 0x9f],
  ['ARABIC LETTER MARK', 0x061c],
  ['LEFT-TO-RIGHT MARK', 0x200e],
  ['RIGHT-TO-LEFT MARK', 0x200f],
  ['LINE SEPARATOR', 0x2028],
  ['PARAGRAPH SEPARATOR', 0x2029],
  ['LRE (first embedding)', 0x202a],
  ['RLE', 0x202b],
  ['PDF', 0x202c],
  ['LRO', 0x202d],
  ['RLO (last embedding)', 0x202e],
  ['LRI (first isolate)', 0x2066],
  ['RLI', 0x2067],
  ['FSI', 0x2068],
  ['PDI (last isolate)', 0x2069]
]

const KEPT: Array<[string, string]> = [
  ['space', ' '],
  ['tilde (before DEL)', '~'],
  ['NBSP (after C1)', '\u00a0'],
  ['é', 'é'],
  ['ü/ß', 'ü/ß'],
  ['Arabic letter', '\u0628'],
  ['U+061B (before ALM)', '\u061b'],
  ['U+061D (after ALM)', '\u061d'],
  ['ZWJ (before LRM)', '\u200d'],
  ['U+2010 (after RLM)', '\u2010'],
  ['U+2029 neighbour U+202F', '\u202f'],
  ['U+2065 (before LRI)', '\u2065'],
  ['U+206A (after PDI)', '\u206a'],
  ['中文', '中文'],
  ['emoji', '😀'],
  ['family emoji (ZWJ)', '👨\u200d👩\u200d👧'],
  ['backslash', '\\']
]

describe('escapeControls: the one escaping function for printed text', () => {
  test.each(ESCAPED)('%s is shown as its \\u escape', (_, code) => {
    const c = String.fromCodePoint(code)
    const shown = `\\u${code.toString(16).padStart(4, '0')}`
    expect(escapeControls(`a${c}b`)).toBe(`a${shown}b`)
    // Every printed form is built on it.
    expect(quoted(c)).not.toContain(c)
    expect(inertText(`a${c}b`)).not.toContain(c)
    expect(logLine(`a${c}b`)).not.toContain(c)
    const json = inertJson({ [c]: c })
    // Its line breaks are the indentation's; within the strings there is none.
    expect(json.split('\n')).toEqual(['{', expect.not.stringContaining(c), '}'])
    expect(JSON.parse(json)).toEqual({ [c]: c })
  })

  test.each(KEPT)('%s is kept as it is', (_, text) => {
    expect(escapeControls(text)).toBe(text)
    expect(JSON.parse(inertJson({ text }))).toEqual({ text })
  })

  test('a terminal title and clear-screen sequence prints as text', () => {
    expect(escapeControls('x\u001b]0;PWNED\u0007\u001b[2Jy')).toBe(
      'x\\u001b]0;PWNED\\u0007\\u001b[2Jy'
    )
    expect(quoted('x\u001b]0;PWNED\u0007\u001b[2Jy\u202e')).toBe(
      '"x\\u001b]0;PWNED\\u0007\\u001b[2Jy\\u202e"'
    )
  })

  test('logLine makes a message one line: its line breaks become spaces', () => {
    expect(logLine('first\n  second\r\nthird')).toBe('first second third')
  })

  test('inertJson keeps the indentation: its line breaks are layout', () => {
    expect(inertJson({ a: ['\u202e'] })).toBe('{\n  "a": [\n    "\\u202e"\n  ]\n}')
  })

  test('a summary cell shows a bidirectional control by its code', () => {
    expect(inertText('evil\u202etxt.exe')).toBe('evil\\u202etxt.exe')
  })
})
