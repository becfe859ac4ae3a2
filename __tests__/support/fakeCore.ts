/**
 * A stand-in for `@actions/core`, installed with `jest.unstable_mockModule` as the official
 * actions/typescript-action template does, so the action's adapter (`src/main.ts` and the
 * steps) runs in-process: inputs come from `core.inputs`, and what the action reports is
 * collected in `core.outputs`, `core.failures`, `core.warnings`, `core.infos` and
 * `core.summaryText`.
 */
import type * as actionsCore from '@actions/core'
import { jest } from '@jest/globals'

export const inputs: Record<string, string> = {}
export const outputs: Record<string, string> = {}
export const failures: string[] = []
export const warnings: string[] = []
export const infos: string[] = []
export const secrets: string[] = []
let summaryBuffer = ''
let written = ''

/** Clears everything the previous run left, and sets this run's inputs. */
export function reset(withInputs: Record<string, string> = {}): void {
  for (const record of [inputs, outputs])
    for (const name of Object.keys(record)) delete record[name]
  Object.assign(inputs, withInputs)
  failures.length = 0
  warnings.length = 0
  infos.length = 0
  secrets.length = 0
  summaryBuffer = ''
  written = ''
}

/** The job summary as the action wrote it (empty when it wrote none). */
export function summaryText(): string {
  return written
}

export const getInput = jest.fn<typeof actionsCore.getInput>(name => inputs[name] ?? '')
export const setOutput = jest.fn<typeof actionsCore.setOutput>((name, value) => {
  outputs[name] = String(value)
})
export const setFailed = jest.fn<typeof actionsCore.setFailed>(message => {
  failures.push(message instanceof Error ? message.message : message)
})
export const setSecret = jest.fn<typeof actionsCore.setSecret>(secret => {
  secrets.push(secret)
})
export const warning = jest.fn<typeof actionsCore.warning>(message => {
  warnings.push(message instanceof Error ? message.message : message)
})
export const info = jest.fn<typeof actionsCore.info>(message => {
  infos.push(message)
})
export const debug = jest.fn<typeof actionsCore.debug>()

/** The summary builder methods the action uses, producing the same HTML shapes as core's. */
export const summary = {
  addHeading(text: string, level: number | string = 1) {
    summaryBuffer += `<h${level}>${text}</h${level}>\n`
    return summary
  },
  addRaw(text: string, addEOL = false) {
    summaryBuffer += text + (addEOL ? '\n' : '')
    return summary
  },
  addTable(rows: Array<Array<string | { data: string; header?: boolean }>>) {
    const cells = rows
      .map(
        row =>
          '<tr>' +
          row
            .map(cell =>
              typeof cell === 'string'
                ? `<td>${cell}</td>`
                : cell.header
                  ? `<th>${cell.data}</th>`
                  : `<td>${cell.data}</td>`
            )
            .join('') +
          '</tr>'
      )
      .join('')
    summaryBuffer += `<table>${cells}</table>\n`
    return summary
  },
  async write() {
    written += summaryBuffer
    summaryBuffer = ''
    return summary
  }
}
