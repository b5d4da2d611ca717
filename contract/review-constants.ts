// The review numbers and the rating's words, without zod: the startup bundle's cards and host line read them.
export const REVIEW_PUBLISH_DAYS = 14
export const REVIEW_TEXT_MIN = 20
export const REVIEW_TEXT_MAX = 1000
export const REVIEW_PAGE_SIZE = 5

/** "4.8 · 12 reviews" */
export function ratingLabel(r: { average: number; count: number }): string {
  return `${r.average.toFixed(1)} · ${r.count} review${r.count === 1 ? '' : 's'}`
}
