/**
 * Ordinary least squares for the plan's weights: the coefficients that make `x · c` closest to each
 * sample's bytes, a feature that does not vary among the samples (or that another one determines)
 * keeping the value it is given.
 */

export interface Sample {
  bytes: number;
  /** The sample's features, in the order of the fit's names. */
  x: readonly number[];
}

/** Solves `a · c = b` by Gauss-Jordan elimination with partial pivoting; undefined when singular. */
function solve(a: number[][], b: number[]): number[] | undefined {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    const scale = Math.max(...m.map((row) => Math.abs(row[col]!)));
    if (Math.abs(m[pivot]![col]!) <= 1e-9 * (scale || 1)) return undefined;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * The coefficients of `names` fitted on `samples`, but those named in `fixed`, which keep their
 * `fallback` (their contribution is taken off the bytes first); a feature whose column does not vary
 * independently of the others is kept at its fallback too.
 */
export function leastSquares(
  samples: readonly Sample[],
  names: readonly string[],
  fallback: Readonly<Record<string, number>>,
  fixed: readonly string[] = [],
): Record<string, number> {
  const fitted = new Set(names.map((_, i) => i).filter((i) => !fixed.includes(names[i]!)));
  for (;;) {
    const free = [...fitted];
    const fixedPart = (s: Sample) => names.reduce((sum, name, i) => (fitted.has(i) ? sum : sum + s.x[i]! * (fallback[name] ?? 0)), 0);
    const ata = free.map(() => free.map(() => 0));
    const atb = free.map(() => 0);
    for (const s of samples) {
      const y = s.bytes - fixedPart(s);
      free.forEach((i, r) => {
        atb[r]! += s.x[i]! * y;
        free.forEach((j, c) => (ata[r]![c]! += s.x[i]! * s.x[j]!));
      });
    }
    const c = free.length ? solve(ata, atb) : [];
    if (c) {
      const out: Record<string, number> = {};
      names.forEach((name, i) => (out[name] = fitted.has(i) ? c[free.indexOf(i)]! : (fallback[name] ?? 0)));
      return out;
    }
    // Singular: the last feature that cannot be told apart from those before it keeps its fallback.
    fitted.delete(dependent(samples, free));
  }
}

/** The last of `free` whose column is (nearly) a combination of the columns before it. */
function dependent(samples: readonly Sample[], free: readonly number[]): number {
  for (let k = free.length - 1; k > 0; k--) {
    const before = free.slice(0, k);
    const target = free[k]!;
    const ata = before.map(() => before.map(() => 0));
    const atb = before.map(() => 0);
    let norm = 0;
    for (const s of samples) {
      norm += s.x[target]! ** 2;
      before.forEach((i, r) => {
        atb[r]! += s.x[i]! * s.x[target]!;
        before.forEach((j, c) => (ata[r]![c]! += s.x[i]! * s.x[j]!));
      });
    }
    const c = solve(ata, atb);
    if (!c) continue;
    let residual = 0;
    for (const s of samples) residual += (s.x[target]! - before.reduce((sum, i, r) => sum + s.x[i]! * c[r]!, 0)) ** 2;
    if (residual <= 1e-9 * (norm || 1)) return target;
  }
  return free.at(-1)!;
}
