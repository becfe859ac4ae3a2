import {
  answerIdName,
  effect,
  effectRequestFrom,
  intentSubject,
  type EffectOutcome
} from '../commands/effect.js'
import { InvalidInput } from '../commands/reporting.js'
import type { StepContext } from './context.js'
import type { Inputs } from './inputs.js'
import { flag, type StepReport } from './report.js'

/** `command: effect` (docs/design/effects.md): inputs onto the command, its outcome onto outputs. */
export async function effectStep(inputs: Inputs, context: StepContext): Promise<StepReport> {
  const { env } = context
  const request = effectRequestFrom({
    namespace: inputs.namespace,
    kind: inputs.kind,
    tag: inputs.tag,
    target: inputs.target,
    default_target: env.GITHUB_SHA ?? '',
    message: inputs.message,
    release_name: inputs.releaseName,
    release_body: inputs.releaseBody,
    draft: bool(inputs.draft, 'draft'),
    prerelease: bool(inputs.prerelease, 'prerelease'),
    branch: inputs.branch,
    head: inputs.head,
    base: inputs.base,
    title: inputs.title,
    body: inputs.body,
    issue_number: inputs.issueNumber,
    labels: inputs.labels,
    operation_id: inputs.operationId,
    run_id: inputs.runId || null,
    repository_id: env.GITHUB_REPOSITORY_ID ?? repositoryIdOf(context.event.payload),
    writer: context.writer
  })
  const outcome = await effect(request, context)
  return {
    outputs: {
      operation_id: outcome.operation_id,
      operation_state: outcome.state ?? '',
      tag_object: outcome.tag_object ?? outcome.tag_operation?.tag_object ?? '',
      release_id: outcome.release_id ?? '',
      release_url: outcome.release_url ?? '',
      url: outcome.url ?? '',
      number: outcome.number !== null ? String(outcome.number) : '',
      id: outcome.id ?? '',
      sent: flag(outcome.sent || (outcome.tag_operation?.sent ?? false))
    },
    summary: {
      title: `dispatch-ledger: effect ${request.intent.kind} — ${outcome.state ?? 'not prepared'}`,
      meaning: outcome.reason,
      rows: [
        ['operation id', outcome.operation_id],
        ['state', outcome.state ?? ''],
        ['makes', intentSubject(request.intent)],
        ['intent', outcome.chain[0]?.value.intent_digest ?? ''],
        ['sent by this step', flag(outcome.sent)],
        ['made', outcome.url ?? outcome.release_url ?? outcome.release_id ?? outcome.id ?? ''],
        ['store', context.store.name]
      ]
    },
    ...(outcome.ok ? {} : { failure: failureMessage(outcome, request.intent.kind) })
  }
}

function failureMessage(outcome: EffectOutcome, kind: string): string {
  const id = outcome.operation_id
  switch (outcome.next) {
    case 'refuse_intent':
      return `The operation ${id} was prepared for another intent (${outcome.reason}). Nothing was sent. Use a new operation-id for a different effect (another tag, body, head…).`
    case 'conflict':
      return `The operation ${id} is a conflict: ${outcome.reason}. Nothing more is sent for it; remove or rename what is in the way (the other tag, release, branch or pull request), then use a new operation-id.`
    case 'unknown':
    case 'refuse_unknown':
      return `The outcome of operation ${id} is unknown: ${outcome.reason}. Every effect for it fails until an operator answers /ledger resolve-effect ${id} committed ${answerIdName(kind)} (or not-committed).`
    case 'not_committed':
      return `The operation ${id} ended without its effect: ${outcome.reason}.`
    default:
      return `The operation ${id} is not settled: ${outcome.reason}. Nothing is claimed; run the step again and it looks the effect up before sending anything.`
  }
}

function bool(value: string, input: string): boolean {
  if (value === 'true') return true
  if (value === 'false' || value === '') return false
  throw new InvalidInput(`The ${input} input must be true or false; got ${JSON.stringify(value)}.`)
}

function repositoryIdOf(payload: unknown): string {
  const id = (payload as { repository?: { id?: unknown } } | null)?.repository?.id
  return typeof id === 'number' ? String(id) : ''
}
