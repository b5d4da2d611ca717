// A booking's receipts: one row per payment, newest first, each opening its printable receipt.
import { Link } from '@tanstack/react-router'
import type { BookingReceipts } from '@contract/receipts'
import { longDay, periodLabel } from '../format'
import { formatMoney } from '@contract/money'

export function BookingReceiptsList({ data }: { data: BookingReceipts }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8" data-testid="booking-receipts">
      <Link to="/bookings" search={{ highlight: data.bookingId }} className="text-sm font-medium text-brand-700 hover:underline">
        ← Bookings
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-stone-900">Receipts</h1>
      <p className="mt-1 text-stone-600">
        {data.storage.title}, {data.storage.city}
      </p>
      {data.receipts.length === 0 ? (
        <p className="card mt-6 p-5 text-stone-600" data-testid="no-receipts">
          No receipts yet. A receipt appears here as soon as Stripe confirms a payment.
        </p>
      ) : (
        <ul className="card mt-6 divide-y divide-stone-100">
          {data.receipts.map((r) => (
            <li key={r.id}>
              <Link
                to="/receipts/$receiptId"
                params={{ receiptId: r.id }}
                className="flex items-center justify-between gap-3 px-4 py-4 transition hover:bg-stone-50"
                data-testid="receipt-link"
              >
                <span className="min-w-0">
                  <span className="block font-medium text-stone-900">Paid {longDay(r.paidAt)}</span>
                  {r.period && <span className="block text-sm text-stone-600">For {periodLabel(r.period)}</span>}
                  <span className="block font-mono text-xs text-stone-500">{r.number}</span>
                </span>
                <span className="shrink-0 text-right">
                  <span className="block font-semibold tabular-nums text-stone-900">{formatMoney(r.netCents, r.currency)}</span>
                  {r.refundedCents > 0 && <span className="block text-xs text-emerald-700">{formatMoney(r.refundedCents, r.currency)} refunded</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
