/** Helpers of the check-in benchmark: rounding, load average, percentiles, a seeded shuffle. */
import { loadavg } from "node:os";
import { seededRandom } from "../../../tests/seeded-random";

export const r1 = (n: number) => Math.round(n * 10) / 10;
export const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function stats(values: readonly number[]) {
  return { n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), max: values.length ? Math.max(...values) : NaN };
}

/** Fisher-Yates with a fixed seed: the same order every run. */
export function shuffled<T>(items: readonly T[], seed = 18): T[] {
  const rnd = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
