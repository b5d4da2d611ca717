// Demo reviews: a few past renters (accounts without demo logins) each finished a paid stay at some of
// Marc's, Priya's and Liam's oldest listings, months ago, and both sides reviewed; so cards, listing pages
// and the "Top rated" sort have ratings on a first look. Sam's finished week at Priya's is reviewed too.
// Ratings and words are fixed; dates are relative to the day of seeding, like the demo bookings.
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { insertBooking } from '../modules/bookings/queries/bookings'
import { refreshStorageRatings } from '../modules/safety/queries/reviews'
import { insertUser } from '../modules/accounts/queries/users'
import { reviews } from '../db/schema/reviews'
import { storages } from '../db/schema/storages'
import { addDays, dayOf, quote } from '../modules/bookings/service/transitions'
import { postedBefore } from '../modules/safety/service/reviews'
import type { DemoBookings } from './bookings'
import type { DemoUsers } from './users'

const DAY = 86_400_000

const PAST_RENTERS = [
  { firstName: 'Noah', lastName: 'Martin', email: 'noah.past@nookshare.test' },
  { firstName: 'Emma', lastName: 'Roy', email: 'emma.past@nookshare.test' },
  { firstName: 'Lucas', lastName: 'Gagnon', email: 'lucas.past@nookshare.test' },
  { firstName: 'Zoe', lastName: 'Wong', email: 'zoe.past@nookshare.test' },
]

const RENTER_WORDS = [
  'Clean, dry and exactly as described. Dropping things off was easy.',
  'Great space and a very responsive host. Would store here again.',
  'Convenient location and flexible access hours. Everything stayed safe.',
  'A bit tight for a sofa, but the host helped us fit everything in.',
  'Spotless and secure. The host answered every question within the hour.',
]
const HOST_WORDS = ['A careful renter who kept to the access hours. Welcome back any time.', 'Friendly, on time and left the space tidy.']

/** Reviews per listing (three oldest listings of each of the three hosts) and the renter stars, in turn. */
const COUNTS = [3, 2, 1, 2, 3, 1, 2, 1, 2]
const STARS = [5, 4, 5, 5, 4, 3, 5, 5, 4, 5, 4, 5, 5, 3, 4, 5, 5]

export async function seedReviews(db: Db, people: DemoUsers, booked: DemoBookings): Promise<void> {
  const now = Date.now()
  const today = dayOf(new Date(now))
  const renters = []
  for (const r of PAST_RENTERS) {
    const row = await insertUser(db, { ...r, passwordHash: people.renter.passwordHash, isAdmin: false, emailVerified: true })
    if (!row) throw new Error(`demo user ${r.email} already exists`)
    renters.push(row)
  }
  const listings = []
  for (const host of [people.host2, people.host3, people.host4]) {
    const rows = await db
      .select({ id: storages.id, hostId: storages.hostId, priceCents: storages.priceCents, currency: storages.currency })
      .from(storages)
      .where(and(eq(storages.hostId, host.id), eq(storages.status, 'active')))
      .orderBy(asc(storages.createdAt))
      .limit(3)
    listings.push(...rows)
  }
  let n = 0
  const storageIds: string[] = []
  for (const [i, listing] of listings.entries()) {
    for (let k = 0; k < (COUNTS[i] ?? 0); k++, n++) {
      const renter = renters[n % renters.length]!
      // Stays of 3 weeks, months ago, one after another on the listing.
      const startDate = addDays(today, -220 + k * 45)
      const endDate = addDays(startDate, 20)
      const q = quote({ monthlyCents: listing.priceCents!, startDate, endDate, protection: false, platformFeePercent: 10 })
      const asked = new Date(now - (225 - k * 45) * DAY)
      const paidAt = new Date(asked.getTime() + 3_600_000)
      const b = await insertBooking(db, {
        storageId: listing.id,
        renterId: renter.id,
        hostId: listing.hostId,
        state: 'completed',
        startDate,
        endDate,
        currency: listing.currency,
        listMonthlyCents: listing.priceCents!,
        quote: q,
        expiresAt: new Date(asked.getTime() + 48 * 3_600_000),
        paidCents: q.firstPaymentCents,
        paidThrough: endDate,
        confirmedAt: paidAt,
        createdAt: asked,
        updatedAt: paidAt,
      })
      const written = new Date(now - (195 - k * 45) * DAY)
      await db.insert(reviews).values([
        { ...pair(b, 'renter'), rating: STARS[n % STARS.length]!, body: RENTER_WORDS[n % RENTER_WORDS.length]!, createdAt: written, publishedAt: written },
        { ...pair(b, 'host'), rating: 5, body: HOST_WORDS[n % HOST_WORDS.length]!, createdAt: written, publishedAt: written },
      ])
      storageIds.push(listing.id)
    }
  }
  // Sam's finished week at Priya's: both sides reviewed yesterday.
  const sam = booked.samAtPriya.row
  const yesterday = new Date(now - DAY)
  await db.insert(reviews).values([
    { ...pair(sam, 'renter'), rating: 5, body: 'Priya was lovely and the basement was warm and dry. Thank you!', createdAt: yesterday, publishedAt: yesterday },
    { ...pair(sam, 'host'), rating: 5, body: 'Sam was easy to deal with and picked everything up on time.', createdAt: yesterday, publishedAt: yesterday },
  ])
  storageIds.push(sam.storageId)
  await refreshStorageRatings(db, storageIds, new Date(now), postedBefore(new Date(now)))
}

function pair(b: { id: string; storageId: string; renterId: string; hostId: string }, role: 'renter' | 'host') {
  return {
    bookingId: b.id,
    storageId: b.storageId,
    authorRole: role,
    authorId: role === 'renter' ? b.renterId : b.hostId,
    subjectId: role === 'renter' ? b.hostId : b.renterId,
  }
}
