// On a listing's page, the renter's own booking of it (waiting, accepted, paid or running) comes first:
// its state, dates and a link to it, rather than a fresh "Request to book" as if there were none. Booking
// other dates stays one tap away.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import type { Booking, BookingStateName } from '@contract/booking'
import { bookingsQueryOptions } from '../api/bookings'
import { stateLabel, stayLabel } from '../format'

const CURRENT: BookingStateName[] = ['active', 'confirmed', 'accepted', 'countered', 'offered', 'requested']

/** The signed-in renter's current booking of this listing (the furthest along if several), if any. */
export function useMyBookingHere(userId: string | undefined, storageId: string): Booking | undefined {
  const { data } = useQuery({ ...bookingsQueryOptions(userId ?? ''), enabled: Boolean(userId) })
  const mine = (data?.asRenter ?? []).filter((b) => b.storage.id === storageId && CURRENT.includes(b.state))
  return mine.sort((a, b) => CURRENT.indexOf(a.state) - CURRENT.indexOf(b.state))[0]
}

const HEADLINES: Partial<Record<BookingStateName, string>> = {
  active: "You're renting this space",
  confirmed: 'You have a booking here',
  accepted: 'Your booking was accepted',
}

export function YourBookingHere({ booking: b, children }: { booking: Booking; children: ReactNode }) {
  const [more, setMore] = useState(false)
  return (
    <div className="space-y-4">
      <section className="card border-emerald-200 bg-emerald-50/60 p-5" aria-label="Your booking here" data-testid="your-booking-here" data-state={b.state}>
        <h2 className="text-lg font-semibold text-stone-900">{HEADLINES[b.state] ?? 'You asked to book this space'}</h2>
        <p className="mt-1 text-stone-800" data-testid="your-booking-dates">
          {stayLabel(b)}
        </p>
        <p className="mt-1 text-sm text-stone-600">{stateLabel(b)}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          {b.state === 'accepted' && (
            <Link to="/checkout" search={{ booking: b.id }} className="btn-primary min-h-11">
              Pay to confirm
            </Link>
          )}
          <Link to="/bookings" search={{ highlight: b.id }} className={`${b.state === 'accepted' ? 'btn-secondary' : 'btn-primary'} min-h-11`}>
            See your booking
          </Link>
        </div>
      </section>
      {more ? (
        children
      ) : (
        <button type="button" className="btn-secondary min-h-11 w-full" onClick={() => setMore(true)}>
          Book other dates
        </button>
      )}
    </div>
  )
}
