// Move-in and move-out checks: who may see a booking's evidence (its two parties and admins; anyone else
// gets a 404, as if it did not exist), when checks are open (a paid booking: confirmed, active or
// completed), and the rule on changes: adding a photo or an item clears both confirmations, so each side
// confirms what is there now. Nothing is ever removed from a check: it is evidence.
import { BOOKING_GROUPS } from '@contract/booking-process'
import {
  CLAIM_WINDOW_DAYS,
  EVIDENCE_ERRORS,
  EVIDENCE_STATES,
  MAX_CHECK_ITEMS,
  MAX_CHECK_PHOTOS,
  maxClaimCents,
  type BookingEvidence,
  type CheckDetail,
  type CheckKind,
  type CheckSummary,
  type PairEvidence,
} from '@contract/evidence'
import type { Db } from '../../../db/client'
import { bookingsBetween, findBookingView, type BookingView } from '../../bookings/service/bookings'
import {
  checkSummaries,
  clearConfirmations,
  countCheckContents,
  ensureCheck,
  findPhotoByClientId,
  findPhotoWithBooking,
  insertItem,
  insertPhoto,
  listChecks,
  listItems,
  listPhotoMeta,
  setConfirmation,
  type EvidencePhotoMeta,
} from '../queries'
import type { EvidenceCheckRow, EvidenceItemRow } from '../../../db/schema/evidence'
import { blocksBetween } from '../../safety/service/blocks'
import { conflict, forbidden, notFound } from '../../../errors'
import { normalisePhoto, type UploadedPhoto } from '../../messaging/service/message-photos'
import { captureTimeOf } from './capture-time'

export type Viewer = { id: string; isAdmin: boolean }
export type Role = 'renter' | 'host' | 'admin'

const NOT_FOUND = 'Booking not found.'
const isOpenState = (state: string) => (EVIDENCE_STATES as readonly string[]).includes(state)
const today = (now: Date) => now.toISOString().slice(0, 10)

/** The booking and the viewer's side; a 404 for anyone who is neither party nor admin. */
export async function bookingFor(db: Db, bookingId: string, viewer: Viewer): Promise<{ view: BookingView; role: Role }> {
  const view = await findBookingView(db, bookingId)
  if (!view) throw notFound(NOT_FOUND)
  if (view.booking.renterId === viewer.id) return { view, role: 'renter' }
  if (view.booking.hostId === viewer.id) return { view, role: 'host' }
  if (viewer.isAdmin) return { view, role: 'admin' }
  throw notFound(NOT_FOUND)
}

/**
 * After a block, the blocked side adds nothing more to the pair's bookings (photos, items, claims: each
 * reaches the other side, a claim by email); the blocker still can, as a claim may be why they blocked.
 */
export async function refuseBlockedSide(db: Db, me: string, other: string) {
  const rows = await blocksBetween(db, me, other)
  if (rows.some((r) => r.blockerId === other)) throw forbidden(EVIDENCE_ERRORS.blocked)
}

/** A party about to change a check: the booking must be paid, and admins only read; `adds`: not the blocked side either. */
async function partyFor(db: Db, bookingId: string, viewer: Viewer, kind: CheckKind, now: Date, adds = false) {
  const found = await bookingFor(db, bookingId, viewer)
  if (found.role === 'admin') throw forbidden('Admins can read checks but not change them.')
  if (adds) await refuseBlockedSide(db, viewer.id, found.role === 'renter' ? found.view.booking.hostId : found.view.booking.renterId)
  if (!isOpenState(found.view.booking.state)) throw conflict(EVIDENCE_ERRORS.notAvailable)
  if (kind === 'move_out' && !moveOutOpen(found.view, now)) throw conflict('The move-out check opens on the first day of the rental.')
  return found as { view: BookingView; role: 'renter' | 'host' }
}

/** The move-out check opens once the rental has started. */
const moveOutOpen = (view: BookingView, now: Date) => view.booking.state !== 'confirmed' || view.booking.startDate <= today(now)

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * Where a check nobody has started sits in the chat: just after the booking's "confirmed" notice (written a
 * moment after confirmedAt), the move-out after the move-in and not before the rental's first day.
 */
