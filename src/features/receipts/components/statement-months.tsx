// A host's statements: one per month with money, newest first, with the month's share per currency.
import { Link } from '@tanstack/react-router'
import type { StatementMonths } from '@contract/receipts'
import { monthName } from '../format'
import { formatMoney } from '@contract/money'

export function StatementMonthsList({ data }: { data: StatementMonths }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8" data-testid="statement-months">
      <Link to="/host-dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Host dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-stone-900">Monthly statements</h1>
      <p className="mt-1 text-stone-600">What you earned each month after Nookshare's fee and any refunds, and what was paid out to your bank.</p>
      {data.months.length === 0 ? (
        <p className="card mt-6 p-5 text-stone-600">No statements yet. Your first one appears once a renter's payment comes through.</p>
      ) : (
        <ul className="card mt-6 divide-y divide-stone-100">
          {data.months.map((m) => (
            <li key={m.month}>
              <Link
                to="/statements/$month"
                params={{ month: m.month }}
                className="flex items-center justify-between gap-3 px-4 py-4 transition hover:bg-stone-50"
                data-testid="statement-link"
              >
                <span className="font-medium text-stone-900">{monthName(m.month)}</span>
                <span className="text-right text-sm">
                  {m.totals.map((t) => (
                    <span key={t.currency} className="block">
                      <span className="font-semibold tabular-nums text-stone-900">{formatMoney(t.hostCents, t.currency)}</span>{' '}
                      <span className="text-stone-500">{t.currency}</span>
                    </span>
                  ))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
