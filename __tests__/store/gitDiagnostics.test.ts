/**
 * What the store passes to git and quotes of it (docs/design/writers.md#gits-own-diagnostics):
 * git's stderr traces are taken out of its environment, a trace to a file stays (redacted), and
 * an error quotes at most a bounded, redacted excerpt of git's words.
 */
import { describe, expect, it } from '@jest/globals'
import { EXCERPT_LIMIT, excerpt, quietTraces, redact } from '../../src/store/git.js'

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
