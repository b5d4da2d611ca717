// Visits arranged in a booking's chat: either side proposes one inside the listing's access hours, the
// other confirms it, counters with another time (a new proposal replacing it) or declines; either may
// cancel. Only the booking's renter and host see or touch its visits (anyone else: 404).
import { fitsVisit, formatVisitTime, minutesLabel, windowsOn, zonedDayTime, zonedParts, zoneForProvince, type AccessSchedule } from '@contract/access-hours'
import { addDays } from '@contract/booking-dates'
import { VISIT_BOOKING_STATES, VISIT_KIND_LABEL, type PairVisits, type Visit } from '@contract/visits'
import type { Db } from '../../../db/client'
import { findBookingView, type BookingView } from '../queries/bookings'
import { bookingsBetween } from '../queries/bookings-between'
import { blocksOf, findStorageRow } from '../../listings/service/storage-reads'
import { findVisit, findVisitByClientId, insertVisit, moveVisit, visitsOfBookings } from '../queries/visits'
import type { StorageRow } from '../../../db/schema/storages'
import type { VisitRow } from '../../../db/schema/visits'
import { badRequest, conflict, notFound } from '../../../errors'

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
  // The hosts' blocked days from yesterday on (any zone's today) for a year: the visit sheet does not offer them.
  const today = new Date().toISOString().slice(0, 10)
  const blocked = new Map<string, { startDate: string; endDate: string }[]>()
  for (const id of storages.keys()) {
    const rows = await blocksOf(db, id, addDays(today, -1), addDays(today, 370))
    blocked.set(
      id,
      rows.map((b) => ({ startDate: b.startDate, endDate: b.endDate })),
    )
  }
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
        blockedDays: blocked.get(v.storage.id) ?? [],
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

async function checkTime(db: Db, storage: StorageRow, startsAt: Date, minutes: number, now: Date) {
  if (startsAt.getTime() <= now.getTime()) throw badRequest('The visit must be in the future.', 'startsAt')
  if (startsAt.getTime() > now.getTime() + 366 * 86_400_000) throw badRequest('The visit must be within a year.', 'startsAt')
  const schedule = storage.accessSchedule
  if (schedule && !fitsVisit(schedule, startsAt, minutes))
    throw conflict(`That time is outside the access hours. ${openHoursLine(schedule, startsAt)}.`, 'startsAt')
  // The host's blocked days (the availability calendar) are closed to visits too, in the listing's zone.
  const zone = scheduleZone(storage)
  const first = zonedParts(startsAt, zone).date
  const last = zonedParts(new Date(startsAt.getTime() + minutes * 60_000 - 1), zone).date
  if ((await blocksOf(db, storage.id, first, last)).length > 0)
    throw conflict(`The host blocked ${zonedDayTime(startsAt, zone).day} on the calendar. Pick another day.`, 'startsAt')
}

/** What a request changed, for the notices: null when it changed nothing (a resend, an answer given twice). */
export type VisitEvent = 'proposed' | 'countered' | 'confirmed' | 'declined' | 'cancelled'
export interface VisitChange {
  visit: VisitRow
  view: BookingView
  event: VisitEvent | null
}

export interface ProposeInput {
  kind: VisitRow['kind']
  startsAt: string
  minutes: number
  clientId?: string
}

/** A proposal by either side of the booking; the same clientId again returns the first one. */
export async function proposeVisit(db: Db, me: string, bookingId: string, input: ProposeInput, now: Date): Promise<VisitChange> {
  const { view, storage } = await bookingFor(db, bookingId, me)
  const startsAt = new Date(input.startsAt)
  if (input.clientId) {
    // A retry from the outbox after the first one was stored: answer with it, whatever the clock says now.
    const sent = await findVisitByClientId(db, me, input.clientId)
    if (sent) return { visit: sent, view, event: null }
  }
  checkBookingAllows(view, input.kind)
  await checkTime(db, storage, startsAt, input.minutes, now)
  const { visit, created } = await insertVisit(db, {
    bookingId,
    proposedBy: me,
    kind: input.kind,
    startsAt,
    minutes: input.minutes,
    timeZone: scheduleZone(storage),
    clientId: input.clientId ?? null,
  })
  return { visit, view, event: created ? 'proposed' : null }
}

