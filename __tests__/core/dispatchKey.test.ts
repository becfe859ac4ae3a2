import { describe, expect, test } from '@jest/globals'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { actorFrom, deriveDispatch, triggerFor } from '../../src/core/dispatchKey.js'
import { digestOf } from '../../src/core/canonical.js'
import { InvalidInput } from '../../src/core/errors.js'
import { propertyRuns } from '../support/mutation.js'

const EVENTS_DIR = join(process.cwd(), 'examples', 'events')
const HINT = 'Is GITHUB_EVENT_PATH the event of this workflow run?'
const REPO = 123456789

type Json = Record<string, unknown>

function load(file: string): Json {
  return JSON.parse(readFileSync(join(EVENTS_DIR, file), 'utf8')) as Json
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

function setPath(root: Json, path: string, value: unknown): Json {
  const copy = structuredClone(root)
  const parts = path.split('.')
  let node = copy
  for (const part of parts.slice(0, -1)) node = node[part] as Json
  const last = parts[parts.length - 1] as string
  if (value === undefined) delete node[last]
  else node[last] = value
  return copy
}

function invalid(run: () => unknown): InvalidInput {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInput)
    expect((error as InvalidInput).code).toBe('invalid_input')
    return error as InvalidInput
  }
  throw new Error('expected InvalidInput, nothing was thrown')
}

interface Example {
  file: string
  eventName: string
  key: string
  request: Json
  digest: string
}

