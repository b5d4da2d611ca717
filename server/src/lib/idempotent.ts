// The Idempotency-Key rule of the steps a queued action may retry (accept, decline, the move-out notice,
// "Space is clear", a review, a report, a claim): the first request with a key runs and its 2xx answer is stored
// with the key (per user); a repeat gets that stored answer, not a second run. A first run that fails
// (4xx/5xx) changed nothing, so its key is released and a retry runs again. Keys last a day.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { claimIdempotencyKey, findIdempotencyKey, forgetIdempotencyKeys, releaseIdempotencyKey, storeIdempotentAnswer } from './idempotency-keys'
import { badRequest, conflict, HttpError } from '../errors'

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000
/** A repeat that arrives while the first run still works waits this long for its answer. */
const WAIT_FOR_FIRST_MS = 5_000
/** A claim with no answer this old was left by a crashed run: a retry may take it over. */
const ABANDONED_MS = 60_000
const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/
export const IDEMPOTENCY_ERRORS = {
  shape: 'Idempotency-Key must be 1 to 200 visible ASCII characters.',
  reused: 'This Idempotency-Key was already used for another request.',
  running: 'This request is still being processed; try again in a moment.',
} as const

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `run` once per (user, Idempotency-Key); without the header it simply runs. */
export async function idempotent<T>(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: string, run: () => Promise<T>): Promise<T> {
  const header = request.headers['idempotency-key']
  if (header === undefined) return run()
  const key = Array.isArray(header) ? header[0] : header
  if (!key || !KEY_SHAPE.test(key)) throw badRequest(IDEMPOTENCY_ERRORS.shape, 'Idempotency-Key')
  const what = `${request.method} ${request.url.split('?')[0]}`
  const now = Date.now()
  await forgetIdempotencyKeys(app.db, new Date(now - IDEMPOTENCY_KEY_TTL_MS), userId)

  if (!(await claimIdempotencyKey(app.db, userId, key, what))) {
    for (const deadline = now + WAIT_FOR_FIRST_MS; ;) {
      const row = await findIdempotencyKey(app.db, userId, key)
      if (!row) break // the first run failed meanwhile and released it: this one runs
      if (row.request !== what) throw new HttpError(422, IDEMPOTENCY_ERRORS.reused, { field: 'Idempotency-Key' })
      if (row.statusCode !== null) {
        reply.status(row.statusCode).header('idempotent-replayed', 'true')
        return row.body as T
      }
      if (now - row.createdAt.getTime() > ABANDONED_MS) {
        await releaseIdempotencyKey(app.db, userId, key)
        break
      }
      if (Date.now() > deadline) throw conflict(IDEMPOTENCY_ERRORS.running)
      await sleep(100)
    }
    if (!(await claimIdempotencyKey(app.db, userId, key, what))) throw conflict(IDEMPOTENCY_ERRORS.running)
  }

  try {
    const body = await run()
    await storeIdempotentAnswer(app.db, userId, key, reply.statusCode, body)
    return body
  } catch (err) {
    await releaseIdempotencyKey(app.db, userId, key).catch((e: unknown) => request.log.error({ err: e }, 'idempotency key not released'))
    throw err
  }
}
