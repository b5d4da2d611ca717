// A payment's receipt as a document: who issued it and to whom, what the payment was for, each line and
// the total, the refunds against it and what was paid in the end. Prints as one A4 page.
import type { Receipt } from '@contract/receipts'
import { longDay, minus, periodLabel } from '../format'
import { formatMoney } from '@contract/money'
import { DocumentBrand } from './print-sheet'

const name = (p: { firstName: string; lastName: string } | null) => (p ? `${p.firstName} ${p.lastName}`.trim() : '—')

export function ReceiptView({ receipt: r }: { receipt: Receipt }) {
  const m = (cents: number) => formatMoney(cents, r.currency)
  const period = periodLabel(r.period)
  const lines: [string, string | null, number, string][] = [
    ['Storage rent', r.booking.storage ? `${r.booking.storage.title}, ${r.booking.storage.city}` : period, r.rentCents, 'rent'],
    ['Service fee', 'Nookshare booking and support', r.serviceFeeCents, 'service-fee'],
  ]
  if (r.protectionCents > 0) lines.push(['Protection plan', 'Cover for the stored items', r.protectionCents, 'protection'])
  if (r.taxCents !== null) lines.push(['Tax', null, r.taxCents, 'tax'])
  const refunded = r.refunds.length > 0
  return (
    <article className="print-sheet print-keep card p-5 sm:p-10" data-testid="receipt">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-stone-200 pb-5">
        <DocumentBrand website={r.issuer.website} email={r.issuer.email} />
        <div className="text-left sm:text-right">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">Receipt</h1>
          <p className="mt-1 text-sm text-stone-600">
            No.{' '}
            <span className="font-mono font-semibold text-stone-900" data-testid="receipt-number">
              {r.number}
            </span>
          </p>
          <p className="text-sm text-stone-600">Paid {longDay(r.paidAt)}</p>
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 border-b border-stone-200 py-5 text-sm">
        <Detail label="Billed to" testId="receipt-renter" value={name(r.booking.renter)} />
        <Detail label="Host" value={name(r.booking.host)} />
        <Detail label="Storage" value={r.booking.storage?.title ?? 'A Nookshare storage'} more={r.booking.storage?.city} />
        <Detail label="Period paid" value={period ?? 'One payment'} />
      </dl>

      <table className="w-full text-sm" data-testid="receipt-lines">
        <caption className="sr-only">What this payment paid for</caption>
        <thead>
          <tr className="border-b border-stone-200 text-left text-xs uppercase tracking-wide text-stone-500">
            <th scope="col" className="py-3 font-semibold">
              Description
            </th>
            <th scope="col" className="py-3 text-right font-semibold">
              Amount ({r.currency})
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {lines.map(([label, detail, cents, key]) => (
            <tr key={key} data-testid={`receipt-line-${key}`}>
              <td className="py-3 pr-4">
                <span className="block font-medium text-stone-900">{label}</span>
                {detail && <span className="block text-xs text-stone-500">{detail}</span>}
              </td>
              <td className="py-3 text-right tabular-nums text-stone-900">{m(cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-stone-900">
            <th scope="row" className="pt-3 text-left text-base font-semibold text-stone-900">
              Total paid
            </th>
            <td className="pt-3 text-right text-base font-bold tabular-nums text-stone-900" data-testid="receipt-total">
              {m(r.totalCents)}
            </td>
          </tr>
          {r.refunds.map((f, i) => (
            <tr key={`${f.date}-${i}`} data-testid="receipt-refund">
              <th scope="row" className="pt-2 text-left font-normal text-stone-600">
                Refund · {longDay(f.date)}
              </th>
              <td className="pt-2 text-right tabular-nums text-emerald-700">{minus(f.amountCents, r.currency)}</td>
            </tr>
          ))}
          {refunded && (
            <tr>
              <th scope="row" className="pt-3 text-left text-base font-semibold text-stone-900">
                Net paid
              </th>
              <td className="pt-3 text-right text-base font-bold tabular-nums text-stone-900" data-testid="receipt-net">
                {m(r.netCents)}
              </td>
            </tr>
          )}
        </tfoot>
      </table>

      <div className="mt-6 flex flex-wrap items-center gap-3 rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
        <span className="rounded-md border-2 border-emerald-700 px-2 py-0.5 text-xs font-bold uppercase tracking-widest text-emerald-800">
          {refunded ? (r.netCents === 0 ? 'Refunded' : 'Paid · part refunded') : 'Paid'}
        </span>
        <span>
          {m(r.netCents)} {r.currency} paid through Stripe on {longDay(r.paidAt)}
          {refunded ? `; ${m(r.refundedCents)} refunded to the original payment method.` : '.'}
        </span>
      </div>

      <footer className="mt-8 border-t border-stone-200 pt-4 text-xs leading-relaxed text-stone-500">
        <p>
          Issued by {r.issuer.name} ({r.issuer.website}) for a storage booking made on Nookshare. The rent is passed on to the host; the service fee
          {r.protectionCents > 0 ? ' and the protection plan are' : ' is'} Nookshare's.
        </p>
        <p>
          Questions about this receipt: {r.issuer.email} · Receipt {r.number}
          {r.booking.id ? ` · Booking ${r.booking.id.slice(0, 8).toUpperCase()}` : ''}
        </p>
      </footer>
    </article>
  )
}

function Detail({ label, value, more, testId }: { label: string; value: string; more?: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="mt-1 font-medium text-stone-900" data-testid={testId}>
        {value}
      </dd>
      {more && <dd className="text-stone-600">{more}</dd>}
    </div>
  )
}
