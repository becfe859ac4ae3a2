/**
 * Printed text is inert (docs/cli.md#where-it-reads): a ledger at a real bare origin holding a forged
 * record whose unknown field is named with a terminal's title and clear-screen sequence, a run
 * whose key (from a label) and external ids carry a right-to-left override, and two operations
 * held for an operator whose ids carry that label, one of them forged with that field. Every
 * command the operator runs on it, in every form, prints no control character and no
 * bidirectional control: only the line breaks that lay the output out.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { admitCommand } from '../../src/commands/admit.js'
import { recordCommand } from '../../src/commands/record.js'
import { deriveDispatch } from '../../src/core/dispatchKey.js'
import { operationRef } from '../../src/core/effect/operation.js'
import { OPERATION_ENTRY } from '../../src/core/effect/operationChain.js'
import { ledgerRef } from '../../src/core/refs.js'
import { runCli } from '../../src/cli/main.js'
import { Git } from '../../src/store/git.js'
import { RemoteStore } from '../../src/store/remoteStore.js'
import { makeBareRemote } from '../../testkit/gitHttpServer.js'
import { workspace } from '../support/effects.js'
import { admitByName, labeled, NS, writer } from '../support/generations.js'
import {
  activeIn,
  FIELD,
  FIELD_BIDI,
  forgeHeadFields,
  LABEL,
  writeOperation
} from '../support/inert.js'
import { makeIntent, opChain } from '../support/operations.js'
import { cleanupRepos, makeTempDir } from '../support/repo.js'

const EXTERNAL = { 'job\u202e': 'j-\u2066-1\u009b' }
const FORGED_RUN = 'run-forged'
/** A release whose outcome is unknown, held for an operator: its id carries the label. */
const HELD_OP = `gh-601-a1b2c3d4e5f6/release/${LABEL}`
/** A tag in conflict, its head record forged with the field: it does not verify. */
const FORGED_OP = `gh-602-a1b2c3d4e5f6/tag/${LABEL}`

let origin: Awaited<ReturnType<typeof makeBareRemote>>
let clone: string
let cache: string
let eventFile: string
let bidiRun: string
let bidiKey: string

const open = () => new RemoteStore(new Git(clone), 'origin')

beforeAll(async () => {
  origin = await makeBareRemote()
  clone = (await workspace(origin.url)).dir
  cache = await makeTempDir()
  const payload = await labeled('2026-11-29T12:00:00Z')
  ;(payload.label as Record<string, unknown>).name = LABEL
  bidiKey = deriveDispatch({ eventName: 'issues', payload }).dispatch_key
  eventFile = join(cache, 'labeled.json')
  await writeFile(eventFile, JSON.stringify(payload))
  const clock = { now: () => new Date('2026-11-29T12:00:05Z') }
  const admitted = await admitCommand(
    { namespace: NS, event: { name: 'issues', payload }, writer: writer(501) },
    { store: open(), clock }
  )
  bidiRun = admitted.result?.admission.run_id as string
  await recordCommand(
    {
      namespace: NS,
      run_id: bidiRun,
      state: 'dispatched',
      fields: {
        provider: { driver: 'fake', submission_state: 'submitted', external_ids: EXTERNAL }
      },
      event: { name: 'schedule', payload: {} },
      writer: writer(502)
    },
    { store: open(), clock }
  )

  // The forged run: its head record given a field no writer writes, as a hand edit would.
  await admitByName(open(), 'v1/forged', FORGED_RUN)
  await forgeHeadFields(origin.dir, ledgerRef(NS, FORGED_RUN), { [FIELD]: 1, [FIELD_BIDI]: 2 })

  // The operations, as effect writes them.
  await writeOperation(
    origin.dir,
    operationRef(NS, HELD_OP),
    opChain(makeIntent('release'), ['may_have_been_sent', 'unknown'], HELD_OP)
  )
  const forged = operationRef(NS, FORGED_OP)
  await writeOperation(origin.dir, forged, opChain(makeIntent('tag'), ['conflict'], FORGED_OP))
  await forgeHeadFields(origin.dir, forged, { [FIELD]: 1, [FIELD_BIDI]: 2 }, OPERATION_ENTRY)
}, 60_000)

afterAll(async () => {
  await origin?.cleanup()
  await cleanupRepos()
})

async function cli(...args: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    // Wide enough that no column is left out: every stored value is printed.
    env: {
      ...process.env,
      NO_COLOR: '1',
      COLUMNS: '400',
      RUNNER_TEMP: cache,
      XDG_CACHE_HOME: cache
    },
    cwd: clone,
    stdout: { write: (text: string) => (stdout += text), isTTY: false },
    stderr: { write: (text: string) => (stderr += text), isTTY: false }
  })
  return { code, stdout, stderr }
}

