/**
 * Runs the action's adapter in this process, the way the runner would start dist/index.js:
 * the step's environment comes from scripts/runner.ts (manifest defaults, GITHUB_* variables,
 * the event file), and inputs reach `core.getInput` through the fake core. The test file must
 * install the fake first: `jest.unstable_mockModule('@actions/core', () => core)`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { actionEnv, loadManifest, manifestPath, type ActionRun } from '../../scripts/runner.js'
import type { CommandName } from '../../src/registry.js'
import { exampleEvent } from './events.js'
import * as core from './fakeCore.js'

export interface InProcessResult {
  readonly outputs: Record<string, string>
  readonly failures: string[]
  readonly warnings: string[]
  /** The plain lines the step logged (core.info). */
  readonly infos: string[]
  readonly summary: string
  /** The environment the step ran with. */
  readonly env: NodeJS.ProcessEnv
}

export type Run = (command: CommandName, env: NodeJS.ProcessEnv) => Promise<void>

export type Step = (step: ActionRun) => Promise<InProcessResult>

/**
 * A runner for `run` (src/main.ts's, imported after the fake core was installed). A step that
 * names no `remote` runs on the local store (`remote: none`): these suites test the adapter on
 * repositories without an origin, and inside Actions `remote: auto` would refuse them (which
 * store decides is __tests__/store/openStore.test.ts's, and the no-origin case through the
 * bundle is __tests__/e2e/action.test.ts's).
 */
export function inProcess(run: Run): Step {
  return async given => {
    const step = { ...given, with: { remote: 'none', ...given.with } }
    const dir = await mkdtemp(join(tmpdir(), 'in-process-'))
    try {
      const env = await actionEnv(step, { dir })
      const { inputs, outputs } = await loadManifest(step.action)
      const given: Record<string, string> = {}
      for (const name of Object.keys(inputs ?? {}))
        given[name] = env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? ''
      core.reset(given)
      await run((step.action ?? 'admit') as CommandName, env)
      // The runner passes on any output; one the manifest does not declare is a registry gap.
      const undeclared = Object.keys(core.outputs).filter(name => !(name in (outputs ?? {})))
      if (undeclared.length > 0)
        throw new Error(
          `${manifestPath(step.action)} does not declare the outputs ${undeclared.join(', ')}`
        )
      return {
        outputs: { ...core.outputs },
        failures: [...core.failures],
        warnings: [...core.warnings],
        infos: [...core.infos],
        summary: core.summaryText(),
        env
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
}

/** The step on the example labeled-issue event (issues-labeled.json), the usual first arrival. */
export async function labeledIssue(
  step: Step,
  workspace: string,
  extra: Partial<ActionRun> = {}
): Promise<InProcessResult> {
  return step({
    workspace,
    eventName: 'issues',
    event: await exampleEvent('issues-labeled.json'),
    ...extra
  })
}
