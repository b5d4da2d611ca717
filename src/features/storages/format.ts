// Display helpers for listings: size, type, place and price per month.
import { ACCESS_METHOD_LABELS, FEATURE_LABELS, SPACE_TYPE_LABELS } from '@contract/storage-constants'
import { formatPrice } from '@contract/money'
import type { Storage } from '@contract/storage'

export const typeLabel = (t: string) => SPACE_TYPE_LABELS[t as keyof typeof SPACE_TYPE_LABELS] ?? 'Space'
export const featureLabel = (f: string) => FEATURE_LABELS[f as keyof typeof FEATURE_LABELS] ?? f
export const accessLabel = (a: string) => ACCESS_METHOD_LABELS[a as keyof typeof ACCESS_METHOD_LABELS] ?? a

const ft = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1))
export function sizeLabel(s: Pick<Storage, 'widthFt' | 'lengthFt' | 'sizeSqft'>) {
  if (!s.widthFt || !s.lengthFt) return 'Size not set'
  return `${ft(s.widthFt)}×${ft(s.lengthFt)} ft · ${Math.round(s.sizeSqft ?? s.widthFt * s.lengthFt)} sq ft`
}

export const placeLabel = (s: Pick<Storage, 'address'>) => [s.address.city, s.address.state].filter(Boolean).join(', ') || 'Location not set'
export const monthlyPrice = (s: Pick<Storage, 'priceCents' | 'currency'>) => formatPrice(s.priceCents, s.currency)
/** "2.3 km away"; under 100 m, "Under 0.1 km away" rather than a "0 km" that reads as a fault. */
export const distanceLabel = (km: number) => (km < 0.1 ? 'Under 0.1 km away' : `${km < 10 ? km.toFixed(1) : Math.round(km)} km away`)
