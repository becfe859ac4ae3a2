/**
 * The action's inputs as the adapter reads them: an enumerated input that is given a value it
 * does not accept fails with one sentence that names the input, quotes the value and lists
 * the valid values in words.
 */
import { describe, expect, it } from '@jest/globals'
import { readInputs } from '../../src/action/inputs.js'

function errorFor(name: string, value: string): string {
  try {
    readInputs(input => (input === name ? value : ''))
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`${name}: ${JSON.stringify(value)} was accepted`)
}

describe('an enumerated input given a value it does not accept', () => {
  it.each([
    ['driver', 'wrkflow', 'The driver input must be workflow or command, not "wrkflow".'],
    ['on-conflict', 'ignore', 'The on-conflict input must be fail or output, not "ignore".'],
    [
      'initial-state',
      'dispatched',
      'The initial-state input must be admitted or proposed, not "dispatched".'
    ],
    [
      'reuse',
      'always',
      'The reuse input must be after-terminal, after-cancelled or never, not "always".'
    ],
    [
      'kind',
      'branches',
      'The kind input must be tag, release, branch, pull-request, comment or issue, not "branches".'
    ],
    ['reply', 'yes', 'The reply input must be true or false, not "yes".'],
    ['fenced', 'TRUE', 'The fenced input must be true or false, not "TRUE".'],
    ['draft', '1', 'The draft input must be true or false, not "1".'],
    ['prerelease', 'no', 'The prerelease input must be true or false, not "no".'],
    [
      'operator-permission',
      'owner',
      'The operator-permission input must be read, triage, write, maintain or admin, not "owner".'
    ],
    [
      'timeout-seconds',
      '0',
      'The timeout-seconds input must be a whole number of seconds from 1 to 99999, not "0".'
    ],
    [
      'max-attempts',
      'many',
      'The max-attempts input must be a whole number from 1 to 99, not "many".'
    ]
  ])('%s: %j', (name, value, message) => {
    expect(errorFor(name, value)).toBe(message)
  })

  it('quotes a value with quotes or line breaks as JSON, so it cannot be mistaken', () => {
    expect(errorFor('driver', 'a "b"\nc')).toBe(
      'The driver input must be workflow or command, not "a \\"b\\"\\nc".'
    )
  })

  it('the defaults and empty optional inputs are accepted', () => {
    expect(readInputs(() => '')).toMatchObject({
      driver: '',
      kind: '',
      onConflict: 'fail',
      initialState: 'admitted',
      reuse: 'after-terminal',
      draft: 'false'
    })
  })
})
