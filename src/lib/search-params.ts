// Forgiving readers for URL search params (the routes' validateSearch). A value that is missing or
// wrong becomes undefined (or the fallback) instead of an error, so a hand-edited or old link still
// opens the page. Plain functions rather than zod: every route's validateSearch runs in the startup
// bundle, and zod (about 24 KB gzipped) would otherwise load with every page before it can paint.
// API shapes (request bodies, responses) stay in the shared zod schemas in contract/ (@contract/*).
// A validateSearch must return every key it reads, undefined when dropped: the router lays the result
// over the raw params, so a key left out keeps its raw, unchecked value ("?minPrice=lots").

/** The router JSON-parses values, so "4165550123" can arrive as a number: strings and numbers are text. */
export function text(value: unknown, opts: { max: number; pattern?: RegExp; trim?: boolean }): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  let s = String(value)
  if (opts.trim) s = s.trim()
  if (s.length > opts.max) return undefined
  if (opts.pattern && !opts.pattern.test(s)) return undefined
  return s
}

export function oneOf<T extends string>(value: unknown, values: readonly T[]): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined
}

/** A whole number within [min, max], from a number or a numeric string. */
export function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined
}

/** An on/off switch: true from `true` or "true" (the router JSON-parses values), else undefined (off). */
export const flag = (value: unknown): true | undefined => (value === true || value === 'true' ? true : undefined)

/** "a,b,c" keeping only the known values (in the given order); undefined when nothing is left. */
export function csvOf<T extends string>(value: unknown, values: readonly T[]): string | undefined {
  if (typeof value !== 'string') return undefined
  const kept = value.split(',').filter((v) => (values as readonly string[]).includes(v))
  return kept.length ? kept.join(',') : undefined
}

/** A same-site path to go to after signing in ("/messages"), never another origin ("//evil.example"). */
export const localPath = (value: unknown) => text(value, { max: 2000, pattern: /^\/(?!\/)/ })
