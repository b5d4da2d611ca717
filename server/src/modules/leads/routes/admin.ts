// GET /admin/leads (a page, or all as CSV) and /admin/email-outbox (a page, and one email): what admins read
// in the admin portal. Each read of the outbox is in the audit log; its links' secrets are never shown.
import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { LeadListQuerySchema, LongPageQuerySchema } from '@contract/admin'
import { z } from 'zod'
import { LeadListSchema, OutboxEmailSchema, OutboxListSchema } from '@contract/lead'
import { uuidParam } from '@contract/messaging'
import { allLeads, findEmail, listEmails, listLeads } from '../service/email-outbox'
import { csvRow } from '../../../lib/csv'
import { maskLinkSecrets } from '../../notifications/service/outbox-mask'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { recordAudit } from '../../admin/service/audit'

const iso = (d: Date | null) => (d ? d.toISOString() : null)
const CSV_HEADER = ['Received', 'Name', 'Email', 'Phone', 'Source', 'Browser', 'Via', 'User agent']

const adminLeadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/leads', { config: { auth: 'admin' }, schema: { querystring: LeadListQuerySchema, response: { 200: LeadListSchema } } }, async (request) => {
    const { page, limit, source } = request.query
    const { rows, total } = await listLeads(app.db, { page, limit, source })
    return {
      leads: rows.map(({ ip: _ip, ...l }) => ({ ...l, notifiedAt: iso(l.notifiedAt), createdAt: l.createdAt.toISOString() })),
      total,
      page,
      limit,
    }
  })

  app.get('/admin/leads.csv', { config: { auth: 'admin' }, schema: { querystring: LeadListQuerySchema.pick({ source: true }) } }, async (request, reply) => {
    const { source } = request.query
    const db = app.db
    async function* lines() {
      yield `\ufeff${csvRow(CSV_HEADER)}` // the BOM: spreadsheets then read the names' accents right
      for await (const batch of allLeads(db, source)) {
        yield batch.map((l) => csvRow([l.createdAt.toISOString(), l.name, l.email, l.phone, l.source, l.browser, l.via, l.userAgent])).join('')
      }
    }
    const day = new Date().toISOString().slice(0, 10)
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="nookshare-leads-${day}.csv"`).send(Readable.from(lines()))
  })

  app.get(
    '/admin/email-outbox',
    { config: { auth: 'admin' }, schema: { querystring: LongPageQuerySchema, response: { 200: OutboxListSchema } } },
    async (request) => {
      const admin = signedIn(request)
      const { page, limit } = request.query
      const { rows, total } = await listEmails(app.db, { page, limit })
      await recordAudit(app.db, admin, { action: 'outbox.read', targetType: 'outbox', targetId: 'email-outbox', before: null, after: { page, limit } })
      return {
        transport: app.mailer.transport,
        emails: rows.map(({ html: _html, text: _text, ...e }) => ({ ...e, createdAt: e.createdAt.toISOString(), sentAt: iso(e.sentAt) })),
        total,
        page,
        limit,
      }
    },
  )

  app.get(
    '/admin/email-outbox/:id',
    { config: { auth: 'admin' }, schema: { params: z.object({ id: uuidParam }), response: { 200: OutboxEmailSchema } } },
    async (request) => {
      const admin = signedIn(request)
      const email = await findEmail(app.db, request.params.id)
      if (!email) throw notFound('This email is not in the outbox.')
      await recordAudit(app.db, admin, {
        action: 'outbox.read-message',
        targetType: 'email',
        targetId: email.id,
        before: null,
        after: { to: email.to, subject: email.subject },
      })
      return {
        ...email,
        html: maskLinkSecrets(email.html),
        text: maskLinkSecrets(email.text),
        createdAt: email.createdAt.toISOString(),
        sentAt: iso(email.sentAt),
      }
    },
  )
}

export default adminLeadRoutes
