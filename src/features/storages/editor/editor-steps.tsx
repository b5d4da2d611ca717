// The editor's steps that are plain fields: space, size, location, price, access and rules.
import { useState } from 'react'
import { SelectField, TextField } from '../../../components/ui/field'
import { lookUpPlace } from '../api/look-up-place'
import { ACCESS_METHODS, FEATURES, SETTINGS, SETTING_LABELS, SPACE_TYPES, type Setting } from '@contract/storage'
import { formatPrice, moneyInputValue } from '@contract/money'
import { is24x7 } from '@contract/access-hours'
import { accessLabel, featureLabel, typeLabel } from '../format'
import { findCity, PROVINCES } from '../map/cities'
import { LocationPicker } from '../map/location-picker'
import { holdsVehicles, PRICE_CURRENCY, suggestion, type EditorValues, type Errors } from './editor-values'
import { PriceRange } from './price-range'
import { InstantBookFields } from './instant-book-fields'
import { AccessScheduleEditor } from './access-schedule-editor'

export interface StepProps {
  values: EditorValues
  errors: Errors
  set: (patch: Partial<EditorValues>) => void
}

function TextArea({
  label,
  value,
  onChange,
  error,
  rows = 4,
  hint,
  max,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  error?: string
  rows?: number
  hint?: string
  max: number
}) {
  const id = `ta-${label.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className="input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-msg`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-msg`} className={`mt-1 text-sm ${error ? 'text-red-700' : 'text-xs text-stone-500'}`}>
        {error ?? `${hint ? `${hint} ` : ''}${value.length}/${max}`}
      </p>
    </div>
  )
}

/** One choice of a few, as cards to tap (a radio group underneath). */
function ChoiceCards<T extends string>({
  legend,
  name,
  options,
  label,
  value,
  onChange,
  columns,
}: {
  legend: string
  name: string
  options: readonly T[]
  label: (option: T) => string
  value: string | null | undefined
  onChange: (option: T) => void
  columns: string
}) {
  return (
    <fieldset>
      <legend className="label">{legend}</legend>
      <div className={`grid gap-2 ${columns}`}>
        {options.map((option) => (
          <label
            key={option}
            className={`cursor-pointer rounded-xl border px-3 py-3 text-center text-sm font-medium ${value === option ? 'border-brand-700 bg-brand-50 text-brand-800 ring-1 ring-brand-700' : 'border-stone-300 bg-white text-stone-700'}`}
          >
            <input type="radio" name={name} value={option} className="sr-only" checked={value === option} onChange={() => onChange(option)} />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function SpaceStep({ values, errors, set }: StepProps) {
  return (
    <div className="space-y-5">
      <ChoiceCards
        legend="What kind of space is it?"
        name="spaceType"
        options={SPACE_TYPES}
        label={typeLabel}
        value={values.spaceType}
        onChange={(spaceType) => set({ spaceType })}
        columns="grid-cols-2 sm:grid-cols-4"
      />
      <ChoiceCards<Setting>
        legend="Where is it?"
        name="setting"
        options={SETTINGS}
        label={(v) => SETTING_LABELS[v]}
        value={values.setting}
        onChange={(setting) => set({ setting })}
        columns="grid-cols-3"
      />
      <TextField
        label="Title"
        value={values.title}
        maxLength={100}
        placeholder="e.g. Dry single-car garage near the Danforth"
        error={errors.title}
        onChange={(e) => set({ title: e.target.value })}
      />
      <TextArea
        label="Description"
        value={values.description}
        max={4000}
        rows={5}
        hint="What fits, how clean and dry it is, how to load."
        error={errors.description}
        onChange={(description) => set({ description })}
      />
    </div>
  )
}

export function SizeStep({ values, errors, set }: StepProps) {
  const area = Number(values.widthFt) * Number(values.lengthFt)
  return (
    <div className="space-y-5">
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Width (ft)" inputMode="decimal" value={values.widthFt} error={errors.widthFt} onChange={(e) => set({ widthFt: e.target.value })} />
        <TextField
          label="Length (ft)"
          inputMode="decimal"
          value={values.lengthFt}
          error={errors.lengthFt}
          onChange={(e) => set({ lengthFt: e.target.value })}
        />
      </div>
      <TextField
        label="Ceiling height (ft, optional)"
        inputMode="decimal"
        value={values.heightFt}
        error={errors.heightFt}
        onChange={(e) => set({ heightFt: e.target.value })}
      />
      {area > 0 && Number.isFinite(area) && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
          {Math.round(area)} sq ft —{' '}
          {area >= 150
            ? 'room for the contents of a one-bedroom apartment.'
            : area >= 60
              ? 'room for a dorm room or a few pieces of furniture.'
              : 'room for boxes and seasonal gear.'}
        </p>
      )}
    </div>
  )
}

/** The typed address as one line, for the place lookup. */
const addressLine = (v: EditorValues) =>
  [v.street, v.city, v.state, v.postalCode]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ')

export function LocationStep({ values, errors, set }: StepProps) {
  // The pin comes from the typed address (the map may have no tiles: offline, or a local install); the
  // host drags it to the exact spot. Placed once the address is typed, while no pin is down; "Place the
  // pin from the address" places it again after an edit.
  const [found, setFound] = useState<{ state: 'idle' | 'busy' | 'none' } | { state: 'placed'; label: string; precision: string }>({ state: 'idle' })
  async function placeFromAddress(force: boolean) {
    if ((!force && values.lat != null) || !values.street.trim() || !values.city.trim()) return
    setFound({ state: 'busy' })
    try {
      const place = await lookUpPlace(addressLine(values))
      if (!place) return setFound({ state: 'none' })
      set({ lat: place.lat, lng: place.lng })
      setFound({ state: 'placed', label: place.label, precision: place.precision })
    } catch {
      setFound({ state: 'none' })
    }
  }
  const onBlur = () => void placeFromAddress(false)
  return (
    <div className="space-y-4">
      <TextField
        label="Street address"
        autoComplete="street-address"
        value={values.street}
        error={errors.street}
        onChange={(e) => set({ street: e.target.value })}
        onBlur={onBlur}
        hint="Shared only with renters who have a confirmed booking."
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField
          label="City"
          value={values.city}
          error={errors.city}
          onBlur={onBlur}
          onChange={(e) => {
            const known = findCity(e.target.value)
            set({ city: e.target.value, ...(known && !values.state ? { state: known.province } : {}) })
          }}
        />
        <SelectField
          label="Province"
          value={values.state}
          error={errors.state}
          options={[{ value: '', label: 'Choose…' }, ...PROVINCES.map((p) => ({ value: p, label: p }))]}
          onChange={(e) => set({ state: e.target.value })}
        />
        <TextField
          label="Postal code"
          value={values.postalCode}
          error={errors.postalCode}
          onChange={(e) => set({ postalCode: e.target.value.toUpperCase() })}
          onBlur={() => void placeFromAddress(found.state === 'placed')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <button
          type="button"
          className="btn-secondary min-h-11"
          disabled={found.state === 'busy' || !values.street.trim() || !values.city.trim()}
          onClick={() => void placeFromAddress(true)}
        >
          {found.state === 'busy' ? 'Finding the address…' : 'Place the pin from the address'}
        </button>
        <p role="status" className="min-w-0 text-stone-700 empty:hidden" data-testid="place-found">
          {found.state === 'placed'
            ? `Pin placed at ${found.label}${found.precision === 'city' ? ' (the city centre)' : ''}. Drag it to the exact spot.`
            : found.state === 'none'
              ? "We don't know that address yet: tap the map where the space is."
              : ''}
        </p>
      </div>
      <LocationPicker lat={values.lat} lng={values.lng} city={values.city} error={errors.lat} onChange={(lat, lng) => set({ lat, lng })} />
    </div>
  )
}

export function PriceStep({ values, errors, set }: StepProps) {
  const suggested = suggestion(values)
  return (
    <div className="space-y-5">
      <TextField label="Monthly price (CAD $)" inputMode="decimal" value={values.price} error={errors.price} onChange={(e) => set({ price: e.target.value })} />
      <PriceRange values={values} />
      {suggested ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
          <span>
            Rule of thumb for {values.widthFt}×{values.lengthFt} ft: <strong>{formatPrice(suggested, PRICE_CURRENCY)}</strong> / month
          </span>
          <button type="button" className="font-semibold underline" onClick={() => set({ price: moneyInputValue(suggested, PRICE_CURRENCY) })}>
            Use suggestion
          </button>
        </div>
      ) : null}
      <TextField
        label="Minimum rental period (days)"
        inputMode="numeric"
        value={values.minimumDays}
        error={errors.minimumDays}
        onChange={(e) => set({ minimumDays: e.target.value })}
        hint="One day or longer; most renters stay a few months."
      />
      <InstantBookFields values={values} errors={errors} set={set} />
      <TextField
        label="Bookings at once"
        inputMode="numeric"
        value={values.capacity}
        error={errors.capacity}
        onChange={(e) => set({ capacity: e.target.value })}
        hint="1 for one renter at a time; more if the space takes several renters side by side (lockers, a shared floor)."
      />
    </div>
  )
}

export function AccessStep({ values, errors, set }: StepProps) {
  const toggle = (f: string) => set({ features: values.features.includes(f) ? values.features.filter((x) => x !== f) : [...values.features, f] })
  return (
    <div className="space-y-5">
      <SelectField
        label="How renters get in"
        value={values.accessMethod}
        options={ACCESS_METHODS.map((a) => ({ value: a, label: accessLabel(a) }))}
        onChange={(e) => set({ accessMethod: e.target.value })}
      />
      <AccessScheduleEditor
        value={values.accessSchedule}
        province={values.state}
        error={errors.accessSchedule}
        onChange={(accessSchedule) => set({ accessSchedule })}
      />
      <TextField
        label="Access note"
        placeholder="e.g. Ring the side door; call ahead on Sundays"
        value={values.accessHours}
        error={errors.accessHours}
        onChange={(e) => set({ accessHours: e.target.value })}
      />
      <fieldset>
        <legend className="label">Features</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <label key={f} className="flex min-h-11 items-center gap-2 text-sm text-stone-700">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                // With hours set, "24/7 access" follows them (the server keeps it so).
                disabled={f === 'access_24_7' && values.accessSchedule !== null}
                checked={f === 'access_24_7' && values.accessSchedule ? is24x7({ timeZone: '', ...values.accessSchedule }) : values.features.includes(f)}
                onChange={() => toggle(f)}
              />
              {featureLabel(f)}
            </label>
          ))}
        </div>
      </fieldset>
      {holdsVehicles(values) && (
        <TextField
          label="Longest vehicle it holds (ft, optional)"
          inputMode="decimal"
          value={values.vehicleMaxLengthFt}
          error={errors.vehicleMaxLengthFt}
          onChange={(e) => set({ vehicleMaxLengthFt: e.target.value })}
          hint="Renters storing a car, boat or trailer search by length."
        />
      )}
      <TextArea label="House rules" value={values.houseRules} max={2000} rows={3} error={errors.houseRules} onChange={(houseRules) => set({ houseRules })} />
      <label className="flex items-start gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-700"
          checked={values.requireVerifiedId}
          onChange={(e) => set({ requireVerifiedId: e.target.checked })}
        />
        <span>
          Only renters with a verified ID can request
          <span className="block text-xs text-stone-500">They verify a photo ID and a selfie with Stripe before booking.</span>
        </span>
      </label>
    </div>
  )
}
