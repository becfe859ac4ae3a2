#!/usr/bin/env node
/** The `dispatch-ledger` bin (package.json): the command line over this process's own streams. */
import { createHash } from 'node:crypto'
import { readFileSync, realpathSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCli } from './main.js'

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
  // The bundle's own bytes: a memo kept by another build is never read (src/store/memo.ts).
  build: () =>
    createHash('sha256')
      .update(readFileSync(fileURLToPath(import.meta.url)))
      .digest('hex'),
  version: packageVersion()
})

/**
 * The version of the package this bin is part of: its package.json is two folders up from
 * dist/cli/index.js, in a clone and in an installed tarball alike. Found from the path the
 * process runs (through the bin's symbolic link), which the bundler cannot rewrite.
 */
function packageVersion(): string | undefined {
  try {
    const bin = realpathSync(process.argv[1] ?? '')
    const text = readFileSync(join(dirname(bin), '..', '..', 'package.json'), 'utf8')
    const { name, version } = JSON.parse(text) as { name?: unknown; version?: unknown }
    return name === 'dispatch-ledger' && typeof version === 'string' ? version : undefined
  } catch {
    return undefined
  }
}
