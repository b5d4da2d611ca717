// A listing photo that degrades well: an image the browser could not load (offline, never cached, or
// gone) becomes a quiet placeholder in the same box instead of a broken-image icon and its alt text,
// and is tried again when the connection comes back.
import { useCallback, useEffect, useState, type ImgHTMLAttributes } from 'react'
import { useOnline } from '../../../lib/use-online'

type Props = ImgHTMLAttributes<HTMLImageElement> & { src: string }

export function ListingPhoto({ src, className, ...img }: Props) {
  const online = useOnline()
  const [failed, setFailed] = useState<string | null>(null)
  // Back online: let the browser try the image again.
  useEffect(() => {
    const retry = () => setFailed(null)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [])

  // An image rendered on the server may have failed before the app hydrated, when no onError listened:
  // a finished image with no pixels is a failed one.
  const check = useCallback(
    (el: HTMLImageElement | null) => {
      if (el?.complete && el.naturalWidth === 0 && el.getAttribute('src')) setFailed(src)
    },
    [src],
  )
  if (failed === src)
    return (
      <div
        role="img"
        aria-label={img.alt || 'Photo unavailable'}
        data-testid="photo-placeholder"
        className={`${className ?? ''} grid place-items-center bg-stone-100 text-stone-600`}
      >
        <span className="flex flex-col items-center gap-1 text-xs">
          <svg aria-hidden viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5" strokeLinejoin="round" />
            <path d="M10 20v-5h4v5" strokeLinejoin="round" />
          </svg>
          {online ? 'Photo unavailable' : 'Photo available online'}
        </span>
      </div>
    )
  return <img {...img} ref={check} src={src} className={className} onError={() => setFailed(src)} />
}
