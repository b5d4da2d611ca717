// Admin: every booking and offer. Filters (states, kind, start-date range, disputed, search) live in the
// URL and are applied on the server, a page at a time; the parties link to their account in Users. A
// booking's Money sheet shows its payments and dispute and cancels it with a refund.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { AdminBooking } from '@contract/admin'
import { BOOKING_STATES, type BookingStateName } from '@contract/booking'
import { formatMoney } from '@contract/money'
import { adminBookingsQueryOptions, type BookingListSearch } from '../api/admin-bookings'
import { Badge, SearchForm, when, type Column } from '../../../components/ui/data-list'
import { ItemSheet, ListPanel, SelectFilter } from '../../../components/ui/list-panel'
import { BookingMoneySheet, DisputeLine } from './booking-money-sheet'
import { formatDay } from '@contract/format-date'
import { dateFormat } from '@contract/intl'

const STATE_LABELS: Record<BookingStateName, string> = {
  requested: 'Requested',
  offered: 'Offered',
  countered: 'Countered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  confirmed: 'Confirmed',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
}
const STATE_TONE: Record<BookingStateName, 'green' | 'red' | 'amber' | 'stone' | 'brand'> = {
  requested: 'amber',
  offered: 'amber',
  countered: 'amber',
  accepted: 'brand',
  declined: 'red',
  expired: 'stone',
  confirmed: 'green',
  active: 'green',
  completed: 'stone',
  cancelled: 'red',
}
const KIND_LABELS: Record<BookingListSearch['kind'], string> = { all: 'All', booking: 'Bookings', offer: 'Offers' }

const day = formatDay

function Party({ party }: { party: AdminBooking['renter'] }) {
  return (
    <Link to="/admin" search={{ tab: 'users', q: party.email }} className="font-medium text-brand-800 hover:underline" title={party.email}>
      {party.name || party.email}
    </Link>
  )
}

const columns = (open: (b: AdminBooking) => void): Column<AdminBooking>[] => [
  {
    header: 'Listing',
    primary: true,
    cell: (b) => (
      <span className="block min-w-40">
        <span className="block font-semibold">{b.storage.title || 'Untitled'}</span>
        <span className="block text-sm font-normal text-stone-600">{b.storage.city || '—'}</span>
        <button type="button" className="mt-1 inline-flex min-h-9 items-center text-sm font-semibold text-brand-800 underline" onClick={() => open(b)}>
          {b.cancellable ? 'Cancel or refund…' : 'Payments'}
        </button>
      </span>
    ),
  },
  { header: 'Renter', cell: (b) => <Party party={b.renter} /> },
  { header: 'Host', cell: (b) => <Party party={b.host} /> },
  {
    header: 'State',
    cell: (b) => (
      <span className="flex flex-wrap gap-1">
        <Badge tone={STATE_TONE[b.state]}>{STATE_LABELS[b.state]}</Badge>
        {b.kind === 'offer' && <Badge tone="stone">Offer</Badge>}
        {b.dispute && <DisputeLine dispute={b.dispute} />}
      </span>
    ),
  },
  {
    header: 'Dates',
    cell: (b) => (
      <>
        <span className="whitespace-nowrap">{day(b.startDate)} →</span> <span className="whitespace-nowrap">{b.endDate ? day(b.endDate) : 'monthly'}</span>
      </>
    ),
  },
  {
    header: 'Monthly',
    className: 'whitespace-nowrap',
    cell: (b) => (
      <>
        {formatMoney(b.monthlyCents, b.currency)}
        {b.monthlyCents !== b.listMonthlyCents && <span className="block text-xs text-stone-600">listed {formatMoney(b.listMonthlyCents, b.currency)}</span>}
      </>
    ),
  },
  {
    header: 'Paid',
    className: 'whitespace-nowrap',
    cell: (b) => (
      <>
        {formatMoney(b.paidCents, b.currency)}
        {b.refundedCents > 0 && <span className="block text-xs text-stone-600">{formatMoney(b.refundedCents, b.currency)} refunded</span>}
      </>
    ),
  },
  {
    header: 'Created',
    cell: (b) => (
      <time dateTime={b.createdAt} title={when(b.createdAt)}>
        {dateFormat(undefined, { dateStyle: 'medium' }).format(new Date(b.createdAt))}
      </time>
    ),
    className: 'whitespace-nowrap',
  },
]

