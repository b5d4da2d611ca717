// A host's statement of one month as a document: per currency what renters paid, refunds, Nookshare's
// fee and the host's share; each payment's line; the transfers and payouts of the month.
import { Link } from '@tanstack/react-router'
import type { Statement } from '@contract/receipts'
import { longDay, minus, monthName } from '../format'
import { formatMoney } from '@contract/money'
import { DocumentBrand } from './print-sheet'

export function StatementView({ statement: s }: { statement: Statement }) {
  const signed = (cents: number, currency: string) => (cents < 0 ? minus(cents, currency) : formatMoney(cents, currency))
  return (
    <article className="print-sheet card p-5 sm:p-10" data-testid="statement">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-stone-200 pb-5">
        <DocumentBrand website={s.issuer.website} email={s.issuer.email} />
        <div className="text-left sm:text-right">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">Host statement</h1>
          <p className="mt-1 text-sm text-stone-600">{monthName(s.month)}</p>
          <p className="text-sm text-stone-600">
            {s.host.firstName} {s.host.lastName}
          </p>
        </div>
      </header>

      {s.totals.length === 0 ? (
        <p className="py-8 text-center text-stone-600">No money moved for you in {monthName(s.month)}.</p>
      ) : (
        <section className="print-keep border-b border-stone-200 py-5" aria-label="Totals">
          <div className={`grid gap-3 ${s.totals.length > 1 ? 'sm:grid-cols-2' : 'max-w-sm'}`}>
            {s.totals.map((t) => (
              // The currency is the card's label, outside the list: a <dl> holds only its term and value pairs.
              <div key={t.currency} className="rounded-xl bg-stone-50 p-4 text-sm" data-testid={`statement-total-${t.currency}`}>
                <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-stone-500">{t.currency}</p>
                <dl>
                  <Row label="Paid by renters" value={formatMoney(t.paymentCents, t.currency)} />
                  {t.refundCents !== 0 && <Row label="Refunded to renters" value={minus(t.refundCents, t.currency)} />}
                  <Row label="Nookshare fee" value={t.feeCents ? minus(t.feeCents, t.currency) : formatMoney(0, t.currency)} />
                  <div className="mt-2 flex justify-between border-t border-stone-300 pt-2 text-base font-bold text-stone-900">
                    <dt>Your earnings</dt>
                    <dd className="tabular-nums" data-testid="statement-host-total">
                      {signed(t.hostCents, t.currency)}
                    </dd>
                  </div>
                  <Row label="Paid out to your bank" value={formatMoney(t.paidOutCents, t.currency)} />
                </dl>
              </div>
            ))}
          </div>
        </section>
      )}

      {s.lines.length > 0 && (
        <table className="mt-4 w-full text-sm" data-testid="statement-lines">
          <caption className="py-2 text-left font-semibold text-stone-900">Payments and refunds</caption>
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs uppercase tracking-wide text-stone-500">
              <th scope="col" className="py-2 font-semibold">
                Booking
              </th>
              <th scope="col" className="hidden py-2 text-right font-semibold sm:table-cell">
                Paid
              </th>
              <th scope="col" className="hidden py-2 text-right font-semibold sm:table-cell">
                Refunded
              </th>
              <th scope="col" className="hidden py-2 text-right font-semibold sm:table-cell">
                Fee
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Yours
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {s.lines.map((l) => (
              <tr key={l.receiptId} className="print-keep align-top" data-testid="statement-line" data-receipt={l.receiptId}>
                <td className="py-2 pr-3">
                  <span className="block font-medium text-stone-900">{l.storageTitle ?? 'Storage'}</span>
                  <span className="block text-xs text-stone-500">
                    {l.renter ? `${l.renter.firstName} ${l.renter.lastName} · ` : ''}paid {longDay(l.paidAt)}
                    <span className="sm:hidden">{l.refundCents ? ` · ${formatMoney(l.refundCents, l.currency)} refunded` : ''}</span>
                  </span>
                  <Link to="/receipts/$receiptId" params={{ receiptId: l.receiptId }} className="print-hide text-xs font-medium text-brand-700 hover:underline">
                    Receipt
                  </Link>
                </td>
                <td className="hidden py-2 text-right tabular-nums sm:table-cell">{formatMoney(l.paymentCents, l.currency)}</td>
                <td className="hidden py-2 text-right tabular-nums sm:table-cell">{l.refundCents ? minus(l.refundCents, l.currency) : '—'}</td>
                <td className="hidden py-2 text-right tabular-nums sm:table-cell">{signed(-l.feeCents, l.currency)}</td>
                <td className="py-2 text-right font-semibold tabular-nums" data-testid="statement-line-host">
                  {signed(l.hostCents, l.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {(s.transfers.length > 0 || s.payouts.length > 0) && (
        <div className="print-keep mt-6 grid gap-6 text-sm sm:grid-cols-2">
          <Movements title="Transfers to your Stripe account" items={s.transfers} signed={signed} />
          <Movements title="Payouts to your bank" items={s.payouts} signed={signed} />
        </div>
      )}

      <footer className="mt-8 border-t border-stone-200 pt-4 text-xs leading-relaxed text-stone-500">
        Issued by {s.issuer.name} ({s.issuer.website}). Your earnings are what renters paid, less refunds and Nookshare's fee (a refund returns the matching
        part of the fee). Amounts in each currency as charged. Questions: {s.issuer.email}
      </footer>
    </article>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between py-0.5 text-stone-700">
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}

function Movements({ title, items, signed }: { title: string; items: Statement['transfers']; signed: (cents: number, currency: string) => string }) {
  return (
    <section>
      <h2 className="mb-1 font-semibold text-stone-900">{title}</h2>
      {items.length === 0 ? (
        <p className="text-stone-500">None this month.</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {items.map((m) => (
            <li key={m.reference} className="flex justify-between py-1.5">
              <span className="text-stone-600">{longDay(m.date)}</span>
              <span className="tabular-nums">
                {signed(m.amountCents, m.currency)} <span className="text-stone-500">{m.currency}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
