// Builds listing answers for a viewer: photos attached, address exact or approximate.
import type { FastifyRequest } from 'fastify'
import type { Storage } from '@contract/storage'
import { photosOf, type PhotoMeta } from '../queries/storage-photos'
import type { HostSummary } from '../queries/storages'
import type { StorageRow } from '../../../db/schema/storages'
import type { Db } from '../../../db/client'
import { photoKey } from './storage-photo-access'
import { toStorageDto } from './storage-dto'
import { hashToken } from '../../accounts/service/sessions'
import { bearerToken } from '../../../plugins/auth'
import { maySeeExactAddress, type Viewer } from '../../bookings/service/contact-access'

export async function viewerOf(request: FastifyRequest): Promise<Viewer | null> {
  const auth = await request.auth()
  const token = bearerToken(request)
  if (!auth || !token) return null
  return { userId: auth.user.id, isAdmin: auth.isAdmin, photoSession: { sessionId: auth.sessionId, tokenHash: hashToken(token) } }
}

export async function presentStorages(
  db: Db,
  items: { storage: StorageRow; host: HostSummary; distanceKm?: number | null; photos?: PhotoMeta[] }[],
  viewer: Viewer | null,
  opts: { firstPhotoOnly?: boolean } = {},
): Promise<Storage[]> {
  // Search results arrive with their first photo already; anything else loads its photos here.
  const missing = items.filter((i) => !i.photos).map((i) => i.storage.id)
  const photos = missing.length ? await photosOf(db, missing) : new Map<string, PhotoMeta[]>()
  return Promise.all(
    items.map(async (i) => {
      const list = i.photos ?? photos.get(i.storage.id) ?? []
      const exact = await maySeeExactAddress(db, i.storage, viewer)
      // A non-public listing's photos load only with the host's key (public ones need none).
      const session = i.storage.status !== 'active' && viewer?.userId === i.storage.hostId ? viewer.photoSession : undefined
      const key = session ? (photoId: string) => photoKey(photoId, session) : undefined
      return toStorageDto(i.storage, i.host, opts.firstPhotoOnly ? list.slice(0, 1) : list, { exact, distanceKm: i.distanceKm, photoKey: key })
    }),
  )
}
