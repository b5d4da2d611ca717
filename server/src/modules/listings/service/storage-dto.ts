// How a listing is shown: the exact street and coordinates only when the viewer may see them.
import type { Storage } from '@contract/storage'
import type { PhotoMeta } from '../queries/storage-photos'
import type { HostSummary } from '../queries/storages'
import type { StorageRow } from '../../../db/schema/storages'
import { postalDistrict } from './storage-privacy'

/** A photo's URL; `key` (storage-photo-access.ts) when the listing is not public and the viewer is its host. */
export function photoUrl(id: string, size: 'full' | 'thumb' = 'full', key?: string) {
  const query = new URLSearchParams()
  if (size === 'thumb') query.set('size', 'thumb')
  if (key) query.set('pk', key)
  const q = query.toString()
  return `/api/storage-photos/${id}${q ? `?${q}` : ''}`
}

export function toStorageDto(
  row: StorageRow,
  host: HostSummary,
  photos: PhotoMeta[],
  opts: { exact: boolean; distanceKm?: number | null; photoKey?: (photoId: string) => string },
): Storage {
  const hasPoint = row.lat != null && row.lng != null
  const location = !hasPoint
    ? null
    : opts.exact
      ? { lat: row.lat!, lng: row.lng!, approximate: false }
      : { lat: row.approxLat ?? row.lat!, lng: row.approxLng ?? row.lng!, approximate: true }
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    description: row.description,
    spaceType: row.spaceType as Storage['spaceType'],
    widthFt: row.widthFt,
    lengthFt: row.lengthFt,
    heightFt: row.heightFt,
    sizeSqft: row.sizeSqft,
    priceCents: row.priceCents,
    currency: row.currency,
    address: {
      street: opts.exact ? row.street : '',
      city: row.city,
      state: row.state,
      postalCode: opts.exact ? row.postalCode : postalDistrict(row.postalCode),
      country: row.country,
    },
    location,
    features: row.features,
    setting: row.setting as Storage['setting'],
    vehicleMaxLengthFt: row.vehicleMaxLengthFt,
    accessHours: row.accessHours,
    accessSchedule: row.accessSchedule ?? null,
    accessMethod: row.accessMethod,
    houseRules: row.houseRules,
    minimumDays: row.minimumDays,
    requireVerifiedId: row.requireVerifiedId,
    maximumDays: row.maximumDays,
    instantBook: row.instantBook,
    instantRules: { requireId: row.instantRequireId, requirePhone: row.instantRequirePhone, minRating: row.instantMinRating },
    capacity: row.capacity,
    photos: photos.map((p) => {
      const key = opts.photoKey?.(p.id)
      return { id: p.id, url: photoUrl(p.id, 'full', key), thumbUrl: photoUrl(p.id, 'thumb', key), width: p.width, height: p.height }
    }),
    status: row.status,
    hold: row.heldByAdmin ? { reason: row.holdReason ?? '' } : null,
    host: { id: host.id, firstName: host.firstName, lastName: host.lastName, memberSince: host.createdAt.toISOString() },
    rating: row.reviewCount > 0 && row.ratingAvg != null ? { average: Math.round(row.ratingAvg * 10) / 10, count: row.reviewCount } : null,
    ...(opts.distanceKm != null ? { distanceKm: Math.round(opts.distanceKm * 10) / 10 } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
