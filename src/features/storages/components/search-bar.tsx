// The location search box, the filters button (with a count), "What fits?" where offered, and the sort menu.
import { useRef, useState, useTransition } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { useTakeOverTyped } from '../../../lib/typed-before-start'
import { SORTS, type StorageSort } from '@contract/storage-constants'

export const SORT_LABELS: Record<StorageSort, string> = {
  recommended: 'Recommended',
  price: 'Lowest price',
  size: 'Largest',
  distance: 'Nearest',
  newest: 'Newest',
  rating: 'Top rated',
  fit: 'Best fit',
}

export function SearchBar({
  q,
  sort,
  filterCount,
  onSearch,
  onSort,
  onOpenFilters,
  onOpenFit,
  fitApplied,
  sorts = SORTS,
}: {
  q?: string
  sort?: StorageSort
  filterCount: number
  onSearch: (q: string) => void
  onSort: (s: StorageSort) => void
  onOpenFilters: () => void
  /** Opens the "What fits?" picker (on /storages and /map). */
  onOpenFit?: () => void
  fitApplied?: boolean
  sorts?: readonly StorageSort[]
}) {
  const [text, setText] = useState(q ?? '')
  const [opening, startOpening] = useTransition()
  // A new search from elsewhere (a link, back) shows its place; set while rendering, not in an effect,
  // so that it never overwrites what was typed before the app ran (taken over below).
  const [shownQ, setShownQ] = useState(q)
  if (q !== shownQ) {
    setShownQ(q)
    setText(q ?? '')
  }
  const bar = useRef<HTMLDivElement>(null)
  useTakeOverTyped(bar, (name, value) => (name === 'q' ? setText(value) : onSort(value as StorageSort)))
  return (
    <div ref={bar} className="flex flex-wrap items-center gap-2">
      <form
        role="search"
        className="flex min-w-0 flex-[1_1_260px] gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          onSearch(text.trim())
        }}
      >
        {/* Named, so that before the app runs (a page rendered on the server) the form searches natively. */}
        <input
          type="search"
          name="q"
          className="input min-w-0 flex-1"
          placeholder="City, province, postal code…"
          aria-label="Location"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn-primary min-h-11">
          Search
        </button>
      </form>
      <div className="flex min-w-0 gap-2">
        {/* The sheet renders in a transition: the tap is answered in the next frame (the button turns busy),
            and its fields (a few hundred milliseconds on a slow phone) follow in slices. */}
        <button type="button" className="btn-secondary min-h-11 whitespace-nowrap" aria-busy={opening} onClick={() => startOpening(onOpenFilters)}>
          Filters{filterCount > 0 && <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">{filterCount}</span>}
          {opening && <Spinner className="h-4 w-4" label={null} />}
        </button>
        {onOpenFit && (
          <button type="button" className="btn-secondary min-h-11 whitespace-nowrap" aria-pressed={Boolean(fitApplied)} onClick={onOpenFit}>
            What fits?{fitApplied && <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">✓</span>}
          </button>
        )}
        {sorts.length > 1 && (
          <select
            name="sort"
            aria-label="Sort by"
            className="input min-h-11 w-auto min-w-0 py-2 text-sm"
            value={sort ?? 'recommended'}
            onChange={(e) => onSort(e.target.value as StorageSort)}
          >
            {sorts.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </div>
    </div>
  )
}
