// GET /verifications/me (the profile's badges panel), POST /verifications/phone/start (texts a 6-digit
// code) and POST /verifications/phone/check (the code: 10 minutes, 5 tries, sends rate limited).
import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type MyVerifications, MyVerificationsSchema, PHONE_CODE_TRIES, PhoneCheckBodySchema, PhoneStartBodySchema, TRUST_ERRORS } from '@contract/trust'
import { confirmPhone, findVerification, savePhoneCode, takeCodeTry } from '../service/user-verifications'
import { maskedPhone, newPhoneCode, normalisePhone, phoneCodeExpiry, phoneCodeHash, phoneCodeText } from '../service/phone-verification'
import { smsProvider } from '../../notifications/service/sms'
import { minutesText } from '../../accounts/service/throttles'
import { badRequest, tooManyRequests } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { reserve } from '../../accounts/service/throttle'

const Sent = z.object({ ok: z.literal(true), phone: z.string() })
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const sms = smsProvider(app.config, app.db)

  app.get('/verifications/me', { config: { auth: 'user' }, schema: { response: { 200: MyVerificationsSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    const row = await findVerification(app.db, user.id)
    reply.header('cache-control', 'private, no-store')
    const pending = row?.codeHash && row.codeExpiresAt && row.codeExpiresAt > new Date() && row.codeTries < PHONE_CODE_TRIES ? row.pendingPhone : null
    return {
      email: user.emailVerified,
      phone: { verified: !!row?.phoneVerifiedAt, number: row?.phone ? maskedPhone(row.phone) : '', pending: pending ? maskedPhone(pending) : null },
      id: { status: row?.identityVerifiedAt ? 'verified' : (row?.identityStatus ?? 'none') } as MyVerifications['id'],
    }
  })

  app.post('/verifications/phone/start', { config: { auth: 'user' }, schema: { body: PhoneStartBodySchema, response: { 200: Sent } } }, async (request) => {
    const { user } = signedIn(request)
    const phone = normalisePhone(request.body.phone)
    if (!phone) throw badRequest(TRUST_ERRORS.phoneInvalid, 'phone')
    const attempt = await reserve(app, request, 'phone-code', user.id)
    if (attempt.blocked) throw tooManyRequests(`We already sent several codes. Please try again in ${minutesText(attempt.retryAfter)}.`, attempt.retryAfter)
    const code = newPhoneCode()
    await savePhoneCode(app.db, user.id, { pendingPhone: phone, codeHash: phoneCodeHash(user.id, phone, code), codeExpiresAt: phoneCodeExpiry() })
    try {
      await sms.send({ to: phone, body: phoneCodeText(code), template: 'sms-phone-code' })
    } catch (err) {
      request.log.error({ err }, 'phone code not sent')
      throw badRequest('We could not text this number. Check it and try again.', 'phone')
    }
    return { ok: true as const, phone: maskedPhone(phone) }
  })

  app.post(
    '/verifications/phone/check',
    { config: { auth: 'user' }, schema: { body: PhoneCheckBodySchema, response: { 200: MyVerificationsSchema.shape.phone } } },
    async (request) => {
      const { user } = signedIn(request)
      const before = await findVerification(app.db, user.id)
      if (!before?.codeHash || !before.pendingPhone) throw badRequest(TRUST_ERRORS.noCode, 'code')
      if (!before.codeExpiresAt || before.codeExpiresAt <= new Date()) throw badRequest(TRUST_ERRORS.codeExpired, 'code')
      // The try is counted before the comparison, in one conditional update.
      const row = await takeCodeTry(app.db, user.id, PHONE_CODE_TRIES)
      if (!row?.codeHash || !row.pendingPhone) throw tooManyRequests(TRUST_ERRORS.codeTries, 1)
      if (!sameHash(row.codeHash, phoneCodeHash(user.id, row.pendingPhone, request.body.code))) {
        throw row.codeTries >= PHONE_CODE_TRIES ? tooManyRequests(TRUST_ERRORS.codeTries, 1) : badRequest(TRUST_ERRORS.codeWrong, 'code')
      }
      await confirmPhone(app.db, user.id, row.pendingPhone)
      return { verified: true, number: maskedPhone(row.pendingPhone), pending: null }
    },
  )
}

export default phoneRoutes
