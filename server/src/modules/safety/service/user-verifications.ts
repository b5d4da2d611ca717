// A user's badges (email, phone, ID): the stored verifications, and withBadges, which adds them to
// booking cards in one query per list.
import type { Booking } from '@contract/booking'
import type { Db } from '../../../db/client'
import { verificationsOf } from '../queries/user-verifications'

export { confirmPhone, findVerification, saveIdentitySession, savePhoneCode, takeCodeTry, verificationsOf } from '../queries/user-verifications'

export async function withBadges(db: Db, bookings: Booking[]): Promise<Booking[]> {
  const badges = await verificationsOf(
    db,
    bookings.flatMap((b) => [b.renter.id, b.host.id]),
  )
  return bookings.map((b) => ({
    ...b,
    renter: { ...b.renter, verifications: badges.get(b.renter.id) },
    host: { ...b.host, verifications: badges.get(b.host.id) },
  }))
}
