/**
 * docs/reference.md is generated from the action manifests (themselves generated from the
 * registry), so its input and output tables cannot drift. `npm run manifests` rewrites it.
 */
import { expect, it } from '@jest/globals'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as prettier from 'prettier'
import { parse } from 'yaml'
import { manifestFile, referencePage } from '../../scripts/manifests.js'
import { PROJECT_ROOT, type Manifest } from '../../scripts/runner.js'
import { COMMANDS } from '../../src/registry.js'

const PAGE = join(PROJECT_ROOT, 'docs/reference.md')

it('docs/reference.md is what the manifests generate', async () => {
  const manifests = await Promise.all(
    COMMANDS.map(
      async command =>
        [
          command,
          parse(await readFile(join(PROJECT_ROOT, manifestFile(command)), 'utf8')) as Manifest
        ] as const
    )
  )
  const options = (await prettier.resolveConfig(PAGE)) ?? {}
  const expected = await prettier.format(referencePage(manifests), { ...options, filepath: PAGE })
  if (process.env.UPDATE_REFERENCE === '1') await writeFile(PAGE, expected)
  const actual = await readFile(PAGE, 'utf8').catch(() => '')
  expect(actual).toBe(expected)
})
