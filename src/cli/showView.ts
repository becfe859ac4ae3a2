/**
 * `dispatch-ledger show`: one run as the plan command reads it (no confirmation: the command
 * line never writes), with its records, its receiver admission and its key's generations.
 */
import { stat } from 'node:fs/promises'
import { missingLedgers, readOperation } from '../commands/attention.js'
import { readGenerations } from '../commands/generations.js'
import { planCommand } from '../commands/plan.js'
import { findReceiver } from '../commands/receiver.js'
import { deriveDispatch } from '../core/dispatchKey.js'
import { DispatchLedgerError } from '../core/errors.js'
import { RECEIVER_KEY, type AdmittedReceiver } from '../core/receiver.js'
import type { LedgerRecord } from '../core/record.js'
import { admissionRef, ledgerRef } from '../core/refs.js'
import { checkRunId, escapeControls, quoted } from '../core/text.js'
import { workflowRunUrl } from '../core/writer.js'
import type { StoredEntry } from '../store/store.js'
import { loadEventFile } from './event.js'
import { age, secondsSince, table, type Style } from './format.js'
import type { CliContext, Exit } from './main.js'

/** A name that is no run id the store holds and no admitted key: exit 1, saying so. */
export class UnknownRun extends DispatchLedgerError {
  constructor(message: string) {
    super('unknown_run', message)
  }
}

type Selector =
  | { run_id: string }
  | { dispatch_key: string }
  | { operation: NonNullable<Awaited<ReturnType<typeof readOperation>>> }

/** An operation id with a chain (a tag, a release, … made by effect), or null. */
async function operationNamed(argument: string, { store, namespace }: CliContext) {
  try {
    const operation = await readOperation({ namespace, operation_id: argument }, { store })
    return operation ? { operation } : null
  } catch (error) {
    // Not an operation id at all (its name cannot be one): it is no operation.
    if (error instanceof DispatchLedgerError && error.code === 'invalid_input') return null
    throw error
  }
}

/** An operation, as status lists it: its kind, state and what happens next. */
function showOperation(
  operation: NonNullable<Awaited<ReturnType<typeof readOperation>>>,
  context: CliContext
): Exit {
  if (context.json) {
    context.printJson(operation)
    return 0
  }
  context.print(
    heading(
      [
        ['operation', operation.operation_id ?? ''],
        ['ref', operation.operation_ref],
        ['kind', operation.kind ?? ''],
        ['state', `${operation.state}, record ${operation.sequence}`],
        [operation.held ? 'an operator must' : 'next', operation.next]
      ],
      context.style
    )
  )
  return 0
}

/**
 * Labelled lines, the labels aligned and bold; every value made inert here, where it is
 * printed (run ids, keys and reasons are stored text).
 */
function heading(rows: ReadonlyArray<readonly [string, string]>, style: Style): string {
  const width = Math.max(...rows.map(([k]) => k.length))
  return rows
    .map(([k, v]) => `${style.paint('bold', k.padEnd(width))}  ${escapeControls(v)}`)
    .join('\n')
}

export async function showCommand(context: CliContext): Promise<Exit> {
  const selector = await selectorFor(context.parsed.argument as string, context)
  if ('operation' in selector) return showOperation(selector.operation, context)
  const { store, namespace, clock } = context
  const planned = await planCommand({ namespace, writer: null, ...selector }, { store, clock })
  const { view, chain } = planned
  const generations = await readGenerations(store, {
    namespace,
    dispatch_key: view.state.dispatch_key
  })
  const receiverKey = view.state.attempts.find(a => a.number === view.state.current_attempt)
    ?.external_ids[RECEIVER_KEY]
  const receiver = receiverKey ? await findReceiver(store, namespace, receiverKey) : null
  const shown = {
    run_id: view.state.run_id,
    dispatch_key: view.state.dispatch_key,
    ledger_ref: planned.ledger_ref,
    admission_ref: admissionRef(namespace, view.state.dispatch_key),
    generation: planned.generation,
    // The state's name, as status --json says it; the whole reconstruction is `run`.
    state: view.state.state,
    terminal: view.state.terminal,
    sequence: view.state.sequence,
    run: view.state,
    plan: view.plan,
    records: chain.map(entry => recordRow(entry, context.serverUrl)),
    receiver: receiverKey ? { receiver_key: receiverKey, admitted: receiver } : null,
    generations: generations.generations.map(g => ({
      generation: g.generation,
      run_id: g.admission.run_id,
      admitted_at: g.admission.admitted_at,
      ref: g.ref
    })),
    mermaid: mermaid(chain, view.state.terminal)
  }
  if (context.json) context.printJson(shown)
  else if (context.parsed.values.mermaid) context.print(shown.mermaid)
  else context.print(showText(shown, context))
  return 0
}

/**
 * What the argument names: an event file when one is there, else a run id the store holds,
 * else an admitted dispatch key; anything else is an unknown run (exit 1).
 */
