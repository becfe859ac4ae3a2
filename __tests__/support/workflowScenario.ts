/**
 * Scenarios for running published workflows through the local workflow runner: each has its
 * own labeled issue (so its own dispatch key), its own provider log (the fixtures start-agent
 * and run-agent write one line per call to AGENT_LOG) and delivers one event as many times as
 * a test asks, each delivery a new workflow run.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readRun, verifiedState } from '../../src/commands/readRun.js'
import { planRecovery } from '../../src/core/planRecovery.js'
import { openStore } from '../../src/store/openStore.js'
import { PROJECT_ROOT } from '../../scripts/runner.js'
import type { TestOrigin } from '../../scripts/workflow/origin.js'
import {
  runWorkflow,
  type WorkflowRun,
  type WorkflowRunOptions
} from '../../scripts/workflow/run.js'
import { makeTempDir } from './repo.js'

export const FIXTURES = join(PROJECT_ROOT, 'scripts/workflow/fixtures')
export const example = (name: string): string => join(PROJECT_ROOT, 'examples/workflows', name)

let nextIssue = 100
let nextRunId = 501

/** A fresh workflow run id (distinct from the fake API's own ids, which are far larger). */
export function newRunId(): number {
  return nextRunId++
}

export async function labeledEvent(): Promise<Record<string, unknown>> {
  return JSON.parse(
    await readFile(join(PROJECT_ROOT, 'examples/events/issues-labeled.json'), 'utf8')
  ) as Record<string, unknown>
}

/**
 * The run of a key where the origin's ledger lives (its ledger repository when it has one),
 * reconstructed and verified (throws if it does not verify).
 */
export async function ledgerOf(origin: TestOrigin, key: string) {
  const repositoryPath = origin.ledger?.bareDir ?? origin.bareDir
  const store = await openStore({ repositoryPath, remote: 'none', env: {} })
  const found = await readRun(store, 'refs/dispatch-ledger', {
    by: 'dispatch_key',
    dispatch_key: key
  })
  const state = verifiedState(found.chain)
  return { state, plan: planRecovery(state), records: found.chain.map(e => e.value) }
}

export interface Scenario {
  number: number
  key: string
  event: Record<string, unknown>
  log: string
  machineEnv: Record<string, string>
  deliver(extra?: Partial<WorkflowRunOptions>): Promise<WorkflowRun>
  /** the provider log's lines (one per start-agent / run-agent call) */
  starts(): Promise<string[]>
  ledger(): ReturnType<typeof ledgerOf>
}

export async function scenario(
  origin: TestOrigin,
  options: { file: string; content: string; labeled: Record<string, unknown>; label?: string }
): Promise<Scenario> {
  const number = nextIssue++
  const { labeled } = options
  const event = {
    ...labeled,
    issue: { ...(labeled.issue as object), number },
    label: { ...(labeled.label as object), name: options.label ?? 'agent:run' }
  }
  const key = `v1/issues/${origin.id}/${number}/labeled/agent:run`
  const log = join(await makeTempDir(), 'agent.log')
  const machineEnv = { AGENT_LOG: log }
  return {
    number,
    key,
    event,
    log,
    machineEnv,
    deliver: extra =>
      runWorkflow({
        file: options.file,
        content: options.content,
        event,
        origin,
        runId: newRunId(),
        machineEnv,
        ...extra
      }),
    starts: async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean),
    ledger: () => ledgerOf(origin, key)
  }
}

export function stepOutcomes(run: WorkflowRun, job: string): string[] {
  return run.jobs[job]!.steps.map(s => `${s.id}:${s.outcome}`)
}
