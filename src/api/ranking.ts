/**
 * The one ranking order: supraScore descending, then slug in code-point order, so equal scores get
 * a stable position. The store's positions, the details crawl, the simulator and the sample
 * generator all sort with these.
 */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Configurations (rows of `/v1/models`): the API's order, ties broken by slug. */
export const byRanking = (a: { supraScore: number; slug: string }, b: { supraScore: number; slug: string }) =>
  b.supraScore - a.supraScore || byCodePoint(a.slug, b.slug);

/** Benchmarks: `/v1/benches`' order (effectiveWeight descending), ties broken by slug. */
export const byWeight = (a: { effectiveWeight: number; slug: string }, b: { effectiveWeight: number; slug: string }) =>
  b.effectiveWeight - a.effectiveWeight || byCodePoint(a.slug, b.slug);
