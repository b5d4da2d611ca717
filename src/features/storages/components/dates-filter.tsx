// The filter sheet's "Dates": the stay's first and last day (native date inputs: the phone's own picker).
// Only spaces free for the whole stay are shown; without a last day, each space's minimum stay from the first.
import { useId } from 'react'
import { latestEndDate, latestStartDate } from '@contract/booking-dates'
import { localToday, type StorageFilters } from '../search-params'

/** What is wrong with the draft's days, said under them (the sheet's Show waits until it is right). */
export function datesProblem(d: Pick<StorageFilters, 'from' | 'to'>): string | null {
  if (d.to && !d.from) return 'Choose the first day too.'
  if (d.from && d.to && d.to < d.from) return 'The last day is before the first.'
  return null
}

export function DatesSection({ draft, set }: { draft: StorageFilters; set: (patch: Partial<StorageFilters>) => void }) {
  const id = useId()
  const today = localToday()
  const problem = datesProblem(draft)
  return (
    <fieldset className="mt-6" aria-describedby={`${id}-hint`}>
      <legend className="label">Dates</legend>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        Only spaces free for your whole stay. Leave the last day empty for an open-ended stay.
      </p>
      <div className="mt-1 grid grid-cols-2 gap-3">
        <label className="text-sm text-stone-600">
          From
          <input
            type="date"
            className="input mt-1 min-h-11"
            aria-label="First day"
            min={today}
            max={latestStartDate(today)}
            value={draft.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />
        </label>
        <label className="text-sm text-stone-600">
          To
          <input
            type="date"
            className="input mt-1 min-h-11"
            aria-label="Last day"
            min={draft.from ?? today}
            max={draft.from ? latestEndDate(draft.from) : undefined}
            value={draft.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />
        </label>
      </div>
      {problem && <p className="mt-1 text-sm text-red-700">{problem}</p>}
    </fieldset>
  )
}
