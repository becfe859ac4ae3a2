/**
 * docs/design/writers.md "Text safety": names that identify a dispatch or a run carry no control characters,
 * and every outside value is shown as inert text. Pure.
 */
import { InvalidInput } from './errors.js'

/** C0, DEL, C1, and the Unicode line and paragraph separators. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u

export const MAX_RUN_ID_LENGTH = 1024

/** The first control character in text, described (`U+0009`), or null when there is none. */
export function findControlCharacter(text: string): string | null {
  const match = CONTROL_CHARACTERS.exec(text)
  if (!match) return null
  const code = match[0].codePointAt(0) as number
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

/** A run id given by the caller: non-empty, at most 1024 characters, no control characters. */
export function checkRunId(runId: string): string {
  const control = findControlCharacter(runId)
  if (runId === '' || runId.length > MAX_RUN_ID_LENGTH || control !== null)
    throw new InvalidInput(
      `The \`run_id\` ${quoted(runId.slice(0, 80))} is not a valid run id: ` +
        (control !== null
          ? `it contains the control character ${control}`
          : `it must be 1 to ${MAX_RUN_ID_LENGTH} characters`) +
        '. Give the `run_id` as printable text, such as the run_id output of admit.'
    )
  return runId
}

/**
 * What a terminal or a log must never receive raw: C0, DEL and C1 (an escape sequence can
 * retitle a window or clear the screen), the line and paragraph separators, and the
 * bidirectional controls (they reorder what is shown, so a name can read as another).
 */
const UNPRINTABLE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu

/**
 * Text as it may be printed anywhere: each character above shown as its JSON escape
 * (`\u001b`, `\u202e`), everything else, any other non-ASCII included, kept. The one escaping
 * function: every printed or logged form below is built on it.
 */
export function escapeControls(text: string): string {
  return text.replace(
    UNPRINTABLE,
    c => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`
  )
}

/**
 * A value quoted for a message or a log line: JSON string syntax (which escapes C0 itself),
 * with the characters JSON leaves raw escaped too, so no value can break or colour a line.
 */
export function quoted(value: string): string {
  return escapeControls(JSON.stringify(value))
}

/**
 * A message as one inert log line: its line breaks (and the space around them) become one
 * space, every other control character its escape.
 */
export function logLine(message: string): string {
  return escapeControls(message.replace(/\s*\n\s*/g, ' '))
}

/**
 * A value as indented JSON a terminal may show: JSON.stringify leaves DEL, C1, the separators
 * and the bidirectional controls raw inside strings, so each line is escaped (the line breaks
 * between them are layout; inside a string JSON has escaped them already).
 */
export function inertJson(value: unknown): string {
  return JSON.stringify(value, null, 2).split('\n').map(escapeControls).join('\n')
}

const HTML_SPECIAL = /[&<>"'`|\\[\]*_#!~]/g
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/g

/**
 * A value from an event, an input or the store, made safe to place anywhere in a job summary:
 * markdown and HTML specials become character references, line breaks are shown as `⏎` (so a
 * value can never end a block and start a heading, a link or an image), and any other control
 * character, a bidirectional control included, is shown by its code (`\u001b`, `\u202e`).
 */
export function inertText(value: string): string {
  return escapeControls(
    value.replace(HTML_SPECIAL, c => `&#${c.charCodeAt(0)};`).replace(LINE_BREAK, '⏎')
  )
}
