/**
 * Names of files in a cache repository that other code (the benchmarks, the tests) must find.
 * This module imports nothing, so a script run by Node's type stripping can import it directly.
 */

/** The memo of a warm status, kept inside the cache repository it describes (docs/cli.md). */
export const MEMO_FILE = 'dispatch-ledger-memo.json'
