/**
 * docs/reference.md is generated from action.yml, so its input and output tables cannot drift
 * from the manifest. `UPDATE_REFERENCE=1 npm test -- __tests__/e2e/reference.test.ts` rewrites it.
 */
import { expect, it } from '@jest/globals'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as prettier from 'prettier'
import { parse } from 'yaml'
import { PROJECT_ROOT } from '../../scripts/runner.js'

const PAGE = join(PROJECT_ROOT, 'docs/reference.md')

type Entry = { description?: string; default?: string }
type Manifest = { inputs: Record<string, Entry>; outputs: Record<string, Entry> }

/** Manifest text as one table cell: one line, pipes escaped. */
function cell(text: string | undefined): string {
  return (text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replaceAll('|', '\\|')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

export function referencePage(manifest: Manifest): string {
  const inputs = Object.entries(manifest.inputs).map(
    ([name, entry]) =>
      `| \`${name}\` | ${entry.default ? `\`${cell(entry.default)}\`` : ''} | ${cell(entry.description)} |`
  )
  const outputs = Object.entries(manifest.outputs).map(
    ([name, entry]) => `| \`${name}\` | ${cell(entry.description)} |`
  )
  return [
    '<!-- Generated from action.yml by __tests__/e2e/reference.test.ts; do not edit by hand. -->',
    '',
    '# Reference',
    '',
    'Every input and output of the action as `action.yml` declares them. Today one action takes',
    'a `command` input; each command reads only the inputs that concern it.',
    '',
    '## Inputs',
    '',
    '| input | default | description |',
    '| --- | --- | --- |',
    ...inputs,
    '',
    '## Outputs',
    '',
    '| output | description |',
    '| --- | --- |',
    ...outputs,
    ''
  ].join('\n')
}

it('docs/reference.md is what action.yml generates', async () => {
  const manifest = parse(await readFile(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as Manifest
  const options = (await prettier.resolveConfig(PAGE)) ?? {}
  const expected = await prettier.format(referencePage(manifest), { ...options, filepath: PAGE })
  if (process.env.UPDATE_REFERENCE === '1') await writeFile(PAGE, expected)
  const actual = await readFile(PAGE, 'utf8').catch(() => '')
  expect(actual).toBe(expected)
})
