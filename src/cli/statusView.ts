/** `dispatch-ledger status`: scan's view of every run, as a table or as JSON. */
import { scanRuns, type ScannedRun } from '../commands/scan.js'
import { workflowRunUrl } from '../core/writer.js'
import { awaitedReceiver } from '../core/observation.js'
import { escapeControls } from '../core/text.js'
import {
  missingLedgers,
  heldOperations,
  type HeldOperation,
  type MissingLedger
} from '../commands/attention.js'
import {
  age,
  count,
  cut,
  fittedTable,
  secondsSince,
  wrap,
  type Cell,
  type Colour
} from './format.js'
import type { CliContext, Exit } from './main.js'

/** One line of status, as JSON prints it (the names scan's `runs` output uses, and a few more). */
export interface StatusRow {
  readonly run_id: string | null
  readonly dispatch_key: string | null
  readonly ledger_ref: string
  readonly state: string | null
  readonly terminal: boolean | null
  readonly sequence: number | null
  readonly updated_at: string | null
  readonly age_seconds: number | null
  readonly recovery_action: string | null
  readonly recovery_reason: string | null
  readonly authority_required: string | null
  readonly blind_resubmission_forbidden: boolean | null
  readonly workflow_run_url: string | null
  /** Why no admission admits it; null for an admitted run. */
  readonly orphan: string | null
  /** Why it does not verify; null when it does. */
  readonly error: string | null
}

export async function statusCommand(context: CliContext): Promise<Exit> {
  const { namespace, store, clock } = context
  const scanned = await scanRuns({ namespace }, { store, clock })
  const now = clock.now()
  const missing = await missingLedgers(
    { namespace },
    { store },
    new Set(scanned.map(run => run.ledger_ref))
  )
  const operations = await heldOperations({ namespace }, { store })
  const all = onePerRun([
    ...scanned.map(run => statusRow(run, now, context.serverUrl)),
    ...missing.map(missingRow)
  ])
  const matching = all.filter(row => wanted(row, context))
  const limit = limitOf(context)
  const shown = limit === null ? matching : matching.slice(0, limit)
  const unreadable =
    all.filter(row => row.error !== null).length + operations.filter(op => op.error !== null).length
  const exit: Exit = unreadable > 0 ? 1 : 0
  if (context.json) {
    context.printJson({ namespace, store: store.name, runs: shown, operations, unreadable })
    return exit
  }
  if (shown.length > 0) context.print(statusTable(shown, context))
  if (operations.length > 0) context.print(operationsText(operations, context))
  context.print(wrap(footer({ all, matching, shown }, context), context.width))
  if (unreadable > 0)
    context.print(
      wrap(
        `${count(unreadable, 'entry', 'entries')} could not be read (listed with the problem): ` +
          '`dispatch-ledger verify` names every problem.',
        context.width
      )
    )
  return exit
}

/**
 * Whether a row is one the filters ask for. A row that could not be read is always listed:
 * its state is unknown, and a filter must not hide it.
 */
function wanted(row: StatusRow, { parsed }: CliContext): boolean {
  if (row.error !== null) return true
  const { values } = parsed
  if (!values.all && values.state === undefined && row.terminal === true) return false
  if (typeof values.state === 'string' && row.state !== values.state) return false
  if (typeof values.key === 'string') {
    const key = values.key
    const matches = key.endsWith('*')
      ? (row.dispatch_key ?? '').startsWith(key.slice(0, -1))
      : row.dispatch_key === key
    if (!matches) return false
  }
  return true
}

function limitOf({ parsed }: CliContext): number | null {
  const given = parsed.values.limit
  return typeof given === 'string' ? Number(given) : null
}

/**
 * Each run once, by its run id. The listing names each ledger once, but two entries can still
 * name one run: an admission forged to name a missing ledger for a run whose own ledger is
 * listed, or two keys admitting one run. The row that says a problem is the one kept, so no
 * problem hides behind the run's own row; a row with no run id (a ledger that does not verify)
 * is its ledger's, and always listed.
 */
export function onePerRun(rows: readonly StatusRow[]): StatusRow[] {
  const at = new Map<string, number>()
  const out: StatusRow[] = []
  for (const row of rows) {
    const seen = row.run_id === null ? undefined : at.get(row.run_id)
    if (seen === undefined) {
      if (row.run_id !== null) at.set(row.run_id, out.length)
      out.push(row)
    } else if ((out[seen] as StatusRow).error === null && row.error !== null) out[seen] = row
  }
  return out
}

/** A run whose admission names a ledger that does not exist: listed with that problem. */
function missingRow(missing: MissingLedger): StatusRow {
  return {
    run_id: missing.run_id,
    dispatch_key: missing.dispatch_key,
    ledger_ref: missing.ledger_ref,
    state: null,
    terminal: null,
    sequence: null,
    updated_at: null,
    age_seconds: null,
    recovery_action: null,
    recovery_reason: null,
    authority_required: null,
    blind_resubmission_forbidden: null,
    workflow_run_url: null,
    orphan: null,
    error: missing.problem
  }
}