export function BookingsPanel({
  search,
  onSearch,
  testMode = false,
}: {
  search: BookingListSearch
  onSearch: (next: BookingListSearch) => void
  /** The payments sandbox: the Money sheet can play the renter's bank. */
  testMode?: boolean
}) {
  const query = useQuery(adminBookingsQueryOptions(search))
  const [openId, setOpenId] = useState<string | null>(null)
  // The sheet reads the row from the list, so it shows the booking as the last answer has it.
  const opened = openId ? query.data?.items.find((b) => b.id === openId) : undefined
  const set = (next: Partial<BookingListSearch>) => onSearch({ ...search, ...next, page: 1 })
  const toggle = (state: BookingStateName, on: boolean) => set({ states: BOOKING_STATES.filter((s) => (s === state ? on : search.states.includes(s))) })
  return (
    <ListPanel
      label="Bookings and offers"
      heading
      query={query}
      what="bookings"
      columns={columns((b) => setOpenId(b.id))}
      rowKey={(b) => b.id}
      empty={search.disputed ? 'No disputed bookings match.' : 'No bookings or offers match.'}
      onPage={(page) => onSearch({ ...search, page })}
      controls={
        <>
          <SearchForm q={search.q} label="Search by listing, renter or host" onSearch={(q) => set({ q })}>
            <SelectFilter label="Kind" className="basis-32" value={search.kind} options={KIND_LABELS} onChange={(kind) => set({ kind })} />
            <label className="min-w-0 flex-1 basis-36">
              <span className="label">Starts on or after</span>
              <input type="date" className="input" value={search.from} max={search.to || undefined} onChange={(e) => set({ from: e.target.value })} />
            </label>
            <label className="min-w-0 flex-1 basis-36">
              <span className="label">Starts on or before</span>
              <input type="date" className="input" value={search.to} min={search.from || undefined} onChange={(e) => set({ to: e.target.value })} />
            </label>
          </SearchForm>
          <fieldset className="mb-4">
            <legend className="label">State</legend>
            <div className="flex flex-wrap items-center gap-2">
              {BOOKING_STATES.map((s) => {
                const on = search.states.includes(s)
                return (
                  <label
                    key={s}
                    className={`flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium select-none ${on ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50'}`}
                  >
                    <input type="checkbox" className="accent-brand-700" checked={on} onChange={(e) => toggle(s, e.target.checked)} />
                    {STATE_LABELS[s]}
                  </label>
                )
              })}
              <label
                className={`flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium select-none ${search.disputed ? 'border-red-700 bg-red-50 text-red-900' : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50'}`}
              >
                <input type="checkbox" className="accent-red-700" checked={search.disputed} onChange={(e) => set({ disputed: e.target.checked })} />
                Disputed
              </label>
              {(search.states.length > 0 || search.from || search.to || search.kind !== 'all' || search.disputed) && (
                <button
                  type="button"
                  className="px-2 py-1 text-sm font-semibold text-brand-800 underline"
                  onClick={() => set({ states: [], kind: 'all', from: '', to: '', disputed: false })}
                >
                  Clear filters
                </button>
              )}
            </div>
          </fieldset>
        </>
      }
    >
      <ItemSheet item={opened} onClose={() => setOpenId(null)} title="Booking money">
        {(booking) => <BookingMoneySheet booking={booking} testMode={testMode} onDone={() => setOpenId(null)} />}
      </ItemSheet>
    </ListPanel>
  )
}
