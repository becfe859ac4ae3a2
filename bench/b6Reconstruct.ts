/**
 * B6: reconstruct + planRecovery, pure and in-process, for legal ledgers of 10², 10³ and 10⁴
 * records, with and without the `canonical` texts option (the store passes the JCS text it
 * read, so records are digested from text instead of re-canonicalized). The ledger is a
 * long, legal retry history: admitted, then dispatched / attempt_failed pairs.
 */
import { performance } from 'node:perf_hooks'
import type { Context, PartResult } from './lib/part.ts'
import { allowProjectSources } from './lib/src.ts'
import { median, ms, ratio, table } from './lib/stats.ts'

const SIZES = [100, 1000, 10000] as const

export async function b6(ctx: Context): Promise<PartResult> {
  allowProjectSources()
  const { reconstruct } = await import('../src/core/reconstruct.ts')
  const { planRecovery } = await import('../src/core/planRecovery.ts')
  const { canonicalJson } = await import('../src/core/canonical.ts')
  const { legalChain } = await import('../testkit/fixtures.ts')
  type Step = Parameters<typeof legalChain>[0]

  ctx.log('B6: building legal chains of 10², 10³, 10⁴ records')
  const chains = SIZES.map(size => {
    const steps: Step[] = ['admitted']
    while (steps.length < size) steps.push(steps.length % 2 ? 'dispatched' : 'attempt_failed')
    const records = legalChain(...steps)
    return { size, records, texts: records.map(record => canonicalJson(record)) }
  })

  const once = (chain: (typeof chains)[number], canonical: boolean): number => {
    const started = performance.now()
    const state = reconstruct(chain.records, { canonical: canonical ? chain.texts : undefined })
    const plan = planRecovery(state)
    const elapsed = performance.now() - started
    if (state.records !== chain.size || plan.action === 'none') throw new Error('B6: wrong result')
    return elapsed
  }

  // Warm-up so the JIT has compiled the fold before anything is timed.
  for (const chain of chains.slice(0, 2)) for (let i = 0; i < 3; i++) once(chain, i % 2 === 0)

  const rounds = ctx.quick ? 3 : 9
  const times = new Map<string, number[]>()
  ctx.log(`B6: ${rounds} interleaved rounds`)
  for (let round = 0; round < rounds; round++) {
    for (const canonical of round % 2 ? [true, false] : [false, true]) {
      for (const chain of chains) {
        // Repeat the small ledgers so each sample is long enough to time.
        const reps = Math.max(1, 10000 / chain.size / 10)
        const started = performance.now()
        for (let i = 0; i < reps; i++) once(chain, canonical)
        const name = `${chain.size}/${canonical}`
        times.set(name, [...(times.get(name) ?? []), (performance.now() - started) / reps])
      }
    }
  }

  const rows: string[][] = []
  const medians: Record<string, number> = {}
  for (const canonical of [false, true]) {
    let previous: number | null = null
    for (const { size } of chains) {
      const m = median(times.get(`${size}/${canonical}`) ?? [])
      medians[`${size}/${canonical}`] = m
      rows.push([
        canonical ? 'with canonical texts' : 'without (re-canonicalize)',
        size.toLocaleString('en'),
        ms(m),
        ((m * 1000) / size).toFixed(1),
        previous === null ? '—' : ratio(m / previous)
      ])
      previous = m
    }
  }
  const worst10k = Math.max(medians['10000/false'] ?? NaN, medians['10000/true'] ?? NaN)
  const growth = Math.max(
    (medians['10000/false'] ?? NaN) / (medians['1000/false'] ?? NaN),
    (medians['10000/true'] ?? NaN) / (medians['1000/true'] ?? NaN)
  )
  return {
    id: 'B6',
    title: 'reconstruct + planRecovery, in-process',
    markdown: table(['B6 variant', 'records', 'median ms', 'µs / record', 'vs 10× fewer'], rows),
    goals: [
      {
        goal: 'B6 linear (≈10× per 10× records) and 10⁴ under 1 s',
        measured: `10⁴: ${ms(worst10k)} ms; 10³→10⁴: ${ratio(growth)}`,
        met: worst10k < 1000 && growth < 15
      }
    ],
    data: { rounds, medians, raw: Object.fromEntries(times) }
  }
}