// Golden values: a change here changes which runs converge, so it needs a new scheme.
const EXAMPLES: Example[] = [
  {
    file: 'issues-labeled.json',
    eventName: 'issues',
    key: `v1/issues/${REPO}/42/labeled/agent:run`,
    request: {
      scheme: 'v1',
      event: 'issues',
      repository_id: REPO,
      number: 42,
      action: 'labeled',
      label: 'agent:run'
    },
    digest: 'sha256:e2a28faf0170828e71ed0436f21b00e288ff08e5294d07b987bd373b275386fa'
  },
  {
    file: 'issues-opened.json',
    eventName: 'issues',
    key: `v1/issues/${REPO}/43/opened`,
    request: { scheme: 'v1', event: 'issues', repository_id: REPO, number: 43, action: 'opened' },
    digest: 'sha256:f40c2e03d4f9d3c65200fbfd8fe42720c11b6322096f9e021f3bfee0d54ef8c7'
  },
  {
    file: 'pull_request-opened.json',
    eventName: 'pull_request',
    key: `v1/pull_request/${REPO}/7/6dcb09b5b57875f334f61aebed695e2e4193db5e`,
    request: {
      scheme: 'v1',
      event: 'pull_request',
      repository_id: REPO,
      number: 7,
      head_sha: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
      label: null
    },
    digest: 'sha256:8195155ad1dbcc5ae55e2d24bd37212818d975a67dc1b08a3208f18c5d4e1524'
  },
  {
    file: 'pull_request-labeled.json',
    eventName: 'pull_request',
    key: `v1/pull_request/${REPO}/7/6dcb09b5b57875f334f61aebed695e2e4193db5e/labeled/agent:review`,
    request: {
      scheme: 'v1',
      event: 'pull_request',
      repository_id: REPO,
      number: 7,
      head_sha: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
      label: 'agent:review'
    },
    digest: 'sha256:2b794ecd9990dcfc5073fb5bffa2bd0302d20c17a3f328f24f03130f97665cf8'
  },
  {
    file: 'pull_request_target-labeled.json',
    eventName: 'pull_request_target',
    key: `v1/pull_request/${REPO}/8/c2a1f8e0d9b7a6c5e4f3a2b1c0d9e8f7a6b5c4d3/labeled/agent:review`,
    request: {
      scheme: 'v1',
      event: 'pull_request',
      repository_id: REPO,
      number: 8,
      head_sha: 'c2a1f8e0d9b7a6c5e4f3a2b1c0d9e8f7a6b5c4d3',
      label: 'agent:review'
    },
    digest: 'sha256:c0ff76962346c51b4f93feb3779072165741b2fb82259dec4c6120166ddfb17b'
  },
  {
    file: 'issue_comment-created.json',
    eventName: 'issue_comment',
    key: `v1/issue_comment/${REPO}/2709876543`,
    request: {
      scheme: 'v1',
      event: 'issue_comment',
      repository_id: REPO,
      comment_id: 2709876543,
      body_sha256: sha256('/review')
    },
    digest: 'sha256:dcc2b016e64e45a40472e5631dbd5cb653be4f47d90c18e035fc37aeb31b2f5d'
  },
  {
    file: 'issue_comment-edited.json',
    eventName: 'issue_comment',
    key: `v1/issue_comment/${REPO}/2709876543`,
    request: {
      scheme: 'v1',
      event: 'issue_comment',
      repository_id: REPO,
      comment_id: 2709876543,
      body_sha256: sha256('/review security')
    },
    digest: 'sha256:15f3470a34d9d8fc70ff5faf62bc312506f18ac930d546d63b1200ef23f9d626'
  },
  {
    file: 'issue_comment-ledger-approve.json',
    eventName: 'issue_comment',
    key: `v1/issue_comment/${REPO}/2709877001`,
    request: {
      scheme: 'v1',
      event: 'issue_comment',
      repository_id: REPO,
      comment_id: 2709877001,
      body_sha256: sha256('/ledger approve gh-501-f282f34c55fc looks right')
    },
    digest: 'sha256:63771616f67448091b7b24e7554882dd5e7583aea7b8814d556f216422d5d7a6'
  },
  {
    file: 'workflow_dispatch-release.json',
    eventName: 'workflow_dispatch',
    // release.yml sets its own dispatch-key; derived, the key hashes the inputs.
    key:
      `v1/workflow_dispatch/${REPO}/.github%2Fworkflows%2Frelease.yml/` +
      sha256('{"version":"v1.2.3"}'),
    request: {
      scheme: 'v1',
      event: 'workflow_dispatch',
      repository_id: REPO,
      workflow: '.github/workflows/release.yml',
      inputs: { version: 'v1.2.3' }
    },
    digest: 'sha256:e179a2d4162ac116749e6b4c13442d47e793ec57f18682962e03f2f559ab50f6'
  },
  {
    file: 'workflow_dispatch-receiver.json',
    eventName: 'workflow_dispatch',
    // A receiver: the dispatcher set inputs.dispatch_key, so it is the key's last part.
    key: `v1/workflow_dispatch/${REPO}/.github%2Fworkflows%2Fagent.yml/gh-501-f282f34c55fc/a1`,
    request: {
      scheme: 'v1',
      event: 'workflow_dispatch',
      repository_id: REPO,
      workflow: '.github/workflows/agent.yml',
      inputs: { issue: '42', dispatch_key: 'gh-501-f282f34c55fc/a1' }
    },
    digest: 'sha256:62abc0b68bf1568788ed78990e6f71a2a5d801bf1183a6032cb8a3a19fec2dab'
  },
  {
    file: 'workflow_dispatch.json',
    eventName: 'workflow_dispatch',
    // inputs.dispatch_key is empty, so the last component is sha256 of JCS(inputs).
    key:
      `v1/workflow_dispatch/${REPO}/.github%2Fworkflows%2Fdeploy.yml/` +
      sha256('{"dispatch_key":"","dry_run":"false","environment":"staging"}'),
    request: {
      scheme: 'v1',
      event: 'workflow_dispatch',
      repository_id: REPO,
      workflow: '.github/workflows/deploy.yml',
      inputs: { environment: 'staging', dry_run: 'false', dispatch_key: '' }
    },
    digest: 'sha256:6cec03d0462d07277299fd4eab7847032a183e586b0bbe66cc163f6a7c627cec'
  },
  {
    file: 'repository_dispatch.json',
    eventName: 'repository_dispatch',
    key: `v1/repository_dispatch/${REPO}/agent-run/ticket-4711`,
    request: {
      scheme: 'v1',
      event: 'repository_dispatch',
      repository_id: REPO,
      event_type: 'agent-run',
      client_payload: { dispatch_key: 'ticket-4711', ticket: 4711, priority: 'high' }
    },
    digest: 'sha256:f04c02bcd921ff1be08f6f3580c11102e485f818770eecf4ad5e2b463915a18c'
  },
  {
    file: 'workflow_run-failure.json',
    eventName: 'workflow_run',
    key: `v1/workflow_run/${REPO}/30433642/1`,
    request: {
      scheme: 'v1',
      event: 'workflow_run',
      repository_id: REPO,
      run_id: 30433642,
      run_attempt: 1,
      conclusion: 'failure'
    },
    digest: 'sha256:c21071c42e56c4e59d721cdd21d06248b6c625cc1fe85b608f80d591006af957'
  },
  {
    file: 'workflow_run-receiver-success.json',
    eventName: 'workflow_run',
    key: `v1/workflow_run/${REPO}/30433700/1`,
    request: {
      scheme: 'v1',
      event: 'workflow_run',
      repository_id: REPO,
      run_id: 30433700,
      run_attempt: 1,
      conclusion: 'success'
    },
    digest: 'sha256:dab459cd86900e22c6100c85094955efc414127942a13faf87bef854a1440820'
  },
  {
    file: 'workflow_run-ledger-receiver-success.json',
    eventName: 'workflow_run',
    key: `v1/workflow_run/${REPO}/30433701/1`,
    request: {
      scheme: 'v1',
      event: 'workflow_run',
      repository_id: REPO,
      run_id: 30433701,
      run_attempt: 1,
      conclusion: 'success'
    },
    digest: 'sha256:e8aa17d276e584b0bc2b642ced9aade8ed33498c3083ee0e14c51598be32a1f2'
  },
  {
    file: 'push.json',
    eventName: 'push',
    key: `v1/push/${REPO}/refs/heads/main/a10867b14bb761a232cd80139fbd4c0d33264240`,
    request: {
      scheme: 'v1',
      event: 'push',
      repository_id: REPO,
      ref: 'refs/heads/main',
      after: 'a10867b14bb761a232cd80139fbd4c0d33264240'
    },
    digest: 'sha256:671a7e3fe1228e56f1b5841171c157f894fb619320e1e2955c420fa37e7bf436'
  }
]

