// One error handler: every failure is the same JSON shape; a 5xx never shows its inner message.
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpError } from '../errors'

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 413: 'Payload Too Large', 415: 'Unsupported Media Type' }

/** "body/password" + "must be at least 8 characters" → "password must be at least 8 characters". */
export function describeIssue(path: string, message: string): { field: string; message: string } {
  const field = path.replace(/^\//, '').replace(/\//g, '.')
  const text = /received undefined$/.test(message) ? 'is required' : message
  if (!field) return { field, message: text }
  return { field, message: /^[a-z]/.test(text) ? `${field} ${text}` : `${field}: ${text}` }
}

function send(reply: import('fastify').FastifyReply, statusCode: number, message: string, extra: { field?: string; retryAfter?: number } = {}) {
  if (extra.retryAfter) reply.header('retry-after', String(extra.retryAfter))
  return reply.status(statusCode).send({ statusCode, error: message, message, ...extra })
}

async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.statusCode >= 500) request.log.error({ err }, 'request failed')
      return send(reply, err.statusCode, err.message, err.extra)
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0]
      const issue = describeIssue(first?.instancePath ?? '', first?.message ?? 'is invalid')
      const where = err.validationContext && err.validationContext !== 'body' ? `${err.validationContext} ` : ''
      return send(reply, 400, `${where}${issue.message}`.trim(), issue.field ? { field: issue.field } : {})
    }
    const status = err.statusCode ?? 500
    if (status === 429) return send(reply, 429, err.message || 'Too many requests. Please slow down.')
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? `Unsupported content type: ${request.headers['content-type'] ?? 'none'}.`
              : err.message || STATUS_TEXT[status] || 'Bad request.'
      return send(reply, status, message)
    }
    request.log.error({ err, url: request.url, method: request.method, userId: request.user?.id }, 'unhandled error')
    return send(reply, 500, 'Something went wrong on our side. Please try again.')
  })
}

export default fp(errorHandler, { name: 'error-handler' })
