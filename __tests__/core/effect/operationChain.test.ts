import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { digestOf } from '../../../src/core/canonical.js'
import { BrokenChain } from '../../../src/core/errors.js'
import type { OperationRecord, OperationState } from '../../../src/core/effect/operation.js'
import { foldOperation, OPERATION_SUCCESSORS } from '../../../src/core/effect/operationChain.js'
import { makeIntent, makeWriteIntent, opChain, type StepSpec } from '../../support/operations.js'

const release = makeIntent('release')
const draft = makeIntent('release', { draft: true })
const tag = makeIntent('tag')

function brokenAt(records: OperationRecord[]): number {
  try {
    foldOperation(records)
  } catch (error) {
    expect(error).toBeInstanceOf(BrokenChain)
    return (error as BrokenChain).sequence
  }
  throw new Error('the chain verified')
}

/** Re-links records after an edit so that only the edited rule breaks. */
function relink(records: OperationRecord[]): OperationRecord[] {
  const out: OperationRecord[] = []
  for (const record of records) {
    const previous = out[out.length - 1]
    out.push({ ...record, previous_digest: previous ? digestOf(previous) : null })
  }
  return out
}

describe('legal chains fold', () => {
  it.each([
    ['tag committed by its atomic push', tag, ['terminal_committed'], 'terminal_committed', 0],
    ['tag held by another actor', tag, ['conflict'], 'conflict', 0],
    [
      'release 201 then read back',
      release,
      ['may_have_been_sent', 'observed', 'terminal_committed'],
      'terminal_committed',
      1
    ],
    [
      'release re-sent under the fence',
      release,
      ['may_have_been_sent', 'may_have_been_sent', 'terminal_committed'],
      'terminal_committed',
      2
    ],
    [
      'release definitely refused',
      release,
      ['may_have_been_sent', 'terminal_no_commit'],
      'terminal_no_commit',
      1
    ],
    ['draft unknown', draft, ['may_have_been_sent', 'unknown'], 'unknown', 1]
  ] as Array<[string, typeof tag, OperationState[], OperationState, number]>)(
    '%s',
    (_name, intent, steps, state, sends) => {
      const op = foldOperation(opChain(intent, steps))
      expect(op).toMatchObject({ state, sends, sequence: steps.length + 1 })
      expect(op.final).toBe(
        ['terminal_committed', 'terminal_no_commit', 'conflict'].includes(state)
      )
    }
  )
  it('an operator resolution leaves unknown', () => {
    const steps: StepSpec[] = [
      { state: 'may_have_been_sent' },
      { state: 'unknown' },
      { state: 'terminal_no_commit', resolution: { answer: 'not_committed', by: 'octocat' } }
    ]
    expect(foldOperation(opChain(draft, steps)).resolution).toEqual({
      answer: 'not_committed',
      by: 'octocat'
    })
  })
})

describe('a chain that does not verify names its first bad sequence', () => {
  it('empty', () => expect(() => foldOperation([])).toThrow(BrokenChain))
  it.each([
    [
      'unknown → terminal_no_commit without an operator',
      draft,
      ['may_have_been_sent', 'unknown', 'terminal_no_commit'],
      4
    ],
    [
      'unknown → terminal_committed without an operator',
      draft,
      ['may_have_been_sent', 'unknown', 'terminal_committed'],
      4
    ],
    ['a release committed straight from prepared', release, ['terminal_committed'], 2],
    ['a tag sent apart from its record', tag, ['may_have_been_sent'], 2],
    ['committed → anything', tag, ['terminal_committed', 'conflict'], 3],
    ['conflict → committed', release, ['may_have_been_sent', 'conflict', 'terminal_committed'], 4],
    ['observed → re-send', release, ['may_have_been_sent', 'observed', 'may_have_been_sent'], 4]
  ] as Array<[string, typeof tag, OperationState[], number]>)('%s', (_name, intent, steps, at) => {
    expect(brokenAt(opChain(intent, steps))).toBe(at)
  })

  const base = () => opChain(release, ['may_have_been_sent', 'observed', 'terminal_committed'])
  it.each([
    [
      'sequence gap',
      (r: OperationRecord[]) => {
        r[2] = { ...r[2]!, sequence: 4 }
      },
      3
    ],
    [
      'first record not prepared',
      (r: OperationRecord[]) => {
        r[0] = { ...r[0]!, state: 'may_have_been_sent' }
      },
      1
    ],
    [
      'intent changed',
      (r: OperationRecord[]) => {
        const intent = makeIntent('release', { name: 'other' })
        r[2] = { ...r[2]!, intent, intent_digest: digestOf(intent) }
      },
      3
    ],
    [
      'intent digest not of its intent',
      (r: OperationRecord[]) => {
        r[0] = { ...r[0]!, intent_digest: digestOf('x') }
      },
      1
    ],
    [
      'operation id changed',
      (r: OperationRecord[]) => {
        r[1] = { ...r[1]!, operation_id: 'other' }
      },
      2
    ],
    [
      'send skipped',
      (r: OperationRecord[]) => {
        r[1] = { ...r[1]!, send: 2 }
      },
      2
    ],
    [
      'observed names an unsent send',
      (r: OperationRecord[]) => {
        r[2] = { ...r[2]!, send: 3 }
      },
      3
    ],
    [
      'committed release without an id',
      (r: OperationRecord[]) => {
        r[3] = { ...r[3]!, result: null }
      },
      4
    ],
    [
      'resolution outside unknown',
      (r: OperationRecord[]) => {
        r[3] = { ...r[3]!, resolution: { answer: 'committed', by: 'x' } }
      },
      4
    ],
    [
      'unknown field',
      (r: OperationRecord[]) => {
        r[1] = { ...r[1]!, extra: 1 } as OperationRecord
      },
      2
    ]
  ] as Array<[string, (r: OperationRecord[]) => void, number]>)('%s', (_name, edit, at) => {
    const records = base()
    edit(records)
    expect(brokenAt(relink(records))).toBe(at)
  })
  it('observed must name the latest send, not an earlier one', () => {
    const records = opChain(release, [
      'may_have_been_sent',
      'may_have_been_sent',
      { state: 'observed', send: 1 }
    ])
    expect(brokenAt(records)).toBe(4)
  })
  it('a tampered previous digest', () => {
    const records = base()
    records[2] = { ...records[2]!, previous_digest: digestOf('tampered') }
    expect(brokenAt(records)).toBe(3)
  })
})

