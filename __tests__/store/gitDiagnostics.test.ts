/**
 * What the store passes to git and quotes of it (docs/design/writers.md#gits-own-diagnostics):
 * git's stderr traces are taken out of its environment, a trace to a file stays (redacted), an
 * error quotes at most a bounded, redacted excerpt of git's words, and no outcome is read from
 * git's stderr being empty (a shallow fetch that matched nothing is told by the remote's
 * listing, whatever git printed besides).
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { causeLine, EXCERPT_LIMIT, excerpt, Git, quietTraces, redact } from '../../src/store/git.js'
import { firstLine, parsePorcelain, RemoteRefs } from '../../src/store/index/physical.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { workspace } from '../support/effects.js'
import { admitByName, NS } from '../support/generations.js'
import { cleanupRepos, git } from '../support/repo.js'

afterAll(cleanupRepos)

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

describe('a shallow fetch that matched nothing, git saying something besides', () => {
  /**
   * A clone whose config git warns about on every command it runs (core.fsyncObjectFiles, a
   * setting older configs still carry): git's stderr is never empty, whatever happened.
   */
  async function warnedClone() {
    const origin = await makeBareRemote()
    const { dir } = await workspace(origin.url)
    await git(dir, 'config', 'core.fsyncObjectFiles', 'true')
    return { origin, dir }
  }
  const ref = `${NS}/archive/aa`

  it('a ref the remote does not hold is absent; once it holds one, it is fetched', async () => {
    const { origin, dir } = await warnedClone()
    // What git answers: exit 1 (as a fetch that failed), and a warning on stderr.
    const answer = await new Git(dir).fetchRefs('origin', [ref], { depth: 1 })
    expect(answer.code).toBe(1)
    expect(answer.stderr).toMatch(/^warning: core\.fsyncObjectFiles is deprecated/)

    const refs = new RemoteRefs(new Git(dir), 'origin')
    await refs.bring([ref], { shallow: true, refresh: true })
    expect(refs.has(ref)).toBe(true)
    expect(await new Git(dir).listRefs([ref])).toEqual([])

    await git(dir, 'push', '-q', 'origin', `HEAD:${ref}`)
    const oid = (await git(origin.dir, 'rev-parse', ref)).trim()
    await refs.bring([ref], { shallow: true, refresh: true })
    expect(await new Git(dir).listRefs([ref])).toEqual([{ ref, oid }])
    await origin.cleanup()
  })

  it('a run archived at its first write (no archive ref yet) is admitted, and archived', async () => {
    const { origin, dir } = await warnedClone()
    const store = new RemoteStore(new Git(dir), 'origin', { archiveAfterSeconds: 0 })
    expect(await admitByName(store, 'v1/warned', 'run-warned')).toBe('run-warned')
    const archives = await git(origin.dir, 'for-each-ref', '--format=%(refname)', `${NS}/archive/`)
    expect(archives.split('\n').filter(Boolean)).toHaveLength(1)
    await origin.cleanup()
  })
})
