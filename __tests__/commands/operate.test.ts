/**
 * `command: operate` against real git (docs/design/operators.md). No GitHub API here (api: null, i.e. no
 * token): authorization by association, no reactions. The API side is in operateApi.test.ts.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { operate, type OperateRequest } from '../../src/commands/operate.js'
import { readRun } from '../../src/commands/readRun.js'
import { verifiedState } from '../../src/commands/runView.js'
import { sha256Hex } from '../../src/core/canonical.js'
import { systemClock } from '../../src/commands/deps.js'
import { planRecovery } from '../../src/core/planRecovery.js'
import { Git } from '../../src/store/git.js'
import type { LayoutOptions } from '../../src/store/index/indexedStore.js'
import { LocalStore } from '../../src/store/localStore.js'
import type { Store } from '../../src/store/store.js'
import { NS, SITUATIONS, commentEvent, runIn, type CommentOptions } from '../support/operator.js'
import {
  cleanupRepos,
  headOf,
  makeRepo,
  physicalRefs,
  refsUnder,
  setLogical
} from '../support/repo.js'

afterAll(cleanupRepos)

const POLICY = {
  operators: 'OWNER,MEMBER,COLLABORATOR',
  permission: 'write',
  bots: ''
}

function request(store: Store, payload: unknown, extra: Partial<OperateRequest> = {}) {
  const input: OperateRequest = {
    eventName: 'issue_comment',
    payload,
    namespace: NS,
    prefix: '/ledger',
    policy: POLICY,
    reply: true,
    writer: {
      github_run_id: '600',
      run_attempt: 1,
      workflow_ref: 'octo-org/octo-repo/.github/workflows/operate.yml@refs/heads/main'
    },
    ...extra
  }
  // No GitHub API here: no token, so no permission check, reaction or reply.
  return [input, { store, clock: systemClock, github: null }] as const
}

async function fresh(situation: string, runId = 'gh-501-f282f34c55fc', layout: LayoutOptions = {}) {
  const dir = await makeRepo()
  const store = new LocalStore(new Git(dir), layout)
  const ledger = await runIn(store, runId, situation)
  return { dir, store, ledger, runId }
}

async function say(store: Store, body: string, options: CommentOptions = {}) {
  return operate(...request(store, commentEvent(body, options)))
}

async function planOf(store: Store, runId: string) {
  const { chain } = await readRun(store, NS, { by: 'run_id', run_id: runId })
  const state = verifiedState(chain)
  return { state, plan: planRecovery(state), chain }
}

const VERBS: Record<string, string> = {
  approve: 'approve RUN ok',
  deny: 'deny RUN no',
  cancel: 'cancel RUN stop',
  retry: 'retry RUN',
  sent: 'resolve RUN sent workflow_run_id=9555',
  not_sent: 'resolve RUN not-sent checked by hand'
}
//                          approve deny cancel retry sent not_sent
const TABLE: Record<string, string> = {
  proposed: 'noop noop applied noop noop noop',
  previewed: 'noop noop applied noop noop noop',
  admission_blocked: 'noop noop noop noop noop noop',
  admitted: 'noop noop applied noop noop noop',
  dispatched_not_submitted: 'noop noop applied noop applied applied',
  dispatched_ambiguous: 'noop noop applied noop applied applied',
  dispatched_submitted: 'noop noop applied noop noop noop',
  failed_retryable: 'noop noop applied noop noop noop',
  failed_final: 'noop noop applied applied noop noop',
  candidate_observed: 'noop noop applied noop noop noop',
  normalized: 'noop noop applied noop noop noop',
  verification_requested: 'noop noop applied noop noop noop',
  verification_error: 'noop noop applied noop noop noop',
  evidence_ready: 'noop noop applied noop noop noop',
  awaiting: 'applied applied applied noop noop noop',
  decided: 'duplicate conflict conflict noop noop noop',
  cancelled: 'conflict conflict duplicate noop noop noop'
}

describe('every verb in every state, through the command and real git', () => {
  it('covers every situation', () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(SITUATIONS).sort())
  })

  it.each(Object.keys(TABLE))('%s', async situation => {
    const { dir, store, ledger, runId } = await fresh(situation)
    const expected = (TABLE[situation] as string).split(' ')
    const head = await headOf(dir, ledger)
    for (const [i, verb] of Object.keys(VERBS).entries()) {
      const before = await refsUnder(dir)
      const result = await say(store, `/ledger ${(VERBS[verb] as string).replace('RUN', runId)}`)
      expect({ verb, outcome: result.outcome }).toEqual({ verb, outcome: expected[i] })
      const after = await refsUnder(dir)
      if (result.outcome === 'applied') {
        expect(after[ledger]).not.toBe(before[ledger])
        const { chain } = await planOf(store, runId)
        expect(chain.at(-1)?.value).toMatchObject({
          trigger: 'operator',
          idempotency: { input_key: result.input_key },
          decision: { by: 'alice' },
          actor: { login: 'alice', id: 501 }
        })
        // Back to the situation for the next verb (test-side reset of the ref).
        await setLogical(dir, ledger, head)
      } else {
        expect(after).toEqual(before) // nothing written
        expect(result.reason).toMatch(/Nothing was written/)
      }
    }
  })
})

describe('operator decisions against real git', () => {
  it('approve records decided with the derived key, evidence and author; plan none', async () => {
    const { store, runId } = await fresh('awaiting')
    const body = `/ledger approve ${runId} looks right\nmore text`
    const event = commentEvent(body)
    const result = await operate(...request(store, event))
    expect(result).toMatchObject({
      verb: 'approve',
      outcome: 'applied',
      settled_outcome: 'approved',
      input_key: `decision:${runId}:8`
    })
    const { state, plan, chain } = await planOf(store, runId)
    expect(state.state).toBe('decided')
    expect(plan.action).toBe('none')
    expect(chain.at(-1)?.value).toMatchObject({
      state: 'decided',
      note: 'looks right',
      decision: { outcome: 'approved', by: 'alice' },
      evidence: [
        {
          kind: 'operator_comment',
          uri: event.comment.html_url,
          digest: `sha256:${sha256Hex(body)}`
        }
      ]
    })

    // The same comment delivered again (or its workflow re-run): duplicate, nothing written.
    const again = await operate(...request(store, event))
    expect(again).toMatchObject({ outcome: 'duplicate', settled_outcome: 'approved' })
    expect((await planOf(store, runId)).state.sequence).toBe(state.sequence)
    // A second person approving the same ask converges; a deny loses.
    expect(await say(store, `/ledger approve ${runId}`, { login: 'bob' })).toMatchObject({
      outcome: 'duplicate'
    })
    expect(await say(store, `/ledger deny ${runId}`, { login: 'bob' })).toMatchObject({
      outcome: 'conflict',
      settled_outcome: 'approved'
    })
  })

  it('an edited comment is never executed, even when it is a valid command', async () => {
    const { dir, store, runId } = await fresh('awaiting')
    const before = await refsUnder(dir)
    const result = await say(store, `/ledger approve ${runId}`, { action: 'edited' })
    expect(result).toMatchObject({ verb: 'approve', outcome: 'noop', reaction: null })
    expect(result.reason).toMatch(/edited comment is never executed/)
    expect(await refsUnder(dir)).toEqual(before)
    // Negative control: the same comment as created is executed.
    expect((await say(store, `/ledger approve ${runId}`)).outcome).toBe('applied')
  })

  it.each([
    ['association', { association: 'CONTRIBUTOR' }, /not one of the operators/],
    ['association NONE', { association: 'NONE' }, /not one of the operators/],
    ['bot', { login: 'helper[bot]', type: 'Bot', association: 'OWNER' }, /bot/]
  ])('unauthorized (%s) → rejected, nothing written', async (_name, options, reason) => {
    const { dir, store, runId } = await fresh('awaiting')
    const before = await refsUnder(dir)
    const result = await say(store, `/ledger approve ${runId}`, options)
    expect(result.outcome).toBe('rejected')
    expect(result.reason).toMatch(reason)
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('a bot named in operator-bots may operate', async () => {
    const { store, runId } = await fresh('awaiting')
    const policy = { operators: 'OWNER', permission: 'write', bots: 'helper' }
    const event = commentEvent(`/ledger approve ${runId}`, {
      login: 'helper[bot]',
      type: 'Bot',
      association: 'NONE'
    })
    expect((await operate(...request(store, event, { policy }))).outcome).toBe('applied')
  })

  it('resolve sent settles an ambiguous attempt: plan moves to observe_provider', async () => {
    const { store, runId } = await fresh('dispatched_ambiguous')
    expect((await planOf(store, runId)).plan.action).toBe('reconcile_provider')
    const result = await say(store, `/ledger resolve ${runId} sent workflow_run_id=9555`)
    expect(result).toMatchObject({
      outcome: 'applied',
      settled_outcome: 'sent',
      input_key: `resolve:${runId}:1`
    })
    const { state, plan } = await planOf(store, runId)
    expect(state.attempts[0]).toMatchObject({
      submission_state: 'submitted',
      unresolved_ambiguous: false,
      external_ids: { workflow_run_id: '9555' }
    })
    expect(plan.action).toBe('observe_provider')
    expect(await say(store, `/ledger resolve ${runId} not-sent`)).toMatchObject({
      outcome: 'conflict',
      settled_outcome: 'sent'
    })
  })

  it('resolve not-sent settles it as a retryable failure: plan retry_attempt', async () => {
    const { store, runId } = await fresh('dispatched_ambiguous')
    const result = await say(store, `/ledger resolve ${runId} not-sent nothing at the provider`)
    expect(result).toMatchObject({ outcome: 'applied', settled_outcome: 'not_sent' })
    const { state, plan } = await planOf(store, runId)
    expect(state.state).toBe('attempt_failed')
    expect(state.attempts[0]).toMatchObject({
      failed: true,
      retryable: true,
      unresolved_ambiguous: false
    })
    expect(plan.action).toBe('retry_attempt')
  })

  it('retry turns a final failure retryable, once', async () => {
    const { store, runId } = await fresh('failed_final')
    expect((await planOf(store, runId)).plan.action).toBe('await_operator')
    const result = await say(store, `/ledger retry ${runId}`)
    expect(result).toMatchObject({ outcome: 'applied', input_key: `retry:${runId}:4` })
    expect((await planOf(store, runId)).plan.action).toBe('retry_attempt')
    expect((await say(store, `/ledger retry ${runId}`, { login: 'bob' })).outcome).toBe('duplicate')
  })

  it('status and other comments write nothing', async () => {
    const { dir, store, runId } = await fresh('awaiting')
    const before = await refsUnder(dir)
    const status = await say(store, `/ledger status ${runId}`)
    expect(status).toMatchObject({ verb: 'status', outcome: 'noop' })
    expect(status.reason).toMatch(/Verbs that apply now: approve, deny, cancel/)
    expect(status.run?.state.state).toBe('awaiting_human_decision')
    expect(await say(store, 'LGTM, thanks')).toMatchObject({ verb: '', outcome: 'noop' })
    expect(await say(store, `/ledger frobnicate $(touch /tmp/x) ${runId}`)).toMatchObject({
      verb: '',
      outcome: 'noop'
    })
    expect(await say(store, '/ledger approve no-such-run')).toMatchObject({ outcome: 'noop' })
    expect(await say(store, '/ledger resolve-effect op/1 committed 5')).toMatchObject({
      verb: 'resolve-effect',
      outcome: 'noop'
    })
    expect(await refsUnder(dir)).toEqual(before)
  })

  it('on archived runs (archive-after 0): status reads them as live ones; a verb appends to them, a repeat is a duplicate', async () => {
    const archived = await fresh('awaiting', 'gh-501-f282f34c55fc', { archiveAfterSeconds: 0 })
    const live = await fresh('awaiting')
    const noRunRef = async (dir: string) =>
      expect(Object.keys(await physicalRefs(dir)).filter(r => r.includes('/runs/'))).toEqual([])
    await noRunRef(archived.dir)
    const [status, liveStatus] = [
      await say(archived.store, `/ledger status ${archived.runId}`),
      await say(live.store, `/ledger status ${live.runId}`)
    ]
    expect(status).toMatchObject({ verb: 'status', outcome: 'noop' })
    expect(status.reason).toBe(liveStatus.reason)
    expect(status.run?.chain.map(e => e.oid)).toEqual(liveStatus.run?.chain.map(e => e.oid))
    // An approval appended to the archived run, then the same decision again from someone else.
    const approve = `/ledger approve ${archived.runId} ok`
    expect(await say(archived.store, approve)).toMatchObject({ outcome: 'applied' })
    expect(await say(archived.store, approve, { login: 'bob' })).toMatchObject({
      outcome: 'duplicate'
    })
    await noRunRef(archived.dir)
    const after = await say(archived.store, `/ledger status ${archived.runId}`)
    expect(after.run?.state).toMatchObject({ state: 'decided', terminal: true })
  })

  it.each([
    ['indented four spaces (a code block)', '    /ledger approve RUN ok'],
    ['indented one space', ' /ledger approve RUN ok'],
    ['an upper-case verb', '/ledger APPROVE RUN ok'],
    ['an upper-case prefix', '/LEDGER approve RUN ok'],
    ['a tab between words', '/ledger approve\tRUN ok'],
    ['a no-break space between words', '/ledger\u00a0approve RUN ok']
  ])('%s is not a command: noop, nothing written', async (_name, body) => {
    const { dir, store, runId } = await fresh('awaiting')
    const before = await refsUnder(dir)
    const result = await say(store, body.replace('RUN', runId))
    expect(result).toMatchObject({ verb: '', outcome: 'noop', input_key: null })
    expect(await refsUnder(dir)).toEqual(before)
    expect((await planOf(store, runId)).state.state).toBe('awaiting_human_decision')
  })

  it('resolve sent with a workflow_run_id that is not a number is refused, nothing written', async () => {
    const { dir, store, runId } = await fresh('dispatched_ambiguous')
    const before = await refsUnder(dir)
    const result = await say(
      store,
      `/ledger resolve ${runId} sent workflow_run_id=1/../../../../issues/7/comments`
    )
    expect(result).toMatchObject({ verb: 'resolve', outcome: 'noop' })
    expect(result.reason).toMatch(/workflow_run_id.*digits.*Nothing was written/)
    expect(await refsUnder(dir)).toEqual(before)
    expect((await planOf(store, runId)).plan.action).toBe('reconcile_provider')
  })

  it('runs only on issue_comment', async () => {
    const { store } = await fresh('awaiting')
    await expect(
      operate(...request(store, commentEvent('/ledger status x'), { eventName: 'issues' }))
    ).rejects.toThrow(/runs on issue_comment events/)
  })
})

describe('a lost compare-and-set is re-read and decided again', () => {
  /** Real git underneath; the competitor's operate runs just before our ref moves. */
  function racing(store: Store, competitor: () => Promise<unknown>): Store {
    let raced = false
    return {
      name: store.name,
      read: fn => store.read(fn),
      writeEntries: commits => store.writeEntries(commits),
      createRefs: refs => store.createRefs(refs),
      listRefs: prefix => store.listRefs(prefix),
      advanceRef: async (ref, next, expected) => {
        if (!raced) {
          raced = true
          await competitor()
        }
        return store.advanceRef(ref, next, expected)
      }
    }
  }

  it.each([
    ['approve', 'approve', 'duplicate'],
    ['approve', 'deny', 'conflict'],
    ['cancel', 'approve', 'conflict']
  ])('%s loses to %s written in between → %s', async (ours, theirs, outcome) => {
    const { store, runId } = await fresh('awaiting')
    const them = () => say(store, `/ledger ${theirs} ${runId}`, { login: 'bob' })
    const result = await operate(
      ...request(racing(store, them), commentEvent(`/ledger ${ours} ${runId}`))
    )
    expect(result.outcome).toBe(outcome)
    const { chain } = await planOf(store, runId)
    expect(chain.filter(e => e.value.trigger === 'operator')).toHaveLength(1)
    expect(chain.at(-1)?.value.decision?.by).toBe('bob')
  })
})
