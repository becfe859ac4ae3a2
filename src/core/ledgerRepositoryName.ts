/**
 * A ledger repository's name as GitHub allows it, `owner/name` (an owner of up to 39 letters,
 * digits and hyphens; a name of up to 100 letters, digits, `.`, `_` and `-`): the one pattern
 * the `ledger-repository` input and the command line's `--ledger-repository` both check.
 */
export const LEDGER_REPOSITORY_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/
