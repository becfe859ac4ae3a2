/**
 * What an origin's refusal says: the cause git's own line does not name (no credentials, a
 * fork's read-only token, a missing permission), told apart by table.
 */
import { describe, expect, it } from '@jest/globals'
import { forkOf, isMissingCredentials, originRefusal } from '../../src/core/refusal.js'

const BASE = 'octo-org/octo-repo'
const pr = (head: unknown) => ({ pull_request: { head: { repo: head } } })

describe('forkOf', () => {
  it.each([
    ['pull_request', pr({ full_name: 'someone/octo-repo', fork: true }), 'someone/octo-repo'],
    ['pull_request', pr({ full_name: 'someone/octo-repo' }), 'someone/octo-repo'],
    ['pull_request_review', pr({ full_name: BASE, fork: true }), BASE],
    ['pull_request', pr(null), '(a deleted fork)'],
    ['pull_request', pr({ full_name: BASE, fork: false }), null],
    ['pull_request_target', pr({ full_name: 'someone/octo-repo', fork: true }), null],
    ['issues', pr({ full_name: 'someone/octo-repo', fork: true }), null],
    ['pull_request', {}, null],
    ['pull_request', null, null]
  ])('%s %j → %s', (eventName, payload, fork) => {
    expect(forkOf(eventName, payload, BASE)).toBe(fork)
  })
})

describe('originRefusal', () => {
  const PROMPT =
    "fatal: could not read Username for 'https://github.com': terminal prompts disabled"
  const DENIED = 'remote: Permission to octo-org/octo-repo.git denied to github-actions[bot].'
  it.each([
    [
      PROMPT,
      null,
      'write',
      /asked this job for credentials and it has none.*persist-credentials: false/
    ],
    [PROMPT, 'someone/octo-repo', 'read', /asked this job for credentials/],
    [
      DENIED,
      'someone/octo-repo',
      'write',
      /fork someone\/octo-repo.*a fork cannot grant `contents: write`/
    ],
    [DENIED, 'someone/octo-repo', 'read', /Give the workflow `permissions: contents: read`/],
    [DENIED, null, 'write', /Give the workflow `permissions: contents: write`/]
  ] as const)('%s (fork %s, %s)', (said, fork, access, message) => {
    const text = originRefusal({ remote: 'origin', access, said, fork })
    expect(text).toMatch(message)
    expect(text).toContain('Nothing was admitted or recorded.')
    expect(text).toContain(said)
  })

  it('tells no credentials from a refused token', () => {
    expect(isMissingCredentials(PROMPT)).toBe(true)
    expect(isMissingCredentials(DENIED)).toBe(false)
    expect(isMissingCredentials('fatal: Authentication failed for https://x')).toBe(false)
  })
})
