/**
 * What the store passes to git and quotes of it (docs/design/writers.md#gits-own-diagnostics):
 * git's stderr traces are taken out of its environment, a trace to a file stays (redacted), and
 * an error quotes at most a bounded, redacted excerpt of git's words.
 */
import { describe, expect, it } from '@jest/globals'
import { causeLine, EXCERPT_LIMIT, excerpt, quietTraces, redact } from '../../src/store/git.js'
import { firstLine, parsePorcelain } from '../../src/store/index/physical.js'

describe('quietTraces', () => {
  it.each([
    ['GIT_TRACE', '1'],
    ['GIT_TRACE', '2'],
    ['GIT_TRACE', 'true'],
    ['GIT_TRACE_PACKET', '1'],
    ['GIT_TRACE_CURL', 'yes'],
    ['GIT_TRACE2', '1'],
    ['GIT_TRACE2_EVENT', '2'],
    ['GIT_TRACE2_PERF', '9'],
    ['GIT_TRACE_SETUP', 'relative/path'],
    ['GIT_CURL_VERBOSE', '1'],
    ['GIT_CURL_VERBOSE', '/tmp/even-a-path']
  ])('takes out %s=%s (it would print to stderr)', (name, value) => {
    const env = quietTraces({ [name]: value, PATH: '/bin' })
    expect(env[name]).toBeUndefined()
    expect(env.PATH).toBe('/bin')
  })

  it.each([
    ['GIT_TRACE', '/tmp/trace'],
    ['GIT_TRACE2_EVENT', '/tmp/events.json'],
    ['GIT_TRACE2', 'af_unix:/tmp/socket']
  ])('keeps %s=%s (a file or a socket)', (name, value) => {
    expect(quietTraces({ [name]: value })[name]).toBe(value)
  })

  it('always redacts what a kept trace writes', () => {
    expect(quietTraces({ GIT_TRACE_CURL: '/tmp/c', GIT_TRACE_REDACT: '0' }).GIT_TRACE_REDACT).toBe(
      '1'
    )
    expect(quietTraces({}).GIT_TRACE_REDACT).toBe('1')
  })
})

describe('redact', () => {
  it.each([
    ['https://x-access-token:ghs_abc@github.com/o/r', 'https://***@github.com/o/r'],
    ['AUTHORIZATION: basic eC1hY2Nlc3M6Z2hz', 'AUTHORIZATION: ***'],
    ['=> Send header: Authorization: Bearer ghs_abc', '=> Send header: Authorization: ***'],
    ['authorization: token ghs_abc rest', 'authorization: *** rest'],
    ['fatal: nothing secret', 'fatal: nothing secret']
  ])('%j', (text, expected) => {
    expect(redact(text)).toBe(expected)
  })
})

describe('excerpt', () => {
  it('joins a short stderr into one line', () => {
    expect(excerpt('error: a\n\n  fatal: b  \n')).toBe('error: a fatal: b')
  })

  it('keeps git’s fatal and error lines when everything does not fit', () => {
    const noise = Array.from({ length: 200 }, (_, i) => `chatter ${i}`).join('\n')
    const said = excerpt(`${noise}\nerror: cannot lock ref\n${noise}\nfatal: the cause\n`)
    expect(said).toBe('error: cannot lock ref fatal: the cause')
  })

  it('is never longer than its limit, and never carries a credential', () => {
    const long = `fatal: ${'x'.repeat(5000)} Authorization: Basic c2VjcmV0`
    for (const said of [excerpt(long), excerpt('y'.repeat(5000))]) {
      expect(said.length).toBeLessThanOrEqual(EXCERPT_LIMIT)
      expect(said).not.toContain('c2VjcmV0')
    }
    expect(excerpt('y'.repeat(5000)).endsWith('…')).toBe(true)
  })
})

describe('the one line an error names git by', () => {
  it("is git's fatal, error or remote line, else its first, redacted", () => {
    expect(causeLine('hint: x\nremote: Permission denied\nfatal: gone\n')).toBe(
      'remote: Permission denied'
    )
    expect(causeLine('warning: a\nwarning: b')).toBe('warning: a')
    expect(causeLine('fatal: https://x:ghs_secret@host/r')).toBe('fatal: https://***@host/r')
    expect(causeLine(' \n')).toBeNull()
    expect(firstLine('')).toBe('no message')
  })

  it('is never longer than the excerpt, however much a server hook says', () => {
    const hook = `remote: ${'x'.repeat(5000)}\n`
    for (const said of [causeLine(hook) ?? '', firstLine(hook), causeLine('😀'.repeat(3000))])
      expect(said?.length).toBeLessThanOrEqual(EXCERPT_LIMIT)
    expect(firstLine(hook)).toMatch(/^remote: x+…$/)
    // Cut between characters, never inside one (a surrogate pair stays whole or goes).
    expect(causeLine('😀'.repeat(3000))).toMatch(/^(😀)+…$/u)
  })

  it("bounds a refusal's reason as the server words it on a push line", () => {
    const line = `!\tabc:refs/x/a\t[remote rejected] (${'y'.repeat(5000)})`
    const parsed = parsePorcelain(`To url\n${line}\nDone\n`).get('refs/x/a')
    expect(parsed?.summary.length).toBeLessThanOrEqual(EXCERPT_LIMIT)
    expect(parsed?.summary).toMatch(/^\[remote rejected\] \(y+…$/)
  })
})