describe('example payloads', () => {
  test('every example file is covered by a test', () => {
    const files = readdirSync(EVENTS_DIR)
      .filter(name => name.endsWith('.json'))
      .sort()
    expect(files).toEqual([...EXAMPLES.map(e => e.file), 'schedule.json'].sort())
  })

  test.each(EXAMPLES)('$file derives $key', ({ file, eventName, key, request, digest }) => {
    const derived = deriveDispatch({ eventName, payload: load(file) })
    expect(derived.dispatch_key).toBe(key)
    expect(derived.request).toStrictEqual(request)
    expect(derived.request_digest).toBe(digestOf(request))
    expect(derived.request_digest).toBe(digest)
  })

  test('the digest is sha256 of the JCS text of the request', () => {
    const derived = deriveDispatch({ eventName: 'issues', payload: load('issues-opened.json') })
    const jcs = `{"action":"opened","event":"issues","number":43,"repository_id":${REPO},"scheme":"v1"}`
    expect(derived.request_digest).toBe(`sha256:${sha256(jcs)}`)
  })

  test('schedule.json has no derivation', () => {
    const error = invalid(() =>
      deriveDispatch({ eventName: 'schedule', payload: load('schedule.json') })
    )
    expect(error.message).toBe(
      'The event "schedule" has no dispatch key derivation. Set the `dispatch_key` to a key ' +
        'that names this dispatch (for example `nightly/${{ github.sha }}`); runs ' +
        'with the same key are admitted once.'
    )
  })

  test('pull_request and pull_request_target name the same work', () => {
    const payload = load('pull_request-labeled.json')
    const a = deriveDispatch({ eventName: 'pull_request', payload })
    const b = deriveDispatch({ eventName: 'pull_request_target', payload })
    expect(b).toStrictEqual(a)
  })

  test('opened and reopened on the same head converge', () => {
    const payload = load('pull_request-opened.json')
    const opened = deriveDispatch({ eventName: 'pull_request', payload })
    const reopened = deriveDispatch({
      eventName: 'pull_request',
      payload: setPath(payload, 'action', 'reopened')
    })
    expect(reopened).toStrictEqual(opened)
  })

  test('an unlabeled action carries no label, though its payload has one', () => {
    const payload = setPath(load('pull_request-labeled.json'), 'action', 'unlabeled')
    const derived = deriveDispatch({ eventName: 'pull_request', payload })
    expect(derived.dispatch_key).toBe(
      `v1/pull_request/${REPO}/7/6dcb09b5b57875f334f61aebed695e2e4193db5e`
    )
    expect(derived.request['label']).toBeNull()
  })

  test('editing a comment keeps the key and changes the digest', () => {
    const created = deriveDispatch({
      eventName: 'issue_comment',
      payload: load('issue_comment-created.json')
    })
    const edited = deriveDispatch({
      eventName: 'issue_comment',
      payload: load('issue_comment-edited.json')
    })
    expect(edited.dispatch_key).toBe(created.dispatch_key)
    expect(edited.request_digest).not.toBe(created.request_digest)
  })
})

