// Builds listing answers for a viewer: photos attached, address exact or approximate.
import type { FastifyRequest } from 'fastify'
import type { Storage } from '../../../../src/schemas/storage'
import { photosOf, type PhotoMeta } from '../../db/queries/storage-photos'
import type { HostSummary } from '../../db/queries/storages'
import type { StorageRow } from '../../db/schema/storages'
import type { Db } from '../../db/client'
import { toStorageDto } from '../../domain/storage-dto'
import { canSeeExactAddress, type Viewer } from '../../domain/storage-privacy'

export async function viewerOf(request: FastifyRequest): Promise<Viewer | null> {
  const auth = await request.auth()
  return auth ? { userId: auth.user.id, isAdmin: auth.isAdmin } : null
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
      const exact = await canSeeExactAddress(i.storage, viewer)
      return toStorageDto(i.storage, i.host, opts.firstPhotoOnly ? list.slice(0, 1) : list, { exact, distanceKm: i.distanceKm })
    }),
  )
}
