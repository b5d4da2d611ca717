// No string input may hold a NUL character (\u0000): PostgreSQL cannot store it in text, so it would
// fail deep in a query as a 500. Checked once for every route, before validation: body, query and URL
// params, keys included. Multipart fields are checked where they are read (findNul).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { badRequest } from '../errors'

/** The path ('address.street', 'photos[0]') of the first string or key holding a NUL, if any. */
export function findNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined
  if (!value || typeof value !== 'object' || depth > 32) return undefined
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}[${i}]`, depth + 1)
      if (found) return found
    }
    return undefined
  }
  if (Buffer.isBuffer(value)) return undefined
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    if (key.includes('\u0000')) return at.replaceAll('\u0000', '\\u0000')
    const found = findNul(inner, at, depth + 1)
    if (found) return found
  }
  return undefined
}

export const nulError = (field: string) => badRequest(`${field} must not contain a NUL character (\\u0000).`, field)

async function rejectNul(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body)
    if (field) throw nulError(field)
  })
}

export default fp(rejectNul, { name: 'reject-nul' })
