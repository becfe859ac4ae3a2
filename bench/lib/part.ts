/** What every benchmark part gets and gives back. */
export interface Context {
  /** Fewer iterations (`npm run bench -- --quick`). */
  readonly quick: boolean
  /** Progress on stderr; the table goes to stdout. */
  log(message: string): void
}

export interface Goal {
  readonly goal: string
  readonly measured: string
  /** null: not measured. */
  readonly met: boolean | null
}

export interface PartResult {
  readonly id: string
  readonly title: string
  /** Markdown: one or more tables and notes. */
  readonly markdown: string
  readonly goals: readonly Goal[]
  /** Raw figures, written to bench/results/*.json. */
  readonly data: unknown
  /**
   * A missed goal fails the bench (exit 1): for parts that check a bound the product
   * promises (B10), not for figures compared against a target.
   */
  readonly failOnMiss?: boolean
}

export type Part = (ctx: Context) => Promise<PartResult>
