#!/usr/bin/env node
/** The `dispatch-ledger` bin (package.json): the command line over this process's own streams. */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
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
      .digest('hex')
})
