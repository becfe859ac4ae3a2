import { describe, expect, it } from '@jest/globals'
import {
  parseWorkflow,
  NoOperationTraceWriter,
  convertWorkflowTemplate
} from '@actions/workflow-parser'
import { parseAction } from '@actions/workflow-parser/actions/index'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'yaml'
import { mainOf } from '../../scripts/manifests.js'
import { ACTIONS, manifestPath, PROJECT_ROOT } from '../../scripts/runner.js'

async function workflowFiles(): Promise<string[]> {
  const dirs = ['.github/workflows', 'examples/workflows']
  const files: string[] = []
  for (const dir of dirs)
    for (const name of await readdir(join(PROJECT_ROOT, dir)))
      if (/\.ya?ml$/.test(name)) files.push(join(dir, name))
  return files
}

describe('workflow files and action.yml parse with the official parser', () => {
  it('every workflow is valid', async () => {
    const files = await workflowFiles()
    expect(files.length).toBeGreaterThanOrEqual(2)
    for (const name of files) {
      const content = await readFile(join(PROJECT_ROOT, name), 'utf8')
      const result = parseWorkflow({ name, content }, new NoOperationTraceWriter())
      const errors = result.context.errors.getErrors().map(e => e.message)
      expect({ name, errors }).toEqual({ name, errors: [] })
      const template = await convertWorkflowTemplate(result.context, result.value!)
      expect({ name, errors: template.errors ?? [] }).toEqual({ name, errors: [] })
    }
  })

  it('the parser does report broken files (so the checks above can fail)', () => {
    const workflow = parseWorkflow(
      { name: 'broken.yml', content: 'on: push\njobs:\n  a:\n    runs-on: x\n    stepz: []\n' },
      new NoOperationTraceWriter()
    )
    expect(workflow.context.errors.getErrors().length).toBeGreaterThan(0)
    const action = parseAction(
      {
        name: 'action.yml',
        content: 'name: x\ndescription: y\nruns:\n  using: node99\n  main: a.js\n'
      },
      new NoOperationTraceWriter()
    )
    expect(action.context.errors.getErrors().length).toBeGreaterThan(0)
  })

  it('every action manifest is valid, runs its own entry on node24, and together they declare every input and output', async () => {
    const manifest: {
      inputs: Record<string, { description?: string }>
      outputs: Record<string, { description?: string }>
    } = { inputs: {}, outputs: {} }
    for (const action of [undefined, ...ACTIONS]) {
      const name = manifestPath(action)
      const content = await readFile(join(PROJECT_ROOT, name), 'utf8')
      const result = parseAction({ name, content }, new NoOperationTraceWriter())
      expect({ name, errors: result.context.errors.getErrors().map(e => e.message) }).toEqual({
        name,
        errors: []
      })
      const parsed = parse(content) as {
        runs: { using: string; main: string }
        inputs: Record<string, { description?: string }>
        outputs: Record<string, { description?: string }>
      }
      expect(parsed.runs).toEqual({ using: 'node24', main: mainOf(action ?? 'admit') })
      expect(Object.keys(parsed.inputs)).not.toContain('command')
      Object.assign(manifest.inputs, parsed.inputs)
      Object.assign(manifest.outputs, parsed.outputs)
    }
    const inputs = [
      'dispatch-key',
      'request',
      'run-id',
      'initial-state',
      'state',
      'record',
      'namespace',
      'remote',
      'repository-path',
      'on-conflict',
      'token',
      'prefix',
      'operators',
      'operator-permission',
      'operator-bots',
      'reply',
      // docs/design/dispatch.md, docs/design/recovery.md
      'driver',
      'workflow',
      'ref',
      'inputs',
      'run',
      'lookup',
      'fenced',
      'timeout-seconds',
      'max-attempts'
    ]
    const outputs = [
      'run_id',
      'owner',
      'created',
      'recorded',
      'dispatch_key',
      'dispatch_key_hash',
      'request_digest',
      'admission_ref',
      'ledger_ref',
      'state',
      'terminal',
      'sequence',
      'recovery_action',
      'recovery_reason',
      'blind_resubmission_forbidden',
      'authority_required',
      'conflict',
      'verb',
      'outcome',
      'settled_outcome',
      // docs/design/dispatch.md, docs/design/recovery.md
      'sent',
      'submission_state',
      'external_ids',
      'workflow_run_id',
      'workflow_run_url',
      'runs',
      'rerun_requested'
    ]
    for (const input of inputs) expect(manifest.inputs[input]?.description).toBeTruthy()
    for (const output of outputs) expect(manifest.outputs[output]?.description).toBeTruthy()
  })
})
