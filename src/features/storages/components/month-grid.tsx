// One month of days to tap (Sunday first), with the month's name and arrows: the listing page's
// availability calendar and the editor's blocked days draw their days through it.
import { addDays, addMonths, dayNumber, startOf } from '@contract/booking-dates'
import { formatMonth, formatWeekdayDay } from '@contract/format-date'

export interface GridDay {
  /** What the day's colour says ("free", "2 left", "blocked"…), read out with the date. */
  label: string
  className: string
  disabled?: boolean
  selected?: boolean
}

// Written without Intl (contract/format-date.ts): a month's 28–31 day labels made one formatter per day, the
// longest single render of a listing's start (118 ms of the calendar's 148 ms, traced at 4× CPU slowdown),
// and a page's first date formatter loads the locale's data.
const monthName = (first: string) => formatMonth(first.slice(0, 7), { long: true })
const dayLabel = formatWeekdayDay
export const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`
/** The first and last day of the month that starts on `first`. */
export const monthSpan = (first: string) => ({ from: first, to: addDays(addMonths(first, 1), -1) })

export function MonthGrid({
  month,
  onMonth,
  minMonth,
  maxMonth,
  day,
  onPick,
  label,
}: {
  /** The month shown, as its first day (YYYY-MM-01). */
  month: string
  onMonth: (first: string) => void
  minMonth?: string
  maxMonth?: string
  day: (date: string) => GridDay
  onPick: (date: string) => void
  label: string
}) {
  const { from, to } = monthSpan(month)
  const lead = startOf(from).getUTCDay()
  const days: string[] = []
  for (let d = from; dayNumber(d) <= dayNumber(to); d = addDays(d, 1)) days.push(d)
  const arrow = 'flex h-11 w-11 items-center justify-center rounded-full text-xl text-stone-700 hover:bg-stone-100 disabled:opacity-30'
  return (
    <div role="group" aria-label={label}>
      <div className="flex items-center justify-between">
        <button
          type="button"
          className={arrow}
          aria-label="Month before"
          disabled={Boolean(minMonth && month <= minMonth)}
          onClick={() => onMonth(addMonths(month, -1))}
        >
          ‹
        </button>
        <p className="font-semibold text-stone-900" aria-live="polite">
          {monthName(month)}
        </p>
        <button
          type="button"
          className={arrow}
          aria-label="Month after"
          disabled={Boolean(maxMonth && month >= maxMonth)}
          onClick={() => onMonth(addMonths(month, 1))}
        >
          ›
        </button>
      </div>
      <div className="mt-1 grid grid-cols-7 gap-1 text-center text-xs font-medium text-stone-500" aria-hidden="true">
        {['S', 'M', 'T', 'W', 'T', 'F', 'S'].map((w, i) => (
          <span key={i}>{w}</span>
        ))}
      </div>
      <div className="mt-1 grid grid-cols-7 gap-1">
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} />
        ))}
        {days.map((d) => {
          const g = day(d)
          return (
            <button
              key={d}
              type="button"
              data-date={d}
              aria-label={`${dayLabel(d)}, ${g.label}`}
              aria-pressed={g.selected ?? false}
              disabled={g.disabled}
              onClick={() => onPick(d)}
              className={`flex h-10 items-center justify-center rounded-md text-sm tabular-nums sm:h-9 ${g.className} ${g.selected ? 'ring-2 ring-brand-700 ring-offset-1' : ''}`}
            >
              {Number(d.slice(8))}
            </button>
          )
        })}
      </div>
    </div>
  )
}

/** The colours of the days, one per status, and the legend that explains them. */
export const DAY_STYLES = {
  free: 'bg-white border border-stone-300 text-stone-900 hover:border-brand-700',
  few: 'bg-amber-100 border border-amber-300 text-amber-900 hover:border-brand-700',
  full: 'bg-red-100 text-red-800 line-through',
  blocked: 'bg-stone-300 text-stone-700 line-through',
  past: 'text-stone-300',
} as const

export function Legend({ items }: { items: { style: keyof typeof DAY_STYLES; text: string }[] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600" aria-label="Legend">
      {items.map((i) => (
        <li key={i.style} className="flex items-center gap-1.5">
          <span className={`inline-block h-3.5 w-3.5 rounded-sm ${DAY_STYLES[i.style]}`} aria-hidden="true" />
          {i.text}
        </li>
      ))}
    </ul>
  )
}
