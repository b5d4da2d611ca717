// A link that comes and goes at random for the lie-fi bench: up for UP_MS, then down for DOWN_MS with one
// fault drawn from `kinds` (tests/e2e/faults.ts's breakApi, so hung requests fail when the link is back),
// and again, until stopped. Seeded, so a run can be repeated.
import type { BrowserContext } from 'playwright-core'
import { breakApi, type Fault, type FaultKind } from '../../../tests/e2e/faults'
import { prng } from '../../../server/src/seed/prng'

export interface FlapOptions {
  upMs: [number, number]
  downMs: [number, number]
  kinds: readonly FaultKind[]
  seed: number
}

export interface Flapping {
  /** Gives the link back for good and returns how many times it went down, and for how long in all. */
  stop(): Promise<{ outages: number; downMs: number }>
}

/** One link for all of `contexts` (a renter's phone and a host's): they go down and come back together. */
export function flapRandomly(contexts: BrowserContext[], { upMs, downMs, kinds, seed }: FlapOptions): Flapping {
  const random = prng(seed)
  const between = ([lo, hi]: [number, number]) => lo + random() * (hi - lo)
  let stopped = false
  let wake: () => void = () => {}
  const sleep = (ms: number) => new Promise<void>((r) => ((wake = r), setTimeout(r, ms)))
  let outages = 0
  let down = 0
  const loop = (async () => {
    while (!stopped) {
      await sleep(between(upMs))
      if (stopped) break
      const kind = kinds[Math.floor(random() * kinds.length)]!
      const faults: Fault[] = await Promise.all(contexts.map((c) => breakApi(c, kind)))
      outages++
      const since = Date.now()
      await sleep(between(downMs))
      down += Date.now() - since
      await Promise.all(faults.map((f) => f.remove()))
    }
  })()
  return {
    async stop() {
      stopped = true
      wake()
      await loop
      return { outages, downMs: down }
    },
  }
}
