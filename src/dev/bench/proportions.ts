/**
 * How many benchmarks and tags go with N configurations in a synthetic export.
 *
 * Piecewise linear through three anchor points: the bundled sample (300 -> 60 benchmarks, 150
 * tags), 10,000 -> 800 / 400 and 50,000 -> 2,000 / 800 (the two sizes). Below 300 the
 * sample's 60 / 150 (the floor); above 50,000 the last slope goes on (3 benchmarks and 1 tag per
 * 100 configurations). Rounded to whole numbers.
 */

export interface BenchSize {
  configurations: number;
  benches: number;
  tags: number;
}

/** [configurations, benches, tags], ascending. */
const ANCHORS: readonly (readonly [number, number, number])[] = [
  [300, 60, 150],
  [10_000, 800, 400],
  [50_000, 2_000, 800],
];

export function sizeFor(configurations: number): BenchSize {
  if (!Number.isSafeInteger(configurations) || configurations < 1) throw new RangeError(`configurations must be a positive integer, got ${configurations}`);
  const first = ANCHORS[0]!;
  if (configurations <= first[0]) return { configurations, benches: first[1], tags: first[2] };
  // The segment holding `configurations`, or the last one to extrapolate beyond 50,000.
  let i = 1;
  while (i < ANCHORS.length - 1 && configurations > ANCHORS[i]![0]) i++;
  const [x0, b0, t0] = ANCHORS[i - 1]!;
  const [x1, b1, t1] = ANCHORS[i]!;
  const f = (configurations - x0) / (x1 - x0);
  return { configurations, benches: Math.round(b0 + f * (b1 - b0)), tags: Math.round(t0 + f * (t1 - t0)) };
}

/**
 * The field the bench measures at `configurations`: sizeFor's, or in a test (MIRROR_TEST_BENCH_FIELD=B,T) B benchmarks and
 * T tags, for a test whose every stage is as real at a field of a few dozen pages as at the sample's 60 and 150
 * (test/e2e/bench.test.ts). Another value is ignored.
 */
export function benchField(configurations: number, env: Readonly<Record<string, string | undefined>> = process.env): BenchSize {
  const field = /^(\d+),(\d+)$/.exec(env.MIRROR_TEST_BENCH_FIELD ?? '');
  if (!field) return sizeFor(configurations);
  return { ...sizeFor(configurations), benches: Math.max(1, Number(field[1])), tags: Math.max(1, Number(field[2])) };
}
