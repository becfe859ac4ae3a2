import { sweepRuns } from '../commands/scan.js'
import type { ObservationBoundary } from '../commands/observe.js'
import { failpoint } from './failpoint.js'
import { age, inertText, secondsSince, workflowRunUrl } from '../commands/reporting.js'
import type { StepContext } from './context.js'
import type { Inputs } from './inputs.js'
import type { StepReport } from './report.js'

/**
 * For a scheduled sweep: every non-terminal run with its plan, every ledger that no admission
 * admits (an orphan: listed, with no next action), and every ledger that fails to verify; with
 * observe, the receivers' conclusions recorded first (one write), so ended runs leave the list.
 */
export async function scanStep(inputs: Inputs, context: StepContext): Promise<StepReport> {
  const { store } = context
  const sweep = await sweepRuns(
    {
      namespace: inputs.namespace,
      observe: inputs.observe === 'true',
      onSuccess: inputs.onSuccess,
      writer: context.writer,
      actor: null,
      onBoundary: failpoint<ObservationBoundary>(context.env)
    },
    context
  )
  const scanned = sweep.runs
  const broken = scanned.flatMap(run =>
    'error' in run ? [{ ledger_ref: run.ledger_ref, error: run.error }] : []
  )
  const orphans = scanned.flatMap(run =>
    'orphan' in run
      ? [
          {
            run_id: run.state.run_id,
            dispatch_key: run.state.dispatch_key,
            ledger_ref: run.ledger_ref,
            state: run.state.state,
            sequence: run.state.sequence,
            updated_at: run.state.updated_at,
            orphan: run.orphan
          }
        ]
      : []
  )
  const open = scanned.flatMap(run =>
    !('plan' in run) || run.state.terminal
      ? []
      : [
          {
            run_id: run.state.run_id,
            dispatch_key: run.state.dispatch_key,
            ledger_ref: run.ledger_ref,
            state: run.state.state,
            sequence: run.state.sequence,
            updated_at: run.state.updated_at,
            recovery_action: run.plan.action,
            recovery_reason: run.plan.reason,
            blind_resubmission_forbidden: run.plan.blind_resubmission_forbidden,
            authority_required: run.plan.authority_required
          }
        ]
  )
  const now = context.clock.now()
  const serverUrl = context.env.GITHUB_SERVER_URL
  const listed = (run: Extract<(typeof scanned)[number], { writer: unknown }>) => ({
    age: age(secondsSince(run.state.updated_at, now)),
    url: workflowRunUrl(serverUrl, run.writer)
  })
  const seen = new Map(
    scanned.flatMap(run => ('writer' in run ? [[run.ledger_ref, listed(run)]] : []))
  )
  const table = scanTable(open, orphans, broken, ref => seen.get(ref) ?? { age: '', url: null })
  return {
    outputs: {
      runs: JSON.stringify([...open, ...orphans, ...broken]),
      observed: JSON.stringify(sweep.observed),
      store: store.name
    },
    // Logged by the adapter, which makes every log line inert.
    warnings: [
      ...sweep.unknown,
      ...orphans.map(run => run.orphan),
      ...broken.map(run => `${run.ledger_ref}: ${run.error}`)
    ],
    summary: {
      title: 'dispatch-ledger: scan',
      meaning: `${observedText(sweep)}${count(scanned.length, 'run')} in ${inputs.namespace}; ${open.length} not terminal; ${count(orphans.length, 'orphan')} (no admission admits ${orphans.length === 1 ? 'it' : 'them'}: nothing acts on ${orphans.length === 1 ? 'it' : 'them'}); ${broken.length} ${broken.length === 1 ? 'does' : 'do'} not verify.`,
      rows: [
        ['namespace', inputs.namespace],
        ['store', store.name]
      ],
      extra: `\n${table}\n`
    }
  }
}

/** What the sweep's observation did, as the summary's first sentence (empty without observe). */
function observedText(sweep: Awaited<ReturnType<typeof sweepRuns>>): string {
  if (sweep.lookups === 0) return ''
  return `Looked up ${count(sweep.lookups, 'receiver')}: ${sweep.observed.length} concluded and recorded, ${sweep.unknown.length} could not be read. `
}

/** `1 run`, `0 runs`, `2 runs`. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

interface Listed {
  readonly age: string
  readonly url: string | null
}

/**
 * The summary's table, the columns `dispatch-ledger status` prints (docs/cli.md): open runs
 * with their next action, then orphans (no next action), then ledgers that do not verify. Every
 * stored value is inert text; the workflow run's address is text too, not a link.
 */
function scanTable(
  open: ReadonlyArray<{
    run_id: string
    dispatch_key: string
    ledger_ref: string
    state: string
    sequence: number
    recovery_action: string
    authority_required: string | null
  }>,
  orphans: ReadonlyArray<{
    run_id: string
    dispatch_key: string
    ledger_ref: string
    state: string
    sequence: number
  }>,
  broken: ReadonlyArray<{ ledger_ref: string; error: string }>,
  listed: (ledger_ref: string) => Listed
): string {
  const tail = (ref: string) => {
    const { age, url } = listed(ref)
    return `${age} | ${url === null ? '' : inertText(url)} |`
  }
  return [
    '| run id | dispatch key | state | seq | next action | gate | age | workflow run |',
    '|---|---|---|---|---|---|---|---|',
    ...open.map(
      run =>
        `| ${inertText(run.run_id)} | ${inertText(run.dispatch_key)} | ${run.state} | ${run.sequence} | ${run.recovery_action} | ${run.authority_required ?? ''} | ${tail(run.ledger_ref)}`
    ),
    ...orphans.map(
      run =>
        `| ${inertText(run.run_id)} | ${inertText(run.dispatch_key)} | orphan (${run.state}) | ${run.sequence} | none | | ${tail(run.ledger_ref)}`
    ),
    ...broken.map(
      run =>
        `| ${inertText(run.ledger_ref)} | | does not verify | | ${inertText(run.error)} | | | |`
    )
  ].join('\n')
}
