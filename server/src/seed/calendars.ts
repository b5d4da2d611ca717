// Booking without waiting, in the demo: some listings take more than one booking at once and some have
// days their host blocked; Priya has invited Sam to book; Sam proposed a move-in visit for his stay at
// Hannah's; and, with the payments sandbox, Marc, Priya and Liam have finished their payout setup, so their
// Instant Book listings can be booked at once (Hannah's has not, so her account shows the setup journey).
// The calendars use each host's oldest listings that hold no demo booking: the browser tests book the
// newest ones, on dates of their own.
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { insertInvite } from '../modules/bookings/queries/invites'
import { insertMessage } from '../modules/messaging/queries/messages'
import { paymentAccounts } from '../db/schema/payment-accounts'
import { storageBlockedDates } from '../db/schema/storage-blocked-dates'
import { storages } from '../db/schema/storages'
import { visits } from '../db/schema/visits'
import { inviteNotice } from '../modules/bookings/service/invites'
import { addDays, dayOf } from '../modules/bookings/service/transitions'
import { zonedInstant } from '@contract/access-hours'
import type { DemoBookings } from './bookings'
import type { DemoUserKey, DemoUsers } from './users'

const HOUR = 3_600_000
/** Of each host's oldest listings with no demo booking: which take 2 or 3 at once, and which have blocked days. */
const CAPACITY: Record<number, number> = { 1: 2, 4: 3, 9: 2, 13: 2 }
const BLOCKED: Record<number, { from: number; days: number; note: string }> = {
  2: { from: 12, days: 4, note: 'Family visiting' },
  6: { from: 20, days: 7, note: 'Repairs' },
  11: { from: 9, days: 3, note: 'Own use' },
  15: { from: 30, days: 10, note: 'Away' },
}
/** The hosts whose payout setup the sandbox shows as done. */
const PAID_HOSTS: DemoUserKey[] = ['host2', 'host3', 'host4']

export async function seedCalendars(db: Db, people: DemoUsers, booked: DemoBookings, opts: { sandboxPayouts: boolean }) {
  const today = dayOf(new Date())
  const bookedIds = new Set(Object.values(booked).map((b) => b.row.storageId))
  for (const host of [people.host, people.host2, people.host3, people.host4]) {
    const mine = (await db.select({ id: storages.id }).from(storages).where(eq(storages.hostId, host.id)).orderBy(asc(storages.createdAt)).limit(30)).filter(
      (s) => !bookedIds.has(s.id),
    )
    for (const [k, capacity] of Object.entries(CAPACITY))
      await db
        .update(storages)
        .set({ capacity })
        .where(eq(storages.id, mine[Number(k)]!.id))
    for (const [k, b] of Object.entries(BLOCKED))
      await db
        .insert(storageBlockedDates)
        .values({ storageId: mine[Number(k)]!.id, startDate: addDays(today, b.from), endDate: addDays(today, b.from + b.days - 1), note: b.note })
  }

  if (opts.sandboxPayouts) {
    // Accounts the sandbox knows as complete (plugins: the stand-in takes them on at start, modules/payments/routes/sandbox.ts).
    await db.insert(paymentAccounts).values(
      PAID_HOSTS.map((key) => ({
        userId: people[key].id,
        stripeAccountId: `acct_demo_${key}`,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      })),
    )
  }

  // Priya invites Sam to another of her spaces, at a little under its price, for three days.
  const [space] = await db
    .select({ id: storages.id, title: storages.title, city: storages.city, priceCents: storages.priceCents, currency: storages.currency })
    .from(storages)
    .where(eq(storages.hostId, people.host3.id))
    .orderBy(asc(storages.createdAt))
    .offset(20)
    .limit(1)
  const sentAt = new Date(Date.now() - 40 * 60_000)
  const invite = await insertInvite(db, {
    storageId: space!.id,
    hostId: people.host3.id,
    renterId: people.renter.id,
    startDate: addDays(today, 14),
    endDate: addDays(today, 104),
    monthlyCents: Math.round((space!.priceCents! * 0.85) / 500) * 500,
    listMonthlyCents: space!.priceCents!,
    currency: space!.currency,
    expiresAt: new Date(sentAt.getTime() + 72 * HOUR),
    createdAt: sentAt,
  })
  const view = { ...invite, storage: { id: space!.id, title: space!.title, city: space!.city } }
  await insertMessage(db, {
    senderId: people.host3.id,
    receiverId: people.renter.id,
    content: 'Hi Sam! I have another space free from mid-month. I sent you an invite at a better price if you need more room.',
    createdAt: new Date(sentAt.getTime() - 60_000),
  })
  await insertMessage(db, {
    senderId: people.host3.id,
    receiverId: people.renter.id,
    content: inviteNotice('sent', view, sentAt.getTime()),
    isSystem: true,
    storageId: space!.id,
    createdAt: sentAt,
  })

  // Sam proposes his move-in at Hannah's for 18:00 on the first day (every demo schedule is open then).
  const stay = booked.samAtHannah.row
  const [listing] = await db.select({ schedule: storages.accessSchedule }).from(storages).where(eq(storages.id, stay.storageId))
  const timeZone = listing?.schedule?.timeZone ?? 'America/Toronto'
  await db.insert(visits).values({
    bookingId: stay.id,
    proposedBy: people.renter.id,
    kind: 'move_in',
    startsAt: zonedInstant(stay.startDate, 18 * 60, timeZone),
    minutes: 60,
    timeZone,
    createdAt: new Date(Date.now() - 30 * 60_000),
  })
}
