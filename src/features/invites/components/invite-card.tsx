// One invite as a card in the chat: the listing, the dates, the monthly price (the listing's crossed out
// when lower) and how long it stays open. The renter books it or says "Not now"; the host may withdraw it.
// Once it is booked (with a link to the booking), declined, withdrawn or expired the card says so and has no
// button. A booking left unpaid lets the invite go: it is open again until its own expiry (the server's word).
import { Link } from '@tanstack/react-router'
import { formatDay } from '@contract/format-date'
import { formatMoney } from '@contract/money'
import { expiresInText, type Invite } from '@contract/invite'

const CLOSED_LINE: Record<Exclude<Invite['state'], 'pending'>, { renter: string; host: string }> = {
  accepted: { renter: 'Booked: it is in your bookings', host: 'Booked by the renter' },
  declined: { renter: 'You declined this invite', host: 'Declined' },
  expired: { renter: 'Expired', host: 'Expired' },
  withdrawn: { renter: 'Withdrawn by the host', host: 'Withdrawn' },
}

export const inviteDates = (i: Pick<Invite, 'startDate' | 'endDate'>) =>
  i.endDate ? `${formatDay(i.startDate)} – ${formatDay(i.endDate)}` : `From ${formatDay(i.startDate)}, monthly`

export function InviteCard({
  invite: i,
  busy,
  offline,
  onBook,
  onDecline,
  onWithdraw,
}: {
  invite: Invite
  busy: boolean
  /** No connection: the buttons wait for one (the card itself shows from the saved copy). */
  offline: boolean
  onBook: () => void
  onDecline: () => void
  onWithdraw: () => void
}) {
  const m = (c: number) => formatMoney(c, i.currency)
  // Past its time it is expired here at once, before the next poll brings the server's word for it.
  const state = i.state === 'pending' && Date.parse(i.expiresAt) <= Date.now() ? 'expired' : i.state
  const open = state === 'pending'
  const status = state === 'pending' ? expiresInText(i.expiresAt) : CLOSED_LINE[state][i.role]
  return (
    <article
      className={`rounded-xl border px-4 py-3 ${open ? 'border-brand-500 bg-brand-50/40 shadow-sm' : 'border-stone-200 bg-stone-50'}`}
      data-testid="invite-card"
      data-state={state}
      aria-label={`Invite to book ${i.storage.title}`}
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{i.role === 'host' ? 'Your invite to book' : 'Invite to book'}</p>
      <p className="mt-1 truncate font-semibold text-stone-900">{i.storage.title}</p>
      <p className="text-sm text-stone-600">
        {i.storage.city ? `${i.storage.city} · ` : ''}
        {inviteDates(i)}
      </p>
      <p className="mt-2 text-stone-900">
        <span className="text-lg font-bold" data-testid="invite-price">
          {m(i.monthlyCents)}
        </span>
        <span className="text-sm text-stone-600">/month</span>
        {i.monthlyCents < i.listMonthlyCents && <span className="ml-2 text-sm text-stone-500 line-through">{m(i.listMonthlyCents)}</span>}
      </p>
      <p className={`mt-1 text-sm ${open ? 'text-amber-800' : 'font-medium text-stone-600'}`} data-testid="invite-status">
        {status}
      </p>
      {open && i.role === 'renter' && (
        <div className="mt-3 flex gap-2">
          <button type="button" className="btn-primary min-h-11 flex-1" disabled={busy || offline} onClick={onBook}>
            {busy ? 'Booking…' : 'Book now'}
          </button>
          <button type="button" className="btn-secondary min-h-11" disabled={busy || offline} onClick={onDecline}>
            Not now
          </button>
        </div>
      )}
      {open && i.role === 'host' && (
        <button type="button" className="btn-secondary mt-3 min-h-11 w-full" disabled={busy || offline} onClick={onWithdraw}>
          {busy ? 'Withdrawing…' : 'Withdraw'}
        </button>
      )}
      {state === 'accepted' && i.bookingId && (
        <Link
          to="/bookings"
          search={{ highlight: i.bookingId }}
          className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
        >
          See the booking
        </Link>
      )}
      {open && offline && <p className="mt-2 text-xs text-stone-500">Answering an invite needs a connection.</p>}
    </article>
  )
}
