// Host earnings estimator (spec 9): monthly income in dollars = width × 5 + length × 5.
export const DOLLARS_PER_FOOT = 5

/** Whole dollars (rounded to the nearest dollar), or null unless both sides are numbers greater than 0. */
export function estimateMonthlyIncome(width: number | string, length: number | string): number | null {
  const w = typeof width === 'number' ? width : width.trim() === '' ? NaN : Number(width)
  const l = typeof length === 'number' ? length : length.trim() === '' ? NaN : Number(length)
  if (!Number.isFinite(w) || !Number.isFinite(l) || w <= 0 || l <= 0) return null
  return Math.round(w * DOLLARS_PER_FOOT + l * DOLLARS_PER_FOOT)
}