describe('derivation details', () => {
  test('workflow_dispatch uses inputs.dispatch_key when it is a non-empty string', () => {
    const payload = setPath(load('workflow_dispatch.json'), 'inputs.dispatch_key', 'release/1.2.3')
    const derived = deriveDispatch({ eventName: 'workflow_dispatch', payload })
    expect(derived.dispatch_key).toBe(
      `v1/workflow_dispatch/${REPO}/.github%2Fworkflows%2Fdeploy.yml/release/1.2.3`
    )
    expect(derived.request['inputs']).toEqual({
      environment: 'staging',
      dry_run: 'false',
      dispatch_key: 'release/1.2.3'
    })
  })

  test('workflow_dispatch hashes the inputs when dispatch_key is not a string', () => {
    const payload = setPath(load('workflow_dispatch.json'), 'inputs', { dispatch_key: 5 })
    const derived = deriveDispatch({ eventName: 'workflow_dispatch', payload })
    expect(derived.dispatch_key).toBe(
      `v1/workflow_dispatch/${REPO}/.github%2Fworkflows%2Fdeploy.yml/${sha256('{"dispatch_key":5}')}`
    )
  })

  test.each([undefined, null])('workflow_dispatch inputs %p count as {}', inputs => {
    const payload = setPath(load('workflow_dispatch.json'), 'inputs', inputs)
    const derived = deriveDispatch({ eventName: 'workflow_dispatch', payload })
    expect(derived.dispatch_key).toBe(
      `v1/workflow_dispatch/${REPO}/.github%2Fworkflows%2Fdeploy.yml/${sha256('{}')}`
    )
    expect(derived.request['inputs']).toEqual({})
  })

  test('repository_dispatch hashes client_payload without a dispatch_key', () => {
    const payload = setPath(load('repository_dispatch.json'), 'client_payload', { b: 1, a: [true] })
    const derived = deriveDispatch({ eventName: 'repository_dispatch', payload })
    expect(derived.dispatch_key).toBe(
      `v1/repository_dispatch/${REPO}/agent-run/${sha256('{"a":[true],"b":1}')}`
    )
  })

  test.each([undefined, null])('repository_dispatch client_payload %p counts as {}', value => {
    const payload = setPath(load('repository_dispatch.json'), 'client_payload', value)
    const derived = deriveDispatch({ eventName: 'repository_dispatch', payload })
    expect(derived.dispatch_key).toBe(`v1/repository_dispatch/${REPO}/agent-run/${sha256('{}')}`)
    expect(derived.request['client_payload']).toEqual({})
  })

  test('repository_dispatch falls back to event_type when action is absent', () => {
    let payload = setPath(load('repository_dispatch.json'), 'action', undefined)
    payload = setPath(payload, 'event_type', 'agent-run')
    const derived = deriveDispatch({ eventName: 'repository_dispatch', payload })
    expect(derived.dispatch_key).toBe(`v1/repository_dispatch/${REPO}/agent-run/ticket-4711`)
  })

  test('push of a deleted branch still derives (after is all zeros)', () => {
    const payload = setPath(load('push.json'), 'after', '0'.repeat(40))
    const derived = deriveDispatch({ eventName: 'push', payload })
    expect(derived.dispatch_key).toBe(`v1/push/${REPO}/refs/heads/main/${'0'.repeat(40)}`)
  })

  test('SHA-256 object ids are accepted', () => {
    const sha = 'ab'.repeat(32)
    const derived = deriveDispatch({
      eventName: 'push',
      payload: setPath(load('push.json'), 'after', sha)
    })
    expect(derived.dispatch_key).toBe(`v1/push/${REPO}/refs/heads/main/${sha}`)
  })

  test('the request input is added under "request"', () => {
    const request = { model: 'large', budget: { tokens: 1000 } }
    const derived = deriveDispatch({
      eventName: 'issues',
      payload: load('issues-opened.json'),
      request
    })
    expect(derived.request).toStrictEqual({
      scheme: 'v1',
      event: 'issues',
      repository_id: REPO,
      number: 43,
      action: 'opened',
      request
    })
    expect(derived.request_digest).toBe(digestOf(derived.request))
  })

  test.each([null, 0, '', [], false])('a request input of %p is still digested', request => {
    const plain = deriveDispatch({ eventName: 'push', payload: load('push.json') })
    const derived = deriveDispatch({ eventName: 'push', payload: load('push.json'), request })
    expect(derived.request['request']).toStrictEqual(request)
    expect(derived.request_digest).not.toBe(plain.request_digest)
  })

  test('a request input with no JSON form is refused', () => {
    const error = invalid(() =>
      deriveDispatch({ eventName: 'push', payload: load('push.json'), request: { n: 1n } })
    )
    expect(error.message).toMatch(/^The `request` has no canonical JSON form/)
  })
})

