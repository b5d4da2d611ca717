// Visits arranged in a booking's chat: either side proposes one inside the listing's access hours, the
// other confirms it, counters with another time (a new proposal replacing it) or declines; either may
// cancel. Only the booking's renter and host see or touch its visits (anyone else: 404).
import { fitsVisit, formatVisitTime, minutesLabel, windowsOn, zonedParts, zoneForProvince, type AccessSchedule } from '@contract/access-hours'
import { VISIT_BOOKING_STATES, VISIT_KIND_LABEL, type PairVisits, type Visit } from '@contract/visits'
import type { Db } from '../../db/client'
import { findBookingView, type BookingView } from '../../db/queries/bookings'
import { bookingsBetween } from '../../db/queries/evidence'
import { findStorageRow } from '../../db/queries/storages'
import { findVisit, findVisitByClientId, insertVisit, moveVisit, visitsOfBookings } from '../../db/queries/visits'
import type { StorageRow } from '../../db/schema/storages'
import type { VisitRow } from '../../db/schema/visits'
import { badRequest, conflict, notFound } from '../../errors'

const NOT_FOUND = 'Visit not found.'
const BOOKING_NOT_FOUND = 'Booking not found.'

export const visitDto = (v: VisitRow, me: string): Visit => ({
  id: v.id,
  bookingId: v.bookingId,
  kind: v.kind,
  startsAt: v.startsAt.toISOString(),
  minutes: v.minutes,
  timeZone: v.timeZone,
  status: v.status,
  proposedByMe: v.proposedBy === me,
  clientId: v.proposedBy === me ? v.clientId : null,
  createdAt: v.createdAt.toISOString(),
  respondedAt: v.respondedAt?.toISOString() ?? null,
})

export const scheduleZone = (s: Pick<StorageRow, 'accessSchedule' | 'state'>) => s.accessSchedule?.timeZone ?? zoneForProvince(s.state)

/** The bookings between the viewer and another user where visits can be arranged, with their visits. */
export async function pairVisits(db: Db, me: string, other: string): Promise<PairVisits> {
  const views = await bookingsBetween(db, me, other, VISIT_BOOKING_STATES)
  const rows = await visitsOfBookings(
    db,
    views.map((v) => v.booking.id),
  )
  const storages = new Map<string, StorageRow | undefined>()
  for (const v of views) if (!storages.has(v.storage.id)) storages.set(v.storage.id, await findStorageRow(db, v.storage.id))
  return {
    bookings: views.map((v) => {
      const storage = storages.get(v.storage.id)
      return {
        bookingId: v.booking.id,
        storageTitle: v.storage.title,
        role: v.booking.renterId === me ? ('renter' as const) : ('host' as const),
        otherFirstName: v.booking.renterId === me ? v.host.firstName : v.renter.firstName,
        state: v.booking.state,
        accessSchedule: storage?.accessSchedule ?? null,
        timeZone: storage ? scheduleZone(storage) : 'America/Toronto',
        visits: rows.filter((r) => r.bookingId === v.booking.id).map((r) => visitDto(r, me)),
      }
    }),
  }
}

/** A confirmed visit's line on the booking page: the visits of one booking, for its two people. */
export async function bookingVisits(db: Db, bookingId: string, me: string): Promise<Visit[]> {
  const view = await findBookingView(db, bookingId)
  if (!view || (view.booking.renterId !== me && view.booking.hostId !== me)) throw notFound(BOOKING_NOT_FOUND)
  return (await visitsOfBookings(db, [bookingId])).map((r) => visitDto(r, me))
}

async function bookingFor(db: Db, bookingId: string, me: string) {
  const view = await findBookingView(db, bookingId)
  if (!view || (view.booking.renterId !== me && view.booking.hostId !== me)) throw notFound(BOOKING_NOT_FOUND)
  const storage = await findStorageRow(db, view.booking.storageId)
  if (!storage) throw notFound(BOOKING_NOT_FOUND)
  return { view, storage }
}

function checkBookingAllows(view: BookingView, kind: VisitRow['kind']) {
  const state = view.booking.state
  if (!(VISIT_BOOKING_STATES as readonly string[]).includes(state))
    throw conflict('Visits can be arranged once the booking is accepted and until it ends.', 'bookingId')
  if (state === 'accepted' && kind !== 'move_in') throw conflict('Until the booking is paid, only a move-in visit can be arranged.', 'kind')
}

/** "Sat, Mar 7: open 9:00–18:00 (Toronto time)" or "… closed", for a refusal naming the hours. */
export function openHoursLine(schedule: AccessSchedule, start: Date): string {
  const { date } = zonedParts(start, schedule.timeZone)
  const windows = windowsOn(schedule, date) ?? []
  const day = formatVisitTime(start, 0, schedule.timeZone).split(',').slice(0, 2).join(',')
  const city = schedule.timeZone.split('/').pop()!.replace(/_/g, ' ')
  return windows.length === 0
    ? `${day}: closed (${city} time)`
    : `${day}: open ${windows.map((w) => `${minutesLabel(w.open)}–${minutesLabel(w.close)}`).join(', ')} (${city} time)`
}

