// Reads and writes of leads and of the email outbox.
import { and, count, desc, eq, gte, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { emailOutbox, type EmailOutboxRow, type NewEmailOutboxRow } from '../../db/schema/email-outbox'
import { leads, type LeadRow, type NewLeadRow } from '../../db/schema/leads'

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

export async function listLeads(
  db: Db,
  opts: { page?: number; limit?: number; source?: 'all' | '/host' | '/storee' } = {},
): Promise<{ rows: LeadRow[]; total: number }> {
  const limit = opts.limit ?? 200
  const where = opts.source && opts.source !== 'all' ? eq(leads.source, opts.source) : undefined
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(limit)
      .offset(((opts.page ?? 1) - 1) * limit),
    db.select({ n: count() }).from(leads).where(where),
  ])
  return { rows, total: Number(totalRow?.n ?? 0) }
}

/** Every lead, oldest first, in batches (the CSV export streams them without holding them all). */
export async function* allLeads(db: Db, source: 'all' | '/host' | '/storee', batch = 500): AsyncGenerator<LeadRow[]> {
  const where = source !== 'all' ? eq(leads.source, source) : undefined
  for (let offset = 0; ; offset += batch) {
    const rows = await db.select().from(leads).where(where).orderBy(leads.createdAt, leads.id).limit(batch).offset(offset)
    if (rows.length) yield rows
    if (rows.length < batch) return
  }
}

export async function insertEmail(db: Db, values: NewEmailOutboxRow): Promise<EmailOutboxRow> {
  const [row] = await db.insert(emailOutbox).values(values).returning()
  return row!
}

export async function updateEmail(db: Db, id: string, values: Partial<NewEmailOutboxRow>) {
  await db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id))
}

export async function listEmails(db: Db, opts: { page?: number; limit?: number } = {}): Promise<{ rows: EmailOutboxRow[]; total: number }> {
  const limit = opts.limit ?? 200
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit)
      .offset(((opts.page ?? 1) - 1) * limit),
    db.select({ n: count() }).from(emailOutbox),
  ])
  return { rows, total: Number(totalRow?.n ?? 0) }
}

export async function findEmail(db: Db, id: string): Promise<EmailOutboxRow | undefined> {
  return (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1))[0]
}