async function selectorFor(argument: string, context: CliContext): Promise<Selector> {
  const { store, namespace } = context
  if ((await stat(argument).catch(() => null))?.isFile()) {
    const event = await loadEventFile(argument, eventName(context))
    return {
      dispatch_key: deriveDispatch({ eventName: event.name, payload: event.payload }).dispatch_key
    }
  }
  const asRun = checkRunId(argument)
  const chain = await store.read(reader => reader.readChain(ledgerRef(namespace, asRun)))
  if (chain) return { run_id: asRun }
  const key = await readGenerations(store, { namespace, dispatch_key: argument }).catch(() => null)
  if (key && key.generations.length > 0) return { dispatch_key: argument }
  const operation = await operationNamed(argument, context)
  if (operation) return operation
  // Not readable as a run: an admitted run whose ledger is gone says so, not "no run".
  const missing = (await missingLedgers({ namespace }, { store }, null)).find(
    m => m.run_id === argument || m.dispatch_key === argument
  )
  if (missing) throw new UnknownRun(`Run ${argument} cannot be read: ${missing.problem}`)
  throw new UnknownRun(
    `There is no run ${quoted(argument)} in ${namespace} at ${store.name}: it is no run id ` +
      'there, no admitted dispatch key, and no event file. `dispatch-ledger status --all` lists ' +
      'every run; check --namespace and --remote.'
  )
}

function eventName(context: CliContext): string | undefined {
  const value = context.parsed.values['event-name']
  return typeof value === 'string' ? value : undefined
}

interface RecordRow {
  readonly sequence: number
  readonly state: string
  readonly occurred_at: string
  readonly trigger: string
  readonly writer: LedgerRecord['writer']
  readonly workflow_run_url: string | null
  readonly attempt: number | null
  readonly submission_state: string | null
  readonly external_ids: Readonly<Record<string, string>>
  readonly failure: LedgerRecord['failure']
  readonly decision: LedgerRecord['decision']
  readonly note: string | null
  readonly oid: string
}

function recordRow(entry: StoredEntry<LedgerRecord>, serverUrl: string | undefined): RecordRow {
  const r = entry.value
  return {
    sequence: r.ledger_sequence,
    state: r.state,
    occurred_at: r.occurred_at,
    trigger: r.trigger,
    writer: r.writer,
    workflow_run_url: workflowRunUrl(serverUrl, r.writer),
    attempt: r.attempt?.number ?? null,
    submission_state: r.provider?.submission_state ?? null,
    external_ids: r.provider?.external_ids ?? {},
    failure: r.failure,
    decision: r.decision,
    note: r.note,
    oid: entry.oid
  }
}

/**
 * The run's path through its states as a mermaid state diagram (state names are the schema's
 * words, so nothing stored reaches the diagram but them; each line is made inert all the same).
 */
export function mermaid(chain: readonly StoredEntry<LedgerRecord>[], terminal: boolean): string {
  const lines = ['stateDiagram-v2']
  let previous = '[*]'
  for (const { value } of chain) {
    lines.push(escapeControls(`    ${previous} --> ${value.state}: ${value.ledger_sequence}`))
    previous = value.state
  }
  if (terminal) lines.push(`    ${previous} --> [*]`)
  return lines.join('\n')
}

type Shown = {
  run_id: string
  dispatch_key: string
  ledger_ref: string
  admission_ref: string
  generation: number
  state: string
  run: { state: string; sequence: number; terminal: boolean; updated_at: string }
  plan: {
    action: string
    reason: string
    authority_required: string | null
    blind_resubmission_forbidden: boolean
  }
  records: readonly RecordRow[]
  receiver: { receiver_key: string; admitted: AdmittedReceiver | null } | null
  generations: ReadonlyArray<{ generation: number; run_id: string; admitted_at: string }>
}

function showText(shown: Shown, { style, clock }: CliContext): string {
  const { plan, run: state } = shown
  const gate = [
    plan.authority_required ? `gate: ${plan.authority_required}` : null,
    plan.blind_resubmission_forbidden ? 'blind resubmission forbidden' : null
  ].filter(Boolean)
  const head: Array<[string, string]> = [
    ['run id', shown.run_id],
    ['dispatch key', shown.dispatch_key],
    ['ledger', shown.ledger_ref],
    ['admission', `${shown.admission_ref} (generation ${shown.generation})`],
    [
      'state',
      `${state.state}, record ${state.sequence}, ${state.terminal ? 'ended' : 'not ended'}, ` +
        age(secondsSince(state.updated_at, clock.now()))
    ],
    ['next action', `${plan.action}${gate.length ? ` (${gate.join('; ')})` : ''}`],
    ['reason', plan.reason],
    ['receiver', receiverText(shown.receiver)]
  ]
  return [
    heading(head, style),
    '',
    table(
      ['SEQ', 'STATE', 'TIME', 'WRITER', 'ATTEMPT', 'SUBMISSION', 'EXTERNAL IDS'],
      shown.records.map(r => [
        { text: String(r.sequence) },
        { text: r.state },
        { text: r.occurred_at, colour: 'dim' },
        { text: r.workflow_run_url ?? (r.writer ? `run ${r.writer.github_run_id}` : '') },
        { text: r.attempt === null ? '' : String(r.attempt) },
        { text: r.submission_state ?? '' },
        {
          text: Object.entries(r.external_ids)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')
        }
      ]),
      style
    ),
    '',
    table(
      ['GENERATION', 'RUN ID', 'ADMITTED AT'],
      shown.generations.map(g => [
        { text: String(g.generation) },
        { text: g.run_id },
        { text: g.admitted_at, colour: 'dim' }
      ]),
      style
    )
  ].join('\n')
}

function receiverText(receiver: Shown['receiver']): string {
  if (receiver === null) return 'none (the current attempt names no receiver key)'
  if (receiver.admitted === null) return `not admitted yet (receiver key ${receiver.receiver_key})`
  const run = receiver.admitted.workflow_run_id
  return `${receiver.admitted.receiver_run_id}${run ? ` (workflow run ${run})` : ''}`
}
