// The listing page's availability: a month of days coloured free / few left / full / blocked, the
// unavailable ones greyed and not tappable; tapping a free day picks it as the start. useStayProblem says,
// as the server would, which days of a chosen stay are taken ("Mar 3 – Mar 5 are not available.").
import { useQuery } from '@tanstack/react-query'
import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { AVAILABILITY_MAX_DAYS, dayStatus, takenRanges, unavailableText } from '@contract/availability'
import { addDays, dayNumber, latestStartDate } from '@contract/booking-dates'
import { availabilityQueryOptions } from '../api/availability'
import { DAY_STYLES, firstOfMonth, Legend, MonthGrid, monthSpan, type GridDay } from './month-grid'

const STAY_STYLE = 'bg-brand-50 border border-brand-700 text-brand-900'
const STATUS_TEXT = { free: 'free', few: 'few places left', full: 'fully booked', blocked: 'not available' } as const

/**
 * Memoised, and its days drawn from a deferred copy of the answer: a query's news (the answer, or that it is
 * being fetched) re-renders its readers at once, in one task, as an external store's change does. The
 * booking panel's quote and the calendar's own answer arrive as the listing starts, and a month's 42 buttons
 * drawn again in each of those tasks held a phone's main thread (issue 45). Now the panel's news skips the
 * calendar, and the calendar's own draws its days in a render React can interrupt.
 */
export const AvailabilityCalendar = memo(function AvailabilityCalendar({
  storageId,
  today,
  selected,
  until,
  onPick,
}: {
  storageId: string
  today: string
  /** The chosen start, and the last day of the chosen stay (tinted between). */
  selected?: string
  until?: string | null
  onPick: (day: string) => void
}) {
  const [month, setMonth] = useState(() => firstOfMonth(selected && selected > today ? selected : today))
  const { from, to } = monthSpan(month)
  const { data: answer, isError } = useQuery(availabilityQueryOptions(storageId, from, to))
  const data = useDeferredValue(answer)
  const grid = useMemo(() => {
    const byDate = new Map(data?.days.map((d) => [d.date, d]))
    const day = (date: string): GridDay => {
      if (dayNumber(date) < dayNumber(today)) return { label: 'past', className: DAY_STYLES.past, disabled: true }
      const d = byDate.get(date)
      if (!d || !data) return { label: 'loading', className: DAY_STYLES.past, disabled: true }
      const status = dayStatus(d, data.capacity)
      const label = status === 'few' ? `${d.left} ${d.left === 1 ? 'place' : 'places'} left` : STATUS_TEXT[status]
      const inStay =
        selected && until && dayNumber(selected) < dayNumber(date) && dayNumber(date) <= dayNumber(until) && (status === 'free' || status === 'few')
      return { label, className: inStay ? STAY_STYLE : DAY_STYLES[status], disabled: status === 'full' || status === 'blocked', selected: date === selected }
    }
    return (
      <MonthGrid
        label="Availability"
        month={month}
        onMonth={setMonth}
        minMonth={firstOfMonth(today)}
        maxMonth={firstOfMonth(latestStartDate(today))}
        day={day}
        onPick={onPick}
      />
    )
  }, [data, month, today, selected, until, onPick])
  return (
    <div className="rounded-lg border border-stone-200 p-3" data-testid="availability-calendar">
      <p className="text-xs text-stone-600">Availability · tap a free day to start then</p>
      {grid}
      {isError && <p className="mt-2 text-sm text-red-700">Availability could not be loaded. Check your connection.</p>}
      <Legend
        items={[
          { style: 'free', text: 'Free' },
          ...(data && data.capacity > 1 ? [{ style: 'few' as const, text: 'Few left' }] : []),
          { style: 'full', text: 'Booked' },
          { style: 'blocked', text: 'Blocked' },
        ]}
      />
    </div>
  )
})

/** The days of this stay that are taken, as the server names them; null when free (or not known yet). */
export function useStayProblem(storageId: string, stay: { startDate: string; endDate: string | null } | null): string | null {
  // An open-ended stay is looked at for a year; the server checks it to the end when it is asked for.
  const to = stay ? (stay.endDate ?? addDays(stay.startDate, 365)) : ''
  const capped = stay && dayNumber(to) - dayNumber(stay.startDate) >= AVAILABILITY_MAX_DAYS ? addDays(stay.startDate, AVAILABILITY_MAX_DAYS - 1) : to
  const enabled = Boolean(stay) && dayNumber(capped) >= dayNumber(stay?.startDate ?? capped)
  const { data } = useQuery({ ...availabilityQueryOptions(storageId, stay?.startDate ?? '', capped), enabled })
  if (!enabled || !data) return null
  const ranges = takenRanges(data.days)
  return ranges.length ? unavailableText(ranges) : null
}

/** The calendar under the booking panel's dates, telling the panel which days of its stay are taken. */
export function ListingAvailability({
  storageId,
  today,
  startDate,
  endDate,
  pick,
  report,
}: {
  storageId: string
  today: string
  startDate: string
  endDate: string | null
  pick: (day: string) => void
  report: (problem: string | null) => void
}) {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(startDate) && (!endDate || /^\d{4}-\d{2}-\d{2}$/.test(endDate))
  const problem = useStayProblem(storageId, valid && dayNumber(startDate) >= dayNumber(today) ? { startDate, endDate } : null)
  useEffect(() => report(problem), [problem, report])
  return <AvailabilityCalendar storageId={storageId} today={today} selected={startDate} until={endDate} onPick={pick} />
}
