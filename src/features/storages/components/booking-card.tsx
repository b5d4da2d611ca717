// The listing's price card as its host sees it ("This is your listing. Edit it"). Renters get the bookings
// feature's panel instead (features/bookings/components/booking-panel.tsx, chosen by the route).
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Storage } from '@contract/storage'
import { minimumStayLabel } from '@contract/storage-constants'
import { monthlyPrice } from '../format'

const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10)

export function BookingCard({ storage, isOwn, onRequest }: { storage: Storage; isOwn: boolean; onRequest: (moveIn: string) => void }) {
  const [moveIn, setMoveIn] = useState(today())
  const [error, setError] = useState<string | null>(null)
  return (
    <section className="card p-5" aria-label="Book this space">
      <p>
        <span className="text-2xl font-bold text-stone-900">{monthlyPrice(storage)}</span>
        <span className="text-stone-500"> / month</span>
      </p>
      <p className="mt-1 text-sm text-stone-600">{minimumStayLabel(storage.minimumDays)} · cancel free up to 24 h before start</p>
      {isOwn ? (
        <div className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          This is your listing.{' '}
          <Link to="/storage/{-$action}/{-$id}" params={{ action: 'edit', id: storage.id }} className="font-semibold underline">
            Edit it
          </Link>
        </div>
      ) : (
        <form
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault()
            if (!moveIn || moveIn < today()) return setError('Choose a move-in date from today onwards.')
            setError(null)
            onRequest(moveIn)
          }}
        >
          <div>
            <label className="label" htmlFor="move-in">
              Move-in date
            </label>
            <input
              id="move-in"
              type="date"
              className="input"
              min={today()}
              value={moveIn}
              onChange={(e) => setMoveIn(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
            {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
          </div>
          <button type="submit" className="btn-primary w-full py-3 text-base">
            Request to book
          </button>
          <p className="text-xs text-stone-500">
            You won't be charged yet. Your request opens a chat with the host to agree on dates and access; the host confirms the booking there.
          </p>
        </form>
      )}
    </section>
  )
}
