/** `dispatch-ledger status`: scan's view of every run, as a table or as JSON. */
import { scanRuns, type ScannedRun } from '../commands/scan.js'
import { workflowRunUrl } from '../core/writer.js'
import { awaitedReceiver } from '../core/observation.js'
import { age, count, secondsSince, table, terminalText, type Cell, type Colour } from './format.js'
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
  const all = scanned.map(run => statusRow(run, now, context.serverUrl))
  const shown = context.parsed.values.all ? all : all.filter(row => row.terminal !== true)
  if (context.json) {
    context.print(JSON.stringify({ namespace, store: store.name, runs: shown }, null, 2))
    return 0
  }
  if (shown.length > 0) context.print(statusTable(shown, context))
  context.print(footer(all.length, shown.length, context))
  return 0
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

function statusTable(rows: readonly StatusRow[], { style }: CliContext): string {
  return table(
    ['RUN ID', 'DISPATCH KEY', 'STATE', 'NEXT ACTION', 'AGE', 'WORKFLOW RUN'],
    rows.map(row => cells(row)),
    style
  )
}

function cells(row: StatusRow): Cell[] {
  if (row.error !== null)
    return [
      { text: terminalText(row.ledger_ref) },
      { text: '' },
      { text: 'does not verify', colour: 'red' },
      { text: terminalText(row.error), colour: 'red' },
      { text: '' },
      { text: '' }
    ]
  return [
    { text: terminalText(row.run_id ?? '') },
    { text: terminalText(row.dispatch_key ?? '') },
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

function stateColour(row: StatusRow): Colour | undefined {
  if (row.terminal) return 'green'
  if (row.recovery_action?.startsWith('await_') || row.recovery_action === 'reconcile_provider')
    return 'yellow'
  return undefined
}

function footer(all: number, shown: number, { parsed, namespace, store }: CliContext): string {
  const where = `in ${namespace} at ${terminalText(store.name)}`
  if (parsed.values.all) return `${count(all, 'run')} ${where}.`
  const ended = all - shown
  if (all === 0) return `No run ${where}.`
  return (
    `${count(shown, 'run')} not ended ${where}` +
    (ended > 0 ? ` (${ended} ended: dispatch-ledger status --all lists them).` : '.')
  )
}
