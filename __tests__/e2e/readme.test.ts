/**
 * The README is what a person deciding to adopt the action reads, so it must stay short and
 * every workflow it shows must be one the tests run: each ```yaml block is a verbatim excerpt
 * (contiguous lines) of a file in examples/workflows/, which workflowExamples.test.ts runs
 * end to end through the local workflow runner. Switching those files switches the README.
 */
import { describe, expect, it } from '@jest/globals'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/runner.js'

const MAX_LINES = 250

async function readme(): Promise<string> {
  return readFile(join(PROJECT_ROOT, 'README.md'), 'utf8')
}

/** Every fenced block whose info string is `yaml` or `yml`, as its lines. */
function yamlBlocks(markdown: string): { line: number; lines: string[] }[] {
  const blocks: { line: number; lines: string[] }[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*```\s*ya?ml\b/i.test(lines[i] as string)) continue
    const start = i + 1
    let end = start
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end] as string)) end++
    blocks.push({ line: start + 1, lines: lines.slice(start, end) })
    i = end
  }
  return blocks
}

async function examples(): Promise<{ name: string; lines: string[] }[]> {
  const dir = join(PROJECT_ROOT, 'examples/workflows')
  const names = (await readdir(dir)).filter(name => /\.ya?ml$/.test(name)).sort()
  return Promise.all(
    names.map(async name => ({
      name,
      lines: (await readFile(join(dir, name), 'utf8')).split('\n')
    }))
  )
}

/** Whether `block` occurs as contiguous whole lines of `file`. */
function isExcerpt(block: string[], file: string[]): boolean {
  if (block.length === 0) return false
  for (let i = 0; i + block.length <= file.length; i++)
    if (block.every((line, j) => line === file[i + j])) return true
  return false
}

describe('README.md', () => {
  it(`is at most ${MAX_LINES} lines`, async () => {
    const lines = (await readme()).replace(/\n$/, '').split('\n').length
    expect(lines).toBeLessThanOrEqual(MAX_LINES)
  })

  it('shows YAML only as verbatim excerpts of examples/workflows/ (which the tests run)', async () => {
    const files = await examples()
    const blocks = yamlBlocks(await readme())
    expect(blocks.length).toBeGreaterThan(0)
    const strays = blocks
      .filter(block => !files.some(file => isExcerpt(block.lines, file.lines)))
      .map(block => `README.md:${block.line}: ${block.lines.slice(0, 2).join(' ⏎ ')} …`)
    expect(strays).toEqual([])
  })

  it('the check above does catch a block that is not an excerpt', async () => {
    const files = await examples()
    const [first] = yamlBlocks((await readme()).replace(/```yaml\n/, '```yaml\n# edited\n'))
    expect(files.some(file => isExcerpt(first!.lines, file.lines))).toBe(false)
  })

  it('keeps the two commands a newcomer runs, as CI runs them', async () => {
    const text = await readme()
    expect(text).toContain('npm ci && npm run demo')
    expect(text).toContain('npm test')
    const ci = await readFile(join(PROJECT_ROOT, '.ci/run'), 'utf8')
    expect(ci).toMatch(/^npm test\b/m)
  })

  it('cites no document outside the repository (no SPEC, no seeds)', async () => {
    const cited = (await readme()).split('\n').filter(line => /\bSPEC\b|seeds\//.test(line))
    expect(cited).toEqual([])
  })
})
