// Latencies counted into a fixed set of buckets (exact below 128 µs, then 64 per power of two: within
// about 1.5%), so a run of millions of requests records each in a few operations and keeps no list.

const SUB = 64
const EXACT = 2 * SUB
/** Enough buckets for 2^31 µs (half an hour). */
const BUCKETS = (31 - 6) * SUB + EXACT

export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS)
  count = 0
  maxUs = 0

  record(us: number) {
    const v = us < 1 ? 0 : Math.min(us | 0, 2 ** 31 - 1)
    this.counts[bucketOf(v)]!++
    this.count++
    if (us > this.maxUs) this.maxUs = us
  }

  /** The latency below which `p` (0–1) of the recorded ones fall, in ms. */
  percentileMs(p: number): number {
    if (this.count === 0) return NaN
    const rank = Math.max(1, Math.ceil(p * this.count))
    let seen = 0
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]!
      if (seen >= rank) return Math.min(valueOf(i), this.maxUs) / 1000
    }
    return this.maxUs / 1000
  }
}

function bucketOf(v: number) {
  if (v < EXACT) return v
  const e = 31 - Math.clz32(v) // v's highest bit; ≥ 7 here
  return (e - 6) * SUB + (v >> (e - 6))
}

/** The middle of bucket `i`, in µs. */
function valueOf(i: number) {
  if (i < EXACT) return i
  const e = Math.floor(i / SUB) + 5
  const low = (i - (e - 6) * SUB) << (e - 6)
  return low + (1 << (e - 6)) / 2
}
