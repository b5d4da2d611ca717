// Reads and writes of leads and of the email outbox.
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { emailOutbox, type EmailOutboxRow, type NewEmailOutboxRow } from '../schema/email-outbox'
import { leads, type LeadRow, type NewLeadRow } from '../schema/leads'

export async function insertLead(db: Db, values: NewLeadRow): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning()
  return row!
}

/** The newest lead for an address since a time that has not had its notification yet. */
export async function findUnnotifiedLead(db: Db, email: string, since: Date): Promise<LeadRow | undefined> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.email, email.toLowerCase()), gte(leads.createdAt, since), isNull(leads.notifiedAt)))
    .orderBy(desc(leads.createdAt))
    .limit(1)
  return row
}

export async function markLeadNotified(db: Db, id: string) {
  await db.update(leads).set({ notifiedAt: new Date() }).where(eq(leads.id, id))
}

export async function listLeads(db: Db, limit = 200): Promise<LeadRow[]> {
  return db.select().from(leads).orderBy(desc(leads.createdAt)).limit(limit)
}

/** How many emails of a template went to an address since a time (the per-address limit). */
export async function countEmailsTo(db: Db, to: string, template: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${emailOutbox.createdAt})` })
    .from(emailOutbox)
    .where(and(sql`lower(${emailOutbox.to}) = ${to.toLowerCase()}`, eq(emailOutbox.template, template), gte(emailOutbox.createdAt, since)))
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null }
}

export async function insertEmail(db: Db, values: NewEmailOutboxRow): Promise<EmailOutboxRow> {
  const [row] = await db.insert(emailOutbox).values(values).returning()
  return row!
}

export async function updateEmail(db: Db, id: string, values: Partial<NewEmailOutboxRow>) {
  await db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id))
}

export async function listEmails(db: Db, limit = 200): Promise<EmailOutboxRow[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit)
}
