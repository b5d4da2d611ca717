// The first photo of an image message (spec 3): loading, loaded (tap to open the viewer), or failed
// with 'Failed to load image' and Retry. A badge shows how many more the viewer holds.
import { Spinner } from '../../../components/ui/spinner'
import { usePhotoUrl } from '../hooks/use-photo-url'
import { MESSAGES_TEXT } from '../lib/errors'

export function MessagePhoto({ photoId, more, onOpen }: { photoId: string; more: number; onOpen: () => void }) {
  const { state, retry } = usePhotoUrl(photoId)
  if (state.status === 'failed')
    return (
      <div className="flex h-32 w-48 flex-col items-center justify-center gap-2 rounded-xl bg-stone-200 text-sm text-stone-700">
        <span>{MESSAGES_TEXT.imageFailed}</span>
        <button className="font-semibold text-brand-700 underline" onClick={retry}>
          Retry
        </button>
      </div>
    )
  if (state.status === 'loading')
    return (
      <div className="grid h-32 w-48 place-items-center rounded-xl bg-stone-200" data-testid="photo-loading">
        <Spinner label="Loading image" />
      </div>
    )
  return (
    <button className="relative block overflow-hidden rounded-xl" onClick={onOpen} aria-label="Open photo">
      <img src={state.url} alt="Photo in message" className="max-h-64 w-auto max-w-[min(15rem,60vw)] object-cover" />
      {more > 0 && <span className="absolute right-2 bottom-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white">+{more}</span>}
    </button>
  )
}
