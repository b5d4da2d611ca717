// Demo leads and their emails, so the admin portal's Leads and Email outbox tabs have something to show.
import { loadConfig } from '../config'
import type { Db } from '../db/client'
import { insertEmail, insertLead, markLeadNotified } from '../modules/leads/queries'
import { leadNotificationEmail, welcomeEmail } from '../modules/leads/service/lead-emails'

const DEMO_LEADS = [
  { name: 'Jordan Miller', email: 'jordan.miller@example.com', phone: '+1 (647) 555-0142', source: '/host', browser: 'Instagram', inApp: true },
  { name: 'Chloé Gagnon', email: 'chloe.gagnon@example.com', phone: '', source: '/storee', browser: 'Facebook', inApp: true },
] as const

/** Seeding runs before the app exists, so it reads the same environment the server does. */
export async function seedLeads(db: Db) {
  const config = loadConfig()
  const opts = { infoEmail: config.infoEmail, mailFrom: config.mailFrom, baseUrl: config.publicUrl || `http://localhost:${config.port}` }
  for (const l of DEMO_LEADS) {
    const lead = await insertLead(db, {
      name: l.name,
      email: l.email,
      phone: l.phone,
      source: l.source,
      browser: l.browser,
      userAgent: `${l.browser} demo`,
      via: 'lead-email',
    })
    const welcome = welcomeEmail(lead, opts.baseUrl)
    await insertEmail(db, { to: lead.email, from: opts.mailFrom, ...welcome, template: 'lead-welcome', leadId: lead.id, status: 'stored' })
    const note = leadNotificationEmail(lead, l.inApp)
    await insertEmail(db, { to: opts.infoEmail, from: opts.mailFrom, ...note, template: 'lead-notification', leadId: lead.id, status: 'stored' })
    await markLeadNotified(db, lead.id)
  }
}
