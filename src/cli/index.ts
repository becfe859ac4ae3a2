#!/usr/bin/env node
/** The `dispatch-ledger` bin (package.json): the command line over this process's own streams. */
import { runCli } from './main.js'

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr
})
