// POST, PATCH and DELETE /storages, and the listing's photos.
import { z } from '@contract/zod'
import { api, multipartHeaders, request } from '../../../lib/api-client'
import { StoragePhotoSchema, StorageSchema, type CreateStorageBody, type UpdateStorageBody } from '@contract/storage'

export const createStorage = (body: CreateStorageBody) =>
  request(
    () => api.post('storages', { json: body }).json(),
    (d) => StorageSchema.parse(d),
  )

export const updateStorage = (id: string, body: UpdateStorageBody) =>
  request(
    () => api.patch(`storages/${encodeURIComponent(id)}`, { json: body }).json(),
    (d) => StorageSchema.parse(d),
  )

/** The shared client sends Content-Type: application/json by default; a body-less DELETE must not. */
const noBody = { headers: multipartHeaders }

export const removeStorage = (id: string) =>
  request(
    () => api.delete(`storages/${encodeURIComponent(id)}`, noBody).json(),
    () => undefined,
  )

export function uploadStoragePhotos(id: string, files: File[]) {
  const form = new FormData()
  for (const f of files) form.append('photos', f, f.name)
  return request(
    () => api.post(`storages/${encodeURIComponent(id)}/photos`, { body: form, headers: multipartHeaders, timeout: 120_000 }).json(),
    (d) => z.array(StoragePhotoSchema).parse(d),
  )
}

export const deleteStoragePhoto = (id: string, photoId: string) =>
  request(
    () => api.delete(`storages/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`, noBody).json(),
    () => undefined,
  )
