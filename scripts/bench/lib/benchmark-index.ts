// This machine's Lighthouse `benchmarkIndex` (its measure of the CPU, higher is faster), taken the way
// Lighthouse takes it at the start of every audit and Chrome DevTools' CPU calibration runs it: Lighthouse's
// own benchmark function (`computeBenchmarkIndex`, about a second) evaluated in a blank tab of the browser
// under test. It varies by half or more within minutes on a shared machine, so one figure is a median of a few.
import { chromium, type Page } from 'playwright-core'

/** The median of `count` back-to-back measurements in `page` (a blank one). */
export async function benchmarkIndexIn(page: Page, computeBenchmarkIndex: () => number, count = 3): Promise<number> {
  const indexes: number[] = []
  for (let i = 0; i < count; i++) indexes.push(await page.evaluate(computeBenchmarkIndex))
  return median(indexes)
}

/** The median of `count` back-to-back measurements in the browser whose DevTools port is `port`. */
export async function measureBenchmarkIndex(port: number, computeBenchmarkIndex: () => number, count = 3): Promise<number> {
  // Connected only while measuring: a connected Playwright would also attach to Lighthouse's tabs.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = await browser.contexts()[0]!.newPage()
    const index = await benchmarkIndexIn(page, computeBenchmarkIndex, count)
    await page.close()
    return index
  } finally {
    await browser.close()
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The reference phones Chrome DevTools calibrates its CPU throttling against, by their benchmarkIndex. */
export const PHONES = {
  mid: { name: 'mid-tier (Pixel 5)', index: 1000 },
  low: { name: 'low-tier (Moto G4 Power 2022)', index: 264 },
} as const
export type Tier = keyof typeof PHONES

/** How much slower this machine must run to be the phone: never faster than the machine itself. */
export const slowdownFor = (machineIndex: number, phoneIndex: number) => Math.max(1, machineIndex / phoneIndex)
