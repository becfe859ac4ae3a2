/**
 * Every shell command shown in a ```sh block of docs/*.md runs here, so a documented command
 * cannot rot (as readme.test.ts keeps the README's YAML to files the tests run). Each block
 * runs as one bash script (`set -euo pipefail`, so every line must succeed), bounded in time:
 * the blocks of a page in order, in the project root, with npm's bin directory (Node 24) first
 * on PATH; troubleshooting.md's in a clone whose origin holds a ledger, as a reader's
 * checkout would. A line that cannot run in a test is listed in NOT_RUN with its reason.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/runner.js'
import { cleanupRepos, makeTempDir } from '../support/repo.js'

afterAll(cleanupRepos)

/** Lines that cannot run inside the test suite, each with why; every other line runs. */
const NOT_RUN: Record<string, string> = {
  'npm ci': 'reinstalls node_modules under the suite that is running from it',
  'npm test': 'runs this whole suite again, from inside itself',
  'npm run all': 'formats, bundles and runs this whole suite again, from inside itself',
  'act issues -e examples/events/issues-labeled.json -W examples/workflows/issue-labeled.yml --local-repository octo-org/dispatch-ledger@v0="$PWD"':
    'needs act and a Docker engine, which CI machines do not have'
}
/** `npm ci && …`: the suite runs on an installed tree, so the rest of the line runs alone. */
const INSTALL = /^npm ci && /

const BLOCK_MS = 120_000

interface Block {
  page: string
  line: number
  text: string
}

/** The ```sh blocks of a page, continuation lines joined, comments after `#` kept. */
function shBlocks(page: string, markdown: string): Block[] {
  const blocks: Block[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (!/^```sh\s*$/.test(lines[i] as string)) continue
    const start = i + 1
    let end = start
    while (end < lines.length && !/^```\s*$/.test(lines[end] as string)) end++
    blocks.push({ page, line: start + 1, text: lines.slice(start, end).join('\n') })
    i = end
  }
  return blocks
}

/** A block's commands, one per logical line (a trailing `\` continues it). */
export function commands(text: string): string[] {
  return text
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map(line => line.trim())
    .filter(line => line !== '')
}

