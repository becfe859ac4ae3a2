/**
 * B1's floor: the smallest action a competent person would write for the same admission.
 * It writes the admission and the first record (a complete v1 record) as two commit objects on
 * the empty tree (one `git hash-object` process), creates both refs create-only in one
 * `git update-ref --stdin` transaction, fsynced like the real action, and reports outputs
 * with @actions/core. No event derivation, no summary, and no validation unless a variant
 * passes one. On a refused create it reads the stored admission (one more process) so that it
 * is still a correct admission. Bundled by the bench with ncc through its entry points
 * (`floor.ts`, `floorSchemas.ts`); never committed as a bundle.
 */
import * as core from '@actions/core'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
const WHO = 'dispatch-ledger <dispatch-ledger@users.noreply.github.com>'
const CONFIG = ['-c', 'core.fsync=objects,reference', '-c', 'core.fsyncMethod=fsync']
// Written out rather than imported from src/core/record.ts: that module builds zod schemas,
// which the floor must not load (floorSchemas.ts adds them on purpose).
const NO_AUTHORITY = {
  dispatch: false,
  verification: false,
  acceptance: false,
  canonical_state_write: false,
  git_push: false,
  integration: false,
  merge: false
}

export interface FloorOptions {
  /** Checks both bodies before anything is written; throws to refuse them. */
  readonly validate?: (admission: unknown, record: unknown) => void
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

function git(args: string[], input: string, cwd: string) {
  return spawnSync('git', [...CONFIG, ...args], { input, cwd, encoding: 'utf8' })
}

function commit(time: number, subject: string, body: unknown): string {
  const stamp = `${time} +0000`
  return `tree ${EMPTY_TREE}\nauthor ${WHO} ${stamp}\ncommitter ${WHO} ${stamp}\n\n${subject}\n\n${JSON.stringify(body)}\n`
}

/** Admits the `dispatch-key` input; any failure goes to core.setFailed. */
export function floorAdmit(options: FloorOptions = {}): void {
  try {
    const cwd = core.getInput('repository-path') || process.env.GITHUB_WORKSPACE || process.cwd()
    const key = core.getInput('dispatch-key', { required: true })
    const ns = core.getInput('namespace') || 'refs/dispatch-ledger'
    const runId =
      core.getInput('run-id') || `gh-${process.env.GITHUB_RUN_ID}-${sha256(key).slice(0, 12)}`
    const digest = `sha256:${sha256(JSON.stringify({ dispatch_key: key }))}`
    const admissionRef = `${ns}/admissions/${sha256(key)}`
    const ledgerRef = `${ns}/runs/${sha256(runId)}`
    const now = new Date()
    const at = now.toISOString().replace(/\.\d+Z$/, 'Z')
    const time = Math.floor(now.getTime() / 1000)
    const admission = {
      admitted_at: at,
      dispatch_key: key,
      generation: 1,
      ledger_ref: ledgerRef,
      previous_run_id: null,
      request_digest: digest,
      run_id: runId,
      schema: 'dispatch-ledger/admission/v1'
    }
    const record = {
      actor: null,
      attempt: null,
      authority: NO_AUTHORITY,
      decision: null,
      evidence: [],
      failure: null,
      idempotency: { dispatch_key: key, input_key: null, request_digest: digest },
      ledger_sequence: 1,
      note: null,
      occurred_at: at,
      previous_record_digest: null,
      provider: null,
      run_id: runId,
      schema: 'dispatch-ledger/record/v1',
      state: 'admitted',
      trigger: 'system',
      writer: null
    }
    options.validate?.(admission, record)
    const oids = writeObjects(cwd, [
      commit(time, 'dispatch-ledger admission', admission),
      commit(time, 'dispatch-ledger record 1 admitted', record)
    ])
    const tx = `start\ncreate ${admissionRef} ${oids[0]}\ncreate ${ledgerRef} ${oids[1]}\nprepare\ncommit\n`
    const created = git(['update-ref', '--stdin'], tx, cwd).status === 0
    let owner = runId
    if (!created) {
      const shown = git(['cat-file', 'commit', admissionRef], '', cwd)
      if (shown.status !== 0) throw new Error(shown.stderr)
      owner = (
        JSON.parse(shown.stdout.slice(shown.stdout.lastIndexOf('\n\n') + 2)) as { run_id: string }
      ).run_id
    }
    core.setOutput('run_id', owner)
    core.setOutput('created', String(created))
    core.setOutput('owner', String(owner === runId))
    core.setOutput('admission_ref', admissionRef)
    core.setOutput('ledger_ref', ledgerRef)
  } catch (error) {
    core.setFailed(error instanceof Error ? error.message : String(error))
  }
}

/** Both commit objects in one `git hash-object --stdin-paths` process. */
function writeObjects(cwd: string, texts: readonly string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'floor-'))
  try {
    const paths = texts.map((text, i) => {
      const path = join(dir, String(i))
      writeFileSync(path, text)
      return path
    })
    const hashed = git(
      ['hash-object', '-t', 'commit', '-w', '--stdin-paths'],
      paths.map(p => `${p}\n`).join(''),
      cwd
    )
    if (hashed.status !== 0) throw new Error(hashed.stderr)
    return hashed.stdout.trim().split('\n')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
