// Who may see a listing's exact street and coordinates: its host, admins, and renters with a confirmed
// booking. Everyone else gets the city and a location rounded to roughly 500 m.
import type { Db } from '../db/client'
import { bookingsOnStorage } from '../db/queries/bookings'
import type { StorageRow } from '../db/schema/storages'
import { CONFIRMED_STATES, holdsSpace } from './bookings/transitions'

/** About 500 m of latitude. */
export const APPROX_STEP_DEG = 0.0045

/** Snaps a point to a ~500 m grid; longitude steps widen with latitude so cells stay roughly square. */
export function approximateLocation(lat: number, lng: number): { lat: number; lng: number } {
  const aLat = Math.round(lat / APPROX_STEP_DEG) * APPROX_STEP_DEG
  const lngStep = APPROX_STEP_DEG / Math.max(0.1, Math.cos((aLat * Math.PI) / 180))
  const aLng = Math.round(lng / lngStep) * lngStep
  return { lat: Number(aLat.toFixed(5)), lng: Number(aLng.toFixed(5)) }
}

/** Whether a renter holds a confirmed (paid) or active booking for this listing. */
export async function renterHasConfirmedBooking(db: Db, storageId: string, userId: string): Promise<boolean> {
  const rows = await bookingsOnStorage(db, storageId, { states: CONFIRMED_STATES, renterId: userId })
  const now = new Date()
  return rows.some((r) => holdsSpace(r, now))
}

export interface Viewer {
  userId: string
  isAdmin: boolean
  /** The viewer's session, to sign URLs of their own non-public listings' photos (storage-photo-access.ts). */
  photoSession?: { sessionId: string; tokenHash: string }
}

export async function canSeeExactAddress(db: Db, storage: Pick<StorageRow, 'id' | 'hostId'>, viewer: Viewer | null): Promise<boolean> {
  if (!viewer) return false
  if (viewer.isAdmin || viewer.userId === storage.hostId) return true
  return renterHasConfirmedBooking(db, storage.id, viewer.userId)
}

/** The public postal district: the first three characters of a Canadian postal code (FSA). */
export const postalDistrict = (postalCode: string) => postalCode.replace(/\s+/g, '').slice(0, 3).toUpperCase()
