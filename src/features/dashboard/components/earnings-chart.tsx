// Earnings per month as a small bar chart in plain SVG (12 bars, readable at 390 px), with the figures
// as a table for screen readers and anyone who prefers numbers.
import { useId, useState } from 'react'
import type { EarningsMonth } from '@contract/dashboard'
import { monthLabel } from '../format'
import { formatMoney } from '@contract/money'

const W = 360
const H = 160
const TOP = 18
const BOTTOM = 22
const GAP = 6

export function EarningsChart({ months, currency }: { months: EarningsMonth[]; currency: string }) {
  const titleId = useId()
  const [showTable, setShowTable] = useState(false)
  const max = Math.max(...months.map((m) => m.cents), 0)
  const barW = (W - GAP * (months.length - 1)) / months.length
  const plot = H - TOP - BOTTOM
  const best = months.reduce((a, m) => (m.cents > a.cents ? m : a), months[0]!)
  return (
    <figure data-testid="earnings-chart">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={titleId}>
        <title id={titleId}>
          {max === 0
            ? 'No earnings in the last 12 months'
            : `Earnings per month for the last 12 months; highest ${formatMoney(best.cents, currency)} in ${monthLabel(best.month, true)}`}
        </title>
        {max === 0 && (
          <text x={W / 2} y={TOP + plot / 2} textAnchor="middle" className="fill-stone-400 text-[12px]">
            No earnings yet
          </text>
        )}
        <line x1={0} x2={W} y1={TOP + plot + 0.5} y2={TOP + plot + 0.5} className="stroke-stone-300" />
        {months.map((m, i) => {
          const h = max ? Math.max(m.cents > 0 ? 3 : 0, (m.cents / max) * plot) : 0
          const x = i * (barW + GAP)
          const last = i === months.length - 1
          return (
            <g key={m.month}>
              <rect x={x} y={TOP + plot - h} width={barW} height={h} rx={3} className={last ? 'fill-brand-700' : 'fill-brand-500/60'} />
              {m.cents > 0 && m.cents === max && (
                <text
                  x={i === 0 ? x : last ? x + barW : x + barW / 2}
                  y={TOP + plot - h - 5}
                  textAnchor={i === 0 ? 'start' : last ? 'end' : 'middle'}
                  className="fill-stone-700 text-[11px] font-semibold"
                >
                  {formatMoney(m.cents, currency)}
                </text>
              )}
              <text x={x + barW / 2} y={H - 6} textAnchor="middle" className={`text-[11px] ${last ? 'fill-stone-900 font-semibold' : 'fill-stone-500'}`}>
                {monthLabel(m.month).slice(0, 3)}
              </text>
            </g>
          )
        })}
      </svg>
      <figcaption className="mt-2 flex items-center justify-between gap-2 text-xs text-stone-500">
        <span>What you earned each month, after the platform fee.</span>
        <button
          type="button"
          className="min-h-11 shrink-0 font-medium text-brand-700 hover:underline"
          aria-expanded={showTable}
          onClick={() => setShowTable((s) => !s)}
        >
          {showTable ? 'Hide table' : 'Show as table'}
        </button>
      </figcaption>
      <table className={showTable ? 'mt-1 w-full text-sm' : 'sr-only'} data-testid="earnings-table">
        <caption className="sr-only">Earnings per month</caption>
        <thead>
          <tr className="text-left text-stone-500">
            <th scope="col" className="py-1 font-medium">
              Month
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Earnings
            </th>
          </tr>
        </thead>
        <tbody>
          {[...months].reverse().map((m) => (
            <tr key={m.month} className="border-t border-stone-100">
              <th scope="row" className="py-1 text-left font-normal text-stone-700">
                {monthLabel(m.month, true)}
              </th>
              <td className="py-1 text-right font-medium text-stone-900 tabular-nums">{formatMoney(m.cents, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