function unstartedAt(view: BookingView, kind: CheckKind): Date {
  const confirmed = (view.booking.confirmedAt ?? view.booking.updatedAt).getTime()
  if (kind === 'move_in') return new Date(confirmed + 5_000)
  return new Date(Math.max(confirmed, Date.parse(`${view.booking.startDate}T00:00:00Z`)) + 10_000)
}

function summaryOf(view: BookingView, kind: CheckKind, row: { check: EvidenceCheckRow; photoCount: number; itemCount: number } | undefined): CheckSummary {
  return {
    bookingId: view.booking.id,
    kind,
    checkId: row?.check.id ?? null,
    photoCount: row?.photoCount ?? 0,
    itemCount: row?.itemCount ?? 0,
    renterConfirmed: Boolean(row?.check.renterConfirmedAt),
    hostConfirmed: Boolean(row?.check.hostConfirmedAt),
    at: (row?.check.createdAt ?? unstartedAt(view, kind)).toISOString(),
  }
}

const kindsOpen = (view: BookingView, now: Date): CheckKind[] => (moveOutOpen(view, now) ? ['move_in', 'move_out'] : ['move_in'])

/** The chat's cards: every paid booking between the pair, with counts only. */
export async function pairEvidence(db: Db, me: string, other: string, now = new Date()): Promise<PairEvidence> {
  const views = await bookingsBetween(db, me, other, EVIDENCE_STATES)
  const rows = await checkSummaries(
    db,
    views.map((v) => v.booking.id),
  )
  return {
    bookings: views.map((view) => {
      const mine = rows.filter((r) => r.check.bookingId === view.booking.id)
      const kinds = new Set<CheckKind>([...kindsOpen(view, now), ...mine.map((r) => r.check.kind)])
      return {
        bookingId: view.booking.id,
        role: view.booking.renterId === me ? ('renter' as const) : ('host' as const),
        otherFirstName: view.booking.renterId === me ? view.host.firstName : view.renter.firstName,
        state: view.booking.state,
        startDate: view.booking.startDate,
        endDate: view.booking.endDate,
        checks: [...kinds].map((kind) =>
          summaryOf(
            view,
            kind,
            mine.find((r) => r.check.kind === kind),
          ),
        ),
      }
    }),
  }
}

const photoDto = (p: EvidencePhotoMeta) => ({
  id: p.id,
  uploaderId: p.uploaderId,
  clientId: p.clientId,
  receivedAt: p.createdAt.toISOString(),
  capturedAt: iso(p.capturedAt),
})
const itemDto = (i: EvidenceItemRow) => ({ id: i.id, authorId: i.authorId, name: i.name, note: i.note, createdAt: i.createdAt.toISOString() })

/** The day the move-out happened, for the claim window: the move-out check's start, else the booking's end. */
export function moveOutDate(view: BookingView, moveOutCheck: EvidenceCheckRow | undefined): string | null {
  if (moveOutCheck) return moveOutCheck.createdAt.toISOString().slice(0, 10)
  if (view.booking.state === 'cancelled' && view.booking.cancelledAt) return view.booking.cancelledAt.toISOString().slice(0, 10)
  return view.booking.endDate
}

export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Everything recorded for a booking: both checks with photos (metadata) and items. */
export async function bookingEvidence(db: Db, bookingId: string, viewer: Viewer, now = new Date()): Promise<BookingEvidence> {
  const { view, role } = await bookingFor(db, bookingId, viewer)
  return evidenceOf(db, view, role, now)
}

export async function evidenceOf(db: Db, view: BookingView, role: Role, now = new Date()): Promise<BookingEvidence> {
  const checks = await listChecks(db, view.booking.id)
  const ids = checks.map((c) => c.id)
  const [photos, items] = await Promise.all([listPhotoMeta(db, ids), listItems(db, ids)])
  const kinds = new Set<CheckKind>([...(isOpenState(view.booking.state) ? kindsOpen(view, now) : []), ...checks.map((c) => c.kind)])
  const details: CheckDetail[] = [...kinds].map((kind) => {
    const check = checks.find((c) => c.kind === kind)
    const p = check ? photos.filter((x) => x.checkId === check.id) : []
    const it = check ? items.filter((x) => x.checkId === check.id) : []
    return {
      ...summaryOf(view, kind, check && { check, photoCount: p.length, itemCount: it.length }),
      photos: p.map(photoDto),
      items: it.map(itemDto),
      renterConfirmedAt: iso(check?.renterConfirmedAt ?? null),
      hostConfirmedAt: iso(check?.hostConfirmedAt ?? null),
    }
  })
  const out = moveOutDate(
    view,
    checks.find((c) => c.kind === 'move_out'),
  )
  const party = (p: BookingView['renter']) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName })
  return {
    booking: {
      id: view.booking.id,
      state: view.booking.state,
      startDate: view.booking.startDate,
      endDate: view.booking.endDate,
      currency: view.booking.currency,
      items: view.booking.items,
      storageTitle: view.storage.title,
      renter: party(view.renter),
      host: party(view.host),
    },
    role,
    checks: details,
    claimDeadline: out ? addDays(out, CLAIM_WINDOW_DAYS) : null,
    claimMaxCents: maxClaimCents(view.booking.paidCents),
  }
}

