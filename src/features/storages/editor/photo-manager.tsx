// The photos step: add JPEG, PNG or WebP photos (up to 10, 5MB each), see them, remove them. The
// server re-checks and re-encodes every file.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { PHOTO_MAX_BYTES, STORAGE_MAX_PHOTOS, type StoragePhoto } from '@contract/storage'
import { storageQueryOptions } from '../api/get-storage'
import { deleteStoragePhoto, uploadStoragePhotos } from '../api/save-storage'

const ACCEPT = ['image/jpeg', 'image/png', 'image/webp']

export function PhotoManager({ storageId, photos }: { storageId: string; photos: StoragePhoto[] }) {
  const input = useRef<HTMLInputElement>(null)
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: storageQueryOptions(storageId).queryKey })
  const upload = useMutation({
    mutationFn: (files: File[]) => uploadStoragePhotos(storageId, files),
    onSuccess: async (added) => {
      await refresh()
      toast.success(added.length === 1 ? 'Photo added' : `${added.length} photos added`)
    },
    onError: (err) => toast.error(errorMessage(err, 'Upload failed. Please try again.')),
  })
  const remove = useMutation({
    mutationFn: (photoId: string) => deleteStoragePhoto(storageId, photoId),
    onSuccess: () => refresh(),
    onError: (err) => toast.error(errorMessage(err, 'Could not remove the photo.')),
  })

  function choose(list: FileList | null) {
    const files = [...(list ?? [])]
    if (input.current) input.current.value = ''
    const ok: File[] = []
    for (const f of files) {
      if (!ACCEPT.includes(f.type)) toast.error(`${f.name} is not a JPEG, PNG or WebP image`)
      else if (f.size > PHOTO_MAX_BYTES) toast.error(`${f.name} is too large (max 5MB)`)
      else ok.push(f)
    }
    const room = STORAGE_MAX_PHOTOS - photos.length
    if (ok.length > room) toast.warning(`A listing can have at most ${STORAGE_MAX_PHOTOS} photos; ${ok.length - room} not added.`)
    const send = ok.slice(0, Math.max(0, room))
    if (send.length) upload.mutate(send)
  }

  return (
    <div>
      <p className="text-sm text-stone-600">
        Good photos get more bookings. Show the whole space in daylight, plus the entrance. Up to {STORAGE_MAX_PHOTOS} photos, 5MB each.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Listing photos">
        {photos.map((p, i) => (
          <li key={p.id} className="relative overflow-hidden rounded-xl bg-stone-100">
            <img src={p.thumbUrl} alt={`Photo ${i + 1}`} className="aspect-[3/2] w-full object-cover" />
            {i === 0 && <span className="absolute top-2 left-2 rounded-full bg-white/95 px-2 text-xs font-semibold">Cover</span>}
            <button
              type="button"
              aria-label={`Remove photo ${i + 1}`}
              className="absolute top-2 right-2 grid h-8 w-8 place-items-center rounded-full bg-stone-900/70 text-white hover:bg-stone-900"
              disabled={remove.isPending}
              onClick={() => remove.mutate(p.id)}
            >
              ×
            </button>
          </li>
        ))}
        {photos.length < STORAGE_MAX_PHOTOS && (
          <li>
            <label className="grid aspect-[3/2] cursor-pointer place-items-center rounded-xl border-2 border-dashed border-stone-300 text-center text-sm font-medium text-stone-600 hover:border-brand-600 hover:text-brand-700">
              {upload.isPending ? <Spinner label="Uploading" /> : <span>+ Add photos</span>}
              <input
                ref={input}
                type="file"
                accept={ACCEPT.join(',')}
                multiple
                className="sr-only"
                aria-label="Add photos"
                disabled={upload.isPending}
                onChange={(e) => choose(e.target.files)}
              />
            </label>
          </li>
        )}
      </ul>
    </div>
  )
}