describe('every command prints stored text inert', () => {
  // Named by placeholders, so that the test's own names print nothing a terminal acts on.
  const PLACES: Record<string, () => string> = {
    '<bidi-run>': () => bidiRun,
    '<bidi-key>': () => bidiKey,
    '<event-file>': () => eventFile,
    '<forged-run>': () => FORGED_RUN,
    '<held-op>': () => HELD_OP,
    '<forged-op>': () => FORGED_OP,
    '<forged-name-and-label>': () => `no-such${FIELD}${LABEL}`,
    '--<forged-name>': () => `--unknown${FIELD}${LABEL}`
  }
  it.each([
    ['status', 1],
    ['status --json', 1],
    ['status --all --json', 1],
    ['show <held-op>', 0],
    ['show <held-op> --json', 0],
    ['show <forged-op>', 1],
    ['show <forged-op> --json', 1],
    ['show <bidi-run>', 0],
    ['show <bidi-run> --mermaid', 0],
    ['show <bidi-run> --json', 0],
    ['show <bidi-key>', 0],
    ['show <forged-run>', 1],
    ['show <forged-run> --mermaid', 1],
    ['show <forged-run> --json', 1],
    ['show <forged-name-and-label>', 1],
    ['key <event-file>', 0],
    ['key <event-file> --json', 0],
    ['verify', 1],
    ['verify --json', 1],
    ['--<forged-name>', 2]
  ] as const)('%s (exit %i)', async (command, exit) => {
    const args = command.split(' ').map(word => PLACES[word]?.() ?? word)
    const { code, stdout, stderr } = await cli(...args)
    if (process.env.SHOW_OUTPUT) process.stdout.write(`${command}\n${stdout}${stderr}\n`)
    expect(code).toBe(exit)
    expect({
      stdout: activeIn(stdout, { lineBreak: 'layout' }),
      stderr: activeIn(stderr, { lineBreak: 'layout' })
    }).toEqual({
      stdout: null,
      stderr: null
    })
  })

  it('the escapes say what is stored: the forged name, the key, the external ids', async () => {
    const forged = await cli('show', FORGED_RUN)
    expect(forged.code).toBe(1)
    expect(forged.stderr).toContain('x\\u001b]0;PWNED\\u0007\\u001b[2Jy')
    expect(forged.stderr).toContain('y\\u202e\\u0085z')
    const status = await cli('status', '--all')
    expect(status.stdout).toContain('x\\u001b]0;PWNED')
    // The operations held: the one that verifies by its id, the forged one by its field.
    expect(status.stdout).toContain('gh-601-a1b2c3d4e5f6/release/agent\\u202erun')
    expect(status.stdout).toContain('resolve-effect gh-601-a1b2c3d4e5f6/release/agent\\u202erun')
    expect(status.stdout).toContain(operationRef(NS, FORGED_OP))
    expect(status.stdout).toContain('y\\u202e\\u0085z')
    expect((await cli('show', HELD_OP)).stdout).toContain('release/agent\\u202erun')
    const forgedOp = await cli('show', FORGED_OP)
    expect(forgedOp.stderr).toContain('x\\u001b]0;PWNED\\u0007\\u001b[2Jy')
    expect((await cli('verify')).stdout).toContain('x\\u001b]0;PWNED')
    const shown = await cli('show', bidiRun)
    expect(shown.stdout).toContain('agent\\u202erun')
    expect(shown.stdout).toContain('job\\u202e=j-\\u2066-1\\u009b')
    expect((await cli('key', eventFile)).stdout).toContain('agent\\u202erun')
  })

  it('--json says it in \\u escapes, so a program reads the stored text back exactly', async () => {
    const shown = JSON.parse((await cli('show', bidiRun, '--json')).stdout) as {
      dispatch_key: string
      records: Array<{ external_ids: Record<string, string> }>
    }
    expect(shown.dispatch_key).toBe(bidiKey)
    expect(shown.records.at(-1)?.external_ids).toEqual(EXTERNAL)
    const status = JSON.parse((await cli('status', '--all', '--json')).stdout) as {
      runs: Array<{ error: string | null }>
    }
    expect(status.runs.map(r => r.error).join()).toContain(FIELD)
    expect(status.runs.map(r => r.error).join()).toContain(FIELD_BIDI)
    const { operations } = JSON.parse((await cli('status', '--json')).stdout) as {
      operations: Array<{ operation_id: string | null; error: string | null }>
    }
    expect(operations.map(op => op.operation_id)).toContain(HELD_OP)
    expect(operations.map(op => op.error).join()).toContain(FIELD)
    const held = JSON.parse((await cli('show', HELD_OP, '--json')).stdout) as {
      operation_id: string
    }
    expect(held.operation_id).toBe(HELD_OP)
  })
})
