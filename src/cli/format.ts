/**
 * How the command line prints (docs/cli.md): aligned columns, relative ages, colour only on a
 * terminal that has not asked for none (NO_COLOR), and every stored value made inert first.
 */
import { CONTROL_CHARACTERS } from '../core/text.js'

export { age, secondsSince } from '../core/time.js'

export interface Style {
  /** Colours a cell when colour is on; the text is unchanged otherwise. */
  paint(colour: Colour, text: string): string
}

export type Colour = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan'

const CODES: Record<Colour, string> = {
  bold: '1',
  dim: '2',
  red: '31',
  green: '32',
  yellow: '33',
  cyan: '36'
}

/** Colour on a TTY only, never with NO_COLOR set (any value), nor with TERM=dumb. */
export function styleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Style {
  const on = stream.isTTY === true && env.NO_COLOR === undefined && env.TERM !== 'dumb'
  return {
    paint: (colour, text) => (on && text !== '' ? `\u001b[${CODES[colour]}m${text}\u001b[0m` : text)
  }
}

/**
 * A stored value as a terminal may show it: a control character (an escape sequence could
 * rewrite the screen) is printed as its code, `\u001b`, never sent raw.
 */
export function terminalText(value: string): string {
  return value.replace(
    new RegExp(CONTROL_CHARACTERS.source, 'gu'),
    c => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`
  )
}

export interface Cell {
  readonly text: string
  readonly colour?: Colour
}

/** Columns padded to their widest cell (by code point, uncoloured), two spaces apart. */
export function table(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
  style: Style
): string {
  const widths = header.map((h, i) =>
    Math.max([...h].length, ...rows.map(r => [...(r[i]?.text ?? '')].length))
  )
  const line = (cells: readonly Cell[]) =>
    cells
      .map((cell, i) => {
        const pad =
          i === cells.length - 1 ? '' : ' '.repeat((widths[i] ?? 0) - [...cell.text].length)
        return (cell.colour ? style.paint(cell.colour, cell.text) : cell.text) + pad
      })
      .join('  ')
      .trimEnd()
  return [line(header.map(text => ({ text, colour: 'bold' as const }))), ...rows.map(line)].join(
    '\n'
  )
}

/** `1 run`, `2 runs`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
