import { describe, expect, it } from '@jest/globals'
import {
  judgePermission,
  levelOf,
  parsePolicy,
  screenAuthor,
  type CommentAuthor
} from '../../../src/core/operator/authorize.js'
import { sha256Hex } from '../../../src/core/canonical.js'
import { commentEvidence, readComment } from '../../../src/core/operator/comment.js'
import { USAGE, checkPrefix, parseComment } from '../../../src/core/operator/grammar.js'
import { code, replyBody } from '../../../src/core/operator/reply.js'

const RUN = 'gh-501-f282f34c55fc'

describe('the comment grammar (docs/design/operators.md)', () => {
  const commands: Array<[string, object]> = [
    [`/ledger approve ${RUN} looks right`, { verb: 'approve', run_id: RUN, note: 'looks right' }],
    [`/ledger approve ${RUN}`, { verb: 'approve', run_id: RUN, note: null }],
    [`/ledger   deny ${RUN}   not  now  `, { verb: 'deny', run_id: RUN, note: 'not  now' }],
    [`/ledger approve ${RUN} a\tnote\u00a0as written`, { note: 'a\tnote\u00a0as written' }],
    [
      `/ledger cancel ${RUN}\nsecond line /ledger approve x`,
      { verb: 'cancel', run_id: RUN, note: null }
    ],
    [`/ledger retry ${RUN}\r\n`, { verb: 'retry', run_id: RUN, note: null }],
    [`/ledger status ${RUN} ignored`, { verb: 'status', run_id: RUN }],
    [
      `/ledger resolve ${RUN} sent workflow_run_id=9555 html_url=https://x/y?a=b`,
      {
        verb: 'resolve',
        run_id: RUN,
        answer: 'sent',
        external_ids: { workflow_run_id: '9555', html_url: 'https://x/y?a=b' }
      }
    ],
    [
      `/ledger resolve ${RUN} not-sent checked the provider`,
      { verb: 'resolve', run_id: RUN, answer: 'not-sent', note: 'checked the provider' }
    ],
    [
      '/ledger resolve-effect run/release/v1 committed 42',
      {
        verb: 'resolve-effect',
        operation_id: 'run/release/v1',
        answer: 'committed',
        release_id: '42'
      }
    ],
    [
      '/ledger resolve-effect run/release/v1 not-committed',
      { verb: 'resolve-effect', answer: 'not-committed', release_id: null }
    ]
  ]
  it.each(commands)('%j', (body, command) => {
    const parsed = parseComment(body, '/ledger')
    expect(parsed.kind).toBe('command')
    if (parsed.kind === 'command') expect(parsed.command).toMatchObject(command)
  })

  const notAddressed = [
    'LGTM',
    '',
    `please /ledger approve ${RUN}`,
    `/ledgerapprove ${RUN}`,
    `> /ledger approve ${RUN}`,
    `hello\n/ledger approve ${RUN}`, // only the first line counts
    // The prefix at the first character, exactly as written: an indented line is a code block.
    ` /ledger approve ${RUN}`,
    `    /ledger approve ${RUN}`,
    `\t/ledger approve ${RUN}`,
    `\u00a0/ledger approve ${RUN}`,
    `\ufeff/ledger approve ${RUN}`,
    `/LEDGER approve ${RUN}`,
    `/Ledger approve ${RUN}`
  ]
  it.each(notAddressed)('not addressed: %j', body => {
    expect(parseComment(body, '/ledger')).toEqual({ kind: 'not_addressed' })
  })

  const malformed: Array<[string, RegExp]> = [
    ['/ledger', /no verb/],
    [`/ledger aprove ${RUN}`, /not one of approve/],
    ['/ledger approve', /run id is missing/],
    [`/ledger approve gh-1\u009bx`, /control character/],
    [`/ledger approve ${'x'.repeat(1025)}`, /longer than 1024 bytes/],
    [`/ledger approve ${RUN} ${'n'.repeat(4097)}`, /note is longer/],
    [`/ledger resolve ${RUN}`, /needs an answer/],
    [`/ledger resolve ${RUN} maybe`, /sent or not-sent/],
    [`/ledger resolve ${RUN} sent`, /at least one external id/],
    [`/ledger resolve ${RUN} sent 9555`, /name=value/],
    [`/ledger resolve ${RUN} sent a= b=1`, /value of a must be 1 to 256 bytes/],
    [`/ledger resolve ${RUN} sent Workflow_Run_Id=1`, /name "Workflow_Run_Id"/],
    [
      `/ledger resolve ${RUN} sent html.url=1`,
      /name "html\.url".*lower-case letters, digits and _/
    ],
    [`/ledger resolve ${RUN} sent _a=1`, /name "_a"/],
    [`/ledger resolve ${RUN} sent a=é`, /printable ASCII without spaces/],
    [`/ledger resolve ${RUN} sent a=x\u200by`, /ASCII spaces/],
    [`/ledger resolve ${RUN} sent a=1 a=2`, /given twice/],
    [`/ledger resolve ${RUN} sent $(id)=1`, /name "\$\(id\)"/],
    ['/ledger resolve-effect op committed', /release id/],
    ['/ledger resolve-effect op done', /committed or not-committed/],
    // The verb exactly as written (lower case), words separated by ASCII spaces only.
    [`/ledger APPROVE ${RUN}`, /lower case.*\/ledger approve/],
    [`/ledger Deny ${RUN}`, /lower case.*\/ledger deny/],
    [`/ledger resolve ${RUN} SENT workflow_run_id=1`, /sent or not-sent/],
    [`/ledger\tapprove ${RUN}`, /ASCII spaces/],
    [`/ledger\u00a0approve ${RUN}`, /ASCII spaces/],
    [`/ledger approve\t${RUN}`, /ASCII spaces/],
    [`/ledger approve\u00a0${RUN}`, /ASCII spaces/],
    [`/ledger approve\u2003${RUN}`, /ASCII spaces/],
    [`/ledger approve\u3000${RUN}`, /ASCII spaces/],
    [`/ledger approve ${RUN}\u00a0looks right`, /ASCII spaces/],
    [`/ledger approve\u200b ${RUN}`, /ASCII spaces/],
    [`/ledger resolve ${RUN}\u00a0not-sent`, /ASCII spaces/],
    [`/ledger resolve ${RUN} sent\u00a0workflow_run_id=1`, /ASCII spaces/],
    [`/ledger resolve ${RUN} sent workflow_run_id=1\tx=2`, /ASCII spaces/],
    [`/ledger resolve-effect op\u00a0committed 42`, /ASCII spaces/]
  ]
  it.each(malformed)('malformed: %j', (body, reason) => {
    const parsed = parseComment(body, '/ledger')
    expect(parsed.kind).toBe('malformed')
    if (parsed.kind === 'malformed') expect(parsed.reason).toMatch(reason)
  })

  it('honours another prefix', () => {
    expect(parseComment(`/ops approve ${RUN}`, '/ops').kind).toBe('command')
    expect(parseComment(`/ledger approve ${RUN}`, '/ops').kind).toBe('not_addressed')
  })

  it('checks the prefix input', () => {
    expect(checkPrefix('/ledger')).toBeNull()
    expect(checkPrefix('')).toMatch(/one word/)
    expect(checkPrefix('/a b')).toMatch(/one word/)
  })
})

