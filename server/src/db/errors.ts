// Recognises PostgreSQL errors through Drizzle's wrapper (both drivers put the SQLSTATE in `code`).
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505'
