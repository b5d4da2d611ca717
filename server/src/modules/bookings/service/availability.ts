// The one rule on taking a listing's space: a stay may not include a day the host blocked, nor a day on
// which the stays holding the space (accepted and unpaid in time, paid, running) already fill its
// capacity. Every way a booking comes to hold the space calls assertDatesFree inside the transaction that
// writes it: accepting a request or offer (process.ts acceptBooking), an instant booking, an invite; a
// request is checked with it when it is made, too, so the renter hears at once.
import { unavailableRanges, unavailableText, type DayRange } from '@contract/availability'
import type { Db } from '../../../db/client'
import { bookingsOnStorage } from '../queries/bookings'
import { blocksOf, lockStorageCapacity } from '../../listings/service/storage-reads'
import { conflict, notFound } from '../../../errors'
import { HOLDING_STATES, holdsSpace } from './transitions'

/** The stays that hold the listing's space at `now` (an accepted one whose pay window closed does not). */
export async function holdingStays(db: Db, storageId: string, now: Date, exceptId?: string): Promise<DayRange[]> {
  const rows = await bookingsOnStorage(db, storageId, { states: HOLDING_STATES, exceptId })
  return rows.filter((r) => holdsSpace(r, now)).map((r) => ({ startDate: r.startDate, endDate: r.endDate }))
}

/**
 * Refuses (409, field startDate, the message naming the days: "Mar 3 – Mar 5 are not available.") a stay
 * on `storageId` that is not free. Locks the listing's row first, so call it inside the transaction that
 * then writes the booking in a holding state: of racers for the last place, the first commits and the
 * others, queued on the lock, find the place taken. `exceptId`: the booking being moved (it does not
 * count against itself).
 */
export async function assertDatesFree(db: Db, storageId: string, stay: DayRange, opts: { exceptId?: string; now?: Date } = {}): Promise<void> {
  const capacity = await lockStorageCapacity(db, storageId)
  if (capacity === undefined) throw notFound('This listing does not exist.')
  const ranges = await unavailableStretches(db, storageId, capacity, stay, opts)
  if (ranges.length) throw conflict(unavailableText(ranges), 'startDate')
}

/** The stretches of the stay that are not free (none: the stay is free), under the listing's lock. */
export async function takenStretches(db: Db, storageId: string, stay: DayRange, opts: { exceptId?: string; now?: Date } = {}) {
  const capacity = await lockStorageCapacity(db, storageId)
  return capacity === undefined ? [] : unavailableStretches(db, storageId, capacity, stay, opts)
}

async function unavailableStretches(db: Db, storageId: string, capacity: number, stay: DayRange, opts: { exceptId?: string; now?: Date }) {
  const holding = await holdingStays(db, storageId, opts.now ?? new Date(), opts.exceptId)
  const blocks = await blocksOf(db, storageId, stay.startDate, stay.endDate)
  return unavailableRanges(stay, capacity, holding, blocks)
}
