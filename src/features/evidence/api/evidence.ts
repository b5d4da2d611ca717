// The evidence calls: the chat's cards (light: counts only), a booking's checks in full when opened,
// adding an item, confirming, a claim, and the admins' claims list. Answers are parsed with the contract's
// schemas, loaded with the first answer (zod stays out of the chat's first paint).
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { AddItem, AdminClaimPage, BookingEvidence, CheckKind, Claim, ClaimBody, EvidenceItem, PairEvidence } from '@contract/evidence'
import { evidenceKeys } from './keys'

const schemas = () => import('@contract/evidence')

export const pairEvidenceQueryOptions = (userId: string, otherUserId: string) =>
  queryOptions({
    queryKey: evidenceKeys.pair(userId, otherUserId),
    queryFn: ({ signal }): Promise<PairEvidence> =>
      request(
        () => api.get(`evidence/with/${encodeURIComponent(otherUserId)}`, { signal }).json(),
        async (d) => (await schemas()).PairEvidenceSchema.parse(d),
      ),
    staleTime: 10_000,
    // The other side's photos and confirmations show without a reload, at a tenth of the chat's poll rate;
    // a chat with no paid booking asks once.
    refetchInterval: (query) => (query.state.data?.bookings.length ? 30_000 : false),
    refetchIntervalInBackground: false,
  })

export const bookingEvidenceQueryOptions = (userId: string, bookingId: string) =>
  queryOptions({
    queryKey: evidenceKeys.booking(userId, bookingId),
    queryFn: ({ signal }): Promise<BookingEvidence> =>
      request(
        () => api.get(`evidence/bookings/${encodeURIComponent(bookingId)}`, { signal }).json(),
        async (d) => (await schemas()).BookingEvidenceSchema.parse(d),
      ),
    staleTime: 5_000,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
  })

const checkPath = (bookingId: string, kind: CheckKind) => `evidence/bookings/${encodeURIComponent(bookingId)}/${kind}`

export const addItem = (bookingId: string, kind: CheckKind, body: AddItem): Promise<EvidenceItem> =>
  request(
    () => api.post(`${checkPath(bookingId, kind)}/items`, { json: body }).json(),
    (d) => d as EvidenceItem,
  )

export const confirmCheck = (bookingId: string, kind: CheckKind) =>
  request(
    () => api.post(`${checkPath(bookingId, kind)}/confirm`).json(),
    (d) => d as { renterConfirmed: boolean; hostConfirmed: boolean },
  )

export const createClaim = (bookingId: string, body: ClaimBody): Promise<Claim> =>
  request(
    () => api.post(`evidence/bookings/${encodeURIComponent(bookingId)}/claims`, { json: body }).json(),
    (d) => d as Claim,
  )

export const adminClaimsQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: evidenceKeys.adminClaims(userId, page),
    queryFn: ({ signal }): Promise<AdminClaimPage> =>
      request(
        () => api.get('admin/claims', { signal, searchParams: { page, limit: 20 } }).json(),
        async (d) => (await schemas()).AdminClaimPageSchema.parse(d),
      ),
  })

const urls = new Map<string, Promise<string>>()
/** A photo needs the bearer token: fetched once as a Blob and shown through an object URL. */
export function evidencePhotoUrl(photoId: string): Promise<string> {
  let pending = urls.get(photoId)
  if (!pending) {
    pending = request(
      () => api.get(`evidence/photos/${encodeURIComponent(photoId)}`, { headers: { Accept: 'image/*' } }).blob(),
      (b) => b as Blob,
    ).then((blob) => URL.createObjectURL(blob))
    pending.catch(() => urls.delete(photoId))
    urls.set(photoId, pending)
  }
  return pending
}
