// Above a chat's composer: what the pair's running rentals say now (a late payment, either side's notice),
// read from the bookings list the app already keeps, so the chat needs no call of its own.
import { useQuery } from '@tanstack/react-query'
import type { Booking } from '@contract/booking'
import { bookingsQueryOptions } from '../api/bookings'
import { dateLabel } from '../format'

function line(b: Booking): string | null {
  const r = b.renewal
  if (!r) return null
  const renter = b.role === 'renter' ? 'you' : b.renter.firstName
  if (r.notice?.by === 'renter')
    return `Move-out notice: ${renter} ${b.role === 'renter' ? 'move' : 'moves'} out of ${b.storage.title} on ${dateLabel(r.notice.lastDay)}.`
  if (r.notice?.by === 'host') return `Host's notice: the rental of ${b.storage.title} ends on ${dateLabel(r.notice.lastDay)}.`
  if (r.notice?.by === 'unpaid') return `The rental of ${b.storage.title} ends on ${dateLabel(r.notice.lastDay)}: the monthly payment failed.`
  if (r.late)
    return b.role === 'renter' ? `Your payment for ${b.storage.title} is late: update your card from Bookings.` : `Payment late for ${b.storage.title}.`
  return null
}

export function ChatBookingNotice({ userId, otherUserId }: { userId: string; otherUserId: string }) {
  const { data } = useQuery({ ...bookingsQueryOptions(userId), refetchInterval: false })
  const lines = [...(data?.asRenter ?? []), ...(data?.asHost ?? [])]
    .filter((b) => (b.state === 'active' || b.state === 'confirmed') && (b.role === 'renter' ? b.host.id : b.renter.id) === otherUserId)
    .map((b) => ({ id: b.id, text: line(b) }))
    .filter((l): l is { id: string; text: string } => l.text !== null)
  if (lines.length === 0) return null
  return (
    <div className="border-t border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950" data-testid="chat-booking-notice">
      {lines.map((l) => (
        <p key={l.id}>{l.text}</p>
      ))}
    </div>
  )
}
