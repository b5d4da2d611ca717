// The stand-in without Twilio credentials: a text is written to the admin outbox (the email_outbox
// table, addressed to the phone number), where /admin's outbox view shows it. Nothing leaves the machine.
import { randomUUID } from 'node:crypto'
import type { Db } from '../../../db/client'
import { insertEmail } from '../../leads/service/email-outbox'
import type { SmsMessage, SmsProvider } from './sms-provider'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function outboxSms(db: Db): SmsProvider {
  return {
    name: 'outbox',
    async send(message: SmsMessage) {
      await insertEmail(db, {
        to: message.to,
        from: 'SMS (outbox stand-in)',
        subject: `Text message to ${message.to}`,
        text: message.body,
        html: `<p>${escapeHtml(message.body)}</p>`,
        template: message.template,
        leadId: null,
        status: 'stored',
      })
      return { sid: `SM${randomUUID().replace(/-/g, '')}` }
    },
  }
}
