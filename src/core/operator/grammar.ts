/**
 * docs/design/operators.md grammar: the first line of a comment, `<prefix> <verb> <run id> [args]`. Pure.
 *
 * Comment text is untrusted: it is parsed here into plain values (an enum verb, a checked
 * run id, bounded strings) and never reaches a shell, a git argument or markup raw.
 */

export const OPERATOR_VERBS = [
  'approve',
  'deny',
  'cancel',
  'retry',
  'resolve',
  'resolve-effect',
  'status'
] as const
export type OperatorVerb = (typeof OPERATOR_VERBS)[number]

/** The verbs that write a record (everything except status and the effect verb). */
export const WRITING_VERBS = ['approve', 'deny', 'cancel', 'retry', 'resolve'] as const
export type WritingVerb = (typeof WRITING_VERBS)[number]

export type OperatorCommand =
  | {
      readonly verb: 'approve' | 'deny' | 'cancel' | 'retry'
      readonly run_id: string
      readonly note: string | null
    }
  | {
      readonly verb: 'resolve'
      readonly run_id: string
      readonly answer: 'sent'
      readonly external_ids: Readonly<Record<string, string>>
      readonly note: null
    }
  | {
      readonly verb: 'resolve'
      readonly run_id: string
      readonly answer: 'not-sent'
      readonly note: string | null
    }
  | { readonly verb: 'status'; readonly run_id: string }
  | {
      readonly verb: 'resolve-effect'
      readonly operation_id: string
      readonly answer: 'committed' | 'not-committed'
      /** The release id for `committed`; null for `not-committed`. */
      readonly release_id: string | null
      readonly note: string | null
    }

export type ParsedComment =
  /** The first line does not start with the prefix: not for us, say nothing. */
  | { readonly kind: 'not_addressed' }
  /** Addressed to us but not a command we understand; `verb` when the verb was readable. */
  | { readonly kind: 'malformed'; readonly verb: string; readonly reason: string }
  | { readonly kind: 'command'; readonly command: OperatorCommand }

/** Notes are stored in the record's note (at most 4096 characters, docs/design/storage.md). */
export const MAX_NOTE = 4096
const MAX_ID_BYTES = 1024
const MAX_EXTERNAL_IDS = 32
/** An external id's name: lower-case letters, digits and `_`, starting with a letter. */
const EXTERNAL_ID_NAME = /^[a-z][a-z0-9_]{0,63}$/
/** An external id's value: printable ASCII without spaces, at most this many bytes. */
export const MAX_EXTERNAL_ID_VALUE = 256
const EXTERNAL_ID_VALUE = /^[\x21-\x7e]+$/
/** C0, DEL, C1, U+2028, U+2029 (docs/design/writers.md): never part of a run id. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

export const USAGE =
  'approve <run id> [note], deny <run id> [note], cancel <run id> [note], retry <run id> [note], ' +
  'resolve <run id> sent <name>=<value>…, resolve <run id> not-sent [note], status <run id>'

/** A prefix is one word without spaces, for example `/ledger`. */
export function checkPrefix(prefix: string): string | null {
  if (prefix.length === 0 || prefix.length > 64 || /\s/.test(prefix) || CONTROL.test(prefix))
    return 'the prefix must be one word of at most 64 characters without spaces, for example /ledger'
  return null
}

/** The first line of a comment body (CRLF, LF or CR ends it). */
export function firstLine(body: string): string {
  return body.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/, 1)[0] ?? ''
}

/**
 * Any separator other than the ASCII space: tabs, no-break and other Unicode spaces, line
 * separators, and the invisible ones (zero-width space and joiners, word joiner, BOM). A
 * command's words are separated by ASCII spaces only, so one of these inside a word makes
 * the comment malformed rather than a different command.
 */
const NOT_AN_ASCII_SPACE = /[\s\p{Z}\u180e\u200b-\u200d\u2060\ufeff]/u

