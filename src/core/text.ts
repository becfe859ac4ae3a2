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
 * A value quoted for a message or a log line: JSON string syntax, with the characters JSON
 * leaves raw (DEL, C1, U+2028, U+2029) escaped too, so no value can break or colour a log line.
 */
export function quoted(value: string): string {
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    c => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`
  )
}

const HTML_SPECIAL = /[&<>"'`|\\[\]*_#!~]/g
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/g
const OTHER_CONTROL = /[\u0000-\u001f\u007f-\u009f]/g

/**
 * A value from an event, an input or the store, made safe to place anywhere in a job summary:
 * markdown and HTML specials become character references, line breaks are shown as `⏎` (so a
 * value can never end a block and start a heading, a link or an image), and any other control
 * character is shown by its code (`\u001b`).
 */
export function inertText(value: string): string {
  return value
    .replace(HTML_SPECIAL, c => `&#${c.charCodeAt(0)};`)
    .replace(LINE_BREAK, '⏎')
    .replace(OTHER_CONTROL, c => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`)
}
