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

/**
 * An error as it may be logged: type, message, SQLSTATE code, the SQL text and the stack, never a
 * query's values. Drizzle puts the parameters in `params` and in its message (password hashes, tokens,
 * emails); the database quotes values in its own messages ('invalid input syntax for type integer:
 * "…"') and in `detail`. So: the parameters are dropped, quoted text in a database message is elided,
 * `detail` is left out (constraint, table and column stay), and causes are reduced the same way.
 */
export function loggableError(err: unknown, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: typeof err === 'string' ? err : '', stack: '' }
  const fields = err as { code?: unknown; statusCode?: unknown; query?: unknown; constraint?: unknown; table?: unknown; column?: unknown }
  const fromDatabase = typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)
  let message = err.message.replace(/\nparams: [\s\S]*$/, '\nparams: [not logged]')
  if (fromDatabase) message = message.replace(/"[^"]*"/g, '"…"')
  const type = err.constructor?.name ?? err.name
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') }
  for (const key of ['code', 'statusCode', 'query', 'constraint', 'table', 'column'] as const) {
    const value = fields[key]
    if (typeof value === 'string' || typeof value === 'number') out[key] = value
  }
  if (err.cause !== undefined && depth < 3) out.cause = loggableError(err.cause, depth + 1)
  return out
}
