/**
 * Every action manifest is what the command registry generates, so a command's inputs,
 * defaults and outputs are written once. `npm run manifests` rewrites them.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import * as prettier from 'prettier'
import { manifestFile, manifestText } from '../../scripts/manifests.js'
import { ACTIONS, PROJECT_ROOT } from '../../scripts/runner.js'
import { COMMANDS, inputsOf, outputsOf, REGISTRY } from '../../src/registry.js'

async function generated(command: (typeof COMMANDS)[number]): Promise<string> {
  const spec = REGISTRY[command]
  const path = join(PROJECT_ROOT, manifestFile(command))
  const text = manifestText({
    name: command,
    description: spec.description,
    inputs: inputsOf(spec),
    outputs: outputsOf(spec)
  })
  const options = (await prettier.resolveConfig(path)) ?? {}
  return prettier.format(text, { ...options, filepath: path })
}

describe('the action manifests', () => {
  it.each(COMMANDS)('%s: the committed manifest is what the registry generates', async command => {
    const path = join(PROJECT_ROOT, manifestFile(command))
    const expected = await generated(command)
    if (process.env.UPDATE_MANIFESTS === '1') {
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, expected)
    }
    const actual = await readFile(path, 'utf8').catch(() => '')
    expect(actual).toBe(expected)
  })

  it('the runner knows every folder the registry makes, and no other', () => {
    expect([...ACTIONS].sort()).toEqual(COMMANDS.filter(name => name !== 'admit').sort())
  })

  it('every description fits the Marketplace (fewer than 125 characters)', async () => {
    for (const command of COMMANDS) {
      const manifest = await readFile(join(PROJECT_ROOT, manifestFile(command)), 'utf8')
      const { description } = (await import('yaml')).parse(manifest) as { description: string }
      expect({ command, length: description.length }).toEqual({
        command,
        length: Math.min(description.length, 124)
      })
    }
  })

  it('no action takes a command input any more', () => {
    for (const command of COMMANDS)
      expect(Object.keys(REGISTRY[command].inputs)).not.toContain('command')
  })
})
