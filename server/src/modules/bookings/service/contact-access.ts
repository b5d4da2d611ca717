// The one rule for contact details, stated once: a renter and a host may see each other's contact details
// (email, what they write unmasked) and the renter the listing's exact address and access, from the moment
// a booking between them is confirmed and paid, for as long as it is not cancelled (upcoming, running or
// completed: contract/booking-process.ts, opensContact). Before that (a message, a request, an accepted or
// countered booking awaiting payment) nothing opens: host ids are public in search, so a stranger could
// otherwise unlock an address by writing once. Every surface asks here: the conversation list and chat
// (otherUser.email, in their one query through the same SQL: modules/bookings/queries/contact-pair.ts), message and
// booking-note masking (contact-protection.ts), the trust badges' contactOpen (the composer's warning),
// the listing's exact address (modules/listings/service/present.ts) and the renter dashboard's address and access.
import { opensContact } from '@contract/booking-process'
import type { Db } from '../../../db/client'
import { contactOpenBetween, contactOpenOnStorage } from '../queries/contact-pair'
import type { StorageRow } from '../../../db/schema/storages'

export { opensContact }

/** Whether A may see B's contact details (and B A's: the rule is symmetric). */
export const maySeeContact = async (db: Db, a: string, b: string): Promise<boolean> => a !== b && contactOpenBetween(db, a, b)

export interface Viewer {
  userId: string
  isAdmin: boolean
  /** The viewer's session, to sign URLs of their own non-public listings' photos (storage-photo-access.ts). */
  photoSession?: { sessionId: string; tokenHash: string }
}

/** Whether the viewer may see a listing's exact street and coordinates: its host, admins, and renters the rule opens it to. */
export async function maySeeExactAddress(db: Db, storage: Pick<StorageRow, 'id' | 'hostId'>, viewer: Viewer | null): Promise<boolean> {
  if (!viewer) return false
  if (viewer.isAdmin || viewer.userId === storage.hostId) return true
  return contactOpenOnStorage(db, storage.id, viewer.userId)
}

// The same rule as a SQL condition, for a list that decides it per row in its one query (the conversations).
export { contactOpenSql } from '../queries/contact-pair'
