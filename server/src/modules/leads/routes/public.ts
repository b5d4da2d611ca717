// POST /host-interest, GET /lead-email (an image request: answers a 1×1 GIF) and POST /send-email.
// None of them is a relay: only our lead templates, only to the lead and the info mailbox, rate limited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LeadBodySchema, LeadEmailQuerySchema, SendEmailBodySchema } from '@contract/lead'
import { checkLeadEmailRequest, LEAD_IP_LIMIT } from '../service/leads'
import { HttpError } from '../../../errors'
import { captureLead, findLeadToNotify, notifyInfoMailbox } from '../service/capture'

/** The smallest transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

const rateLimit = {
  ...LEAD_IP_LIMIT,
  errorResponseBuilder: (_req: unknown, ctx: { after: string; ttl: number }) =>
    new HttpError(429, `Too many requests from your network. Please try again in ${ctx.after}.`, { retryAfter: Math.ceil(ctx.ttl / 1000) }),
}

const Ok = z.object({ ok: z.literal(true), leadId: z.string().optional(), sent: z.number().int() })

const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/host-interest', { schema: { body: LeadBodySchema, response: { 201: Ok } }, config: { auth: 'public', rateLimit } }, async (request, reply) => {
    const lead = await captureLead(app, request, request.body, { via: 'host-interest', notify: true })
    reply.status(201)
    return { ok: true as const, leadId: lead.id, sent: 2 }
  })

  app.get('/lead-email', { schema: { querystring: LeadEmailQuerySchema }, config: { auth: 'public', rateLimit } }, async (request, reply) => {
    await captureLead(app, request, request.query, { via: 'lead-email', notify: true })
    return reply.header('content-type', 'image/gif').header('cache-control', 'no-store').send(PIXEL)
  })

  app.post('/send-email', { schema: { body: SendEmailBodySchema, response: { 200: Ok } }, config: { auth: 'public', rateLimit } }, async (request) => {
    const body = request.body
    const check = checkLeadEmailRequest(body, app.config.infoEmail)
    if (!check.ok) throw new HttpError(check.status, check.message, { field: check.field })
    if (body.template === 'lead-welcome') {
      if (!body.name) throw new HttpError(400, 'name is required.', { field: 'name' })
      const lead = await captureLead(app, request, { ...body, name: body.name, email: body.to }, { via: 'send-email', notify: false })
      return { ok: true as const, leadId: lead.id, sent: 1 }
    }
    const lead = await findLeadToNotify(app, body.email!)
    if (!lead)
      throw new HttpError(403, 'No new lead with this email address: notifications are only sent once, for a lead recorded in the last hour.', {
        field: 'email',
      })
    await notifyInfoMailbox(app, request, lead)
    return { ok: true as const, leadId: lead.id, sent: 1 }
  })
}

export default leadRoutes
