// The full-screen image viewer for chat photos: Escape or the close button leaves; arrows page through.
import { useEffect, useState } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { usePhotoUrl } from '../hooks/use-photo-url'
import { MESSAGES_TEXT } from '../lib/errors'

function ViewerImage({ photoId }: { photoId: string }) {
  const { state, retry } = usePhotoUrl(photoId)
  if (state.status === 'loading') return <Spinner className="h-10 w-10 border-4" />
  if (state.status === 'failed')
    return (
      <p className="text-center text-white">
        {MESSAGES_TEXT.imageFailed}{' '}
        <button className="underline" onClick={retry}>
          Retry
        </button>
      </p>
    )
  return <img src={state.url} alt="Chat photo, full size" className="max-h-full max-w-full object-contain" />
}

export function ImageViewer({ photos, start = 0, onClose }: { photos: string[]; start?: number; onClose: () => void }) {
  const [index, setIndex] = useState(start)
  const count = photos.length
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
      if (e.key === 'ArrowRight') setIndex((i) => (i + 1) % count)
      if (e.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [count, onClose])
  const id = photos[index]
  return (
    <div role="dialog" aria-modal="true" aria-label="Image viewer" className="fixed inset-0 z-[80] flex flex-col bg-black/95" onClick={onClose}>
      <div className="flex items-center justify-between p-3 text-white" style={{ paddingTop: 'max(0.75rem, env(safe-area-inset-top))' }}>
        <span className="text-sm opacity-80">{count > 1 ? `${index + 1} / ${count}` : ''}</span>
        <button aria-label="Close image" className="grid h-10 w-10 place-items-center rounded-full text-2xl hover:bg-white/10" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center p-2" onClick={(e) => e.stopPropagation()}>
        {id && <ViewerImage key={id} photoId={id} />}
      </div>
      {count > 1 && (
        <div className="flex justify-center gap-4 p-4" onClick={(e) => e.stopPropagation()}>
          <button className="btn-secondary" onClick={() => setIndex((i) => (i - 1 + count) % count)}>
            Previous
          </button>
          <button className="btn-secondary" onClick={() => setIndex((i) => (i + 1) % count)}>
            Next
          </button>
        </div>
      )}
    </div>
  )
}