function spacingReason(prefix: string): string {
  return `separate the words with ASCII spaces (not tabs, no-break or other Unicode spaces); write ${prefix} followed by one of: ${USAGE}`
}

/**
 * What is wrong with one external id an operator gives (`resolve sent <name>=<value>`),
 * whatever the driver; null when it may be recorded. The driver's own rules come on top,
 * where the attempt being resolved is known.
 */
export function externalIdProblem(name: string, value: string): string | null {
  if (!EXTERNAL_ID_NAME.test(name))
    return `the name ${JSON.stringify(name)} is not an external id name: lower-case letters, digits and _, starting with a letter, at most 64 characters`
  if (!EXTERNAL_ID_VALUE.test(value) || value.length > MAX_EXTERNAL_ID_VALUE)
    return `the value of ${name} must be 1 to ${MAX_EXTERNAL_ID_VALUE} bytes of printable ASCII without spaces`
  return null
}

/** Splits off the next word (ASCII spaces separate words); the rest keeps its inner spacing. */
function nextWord(text: string): [string, string] {
  const trimmed = text.replace(/^ +/, '')
  const end = trimmed.indexOf(' ')
  return end < 0 ? [trimmed, ''] : [trimmed.slice(0, end), trimmed.slice(end)]
}

function noteOf(rest: string): string | null {
  const note = rest.trim()
  return note.length === 0 ? null : note
}

function checkId(id: string, what: string): string | null {
  if (id.length === 0) return `the ${what} is missing`
  if (CONTROL.test(id)) return `the ${what} contains a control character`
  if (new TextEncoder().encode(id).length > MAX_ID_BYTES)
    return `the ${what} is longer than ${MAX_ID_BYTES} bytes`
  return null
}

/**
 * Parses a comment body, exactly: the prefix at the first character of the comment (an
 * indented line is a markdown code block, a quoted one a quote: neither is addressed to us),
 * the prefix and the verb as written (lower case), words separated by ASCII spaces.
 * `not_addressed` unless the comment starts with the prefix followed by a space or nothing;
 * a prefix followed by another kind of space, an upper-case verb or any word holding a
 * non-ASCII space is `malformed`. Everything after the first line is ignored.
 */
export function parseComment(body: string, prefix: string): ParsedComment {
  const line = firstLine(body)
  if (!line.startsWith(prefix)) return { kind: 'not_addressed' }
  const afterPrefix = line.slice(prefix.length)
  const separator = afterPrefix.slice(0, 1)
  const spacing = spacingReason(prefix)
  if (separator !== '' && separator !== ' ') {
    if (NOT_AN_ASCII_SPACE.test(separator)) return { kind: 'malformed', verb: '', reason: spacing }
    return { kind: 'not_addressed' }
  }
  const [verb, afterVerb] = nextWord(afterPrefix)
  const malformed = (reason: string): ParsedComment => ({ kind: 'malformed', verb, reason })
  if (NOT_AN_ASCII_SPACE.test(verb)) return malformed(spacing)
  if (!(OPERATOR_VERBS as readonly string[]).includes(verb))
    return malformed(
      (OPERATOR_VERBS as readonly string[]).includes(verb.toLowerCase())
        ? `verbs are written in lower case; write ${prefix} ${verb.toLowerCase()} …`
        : verb.length === 0
          ? `no verb after ${prefix}; write ${prefix} followed by one of: ${USAGE}`
          : `the verb is not one of approve, deny, cancel, retry, resolve, resolve-effect, status; write ${prefix} followed by one of: ${USAGE}`
    )
  const [id, rest] = nextWord(afterVerb)
  const what = verb === 'resolve-effect' ? 'operation id' : 'run id'
  if (NOT_AN_ASCII_SPACE.test(id)) return malformed(spacing)
  const bad = checkId(id, what)
  if (bad) return malformed(`${bad}; write ${prefix} ${verb} <${what}>…`)
  const note = noteOf(rest)
  if (note !== null && note.length > MAX_NOTE)
    return malformed(`the note is longer than ${MAX_NOTE} characters; shorten it`)

  switch (verb as OperatorVerb) {
    case 'approve':
    case 'deny':
    case 'cancel':
    case 'retry':
      return {
        kind: 'command',
        command: { verb: verb as 'approve', run_id: id, note }
      }
    case 'status':
      return { kind: 'command', command: { verb: 'status', run_id: id } }
    case 'resolve':
      return parseResolve(id, rest, prefix, malformed)
    case 'resolve-effect':
      return parseResolveEffect(id, rest, prefix, malformed)
  }
}

