// POST /send-host-verification-email (spec 7): the setup-complete confirmation, once per host.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PAYMENT_ERRORS, VerificationEmailBodySchema, VerificationEmailResponseSchema } from '@contract/payments'
import { claimVerificationEmail, findPaymentAccount } from '../service/payment-accounts'
import { hostVerificationEmail } from '../service/payment-emails'
import { conflict, forbidden } from '../../../errors'
import { signedIn } from '../../../plugins/auth'

const verificationEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/send-host-verification-email',
    { config: { auth: 'user' }, schema: { body: VerificationEmailBodySchema, response: { 200: VerificationEmailResponseSchema } } },
    async (request) => {
      const { user } = signedIn(request)
      if (request.body.userId !== user.id) throw forbidden(PAYMENT_ERRORS.otherUser)
      if (!(await findPaymentAccount(app.db, user.id))) throw conflict(PAYMENT_ERRORS.noAccount)
      // The claim is one conditional update: two racing calls cannot both send.
      if (!(await claimVerificationEmail(app.db, user.id))) return { sent: false }
      // To the account's own address (the body's email is not trusted as a recipient).
      const email = hostVerificationEmail(request.body.name || user.firstName, app.config.publicUrl)
      await app.mailer.send({ to: user.email, ...email, template: 'host-verification' })
      return { sent: true }
    },
  )
}

export default verificationEmailRoutes
