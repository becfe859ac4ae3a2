/**
 * The default operation id of every effect kind (docs/design/effects.md#agent-writes, the
 * `operation-id` input in docs/reference.md): `<run id>/<kind>/<what it names>` — the tag, the
 * branch, `<base>...<head>`, the issue number, or the first 12 hex digits of the sha256 of an
 * issue's title (a title holds spaces, which an operation id may not). One table, built by the
 * function the step builds its request with; a given `operation-id` is kept as it is.
 */
import { describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import { effectRequestFrom, type EffectCommandOptions } from '../../../src/core/effect/request.js'

const RUN = 'gh-501-f282f34c55fc'
const COMMIT = 'a'.repeat(40)

const options = (over: Partial<EffectCommandOptions>): EffectCommandOptions => ({
  namespace: 'refs/dispatch-ledger',
  kind: 'tag',
  tag: '',
  target: '',
  default_target: COMMIT,
  message: '',
  release_name: '',
  release_body: '',
  draft: false,
  prerelease: false,
  body: '',
  operation_id: '',
  run_id: RUN,
  repository_id: '123456789',
  writer: null,
  ...over
})

/** Computed here, apart from the product's own digest. */
const hex12 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12)

describe('the default operation id: <run id>/<kind>/<what it names>', () => {
  it.each<[string, Partial<EffectCommandOptions>, string]>([
    ['a tag: its name', { kind: 'tag', tag: 'v1.2.3' }, `${RUN}/tag/v1.2.3`],
    ['a release: its tag', { kind: 'release', tag: 'v1.2.3' }, `${RUN}/release/v1.2.3`],
    [
      'a branch: its name',
      { kind: 'branch', branch: 'agent/issue-7' },
      `${RUN}/branch/agent/issue-7`
    ],
    [
      'a pull request: <base>...<head>',
      { kind: 'pull-request', head: 'agent/issue-7', base: 'main', title: 'Fix #7' },
      `${RUN}/pull-request/main...agent/issue-7`
    ],
    [
      'a pull request from a fork: the head as given, <owner>:<branch>',
      { kind: 'pull-request', head: 'fork-owner:agent/issue-7', base: 'main', title: 'Fix #7' },
      `${RUN}/pull-request/main...fork-owner:agent/issue-7`
    ],
    [
      'a comment: the issue number',
      { kind: 'comment', issue_number: '7', body: 'Done.' },
      `${RUN}/comment/7`
    ],
    [
      'an issue: 12 hex digits of its title’s sha256',
      { kind: 'issue', title: 'Follow-up from #7', labels: 'agent, bug' },
      `${RUN}/issue/85e47616a33e`
    ],
    [
      'an issue titled in any script: the digest of its UTF-8',
      { kind: 'issue', title: 'Ünïcode title — 中文' },
      `${RUN}/issue/${hex12('Ünïcode title — 中文')}`
    ]
  ])('%s', (_name, over, id) => {
    expect(effectRequestFrom(options(over)).operation_id).toBe(id)
  })

  it('an issue id depends on its title only: the labels and the body are bound by the intent', () => {
    const a = effectRequestFrom(options({ kind: 'issue', title: 'Same', labels: 'a', body: 'x' }))
    const b = effectRequestFrom(options({ kind: 'issue', title: 'Same', labels: 'b', body: 'y' }))
    expect(a.operation_id).toBe(b.operation_id)
    expect(a.operation_id).toBe(`${RUN}/issue/${hex12('Same')}`)
    expect(a.intent).not.toEqual(b.intent)
  })

  it.each([['pull-request'], ['comment'], ['issue']])(
    'kind %s with an operation-id given keeps it as it is',
    kind => {
      const over = {
        'pull-request': { head: 'agent/issue-7', base: 'main', title: 'Fix #7' },
        comment: { issue_number: '7', body: 'Done.' },
        issue: { title: 'Follow-up from #7' }
      }[kind]
      expect(
        effectRequestFrom(options({ kind, ...over, operation_id: 'agent/reply-once' })).operation_id
      ).toBe('agent/reply-once')
    }
  )
})
