/**
 * Where a test stops the action with a real SIGKILL, to prove every crash is recoverable
 * (docs/development.md#tests): DISPATCH_LEDGER_TEST_KILL_AT names one boundary of the command's
 * own (dispatch's before-intent … after-outcome, an observer's after-observation-read). Unset in
 * every real workflow, so it does nothing there.
 */
export function failpoint<B extends string>(
  env: NodeJS.ProcessEnv
): ((boundary: B) => void) | undefined {
  const at = env.DISPATCH_LEDGER_TEST_KILL_AT
  if (!at) return undefined
  return boundary => {
    if (boundary === at) process.kill(process.pid, 'SIGKILL')
  }
}
