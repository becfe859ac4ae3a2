/**
 * The quick start with a ledger repository of its own (examples/workflows/ledger-*.yml,
 * docs/design/ledger-repository.md), run through the local workflow runner against an origin
 * started with `ledgerRepository`: the coordinator's deliveries, the receivers GitHub would
 * start for what it dispatched, its observer on a receiver's workflow_run, an operator's
 * comment, and where the refs landed.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { runDispatchedReceivers } from '../../scripts/workflow/actingGitHub.js'
import type { TestOrigin } from '../../scripts/workflow/origin.js'
import { runWorkflow, type WorkflowRun } from '../../scripts/workflow/run.js'
import { commentEvent } from './operator.js'
import { example, labeledEvent, newRunId, scenario } from './workflowScenario.js'

export const LEDGER = 'octo-org/dispatch-ledger-state'
export const LEDGER_FILES = [
  'ledger-issue-labeled.yml',
  'ledger-agent.yml',
  'ledger-operate.yml',
  'ledger-agent-ended.yml'
] as const
export type LedgerFile = (typeof LEDGER_FILES)[number]

export async function ledgerTexts(): Promise<Record<LedgerFile, string>> {
  const entries = await Promise.all(
    LEDGER_FILES.map(async name => [name, await readFile(example(name), 'utf8')] as const)
  )
  return Object.fromEntries(entries) as Record<LedgerFile, string>
}

/** Every ref under refs/dispatch-ledger of a bare repository, as git lists it. */
export async function namespaceRefs(bareDir: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    'git',
    ['for-each-ref', '--format=%(refname)', 'refs/dispatch-ledger/'],
    { cwd: bareDir }
  )
  return stdout.split('\n').filter(Boolean)
}

/** One labeled issue's quick start through the ledger repository (own key, own provider log). */
export async function ledgerQuickStart(origin: TestOrigin, texts: Record<LedgerFile, string>) {
  const s = await scenario(origin, {
    file: example('ledger-issue-labeled.yml'),
    content: texts['ledger-issue-labeled.yml'],
    labeled: await labeledEvent()
  })
  const started = new Set<number>()
  const receivers = (): Promise<WorkflowRun[]> =>
    runDispatchedReceivers(origin, {
      file: example('ledger-agent.yml'),
      content: texts['ledger-agent.yml'],
      started,
      mine: inputs => inputs.issue === String(s.number),
      machineEnv: s.machineEnv
    })
  const working = async (): Promise<string[]> =>
    (await s.starts()).filter(line => line.startsWith('run-agent '))
  const dispatches = async () =>
    (await origin.api!.state()).dispatches.filter(d => d.inputs.issue === String(s.number))
  /** An operator's comment, answered by ledger-operate.yml (alice may write). */
  const operate = async (body: string): Promise<WorkflowRun> => {
    await origin.api!.configure({ users: { alice: { id: 501, permission: 'write' } } })
    return runWorkflow({
      file: example('ledger-operate.yml'),
      content: texts['ledger-operate.yml'],
      event: commentEvent(body, { login: 'alice' }),
      origin,
      runId: newRunId()
    })
  }
  return { ...s, receivers, working, dispatches, operate }
}
