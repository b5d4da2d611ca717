// Seeds demo data into an empty database: each feature adds its own step after the users.
import { count, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema/users'
import { seedStorages } from './storages'
import { seedBookings } from './bookings'
import { seedCalendars } from './calendars'
import { seedReviews } from './reviews'
import { seedConversations } from './conversations'
import { seedBlogPosts } from './blog-posts'
import { seedLeads } from './leads'
import { seedLedger } from './ledger'
import { seedSavedSearches } from './saved-searches'
import { demoLogins, seedUsers } from './users'

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users)
  return Number(row?.n ?? 0) === 0
}

/**
 * Returns the demo logins to print, or null when the database already had data. `sandboxPayouts`: some demo
 * hosts have finished payout setup in the payments sandbox (off with real Stripe keys: their accounts are made up).
 */
export async function seedDemoData(db: Db, opts: { sandboxPayouts?: boolean } = {}) {
  if (!(await isDatabaseEmpty(db))) return null
  await db.transaction(async (tx) => {
    const people = await seedUsers(tx)
    await seedStorages(tx, people)
    const booked = await seedBookings(tx, people)
    await seedConversations(tx, people, booked)
    await seedCalendars(tx, people, booked, { sandboxPayouts: opts.sandboxPayouts ?? true })
    await seedReviews(tx, people, booked)
    await seedLedger(tx)
    await seedLeads(tx)
    await seedSavedSearches(tx, people)
    // The demo's unread messages were never new: no "unread messages" email about them.
    await tx.execute(sql`insert into notification_settings (user_id, fallback_covered_until) select id, now() from users`)
    await seedBlogPosts(tx, people.admin)
  })
  return demoLogins()
}