describe('dispatch-key override', () => {
  test('works for events without a derivation and ignores the payload', () => {
    for (const payload of [load('schedule.json'), null, 'not json', []]) {
      const derived = deriveDispatch({ eventName: 'schedule', payload, dispatchKey: 'nightly/abc' })
      expect(derived.dispatch_key).toBe('nightly/abc')
      expect(derived.request).toStrictEqual({ scheme: 'v1', dispatch_key: 'nightly/abc' })
      expect(derived.request_digest).toBe(digestOf({ scheme: 'v1', dispatch_key: 'nightly/abc' }))
    }
  })

  test('is event-independent, so a chosen key converges across events', () => {
    const results = EXAMPLES.map(e =>
      deriveDispatch({
        eventName: e.eventName,
        payload: load(e.file),
        dispatchKey: 'deploy/prod',
        request: { version: '1.2.3' }
      })
    )
    for (const r of results) expect(r).toStrictEqual(results[0])
    expect(results[0]?.request).toStrictEqual({
      scheme: 'v1',
      dispatch_key: 'deploy/prod',
      request: { version: '1.2.3' }
    })
  })

  test('an empty dispatch-key counts as not given', () => {
    const derived = deriveDispatch({
      eventName: 'push',
      payload: load('push.json'),
      dispatchKey: ''
    })
    expect(derived.dispatch_key).toBe(EXAMPLES.find(e => e.file === 'push.json')?.key)
    invalid(() => deriveDispatch({ eventName: 'schedule', payload: {}, dispatchKey: '' }))
  })
})

describe('key length (1024 UTF-8 bytes)', () => {
  // '€' is 3 bytes, '😀' is 4 bytes (2 UTF-16 units): lengths in code units would mislead.
  const euro1024 = '€'.repeat(341) + 'a'
  const emoji1024 = '😀'.repeat(256)

  test.each([euro1024, emoji1024])('a 1024-byte dispatch-key is accepted', key => {
    expect(Buffer.byteLength(key, 'utf8')).toBe(1024)
    expect(
      deriveDispatch({ eventName: 'schedule', payload: {}, dispatchKey: key }).dispatch_key
    ).toBe(key)
  })

  test.each([euro1024 + 'a', emoji1024 + 'a', '€'.repeat(342)])(
    'a longer dispatch-key is refused',
    key => {
      const bytes = Buffer.byteLength(key, 'utf8')
      expect(bytes).toBeGreaterThan(1024)
      const error = invalid(() =>
        deriveDispatch({ eventName: 'schedule', payload: {}, dispatchKey: key })
      )
      expect(error.message).toBe(
        `The \`dispatch_key\` is ${bytes} UTF-8 bytes; the limit is 1024. Set the \`dispatch_key\` ` +
          'to a shorter key that still names this dispatch (for example, replace a long ' +
          'part with its sha256).'
      )
    }
  )

  test('a derived key is held to the same limit', () => {
    const prefix = `v1/workflow_dispatch/${REPO}/.github%2Fworkflows%2Fdeploy.yml/`
    const room = 1024 - Buffer.byteLength(prefix, 'utf8')
    const fits = '€'.repeat(Math.floor(room / 3)) + 'a'.repeat(room % 3)
    const base = load('workflow_dispatch.json')
    const ok = deriveDispatch({
      eventName: 'workflow_dispatch',
      payload: setPath(base, 'inputs.dispatch_key', fits)
    })
    expect(Buffer.byteLength(ok.dispatch_key, 'utf8')).toBe(1024)

    const error = invalid(() =>
      deriveDispatch({
        eventName: 'workflow_dispatch',
        payload: setPath(base, 'inputs.dispatch_key', fits + 'a')
      })
    )
    expect(error.message).toMatch(
      /^The dispatch key derived from the workflow_dispatch event is 1025 UTF-8 bytes; the limit is 1024\. Set the `dispatch_key`/
    )
  })
})