describe('authorization (docs/design/operators.md)', () => {
  const policy = parsePolicy({
    operators: 'OWNER,MEMBER,COLLABORATOR',
    permission: 'write',
    bots: ''
  })
  const user = (association: string, login = 'alice'): CommentAuthor => ({
    login,
    id: 1,
    type: 'User',
    association
  })

  it.each(['OWNER', 'MEMBER', 'COLLABORATOR', 'member'])(
    '%s goes on to the permission check',
    a => {
      expect(screenAuthor(user(a), policy)).toEqual({ verdict: 'check_permission' })
    }
  )
  it.each(['CONTRIBUTOR', 'FIRST_TIME_CONTRIBUTOR', 'FIRST_TIMER', 'MANNEQUIN', 'NONE', ''])(
    '%s is rejected without asking the API',
    a => {
      const screening = screenAuthor(user(a), policy)
      expect(screening.verdict).toBe('rejected')
      if (screening.verdict === 'rejected')
        expect(screening.reason).toMatch(/not one of the operators/)
    }
  )

  it('bots are refused unless named in operator-bots', () => {
    const bot: CommentAuthor = { login: 'renovate[bot]', id: 2, type: 'Bot', association: 'OWNER' }
    expect(screenAuthor(bot, policy)).toMatchObject({ verdict: 'rejected' })
    expect(screenAuthor({ ...bot, type: 'User' }, policy)).toMatchObject({ verdict: 'rejected' })
    const named = parsePolicy({
      operators: 'OWNER',
      permission: 'write',
      bots: 'renovate, other[bot]'
    })
    expect(screenAuthor({ ...bot, association: 'NONE' }, named)).toMatchObject({
      verdict: 'allowed'
    })
    expect(screenAuthor({ ...bot, login: 'evil[bot]' }, named)).toMatchObject({
      verdict: 'rejected'
    })
  })

  const levels: Array<[string, string | null, 'allowed' | 'rejected']> = [
    ['none', null, 'rejected'],
    ['read', 'read', 'rejected'],
    ['read', 'triage', 'rejected'],
    ['write', 'write', 'allowed'],
    ['write', 'maintain', 'allowed'],
    ['admin', 'admin', 'allowed'],
    ['write', 'custom-role', 'allowed'], // a custom role falls back to its base permission
    ['read', 'custom-role', 'rejected']
  ]
  it.each(levels)('permission %s, role %s → %s', (permission, role_name, verdict) => {
    expect(judgePermission(user('MEMBER'), { permission, role_name }, policy).verdict).toBe(verdict)
  })

  it('operator-permission raises or lowers the bar; no token means association only', () => {
    const admin = parsePolicy({ operators: 'MEMBER', permission: 'admin', bots: '' })
    expect(
      judgePermission(user('MEMBER'), { permission: 'write', role_name: 'maintain' }, admin).verdict
    ).toBe('rejected')
    const triage = parsePolicy({ operators: 'MEMBER', permission: 'Triage', bots: '' })
    expect(
      judgePermission(user('MEMBER'), { permission: 'read', role_name: 'triage' }, triage).verdict
    ).toBe('allowed')
    expect(judgePermission(user('MEMBER'), null, policy).verdict).toBe('allowed')
    expect(levelOf({ permission: 'bogus' })).toBe('none')
  })

  it('bad policy inputs name the fix', () => {
    expect(() => parsePolicy({ operators: 'OWNER,ADMINS', permission: 'write', bots: '' })).toThrow(
      /not an author association/
    )
    expect(() => parsePolicy({ operators: ' ', permission: 'write', bots: '' })).toThrow(/empty/)
    expect(() => parsePolicy({ operators: 'OWNER', permission: 'none', bots: '' })).toThrow(
      /read, triage, write, maintain, admin/
    )
  })
})

