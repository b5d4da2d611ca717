// The filter sheet's Distance section: a typed address turned into a point by GET /places (on Enter, on
// leaving the field, or on "Show results"), a radius, and Clear. The point and the found place's name go
// into the URL, so a search already made needs no lookup again (offline included).
import { useId, useRef, useState } from 'react'
import { DEFAULT_RADIUS_KM, PLACE_LABEL_MAX, RADII_KM, type StorageFilters } from '../search-params'

type Lookup = 'idle' | 'looking' | 'missing' | 'failed'

/** The draft's place while the sheet is open: what is typed, and turning it into near + place. */
export function usePlaceDraft(draft: StorageFilters, setDraft: (f: (d: StorageFilters) => StorageFilters) => void) {
  const [text, setText] = useState(draft.place ?? '')
  const [lookup, setLookup] = useState<Lookup>('idle')
  // Only a city matched ("12 Nowhere Lane, Montréal"): the hint says the distance is from its centre.
  const [cityOnly, setCityOnly] = useState(false)
  // Leaving the field and pressing "Show results" both ask: one lookup per text. A radius chosen while it
  // runs is kept (the answer lands on the latest draft), and Clear drops an answer still on its way.
  const latest = useRef(draft)
  latest.current = draft
  const inflight = useRef<{ text: string; answer: Promise<StorageFilters | null> } | null>(null)
  const generation = useRef(0)
  const reset = (f: StorageFilters) => {
    generation.current++
    inflight.current = null
    setText(f.place ?? '')
    setLookup('idle')
    setCityOnly(false)
  }
  /** The draft with the typed place looked up; null when it could not be (the message says why). */
  function resolve(): Promise<StorageFilters | null> {
    const typed = text.trim()
    const d = latest.current
    if (typed === (d.place ?? '')) return Promise.resolve(d)
    if (!typed) {
      const next = { ...d, near: undefined, place: undefined, radius: undefined, sort: d.sort === 'distance' ? undefined : d.sort }
      setDraft(() => next)
      return Promise.resolve(next)
    }
    if (inflight.current?.text === typed) return inflight.current.answer
    const asked = ++generation.current
    setLookup('looking')
    const answer = (async () => {
      try {
        const { lookUpPlace } = await import('../api/look-up-place')
        const found = typed.length >= 3 ? await lookUpPlace(typed) : null
        if (asked !== generation.current) return null
        if (!found) {
          setLookup('missing')
          return null
        }
        const cur = latest.current
        const next: StorageFilters = {
          ...cur,
          near: `${found.lat.toFixed(4)},${found.lng.toFixed(4)}`,
          place: found.label.slice(0, PLACE_LABEL_MAX),
          radius: cur.radius ?? DEFAULT_RADIUS_KM,
          // A new place sorts nearest first, unless the renter chose another order.
          sort: cur.sort ?? 'distance',
        }
        latest.current = next
        setDraft(() => next)
        setText(next.place!)
        setLookup('idle')
        setCityOnly(found.precision === 'city')
        return next
      } catch {
        if (asked === generation.current) setLookup('failed')
        return null
      } finally {
        if (inflight.current?.text === typed) inflight.current = null
      }
    })()
    inflight.current = { text: typed, answer }
    return answer
  }
  return { text, setText, lookup, setLookup, cityOnly, reset, resolve }
}

export function DistanceSection({
  draft,
  setDraft,
  place,
}: {
  draft: StorageFilters
  setDraft: (f: (d: StorageFilters) => StorageFilters) => void
  place: ReturnType<typeof usePlaceDraft>
}) {
  const id = useId()
  const message =
    place.lookup === 'missing'
      ? "We couldn't find that place. Try a street and city (Bloor St W, Toronto) or a postal code."
      : place.lookup === 'failed'
        ? "We couldn't look that place up right now. Check your connection and try again."
        : null
  return (
    <fieldset className="mt-6">
      <legend className="label">Distance</legend>
      <label htmlFor={id} className="text-sm text-stone-600">
        Near an address
      </label>
      <form
        className="mt-1 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          void place.resolve()
        }}
      >
        <input
          id={id}
          type="text"
          enterKeyHint="search"
          className="input min-w-0 flex-1"
          placeholder="e.g. 400 Bloor St W, Toronto"
          autoComplete="street-address"
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-message`}
          value={place.text}
          onChange={(e) => {
            place.setText(e.target.value)
            if (place.lookup !== 'looking') place.setLookup('idle')
          }}
          onBlur={() => void place.resolve()}
        />
        {(draft.near || place.text) && (
          <button
            type="button"
            className="btn-secondary min-h-11 shrink-0"
            onClick={() => {
              place.reset({})
              setDraft((d) => ({ ...d, near: undefined, place: undefined, radius: undefined, sort: d.sort === 'distance' ? undefined : d.sort }))
            }}
          >
            Clear
          </button>
        )}
      </form>
      <p id={`${id}-message`} className={`mt-1 text-sm ${message ? 'text-red-700' : 'text-stone-600'}`} aria-live="polite">
        {message ??
          (place.lookup === 'looking'
            ? 'Looking up that place…'
            : draft.near && draft.place === place.text.trim()
              ? `Measuring from ${place.cityOnly ? 'the centre of ' : ''}${draft.place}`
              : 'A street and city, a neighbourhood or a postal code')}
      </p>
      {/* One row of six on a phone too: the choice reads as one scale. */}
      <div className="mt-3 grid grid-cols-6 gap-1.5 sm:gap-2" role="group" aria-label="Within">
        {RADII_KM.map((km) => {
          // With no place yet, only a radius chosen on purpose shows as chosen.
          const on = draft.near ? (draft.radius ?? DEFAULT_RADIUS_KM) === km : draft.radius === km
          return (
            <button
              key={km}
              type="button"
              aria-pressed={on}
              onClick={() => setDraft((d) => ({ ...d, radius: km }))}
              className={`min-h-11 rounded-full border px-1 py-2 text-sm font-medium whitespace-nowrap transition ${on ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-700 hover:border-stone-400'}`}
            >
              {km} km
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}
