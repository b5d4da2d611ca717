// Instant Book on the server: the facts the rule (contract/instant-book.ts) needs, read from the listing,
// the renter's badges and rating, the host's payment account and the free dates. Asked by the listing
// page (GET /storages/:id/instant-book) and again under the listing's lock when the booking opens.
import { INSTANT_BOOK_TEXT, instantBookReasons } from '@contract/instant-book'
import type { Db } from '../../../db/client'
import { findPaymentAccount } from '../../payments/service/payment-accounts'
import { verificationsOf } from '../../safety/service/user-verifications'
import type { StorageRow } from '../../../db/schema/storages'
import { paymentStatus, rowState } from '../../payments/service/payment-status'
import { postedBefore, renterRating } from '../../safety/service/reviews'
import { datesFree } from './free-dates'
import { stayDays } from './transitions'

/** The host has a Stripe account that can take a payment now (what accepting a request needs too). */
export async function hostPaymentReady(db: Db, hostId: string): Promise<boolean> {
  const row = await findPaymentAccount(db, hostId)
  const status = paymentStatus(row ? rowState(row) : undefined)
  return Boolean(row?.stripeAccountId) && !status.needsOnboarding && !status.needsVerification
}

/** Why this renter may not book this stay on this listing at once; empty when they may. */
export async function instantBookProblems(
  db: Db,
  storage: StorageRow,
  renter: { id: string; emailVerified: boolean },
  stay: { startDate: string; endDate: string | null },
  now = new Date(),
): Promise<string[]> {
  if (!storage.instantBook) return [INSTANT_BOOK_TEXT.off]
  const badges = (await verificationsOf(db, [renter.id])).get(renter.id)
  const rating = storage.instantMinRating != null ? await renterRating(db, renter.id, now, postedBefore(now)) : null
  return instantBookReasons(
    storage,
    { emailVerified: renter.emailVerified, id: Boolean(badges?.id), phone: Boolean(badges?.phone), rating },
    {
      days: stay.endDate ? stayDays(stay.startDate, stay.endDate) : null,
      free: await datesFree(db, storage.id, stay, { now }),
      hostCanBePaid: await hostPaymentReady(db, storage.hostId),
    },
  )
}