describe('how replies show text', () => {
  it('code spans hold any text literally, line breaks shown as ⏎', () => {
    expect(code('a')).toBe('` a `')
    expect(code('x`y')).toBe('`` x`y ``')
    expect(code('``')).toBe('``` `` ```')
    expect(code('a\nb\r\nc\u2028d')).toBe('` a⏎b⏎c⏎d `')
  })

  it('the reply lists the outcome, run and warnings, every value in a code span', () => {
    const body = replyBody({
      verb: 'cancel',
      outcome: 'unrecorded',
      reason: 'why @team',
      settled_outcome: '',
      run_id: 'r-1',
      state: 'dispatched',
      next_action: 'observe_provider',
      warnings: ['not recorded']
    })
    expect(body).toContain('(unrecorded)')
    expect(body).toContain('- run: ` r-1 `')
    expect(body).toContain('- why: ` why @team `')
    expect(body).toContain('- warning: ` not recorded `')
    expect(body).not.toContain('settled outcome')
  })
})

describe('the issue_comment event as operate reads it', () => {
  const event = (comment: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    action: 'created',
    issue: { number: 7 },
    comment: {
      id: 5,
      body: '/ledger status r',
      html_url: 'https://github.com/o/r/issues/7#issuecomment-5',
      user: { login: 'alice', id: 1, type: 'User' },
      author_association: 'MEMBER',
      ...comment
    },
    repository: { full_name: 'o/r' },
    ...extra
  })

  it('reads the fields and digests the body', () => {
    const comment = readComment('issue_comment', event({}))
    expect(comment).toMatchObject({
      action: 'created',
      id: 5,
      issue_number: 7,
      author: { login: 'alice', id: 1, type: 'User', association: 'MEMBER' },
      repository: 'o/r'
    })
    expect(commentEvidence(comment)).toEqual({
      kind: 'operator_comment',
      digest: `sha256:${sha256Hex('/ledger status r')}`,
      uri: 'https://github.com/o/r/issues/7#issuecomment-5'
    })
  })

  it.each([
    [{ id: '5' }, /comment\.id/],
    [{ body: 7 }, /comment\.body/],
    [{ html_url: 'https://github.com/o/../x' }, /comment\.html_url/],
    [{ html_url: 'javascript:alert(1)' }, /comment\.html_url/],
    [{ user: { id: 1 } }, /comment\.user\.login/]
  ])('%j is refused with the field named', (change, message) => {
    expect(() => readComment('issue_comment', event(change))).toThrow(message)
  })

  it('needs the issue number and an action', () => {
    expect(() => readComment('issue_comment', event({}, { issue: {} }))).toThrow(/issue\.number/)
    expect(() => readComment('issue_comment', event({}, { action: undefined }))).toThrow(/action/)
  })
})

