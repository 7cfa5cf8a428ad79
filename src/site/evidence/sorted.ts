/** Binary searches over ascending arrays, for the ranges' places and counts. Pure. */

/** The first index of an ascending array whose value is above `x` (its length when none is). */
export function firstAbove(ascending: Float64Array, x: number): number {
  let lo = 0;
  let hi = ascending.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ascending[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index of an ascending array at or above `x` (its length when none is). */
export function firstAtOrAbove(ascending: Float64Array, x: number): number {
  let lo = 0;
  let hi = ascending.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ascending[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
