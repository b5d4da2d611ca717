// The figures of a booking's price, as the server computed them: rent (or the pro-rated stay), service
// fee, protection plan, the first payment and what recurs.
import type { Quote } from '../../../schemas/booking'
import { money } from '../format'

export function PriceBreakdown({ quote, className = '' }: { quote: Quote; className?: string }) {
  const m = (c: number) => money(c, quote.currency)
  const rows: [string, string][] = [
    [quote.kind === 'short' ? `${m(quote.monthlyCents)}/month × ${quote.days} day${quote.days === 1 ? '' : 's'}` : 'Monthly price', m(quote.baseCents)],
    [`Service fee (${quote.platformFeePercent}%)`, m(quote.serviceFeeCents)],
  ]
  if (quote.protectionCents) rows.push(['Protection plan', m(quote.protectionCents)])
  return (
    <dl className={`space-y-1.5 text-sm ${className}`} aria-label="Price">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 text-stone-700">
          <dt>{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-3 border-t border-stone-200 pt-2 font-semibold text-stone-900">
        <dt>First payment</dt>
        <dd className="tabular-nums" data-testid="first-payment">
          {m(quote.firstPaymentCents)}
        </dd>
      </div>
      <div className="flex justify-between gap-3 text-stone-600">
        <dt>Then</dt>
        <dd className="tabular-nums">{quote.recurringCents ? `${m(quote.recurringCents)} / month until cancelled` : 'nothing more'}</dd>
      </div>
    </dl>
  )
}
