// A booking's confirmed visits as lines on its card: "Move-in visit · Sat, Mar 7, 10:00–10:30 Toronto time".
import { useQuery } from '@tanstack/react-query'
import { formatVisitTime } from '@contract/access-hours'
import { VISIT_BOOKING_STATES, VISIT_KIND_LABEL } from '@contract/visits'
import { bookingVisitsQueryOptions } from '../api/visits'
import { deviceZone } from './visit-card'

export function BookingVisits({ userId, bookingId, state }: { userId: string; bookingId: string; state: string }) {
  const can = (VISIT_BOOKING_STATES as readonly string[]).includes(state)
  const { data } = useQuery({ ...bookingVisitsQueryOptions(userId, bookingId), enabled: can })
  const confirmed = (data ?? []).filter((v) => v.status === 'confirmed')
  if (!can || confirmed.length === 0) return null
  return (
    <ul className="w-full text-sm text-stone-700" data-testid="booking-visits">
      {confirmed.map((v) => (
        <li key={v.id} className="flex items-center gap-2">
          <span aria-hidden className="h-2 w-2 shrink-0 rounded-full bg-brand-600" />
          <span>
            <span className="font-medium text-stone-900">{VISIT_KIND_LABEL[v.kind]} visit</span> ·{' '}
            {formatVisitTime(new Date(v.startsAt), v.minutes, v.timeZone, deviceZone())}
          </span>
        </li>
      ))}
    </ul>
  )
}
