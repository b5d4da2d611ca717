// The filters (dates, distance, type, where, price, size, vehicle length, minimum stay, features) in a sheet that fits a phone; applied together on "Show".
import { useEffect, useId, useState } from 'react'
import { Sheet } from '../../../components/ui/sheet'
import { FEATURES, SETTINGS, SETTING_LABELS, SPACE_TYPES, VEHICLE_MAX_LENGTH_FT } from '@contract/storage-constants'
import { featureLabel, typeLabel } from '../format'
import type { StorageFilters } from '../search-params'
import { DatesSection, datesProblem } from './dates-filter'
import { DistanceSection, usePlaceDraft } from './distance-filter'

const SIZES = [0, 25, 50, 100, 200]
const toggle = (csv: string | undefined, value: string) => {
  const set = new Set((csv ?? '').split(',').filter(Boolean))
  if (set.has(value)) set.delete(value)
  else set.add(value)
  return set.size ? [...set].join(',') : undefined
}
const has = (csv: string | undefined, v: string) => (csv ?? '').split(',').includes(v)

function Chip({ on, onClick, children }: { on: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={`min-h-11 rounded-full border px-4 py-2 text-sm font-medium transition ${on ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-700 hover:border-stone-400'}`}
    >
      {children}
    </button>
  )
}

export function FilterSheet({
  open,
  onClose,
  value,
  onApply,
}: {
  open: boolean
  onClose: () => void
  value: StorageFilters
  onApply: (f: StorageFilters) => void
}) {
  const [draft, setDraft] = useState(value)
  const lengthId = useId()
  const place = usePlaceDraft(draft, setDraft)
  const { reset: resetPlace } = place
  useEffect(() => {
    if (!open) return
    setDraft(value)
    resetPlace(value)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resetPlace is new each render; open and value say when
  }, [open, value])
  const set = (patch: Partial<StorageFilters>) => setDraft((d) => ({ ...d, ...patch }))
  const num = (s: string) => (s === '' ? undefined : Math.max(0, Math.floor(Number(s))) || 0)
  // Whole feet the API accepts; 0 or nothing means any length.
  const feet = (s: string) => Math.min(VEHICLE_MAX_LENGTH_FT, Math.floor(Number(s))) || undefined
  const priceError = draft.minPrice != null && draft.maxPrice != null && draft.minPrice > draft.maxPrice ? 'Minimum price is above the maximum.' : null
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Filters"
      footer={
        <div className="flex gap-3">
          <button
            type="button"
            className="btn-secondary flex-1"
            onClick={() => {
              setDraft({ q: value.q, sort: value.sort === 'distance' ? undefined : value.sort, fit: value.fit })
              resetPlace({})
            }}
          >
            Clear all
          </button>
          <button
            type="button"
            className="btn-primary flex-1"
            disabled={Boolean(priceError) || Boolean(datesProblem(draft))}
            // A typed place not looked up yet is looked up first; one not found keeps the sheet open on its message.
            onClick={() => void place.resolve().then((next) => next && onApply(next))}
          >
            Show results
          </button>
        </div>
      }
    >
      <DatesSection draft={draft} set={set} />
      <DistanceSection draft={draft} setDraft={setDraft} place={place} />
      <fieldset className="mt-6">
        <legend className="label">Type of space</legend>
        <div className="flex flex-wrap gap-2">
          {SPACE_TYPES.map((t) => (
            <Chip key={t} on={has(draft.type, t)} onClick={() => set({ type: toggle(draft.type, t) })}>
              {typeLabel(t)}
            </Chip>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-6">
        <legend className="label">Where</legend>
        <div className="flex flex-wrap gap-2">
          {SETTINGS.map((v) => (
            <Chip key={v} on={has(draft.setting, v)} onClick={() => set({ setting: toggle(draft.setting, v) })}>
              {SETTING_LABELS[v]}
            </Chip>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-6">
        <legend className="label">Monthly price (CAD)</legend>
        <div className="grid grid-cols-2 gap-3">
          <label className="text-sm text-stone-600">
            Min $
            <input
              className="input mt-1"
              inputMode="numeric"
              type="number"
              min={0}
              aria-label="Minimum price"
              value={draft.minPrice ?? ''}
              onChange={(e) => set({ minPrice: num(e.target.value) })}
            />
          </label>
          <label className="text-sm text-stone-600">
            Max $
            <input
              className="input mt-1"
              inputMode="numeric"
              type="number"
              min={0}
              aria-label="Maximum price"
              value={draft.maxPrice ?? ''}
              onChange={(e) => set({ maxPrice: num(e.target.value) })}
            />
          </label>
        </div>
        {priceError && <p className="mt-1 text-sm text-red-700">{priceError}</p>}
      </fieldset>
      <fieldset className="mt-6">
        <legend className="label">Minimum size</legend>
        <div className="flex flex-wrap gap-2">
          {SIZES.map((s) => (
            <Chip key={s} on={(draft.minSize ?? 0) === s} onClick={() => set({ minSize: s || undefined })}>
              {s ? `${s}+ sq ft` : 'Any'}
            </Chip>
          ))}
        </div>
      </fieldset>
      <div className="mt-6">
        <label className="label" htmlFor={lengthId}>
          Vehicle length (ft)
        </label>
        <p id={`${lengthId}-hint`} className="text-sm text-stone-600">
          Only spaces that hold a vehicle at least this long
        </p>
        <input
          id={lengthId}
          aria-describedby={`${lengthId}-hint`}
          className="input mt-1 max-w-40"
          inputMode="numeric"
          type="number"
          min={1}
          max={VEHICLE_MAX_LENGTH_FT}
          placeholder="Any"
          value={draft.vehicleLength ?? ''}
          onChange={(e) => set({ vehicleLength: feet(e.target.value) })}
        />
      </div>
      <fieldset className="mt-6">
        <legend className="label">Length of stay</legend>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 text-sm text-stone-700 hover:bg-stone-50">
          <input
            type="checkbox"
            className="h-5 w-5 shrink-0 accent-brand-700"
            checked={Boolean(draft.noMinimum)}
            onChange={(e) => set({ noMinimum: e.target.checked || undefined })}
          />
          No minimum stay (book for one day or longer)
        </label>
      </fieldset>
      <fieldset className="mt-6">
        <legend className="label">Booking</legend>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 text-sm text-stone-700 hover:bg-stone-50">
          <input
            type="checkbox"
            className="h-5 w-5 shrink-0 accent-brand-700"
            checked={Boolean(draft.instantBook)}
            onChange={(e) => set({ instantBook: e.target.checked || undefined })}
          />
          Instant book (book and pay at once, no waiting for the host)
        </label>
      </fieldset>
      <fieldset className="mt-6">
        <legend className="label">Features</legend>
        <div className="grid grid-cols-1 gap-x-2 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <label key={f} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 text-sm text-stone-700 hover:bg-stone-50">
              <input
                type="checkbox"
                className="h-5 w-5 shrink-0 accent-brand-700"
                checked={has(draft.features, f)}
                onChange={() => set({ features: toggle(draft.features, f) })}
              />
              {featureLabel(f)}
            </label>
          ))}
        </div>
      </fieldset>
    </Sheet>
  )
}