/** What the test runs of a command: the line, less `npm ci && `, or null (NOT_RUN). */
function runnable(command: string): string | null {
  const bare = command.replace(/\s+#.*$/, '').trim()
  if (bare in NOT_RUN) return null
  return bare.replace(INSTALL, '')
}

function bash(script: string, cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise(done => {
    const child = spawn('bash', ['--noprofile', '--norc', '-c', `set -euo pipefail\n${script}`], {
      cwd,
      env: {
        ...process.env,
        PATH: `${join(PROJECT_ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
        GITHUB_API_URL: ''
      },
      detached: true
    })
    let out = ''
    child.stdout.on('data', chunk => (out += chunk))
    child.stderr.on('data', chunk => (out += chunk))
    const timer = setTimeout(() => {
      out += `\n(killed after ${BLOCK_MS} ms)`
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
    }, BLOCK_MS)
    child.on('close', code => {
      clearTimeout(timer)
      done({ code, out })
    })
  })
}

async function pages(): Promise<Array<{ page: string; blocks: Block[] }>> {
  const names = (await readdir(join(PROJECT_ROOT, 'docs'))).filter(n => n.endsWith('.md')).sort()
  return Promise.all(
    names.map(async page => ({
      page,
      blocks: shBlocks(page, await readFile(join(PROJECT_ROOT, 'docs', page), 'utf8'))
    }))
  )
}

const all = await pages()

/** Pages whose commands read a ledger: they run in a clone whose origin holds one. */
const IN_A_CLONE = ['troubleshooting.md', 'cli.md']

/**
 * A coordinator's run leaves its ledger on a kept origin; the reader has a plain clone, with
 * the example event as `event.json` and the command line's bin (dist/cli) on PATH, as
 * `npm install` links it.
 */
async function clonedLedger(): Promise<{ clone: string; path: string }> {
  const dir = await makeTempDir()
  const origin = join(dir, 'origin.git')
  const clone = join(dir, 'clone')
  const bin = join(dir, 'bin')
  const setup = await bash(
    `npm run workflow -- examples/workflows/issue-labeled.yml --event examples/events/issues-labeled.json --fake-api --origin '${origin}'\n` +
      `git clone -q '${origin}' '${clone}'\n` +
      `cp examples/events/issues-labeled.json '${clone}/event.json'\n` +
      `mkdir '${bin}' && ln -s '${join(PROJECT_ROOT, 'dist/cli/index.js')}' '${bin}/dispatch-ledger'`,
    PROJECT_ROOT
  )
  expect([setup.code, setup.out.slice(-2000)]).toEqual([0, expect.any(String)])
  return { clone, path: bin }
}

/** Runs a page's blocks in order in cwd; returns all they printed. */
async function runPage(name: string, cwd: string, path: string): Promise<string> {
  const page = all.find(p => p.page === name)!
  let out = ''
  for (const block of page.blocks) {
    const script = commands(block.text)
      .map(runnable)
      .filter((c): c is string => c !== null)
      .join('\n')
    const ran = await bash(`export PATH='${path}':"$PATH"\n${script}`, cwd)
    expect([block.line, ran.code, ran.out.slice(-3000)]).toEqual([
      block.line,
      0,
      expect.any(String)
    ])
    out += ran.out
  }
  return out
}

describe('every shell command in docs/ runs', () => {
  it('the pages show commands, and NOT_RUN lists only lines the pages still show', () => {
    const shown = all.flatMap(p => p.blocks.flatMap(b => commands(b.text)))
    expect(shown.length).toBeGreaterThan(5)
    const bare = shown.map(c => c.replace(/\s+#.*$/, '').trim())
    expect(Object.keys(NOT_RUN).filter(line => !bare.includes(line))).toEqual([])
    expect(Object.keys(NOT_RUN).length).toBeLessThanOrEqual(4)
  })

  it(
    'a command that fails makes its block fail (the check can fail)',
    async () => {
      const ran = await bash(
        'npm run action -- --event examples/events/schedule.json --with command=plan',
        PROJECT_ROOT
      )
      expect(ran.out).toMatch(/has no input "command"/)
      expect(ran.code).not.toBe(0)
    },
    BLOCK_MS
  )

  for (const { page, blocks } of all.filter(p => !IN_A_CLONE.includes(p.page)))
    for (const block of blocks)
      it(
        `${page}:${block.line}`,
        async () => {
          const script = commands(block.text)
            .map(runnable)
            .filter((c): c is string => c !== null)
            .join('\n')
          const ran = await bash(script, PROJECT_ROOT)
          expect([ran.code, ran.out.slice(-3000)]).toEqual([0, expect.any(String)])
        },
        BLOCK_MS
      )

  it(
    'troubleshooting.md, in order, in a clone whose origin holds a ledger',
    async () => {
      const { clone, path } = await clonedLedger()
      expect(all.find(p => p.page === 'troubleshooting.md')!.blocks.length).toBeGreaterThanOrEqual(
        2
      )
      const out = await runPage('troubleshooting.md', clone, path)
      // What the page says each command shows: the ledger's refs, then none left on the origin.
      expect(out).toMatch(/refs\/dispatch-ledger\/runs\//)
      expect(out.trim().split('\n').at(-1)?.trim()).toBe('0')
    },
    3 * BLOCK_MS
  )

  it(
    'cli.md, in order, in a clone whose origin holds a ledger',
    async () => {
      const { clone, path } = await clonedLedger()
      const out = await runPage('cli.md', clone, path)
      // What the page says: the run, its key, and no ledger ref fetched into the clone.
      expect(out).toMatch(/^RUN ID\s+DISPATCH KEY\s+STATE/m)
      expect(out).toContain('v1/issues/123456789/42/labeled/agent:run')
      expect(out.trim().split('\n').at(-1)?.trim()).toBe('0')
    },
    3 * BLOCK_MS
  )
})