export function statusRow(run: ScannedRun, now: Date, serverUrl: string | undefined): StatusRow {
  if ('error' in run)
    return {
      run_id: null,
      dispatch_key: null,
      ledger_ref: run.ledger_ref,
      state: null,
      terminal: null,
      sequence: null,
      updated_at: null,
      age_seconds: null,
      recovery_action: null,
      recovery_reason: null,
      authority_required: null,
      blind_resubmission_forbidden: null,
      workflow_run_url: null,
      orphan: null,
      error: run.error
    }
  const { state } = run
  const plan = 'plan' in run ? run.plan : null
  return {
    run_id: state.run_id,
    dispatch_key: state.dispatch_key,
    ledger_ref: run.ledger_ref,
    state: state.state,
    terminal: state.terminal,
    sequence: state.sequence,
    updated_at: state.updated_at,
    age_seconds: secondsSince(state.updated_at, now),
    recovery_action: plan?.action ?? null,
    recovery_reason: plan?.reason ?? null,
    authority_required: plan?.authority_required ?? null,
    blind_resubmission_forbidden: plan?.blind_resubmission_forbidden ?? null,
    // A run waiting on its receiver shows the run that works (docs/design/lifecycle.md).
    workflow_run_url:
      (plan?.action === 'observe_provider' ? awaitedReceiver(state)?.html_url : null) ??
      workflowRunUrl(serverUrl, run.writer),
    orphan: 'orphan' in run ? run.orphan : null,
    error: null
  }
}

/** The run table, fitted to the width: the workflow run URL and the key give way first. */
function statusTable(rows: readonly StatusRow[], { style, width }: CliContext): string {
  return fittedTable(
    ['RUN ID', 'DISPATCH KEY', 'STATE', 'NEXT ACTION', 'AGE', 'WORKFLOW RUN'],
    rows.map(row => cells(row)),
    style,
    {
      width,
      shrink: [
        { column: 5, min: 24, keep: 'end' },
        { column: 1, min: 16 },
        { column: 3, min: 16 },
        { column: 2, min: 14 }
      ],
      drop: [5, 4, 3]
    }
  )
}

function cells(row: StatusRow): Cell[] {
  if (row.error !== null)
    return [
      { text: row.run_id ?? row.ledger_ref },
      { text: row.dispatch_key ?? '' },
      {
        text: row.run_id === null ? 'does not verify' : 'ledger missing',
        colour: 'red'
      },
      { text: row.error, colour: 'red' },
      { text: '' },
      { text: '' }
    ]
  return [
    { text: row.run_id ?? '' },
    { text: row.dispatch_key ?? '' },
    row.orphan !== null
      ? { text: `orphan (${row.state})`, colour: 'red' }
      : { text: row.state ?? '', colour: stateColour(row) },
    {
      text: row.recovery_action ?? 'none',
      colour: row.recovery_action === 'none' ? 'dim' : undefined
    },
    { text: row.age_seconds === null ? '' : age(row.age_seconds), colour: 'dim' },
    { text: row.workflow_run_url ?? '', colour: 'cyan' }
  ]
}

/**
 * Operations held for an operator (whatever their kind), each with what the operator does
 * next, as wrapped prose: the verb to comment must be read whole at any width.
 */
function operationsText(operations: readonly HeldOperation[], { style, width }: CliContext) {
  const lines = [style.paint('bold', 'OPERATIONS HELD FOR AN OPERATOR')]
  for (const op of operations) {
    const head = escapeControls(`${op.operation_id ?? op.operation_ref}  ${op.kind ?? ''}  `)
    const state = escapeControls(op.state ?? 'does not verify')
    lines.push(
      `${cut(head, Math.max(width - [...state].length, 16), 'end')}${style.paint('yellow', state)}`
    )
    lines.push(
      ...wrap(escapeControls(op.error ?? op.next), width - 2)
        .split('\n')
        .map(line => `  ${line}`)
    )
  }
  return lines.join('\n')
}

function stateColour(row: StatusRow): Colour | undefined {
  if (row.terminal) return 'green'
  if (row.recovery_action?.startsWith('await_') || row.recovery_action === 'reconcile_provider')
    return 'yellow'
  return undefined
}

function footer(
  rows: { all: readonly StatusRow[]; matching: readonly StatusRow[]; shown: readonly StatusRow[] },
  { parsed, namespace, store }: CliContext
): string {
  const where = escapeControls(`in ${namespace} at ${store.name}`)
  const { all, matching, shown } = rows
  const more =
    matching.length > shown.length
      ? ` (${matching.length - shown.length} more: raise --limit to list them)`
      : ''
  const filtered = parsed.values.state !== undefined || parsed.values.key !== undefined
  if (filtered) return `${count(shown.length, 'run')} of ${all.length} ${where} match${more}.`
  if (parsed.values.all) return `${count(all.length, 'run')} ${where}${more}.`
  if (all.length === 0) return `No run ${where}.`
  const ended = all.length - matching.length
  return (
    `${count(shown.length, 'run')} not ended ${where}${more}` +
    (ended > 0 ? ` (${ended} ended: dispatch-ledger status --all lists them).` : '.')
  )
}