function parseResolve(
  run_id: string,
  rest: string,
  prefix: string,
  malformed: (reason: string) => ParsedComment
): ParsedComment {
  const [answer, tail] = nextWord(rest)
  if (NOT_AN_ASCII_SPACE.test(answer)) return malformed(spacingReason(prefix))
  const usage = `write ${prefix} resolve ${run_id} sent <name>=<value>… or ${prefix} resolve ${run_id} not-sent [note]`
  if (answer === 'not-sent')
    return {
      kind: 'command',
      command: { verb: 'resolve', run_id, answer: 'not-sent', note: noteOf(tail) }
    }
  if (answer !== 'sent')
    return malformed(
      answer
        ? `resolve answers sent or not-sent, not this word; ${usage}`
        : `resolve needs an answer; ${usage}`
    )
  const words = tail.split(' ').filter(Boolean)
  if (words.some(word => NOT_AN_ASCII_SPACE.test(word))) return malformed(spacingReason(prefix))
  if (words.length === 0)
    return malformed(
      `resolve sent needs at least one external id the provider shows (for example workflow_run_id=9555); ${usage}`
    )
  if (words.length > MAX_EXTERNAL_IDS)
    return malformed(`resolve sent takes at most ${MAX_EXTERNAL_IDS} external ids`)
  const external_ids: Record<string, string> = {}
  for (const pair of words) {
    const at = pair.indexOf('=')
    if (at <= 0)
      return malformed(
        `resolve sent takes name=value pairs, one per word, for example workflow_run_id=9555; ${usage}`
      )
    const name = pair.slice(0, at)
    const value = pair.slice(at + 1)
    const problem = externalIdProblem(name, value)
    if (problem !== null) return malformed(`${problem}; ${usage}`)
    if (Object.hasOwn(external_ids, name))
      return malformed(`${name} is given twice; give each external id once`)
    external_ids[name] = value
  }
  return {
    kind: 'command',
    command: { verb: 'resolve', run_id, answer: 'sent', external_ids, note: null }
  }
}

function parseResolveEffect(
  operation_id: string,
  rest: string,
  prefix: string,
  malformed: (reason: string) => ParsedComment
): ParsedComment {
  const [answer, tail] = nextWord(rest)
  if (NOT_AN_ASCII_SPACE.test(answer)) return malformed(spacingReason(prefix))
  const usage = `write ${prefix} resolve-effect ${operation_id} committed <release id> or ${prefix} resolve-effect ${operation_id} not-committed [note]`
  if (answer === 'not-committed')
    return {
      kind: 'command',
      command: {
        verb: 'resolve-effect',
        operation_id,
        answer: 'not-committed',
        release_id: null,
        note: noteOf(tail)
      }
    }
  if (answer !== 'committed')
    return malformed(`resolve-effect answers committed or not-committed; ${usage}`)
  const [release, after] = nextWord(tail)
  if (NOT_AN_ASCII_SPACE.test(release)) return malformed(spacingReason(prefix))
  if (!/^[1-9][0-9]{0,19}$/.test(release))
    return malformed(`resolve-effect committed needs the release id (a number); ${usage}`)
  return {
    kind: 'command',
    command: {
      verb: 'resolve-effect',
      operation_id,
      answer: 'committed',
      release_id: release,
      note: noteOf(after)
    }
  }
}
