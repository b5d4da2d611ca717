// Adds each booking's latest payment dispute to the pair's booking cards, in one query per list.
import type { Booking } from '@contract/booking'
import type { Db } from '../../../db/client'
import { latestDisputes } from '../queries/booking-disputes'
import { disputeDto } from './disputes'

export async function withDisputes(db: Db, bookings: Booking[]): Promise<Booking[]> {
  const disputes = await latestDisputes(
    db,
    bookings.map((b) => b.id),
  )
  return bookings.map((b) => {
    const d = disputes.get(b.id)
    return { ...b, dispute: d ? disputeDto(d) : null }
  })
}
