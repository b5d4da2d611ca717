// Demo bookings between the demo users who already chat, one in each state a first look should show:
// Olivia's request to Hannah (waiting for an answer), Sam's paid stay at Hannah's (confirmed, starting
// soon), Olivia's running rental of Marc's shed (active) and Sam's finished week at Priya's (completed).
// Dates are relative to the day of seeding; the listings are each host's oldest, so the newest ones
// (which the browser tests book) stay free.
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { insertBooking } from '../modules/bookings/queries/bookings'
import type { BookingRow, BookingState } from '../db/schema/bookings'
import { storages } from '../db/schema/storages'
import { addDays, dayOf, paidThroughAfterNextPayment, quote } from '../modules/bookings/service/transitions'
import type { SpaceType } from '@contract/storage'
import type { DemoUserKey, DemoUsers } from './users'

export type DemoBookingKey = 'samAtHannah' | 'oliviaAtHannah' | 'oliviaAtMarc' | 'samAtPriya'
export type DemoBookings = Record<DemoBookingKey, { row: BookingRow; title: string }>

const HOUR = 3_600_000
const DEMO_FEE_PERCENT = 10

interface Plan {
  renter: DemoUserKey
  host: DemoUserKey
  /** The host's oldest active listing of this kind (the chat talks about it), after `skip` of them. */
  kind: SpaceType
  skip: number
  state: BookingState
  /** Days from today. */
  start: number
  /** Days from today; null: monthly until cancelled. */
  end: number | null
  protection: boolean
  note: string
  /** Hours ago the request was made, and the payment (paid states). */
  askedHoursAgo: number
  paidHoursAgo?: number
}

const PLANS: Record<DemoBookingKey, Plan> = {
  samAtHannah: {
    renter: 'renter',
    host: 'host',
    kind: 'garage',
    skip: 0,
    state: 'confirmed',
    start: 6,
    end: 66,
    protection: true,
    note: 'A bike and about 15 boxes.',
    askedHoursAgo: 25,
    paidHoursAgo: 1.5,
  },
  oliviaAtHannah: {
    renter: 'renter2',
    host: 'host',
    kind: 'garage',
    skip: 1,
    state: 'requested',
    start: 10,
    end: null,
    protection: false,
    note: 'A small sofa (wrapped) and a few boxes.',
    askedHoursAgo: 0.2,
  },
  oliviaAtMarc: {
    renter: 'renter2',
    host: 'host2',
    kind: 'shed',
    skip: 0,
    state: 'active',
    start: -2,
    end: null,
    protection: false,
    note: 'Garden furniture for the winter.',
    askedHoursAgo: 71,
    paidHoursAgo: 70,
  },
  samAtPriya: {
    renter: 'renter',
    host: 'host3',
    kind: 'basement',
    skip: 0,
    state: 'completed',
    start: -5,
    end: -1,
    protection: false,
    note: 'Books, in boxes.',
    askedHoursAgo: 140,
    paidHoursAgo: 139,
  },
}

async function oldestListing(db: Db, hostId: string, kind: SpaceType, skip: number) {
  const mine = (kindFilter: boolean) =>
    db
      .select({ id: storages.id, title: storages.title, priceCents: storages.priceCents, currency: storages.currency })
      .from(storages)
      .where(and(eq(storages.hostId, hostId), eq(storages.status, 'active'), kindFilter ? eq(storages.spaceType, kind) : undefined))
      .orderBy(asc(storages.createdAt))
      .limit(skip + 1)
  // The PRNG decides the kinds: should a host have none of this kind, any of their listings will do.
  const rows = await mine(true)
  return rows[skip] ?? (await mine(false))[skip]!
}

export async function seedBookings(db: Db, people: DemoUsers): Promise<DemoBookings> {
  const now = Date.now()
  const today = dayOf(new Date(now))
  const out: Partial<DemoBookings> = {}
  for (const [key, p] of Object.entries(PLANS) as [DemoBookingKey, Plan][]) {
    const listing = await oldestListing(db, people[p.host].id, p.kind, p.skip)
    const startDate = addDays(today, p.start)
    const endDate = p.end === null ? null : addDays(today, p.end)
    const q = quote({ monthlyCents: listing.priceCents!, startDate, endDate, protection: p.protection, platformFeePercent: DEMO_FEE_PERCENT })
    const paid = p.paidHoursAgo !== undefined
    const asked = new Date(now - p.askedHoursAgo * HOUR)
    const row = await insertBooking(db, {
      storageId: listing.id,
      renterId: people[p.renter].id,
      hostId: people[p.host].id,
      state: p.state,
      startDate,
      endDate,
      note: p.note,
      currency: listing.currency,
      listMonthlyCents: listing.priceCents!,
      protection: p.protection,
      quote: q,
      expiresAt: new Date(asked.getTime() + 48 * HOUR),
      paidCents: paid ? q.firstPaymentCents : 0,
      paidThrough: paid ? (q.kind === 'short' ? endDate : paidThroughAfterNextPayment({ startDate, endDate }, null)) : null,
      confirmedAt: paid ? new Date(now - p.paidHoursAgo! * HOUR) : null,
      createdAt: asked,
      updatedAt: paid ? new Date(now - p.paidHoursAgo! * HOUR) : asked,
    })
    out[key] = { row, title: listing.title }
  }
  return out as DemoBookings
}