describe('untrusted payloads', () => {
  test.each([null, undefined, [], 'issues', 42, true])('a payload of %p is refused', payload => {
    const error = invalid(() => deriveDispatch({ eventName: 'issues', payload }))
    expect(error.message).toMatch(
      /^The issues event payload is not a JSON object \(got .+\)\. Is GITHUB_EVENT_PATH/
    )
  })

  const MISSING: [string, string, string, string][] = [
    ['issues-labeled.json', 'issues', 'repository.id', 'a positive integer'],
    ['issues-labeled.json', 'issues', 'issue.number', 'a positive integer'],
    ['issues-labeled.json', 'issues', 'action', 'an action name such as "opened"'],
    ['issues-labeled.json', 'issues', 'label', 'a non-empty label name'],
    ['issues-labeled.json', 'issues', 'label.name', 'a non-empty label name'],
    ['pull_request-opened.json', 'pull_request', 'pull_request.number', 'a positive integer'],
    [
      'pull_request-opened.json',
      'pull_request',
      'pull_request.head',
      '40 or 64 lowercase hex digits'
    ],
    [
      'pull_request-opened.json',
      'pull_request',
      'pull_request.head.sha',
      '40 or 64 lowercase hex digits'
    ],
    ['pull_request-labeled.json', 'pull_request', 'label', 'a non-empty label name'],
    ['pull_request_target-labeled.json', 'pull_request_target', 'repository', 'a positive integer'],
    ['issue_comment-created.json', 'issue_comment', 'comment.id', 'a positive integer'],
    ['issue_comment-created.json', 'issue_comment', 'comment.body', 'a string'],
    ['workflow_dispatch.json', 'workflow_dispatch', 'workflow', 'the workflow file path'],
    ['workflow_dispatch.json', 'workflow_dispatch', 'repository.id', 'a positive integer'],
    ['repository_dispatch.json', 'repository_dispatch', 'action', 'the event_type string'],
    ['push.json', 'push', 'ref', 'a git ref such as "refs/heads/main"'],
    ['push.json', 'push', 'after', '40 or 64 lowercase hex digits']
  ]

  test.each(MISSING)('%s (%s) without %s is refused', (file, eventName, path, expected) => {
    const payload = setPath(load(file), path, undefined)
    const error = invalid(() => deriveDispatch({ eventName, payload }))
    // A whole missing object is reported as its first missing field.
    const field =
      {
        label: 'label.name',
        'pull_request.head': 'pull_request.head.sha',
        repository: 'repository.id'
      }[path] ?? path
    expect(error.message).toBe(
      `The ${eventName} event payload is missing ${field} (expected ${expected}). ${HINT}`
    )
  })

  const WRONG: [string, string, string, unknown, string][] = [
    ['issues-opened.json', 'issues', 'repository.id', '123456789', 'a string'],
    ['issues-opened.json', 'issues', 'repository.id', 0, 'the integer 0'],
    ['issues-opened.json', 'issues', 'issue.number', -1, 'the integer -1'],
    ['issues-opened.json', 'issues', 'issue.number', 1.5, 'the number 1.5'],
    ['issues-opened.json', 'issues', 'issue.number', null, 'null'],
    ['issues-opened.json', 'issues', 'action', 'opened/evil', 'a string'],
    ['issues-labeled.json', 'issues', 'label.name', '', 'an empty string'],
    ['issues-labeled.json', 'issues', 'label.name', 7, 'the integer 7'],
    ['pull_request-opened.json', 'pull_request', 'pull_request.number', '7', 'a string'],
    ['pull_request-opened.json', 'pull_request', 'pull_request.head.sha', 'abc123', 'a string'],
    [
      'pull_request-opened.json',
      'pull_request',
      'pull_request.head.sha',
      'A'.repeat(40),
      'a string'
    ],
    [
      'pull_request-opened.json',
      'pull_request',
      'pull_request.head.sha',
      'a'.repeat(41),
      'a string'
    ],
    ['pull_request-labeled.json', 'pull_request', 'label.name', [], 'an array'],
    ['issue_comment-created.json', 'issue_comment', 'comment.id', '2709876543', 'a string'],
    ['issue_comment-created.json', 'issue_comment', 'comment.body', 42, 'the integer 42'],
    ['issue_comment-created.json', 'issue_comment', 'comment.body', null, 'null'],
    ['workflow_dispatch.json', 'workflow_dispatch', 'workflow', 12, 'the integer 12'],
    ['workflow_dispatch.json', 'workflow_dispatch', 'inputs', ['a'], 'an array'],
    ['workflow_dispatch.json', 'workflow_dispatch', 'inputs', 'x=1', 'a string'],
    ['repository_dispatch.json', 'repository_dispatch', 'client_payload', 'x', 'a string'],
    ['repository_dispatch.json', 'repository_dispatch', 'client_payload', [1], 'an array'],
    ['repository_dispatch.json', 'repository_dispatch', 'action', '', 'an empty string'],
    ['push.json', 'push', 'ref', 5, 'the integer 5'],
    ['push.json', 'push', 'after', 'a10867b', 'a string'],
    ['push.json', 'push', 'repository', 'octo-org/octo-repo', 'a string']
  ]

  test.each(WRONG)('%s (%s) with %s = %p is refused', (file, eventName, path, value, got) => {
    const payload = setPath(load(file), path, value)
    const error = invalid(() => deriveDispatch({ eventName, payload }))
    if (path === 'repository') {
      // A non-object parent reads as a missing field.
      expect(error.message).toMatch(/is missing repository\.id/)
      return
    }
    expect(error.message).toMatch(
      new RegExp(
        `^The ${eventName} event payload has an invalid ${path.replace(/\./g, '\\.')} \\(expected .+, got ${got}\\)\\. Is GITHUB_EVENT_PATH`
      )
    )
  })

  test('fields on the prototype are not read', () => {
    const payload = Object.assign(Object.create({ after: 'a'.repeat(40) }) as Json, {
      ref: 'refs/heads/main',
      repository: { id: REPO }
    })
    const error = invalid(() => deriveDispatch({ eventName: 'push', payload }))
    expect(error.message).toMatch(/is missing after/)
  })

  test.each(['deployment', 'merge_group', '__proto__', 'constructor', 'toString'])(
    'the event %s has no derivation',
    eventName => {
      const error = invalid(() => deriveDispatch({ eventName, payload: load('push.json') }))
      expect(error.message).toMatch(
        new RegExp(
          `^The event "${eventName}" has no dispatch key derivation\\. Set the \`dispatch_key\``
        )
      )
      expect(error.message).toMatch(/\(for example `.+`\)/)
    }
  )

  test('an empty event name says GITHUB_EVENT_NAME is empty', () => {
    const error = invalid(() => deriveDispatch({ eventName: '', payload: {} }))
    expect(error.message).toMatch(/^GITHUB_EVENT_NAME is empty.*Set the `dispatch_key`/)
  })
})

