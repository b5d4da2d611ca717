// The figures of a booking's price, as the server computed them: rent (or the pro-rated stay), service
// fee and protection plan of each payment, then every payment with its day, the total and what follows.
import type { Quote } from '@contract/booking'
import { formatMoney } from '@contract/money'
import { DaysRule, PaymentSchedule } from './payment-schedule'

export function PriceBreakdown({ quote, className = '' }: { quote: Quote; className?: string }) {
  const m = (c: number) => formatMoney(c, quote.currency)
  const monthly = quote.kind === 'monthly'
  const rows: [string, string][] = [
    [monthly ? 'Monthly price' : `${m(quote.monthlyCents)}/month × ${quote.days} day${quote.days === 1 ? '' : 's'}`, m(quote.baseCents)],
    [`Service fee (${quote.platformFeePercent}%)`, m(quote.serviceFeeCents)],
  ]
  if (quote.protectionCents) rows.push(['Protection plan', m(quote.protectionCents)])
  const severalPayments = quote.payments.length > 1
  const openEnded = quote.totalCents === null
  const heading = openEnded ? 'Payments' : severalPayments ? `${quote.payments.length} payments` : 'One payment'
  return (
    <div className={`space-y-2 text-sm ${className}`} aria-label="Price" role="group">
      <dl className="space-y-1.5">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 text-stone-700">
            <dt>{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
        {monthly && (severalPayments || openEnded) && (
          <div className="flex justify-between gap-3 text-stone-900">
            <dt>{openEnded ? 'Each month' : 'Each full month'}</dt>
            <dd className="tabular-nums">{m(quote.recurringCents)}</dd>
          </div>
        )}
      </dl>
      <div className="border-t border-stone-200 pt-2">
        <p className="mb-1 font-semibold text-stone-900">{heading}</p>
        <PaymentSchedule quote={quote} />
      </div>
      <DaysRule quote={quote} />
    </div>
  )
}
