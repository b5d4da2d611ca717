// /bookings and /offers: the user's bookings as renter and as host, grouped by state. Offline, the last
// copy is shown read-only with a clear note.
import { Link } from '@tanstack/react-router'
import type { ComponentProps, ReactNode } from 'react'
import type { Booking, BookingList } from '@contract/booking'
import { STATE_GROUPS } from '../format'
import { useOnline } from '../hooks'
import { BookingItem } from './booking-item'
import { LatePaymentBanner } from './renewal-parts'

export function BookingsView({
  list,
  kind,
  highlight,
  highlightNote,
  after,
  extra,
}: {
  list: BookingList
  kind: 'bookings' | 'offers'
  highlight?: string
  /** A word on the highlighted booking while its Accept is open (back from the payout setup it needed). */
  highlightNote?: string
  /**
   * Shown after the lists ("Your space" on /bookings): its cards arrive from the device and the network
   * after the lists, and below them they move nothing on screen (the home-screen shortcut opens them alone).
   */
  after?: ReactNode
  extra?: ComponentProps<typeof BookingItem>['extra']
}) {
  const online = useOnline()
  const empty = list.asRenter.length + list.asHost.length === 0
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{kind === 'bookings' ? 'Bookings' : 'Offers'}</h1>
        <Link
          to={kind === 'bookings' ? '/offers' : '/bookings'}
          className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
        >
          {kind === 'bookings' ? 'See offers →' : 'See all bookings →'}
        </Link>
      </div>
      {!online && (
        <p role="status" className="mt-4 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700" data-testid="bookings-offline">
          You're offline — this is the last copy saved on this device. Accepting, paying and cancelling need a connection.
        </p>
      )}
      <LatePaymentBanner bookings={list.asRenter} online={online} />
      {empty ? (
        <div className="card mt-6 p-6 text-center">
          <p className="text-stone-700">{kind === 'bookings' ? 'No bookings yet.' : 'No offers yet.'}</p>
          <p className="mt-1 text-sm text-stone-500">Find a space and request it from its page — or make an offer below its monthly price.</p>
          <Link to="/storages" className="btn-primary mt-4">
            Find storage
          </Link>
        </div>
      ) : (
        <>
          <Side
            title={kind === 'bookings' ? 'As renter' : 'Offers you sent'}
            items={list.asRenter}
            online={online}
            highlight={highlight}
            highlightNote={highlightNote}
            extra={extra}
          />
          <Side
            title={kind === 'bookings' ? 'As host' : 'Offers you received'}
            items={list.asHost}
            online={online}
            highlight={highlight}
            highlightNote={highlightNote}
            extra={extra}
          />
        </>
      )}
      {after}
    </div>
  )
}

function Side({
  title,
  items,
  online,
  highlight,
  highlightNote,
  extra,
}: {
  title: string
  items: Booking[]
  online: boolean
  highlight?: string
  highlightNote?: string
  extra?: ComponentProps<typeof BookingItem>['extra']
}) {
  if (items.length === 0) return null
  return (
    <section className="mt-8" aria-label={title}>
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      {STATE_GROUPS.map((group) => {
        const inGroup = items.filter((b) => group.states.includes(b.state))
        if (inGroup.length === 0) return null
        return (
          <div key={group.title} className="mt-4">
            <h3 className="mb-2 text-sm font-semibold tracking-wide text-stone-500 uppercase">{group.title}</h3>
            <div className="space-y-3">
              {inGroup.map((b) => (
                <BookingItem
                  key={b.id}
                  booking={b}
                  online={online}
                  highlight={b.id === highlight}
                  note={b.id === highlight ? highlightNote : undefined}
                  extra={extra}
                />
              ))}
            </div>
          </div>
        )
      })}
    </section>
  )
}
