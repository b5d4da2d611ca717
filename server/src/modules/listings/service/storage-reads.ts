// A listing as the other modules and the listing routes read it: its row (with its host), its blocked days, its capacity (locked,
// inside the transaction that takes its space) and its view counts. The SQL: queries/storages.ts,
// queries/storage-availability.ts and queries/storage-views.ts.
import type { Db } from '../../../db/client'
import { forbidden, notFound } from '../../../errors'
import { findStorage } from '../queries/storages'

export { findStorage, findStorageRow } from '../queries/storages'

export const LISTING_NOT_FOUND = 'This storage listing does not exist or was removed.'

/** The listing `changer` wants to change: their own, or any for an admin; `refusal` is the 403's message. */
export async function listingToChange(db: Db, id: string, changer: { userId: string; isAdmin: boolean }, refusal: string) {
  const found = await findStorage(db, id)
  if (!found) throw notFound(LISTING_NOT_FOUND)
  if (found.storage.hostId !== changer.userId && !changer.isAdmin) throw forbidden(refusal)
  return found
}
export { blocksOf, lockStorageCapacity } from '../queries/storage-availability'
export { storageViewCounts } from '../queries/storage-views'
