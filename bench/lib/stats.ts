/** Order statistics and formatting for the benchmark tables. */

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  // Nearest-rank: the smallest value with at least q of the sample at or below it.
  const rank = Math.max(1, Math.ceil(q * sorted.length))
  return sorted[rank - 1] as number
}

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

export interface Summary {
  readonly n: number
  readonly median: number
  readonly p90: number
  readonly p99: number
  readonly min: number
  readonly max: number
}

export function summarize(values: readonly number[]): Summary {
  return {
    n: values.length,
    median: median(values),
    p90: quantile(values, 0.9),
    p99: quantile(values, 0.99),
    min: Math.min(...values),
    max: Math.max(...values)
  }
}

/** Milliseconds with a sensible number of digits. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–'
  if (value >= 100) return value.toFixed(0)
  if (value >= 10) return value.toFixed(1)
  return value.toFixed(2)
}

/** A difference in milliseconds with its sign. */
export function signed(value: number): string {
  if (!Number.isFinite(value)) return '–'
  return `${value < 0 ? '−' : '+'}${ms(Math.abs(value))}`
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : '–'
}

export function bytes(value: number): string {
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(2)} MiB`
  if (value >= 1024) return `${(value / 1024).toFixed(1)} KiB`
  return `${value} B`
}

/** A markdown table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map(row => `| ${row.join(' | ')} |`)
  ].join('\n')
}

/**
 * Runs every variant once per round, rotating the order each round so that no variant
 * always goes first (or always follows the same neighbour) on a noisy shared machine.
 */
export async function interleave<K extends string>(
  rounds: number,
  variants: Record<K, (round: number) => Promise<number>>
): Promise<Record<K, number[]>> {
  const names = Object.keys(variants) as K[]
  const out = Object.fromEntries(names.map(name => [name, [] as number[]])) as Record<K, number[]>
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length] as K
      out[name].push(await variants[name](round))
    }
  }
  return out
}
