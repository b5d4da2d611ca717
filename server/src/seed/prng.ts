// mulberry32: a tiny seeded PRNG, numbers in [0, 1). The seed's demo data (the same on every fresh
// database) and the lie-fi bench's flapping link (a run that can be repeated) draw from it.
export function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
