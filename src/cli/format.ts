/**
 * How the command line prints (docs/cli.md): aligned columns, relative ages, colour only on a
 * terminal that has not asked for none (NO_COLOR), and every stored value made inert first.
 */
import { escapeControls } from '../core/text.js'

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

export interface Cell {
  readonly text: string
  readonly colour?: Colour
}

/**
 * A cell's text as a terminal may show it: a stored value's control characters (an escape
 * sequence could rewrite the screen, a bidirectional control reorder it) as their codes.
 */
function inert(rows: readonly (readonly Cell[])[]): Cell[][] {
  return rows.map(row => row.map(cell => ({ ...cell, text: escapeControls(cell?.text ?? '') })))
}

/**
 * Columns padded to their widest cell (by code point, uncoloured), two spaces apart; every
 * cell's text is made inert first, so a caller cannot forget to.
 */
export function table(
  header: readonly string[],
  given: readonly (readonly Cell[])[],
  style: Style
): string {
  const rows = inert(given)
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
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`
}

/** How a table is made to fit: which columns give way first, and how. */
export interface Fit {
  /** the widest line, in columns */
  readonly width: number
  /** columns that may be cut, first to give way first, each down to `min` columns */
  readonly shrink: ReadonlyArray<{
    readonly column: number
    readonly min: number
    readonly keep?: 'start' | 'end'
  }>
  /** columns left out, first first, when cutting is not enough */
  readonly drop: readonly number[]
}

/** `text` cut to `width` code points with an ellipsis, keeping its start (or its end). */
export function cut(text: string, width: number, keep: 'start' | 'end' = 'start'): string {
  const points = [...text]
  if (points.length <= width) return text
  if (width <= 1) return '…'.slice(0, width)
  return keep === 'start'
    ? `${points.slice(0, width - 1).join('')}…`
    : `…${points.slice(points.length - width + 1).join('')}`
}

/**
 * A table no wider than `fit.width`: the shrinkable columns are cut, in order, down to their
 * minimum; then columns are left out, in order, until it fits (the last column kept always).
 */
export function fittedTable(
  header: readonly string[],
  given: readonly (readonly Cell[])[],
  style: Style,
  fit: Fit
): string {
  // Measured as printed: an escape is wider than the character it shows.
  const rows = inert(given)
  let columns = header.map((_, i) => i)
  const natural = (i: number) =>
    Math.max([...(header[i] ?? '')].length, ...rows.map(r => [...(r[i]?.text ?? '')].length))
  const widths = new Map(columns.map(i => [i, natural(i)]))
  const total = () =>
    columns.reduce((sum, i) => sum + (widths.get(i) ?? 0), 0) + 2 * (columns.length - 1)
  const shrinkAll = () => {
    for (const { column, min } of fit.shrink) {
      if (!columns.includes(column)) continue
      const over = total() - fit.width
      if (over <= 0) return
      const now = widths.get(column) ?? 0
      widths.set(column, Math.max(Math.min(min, now), now - over))
    }
  }
  shrinkAll()
  for (const column of fit.drop) {
    if (total() <= fit.width || columns.length <= 1) break
    columns = columns.filter(i => i !== column)
    for (const i of columns) widths.set(i, natural(i))
    shrinkAll()
  }
  const keepOf = (i: number) => fit.shrink.find(s => s.column === i)?.keep ?? 'start'
  const pick = <T>(cells: readonly T[]) => columns.map(i => cells[i] as T)
  return table(
    pick(header).map((h, j) => cut(h, widths.get(columns[j] as number) ?? 0)),
    rows.map(row =>
      pick(row).map((cell, j) => {
        const i = columns[j] as number
        return { ...cell, text: cut(cell?.text ?? '', widths.get(i) ?? 0, keepOf(i)) }
      })
    ),
    style
  )
}

/**
 * The width a table is fitted to: the terminal's, else COLUMNS, else 80 (a pipe or a file:
 * `--json` is the form for programs, and 80 columns reads anywhere).
 */
export function widthFor(
  stream: { isTTY?: boolean; columns?: number },
  env: NodeJS.ProcessEnv
): number {
  if (stream.isTTY === true && typeof stream.columns === 'number' && stream.columns > 0)
    return stream.columns
  const given = Number(env.COLUMNS)
  return Number.isInteger(given) && given > 0 ? given : 80
}

/**
 * Prose wrapped to `width` columns at spaces, each line after the first indented by `indent`;
 * a word longer than a line is broken, so no line is ever wider.
 */
export function wrap(text: string, width: number, indent = ''): string {
  const room = Math.max(width - [...indent].length, 8)
  const lines: string[] = []
  let line = ''
  const flush = () => {
    lines.push(line)
    line = ''
  }
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while ([...word].length > room) {
      if (line) flush()
      lines.push([...word].slice(0, room).join(''))
      word = [...word].slice(room).join('')
    }
    if (line && [...line].length + 1 + [...word].length > (lines.length === 0 ? width : room))
      flush()
    line = line ? `${line} ${word}` : word
  }
  if (line || lines.length === 0) flush()
  return lines.map((l, i) => (i === 0 ? l : `${indent}${l}`)).join('\n')
}