describe('triggerFor and actorFrom', () => {
  test.each([
    ['issues', 'issue'],
    ['pull_request', 'pull_request'],
    ['pull_request_target', 'pull_request'],
    ['issue_comment', 'issue_comment'],
    ['workflow_dispatch', 'workflow_dispatch'],
    ['repository_dispatch', 'repository_dispatch'],
    ['workflow_call', 'workflow_call'],
    ['push', 'push'],
    ['schedule', 'schedule'],
    ['workflow_run', 'recovery'],
    ['deployment', 'webhook'],
    ['toString', 'webhook'],
    ['', 'webhook']
  ])('%s → %s', (eventName, trigger) => {
    expect(triggerFor(eventName)).toBe(trigger)
  })

  test('the sender becomes the actor', () => {
    expect(actorFrom(load('issues-labeled.json'))).toStrictEqual({ login: 'octocat', id: 583231 })
    expect(actorFrom(load('repository_dispatch.json'))).toStrictEqual({
      login: 'octo-bot[bot]',
      id: 41898282
    })
  })

  test.each([
    null,
    'x',
    [],
    {},
    { sender: null },
    { sender: { login: 'a' } },
    { sender: { login: '', id: 1 } },
    { sender: { login: 'a', id: -1 } },
    { sender: { login: 'a', id: '1' } }
  ])('no valid sender in %p gives null', payload => {
    expect(actorFrom(payload)).toBeNull()
  })
})

// ---- properties ----------------------------------------------------------------

const DERIVABLE = EXAMPLES.map(e => ({
  file: e.file,
  eventName: e.eventName,
  payload: load(e.file)
}))
const TIME_FIELDS = new Set([
  'created_at',
  'updated_at',
  'pushed_at',
  'closed_at',
  'merged_at',
  'timestamp'
])

/** Small deterministic PRNG, so one fast-check seed drives a whole rewrite. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Rebuilds a JSON value with object keys in a random order (fromEntries: safe for "__proto__"). */
function shuffleKeys(value: unknown, rand: () => number): unknown {
  if (Array.isArray(value)) return value.map(v => shuffleKeys(v, rand))
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value).map(([k, v]) => [k, shuffleKeys(v, rand)] as const)
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[entries[i], entries[j]] = [
      entries[j] as (typeof entries)[number],
      entries[i] as (typeof entries)[number]
    ]
  }
  return Object.fromEntries(entries)
}

/** Replaces every timestamp with another one of the same kind (ISO string or epoch seconds). */
function retime(value: unknown, rand: () => number): unknown {
  if (Array.isArray(value)) return value.map(v => retime(v, rand))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (!TIME_FIELDS.has(k) || v === null) return [k, retime(v, rand)]
      const seconds = Math.floor(rand() * 4_000_000_000)
      return [k, typeof v === 'number' ? seconds : new Date(seconds * 1000).toISOString()]
    })
  )
}

const senderArb = fc.option(
  fc.record({
    login: fc.string({ minLength: 1, maxLength: 39 }),
    id: fc.nat(),
    type: fc.constantFrom('User', 'Bot')
  }),
  { nil: undefined }
)

