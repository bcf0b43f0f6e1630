import * as v from 'valibot'

/**
 * One measured figure of docs/quality.md. Every bench module returns a list of these;
 * `bench/run.ts` prints them as a table and writes them to `bench/results.json`.
 */
export const figureSchema = v.object({
  /** What was measured, as docs/quality.md names it. */
  name: v.string(),
  /** The budget as docs/quality.md states it, e.g. "<= 20 ms" or ">= 40 % of bare JSON". */
  budget: v.string(),
  /** The measured value as printed, with its unit, e.g. "12.4 ms". */
  measured: v.string(),
  /** Whether the budget is met; null where there is no budget to compare with. */
  pass: v.nullable(v.boolean()),
  /** How it was measured: tool, load, data size, repetitions. */
  note: v.optional(v.string()),
  /**
   * A time, which the machine's load moves (these machines vary 2-4x between hours): `--check`
   * prints it but fails only on the others, sizes and byte counts, which no load moves.
   */
  timed: v.optional(v.boolean()),
})

export type Figure = v.InferOutput<typeof figureSchema>

export type BenchModule = { name: string; run: () => Promise<Figure[]> }
