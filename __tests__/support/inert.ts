/**
 * For the suites that check printed text is inert: a field name a hostile writer could give a
 * record (a terminal's title and clear-screen sequence), a forger that gives a run's head
 * record such fields, and the test for what a terminal would act on rather than show.
 */
import { canonicalJson } from '../../src/core/canonical.js'
import type { ChainEntry } from '../../src/core/chain/definition.js'
import { chainCommit, encodeCommit, parseCommit } from '../../src/core/entry.js'
import { OPERATION_ENTRY } from '../../src/core/effect/operationChain.js'
import type { OperationRecord } from '../../src/core/effect/operation.js'
import { RUN_ENTRY } from '../../src/core/record.js'
import { entryText } from '../../testkit/layout.js'
import { setLogical, writeObject } from './repo.js'

/** Retitles the terminal's window and clears its screen, when printed raw. */
export const FIELD = 'x\u001b]0;PWNED\u0007\u001b[2Jy'
/** JSON escapes C0 itself, not C1 or the bidirectional controls: a name with those. */
export const FIELD_BIDI = 'y\u202e\u0085z'
/** A label that reads backwards from its override on. */
export const LABEL = 'agent\u202erun'

/**
 * Anything a terminal or a log would act on rather than show: C0 (the line break aside, when
 * `lineBreak` is layout), DEL, C1, the separators and the bidirectional controls.
 */
export function activeIn(text: string, options: { lineBreak: 'layout' | 'active' }): string | null {
  const active =
    options.lineBreak === 'layout'
      ? /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u
      : /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u
  const found = active.exec(text)?.[0]
  return found === undefined ? null : `U+${(found.codePointAt(0) as number).toString(16)}`
}

/**
 * Gives the head record of the chain at `ref` (in the repository at `dir`) the fields given,
 * as a hand edit would: canonical JSON and the subject line a writer gives it (a run's record,
 * or with `entry` an operation's), so only the schema can tell.
 */
export async function forgeHeadFields<R>(
  dir: string,
  ref: string,
  fields: Record<string, unknown>,
  entry: ChainEntry<R> = RUN_ENTRY as unknown as ChainEntry<R>
): Promise<void> {
  const { parents, message } = parseCommit(await entryText(dir, ref))
  const record = JSON.parse(message.slice(message.indexOf('\n\n') + 2)) as R
  const forged = { ...record, ...fields } as R
  const bytes = encodeCommit({
    ...chainCommit(entry, forged, parents[0] ?? null),
    json: canonicalJson(forged)
  })
  await setLogical(dir, ref, writeObject(dir, 'commit', bytes))
}

/** Writes an operation's chain at `ref` as effect would have, its commits each on the last. */
export async function writeOperation(
  dir: string,
  ref: string,
  records: readonly OperationRecord[]
): Promise<void> {
  let head: string | null = null
  for (const record of records)
    head = writeObject(dir, 'commit', encodeCommit(chainCommit(OPERATION_ENTRY, record, head)))
  await setLogical(dir, ref, head)
}
