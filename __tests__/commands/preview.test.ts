/**
 * `command: preview` against real git: it answers what admit would do with a dispatch now, on
 * admit's own read path (the key's generations), and writes nothing.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { previewCommand } from '../../src/commands/preview.js'
import { ledgerRef } from '../../src/core/refs.js'
import {
  arrive,
  end,
  labeled,
  local,
  NS,
  READDED,
  runIdOf,
  T0,
  writer
} from '../support/generations.js'
import { cleanupRepos, refsUnder } from '../support/repo.js'
import { systemClock } from '../../src/commands/deps.js'

afterAll(cleanupRepos)

describe('preview answers as admit would, on the same read path', () => {
  it('after the run ended: a re-add would open generation 2, the original event is a duplicate', async () => {
    const { dir, store } = await local()
    const preview = async (run: number, at: string, reuse?: string) =>
      previewCommand(
        {
          namespace: NS,
          event: { name: 'issues', payload: await labeled(at) },
          writer: writer(run),
          reuse
        },
        { store: store(), clock: systemClock }
      )
    expect(await preview(501, T0)).toMatchObject({ verdict: 'create', generation: 1 })
    await arrive(store(), 501, T0)
    await end(store(), runIdOf(501))
    const before = await refsUnder(dir)
    const next = await preview(503, READDED)
    expect(next).toMatchObject({ verdict: 'create', generation: 2, stored: null })
    expect(next.target).toMatchObject({
      run_id: runIdOf(503, 2),
      ledger_ref: ledgerRef(NS, runIdOf(503, 2))
    })
    expect(await preview(502, T0)).toMatchObject({
      verdict: 'duplicate',
      generation: 1,
      duplicate_reason: 'not_after_end'
    })
    expect(await preview(503, READDED, 'never')).toMatchObject({
      verdict: 'duplicate',
      duplicate_reason: 'reuse_never'
    })
    expect(await preview(501, T0)).toMatchObject({ verdict: 'replay', owner: true, generation: 1 })
    expect(await refsUnder(dir)).toEqual(before)
    // And admit does what preview said.
    expect(await arrive(store(), 503, READDED)).toMatchObject({
      created: true,
      admission: { run_id: next.target.run_id, generation: 2 }
    })
  })
})
