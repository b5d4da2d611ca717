// A stay's payments as the server scheduled them: each with its day (the last one's days when pro-rated),
// the total and what follows; a long schedule shows its first and last payment and counts the rest.
import type { Quote } from '@contract/booking'
import { addDays, dateLabel } from '../format'
import { formatMoney } from '@contract/money'

/** More payments than this and the full months between the first and the last are summed up in one line. */
const LISTED = 4

export function PaymentSchedule({ quote, className = '' }: { quote: Quote; className?: string }) {
  const m = (c: number) => formatMoney(c, quote.currency)
  const payments = quote.payments
  const middle = payments.length > LISTED ? payments.slice(1, -1) : []
  const shown = middle.length ? [payments[0]!, payments.at(-1)!] : payments
  const row = (p: Quote['payments'][number], i: number) => (
    <li key={p.date} className="flex justify-between gap-3" data-testid="scheduled-payment">
      <span>
        {dateLabel(p.date)}
        {p.days !== null && quote.kind === 'monthly' && (
          <span className="text-stone-500">
            {' '}
            · {p.days} {p.days === 1 ? 'day' : 'days'}
          </span>
        )}
      </span>
      <span className="whitespace-nowrap tabular-nums" data-testid={i === 0 ? 'first-payment' : undefined}>
        {m(p.cents)}
      </span>
    </li>
  )
  return (
    <div className={className}>
      <ol className="space-y-1 text-stone-700" aria-label="Payments">
        {row(shown[0]!, 0)}
        {middle.length > 0 && (
          <li className="flex justify-between gap-3 text-stone-600" data-testid="more-payments">
            <span>… {middle.length} more payments</span>
            <span className="whitespace-nowrap tabular-nums">{m(middle[0]!.cents)} each</span>
          </li>
        )}
        {shown.slice(1).map((p) => row(p, 1))}
      </ol>
      {quote.totalCents !== null && (
        <div className="mt-2 flex justify-between gap-3 border-t border-stone-200 pt-2 font-semibold text-stone-900">
          <span>Total for the stay</span>
          <span className="tabular-nums" data-testid="stay-total">
            {m(quote.totalCents)}
          </span>
        </div>
      )}
      <div className="mt-1 flex justify-between gap-3 text-stone-600">
        <span>Then</span>
        <span className="text-right tabular-nums" data-testid="then">
          {quote.totalCents === null ? `${m(quote.recurringCents)} / month until cancelled` : 'nothing more'}
        </span>
      </div>
    </div>
  )
}

/** How the days of a stay are counted, said with its own dates. */
export function DaysRule({ quote }: { quote: Quote }) {
  if (quote.days === null || !quote.payments[0]) return null
  const start = quote.payments[0].date
  const end = addDays(start, quote.days - 1)
  return (
    <p className="text-xs text-stone-500" data-testid="days-rule">
      Both the first and the last day count: {dateLabel(start)} – {dateLabel(end)} is {quote.days} {quote.days === 1 ? 'day' : 'days'}.
    </p>
  )
}
