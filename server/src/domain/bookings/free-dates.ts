// Whether a listing's dates are free for one more booking: the one check that accepting a request and
// Instant Book make (under the listing's row lock, in the caller's transaction). Today a listing holds one
// booking at a time; the availability calendar (capacity, blocked dates) replaces this body at merge.
import type { Db } from '../../db/client'
import { bookingsOnStorage } from '../../db/queries/bookings'
import { HOLDING_STATES, holdsSpace, overlaps } from './transitions'

export async function datesFree(
  db: Db,
  storageId: string,
  stay: { startDate: string; endDate: string | null },
  opts: { exceptId?: string; now?: Date } = {},
): Promise<boolean> {
  const now = opts.now ?? new Date()
  const holding = await bookingsOnStorage(db, storageId, { states: HOLDING_STATES, exceptId: opts.exceptId })
  return !holding.some((h) => holdsSpace(h, now) && overlaps(h, stay))
}
