// The host's earnings, one block per currency (a host with listings in two currencies sees both, never a
// sum across them): this month, the last 12 months, all time, what the next payout sends, and the chart.
// Every figure is read from the money ledger on the server.
import type { HostEarnings } from '@contract/dashboard'
import { dayLabel } from '../format'
import { formatMoney } from '@contract/money'
import { EarningsChart } from './earnings-chart'
import { EmptyLine } from './parts'

/** `held`: payouts are not set up, so what is owed is pending, with no date. */
export function HostEarningsBlocks({ earnings, nextPayoutDate, held = false }: { earnings: HostEarnings[]; nextPayoutDate: string; held?: boolean }) {
  if (earnings.length === 0) return <EmptyLine>No earnings yet. What renters pay shows here, after the platform fee, once a payment goes through.</EmptyLine>
  const many = earnings.length > 1
  return (
    <div className="space-y-4">
      {earnings.map((e) => (
        <div key={e.currency} className="card p-4" data-testid="host-earnings-currency" data-currency={e.currency}>
          {many && <h3 className="mb-2 text-sm font-semibold tracking-wide text-stone-700 uppercase">{e.currency}</h3>}
          <dl className="mb-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Line label="This month" value={formatMoney(e.thisMonthCents, e.currency)} testId="earnings-month-figure" />
            <Line
              label="12 months"
              value={formatMoney(
                e.months.reduce((n, m) => n + m.cents, 0),
                e.currency,
              )}
              testId="earnings-year-figure"
            />
            <Line label="All time" value={formatMoney(e.totalCents, e.currency)} testId="earnings-total-figure" />
            <Line
              label={held ? 'Pending payout' : `Payout ${dayLabel(nextPayoutDate, { year: false })}`}
              value={formatMoney(e.nextPayoutCents, e.currency)}
              testId="earnings-payout-figure"
            />
          </dl>
          <EarningsChart months={e.months} currency={e.currency} />
        </div>
      ))}
    </div>
  )
}

function Line({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="font-semibold text-stone-900 tabular-nums">{value}</dd>
    </div>
  )
}