async function visitFor(db: Db, id: string, me: string) {
  const visit = await findVisit(db, id)
  if (!visit) throw notFound(NOT_FOUND)
  const found = await bookingFor(db, visit.bookingId, me).catch(() => {
    throw notFound(NOT_FOUND)
  })
  return { visit, ...found }
}

/**
 * The other side counters a proposal with another time: the proposal is replaced by theirs. The same
 * clientId again (the action queue resending after a lost answer) returns the counter made the first time.
 */
export async function counterVisit(db: Db, me: string, id: string, input: Omit<ProposeInput, 'kind'>, now: Date): Promise<VisitChange> {
  const { visit, view, storage } = await visitFor(db, id, me)
  const resent = async () => {
    const sent = input.clientId ? await findVisitByClientId(db, me, input.clientId) : undefined
    return sent && sent.replacesId === visit.id ? { visit: sent, view, event: null } : undefined
  }
  const before = await resent()
  if (before) return before
  if (visit.proposedBy === me) throw conflict('You proposed this visit; cancel it and propose another time.', 'id')
  if (visit.status !== 'proposed') throw conflict(`This visit is already ${visit.status}.`, 'id')
  checkBookingAllows(view, visit.kind)
  const startsAt = new Date(input.startsAt)
  await checkTime(db, storage, startsAt, input.minutes, now)
  const next = await db.transaction(async (tx) => {
    const moved = await moveVisit(tx as Db, id, 'proposed', 'replaced', now)
    if (!moved) return undefined
    const { visit: made } = await insertVisit(tx as Db, {
      bookingId: visit.bookingId,
      proposedBy: me,
      kind: visit.kind,
      startsAt,
      minutes: input.minutes,
      timeZone: scheduleZone(storage),
      replacesId: visit.id,
      clientId: input.clientId ?? null,
    })
    return made
  })
  if (next) return { visit: next, view, event: 'countered' }
  // Answered meanwhile: by this same counter sent twice at once, or by someone else.
  const raced = await resent()
  if (raced) return raced
  throw conflict('This visit was answered meanwhile.', 'id')
}

const DONE: Record<'confirm' | 'decline' | 'cancel', VisitRow['status']> = { confirm: 'confirmed', decline: 'declined', cancel: 'cancelled' }

/**
 * Confirm or decline (the other side, while proposed), or cancel (either side, while proposed or
 * confirmed). The same answer again (a resend, a double tap) returns the visit as it is and changes nothing.
 */
export async function respondToVisit(db: Db, me: string, id: string, action: 'confirm' | 'decline' | 'cancel', now: Date): Promise<VisitChange> {
  const { visit, view, storage } = await visitFor(db, id, me)
  const to = DONE[action]
  const again = async (): Promise<VisitChange> => {
    const row = (await findVisit(db, id))!
    if (row.status !== to) throw conflict(`This visit is already ${row.status}.`, 'action')
    return { visit: row, view, event: null }
  }
  if (action !== 'cancel' && visit.proposedBy === me) throw conflict('The other person answers your proposal.', 'action')
  if (visit.status === to) return { visit, view, event: null }
  const from = action === 'cancel' && visit.status === 'confirmed' ? 'confirmed' : 'proposed'
  if (visit.status !== from) throw conflict(`This visit is already ${visit.status}.`, 'action')
  if (action === 'confirm') {
    checkBookingAllows(view, visit.kind)
    if (visit.startsAt.getTime() <= now.getTime()) throw conflict('This visit time has passed; propose another time.', 'action')
    // The hours or the calendar may have changed since it was proposed: still inside them, or another time.
    await checkTime(db, storage, visit.startsAt, visit.minutes, now)
  }
  const moved = await moveVisit(db, id, from, to, now)
  if (!moved) return again()
  return { visit: moved, view, event: to === 'confirmed' ? 'confirmed' : to === 'declined' ? 'declined' : 'cancelled' }
}

/** "Move-in visit · Sat, Mar 7, 10:00–10:30 Toronto time". */
export const visitLine = (v: Pick<VisitRow, 'kind' | 'startsAt' | 'minutes' | 'timeZone'>) =>
  `${VISIT_KIND_LABEL[v.kind]} visit · ${formatVisitTime(v.startsAt, v.minutes, v.timeZone)}`

// When the pair's visits last changed: a chat's version follows its visit cards.
export { lastVisitChangeBetween } from '../queries/visits'
