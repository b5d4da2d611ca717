// /storee-dashboard's page: the renter's bookings (move-in, address and access once paid), requests and
// offers waiting on the host, payments made and the next one, unread messages. The route passes in what
// other features draw: the waiting requests (with withdraw), the saved listings, the way back to search.
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { StoreeDashboard } from '@contract/dashboard'
import { dayLabel } from '../format'
import { formatMoney } from '@contract/money'
import { DashboardFrame, EmptyLine, Figure, Figures, MessagesFigure, Section } from './parts'
import { StoreeBookings } from './storee-bookings'

export interface StoreeDashboardProps {
  firstName: string
  data: StoreeDashboard
  updatedAt: number
  online: boolean
  unread: number
  /** Requests and offers waiting on the host (and counters waiting on the renter), from the bookings feature. */
  waiting: ReactNode[]
  saved: ReactNode
  browseLink: ReactNode
  footer?: ReactNode
  /** Something the account needs (an unverified email), drawn by the auth feature. */
  notice?: ReactNode
}

export function StoreeDashboardView({ firstName, data, updatedAt, online, unread, waiting, saved, browseLink, footer, notice }: StoreeDashboardProps) {
  const next = data.bookings.filter((b) => b.nextPayment).sort((a, b) => a.nextPayment!.date.localeCompare(b.nextPayment!.date))[0]
  const manyCurrencies = new Set(data.payments.map((p) => p.currency)).size > 1
  const nothingYet = data.bookings.length === 0 && waiting.length === 0
  return (
    <DashboardFrame
      testId="storee-dashboard"
      title={`Hi ${firstName}`}
      intro="Your storage, payments and the spaces you're keeping an eye on."
      notice={notice}
      online={online}
      updatedAt={updatedAt}
    >
      <Figures>
        <Figure label="Bookings" value={data.bookings.length} hint="Active and upcoming" />
        <Figure label="Waiting on host" value={waiting.length} hint="Requests and offers" />
        <Figure
          label="Next payment"
          value={next ? formatMoney(next.nextPayment!.cents, next.currency) : '—'}
          hint={next ? `${next.phase === 'awaiting-payment' ? 'Due by' : 'On'} ${dayLabel(next.nextPayment!.date, { year: false })}` : 'Nothing due'}
          testId="storee-next-payment"
        />
        <MessagesFigure unread={unread} />
      </Figures>

      {nothingYet ? (
        <div className="card p-5 text-center sm:p-8" data-testid="storee-empty">
          <p className="text-lg font-semibold text-stone-900">No bookings yet</p>
          <p className="mt-1 text-stone-600">Find a space near you and request it — or make an offer below its monthly price.</p>
          <div className="mt-4">{browseLink}</div>
        </div>
      ) : (
        <>
          <Section title="Your bookings" testId="storee-bookings">
            {data.bookings.length ? <StoreeBookings bookings={data.bookings} /> : <EmptyLine>No active or upcoming bookings.</EmptyLine>}
          </Section>
          {waiting.length > 0 && (
            <Section title="Waiting on the host" testId="storee-waiting">
              <div className="space-y-3">{waiting}</div>
            </Section>
          )}
        </>
      )}

      {data.payments.length > 0 && (
        <Section
          title="Payments"
          testId="storee-payments"
          action={
            // A total per currency, never a sum across currencies.
            <span className="text-sm text-stone-600" data-testid="storee-payments-total">
              Total {totalsOf(data.payments)}
            </span>
          }
        >
          <ul className="card divide-y divide-stone-100">
            {data.payments.slice(0, 12).map((p) => (
              <li
                key={p.receiptId}
                className="flex items-center justify-between gap-3 px-4 py-3 text-sm"
                data-testid="storee-payment"
                data-receipt-id={p.receiptId}
                data-kind={p.kind}
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-stone-900">{p.storageTitle ?? 'Storage'}</span>
                  <span className="text-stone-500">{dayLabel(p.date)}</span>
                </span>
                <span className="shrink-0 text-right">
                  <span className={`block font-semibold tabular-nums ${p.cents < 0 ? 'text-emerald-700' : 'text-stone-900'}`}>
                    {p.cents < 0 ? `Refund ${formatMoney(-p.cents, p.currency)}` : formatMoney(p.cents, p.currency)}
                    {manyCurrencies && <span className="ml-1 text-xs font-normal text-stone-500">{p.currency}</span>}
                  </span>
                  <PaymentReceiptLink payment={p} />
                </span>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {saved}
      {footer}
    </DashboardFrame>
  )
}

/** A payment's receipt; a refund shows on its payment's receipt, listed with the booking's receipts. */
function PaymentReceiptLink({ payment: p }: { payment: StoreeDashboard['payments'][number] }) {
  const className = 'inline-flex min-h-8 items-center text-xs font-medium text-brand-700 hover:underline'
  if (p.kind === 'payment')
    return (
      <Link to="/receipts/$receiptId" params={{ receiptId: p.receiptId }} className={className} data-testid="payment-receipt-link">
        Receipt
      </Link>
    )
  if (!p.bookingId) return null
  return (
    <Link to="/bookings/$bookingId/receipts" params={{ bookingId: p.bookingId }} className={className} data-testid="payment-receipt-link">
      Receipts
    </Link>
  )
}

/** "$282" or, in more than one currency, "$282 CAD · $9.90 USD": what was paid less refunds, per currency. */
function totalsOf(payments: StoreeDashboard['payments']) {
  const sums = new Map<string, number>()
  for (const p of payments) sums.set(p.currency, (sums.get(p.currency) ?? 0) + p.cents)
  return [...sums].map(([currency, cents]) => (sums.size > 1 ? `${formatMoney(cents, currency)} ${currency}` : formatMoney(cents, currency))).join(' · ')
}