describe('properties', () => {
  test('key and digest ignore key order, the sender and timestamps', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DERIVABLE),
        fc.integer(),
        senderArb,
        fc.option(fc.jsonValue(), { nil: undefined }),
        ({ eventName, payload }, seed, sender, request) => {
          const rand = prng(seed)
          const original = deriveDispatch({ eventName, payload, request })
          expect(deriveDispatch({ eventName, payload, request })).toStrictEqual(original)

          const moved = retime(shuffleKeys(setPath(payload, 'sender', sender), rand), rand) as Json
          const again = deriveDispatch({
            eventName,
            payload: moved,
            request: shuffleKeys(request, rand)
          })
          expect(again.dispatch_key).toBe(original.dispatch_key)
          expect(again.request_digest).toBe(original.request_digest)
        }
      ),
      { numRuns: propertyRuns(300) }
    )
  })

  test('an override is deterministic and ignores the event entirely', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 300 }),
        fc.constantFrom(...DERIVABLE),
        fc.jsonValue(),
        fc.integer(),
        (dispatchKey, { eventName, payload }, request, seed) => {
          const a = deriveDispatch({ eventName, payload, dispatchKey, request })
          const b = deriveDispatch({
            eventName: 'schedule',
            payload: {},
            dispatchKey,
            request: shuffleKeys(request, prng(seed))
          })
          expect(b.dispatch_key).toBe(dispatchKey)
          expect(b.request_digest).toBe(a.request_digest)
        }
      )
    )
  })

  const hex40 = fc.stringMatching(/^[0-9a-f]{40}$/)
  const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
  const word = fc.string({ minLength: 1, maxLength: 40 })

  // file, event, field, new values, does the key change too?
  const CHANGES: [string, string, string, fc.Arbitrary<unknown>, boolean][] = [
    ['issues-labeled.json', 'issues', 'repository.id', id, true],
    ['issues-labeled.json', 'issues', 'issue.number', id, true],
    ['issues-labeled.json', 'issues', 'label.name', word, true],
    [
      'issues-opened.json',
      'issues',
      'action',
      fc.constantFrom('closed', 'reopened', 'edited'),
      true
    ],
    ['pull_request-opened.json', 'pull_request', 'pull_request.head.sha', hex40, true],
    ['pull_request-opened.json', 'pull_request', 'pull_request.number', id, true],
    ['pull_request-labeled.json', 'pull_request', 'label.name', word, true],
    ['pull_request_target-labeled.json', 'pull_request_target', 'label.name', word, true],
    ['issue_comment-created.json', 'issue_comment', 'comment.id', id, true],
    ['issue_comment-created.json', 'issue_comment', 'comment.body', fc.string(), false],
    ['workflow_dispatch.json', 'workflow_dispatch', 'workflow', word, true],
    ['workflow_dispatch.json', 'workflow_dispatch', 'inputs.environment', fc.string(), true],
    ['repository_dispatch.json', 'repository_dispatch', 'action', word, true],
    [
      'repository_dispatch.json',
      'repository_dispatch',
      'client_payload.priority',
      fc.jsonValue(),
      false
    ],
    ['push.json', 'push', 'ref', word, true],
    ['push.json', 'push', 'after', hex40, true]
  ]

  test.each(CHANGES)(
    '%s (%s): changing %s changes the digest',
    (file, eventName, path, arb, keyChanges) => {
      const payload = load(file)
      const before = deriveDispatch({ eventName, payload })
      const original = path
        .split('.')
        .reduce<unknown>((node, part) => (node as Json)[part], payload)
      fc.assert(
        fc.property(arb, value => {
          fc.pre(JSON.stringify(value) !== JSON.stringify(original))
          const after = deriveDispatch({ eventName, payload: setPath(payload, path, value) })
          expect(after.request_digest).not.toBe(before.request_digest)
          if (keyChanges) expect(after.dispatch_key).not.toBe(before.dispatch_key)
          else expect(after.dispatch_key).toBe(before.dispatch_key)
        })
      )
    }
  )

  test('changing the request input changes the digest, never the key', () => {
    const payload = load('push.json')
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        fc.pre(digestOf(a) !== digestOf(b))
        const da = deriveDispatch({ eventName: 'push', payload, request: a })
        const db = deriveDispatch({ eventName: 'push', payload, request: b })
        expect(db.dispatch_key).toBe(da.dispatch_key)
        expect(db.request_digest).not.toBe(da.request_digest)
      })
    )
  })

  test('an input other than dispatch_key changes only the digest when dispatch_key is set', () => {
    const payload = setPath(load('workflow_dispatch.json'), 'inputs.dispatch_key', 'release/1')
    const before = deriveDispatch({ eventName: 'workflow_dispatch', payload })
    fc.assert(
      fc.property(fc.string(), environment => {
        fc.pre(environment !== 'staging')
        const after = deriveDispatch({
          eventName: 'workflow_dispatch',
          payload: setPath(payload, 'inputs.environment', environment)
        })
        expect(after.dispatch_key).toBe(before.dispatch_key)
        expect(after.request_digest).not.toBe(before.request_digest)
      })
    )
  })
})