/**
 * Adds one photo, idempotent by (check, clientId): a repeated upload answers the photo already stored
 * (created: false) and changes nothing. The capture time is read before re-encoding drops the metadata.
 */
export async function addPhoto(
  db: Db,
  input: { bookingId: string; kind: CheckKind; viewer: Viewer; clientId: string; photo: UploadedPhoto; utcOffset?: string; now?: Date },
) {
  const now = input.now ?? new Date()
  await partyFor(db, input.bookingId, input.viewer, input.kind, now, true)
  const check = await ensureCheck(db, input.bookingId, input.kind)
  const existing = await findPhotoByClientId(db, check.id, input.clientId)
  if (existing) return { photo: photoDto(existing), created: false }
  if ((await countCheckContents(db, check.id)).photos >= MAX_CHECK_PHOTOS) throw conflict(EVIDENCE_ERRORS.tooManyPhotos, 'photo')
  const capturedAt = await captureTimeOf(input.photo.bytes, input.utcOffset)
  const { contentType, bytes } = await normalisePhoto(input.photo)
  const row = await insertPhoto(db, { checkId: check.id, uploaderId: input.viewer.id, clientId: input.clientId, contentType, bytes, capturedAt })
  // Lost a race with the same upload: the other one stored it.
  if (!row) return { photo: photoDto((await findPhotoByClientId(db, check.id, input.clientId))!), created: false }
  await clearConfirmations(db, check.id)
  return { photo: photoDto(row), created: true }
}

export async function addItem(db: Db, input: { bookingId: string; kind: CheckKind; viewer: Viewer; name: string; note: string; now?: Date }) {
  await partyFor(db, input.bookingId, input.viewer, input.kind, input.now ?? new Date(), true)
  const check = await ensureCheck(db, input.bookingId, input.kind)
  if ((await countCheckContents(db, check.id)).items >= MAX_CHECK_ITEMS) throw conflict(EVIDENCE_ERRORS.tooManyItems, 'name')
  const item = await insertItem(db, { checkId: check.id, authorId: input.viewer.id, name: input.name, note: input.note })
  await clearConfirmations(db, check.id)
  return itemDto(item)
}

/** "I confirm this check" by the caller's side (again: no change). */
export async function confirmCheck(db: Db, input: { bookingId: string; kind: CheckKind; viewer: Viewer; now?: Date }) {
  const now = input.now ?? new Date()
  const { role } = await partyFor(db, input.bookingId, input.viewer, input.kind, now)
  const check = await ensureCheck(db, input.bookingId, input.kind)
  const already = role === 'renter' ? check.renterConfirmedAt : check.hostConfirmedAt
  const row = already ? check : await setConfirmation(db, check.id, role, now)
  return { renterConfirmed: Boolean(row.renterConfirmedAt), hostConfirmed: Boolean(row.hostConfirmedAt) }
}

export const PAST_STATES = BOOKING_GROUPS.past

// A booking's checks and their items (the door card's move-in list), and an evidence photo with its
// booking's parties (who may see it), for the routes and the bookings module (the SQL: evidence/queries.ts).
export { listChecks, listItems } from '../queries'

/** A check photo, for the booking's two parties and admins only: anyone else is answered as if it did not exist. */
export async function evidencePhotoFor(db: Db, photoId: string, viewer: Viewer) {
  const found = await findPhotoWithBooking(db, photoId)
  // Anyone but the two parties and admins: as if it did not exist.
  if (!found || (found.renterId !== viewer.id && found.hostId !== viewer.id && !viewer.isAdmin)) throw notFound('Photo not found.')
  return found.photo
}
