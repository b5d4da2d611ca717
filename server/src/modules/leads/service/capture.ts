// Records a lead and sends its welcome email (and, when asked, the info-mailbox notification),
// holding the per-address limit. Shared by /host-interest, /lead-email and /send-email.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { LeadSource } from '@contract/lead'
import { findUnnotifiedLead, insertLead, markLeadNotified } from '../queries'
import type { LeadRow } from '../../../db/schema/leads'
import { isInAppUserAgent, leadNotificationEmail, welcomeEmail } from './lead-emails'
import { emailKey } from '../../accounts/service/email-key'
import { NOTIFY_WINDOW_MS } from './leads'
import { publicBaseUrl } from '../../../lib/public-url'
import { tooManyRequests } from '../../../errors'
import { reserve } from '../../accounts/service/throttle'

export interface LeadInput {
  name: string
  email: string
  phone: string
  source: LeadSource
  browser: string
}

const userAgent = (request: FastifyRequest) => String(request.headers['user-agent'] ?? '').slice(0, 500)

export async function captureLead(
  app: FastifyInstance,
  request: FastifyRequest,
  input: LeadInput,
  opts: { via: 'host-interest' | 'lead-email' | 'send-email'; notify: boolean },
): Promise<LeadRow> {
  // Reserved before the email is sent (a throttle row), so concurrent requests cannot all slip under the limit.
  const reservation = await reserve(app, request, 'lead-email', emailKey(input.email))
  if (reservation.blocked) {
    throw tooManyRequests('We have already sent several emails to this address today. Please check your inbox or try again tomorrow.', reservation.retryAfter)
  }
  const lead = await insertLead(app.db, { ...input, userAgent: userAgent(request), ip: request.ip, via: opts.via })
  const welcome = welcomeEmail(lead, publicBaseUrl(app.config, request))
  await app.mailer.send({ to: lead.email, ...welcome, template: 'lead-welcome', leadId: lead.id })
  if (opts.notify) await notifyInfoMailbox(app, request, lead)
  return lead
}

/** Sends the info-mailbox notification for a lead; a failure is logged, never shown to the lead. */
export async function notifyInfoMailbox(app: FastifyInstance, request: FastifyRequest, lead: LeadRow) {
  try {
    const email = leadNotificationEmail(lead, isInAppUserAgent(lead.userAgent || userAgent(request)))
    await app.mailer.send({ to: app.config.infoEmail, ...email, template: 'lead-notification', leadId: lead.id })
    await markLeadNotified(app.db, lead.id)
  } catch (err) {
    request.log.error({ err, leadId: lead.id }, 'lead notification failed')
  }
}

export const findLeadToNotify = (app: FastifyInstance, email: string) => findUnnotifiedLead(app.db, email, new Date(Date.now() - NOTIFY_WINDOW_MS))
