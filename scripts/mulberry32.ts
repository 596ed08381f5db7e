/**
 * mulberry32: a tiny seeded pseudo-random generator (numbers in [0, 1)), so a benchmark sees the
 * same learner and a shuffle comes out the same on every run. Not for anything secret.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
