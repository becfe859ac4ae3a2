/** The command line's printing (docs/cli.md): colour rules, inert stored text, aligned columns. */
import { describe, expect, it } from '@jest/globals'
import { age, fittedTable, styleFor, table } from '../../src/cli/format.js'

describe('colour', () => {
  it.each([
    [true, {}, true],
    [true, { NO_COLOR: '' }, false],
    [true, { NO_COLOR: '1' }, false],
    [true, { TERM: 'dumb' }, false],
    [false, {}, false],
    [undefined, {}, false]
  ] as Array<[boolean | undefined, NodeJS.ProcessEnv, boolean]>)(
    'isTTY %s, env %j → colour %s',
    (isTTY, env, coloured) => {
      const painted = styleFor({ isTTY }, env).paint('red', 'stuck')
      expect(painted).toBe(coloured ? '\u001b[31mstuck\u001b[0m' : 'stuck')
    }
  )
})

describe('stored text on a terminal', () => {
  it('a table shows the control characters of a cell as codes, never sends them', () => {
    const style = styleFor({ isTTY: false }, {})
    const rows = [[{ text: 'run\u001b[2J\u0007\u2028x' }, { text: 'a\u202eb' }]]
    expect(table(['A', 'B'], rows, style).split('\n')[1]).toBe(
      'run\\u001b[2J\\u0007\\u2028x  a\\u202eb'
    )
    const fit = { width: 80, shrink: [], drop: [] }
    expect(fittedTable(['A', 'B'], rows, style, fit)).toBe(table(['A', 'B'], rows, style))
  })
})

describe('table', () => {
  it('pads every column to its widest cell, colour codes not counted', () => {
    const style = styleFor({ isTTY: true }, {})
    const text = table(
      ['A', 'BB'],
      [
        [{ text: 'long', colour: 'red' }, { text: 'x' }],
        [{ text: 'é' }, { text: 'y' }]
      ],
      style
    )
    const plain = text.replace(/\u001b\[[0-9;]*m/g, '')
    expect(plain.split('\n')).toEqual(['A     BB', 'long  x', 'é     y'])
  })
})

describe('age', () => {
  it.each([
    [0, '0s ago'],
    [59, '59s ago'],
    [60, '1m ago'],
    [3599, '59m ago'],
    [3600, '1h ago'],
    [86399, '23h ago'],
    [86400, '1d ago'],
    [-5, 'in the future']
  ])('%i s → %s', (seconds, text) => expect(age(seconds)).toBe(text))
})