describe('properties', () => {
  /** A random walk along OPERATION_SUCCESSORS, with a resolution when leaving unknown. */
  const walk = fc.array(fc.nat(100), { maxLength: 8 }).map(choices => {
    const steps: StepSpec[] = []
    let state: OperationState = 'prepared'
    for (const choice of choices) {
      const options = OPERATION_SUCCESSORS[state]
        .filter(s => s !== 'terminal_committed' || state !== 'prepared')
        .filter(s => !(state === 'prepared' && s === 'conflict'))
      if (options.length === 0) break
      const next = options[choice % options.length] as OperationState
      const resolution =
        state === 'unknown'
          ? {
              answer:
                next === 'terminal_committed' ? ('committed' as const) : ('not_committed' as const),
              by: 'op'
            }
          : null
      steps.push({ state: next, resolution })
      state = next
    }
    return steps
  })
  it('every legal walk verifies, and breaking any one link is caught at that link', () => {
    fc.assert(
      fc.property(walk, fc.nat(20), (steps, pick) => {
        const records = opChain(release, steps)
        expect(foldOperation(records).sequence).toBe(records.length)
        if (records.length < 2) return
        const at = 1 + (pick % (records.length - 1))
        const tampered = [...records]
        tampered[at] = { ...tampered[at]!, previous_digest: digestOf({ tampered: at }) }
        expect(brokenAt(tampered)).toBe(at + 1)
      })
    )
  })
})

describe('the later kinds: a branch by the tag protocol, the writes by the send', () => {
  const branch = {
    repository_id: '123456789',
    kind: 'branch' as const,
    branch_ref: 'refs/heads/agent/issue-7',
    target: 'a'.repeat(40)
  }
  const comment = makeWriteIntent('comment')
  const committedBranch: StepSpec = {
    state: 'terminal_committed',
    result: { tag_object: null, release_id: null, release_url: null, id: 'a'.repeat(40) }
  }
  it.each([
    ['a branch committed by its atomic push', branch, [committedBranch]],
    [
      'a comment sent, observed, committed',
      comment,
      ['may_have_been_sent', 'observed', 'terminal_committed']
    ],
    ['a comment unknown', comment, ['may_have_been_sent', 'unknown']]
  ] as Array<[string, typeof comment, Array<OperationState | StepSpec>]>)(
    '%s verifies',
    (_n, intent, steps) => {
      expect(foldOperation(opChain(intent, steps)).sequence).toBe(steps.length + 1)
    }
  )
  it.each([
    ['a branch sent apart from its record', branch, ['may_have_been_sent'], 2],
    ['a comment committed straight from prepared', comment, ['terminal_committed'], 2],
    [
      'a committed branch without its commit',
      branch,
      [{ state: 'terminal_committed', result: null }],
      2
    ],
    [
      'a committed comment without its id',
      comment,
      ['may_have_been_sent', { state: 'terminal_committed', result: null }],
      3
    ]
  ] as Array<[string, typeof comment, Array<OperationState | StepSpec>, number]>)(
    '%s is refused at its record',
    (_n, intent, steps, at) => {
      expect(brokenAt(opChain(intent, steps))).toBe(at)
    }
  )
})
