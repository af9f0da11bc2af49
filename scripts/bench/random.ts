// Deterministic randomness for the synthetic data, so two runs of one size load the same catalogue and
// their figures are comparable.

export type Rand = () => number;

/** A linear congruential generator: fast, seedable, and plenty for picking words. */
export function rng(seed: number): Rand {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Skewed pick: the first items of the list come up far more often than the last (Zipf-like). */
export function skewedPick<T>(items: readonly T[], r: number, skew = 2.2): T {
  return items[Math.min(items.length - 1, Math.floor(items.length * r ** skew))] as T;
}

/**
 * An index in [0, n) whose density falls off as 1/(i+1) (Zipf with s = 1): index 0 is the most popular,
 * and the long tail is long. Drawn as exp(u * ln n), so it needs no table.
 */
export function zipfIndex(n: number, r: number): number {
  return Math.min(n - 1, Math.floor(Math.exp(r * Math.log(n + 1))) - 1);
}

/** An integer in [min, max] spread evenly on a log scale: many small values, a few large ones. */
export function logUniform(min: number, max: number, r: number): number {
  return Math.round(Math.exp(Math.log(min) + r * (Math.log(max) - Math.log(min))));
}

export function pick<T>(items: readonly T[], r: number): T {
  return items[Math.floor(r * items.length)] as T;
}
