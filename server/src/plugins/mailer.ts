// Sends email: every message is written to email_outbox; with SMTP_URL it then goes out through
// nodemailer and the row records delivery, without it the row is the outbox admins read.
import fp from 'fastify-plugin'
import nodemailer, { type Transporter } from 'nodemailer'
import { insertEmail, updateEmail } from '../modules/leads/queries'
import type { EmailOutboxRow } from '../db/schema/email-outbox'

export interface OutgoingEmail {
  to: string
  subject: string
  html: string
  text: string
  template: string
  leadId?: string | null
}

export interface Mailer {
  transport: 'smtp' | 'outbox'
  send(email: OutgoingEmail): Promise<EmailOutboxRow>
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

export default fp(
  async (app) => {
    const smtp: Transporter | null = app.config.smtpUrl ? nodemailer.createTransport(app.config.smtpUrl) : null
    const from = app.config.mailFrom
    const mailer: Mailer = {
      transport: smtp ? 'smtp' : 'outbox',
      async send(email) {
        const row = await insertEmail(app.db, { ...email, from, leadId: email.leadId ?? null, status: smtp ? 'sending' : 'stored' })
        if (!smtp) return row
        try {
          await smtp.sendMail({ from, to: email.to, subject: email.subject, html: email.html, text: email.text })
          const sentAt = new Date()
          await updateEmail(app.db, row.id, { status: 'sent', sentAt })
          return { ...row, status: 'sent', sentAt }
        } catch (err) {
          app.log.error({ err, to: email.to, template: email.template }, 'email delivery failed')
          const error = err instanceof Error ? err.message.slice(0, 500) : 'delivery failed'
          await updateEmail(app.db, row.id, { status: 'failed', error })
          return { ...row, status: 'failed', error }
        }
      },
    }
    app.decorate('mailer', mailer)
    app.addHook('onClose', async () => smtp?.close())
  },
  { name: 'mailer' },
)
