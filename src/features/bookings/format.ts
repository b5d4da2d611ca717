// How bookings read on screen: dates, states and the time left to answer (money: @contract/money).
import type { Booking, BookingStateName } from '@contract/booking'
import { formatDay } from '@contract/format-date'
import { BOOKING_GROUP_ORDER, BOOKING_GROUPS, type BookingGroup } from '@contract/booking-process'

export const dateLabel = (day: string) => formatDay(day)

export const stayLabel = (b: Pick<Booking, 'startDate' | 'endDate'>) =>
  b.endDate ? `${dateLabel(b.startDate)} – ${dateLabel(b.endDate)}` : `From ${dateLabel(b.startDate)}, monthly`

export const STATE_LABELS: Record<BookingStateName, string> = {
  requested: 'Requested',
  offered: 'Offer sent',
  countered: 'Countered',
  accepted: 'Accepted — awaiting payment',
  declined: 'Declined',
  expired: 'Expired',
  confirmed: 'Confirmed',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

/** The state as this side reads it (an offer is "sent" by the renter and "received" by the host). */
export function stateLabel(b: Pick<Booking, 'state' | 'role'>): string {
  if (b.state === 'offered' && b.role === 'host') return 'Offer received'
  if (b.state === 'countered') return b.role === 'renter' ? 'Counter received' : 'Counter sent'
  if (b.state === 'requested' && b.role === 'host') return 'Request received'
  return STATE_LABELS[b.state]
}

const GROUP_TITLES: Record<BookingGroup, string> = {
  waiting: 'Waiting for an answer',
  awaitingPayment: 'Accepted — awaiting payment',
  paid: 'Confirmed and active',
  past: 'Past',
}

/** The groups /bookings shows, in order: the booking process's groups with their titles. */
export const STATE_GROUPS: { title: string; states: readonly BookingStateName[] }[] = BOOKING_GROUP_ORDER.map((g) => ({
  title: GROUP_TITLES[g],
  states: BOOKING_GROUPS[g],
}))

export function timeLeft(expiresAt: string, now = Date.now()): string {
  const ms = new Date(expiresAt).getTime() - now
  if (ms <= 0) return 'expired'
  const hours = Math.floor(ms / 3_600_000)
  if (hours >= 1) return `${hours} h left`
  return `${Math.max(1, Math.floor(ms / 60_000))} min left`
}

export const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10)

/** The calendar day `n` days after `day` (both YYYY-MM-DD, counted in UTC so no time zone shifts it). */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