function checkTime(storage: StorageRow, startsAt: Date, minutes: number, now: Date) {
  if (startsAt.getTime() <= now.getTime()) throw badRequest('The visit must be in the future.', 'startsAt')
  if (startsAt.getTime() > now.getTime() + 366 * 86_400_000) throw badRequest('The visit must be within a year.', 'startsAt')
  const schedule = storage.accessSchedule
  if (schedule && !fitsVisit(schedule, startsAt, minutes))
    throw conflict(`That time is outside the access hours. ${openHoursLine(schedule, startsAt)}.`, 'startsAt')
}

export interface ProposeInput {
  kind: VisitRow['kind']
  startsAt: string
  minutes: number
  clientId?: string
}

/** A proposal by either side of the booking; the same clientId again returns the first one. */
export async function proposeVisit(db: Db, me: string, bookingId: string, input: ProposeInput, now: Date) {
  const { view, storage } = await bookingFor(db, bookingId, me)
  const startsAt = new Date(input.startsAt)
  if (input.clientId) {
    // A retry from the outbox after the first one was stored: answer with it, whatever the clock says now.
    const sent = await findVisitByClientId(db, me, input.clientId)
    if (sent) return sent
  }
  checkBookingAllows(view, input.kind)
  checkTime(storage, startsAt, input.minutes, now)
  const { visit } = await insertVisit(db, {
    bookingId,
    proposedBy: me,
    kind: input.kind,
    startsAt,
    minutes: input.minutes,
    timeZone: scheduleZone(storage),
    clientId: input.clientId ?? null,
  })
  return visit
}

async function visitFor(db: Db, id: string, me: string) {
  const visit = await findVisit(db, id)
  if (!visit) throw notFound(NOT_FOUND)
  const found = await bookingFor(db, visit.bookingId, me).catch(() => {
    throw notFound(NOT_FOUND)
  })
  return { visit, ...found }
}

/** The other side counters a proposal with another time: the proposal is replaced by theirs. */
export async function counterVisit(db: Db, me: string, id: string, input: Omit<ProposeInput, 'kind'>, now: Date) {
  const { visit, view, storage } = await visitFor(db, id, me)
  if (visit.proposedBy === me) throw conflict('You proposed this visit; cancel it and propose another time.', 'id')
  if (visit.status !== 'proposed') throw conflict(`This visit is already ${visit.status}.`, 'id')
  checkBookingAllows(view, visit.kind)
  const startsAt = new Date(input.startsAt)
  checkTime(storage, startsAt, input.minutes, now)
  return db.transaction(async (tx) => {
    const moved = await moveVisit(tx as Db, id, 'proposed', 'replaced', now)
    if (!moved) throw conflict('This visit was answered meanwhile.', 'id')
    const { visit: next } = await insertVisit(tx as Db, {
      bookingId: visit.bookingId,
      proposedBy: me,
      kind: visit.kind,
      startsAt,
      minutes: input.minutes,
      timeZone: scheduleZone(storage),
      replacesId: visit.id,
      clientId: input.clientId ?? null,
    })
    return next
  })
}

/** Confirm or decline (the other side, while proposed), or cancel (either side, while proposed or confirmed). */
export async function respondToVisit(db: Db, me: string, id: string, action: 'confirm' | 'decline' | 'cancel', now: Date) {
  const { visit, view } = await visitFor(db, id, me)
  if (action === 'cancel') {
    if (visit.status !== 'proposed' && visit.status !== 'confirmed') throw conflict(`This visit is already ${visit.status}.`, 'action')
    const moved = await moveVisit(db, id, visit.status, 'cancelled', now)
    if (!moved) throw conflict('This visit was answered meanwhile.', 'action')
    return moved
  }
  if (visit.proposedBy === me) throw conflict('The other person answers your proposal.', 'action')
  if (visit.status !== 'proposed') throw conflict(`This visit is already ${visit.status}.`, 'action')
  if (action === 'confirm') {
    checkBookingAllows(view, visit.kind)
    if (visit.startsAt.getTime() <= now.getTime()) throw conflict('This visit time has passed; propose another time.', 'action')
  }
  const moved = await moveVisit(db, id, 'proposed', action === 'confirm' ? 'confirmed' : 'declined', now)
  if (!moved) throw conflict('This visit was answered meanwhile.', 'action')
  return moved
}

/** "Move-in visit · Sat, Mar 7, 10:00–10:30 Toronto time". */
export const visitLine = (v: Pick<VisitRow, 'kind' | 'startsAt' | 'minutes' | 'timeZone'>) =>
  `${VISIT_KIND_LABEL[v.kind]} visit · ${formatVisitTime(v.startsAt, v.minutes, v.timeZone)}`