describe('grammar limits, at the boundary', () => {
  it('a 64-character prefix, a 1024-byte run id, a 4096-character note are accepted', () => {
    const prefix = `/${'p'.repeat(63)}`
    expect(checkPrefix(prefix)).toBeNull()
    expect(checkPrefix(`${prefix}x`)).toMatch(/one word/)
    expect(checkPrefix('/a\u0007')).toMatch(/one word/)
    const id = 'é'.repeat(512) // 1024 bytes
    expect(parseComment(`/ledger approve ${id}`, '/ledger').kind).toBe('command')
    expect(parseComment(`/ledger approve ${id}x`, '/ledger').kind).toBe('malformed')
    const note = 'n'.repeat(4096)
    expect(parseComment(`/ledger approve r ${note}`, '/ledger')).toMatchObject({
      kind: 'command',
      command: { note }
    })
  })

  it('32 external ids, values up to 256 bytes of printable ASCII', () => {
    const pairs = Array.from({ length: 32 }, (_, i) => `id${i}=${i}`).join(' ')
    expect(parseComment(`/ledger resolve r sent ${pairs}`, '/ledger').kind).toBe('command')
    expect(parseComment(`/ledger resolve r sent ${pairs} x=1`, '/ledger')).toMatchObject({
      kind: 'malformed',
      reason: expect.stringMatching(/at most 32/)
    })
    const long = 'v'.repeat(256)
    expect(parseComment(`/ledger resolve r sent a=${long}`, '/ledger')).toMatchObject({
      kind: 'command',
      command: { external_ids: { a: long } }
    })
    expect(parseComment(`/ledger resolve r sent a=${long}v`, '/ledger').kind).toBe('malformed')
    expect(parseComment('/ledger resolve r sent a=x\u0007y', '/ledger').kind).toBe('malformed')
    expect(parseComment('/ledger resolve r sent =1', '/ledger').kind).toBe('malformed')
    expect(parseComment('/ledger resolve r sent a==1', '/ledger')).toMatchObject({
      command: { external_ids: { a: '=1' } }
    })
    // The general rule only: a workflow_run_id's digits are checked against the driver later.
    expect(
      parseComment('/ledger resolve r sent workflow_run_id=1/../../issues/7', '/ledger')
    ).toMatchObject({ kind: 'command' })
  })

  it('an empty association is named unknown', () => {
    const policy = parsePolicy({ operators: 'OWNER', permission: 'write', bots: '' })
    const screening = screenAuthor({ login: 'a', id: 1, type: 'User', association: '' }, policy)
    expect(screening).toMatchObject({ verdict: 'rejected' })
    if (screening.verdict === 'rejected') expect(screening.reason).toMatch(/is unknown, which/)
  })
})

