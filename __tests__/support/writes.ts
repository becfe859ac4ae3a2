/**
 * The write kinds of `effect` (docs/design/effects.md#agent-writes) for the tests: one case per
 * kind (its inputs, its routes on the fake, what the fake holds of it), requests built from
 * plain values as the step builds them, and what the fake holds with our marker.
 */
import { effect, effectRequestFrom, type EffectDeps } from '../../src/commands/effect.js'
import type { EffectCommandOptions, EffectRequest } from '../../src/core/effect/request.js'
import { markersIn } from '../../src/core/effect/artifacts.js'
import type { Clock } from '../../src/commands/deps.js'
import { systemClock } from '../../src/commands/deps.js'
import type { FakeGitHub, FakeStateView, RouteName } from '../../testkit/fakeGitHub/client.js'
import { NS, storeFor } from './effects.js'
import { gatewayFor } from './releases.js'

export type WriteKind = 'pull-request' | 'comment' | 'issue'
export const WRITE_KINDS: readonly WriteKind[] = ['pull-request', 'comment', 'issue']
export const RUN_ID = 'gh-501-f282f34c55fc'
export const BODY = 'I looked into it: the fix is in the pull request.'

export interface KindCase {
  readonly create: RouteName
  readonly list: RouteName
  /** GitHub fences it (a second open pull request for one head and base is refused). */
  readonly fenced: boolean
  readonly options: Partial<EffectCommandOptions>
  /** What the fake holds of this kind. */
  readonly made: (state: FakeStateView) => Array<{ body?: string | null }>
}

export const KINDS: Readonly<Record<WriteKind, KindCase>> = {
  'pull-request': {
    create: 'createPull',
    list: 'listPulls',
    fenced: true,
    options: { head: 'agent/issue-7', base: 'main', title: 'Fix #7' },
    made: state => state.pulls
  },
  comment: {
    create: 'createComment',
    list: 'listComments',
    fenced: false,
    options: { issue_number: '7' },
    made: state => state.comments
  },
  issue: {
    create: 'createIssue',
    list: 'listIssues',
    fenced: false,
    options: { title: 'Follow-up from #7', labels: 'agent, bug' },
    made: state => state.issues
  }
}

/** The request a step builds for `kind` from plain values (the inputs). */
export function writeRequest(
  kind: WriteKind,
  over: Partial<EffectCommandOptions> = {}
): EffectRequest {
  return effectRequestFrom({
    namespace: NS,
    kind,
    tag: '',
    target: '',
    default_target: '',
    message: '',
    release_name: '',
    release_body: '',
    draft: false,
    prerelease: false,
    body: BODY,
    operation_id: '',
    run_id: RUN_ID,
    repository_id: '123456789',
    writer: null,
    ...KINDS[kind].options,
    ...over
  })
}

export function writeDeps(
  dir: string,
  gh: FakeGitHub,
  options: { timeoutMs?: number; clock?: Clock } = {}
): EffectDeps {
  return {
    ...storeFor(dir),
    github: gatewayFor(gh, options.timeoutMs ?? 5000),
    clock: options.clock ?? systemClock
  }
}

export function runWrite(
  dir: string,
  gh: FakeGitHub,
  kind: WriteKind,
  over: Partial<EffectCommandOptions> = {},
  options: Parameters<typeof writeDeps>[2] = {}
) {
  return effect(writeRequest(kind, over), writeDeps(dir, gh, options))
}

/** What the fake holds of `kind` carrying the operation's marker, once nothing is pending. */
export async function marked(
  gh: FakeGitHub,
  kind: WriteKind,
  operationId: string
): Promise<Array<{ body?: string | null }>> {
  const state = await gh.settled(15000)
  return KINDS[kind].made(state).filter(w => markersIn(w.body).some(m => m.id === operationId))
}

/** A clock an hour ahead: another step's `may_have_been_sent` is then long past its bound. */
export const LATER: Clock = { now: () => new Date(Date.now() + 3600_000) }
