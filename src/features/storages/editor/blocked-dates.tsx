// The editor's calendar: the host taps a day (and another, for a stretch) to block it, with an optional
// note; tapping a blocked day offers to unblock it. Saved at once, apart from the listing's fields.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { addMonths, dayNumber } from '@contract/booking-dates'
import { shortDay as short } from '@contract/availability'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { blockedDatesQueryOptions, useBlockedDatesMutations } from '../api/availability'
import { DAY_STYLES, firstOfMonth, Legend, MonthGrid } from '../components/month-grid'

const span = (a: string, b: string) => (a === b ? short(a) : `${short(a)} – ${short(b)}`)
const within = (d: string, a: string, b: string) => dayNumber(a) <= dayNumber(d) && dayNumber(d) <= dayNumber(b)

export function BlockedDates({ storageId, today }: { storageId: string; today: string }) {
  const [month, setMonth] = useState(firstOfMonth(today))
  const [pick, setPick] = useState<{ start: string; end: string | null } | null>(null)
  const [chosenBlock, setChosenBlock] = useState<string | null>(null)
  const [note, setNote] = useState('')
  const { data: blocks = [], isError } = useQuery(blockedDatesQueryOptions(storageId))
  const { block, unblock } = useBlockedDatesMutations(storageId)
  const upcoming = blocks.filter((b) => dayNumber(b.endDate) >= dayNumber(today))
  const blockOn = (d: string) => blocks.find((b) => within(d, b.startDate, b.endDate))
  const chosen = blocks.find((b) => b.id === chosenBlock)

  function tap(d: string) {
    const b = blockOn(d)
    if (b) {
      setPick(null)
      return setChosenBlock(b.id)
    }
    setChosenBlock(null)
    if (!pick || pick.end) return setPick({ start: d, end: null })
    setPick(dayNumber(d) < dayNumber(pick.start) ? { start: d, end: null } : { start: pick.start, end: d })
  }
  const picked = pick ? { start: pick.start, end: pick.end ?? pick.start } : null
  const free = picked && !blocks.some((b) => dayNumber(b.startDate) <= dayNumber(picked.end) && dayNumber(picked.start) <= dayNumber(b.endDate))

  async function save() {
    if (!picked) return
    try {
      await block.mutateAsync({ startDate: picked.start, endDate: picked.end, note: note.trim() })
      toast.success(`${span(picked.start, picked.end)} blocked`)
      setPick(null)
      setNote('')
    } catch (err) {
      toast.error(errorMessage(err, 'The dates could not be blocked. Please try again.'))
    }
  }
  async function remove(id: string, label: string) {
    try {
      await unblock.mutateAsync(id)
      toast.success(`${label} open again`)
      setChosenBlock(null)
    } catch (err) {
      toast.error(errorMessage(err, 'The dates could not be unblocked. Please try again.'))
    }
  }

  return (
    <section className="mt-6 border-t border-stone-200 pt-5" aria-labelledby="calendar-title">
      <h3 id="calendar-title" className="text-base font-semibold text-stone-900">
        Calendar
      </h3>
      <p className="mt-1 text-sm text-stone-600">
        Tap a day to block it, or two days for a stretch. Renters cannot book blocked days; bookings already made stay.
      </p>
      <div className="mt-3 max-w-sm">
        <MonthGrid
          label="Blocked days"
          month={month}
          onMonth={setMonth}
          minMonth={firstOfMonth(today)}
          maxMonth={firstOfMonth(addMonths(today, 18))}
          onPick={tap}
          day={(d) => {
            if (dayNumber(d) < dayNumber(today)) return { label: 'past', className: DAY_STYLES.past, disabled: true }
            const b = blockOn(d)
            if (b) return { label: b.note ? `blocked: ${b.note}` : 'blocked', className: DAY_STYLES.blocked, selected: b.id === chosenBlock }
            const inPick = picked && within(d, picked.start, picked.end)
            return {
              label: inPick ? 'chosen' : 'open',
              className: inPick ? 'bg-brand-100 border border-brand-700 text-brand-900' : DAY_STYLES.free,
              selected: Boolean(inPick),
            }
          }}
        />
        <Legend
          items={[
            { style: 'free', text: 'Open' },
            { style: 'blocked', text: 'Blocked' },
          ]}
        />
      </div>
      {isError && <p className="mt-2 text-sm text-red-700">Your blocked days could not be loaded. Check your connection.</p>}
      {picked && (
        <div className="mt-4 max-w-sm space-y-3 rounded-lg bg-stone-50 p-3" data-testid="block-panel">
          <p className="text-sm font-medium text-stone-900">
            Block {span(picked.start, picked.end)}
            {!pick?.end && <span className="block text-xs font-normal text-stone-600">Tap a later day to block a stretch.</span>}
          </p>
          {!free && <p className="text-sm text-red-700">Part of this is blocked already: unblock it first or choose other days.</p>}
          <label className="block">
            <span className="label">Note (only you see it)</span>
            <input className="input" maxLength={200} value={note} placeholder="e.g. Repairs" onChange={(e) => setNote(e.target.value)} />
          </label>
          <div className="flex gap-2">
            <button type="button" className="btn-primary" disabled={block.isPending || !free} onClick={() => void save()}>
              Block dates
            </button>
            <button type="button" className="btn-secondary" onClick={() => setPick(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {upcoming.length > 0 && (
        <ul className="mt-4 max-w-sm divide-y divide-stone-200 rounded-lg border border-stone-200" aria-label="Blocked dates">
          {upcoming.map((b) => (
            <li key={b.id} className={`flex items-center justify-between gap-3 px-3 py-2 text-sm ${chosen?.id === b.id ? 'bg-brand-50' : ''}`}>
              <span>
                <span className="font-medium text-stone-900">{span(b.startDate, b.endDate)}</span>
                {b.note && <span className="text-stone-600"> · {b.note}</span>}
              </span>
              <button
                type="button"
                className="min-h-11 px-2 font-semibold text-brand-700 hover:underline"
                disabled={unblock.isPending}
                aria-label={`Unblock ${span(b.startDate, b.endDate)}`}
                onClick={() => void remove(b.id, span(b.startDate, b.endDate))}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
