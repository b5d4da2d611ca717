// The applied filters that need words shown above the results, on /storages and /map alike: the dates
// ("Dec 5 – Jan 5"), what must fit ("Fits: a sofa") and the distance ("Within 5 km of Bloor St W"). A tap on one edits it; its × removes it.
import type { ReactNode } from 'react'
import { describeFit, readFit } from '@contract/fit'
import { describeDistance, describeStay, type StorageFilters } from '../search-params'

export function AppliedFilters({
  filters,
  onChange,
  onOpenFit,
  onOpenFilters,
  className = '',
}: {
  filters: StorageFilters
  onChange: (f: StorageFilters) => void
  onOpenFit: () => void
  onOpenFilters: () => void
  className?: string
}) {
  const fitList = readFit(filters.fit)
  const distance = describeDistance(filters)
  const stay = describeStay(filters)
  if (!fitList && !distance && !stay) return null
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      {stay && (
        <FilterChip
          testId="dates-chip"
          clearLabel="Clear the dates"
          onEdit={onOpenFilters}
          onClear={() => onChange({ ...filters, from: undefined, to: undefined })}
        >
          {stay}
        </FilterChip>
      )}
      {distance && (
        <FilterChip
          testId="distance-chip"
          clearLabel="Clear the distance"
          onEdit={onOpenFilters}
          onClear={() =>
            onChange({ ...filters, near: undefined, place: undefined, radius: undefined, sort: filters.sort === 'distance' ? undefined : filters.sort })
          }
        >
          {distance}
        </FilterChip>
      )}
      {fitList && (
        <FilterChip testId="fit-chip" clearLabel="Clear what fits" onEdit={onOpenFit} onClear={() => onChange({ ...filters, fit: undefined })}>
          <span className="font-semibold">Fits:</span> {describeFit(fitList)}
        </FilterChip>
      )}
    </div>
  )
}

function FilterChip({
  children,
  onEdit,
  onClear,
  clearLabel,
  testId,
}: {
  children: ReactNode
  onEdit: () => void
  onClear: () => void
  clearLabel: string
  testId: string
}) {
  return (
    <div
      className="flex max-w-full min-w-0 items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800"
      data-testid={testId}
    >
      <button type="button" className="min-h-9 min-w-0 flex-1 text-left" onClick={onEdit}>
        {children}
      </button>
      <button
        type="button"
        aria-label={clearLabel}
        className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-lg leading-none hover:bg-brand-100"
        onClick={onClear}
      >
        ×
      </button>
    </div>
  )
}