describe('the grammar, line by line and word by word', () => {
  it.each([
    ['\r', 'CR'],
    ['\n', 'LF'],
    ['\r\n', 'CRLF'],
    ['\u2028', 'line separator'],
    ['\u2029', 'paragraph separator'],
    ['\u0085', 'next line']
  ])('%j (%s) ends the first line', end => {
    expect(parseComment(`/ledger approve ${RUN}${end}more words`, '/ledger')).toEqual({
      kind: 'command',
      command: { verb: 'approve', run_id: RUN, note: null }
    })
    expect(parseComment(`/ledger approve ${RUN} a note${end}more`, '/ledger')).toMatchObject({
      command: { note: 'a note' }
    })
  })

  // Invisible separators inside a word make the comment malformed, wherever the word is.
  it.each(['\u180e', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u2000', '\u3000'])(
    '%j inside a word is malformed',
    space => {
      const bodies = [
        `/ledger${space}approve ${RUN}`,
        `/ledger approve${space} ${RUN}`,
        `/ledger approve ${RUN}${space}`,
        `/ledger resolve ${RUN} not-sent${space}`,
        `/ledger resolve ${RUN} sent a=1${space}`,
        `/ledger resolve-effect op not-committed${space}`,
        `/ledger resolve-effect op committed 42${space}`
      ]
      for (const body of bodies)
        expect([body, parseComment(body, '/ledger')]).toEqual([
          body,
          {
            kind: 'malformed',
            verb: expect.any(String),
            reason: expect.stringMatching(/^separate the words with ASCII spaces/)
          }
        ])
    }
  )

  it('a note keeps its inner spacing and loses the outer', () => {
    expect(parseComment(`/ledger cancel ${RUN}    two  words   `, '/ledger')).toMatchObject({
      command: { note: 'two  words' }
    })
    expect(parseComment(`/ledger cancel ${RUN}     `, '/ledger')).toMatchObject({
      command: { note: null }
    })
    expect(parseComment(`/ledger resolve ${RUN} not-sent   `, '/ledger')).toMatchObject({
      command: { answer: 'not-sent', note: null }
    })
    expect(parseComment(`/ledger resolve ${RUN}   sent   a=1    b=2  `, '/ledger')).toMatchObject({
      command: { answer: 'sent', external_ids: { a: '1', b: '2' } }
    })
  })

  it.each<[string, object]>([
    // A prefix followed by another kind of space: no verb was read.
    ['/ledger\u00a0approve r', { verb: '', reason: expect.stringMatching(/^separate the words/) }],
    [
      '/ledger',
      { verb: '', reason: `no verb after /ledger; write /ledger followed by one of: ${USAGE}` }
    ],
    ['/ledger ', { verb: '', reason: expect.stringMatching(/^no verb after \/ledger/) }],
    [
      '/ledger nope r',
      {
        verb: 'nope',
        reason: `the verb is not one of approve, deny, cancel, retry, resolve, resolve-effect, status; write /ledger followed by one of: ${USAGE}`
      }
    ],
    [
      '/ledger Status r',
      { verb: 'Status', reason: 'verbs are written in lower case; write /ledger status …' }
    ],
    [
      '/ledger cancel',
      { verb: 'cancel', reason: 'the run id is missing; write /ledger cancel <run id>…' }
    ],
    [
      '/ledger resolve-effect',
      {
        verb: 'resolve-effect',
        reason: 'the operation id is missing; write /ledger resolve-effect <operation id>…'
      }
    ],
    [
      '/ledger resolve-effect op\u0001',
      {
        reason:
          'the operation id contains a control character; write /ledger resolve-effect <operation id>…'
      }
    ],
    ['/ledger status r\u2029', { kind: 'command' }],
    [
      '/ledger resolve r',
      {
        verb: 'resolve',
        reason:
          'resolve needs an answer; write /ledger resolve r sent <name>=<value>… or /ledger resolve r not-sent [note]'
      }
    ],
    [
      '/ledger resolve r maybe',
      {
        reason:
          'resolve answers sent or not-sent, not this word; write /ledger resolve r sent <name>=<value>… or /ledger resolve r not-sent [note]'
      }
    ],
    [
      '/ledger resolve r sent =1',
      { reason: expect.stringMatching(/^resolve sent takes name=value pairs, one per word/) }
    ],
    ['/ledger resolve r sent a=1 a=1', { reason: 'a is given twice; give each external id once' }],
    [
      '/ledger resolve r sent a=',
      {
        reason: expect.stringMatching(
          /^the value of a must be 1 to 256 bytes of printable ASCII without spaces; write \/ledger resolve r sent/
        )
      }
    ],
    [
      '/ledger resolve-effect op maybe',
      {
        reason:
          'resolve-effect answers committed or not-committed; write /ledger resolve-effect op committed <release id> or /ledger resolve-effect op not-committed [note]'
      }
    ]
  ])('%j', (body, expected) => {
    expect(parseComment(body, '/ledger')).toMatchObject({ kind: 'malformed', ...expected })
  })

  it('external id names: a letter, then up to 63 of [a-z0-9_]', () => {
    const name = (n: string) => parseComment(`/ledger resolve r sent ${n}=1`, '/ledger').kind
    expect(name('a')).toBe('command')
    expect(name(`a${'b_9'.repeat(21)}`)).toBe('command') // 64 characters
    expect(name(`a${'b'.repeat(64)}`)).toBe('malformed') // 65 characters
    expect(name('9a')).toBe('malformed')
    expect(name('aB')).toBe('malformed')
    expect(name('a-b')).toBe('malformed')
    expect(parseComment('/ledger resolve r sent a=!~', '/ledger')).toMatchObject({
      command: { external_ids: { a: '!~' } }
    })
  })

  it('the release id of resolve-effect committed: 1 to 20 digits, no leading zero', () => {
    const release = (id: string) =>
      parseComment(`/ledger resolve-effect op committed ${id}`, '/ledger')
    expect(release('1')).toMatchObject({ command: { release_id: '1', note: null } })
    expect(release('9'.repeat(20))).toMatchObject({ command: { release_id: '9'.repeat(20) } })
    expect(release('42   shipped by hand ')).toMatchObject({
      command: { release_id: '42', note: 'shipped by hand' }
    })
    for (const bad of ['', '0', '042', '1'.repeat(21), 'x42', '42x', '-4'])
      expect(release(bad)).toMatchObject({
        kind: 'malformed',
        reason: expect.stringMatching(
          /^resolve-effect committed needs the release id \(a number\); write \/ledger resolve-effect op committed <release id>/
        )
      })
    expect(parseComment('/ledger resolve-effect op not-committed  gone ', '/ledger')).toMatchObject(
      {
        command: { answer: 'not-committed', release_id: null, note: 'gone' }
      }
    )
  })

  it('a prefix with a control character or a space inside is refused, whatever its length', () => {
    expect(checkPrefix('/a\tb')).toMatch(/one word/)
    expect(checkPrefix('/a\u0085')).toMatch(/one word/)
    expect(checkPrefix('/a\u2028')).toMatch(/one word/)
    expect(checkPrefix('/a\u009f')).toMatch(/one word/)
    expect(checkPrefix('/\u00e9')).toBeNull()
    expect(checkPrefix('x')).toBeNull()
  })
})
