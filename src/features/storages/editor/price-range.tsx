// The price step's "what similar spaces nearby ask": the range from comparable listings (or why there is
// none), and a warning, never a block, when the typed price is far outside it.
import { groupDigits } from '@contract/format-number'
import { formatPrice, parseMoney } from '@contract/money'
import { MIN_COMPARABLES, priceOutsideRange, type PriceSuggestion } from '@contract/price-suggestion'
import { SPACE_TYPES, type SpaceType } from '@contract/storage-constants'
import { usePriceSuggestion, type PriceSuggestionParams } from '../api/price-suggestion'
import { PRICE_CURRENCY, type EditorValues } from './editor-values'

const PLURALS: Record<SpaceType, string> = {
  garage: 'garages',
  basement: 'basements',
  closet: 'closets',
  attic: 'attics',
  shed: 'sheds',
  spare_room: 'spare rooms',
  parking: 'parking spaces',
  other: 'spaces',
}

/** What the suggestion is asked for: the type, the floor area and the pin, once all are there. */
export function suggestionParams(v: EditorValues): PriceSuggestionParams | null {
  const areaSqFt = Number(v.widthFt) * Number(v.lengthFt)
  if (!(areaSqFt > 0) || !Number.isFinite(areaSqFt) || v.lat == null || v.lng == null) return null
  if (!(SPACE_TYPES as readonly string[]).includes(v.spaceType)) return null
  return { lat: v.lat, lng: v.lng, spaceType: v.spaceType as SpaceType, areaSqFt, climateControlled: v.features.includes('climate_controlled') }
}

const money = (minor: number, s: PriceSuggestion) => formatPrice(minor, s.currency)
const where = (s: PriceSuggestion) => `within ${s.radiusKm} km${s.near ? ` of ${s.near}` : ''}`
const similar = (s: PriceSuggestion, n: number) => `${n} similar ${n === 1 ? PLURALS[s.spaceType].replace(/s$/, '') : PLURALS[s.spaceType]}`

export function PriceRange({ values }: { values: EditorValues }) {
  const params = suggestionParams(values)
  const query = usePriceSuggestion(params)
  if (!params)
    return (
      <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700" data-testid="price-range">
        Add the size and place the pin to see what similar spaces nearby ask.
      </p>
    )
  if (query.isPending)
    return (
      <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700" data-testid="price-range">
        Looking at similar spaces nearby…
      </p>
    )
  if (query.isError)
    return (
      <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700" data-testid="price-range">
        We couldn't compare with spaces nearby just now.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
          Try again
        </button>
      </p>
    )
  const s = query.data
  const band = `${groupDigits(Math.round(s.minSqFt))}–${groupDigits(Math.round(s.maxSqFt))} sq ft${s.climateControlled ? ', climate controlled' : ''}`
  if (!s.range)
    return (
      <div className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm text-stone-700" data-testid="price-range">
        <p className="font-medium text-stone-900">
          {s.compared === 0 ? `No similar ${PLURALS[s.spaceType]}` : `Only ${similar(s, s.compared)}`} {where(s)}: too few to suggest a range.
        </p>
        <p className="mt-1 text-xs text-stone-600">
          We compare other hosts' published {PLURALS[s.spaceType]} of {band} and need at least {MIN_COMPARABLES}.
        </p>
      </div>
    )
  const outside = priceOutsideRange(parseMoney(values.price, PRICE_CURRENCY, { round: true }), s.range)
  const range = `${money(s.range.low, s)}–${money(s.range.high, s)}`
  const typed = formatPrice(parseMoney(values.price, PRICE_CURRENCY, { round: true }), PRICE_CURRENCY)
  return (
    <div className="space-y-3">
      <div className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-stone-900" data-testid="price-range">
        <p>
          From {similar(s, s.compared)} {where(s)}: <strong className="whitespace-nowrap">{range} a month</strong>
        </p>
        <p className="mt-1 text-xs text-stone-700">
          The middle half of their prices (typical {money(s.range.median, s)}), from published listings of {band}. Your own listings are not counted.
        </p>
      </div>
      <div aria-live="polite">
        {outside && (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="price-warning">
            <strong>
              {typed} is {outside === 'high' ? 'well above' : 'well below'} what similar {PLURALS[s.spaceType]} nearby ask
            </strong>{' '}
            ({range}).{' '}
            {outside === 'high'
              ? 'Renters comparing spaces may pass yours by, unless it offers something theirs do not.'
              : 'You may be asking less than renters would pay.'}{' '}
            You can still publish at this price.
          </p>
        )}
      </div>
    </div>
  )
}
